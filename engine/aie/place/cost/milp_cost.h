#pragma once
// "milp" placement cost (paper Sec. V-3): the MILP router's objective (eq. 8) of the candidate
// placement, so that SA optimises exactly what the router will achieve. Infeasible placements
// cost `infeasiblePenalty` plus a gradient towards legality: `preCheckPenalty` per resource
// bound the router's pre-check sees violated, plus the bb cost (eq. 9: wirelength and the
// penalties of DMA, memory and lock overuse placement alone shows).
//
// Speed (each evaluation is a MILP solve, so it is the SA's bottleneck):
//  - routingPreCheck() first: placements that break an obvious bound never reach the MILP;
//  - results are cached by placement (exact key, no hash collisions), so SA's many returns to
//    a placement it has seen cost a lookup;
//  - each solve has a small time limit (`router.timeLimitSeconds`); a solve that runs out
//    without a routing counts as infeasible, one with a routing counts with its (upper bound)
//    objective.
// The router runs under a context that shares the caller's stop flag and time limit but
// publishes nothing (candidate placements are not progress). Deterministic when no solve hits
// its time limit (CBC itself is deterministic).
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/place/place_model.h"
#include "engine/aie/place/placement_cost.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/rr_graph.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct MilpCostConfig {
  MilpCostConfig();
  /// The router as the cost runs it; defaults differ from the CLI router's for speed: 2 s per
  /// solve, no pre-check (the cost runs it itself), no elastic explanation of infeasibility,
  /// no fix-and-optimise search.
  MilpRouterConfig router;
  double infeasiblePenalty = 1000.0;  ///< cost of any placement the router cannot route
  double preCheckPenalty = 100.0;     ///< per violated pre-check bound (on top of the above)
  BbCostConfig bb;                    ///< gradient among infeasible placements
  size_t cacheLimit = 200000;         ///< cached placements; the cache is emptied when full
};

class MilpCost : public PlacementCost {
 public:
  MilpCost(const PlaceModel& model, MilpCostConfig config, core::RunContext& ctx);

  const char* name() const override { return "milp"; }
  double reset(const Placement& placement) override;
  double propose(const std::vector<CoreMove>& moves) override;
  void commit() override;
  void revert() override;
  double total() const override { return current_.total; }
  CostTerms terms() const override;
  double penalty() const override { return current_.routable ? 0.0 : current_.total; }
  /// Recomputes with a fresh router run (bypasses the cache).
  double evaluate(const Placement& placement) const override;

  /// Whether the current placement was routed by the MILP router.
  bool routable() const { return current_.routable; }
  int64_t solves() const { return solves_; }
  int64_t preCheckRejects() const { return preCheckRejects_; }
  int64_t cacheHits() const { return cacheHits_; }

 private:
  struct Eval {
    double total = 0;
    double routeCost = 0;  ///< router objective (0 when not routed)
    bool routable = false;
    bool complete = true;  ///< false when the caller's stop cut the evaluation short
  };
  Eval compute(const Placement& placement) const;
  Eval lookup(const Placement& placement);
  std::string key(const Placement& placement) const;

  const PlaceModel& model_;
  MilpCostConfig config_;
  core::RunContext& ctx_;
  RrGraph graph_;
  Placement placement_, staged_;
  Eval current_, stagedEval_;
  std::unordered_map<std::string, Eval> cache_;
  mutable int64_t solves_ = 0;
  mutable int64_t preCheckRejects_ = 0;
  int64_t cacheHits_ = 0;
};

}  // namespace ts::aie
