#pragma once
// Divide-and-conquer floorplanning baseline (CU.POKer paper Sec. IV-B, Algorithm 3). Kernels
// in topological order are split recursively where the estimated areas of the two halves are
// closest; each half returns every rectangular bounding box it can be packed into (Pareto
// pruned in width and height, at most maxShapes kept), and two halves combine side by side or
// one above the other. The target time is chosen by the same search as CU.POKer (binary
// search, sweep, neighbour range); at each target the fitting root box with the least
// wirelength is placed. As the paper's baseline it does no adapter refinement or polish by
// default. Pinned kernels stay out of the recursion: the packing goes to the fabric corner
// where it overlaps them least and the kernels they displace move to the nearest free place.
#include "engine/core/run_context.h"
#include "engine/wse/target_search.h"

namespace ts::wse {

struct DivideAndConquerConfig {
  /// Target-time search (coarser than CU.POKer's by default: 1% steps over +-10%).
  TargetSearchConfig search = [] {
    TargetSearchConfig s;
    s.range = 0.10;
    s.step = 0.01;
    return s;
  }();
  /// Bounding boxes kept per sub-range after Pareto pruning (evenly spread along the front).
  int maxShapes = 48;
  bool refine = false;  ///< adapter refinement (generic, without rows)
  bool polish = false;  ///< wirelength polish
  Layout initial;       ///< warm start (see CuPokerConfig::initial)
  Layout pins;          ///< pinned kernels (see placer_common.h); empty = none
};

using DivideAndConquerResult = TargetSearchResult;

DivideAndConquerResult runDivideAndConquer(const KernelGraph& graph, const DivideAndConquerConfig& config,
                                           core::RunContext& ctx);

}  // namespace ts::wse
