#pragma once
// The ISPD 2020 WSE kernel library: conv, dblock and cblock performance functions (height,
// width, time, memory) and the final contest adapter (protocol) cost. Formulas follow the
// organizers' benchmark description exactly; see docs/wse-ispd20.md.
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace ts::wse {

enum class KernelType { Conv, DBlock, CBlock };

std::string toString(KernelType t);
/// "conv", "dblock", "cblock"; false for anything else.
bool parseKernelType(const std::string& s, KernelType& out);

/// Formal arguments of one basic convolution. U (vertical stride) is carried through files
/// but the performance function uses T for both directions, as the organizers define it.
struct ConvSpec {
  int H = 1, W = 1, R = 1, S = 1, C = 1, K = 1, T = 1, U = 1;
  friend bool operator==(const ConvSpec& a, const ConvSpec& b) {
    return a.H == b.H && a.W == b.W && a.R == b.R && a.S == b.S && a.C == b.C && a.K == b.K && a.T == b.T && a.U == b.U;
  }
};

/// Formal arguments of a kernel: a conv carries a ConvSpec, a block carries (H, W, F).
struct KernelSpec {
  KernelType type = KernelType::Conv;
  ConvSpec conv;            ///< Conv only
  int H = 0, W = 0, F = 0;  ///< DBlock / CBlock only

  static KernelSpec makeConv(const ConvSpec& c);
  static KernelSpec makeBlock(KernelType type, int H, int W, int F);

  /// The constituent convolutions (1 for conv, 3 for dblock, 4 for cblock).
  std::vector<ConvSpec> convs() const;
  int convCount() const;
  /// convs()[i] without building the list (hot paths).
  ConvSpec convAt(int i) const;
  /// Formal arguments in .paint order: conv H W C K R S T U; blocks H W F.
  std::vector<int> formalArgs() const;
  /// Empty when the arguments are usable, else what is wrong (e.g. "F must be a multiple of 4").
  std::string validate() const;
  friend bool operator==(const KernelSpec& a, const KernelSpec& b);
};

/// Most convolutions in one kernel of the library (cblock).
constexpr int kMaxConvs = 4;

/// One value per conv of a kernel, stored inline: candidate lists copy execution arguments by
/// the thousand, and two heap vectors per copy were a tenth of a large case's run time.
class ConvValues {
 public:
  using value_type = int;
  using iterator = int*;
  using const_iterator = const int*;

  ConvValues() = default;
  ConvValues(std::initializer_list<int> values) { assign(values.begin(), values.end()); }
  ConvValues(size_t count, int value) { assign(count, value); }

  void assign(size_t count, int value) {
    resize(count);
    for (size_t i = 0; i < count; ++i) v_[i] = value;
  }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  void assign(It first, It last) {
    resize(size_t(std::distance(first, last)));
    for (size_t i = 0; first != last; ++first, ++i) v_[i] = int(*first);
  }

  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int& operator[](size_t i) { return v_[i]; }
  int operator[](size_t i) const { return v_[i]; }
  int front() const { return v_[0]; }
  int back() const { return v_[size_t(n_) - 1]; }
  int* begin() { return v_.data(); }
  int* end() { return v_.data() + n_; }
  const int* begin() const { return v_.data(); }
  const int* end() const { return v_.data() + n_; }

  friend bool operator==(const ConvValues& a, const ConvValues& b) {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const ConvValues& a, const ConvValues& b) { return !(a == b); }

 private:
  void resize(size_t count) {
    if (count > size_t(kMaxConvs)) throw std::length_error("a kernel has at most 4 convolutions");
    n_ = uint8_t(count);
  }
  std::array<int, kMaxConvs> v_{};
  uint8_t n_ = 0;
};

/// Execution arguments chosen by a placer: shared h, w and one (c, k) per conv.
struct ExecArgs {
  int h = 1, w = 1;
  ConvValues c, k;
  int cFirst() const { return c.front(); }
  int cLast() const { return c.back(); }
  friend bool operator==(const ExecArgs& a, const ExecArgs& b) {
    return a.h == b.h && a.w == b.w && a.c == b.c && a.k == b.k;
  }
};

/// Performance cuboid of a kernel in its unrotated orientation.
struct Perf {
  int64_t height = 0;
  int64_t width = 0;
  double time = 0;
  double memory = 0;
};

/// convperf: time = ceil(H/h) ceil(W/w) ceil(C/c) ceil(K/k) R S / T / T, memory with real division.
Perf convPerf(const ConvSpec& s, int h, int w, int c, int k);
double convTime(const ConvSpec& s, int h, int w, int c, int k);
double convMemory(const ConvSpec& s, int h, int w, int c, int k);

/// blockperf: height = max, width = sum, time = max, memory = max over the convs.
/// args.c / args.k must have convCount() entries.
Perf kernelPerf(const KernelSpec& spec, const ExecArgs& args);

/// Final contest adapter cost of edge u -> v: [h differ] + [w differ] + [c_u,last != c_v,first].
int adapterCost(const ExecArgs& u, const ExecArgs& v);

}  // namespace ts::wse
