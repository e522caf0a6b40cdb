#include "engine/aie/rr_graph.h"

namespace ts::aie {

const char* toString(RrNodeKind kind) {
  switch (kind) {
    case RrNodeKind::Source:
      return "source";
    case RrNodeKind::Sink:
      return "sink";
    case RrNodeKind::Memory:
      return "memory";
    case RrNodeKind::SwitchIn:
      return "switch-in";
    case RrNodeKind::SwitchOut:
      return "switch-out";
  }
  return "?";
}

const char* toString(Port port) {
  switch (port) {
    case Port::North:
      return "north";
    case Port::South:
      return "south";
    case Port::East:
      return "east";
    case Port::West:
      return "west";
    case Port::Dma:
      return "dma";
  }
  return "?";
}

const char* toString(RrEdgeKind kind) {
  switch (kind) {
    case RrEdgeKind::DmaOut:
      return "dma-out";
    case RrEdgeKind::DmaIn:
      return "dma-in";
    case RrEdgeKind::Crossbar:
      return "crossbar";
    case RrEdgeKind::Link:
      return "link";
    case RrEdgeKind::SharedWrite:
      return "shared-write";
    case RrEdgeKind::SharedRead:
      return "shared-read";
    case RrEdgeKind::IntraTile:
      return "intra-tile";
    case RrEdgeKind::PortOut:
      return "port-out";
    case RrEdgeKind::PortIn:
      return "port-in";
  }
  return "?";
}

Port portOf(Direction d) {
  switch (d) {
    case Direction::North:
      return Port::North;
    case Direction::South:
      return Port::South;
    case Direction::East:
      return Port::East;
    case Direction::West:
      return Port::West;
  }
  return Port::Dma;
}

Port oppositePort(Direction d) {
  switch (d) {
    case Direction::North:
      return Port::South;
    case Direction::South:
      return Port::North;
    case Direction::East:
      return Port::West;
    case Direction::West:
      return Port::East;
  }
  return Port::Dma;
}

int RrGraph::addEdge(int from, int to, RrEdgeKind kind, int capacity, double cost) {
  int id = int(edges_.size());
  edges_.push_back({from, to, kind, capacity, cost});
  out_[from].push_back(id);
  in_[to].push_back(id);
  return id;
}

RrGraph::RrGraph(const Device& device, const RrCostConfig& costs) : device_(&device) {
  const int tiles = device.tileCount();
  nodes_.resize(size_t(tiles) * kNodesPerTile);
  out_.resize(nodes_.size());
  in_.resize(nodes_.size());
  linkEdge_.assign(size_t(tiles) * 4, -1);
  dmaOutEdge_.assign(size_t(tiles), -1);
  dmaInEdge_.assign(size_t(tiles), -1);
  portOutEdge_.assign(size_t(tiles), -1);
  portInEdge_.assign(size_t(tiles), -1);
  const Port ports[] = {Port::North, Port::South, Port::East, Port::West, Port::Dma};
  const Direction dirs[] = {Direction::North, Direction::South, Direction::East, Direction::West};

  for (int i = 0; i < tiles; ++i) {
    TileCoord t = device.coord(i);
    nodes_[sourceNode(t)] = {RrNodeKind::Source, t};
    nodes_[sinkNode(t)] = {RrNodeKind::Sink, t};
    nodes_[memoryNode(t)] = {RrNodeKind::Memory, t};
    for (Port p : ports) {
      nodes_[switchIn(t, p)] = {RrNodeKind::SwitchIn, t, p};
      nodes_[switchOut(t, p)] = {RrNodeKind::SwitchOut, t, p};
    }
  }
  for (int i = 0; i < tiles; ++i) {
    TileCoord t = device.coord(i);
    const TileResources& res = device.resources(t);
    if (res.dmaOut > 0)
      dmaOutEdge_[i] = addEdge(sourceNode(t), switchIn(t, Port::Dma), RrEdgeKind::DmaOut, res.dmaOut, costs.dma);
    if (res.dmaIn > 0)
      dmaInEdge_[i] = addEdge(switchOut(t, Port::Dma), sinkNode(t), RrEdgeKind::DmaIn, res.dmaIn, costs.dma);
    // Full crossbar except straight back out of the port a stream came in on.
    for (Port in : ports)
      for (Port out : ports)
        if (in != out || in == Port::Dma)
          addEdge(switchIn(t, in), switchOut(t, out), RrEdgeKind::Crossbar, costs.unlimited, costs.crossbar);
    for (Direction d : dirs) {
      int cap = device.linkCapacity(t, d);
      if (cap <= 0) continue;
      TileCoord n = device.neighbour(t, d);
      linkEdge_[i * 4 + int(d)] =
          addEdge(switchOut(t, portOf(d)), switchIn(n, oppositePort(d)), RrEdgeKind::Link, cap, costs.link);
    }
    if (device.kind(t) == TileKind::Compute) {
      for (TileCoord m : device.memoriesReachableFrom(t)) {
        addEdge(sourceNode(t), memoryNode(m), RrEdgeKind::SharedWrite, costs.unlimited, costs.sharedMemory);
        addEdge(memoryNode(m), sinkNode(t), RrEdgeKind::SharedRead, costs.unlimited, costs.sharedMemory);
      }
    } else if (device.kind(t) == TileKind::Mem) {
      addEdge(sourceNode(t), sinkNode(t), RrEdgeKind::IntraTile, costs.unlimited, costs.intraTile);
    }
  }
  // Stream ports (core, trace, PLIO, a switch's own sides): an end named on one joins the
  // switch without a DMA channel. Added last so that every other edge keeps its id.
  for (int i = 0; i < tiles; ++i) {
    TileCoord t = device.coord(i);
    portOutEdge_[i] = addEdge(sourceNode(t), switchIn(t, Port::Dma), RrEdgeKind::PortOut, costs.unlimited, 0);
    portInEdge_[i] = addEdge(switchOut(t, Port::Dma), sinkNode(t), RrEdgeKind::PortIn, costs.unlimited, 0);
  }
}

std::string RrGraph::describeEdge(int id) const {
  const RrEdge& e = edges_[id];
  const RrNode& a = nodes_[e.from];
  const RrNode& b = nodes_[e.to];
  std::string s = std::string(toString(e.kind)) + " ";
  if (e.kind == RrEdgeKind::Link || e.kind == RrEdgeKind::SharedWrite || e.kind == RrEdgeKind::SharedRead)
    return s + core::toString(a.tile) + "->" + core::toString(b.tile);
  if (e.kind == RrEdgeKind::Crossbar)
    return s + core::toString(a.tile) + " " + toString(a.port) + "->" + toString(b.port);
  return s + core::toString(a.tile);
}

}  // namespace ts::aie
