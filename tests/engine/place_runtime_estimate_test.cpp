// The runtime estimate model on hand-computed cases (default constants: 4 bytes/cycle, 2
// cycles per hop, 32 cycles DMA setup, 8 cycles shared-memory hand-over, 100 objects, 1 GHz).
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/rr_graph.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/error.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

Design pair(int64_t bytes, bool feedback = false) {
  std::string y = R"(design: p
device: npu2
cores:
  - {name: a, kind: compute, cycles: 500}
  - {name: b, kind: compute, cycles: 300}
nets:
  - {name: ab, source: a, targets: [b], bytes: )" +
                  std::to_string(bytes) + "}\n";
  if (feedback) y += "  - {name: ba, source: b, targets: [a], bytes: " + std::to_string(bytes) + "}\n";
  return ts::test::designFromYaml(y);
}

Placement at(TileCoord a, TileCoord b) {
  Placement p(2);
  p.place(0, a);
  p.place(1, b);
  return p;
}

}  // namespace

TEST(RuntimeEstimate, NeighboursShareMemory) {
  Device dev = loadDevice("npu2");
  auto e = estimateRuntime(pair(1024), dev, at({0, 2}, {1, 2}));
  EXPECT_FALSE(e.fromRouting);
  EXPECT_EQ(e.nets[0].type, Interconnect::SharedMemory);
  EXPECT_DOUBLE_EQ(e.nets[0].deliveryCycles, 8);
  EXPECT_DOUBLE_EQ(e.intervalCycles, 500);
  EXPECT_EQ(e.bottleneck, "core a");
  EXPECT_DOUBLE_EQ(e.latencyCycles, 500 + 8 + 300);
  EXPECT_DOUBLE_EQ(e.totalCycles, 808 + 99 * 500);
  EXPECT_DOUBLE_EQ(e.microseconds, 50.308);
}

TEST(RuntimeEstimate, DistantCoresStreamWithManhattanHops) {
  Device dev = loadDevice("npu2");
  auto e = estimateRuntime(pair(1024), dev, at({0, 2}, {5, 5}));
  EXPECT_EQ(e.nets[0].type, Interconnect::Circuit);
  EXPECT_EQ(e.nets[0].hops, 8);
  EXPECT_DOUBLE_EQ(e.nets[0].occupancyCycles, 32 + 1024 / 4);
  EXPECT_DOUBLE_EQ(e.nets[0].deliveryCycles, 288 + 8 * 2);
  EXPECT_DOUBLE_EQ(e.latencyCycles, 500 + 304 + 300);
  // A large transfer makes the net the slowest stage.
  auto big = estimateRuntime(pair(4096), dev, at({0, 2}, {5, 5}));
  EXPECT_DOUBLE_EQ(big.intervalCycles, 32 + 1024);
  EXPECT_EQ(big.bottleneck, "net ab");
}

TEST(RuntimeEstimate, FeedbackLoopsBoundTheInterval) {
  Device dev = loadDevice("npu2");
  auto near = estimateRuntime(pair(1024, true), dev, at({0, 2}, {1, 2}));
  EXPECT_DOUBLE_EQ(near.feedbackCycles, 500 + 8 + 300 + 8);
  EXPECT_DOUBLE_EQ(near.intervalCycles, 816);
  EXPECT_EQ(near.bottleneck, "loop through a");
  EXPECT_DOUBLE_EQ(near.latencyCycles, 808);  // the feedback net is not on the forward path
  // Far apart, each direction pays DMA, transfer and 8 hops: a longer loop.
  auto far = estimateRuntime(pair(1024, true), dev, at({0, 2}, {5, 5}));
  EXPECT_DOUBLE_EQ(far.feedbackCycles, 500 + 304 + 300 + 304);
  EXPECT_GT(far.microseconds, near.microseconds);
}

TEST(RuntimeEstimate, UsesTheRoutingWhenGiven) {
  Device dev = loadDevice("npu2");
  RrGraph g(dev);
  Design d = pair(1024);
  Placement p = at({0, 2}, {0, 3});  // neighbours, but routed as a stream with a detour
  Routing routing;
  NetRoute r;
  r.routed = true;
  r.type = Interconnect::Circuit;
  r.edges = {g.dmaOutEdge({0, 2}), g.linkEdge({0, 2}, Direction::East), g.linkEdge({1, 2}, Direction::North),
             g.linkEdge({1, 3}, Direction::West), g.dmaInEdge({0, 3})};
  routing.nets.push_back(r);
  auto e = estimateRuntime(d, dev, p, &routing);
  EXPECT_TRUE(e.fromRouting);
  EXPECT_EQ(e.nets[0].type, Interconnect::Circuit);
  EXPECT_EQ(e.nets[0].hops, 3);
  EXPECT_DOUBLE_EQ(e.nets[0].deliveryCycles, 288 + 3 * 2);
  // Packet streams out of one tile share its channel time.
  Design two = ts::test::designFromYaml(R"(design: t
device: npu2
cores:
  - {name: a, kind: compute}
  - {name: b, kind: compute}
  - {name: c, kind: compute}
nets:
  - {name: ab, source: a, targets: [b], bytes: 1024}
  - {name: ac, source: a, targets: [c], bytes: 1024}
)");
  Placement q(3);
  q.place(0, {0, 2});
  q.place(1, {0, 5});
  q.place(2, {3, 2});
  Routing packets;
  for (int i = 0; i < 2; ++i) {
    NetRoute pr;
    pr.routed = true;
    pr.type = Interconnect::Packet;
    packets.nets.push_back(pr);  // no edges: hops fall back to the Manhattan guess
  }
  auto pe = estimateRuntime(two, dev, q, &packets);
  EXPECT_DOUBLE_EQ(pe.nets[0].occupancyCycles, 2 * (32 + 256 * (1 + 1.0 / 64)));
  EXPECT_EQ(pe.nets[1].hops, 3);
}

TEST(RuntimeEstimate, RejectsIncompletePlacements) {
  Device dev = loadDevice("npu2");
  Placement p(2);
  p.place(0, {0, 2});
  EXPECT_THROW(estimateRuntime(pair(64), dev, p), ts::core::Error);
}
