#pragma once
// One entry point over the WSE placers for front ends (CLI, bench, studio): choose the
// algorithm by name and pass the options every placer understands.
#include <string>
#include <vector>

#include "engine/core/run_context.h"
#include "engine/wse/placer_common.h"

namespace ts::wse {

struct WsePlacerOptions {
  std::string algorithm = "cupoker";  ///< cupoker, tbs-sa, dnc
  int threads = 0;                    ///< 0 = hardware concurrency (CU.POKer's neighbour search)
  /// Scales each algorithm's search effort (row-search budget, SA moves, D&C shapes kept);
  /// 1 = the documented defaults. Tests use small values.
  double effort = 1.0;
  Layout initial;  ///< warm start (empty = none)
};

/// "cupoker", "tbs-sa", "dnc".
const std::vector<std::string>& wseAlgorithms();
bool isWseAlgorithm(const std::string& name);

/// Runs the named placer. Throws core::Error for an unknown name.
WsePlaceResult runWsePlacer(const KernelGraph& graph, const WsePlacerOptions& options, core::RunContext& ctx);

}  // namespace ts::wse
