#pragma once
// The subgraph analysis of the `dataflow` placer (CRONet, Sec. IV-F): which compute cores form
// a subgraph, how much data flows between subgraphs, and the order in which they follow each
// other along the dataflow.
//
//  - A subgraph is a design group (`group:` of a core). Compute cores without a group form one
//    subgraph per connected component of the ungrouped cores (connected by a net between them,
//    by being targets of one net, by a cascade, or through one memory-tile / shim core), named
//    "component 1", "component 2", ... in order of their lowest core id. Memory-tile and shim cores belong to no
//    subgraph: they are the endpoints placed after the compute cores.
//  - Traffic u -> v between compute cores: a net from u to v, or a net from u into a
//    memory-tile / shim core that sends a net to v (L3 fusion through a memory tile; when links
//    chain the first net through that core, only their output nets count), weighted by the
//    net's bytes per object.
//  - Order: a greedy topological walk. The next subgraph is one whose predecessors are all
//    placed (any unplaced one when a cycle leaves none), preferring the most traffic with the
//    subgraph placed last, then with all placed ones, then the earliest declared. Parallel
//    branches (CRONet's BranchNet and TrunkNet) thus come one after the other, each in its
//    own dataflow order.
//  - Fusion (optional): two consecutive subgraphs of equal size whose cores are paired one to
//    one by direct nets (CRONet's CONV2D -> MaxPool2D, L2 fusion) become one region whose
//    cores alternate pair by pair, so each pair sits on neighbouring tiles; kept apart, all
//    their nets would cross one boundary whose stream links cannot carry them.
//  - Inside a subgraph the cores follow the dataflow too (Kahn's order on the traffic within
//    it, lowest core id first; a cycle is broken at its lowest id).
#include <string>
#include <vector>

#include "engine/aie/design.h"

namespace ts::aie {

struct DataflowRegion {
  std::vector<std::string> groups;  ///< one subgraph, or two fused ones
  std::vector<CoreId> cores;        ///< compute cores in placement order
};

struct TrafficEdge {
  CoreId from = -1, to = -1;
  double bytes = 0;
};

/// The subgraph name of every core ("" for memory-tile and shim cores).
std::vector<std::string> dataflowGroups(const Design& design);

/// Compute-to-compute traffic, directly or through one memory-tile / shim core.
std::vector<TrafficEdge> computeTraffic(const Design& design);

/// The regions in dataflow order; `fusePointwise` enables the one-to-one fusion above.
std::vector<DataflowRegion> dataflowRegions(const Design& design, bool fusePointwise);

}  // namespace ts::aie
