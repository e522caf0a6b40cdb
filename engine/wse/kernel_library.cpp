#include "engine/wse/kernel_library.h"

#include <algorithm>

#include "engine/core/ceil_div.h"
#include "engine/wse/limits.h"

namespace ts::wse {

std::string toString(KernelType t) {
  switch (t) {
    case KernelType::Conv:
      return "conv";
    case KernelType::DBlock:
      return "dblock";
    case KernelType::CBlock:
      return "cblock";
  }
  return "?";
}

bool parseKernelType(const std::string& s, KernelType& out) {
  if (s == "conv")
    out = KernelType::Conv;
  else if (s == "dblock")
    out = KernelType::DBlock;
  else if (s == "cblock")
    out = KernelType::CBlock;
  else
    return false;
  return true;
}

KernelSpec KernelSpec::makeConv(const ConvSpec& c) {
  KernelSpec s;
  s.type = KernelType::Conv;
  s.conv = c;
  return s;
}

KernelSpec KernelSpec::makeBlock(KernelType type, int H, int W, int F) {
  KernelSpec s;
  s.type = type;
  s.H = H;
  s.W = W;
  s.F = F;
  return s;
}

ConvSpec KernelSpec::convAt(int i) const {
  // Look-up table of the organizers' kernel library (Benchmark_Description.pdf).
  switch (type) {
    case KernelType::Conv:
      return conv;
    case KernelType::DBlock: {
      const ConvSpec d[] = {
          {H, W, 1, 1, F, F / 4, 1, 1}, {H, W, 3, 3, F / 4, F / 4, 1, 1}, {H, W, 1, 1, F / 4, F, 1, 1}};
      return d[i];
    }
    case KernelType::CBlock: {
      const ConvSpec c[] = {{H, W, 1, 1, F / 2, F / 4, 1, 1},
                            {H, W, 3, 3, F / 4, F / 4, 2, 2},
                            {H / 2, W / 2, 1, 1, F / 4, F, 1, 1},
                            {H, W, 1, 1, F / 2, F, 2, 2}};
      return c[i];
    }
  }
  return conv;
}

std::vector<ConvSpec> KernelSpec::convs() const {
  std::vector<ConvSpec> out;
  for (int i = 0; i < convCount(); ++i) out.push_back(convAt(i));
  return out;
}

int KernelSpec::convCount() const {
  return type == KernelType::Conv ? 1 : type == KernelType::DBlock ? 3 : 4;
}

std::vector<int> KernelSpec::formalArgs() const {
  if (type == KernelType::Conv) return {conv.H, conv.W, conv.C, conv.K, conv.R, conv.S, conv.T, conv.U};
  return {H, W, F};
}

std::string KernelSpec::validate() const {
  auto in = [](int v, int max) { return v >= 1 && v <= max; };
  if (type == KernelType::Conv) {
    const ConvSpec& c = conv;
    if (c.H < 1 || c.W < 1 || c.R < 1 || c.S < 1 || c.C < 1 || c.K < 1 || c.T < 1 || c.U < 1)
      return "conv arguments H W R S C K T U must all be positive integers";
    if (!in(c.H, limits::kMaxFeatureSide) || !in(c.W, limits::kMaxFeatureSide) || !in(c.C, limits::kMaxChannels) ||
        !in(c.K, limits::kMaxChannels) || !in(c.R, limits::kMaxFilterSide) || !in(c.S, limits::kMaxFilterSide) ||
        !in(c.T, limits::kMaxStride) || !in(c.U, limits::kMaxStride))
      return "conv arguments out of range (H, W <= " + std::to_string(limits::kMaxFeatureSide) +
             ", C, K <= " + std::to_string(limits::kMaxChannels) +
             ", R, S <= " + std::to_string(limits::kMaxFilterSide) + ", T, U <= " + std::to_string(limits::kMaxStride) +
             ")";
    return "";
  }
  if (H < 1 || W < 1 || F < 1) return "block arguments h w f must be positive integers";
  if (!in(H, limits::kMaxFeatureSide) || !in(W, limits::kMaxFeatureSide) || !in(F, limits::kMaxChannels))
    return "block arguments out of range (h, w <= " + std::to_string(limits::kMaxFeatureSide) +
           ", f <= " + std::to_string(limits::kMaxChannels) + ")";
  if (F % 4 != 0) return "block feature count f must be a multiple of 4";
  if (type == KernelType::CBlock && (H < 2 || W < 2)) return "cblock needs h and w of at least 2";
  return "";
}

bool operator==(const KernelSpec& a, const KernelSpec& b) {
  if (a.type != b.type) return false;
  if (a.type == KernelType::Conv) return a.conv == b.conv;
  return a.H == b.H && a.W == b.W && a.F == b.F;
}

double convTime(const ConvSpec& s, int h, int w, int c, int k) {
  int64_t p = core::ceilDiv<int64_t>(s.H, h) * core::ceilDiv<int64_t>(s.W, w) * core::ceilDiv<int64_t>(s.C, c) *
              core::ceilDiv<int64_t>(s.K, k) * s.R * s.S;
  // R*S/T^2 may be fractional; dividing the exact integer product keeps T=2 results exact.
  return double(p) / s.T / s.T;
}

double convMemory(const ConvSpec& s, int h, int w, int c, int k) {
  // Evaluated literally as in the kernel library (real division, left to right).
  return double(s.C) / c * s.K / k * s.R * s.S + double(s.W + s.S - 1) / w * (s.H + s.R - 1) / h * s.K / k;
}

Perf convPerf(const ConvSpec& s, int h, int w, int c, int k) {
  Perf p;
  p.height = int64_t(h) * w * (int64_t(c) + 1);
  p.width = 3 * int64_t(k);
  p.time = convTime(s, h, w, c, k);
  p.memory = convMemory(s, h, w, c, k);
  return p;
}

Perf kernelPerf(const KernelSpec& spec, const ExecArgs& args) {
  Perf out;
  for (int i = 0; i < spec.convCount(); ++i) {
    Perf p = convPerf(spec.convAt(i), args.h, args.w, args.c[size_t(i)], args.k[size_t(i)]);
    out.height = std::max(out.height, p.height);
    out.width += p.width;
    out.time = std::max(out.time, p.time);
    out.memory = std::max(out.memory, p.memory);
  }
  return out;
}

int adapterCost(const ExecArgs& u, const ExecArgs& v) {
  return int(u.h != v.h) + int(u.w != v.w) + int(u.cLast() != v.cFirst());
}

}  // namespace ts::wse
