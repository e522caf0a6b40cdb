#pragma once
// "sa": simulated-annealing placement (paper Sec. V) with a pluggable cost model.
//  - moves: relocate a movable core to a compatible tile within the range limit, or swap it with
//    the movable core there. Compute tiles hold one core; memory-tile and shim endpoints may
//    also join others on a tile while the tile's DMA channels and memory hold them all (the
//    placement checker's rule, enforced by the move generator). Cascade chains move as rigid
//    shapes (CascadeMacro), single cores in their way taking the tiles they leave;
//  - initial temperature: Rose et al.'s equilibrium binary search, the temperature at which
//    annealing from the start placement keeps its cost unchanged (so a good warm start is
//    refined, not destroyed);
//  - schedule (VPR, Betz & Rose): T *= 0.5 / 0.9 / 0.95 / 0.8 when the acceptance rate of the
//    last temperature was > 0.96 / > 0.8 / > 0.15 / lower; range limit scaled by
//    (1 - 0.44 + acceptance) so acceptance stays near 0.44; stop when T < exitFactor *
//    cost / nets, then a greedy quench; while the best placement still has overuse, anneal
//    again from it until reheats stop lowering it (see SaPlacerConfig::maxReheats);
//  - anytime: the best placement so far is kept, published as snapshots and returned on
//    cancel or time-out; deterministic for a seed (ctx.seed()).
#include <functional>
#include <memory>
#include <string>

#include "engine/aie/place/cost/bbcg_cost.h"
#include "engine/aie/place/cost/milp_cost.h"
#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct SaPlacerConfig {
  std::string cost = "bbcg";  ///< "bb" (eq. 9), "bbcg" (eq. 10) or "milp" (the MILP router); see costFactory
  BbcgCostConfig costConfig;  ///< weights of bb and bbcg (kappa is used by bbcg only)
  MilpCostConfig milpCost;    ///< the "milp" cost: router settings and infeasibility penalties
  /// costConfig.bb.sharedBuffers by name, as the settings give it: "assign", "whole" or "split"
  /// (makePlacementCost applies it to every cost model).
  std::string sharedBuffers = "assign";
  /// costConfig.bb.dmaSharing by name: "on", "off", or "auto" (off here; the place-and-route
  /// flow turns it on or off as its router may share DMA channels, see pnr_flow.h).
  std::string dmaSharing = "auto";
  /// Any other cost model (e.g. the MILP router's cost of each candidate). When set it
  /// replaces `cost`; it is called once per run with the run's model and context (so a slow
  /// model can pass the stop flag and time limit on to its solver).
  std::function<std::unique_ptr<PlacementCost>(const PlaceModel&, core::RunContext&)> costFactory;

  double innerNum = 10.0;           ///< moves per temperature = innerNum * movable^(4/3)
  double initialTemperature = 0.0;  ///< > 0 skips the equilibrium search
  int equilibriumSteps = 12;        ///< bisection steps of the initial-temperature search
  double exitFactor = 0.005;        ///< stop when T < exitFactor * cost / nets (VPR)
  double targetAcceptance = 0.44;   ///< the range limit steers acceptance towards this
  bool rangeLimit = true;           ///< false: moves may go anywhere at every temperature
  double swapProbability = 0.5;     ///< memory-tile/shim endpoints: swap rather than join
  bool randomStart = false;         ///< ignore the start positions of movable cores
  int maxMoves = 0;                 ///< stop after this many moves (0 = no limit)
  /// Exit rule: while the best placement still has overuse the cost model sees (penalty > 0),
  /// anneal again from it, at most this many times, starting at the last temperature whose
  /// acceptance was at least reheatAcceptance, reheat k with reheatEffort^k times the moves per
  /// temperature (so a design that cannot be placed without overuse costs at most about
  /// 2^(maxReheats + 1) first anneals), until reheatPatience reheats in a row did not lower the
  /// best placement's penalty.
  int maxReheats = 6;
  double reheatAcceptance = 0.44;
  double reheatEffort = 2.0;
  int reheatPatience = 2;
  /// Debug: after every accepted move compare the incremental cost with a recomputation and
  /// stop with an error on a mismatch (slow; tests use it).
  bool checkIncremental = false;

  /// Binds the settings above (not the factory) for the studio and `--set key=value`.
  void bind(core::ParamBinder& binder);
};

struct SaPlacerResult : PlacerResult {
  double initialTemperature = 0;
  double finalTemperature = 0;
  int temperatures = 0;  ///< temperature steps run
  int reheats = 0;       ///< anneals run again because the best placement had overuse
  int64_t accepted = 0;
  std::string costName;
};

/// Makes the configured cost model ("bb" or "bbcg", or the factory's).
std::unique_ptr<PlacementCost> makePlacementCost(const PlaceModel& model, const SaPlacerConfig& config,
                                                 core::RunContext& ctx);

SaPlacerResult runSaPlacer(const PlaceProblem& problem, const SaPlacerConfig& config, core::RunContext& ctx);

}  // namespace ts::aie
