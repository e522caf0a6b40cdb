#pragma once
// A routed solution: for every net, the interconnect it uses and its route tree on the
// RR graph (edge ids of an RrGraph built from the same device).
#include <string>
#include <vector>

#include "engine/aie/design.h"

namespace ts::aie {

enum class Interconnect { SharedMemory, Circuit, Packet, IntraTile };
const char* toString(Interconnect type);
/// np-flow's names: neighbor_sharing, circuit_switch, packet_switch, intra_tile.
const char* npflowName(Interconnect type);

struct NetRoute {
  bool routed = false;
  Interconnect type = Interconnect::Circuit;
  std::vector<int> edges;              ///< route tree edges (RR graph ids), any order
  std::vector<TileCoord> bufferTiles;  ///< tiles holding this net's buffers
  int packetId = -1;                   ///< packet-switched nets only
};

struct Routing {
  std::vector<NetRoute> nets;  ///< one per design net
  double cost = 0;             ///< the router's objective value
};

}  // namespace ts::aie
