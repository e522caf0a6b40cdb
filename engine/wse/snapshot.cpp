#include "engine/wse/snapshot.h"

namespace ts::wse {

namespace {

std::vector<KernelRect> rectsOf(const KernelGraph& graph, const Layout& layout) {
  std::vector<KernelRect> out;
  for (int i = 0; i < graph.kernelCount() && i < int(layout.kernels.size()); ++i) {
    const PlacedKernel& k = layout.kernels[size_t(i)];
    if (!k.placed || int(k.args.c.size()) != graph.kernels[size_t(i)].spec.convCount()) continue;
    Box b = kernelBox(graph.kernels[size_t(i)].spec, k);
    Perf p = kernelPerf(graph.kernels[size_t(i)].spec, k.args);
    out.push_back({i, b.x, b.y, b.width, b.height, k.rotated, k.args, p.time, p.memory});
  }
  return out;
}

}  // namespace

LayoutSnapshot::LayoutSnapshot(const KernelGraph& graph, Layout l, const Evaluation& ev, std::string ph, double target)
    : fabricWidth(graph.width),
      fabricHeight(graph.height),
      layout(std::move(l)),
      rects(rectsOf(graph, layout)),
      mt(ev.mt),
      wl(ev.wl),
      ac(ev.ac),
      score(ev.score),
      legal(ev.legal),
      phase(std::move(ph)),
      targetTime(target) {}

std::shared_ptr<const LayoutSnapshot> makeLayoutSnapshot(const KernelGraph& graph, const Layout& layout,
                                                         const Evaluation& evaluation, const std::string& phase,
                                                         double targetTime) {
  return std::make_shared<const LayoutSnapshot>(graph, layout, evaluation, phase, targetTime);
}

}  // namespace ts::wse
