#pragma once
// A routing as a Graphviz DOT file (np-flow's --routing-viz): one node per tile that holds a
// core or carries a route, pinned at its array position, and one edge per net and inter-tile
// hop, coloured by interconnect. Written with Boost.Graph's write_graphviz.
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

/// `routing` may be null (a failed run): then only the placed cores are drawn.
std::string routingDot(const Design& design, const RrGraph& graph, const Placement& placement, const Routing* routing);

}  // namespace ts::aie
