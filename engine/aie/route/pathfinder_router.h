#pragma once
// Baseline router in the manner of MLIR-AIE (aie-create-pathfinder-flows + object FIFO
// lowering), for comparison with the MILP router on the same RR graph:
//  - one stream mode for all nets (circuit or packet), chosen up front;
//  - shared memory only for a single-consumer net between two compute cores where one
//    core's memory is reachable by the other, and never for nets joined by a link;
//  - every stream endpoint gets its own DMA channel (object FIFO lowering allocates one
//    channel per FIFO end), so a tile with more stream endpoints than channels fails;
//  - negotiated congestion (PathFinder): each iteration rips up and reroutes every net with
//    Dijkstra over link demand = base x (1 + history x overuse count), demand bumped by a
//    factor when a channel fills during the iteration; stops when nothing is overused or
//    after maxIterations (1000, like MLIR-AIE) with "unable to find a legal routing".
// In packet mode flows share link channels (packetFlowsPerChannel per channel) but not DMA
// channels. Designs whose only legal routings mix modes or share DMA channels fail here.
#include <string>
#include <vector>

#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

class Placement;

struct PathfinderConfig {
  std::string mode = "circuit";  ///< "circuit" or "packet": the stream mode of every net
  int maxIterations = 1000;      ///< rip-up-and-reroute iterations before giving up
  double historyCoeff = 0.1;     ///< demand growth per iteration an edge was overused
  double demandBump = 1.1;       ///< demand factor when an edge fills up within an iteration
  double crossbarCost = 0.0;     ///< cost of a hop through a switch (links cost 1)
};

void bindPathfinderParams(core::ParamBinder& binder, PathfinderConfig& config);

struct PathfinderResult {
  bool success = false;
  std::string status;  ///< "routed", "failed", "cancelled", "time-out"
  Routing routing;
  std::vector<std::string> reasons;
  int iterations = 0;
  double seconds = 0;
};

PathfinderResult runPathfinderRouter(const Design& design, const Device& device, const RrGraph& graph,
                                     const Placement& placement, const PathfinderConfig& config, core::RunContext& ctx);

}  // namespace ts::aie
