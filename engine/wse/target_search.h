#pragma once
// The search over the target maximum time T shared by the target-driven placers (CU.POKer and
// divide and conquer): binary search for the least feasible T_b, a coarse geometric sweep above
// it that keeps every layout (as the paper's binary search keeps its best), then the
// neighbour-range search around the best target, spread over threads, and last the finalists:
// the best few targets placed again with more effort and the best few layouts improved. Each
// target is sized once (GraphSizer) and targets whose candidate sets equal an already tried
// one are skipped.
// The placer supplies two callbacks: whether a sized graph is feasible (cheap, used by the
// binary search) and the layouts it makes for a sized graph. Every layout is checked by the
// independent evaluator (BestLayoutKeeper) before it counts.
#include <functional>
#include <string>
#include <vector>

#include "engine/core/run_context.h"
#include "engine/wse/graph_sizing.h"
#include "engine/wse/placer_common.h"

namespace ts::wse {

struct TargetSearchConfig {
  /// Worker threads of the sweep and neighbour search; 0 = std::thread::hardware_concurrency().
  int threads = 0;
  /// Coarse sweep above T_b: targets T_b*(1+sweepGrowth)^i, at most sweepPoints of them,
  /// ending once wdeltat*T exceeds the best score found.
  double sweepGrowth = 0.10;
  int sweepPoints = 60;
  /// Neighbour-range search around the best sweep target T_c: T_c*(1 +- s*step) for
  /// s*step <= range (paper: +-20% in 0.2% steps). Targets below T_b are skipped: the
  /// feasibility test is expected to be monotone in T.
  double range = 0.20;
  double step = 0.002;
  /// Finalists: the targets of the best distinct layouts of the whole search are placed once
  /// more with PlaceRequest::finalist set, then the best distinct layouts go through the
  /// placer's `improve` callback (a fixed count, so the result does not depend on the thread
  /// count).
  int finalists = 8;
};

/// One layout a placer made for a target, with what the statistics should say about it.
struct TargetLayout {
  Layout layout;
  Evaluation raw;  ///< before any post-processing (for reporting)
  int rows = 0;    ///< rows of a row layout (0 otherwise)
};

/// What a placer gets for one target.
struct PlaceRequest {
  const SizedGraph& sized;
  bool quick = false;          ///< a fast first layout is enough (least effort)
  bool finalist = false;       ///< one of the best targets, placed again: worth a deeper search
  std::function<bool()> stop;  ///< poll often; true = return what you have
  double bestScore = 0;        ///< best score so far (infinity before the first layout)
};

struct TargetSearchCallbacks {
  /// Cheap feasibility of a sized graph (the binary search's test).
  std::function<bool(const SizedGraph&)> feasible;
  /// Layouts for one target (may be empty when the placer finds none).
  std::function<std::vector<TargetLayout>(const PlaceRequest&)> place;
  /// Whether `place` searches harder for a request with PlaceRequest::finalist set (only then
  /// are the finalists' targets placed again).
  bool deeperForFinalists = false;
  /// Optional: a costlier improvement of a finished layout, applied to the finalists; returns
  /// whether it changed the layout. `stop` as in PlaceRequest.
  std::function<bool(Layout&, const std::function<bool()>& stop)> improve;
};

struct TargetSearchResult : WsePlaceResult {
  double binarySearchTarget = 0;  ///< T_b: least feasible target
  double bestTarget = 0;          ///< the target whose layout won
  int targetsTried = 0;           ///< targets placed (duplicates excluded)
  int targetsSkipped = 0;         ///< targets whose candidate sets matched a tried one
  int targetsFeasible = 0;
  int rows = 0;                 ///< rows of the winning layout
  Evaluation beforeRefinement;  ///< the winning layout before post-processing
};

/// Runs the search. `name` labels messages; `initial` (may be empty) is a warm start whose MT
/// bounds the binary search when it is legal.
TargetSearchResult runTargetSearch(const KernelGraph& graph, const TargetSearchConfig& config,
                                   const TargetSearchCallbacks& callbacks, const Layout& initial,
                                   const std::string& name, core::RunContext& ctx);

}  // namespace ts::wse
