#pragma once
// Fix-and-optimise search on the routing MILP: starting from a feasible routing, repeatedly
// free the routes of a few nets that lie close together (all others stay as they are), solve
// that small MILP exactly and keep what it finds when eq. 8 drops. Many small exact solves
// reach routings that the whole model's branch and bound does not reach in the same time on
// large designs (CRONet: 198 nets, 116 k variables), and every solution stays feasible for
// the whole model, so the result is a better MIP start.
//
// Neighbourhoods: seeds in order of how much their route costs beyond the shortest (a detour,
// packet mode, DMA channels), ties broken by the run's seed; each frees the seed and the nets
// whose bounding boxes are nearest to it, as many as fit in a budget of variables. The budget
// adapts: it grows while the sub-MILPs solve to optimality quickly and shrinks when they run
// out of time. It ends when its time is up, when a pass over every seed improved nothing, or
// at a given bound.
#include <vector>

#include "engine/aie/route/routing_model.h"
#include "engine/core/run_context.h"
#include "engine/milp/cbc_solver.h"

namespace ts::aie {

struct NeighbourhoodSearchConfig {
  double seconds = 10;      ///< budget of the whole search
  double solveSeconds = 3;  ///< at most this per sub-MILP
  int initialNets = 12;     ///< the first budget: this many nets of average size
  milp::CbcSettings cbc;    ///< CBC's settings for the sub-MILPs
  /// A proven lower bound of the whole model (e.g. CBC's): the search ends once its routing
  /// is within relativeGap of it, as no routing can be better by more.
  double bound = -milp::kInf;
  double relativeGap = 0;
};

struct NeighbourhoodSearchResult {
  std::vector<double> values;  ///< the best solution found (the start when nothing improved)
  double objective = 0;        ///< eq. 8 of values
  int solves = 0;              ///< sub-MILPs solved
  int improvements = 0;        ///< sub-MILPs that lowered the objective
  /// Per sub-MILP, in order: the nets it freed and their variables (how the budget moved).
  std::vector<int> freedNets, freedVariables;
};

/// `start` must be a feasible solution of `model`, which `builder` built for `placement`.
NeighbourhoodSearchResult improveRoutingByNeighbourhoods(const Design& design, const Placement& placement,
                                                         const RoutingModelBuilder& builder, const milp::Model& model,
                                                         std::vector<double> start,
                                                         const NeighbourhoodSearchConfig& config,
                                                         core::RunContext& ctx);

}  // namespace ts::aie
