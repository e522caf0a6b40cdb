#include "engine/wse/wirelength_compaction.h"

#include <ClpSimplex.hpp>
#include <CoinPackedMatrix.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <tuple>

namespace ts::wse {

namespace {

/// One axis of the layout as an LP: positions, sizes, order constraints and edge terms.
class AxisProblem {
 public:
  AxisProblem(const KernelGraph& g, const Layout& l, bool horizontal) : g_(g), horizontal_(horizontal) {
    for (int i = 0; i < g.kernelCount(); ++i)
      if (l.kernels[size_t(i)].placed) {
        var_.push_back(i);
        box_.push_back(kernelBox(g.kernels[size_t(i)].spec, l.kernels[size_t(i)]));
        fixed_.push_back(l.kernels[size_t(i)].pinned);
      }
    varOf_.assign(size_t(g.kernelCount()), -1);
    for (size_t v = 0; v < var_.size(); ++v) varOf_[size_t(var_[v])] = int(v);
    buildOrderArcs();
    buildTerms();
  }

  /// Solves the LP; on success writes the new positions into `l` and returns true.
  bool solveInto(Layout& l) const {
    const int nv = int(var_.size()), nt = int(terms_.size());
    if (nv == 0 || nt == 0) return false;
    const int cols = nv + nt;
    std::vector<double> collb(size_t(cols), 0), colub(size_t(cols), COIN_DBL_MAX), obj(size_t(cols), 0);
    for (int v = 0; v < nv; ++v) {
      const int limit = horizontal_ ? g_.width : g_.height;
      collb[size_t(v)] = fixed_[size_t(v)] ? pos(v) : 0;
      colub[size_t(v)] = fixed_[size_t(v)] ? pos(v) : limit - size(v);
    }
    std::vector<int> rowIdx, colIdx;
    std::vector<double> val, rowlb;
    auto entry = [&](int row, int col, double coef) {
      rowIdx.push_back(row);
      colIdx.push_back(col);
      val.push_back(coef);
    };
    int row = 0;
    for (const auto& [i, j] : arcs_) {  // p_j - p_i >= size_i
      entry(row, j, 1);
      entry(row, i, -1);
      rowlb.push_back(size(i));
      ++row;
    }
    for (int k = 0; k < nt; ++k) {  // t >= +-(p_a - p_b + c)
      const Term& t = terms_[size_t(k)];
      obj[size_t(nv + k)] = t.weight;
      for (int sign : {1, -1}) {
        entry(row, nv + k, 1);
        entry(row, t.a, -sign);
        entry(row, t.b, sign);
        rowlb.push_back(sign * t.offset);
        ++row;
      }
    }
    std::vector<double> rowub(size_t(row), COIN_DBL_MAX);
    CoinPackedMatrix matrix(false, rowIdx.data(), colIdx.data(), val.data(), CoinBigIndex(val.size()));
    matrix.setDimensions(row, cols);
    ClpSimplex lp;
    lp.setLogLevel(0);
    lp.loadProblem(matrix, collb.data(), colub.data(), obj.data(), rowlb.data(), rowub.data());
    lp.dual();
    if (!lp.isProvenOptimal()) return false;
    const double* x = lp.primalColumnSolution();
    std::vector<int> p(static_cast<size_t>(nv));
    for (int v = 0; v < nv; ++v) {
      p[size_t(v)] = int(std::lround(x[v]));
      if (std::fabs(x[v] - p[size_t(v)]) > 1e-6) return false;  // not a vertex: keep the layout
    }
    for (const auto& [i, j] : arcs_)
      if (p[size_t(j)] < p[size_t(i)] + size(i)) return false;
    for (int v = 0; v < nv; ++v) {
      PlacedKernel& k = l.kernels[size_t(var_[size_t(v)])];
      (horizontal_ ? k.x : k.y) = p[size_t(v)];
    }
    return true;
  }

 private:
  struct Term {
    int a, b;  ///< variables
    int offset;
    double weight;
  };

  int pos(int v) const { return horizontal_ ? box_[size_t(v)].x : box_[size_t(v)].y; }
  int size(int v) const { return horizontal_ ? box_[size_t(v)].width : box_[size_t(v)].height; }
  bool overlapAcross(int u, int v) const {
    const Box &a = box_[size_t(u)], &b = box_[size_t(v)];
    return horizontal_ ? (a.y < b.top() && b.y < a.top()) : (a.x < b.right() && b.x < a.right());
  }

  /// Order constraints between kernels that overlap across the axis, transitively reduced
  /// (an arc implied by a longer path adds nothing: sizes are positive).
  void buildOrderArcs() {
    const int nv = int(var_.size());
    std::vector<int> order(static_cast<size_t>(nv));
    for (int v = 0; v < nv; ++v) order[size_t(v)] = v;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return pos(a) < pos(b); });
    std::vector<std::vector<int>> succ(static_cast<size_t>(nv));
    for (int oi = 0; oi < nv; ++oi)
      for (int oj = oi + 1; oj < nv; ++oj) {
        int i = order[size_t(oi)], j = order[size_t(oj)];
        if (overlapAcross(i, j) && pos(i) + size(i) <= pos(j)) succ[size_t(i)].push_back(j);
      }
    // reach[v]: variables reachable from v by one or more arcs, as a bitset.
    const size_t words = (size_t(nv) + 63) / 64;
    std::vector<uint64_t> reach(size_t(nv) * words, 0), viaOthers(words);
    auto bits = [&](int v) { return reach.data() + size_t(v) * words; };
    for (int oi = nv - 1; oi >= 0; --oi) {
      const int i = order[size_t(oi)];
      std::fill(viaOthers.begin(), viaOthers.end(), 0);
      for (int j : succ[size_t(i)])
        for (size_t w = 0; w < words; ++w) viaOthers[w] |= bits(j)[w];
      for (int j : succ[size_t(i)]) {
        if (!(viaOthers[size_t(j) / 64] >> (size_t(j) % 64) & 1)) arcs_.emplace_back(i, j);
        bits(i)[size_t(j) / 64] |= uint64_t(1) << (size_t(j) % 64);
      }
      for (size_t w = 0; w < words; ++w) bits(i)[w] |= viaOthers[w];
    }
  }

  /// |centre_a - centre_b| = |p_a - p_b + d|, d = (size_a - size_b) / 2. For integer positions
  /// |q + m + 1/2| = (|q + m| + |q + m + 1|) / 2, so every term has an integral offset.
  void buildTerms() {
    std::map<std::tuple<int, int, int>, double> merged;  // parallel edges add their weights
    for (const auto& e : g_.kernelEdges) {
      int a = varOf_[size_t(e.src)], b = varOf_[size_t(e.dst)];
      if (a < 0 || b < 0 || a == b) continue;
      int twice = size(a) - size(b);
      if (twice % 2 == 0) {
        merged[{a, b, twice / 2}] += 1;
      } else {
        int m = twice >= 0 ? twice / 2 : -((1 - twice) / 2);  // floor(twice / 2)
        merged[{a, b, m}] += 0.5;
        merged[{a, b, m + 1}] += 0.5;
      }
    }
    for (const auto& [key, w] : merged) terms_.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), w});
  }

  const KernelGraph& g_;
  bool horizontal_;
  std::vector<int> var_, varOf_;  ///< variable -> kernel, kernel -> variable (-1: unplaced)
  std::vector<Box> box_;
  std::vector<bool> fixed_;
  std::vector<std::pair<int, int>> arcs_;
  std::vector<Term> terms_;
};

}  // namespace

bool compactAxis(const KernelGraph& graph, Layout& layout, bool horizontal) {
  Layout trial = layout;
  if (!AxisProblem(graph, layout, horizontal).solveInto(trial)) return false;
  if (layoutWirelength(graph, trial) >= layoutWirelength(graph, layout) - 1e-9) return false;
  layout = std::move(trial);
  return true;
}

CompactionStats compactWirelength(const KernelGraph& graph, Layout& layout, int maxRounds,
                                  const std::function<bool()>& stop) {
  CompactionStats st;
  st.wirelengthBefore = layoutWirelength(graph, layout);
  int idle = 0;  // consecutive passes without improvement
  for (int pass = 0; pass < 2 * maxRounds && idle < 2 && !(stop && stop()); ++pass) {
    ++st.passes;
    idle = compactAxis(graph, layout, pass % 2 == 0) ? 0 : idle + 1;
  }
  st.wirelengthAfter = layoutWirelength(graph, layout);
  return st;
}

}  // namespace ts::wse
