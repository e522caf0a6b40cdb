#include "engine/wse/cupoker_flow.h"

#include "engine/wse/wirelength_compaction.h"
#include "engine/wse/wirelength_polish.h"

namespace ts::wse {

namespace {

/// The refinement costs more than placing a target; skip it when even a zero adapter cost
/// could not beat the best layout so far (it never raises MT and the polished WL is what it
/// starts from, give or take half a tile per moved kernel).
bool worthRefining(const KernelGraph& g, const Layout& polished, double bestScore) {
  double bound = g.wdeltat * layoutMaxTime(g, polished) + g.wlength * layoutWirelength(g, polished);
  return bound < bestScore * (1 + 1e-9);
}

}  // namespace

CuPokerResult runCuPoker(const KernelGraph& graph, const CuPokerConfig& config, core::RunContext& ctx) {
  std::vector<int> full = depthFirstTopologicalOrder(graph, 0);
  if (int(full.size()) != graph.kernelCount()) {
    CuPokerResult res;
    res.message = "the kernel graph has a cycle";
    return res;
  }
  std::vector<std::vector<int>> orders{unpinnedKernels(full, config.pins)};
  if (config.orderVariants > 1) {
    auto alt = unpinnedKernels(depthFirstTopologicalOrder(graph, 1), config.pins);
    if (alt != orders[0]) orders.push_back(alt);
  }
  const double pinnedTime = pinnedMaxTime(graph, config.pins);
  const std::vector<Box> fixed = pinnedBoxes(graph, config.pins);
  TargetSearchCallbacks cb;
  cb.feasible = [&](const SizedGraph& sized) {
    if (sized.target < pinnedTime) return false;
    if (orders[0].empty()) return true;  // every kernel is pinned
    for (const auto& order : orders)
      if (RowPlacer(graph, order, sized.candidates).feasible()) return true;
    return false;
  };
  cb.place = [&](const PlaceRequest& req) {
    std::vector<TargetLayout> out;
    if (req.sized.target < pinnedTime) return out;
    if (orders[0].empty()) {
      TargetLayout t;
      applyPins(graph, t.layout, config.pins);
      t.raw = evaluate(graph, t.layout);
      out.push_back(std::move(t));
      return out;
    }
    RowSearchConfig rs = config.rowSearch;
    if (req.quick) rs.maxNodes = fixed.empty() ? 1 : std::min(rs.maxNodes, 50);
    if (req.finalist) rs.extraRows = config.finalistExtraRows;
    for (const auto& order : orders) {
      if (req.stop()) break;
      RowPlacer placer(graph, order, req.sized.candidates);
      placer.setFixed(fixed);
      RowLayout rl;
      if (!placer.search(rs, rl, req.stop)) continue;
      TargetLayout t;
      t.layout = Layout(graph.kernelCount());
      t.layout.row = rl.row;
      for (int k : order) {
        const Candidate& c = req.sized.candidates[size_t(k)][size_t(rl.candidate[size_t(k)])];
        t.layout.kernels[size_t(k)] = {c.args, rl.x[size_t(k)], rl.y[size_t(k)], c.rotated, true};
      }
      applyPins(graph, t.layout, config.pins);
      t.raw = evaluate(graph, t.layout);
      t.rows = rl.rows;
      Layout polished = t.layout;
      if (config.polish) polishWirelength(graph, polished);
      if (config.refine && !req.quick && worthRefining(graph, polished, req.bestScore)) {
        // The refinement works on the clean rows, so it runs before the polish.
        refineAdapterCost(graph, t.layout, config.adapter, req.stop);
        if (config.polish) polishWirelength(graph, t.layout);
        // The unrefined layout stays a finalist candidate too: the refinement grows kernels
        // into dead space that the compaction could have used to shorten wires.
        if (config.compact) out.push_back({std::move(polished), t.raw, t.rows});
      } else {
        t.layout = std::move(polished);
      }
      out.push_back(std::move(t));
    }
    return out;
  };
  cb.deeperForFinalists = config.finalistExtraRows > 0;
  if (config.compact)
    cb.improve = [&](Layout& layout, const std::function<bool()>& stop) {
      CompactionStats st = compactWirelength(graph, layout, 4, stop);
      return st.wirelengthAfter < st.wirelengthBefore;
    };
  Layout start = config.initial;
  if (!start.kernels.empty()) applyPins(graph, start, config.pins);
  return runTargetSearch(graph, config.search, cb, start, "cupoker", ctx);
}

}  // namespace ts::wse
