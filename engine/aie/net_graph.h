#pragma once
// The design as a directed graph of cores with one edge per net target, classified by a
// depth-first search (Boost.Graph) in declaration order: edges that close a loop are feedback,
// the rest form a DAG whose topological order the runtime estimate walks for longest paths.
#include <vector>

#include "engine/aie/design.h"

namespace ts::aie {

struct NetEdge {
  NetId net;
  CoreId from, to;
};

struct NetGraphOrder {
  std::vector<NetEdge> forward;     ///< edges of the DAG
  std::vector<NetEdge> feedback;    ///< back edges: each closes a loop (a net to a core upstream)
  std::vector<CoreId> topological;  ///< every core, sources first, ordered by `forward`
};

NetGraphOrder orderNetGraph(const Design& design);

/// True when some net leads back to a core upstream of its source.
bool hasFeedbackLoop(const Design& design);

}  // namespace ts::aie
