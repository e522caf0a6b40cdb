#include "engine/wse/layout.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace ts::wse {

int Layout::placedCount() const {
  return int(std::count_if(kernels.begin(), kernels.end(), [](const PlacedKernel& k) { return k.placed; }));
}

Box kernelBox(const KernelSpec& spec, const PlacedKernel& k) {
  Perf p = kernelPerf(spec, k.args);
  // Shapes beyond int range cannot fit any fabric; clamp so that the checks report them.
  int h = int(std::min<int64_t>(p.height, INT_MAX / 4));
  int w = int(std::min<int64_t>(p.width, INT_MAX / 4));
  Box b;
  b.x = k.x;
  b.y = k.y;
  b.width = k.rotated ? h : w;
  b.height = k.rotated ? w : h;
  return b;
}

double layoutWirelength(const KernelGraph& graph, const Layout& layout) {
  double wl = 0;
  for (const auto& e : graph.kernelEdges) {
    const auto& a = layout.kernels[size_t(e.src)];
    const auto& b = layout.kernels[size_t(e.dst)];
    if (!a.placed || !b.placed) continue;
    Box ba = kernelBox(graph.kernels[size_t(e.src)].spec, a), bb = kernelBox(graph.kernels[size_t(e.dst)].spec, b);
    wl += std::fabs(ba.cx() - bb.cx()) + std::fabs(ba.cy() - bb.cy());
  }
  return wl;
}

long long layoutAdapterCost(const KernelGraph& graph, const Layout& layout) {
  long long ac = 0;
  for (const auto& e : graph.kernelEdges)
    if (layout.kernels[size_t(e.src)].placed && layout.kernels[size_t(e.dst)].placed)
      ac += adapterCost(layout.kernels[size_t(e.src)].args, layout.kernels[size_t(e.dst)].args);
  return ac;
}

double layoutMaxTime(const KernelGraph& graph, const Layout& layout) {
  double mt = 0;
  for (int i = 0; i < graph.kernelCount(); ++i)
    if (layout.kernels[size_t(i)].placed)
      mt = std::max(mt, kernelPerf(graph.kernels[size_t(i)].spec, layout.kernels[size_t(i)].args).time);
  return mt;
}

Span freeSpan(const std::vector<Box>& boxes, const std::vector<bool>& skip, int i, bool horizontal, int limit) {
  const Box& b = boxes[size_t(i)];
  Span s{0, limit};
  for (size_t j = 0; j < boxes.size(); ++j) {
    if (int(j) == i || skip[j]) continue;
    const Box& o = boxes[j];
    if (horizontal) {
      if (!(o.y < b.top() && b.y < o.top())) continue;
      if (o.right() <= b.x)
        s.lo = std::max(s.lo, o.right());
      else if (o.x >= b.right())
        s.hi = std::min(s.hi, o.x);
    } else {
      if (!(o.x < b.right() && b.x < o.right())) continue;
      if (o.top() <= b.y)
        s.lo = std::max(s.lo, o.top());
      else if (o.y >= b.top())
        s.hi = std::min(s.hi, o.y);
    }
  }
  return s;
}

}  // namespace ts::wse
