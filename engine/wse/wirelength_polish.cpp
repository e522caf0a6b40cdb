#include "engine/wse/wirelength_polish.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ts::wse {

PolishStats polishWirelength(const KernelGraph& graph, Layout& layout, int maxSweeps) {
  PolishStats st;
  const int n = graph.kernelCount();
  std::vector<Box> boxes(static_cast<size_t>(n));
  std::vector<bool> skip(static_cast<size_t>(n), false);
  for (int i = 0; i < n; ++i) {
    skip[size_t(i)] = !layout.kernels[size_t(i)].placed;
    if (!skip[size_t(i)]) boxes[size_t(i)] = kernelBox(graph.kernels[size_t(i)].spec, layout.kernels[size_t(i)]);
  }
  std::vector<std::vector<int>> adj(static_cast<size_t>(n));
  for (const auto& e : graph.kernelEdges) {
    if (e.src == e.dst) continue;
    adj[size_t(e.src)].push_back(e.dst);
    adj[size_t(e.dst)].push_back(e.src);
  }
  st.wirelengthBefore = layoutWirelength(graph, layout);
  // Doubled coordinates keep centres integral: 2*centre = 2*pos + size.
  auto axisCost = [&](int i, bool horizontal, int pos) {
    const Box& b = boxes[size_t(i)];
    int size = horizontal ? b.width : b.height;
    int64_t c2 = 2 * int64_t(pos) + size, cost = 0;
    for (int j : adj[size_t(i)]) {
      if (skip[size_t(j)]) continue;
      const Box& o = boxes[size_t(j)];
      int64_t o2 = horizontal ? 2 * int64_t(o.x) + o.width : 2 * int64_t(o.y) + o.height;
      cost += std::llabs(c2 - o2);
    }
    return cost;
  };
  for (st.sweeps = 0; st.sweeps < maxSweeps; ++st.sweeps) {
    bool moved = false;
    for (int i = 0; i < n; ++i) {
      if (skip[size_t(i)] || adj[size_t(i)].empty() || layout.kernels[size_t(i)].pinned) continue;
      for (bool horizontal : {true, false}) {
        Box& b = boxes[size_t(i)];
        int size = horizontal ? b.width : b.height;
        int cur = horizontal ? b.x : b.y;
        Span span = freeSpan(boxes, skip, i, horizontal, horizontal ? graph.width : graph.height);
        int lo = span.lo, hi = span.hi - size;
        if (hi <= lo) continue;
        int64_t bestCost = axisCost(i, horizontal, cur);
        int best = cur;
        auto consider = [&](int p) {
          p = std::clamp(p, lo, hi);
          int64_t c = axisCost(i, horizontal, p);
          if (c < bestCost || (c == bestCost && std::abs(p - cur) < std::abs(best - cur))) {
            bestCost = c;
            best = p;
          }
        };
        for (int j : adj[size_t(i)]) {
          if (skip[size_t(j)]) continue;
          const Box& o = boxes[size_t(j)];
          int64_t target2 = (horizontal ? 2 * int64_t(o.x) + o.width : 2 * int64_t(o.y) + o.height) - size;
          consider(int(std::floor(double(target2) / 2)));
          consider(int(std::ceil(double(target2) / 2)));
        }
        if (best != cur) {
          (horizontal ? b.x : b.y) = best;
          (horizontal ? layout.kernels[size_t(i)].x : layout.kernels[size_t(i)].y) = best;
          ++st.moves;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  st.wirelengthAfter = layoutWirelength(graph, layout);
  return st;
}

}  // namespace ts::wse
