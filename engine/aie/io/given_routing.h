#pragma once
// Routes a design file gives (the hop_tile_ids of MLIR-AIE pnr flows and object FIFOs) as route
// trees on the RR graph, so that the routing checker can check them and the studio can show them.
#include <string>
#include <vector>

#include "engine/aie/io/mlir_import.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

/// A circuit per net that has given paths (the union of its paths' edges); other nets stay
/// unrouted. Steps the graph cannot take (no link between the tiles, a path that turns back)
/// are reported in `problems`, and that net is left unrouted.
Routing givenRouting(const Design& design, const RrGraph& graph, const Placement& placement,
                     const std::vector<GivenPath>& paths, std::vector<std::string>& problems);

/// Builds the given routing and runs the routing checker on it (nets without given paths are
/// not required). Returns the problems; `routeLength` gets the number of link hops.
std::vector<std::string> checkGivenRoutes(const Design& design, const Device& device, const Placement& placement,
                                          const std::vector<GivenPath>& paths, int* routeLength = nullptr);

}  // namespace ts::aie
