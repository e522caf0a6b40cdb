#pragma once
// The paper's MILP router (Sec. IV with a fixed placement) on COIN-OR CBC.
//
//   MilpRouterConfig cfg;                 // documented defaults below
//   RrGraph graph(device);
//   MilpRouterResult r = runMilpRouter(design, device, graph, placement, cfg, ctx);
//   if (r.success) use(r.routing);        // already passed checkRouting()
//   else report(r.status, r.reasons);     // "infeasible": binding resources named
//
// Steps: (1) a fast pre-check of obvious resource bounds (DMA channels, memory, locks) that
// names the tile and resource; (2) the routing MILP (route/routing_model.h) over each net's
// bounding box grown by `model.margin`, retried with margins 1, 2, 4, ... up to the whole array
// while that is infeasible;
// (3) the independent routing check, adding lazy arbiter rows if a solution overuses a
// switch's arbiters (as many rounds as it takes, kept however the region grows: every round
// adds rows for new switches, so it ends); (4) when the MILP is infeasible, an elastic
// re-solve whose slacks name the binding resources. Safe to call from several threads.
//
// A routing is optimal only within the region it was solved on: `quality` says so
// ("optimal in region margin 2", "optimal on the whole array", "feasible in region margin 0
// (gap 1.2%)"); `whole_array` solves on the whole array from the start.
#include <string>
#include <vector>

#include "engine/aie/route/routing_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"
#include "engine/milp/cbc_solver.h"

namespace ts::aie {

/// Cuts in the root, no probing, RINS and diving heuristics.
inline milp::CbcSettings routerCbcSettings() {
  milp::CbcSettings s;
  s.probing = "off";
  s.rins = true;
  s.diving = true;
  return s;
}

struct MilpRouterConfig {
  RoutingModelOptions model;      ///< formulation weights (eq. 8) and switches
  double timeLimitSeconds = 60;   ///< for all MILP solves of one routing; the RunContext's limit also applies
  double relativeGap = 1e-4;      ///< accept solutions this close to the bound
  bool growRegion = true;         ///< retry with a wider region (up to the whole array) when infeasible
  bool preCheck = true;           ///< resource bounds before building the MILP
  bool explainInfeasible = true;  ///< elastic re-solve to name binding resources
  bool greedyStart = true;        ///< MIP start from a sequential shortest-path routing
  /// Seconds to polish the greedy start (single nets switch between circuit and packet mode
  /// while that lowers eq. 8), at most a tenth of the time limit; 0 = the plain greedy routing.
  double polishSeconds = 6;
  /// Seconds kept from CBC for a fix-and-optimise search on its routing when CBC's solve of
  /// the whole model ends at its limit unproven (small MILPs over a few nearby nets each,
  /// routing_neighbourhoods.h): at most a third of the time limit; 0 = none. Without a time
  /// limit, or without a greedy start (CBC may need all the time to find a routing), there is
  /// no such search.
  double neighbourhoodSeconds = 20;
  /// When CBC's root, started from a routing, goes this many seconds without a better routing
  /// or bound, CBC hands the rest of its time to the fix-and-optimise search (0 = never; a
  /// search that branches keeps its time). On CRONet the root kept the bound of its first
  /// seconds and the start for half a minute, while the search lowers the routing within seconds.
  double stallSeconds = 8;
  /// Seconds the LP relaxations may take, together, to prove regions too small when no greedy
  /// routing fits them (at most a tenth of the time limit); past them a region grows as if it
  /// were proven. Most proofs take a second, but some placements' take most of a minute (CRONet:
  /// 30 s for margin 0, 14 s for margin 1).
  double relaxationSeconds = 6;
  /// CBC's search, tuned on CRONet (198 nets, 116 k variables): root probing took 44 % of the
  /// time without polling the stop flag, while diving finds the routings the greedy start misses.
  milp::CbcSettings cbc = routerCbcSettings();
  /// Solve over the whole array from the start (no per-net region): "optimal" then means
  /// optimal for the placement, not only within each net's bounding box plus a margin.
  bool wholeArray = false;
  std::string lpPath;      ///< write the last model solved here (.lp or .mps)
  bool solverLog = false;  ///< CBC's log on stdout
};

/// Describes the config's fields as named parameters (for --set key=value and the studio).
void bindMilpRouterParams(core::ParamBinder& binder, MilpRouterConfig& config);

struct MilpRouterResult {
  bool success = false;              ///< routed and passed checkRouting()
  std::string status;                ///< "routed", "infeasible", "time-out", "cancelled", "error"
  Routing routing;                   ///< the routing (partial or empty when not successful)
  std::vector<std::string> reasons;  ///< why not, one line each (binding resources named)
  milp::Status milpStatus = milp::Status::Error;
  double objective = 0;  ///< eq. 8 value of the routing
  double bound = 0;      ///< best proven lower bound
  double seconds = 0;
  int variables = 0, rows = 0, integers = 0;  ///< size of the last model solved
  int solves = 0;                             ///< MILP solves (region growth, lazy rows)
  bool fullRegion = false;                    ///< the last model covered the whole array
  int regionMargin = 0;                       ///< margin of the last model's per-net regions
  int lazyArbiterRows = 0;                    ///< arbiter rows added lazily
  int cappedRelaxations = 0;                  ///< regions grown unproven: relaxationSeconds ran out
  /// What the result is worth, in words: "optimal in region margin 2", "optimal on the whole
  /// array", "feasible in region margin 0 (objective 291.5, bound 288.1, gap 1.2%)".
  std::string quality;
  bool startAccepted = false;         ///< the greedy routing was a feasible MIP start
  double startObjective = 0;          ///< eq. 8 value of the (polished) greedy routing (0: none)
  int neighbourhoodSolves = 0;        ///< sub-MILPs of the fix-and-optimise search after CBC
  int neighbourhoodImprovements = 0;  ///< those that lowered eq. 8
  double neighbourhoodObjective = 0;  ///< eq. 8 after that search (0: it did not run)
  bool cbcStalled = false;            ///< CBC handed over after stallSeconds without progress
};

MilpRouterResult runMilpRouter(const Design& design, const Device& device, const RrGraph& graph,
                               const Placement& placement, const MilpRouterConfig& config, core::RunContext& ctx);

/// The obvious resource bounds alone (no MILP): one line per violated bound, empty if none
/// is violated. Also used by placers as a fast legality filter.
std::vector<std::string> routingPreCheck(const Design& design, const Device& device, const RrGraph& graph,
                                         const Placement& placement, const RoutingModelOptions& options);

}  // namespace ts::aie
