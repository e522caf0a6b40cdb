#pragma once
// "milp": the joint placement-and-routing MILP of the AIE PnR paper (Sec. IV), and the same
// formulation over restricted candidate tiles as the oracle of "lsmo" (Sec. VI).
//
// Formulation (solveJointPnr). Per core l and candidate tile p a binary pi[l,p] (a core with
// one candidate is fixed there, no variable), eq. 2: sum_p pi[l,p] = 1, plus the placement
// rules the independent checker enforces:
//  - one compute core per compute tile;
//  - memory-tile and shim endpoints may share a tile only within its DMA channels (sum of
//    their nets <= MM2S / S2MM channels when two or more are there: a binary "merged" per
//    tile switches the row on) and, on memory tiles, within its memory (stream buffers);
//  - cascades: the destination sits on a cascade neighbour of the source's tile;
// and the routing MILP (route/routing_model.h) with pi in the flow supplies (eq. 3), buffers
// and locks. Optional extras: no-good cuts (placements to avoid, LSMO's blacklist), "at most
// k cores leave their reference tile" (LSMO's conservative mode), elastic resource rows
// (overuse penalised instead of forbidden), and a MIP start from a complete placement (routed
// first with pi fixed, then installed). Solutions are extracted, routing-checked, and lazy
// arbiter rows are added and re-solved when only arbiters are overused (as the router does).
//
// "milp" puts every type-compatible tile in each movable core's candidates: exact within the
// formulation when CBC proves optimality, anytime otherwise (incumbent, bound and gap are
// published as QoR samples while it runs); it honours pins and starts from the given
// placement when that is complete and legal.
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/place/place_model.h"
#include "engine/aie/route/routing_model.h"
#include "engine/aie/rr_graph.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"
#include "engine/milp/cbc_solver.h"

namespace ts::aie {

/// One joint PnR MILP over given candidate tiles.
struct JointPnrRequest {
  /// Candidate tiles per core, type-compatible and distinct; a single tile fixes the core.
  std::vector<std::vector<TileCoord>> candidates;
  /// No-good cuts: the solution differs from each of these placements (LSMO's blacklist).
  std::vector<Placement> excluded;
  /// With maxMoved >= 0: at most maxMoved cores leave their tile in `reference`.
  const Placement* reference = nullptr;
  int maxMoved = -1;
  /// A complete placement within the candidates: routed with pi fixed, then the MIP start.
  const Placement* start = nullptr;
  /// Resource rows (DMA, links, memory, locks, packet ids) get penalised slacks, so a
  /// neighbourhood of an unroutable placement still has a best (least overused) answer.
  bool elastic = false;
  double timeLimitSeconds = 0;           ///< for this request (0: only the context's limit)
  std::string phase = "joint pnr milp";  ///< QoR sample phase
};

/// Formulation settings shared by "milp" and "lsmo".
struct JointPnrOptions {
  RoutingModelOptions model;  ///< eq. 8 weights and interconnect switches
  double relativeGap = 1e-4;  ///< accept solutions this close to the bound
  int lazyRounds = 4;         ///< re-solves for lazily added arbiter rows
  double startShare = 0.25;   ///< at most this share of the time limit routes the MIP start
  /// CBC's preprocessing: off by default, because on joint models it runs for minutes without
  /// polling the stop flag and rarely pays off (measured on the npu2 suite).
  bool preprocess = false;
  bool solverLog = false;  ///< CBC's own log on stdout (diagnosis)
  milp::CbcSettings cbc;   ///< CBC's search (cuts, probing, branching, heuristics)
};

/// Binds the formulation settings (alpha, beta, gamma, margin, gap) for `--set key=value`.
void bindJointPnrOptions(core::ParamBinder& binder, JointPnrOptions& options);

struct JointPnrSolution {
  milp::Status status = milp::Status::Error;
  bool found = false;   ///< placement and routing hold a solution
  Placement placement;  ///< tiles only; pin flags are the caller's
  Routing routing;
  double objective = 0;       ///< eq. 8 (plus elastic penalties)
  double bound = 0;           ///< best proven lower bound
  double overuse = 0;         ///< elastic: total slack (0 = every resource fits)
  bool routingLegal = false;  ///< the routing passed checkRouting for the placement
  bool startAccepted = false;
  double firstSolutionSeconds = -1;  ///< run clock when the first solution was known (-1: none)
  std::vector<std::string> reasons;  ///< why nothing was found, or what the check found
  int variables = 0, rows = 0, integers = 0, solves = 0;
  int64_t nodes = 0;
};

/// CBC polls the stop flag only between nodes, cut rounds and heuristic passes (seconds apart
/// on joint models), so solveJointPnr solves on a worker thread and returns within ~50 ms of a
/// stop request, leaving the worker to end at CBC's next poll. Programs that exit right after
/// a cancelled run call this first (it blocks until every such worker has ended).
void waitForAbandonedSolves();

JointPnrSolution solveJointPnr(const Design& design, const Device& device, const RrGraph& graph,
                               const JointPnrRequest& request, const JointPnrOptions& options, core::RunContext& ctx);

/// The start of the MILP-based placers when none is given: SA+BBCG from `start` (pins kept,
/// placed cores as a warm start) on at most `share` of the context's remaining time (no limit
/// without one). Its cost lets streams share DMA channels (SA's `dma_sharing`) when the
/// formulation `options` does, as SA does before the MILP router in `pnr`.
/// Nothing when it finds no legal placement.
std::optional<Placement> annealedStart(const PlaceProblem& problem, const Placement& start, double share,
                                       const JointPnrOptions& options, core::RunContext& ctx);

struct JointMilpPlacerConfig {
  JointPnrOptions formulation;
  bool warmStart = true;  ///< MIP start from the start placement when it is complete and legal
  /// Without a complete legal start: "sa" anneals one (SA+BBCG, honouring pins) and routes it
  /// for the MIP start, "none" leaves the first solution to CBC. CBC's own heuristics rarely
  /// find one beyond a dozen cores (README, "Joint MILP: why CBC needs a start").
  std::string startPlacer = "sa";
  double startPlacerShare = 0.5;  ///< at most this share of the time limit for that anneal

  void bind(core::ParamBinder& binder);
};

struct JointMilpPlacerResult : PlacerResult {
  bool optimal = false;  ///< CBC proved the placement optimal (within the gap)
  double objective = 0, bound = 0, gap = 0;
  int variables = 0, rows = 0, integers = 0;
  bool startAccepted = false;
  std::string startFrom;         ///< MIP start: "given", "sa" or "" (none)
  double incumbentSeconds = -1;  /// seconds from the start of the run to the first solution (-1: none)
  Routing routing;               ///< the routing of the MILP's solution (the flow routes again to check)
};

JointMilpPlacerResult runJointMilpPlacer(const PlaceProblem& problem, const JointMilpPlacerConfig& config,
                                         core::RunContext& ctx);

}  // namespace ts::aie
