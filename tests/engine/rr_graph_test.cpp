// Properties of the routing-resource graph every router relies on.
#include <gtest/gtest.h>

#include <deque>
#include <set>

#include "engine/aie/device_library.h"
#include "engine/aie/rr_graph.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// Nodes reachable from `from` without using edges of the given kinds.
std::set<int> reachable(const RrGraph& g, int from, std::set<RrEdgeKind> skip = {}) {
  std::set<int> seen{from};
  std::deque<int> q{from};
  while (!q.empty()) {
    int v = q.front();
    q.pop_front();
    for (int e : g.outEdges(v)) {
      if (skip.count(g.edge(e).kind)) continue;
      if (seen.insert(g.edge(e).to).second) q.push_back(g.edge(e).to);
    }
  }
  return seen;
}

class RrGraphOnEveryPreset : public ::testing::TestWithParam<const char*> {};

}  // namespace

TEST_P(RrGraphOnEveryPreset, NoRouteTurnsAroundInsideASwitch) {
  Device d = loadDevice(GetParam());
  RrGraph g(d);
  int crossbars = 0;
  for (const RrEdge& e : g.edges()) {
    if (e.kind != RrEdgeKind::Crossbar) continue;
    ++crossbars;
    const RrNode& a = g.node(e.from);
    const RrNode& b = g.node(e.to);
    EXPECT_EQ(a.kind, RrNodeKind::SwitchIn);
    EXPECT_EQ(b.kind, RrNodeKind::SwitchOut);
    EXPECT_EQ(a.tile, b.tile);
    if (a.port != Port::Dma) {
      EXPECT_NE(a.port, b.port) << g.describeEdge(int(&e - &g.edges()[0]));
    }
  }
  EXPECT_EQ(crossbars, d.tileCount() * 21);  // 4 ports x 4 others + DMA x 5
  // Every link leaves an output side and arrives on the opposite input side of the neighbour:
  // a stream entering from the south can only leave north, east, west or to the DMA.
  for (const RrEdge& e : g.edges()) {
    if (e.kind != RrEdgeKind::Link) continue;
    const RrNode& a = g.node(e.from);
    const RrNode& b = g.node(e.to);
    EXPECT_EQ(a.kind, RrNodeKind::SwitchOut);
    EXPECT_EQ(b.kind, RrNodeKind::SwitchIn);
    EXPECT_EQ(ts::core::manhattan(a.tile, b.tile), 1);
  }
}

TEST_P(RrGraphOnEveryPreset, CapacitiesMatchTheDevice) {
  Device d = loadDevice(GetParam());
  RrGraph g(d);
  for (int i = 0; i < d.tileCount(); ++i) {
    TileCoord t = d.coord(i);
    const auto& res = d.resources(t);
    int out = g.dmaOutEdge(t), in = g.dmaInEdge(t);
    EXPECT_EQ(out >= 0 ? g.edge(out).capacity : 0, res.dmaOut);
    EXPECT_EQ(in >= 0 ? g.edge(in).capacity : 0, res.dmaIn);
    for (Direction dir : {Direction::North, Direction::South, Direction::East, Direction::West}) {
      int e = g.linkEdge(t, dir);
      EXPECT_EQ(e >= 0 ? g.edge(e).capacity : 0, d.linkCapacity(t, dir));
    }
  }
}

TEST_P(RrGraphOnEveryPreset, SharedMemoryEdgesFollowTheNeighbourRules) {
  Device d = loadDevice(GetParam());
  RrGraph g(d);
  for (const RrEdge& e : g.edges()) {
    if (e.kind == RrEdgeKind::SharedWrite) {
      auto reach = d.memoriesReachableFrom(g.node(e.from).tile);
      EXPECT_NE(std::find(reach.begin(), reach.end(), g.node(e.to).tile), reach.end());
    } else if (e.kind == RrEdgeKind::SharedRead) {
      auto cores = d.coresReaching(g.node(e.from).tile);
      EXPECT_NE(std::find(cores.begin(), cores.end(), g.node(e.to).tile), cores.end());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Presets, RrGraphOnEveryPreset,
                         ::testing::Values("npu1", "npu2", "xcvc1902", "xcve2302", "xcve2802"));

TEST(RrGraph, EveryDmaTileReachesEveryOtherByStreams) {
  Device d = loadDevice("npu2");
  RrGraph g(d);
  std::set<RrEdgeKind> noShared{RrEdgeKind::SharedWrite, RrEdgeKind::SharedRead, RrEdgeKind::IntraTile};
  for (TileCoord from : {TileCoord{0, 0}, TileCoord{3, 1}, TileCoord{7, 5}}) {
    auto seen = reachable(g, g.sourceNode(from), noShared);
    for (int i = 0; i < d.tileCount(); ++i)
      EXPECT_TRUE(seen.count(g.sinkNode(d.coord(i)))) << toString(from) << " -> " << toString(d.coord(i));
  }
}

TEST(RrGraph, SharedMemoryAloneOnlyReachesNeighbours) {
  Device d = loadDevice("npu2");
  RrGraph g(d);
  auto seen = reachable(g, g.sourceNode({3, 3}), {RrEdgeKind::DmaOut, RrEdgeKind::PortOut});
  std::set<TileCoord> sinks;
  for (int v : seen)
    if (g.node(v).kind == RrNodeKind::Sink) sinks.insert(g.node(v).tile);
  // Memories reachable from (3,3) are (3,3), (2,3), (3,4), (3,2); their readers:
  std::set<TileCoord> expected;
  for (TileCoord m : d.memoriesReachableFrom({3, 3}))
    for (TileCoord c : d.coresReaching(m)) expected.insert(c);
  EXPECT_EQ(sinks, expected);
  EXPECT_TRUE(sinks.count({4, 3}));   // east neighbour reads (3,3)'s memory
  EXPECT_FALSE(sinks.count({5, 3}));  // two columns away: needs a stream
}

TEST(RrGraph, StreamPortEndsNeedNoDmaChannel) {
  Device d = loadDevice("xcvc1902");
  RrGraph g(d);
  const TileCoord pl{0, 0};  // a PL shim column: no DMA, but its PLIO ports reach the switch
  EXPECT_EQ(g.dmaOutEdge(pl), -1);
  ASSERT_GE(g.portOutEdge(pl), 0);
  EXPECT_EQ(g.edge(g.portOutEdge(pl)).to, g.switchIn(pl, Port::Dma));
  Net net;
  net.sourcePort = PortKind::Stream;
  net.targets = {1};
  net.targetPorts = {PortKind::Dma};
  EXPECT_EQ(g.endEdge(net, 0, pl), g.portOutEdge(pl));
  EXPECT_EQ(g.endEdge(net, 1, {2, 0}), g.dmaInEdge({2, 0}));
}

TEST(RrGraph, MemoryTileColumnsAreOnlyVertical) {
  Device d = loadDevice("npu2");
  RrGraph g(d);
  EXPECT_EQ(g.linkEdge({3, 1}, Direction::East), -1);
  EXPECT_EQ(g.linkEdge({3, 1}, Direction::West), -1);
  EXPECT_GE(g.linkEdge({3, 1}, Direction::North), 0);
}
