#pragma once
// The routing-resource graph routers work on. Per tile there is a source and a sink node (the
// tile's memory seen through its DMA or shared-memory port), a memory-bank node (compute tiles,
// for shared-memory nets) and a stream switch split into input-side and output-side nodes per
// port group (north, south, east, west, DMA). Crossbar edges only join an input side to the
// output side of a *different* port, so no route can turn around inside a switch.
#include <array>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"

namespace ts::aie {

enum class RrNodeKind { Source, Sink, Memory, SwitchIn, SwitchOut };
/// Port groups of a stream switch. An input-side node of port North receives from the
/// northern neighbour; an output-side node of port North sends to it.
enum class Port { North, South, East, West, Dma };
enum class RrEdgeKind {
  DmaOut,       ///< MM2S: source -> switch input (DMA port); capacity = MM2S channels
  DmaIn,        ///< S2MM: switch output (DMA port) -> sink; capacity = S2MM channels
  Crossbar,     ///< inside a switch, input side of one port -> output side of another
  Link,         ///< stream links from a switch to its neighbour; capacity = link count
  SharedWrite,  ///< source core writes a neighbour memory bank it can access
  SharedRead,   ///< a memory bank read by a neighbour core
  IntraTile,    ///< two endpoints on the same memory tile exchange data in place
  PortOut,      ///< a net end on a stream port (core, trace, PLIO, switch side) enters the switch
  PortIn,       ///< ... or leaves it: no DMA channel, no buffer
};
const char* toString(RrNodeKind kind);
const char* toString(Port port);
const char* toString(RrEdgeKind kind);

struct RrNode {
  RrNodeKind kind;
  TileCoord tile;
  Port port = Port::Dma;  ///< for switch nodes
};

struct RrEdge {
  int from;
  int to;
  RrEdgeKind kind;
  int capacity;
  double cost;
};

/// Base cost and capacity per edge kind. Routers add their own per-interconnect weights.
struct RrCostConfig {
  double link = 1.0;          ///< one inter-switch hop
  double crossbar = 0.0;      ///< passing through a switch
  double dma = 1.0;           ///< using one DMA channel (either direction)
  double sharedMemory = 0.1;  ///< one shared-memory access
  double intraTile = 0.0;
  int unlimited = 1 << 20;  ///< capacity used for crossbar and shared-memory edges
};

class RrGraph {
 public:
  static constexpr int kNodesPerTile = 13;

  explicit RrGraph(const Device& device, const RrCostConfig& costs = {});

  const Device& device() const { return *device_; }
  int nodeCount() const { return int(nodes_.size()); }
  int edgeCount() const { return int(edges_.size()); }
  const RrNode& node(int id) const { return nodes_[id]; }
  const RrEdge& edge(int id) const { return edges_[id]; }
  const std::vector<RrEdge>& edges() const { return edges_; }
  const std::vector<int>& outEdges(int node) const { return out_[node]; }
  const std::vector<int>& inEdges(int node) const { return in_[node]; }

  int sourceNode(TileCoord t) const { return base(t) + 0; }
  int sinkNode(TileCoord t) const { return base(t) + 1; }
  int memoryNode(TileCoord t) const { return base(t) + 2; }
  int switchIn(TileCoord t, Port p) const { return base(t) + 3 + int(p); }
  int switchOut(TileCoord t, Port p) const { return base(t) + 8 + int(p); }
  /// The link edge leaving t towards d, or -1 when there is none.
  int linkEdge(TileCoord t, Direction d) const { return linkEdge_[device_->index(t) * 4 + int(d)]; }
  /// The DMA edges of a tile, or -1 when the tile has no such channels.
  int dmaOutEdge(TileCoord t) const { return dmaOutEdge_[device_->index(t)]; }
  int dmaInEdge(TileCoord t) const { return dmaInEdge_[device_->index(t)]; }
  /// The stream-port edges of a tile (every tile has them; the port is named by the design).
  int portOutEdge(TileCoord t) const { return portOutEdge_[device_->index(t)]; }
  int portInEdge(TileCoord t) const { return portInEdge_[device_->index(t)]; }
  /// The edge a net's source (pin 0) or target (pin i > 0) on tile t uses to enter / leave the
  /// stream network: its DMA channel, or its stream port. -1 when the tile has no such DMA.
  int endEdge(const Net& net, int pin, TileCoord t) const {
    if (!net.usesDma(pin)) return pin == 0 ? portOutEdge(t) : portInEdge(t);
    return pin == 0 ? dmaOutEdge(t) : dmaInEdge(t);
  }
  /// "link (2,3)->(2,4)" style description for messages.
  std::string describeEdge(int id) const;

 private:
  int base(TileCoord t) const { return device_->index(t) * kNodesPerTile; }
  int addEdge(int from, int to, RrEdgeKind kind, int capacity, double cost);

  const Device* device_;
  std::vector<RrNode> nodes_;
  std::vector<RrEdge> edges_;
  std::vector<std::vector<int>> out_, in_;
  std::vector<int> linkEdge_, dmaOutEdge_, dmaInEdge_, portOutEdge_, portInEdge_;
};

/// The port on the far side of a link: leaving north arrives on the neighbour's south port.
Port oppositePort(Direction d);
Port portOf(Direction d);

}  // namespace ts::aie
