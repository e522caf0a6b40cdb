#pragma once
// The place-and-route flow the CLI and the studio run: a registered placer from a start
// placement, the independent placement check, a registered router, the independent routing
// check, then the QoR metrics. Each stage reports why it stopped.
#include <string>
#include <vector>

#include "engine/aie/flow/algorithms.h"
#include "engine/aie/legality.h"
#include "engine/aie/qor.h"

namespace ts::aie {

struct PnrFlowConfig {
  std::string placer = "manual";  ///< a name from placerRegistry()
  core::ParamValues placerParams;
  std::string router = "milp";  ///< a name from routerRegistry()
  core::ParamValues routerParams;
  /// > 0: the router gets its own budget of this many seconds (sharing the run's stop flag and
  /// observer) instead of what the placer left of the run's time limit, so that an anytime
  /// placer that uses its whole limit still gets routed.
  double routeTimeLimitSeconds = 0;
};

struct PnrResult {
  bool success = false;              ///< legal placement and legal routing
  std::string stage;                 ///< where it stopped: "place", "route" or "done"
  std::string status;                ///< the stage's status ("placed", "infeasible", "time-out", ...)
  std::vector<std::string> reasons;  ///< why not, one line each
  Placement placement;
  Routing routing;
  std::vector<Violation> placementViolations, routingViolations;
  std::vector<std::pair<std::string, double>> placerStats, routerStats;
  QorMetrics qor;  ///< of the routed design (zero unless routed)
  double placeSeconds = 0, routeSeconds = 0;
};

/// The placer settings runPnr uses: config.placerParams, and for a placer with a `dma_sharing`
/// setting left at "auto" (or not given), "on" or "off" as the router may let packet streams
/// share DMA channels (the MILP router unless packet streams are off; not PathFinder), so that
/// the placer charges the channels the router will need.
core::ParamValues placerParamsForRouter(const PnrFlowConfig& config);

/// Unknown algorithm names and invalid parameter values throw core::Error (bad input); every
/// other failure is reported in the result.
PnrResult runPnr(const Design& design, const Device& device, const Placement& start, const PnrFlowConfig& config,
                 core::RunContext& ctx);

}  // namespace ts::aie
