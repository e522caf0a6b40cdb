#pragma once
// One entry point over the WSE placers for front ends (CLI, bench, studio): choose the
// algorithm by name and pass the options every placer understands, the algorithm's own
// settings (its Config fields by key, as the studio's form and `wse place --set` give them),
// pinned kernels and a start layout.
#include <string>
#include <vector>

#include "engine/core/params.h"
#include "engine/core/run_context.h"
#include "engine/wse/placer_common.h"

namespace ts::wse {

struct WsePlacerOptions {
  std::string algorithm = "cupoker";  ///< cupoker, tbs-sa, dnc
  int threads = 0;                    ///< 0 = hardware concurrency (CU.POKer's neighbour search)
  /// Scales each algorithm's search effort (row-search budget, SA moves, D&C shapes kept);
  /// 1 = the documented defaults. Tests use small values.
  double effort = 1.0;
  /// The algorithm's settings by key (see wsePlacerParams); applied after `effort`.
  core::ParamValues settings;
  Layout initial;  ///< start layout (warm start); empty = none
  /// Pinned kernels: the placed kernels of this layout keep their corner, rotation and
  /// execution arguments (empty = none). Checked by checkPins() first.
  Layout pins;
};

/// "cupoker", "tbs-sa", "dnc".
const std::vector<std::string>& wseAlgorithms();
bool isWseAlgorithm(const std::string& name);
/// "CU.POKer", "TBS simulated annealing", "Divide and conquer".
std::string wseAlgorithmLabel(const std::string& name);
/// One line on what the algorithm does (menus, --help).
std::string wseAlgorithmDescription(const std::string& name);
/// The algorithm's settings with their defaults. Throws core::Error for an unknown name.
std::vector<core::ParamSpec> wsePlacerParams(const std::string& algorithm);

/// Runs the named placer. Throws core::Error for an unknown name or a bad setting. Pins that
/// cannot be honoured give a result with found = false and the reason; a result that moved a
/// pinned kernel is never reported as found.
WsePlaceResult runWsePlacer(const KernelGraph& graph, const WsePlacerOptions& options, core::RunContext& ctx);

}  // namespace ts::wse
