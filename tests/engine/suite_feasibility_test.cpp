// The routing lower bound (feasibility.h) and the designer's endpoint plan (endpoint_plan.h)
// on small hand-checked designs.
#include <gtest/gtest.h>

#include <set>

#include "engine/aie/bench/design_builder.h"
#include "engine/aie/bench/endpoint_plan.h"
#include "engine/aie/bench/feasibility.h"
#include "engine/aie/device_library.h"
#include "route_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;
using ts::test::npu2;

namespace {

/// npu2 with at most four packet flows per DMA channel.
const Device& fourFlows() {
  static const Device d = ts::test::variantOf(npu2(), "four", 16, 4);
  return d;
}

using Toy = ts::test::ToyDesign;  // a design with a fixed placement, built by hand

/// A net named after its index.
NetId net(Toy& t, CoreId src, std::vector<CoreId> targets, int64_t bytes = 1024, int depth = 2) {
  return t.net("n" + std::to_string(t.design.netCount()), src, std::move(targets), bytes, depth);
}

}  // namespace

TEST(SuiteFeasibility, NeighboursCanShareOthersMustStream) {
  Toy t;
  CoreId a = t.core("a", {2, 3}), b = t.core("b", {2, 4}), c = t.core("c", {5, 5}), d = t.core("d", {3, 3});
  net(t, a, {b});     // vertical neighbours
  net(t, a, {b, d});  // a's own memory is reachable by north and east neighbours
  net(t, a, {c});     // far away
  net(t, d, {a, b});  // (2,3) is reachable by all three
  auto reach = classifyNets(t.design, npu2(), t.placement);
  EXPECT_EQ(reach[0], NetReach::SharedCapable);
  EXPECT_EQ(reach[1], NetReach::SharedCapable);
  EXPECT_EQ(reach[2], NetReach::StreamOnly);
  EXPECT_EQ(reach[3], NetReach::SharedCapable);
  FeasibilityReport f = checkRoutingFeasibility(t.design, npu2(), t.placement);
  EXPECT_TRUE(f.feasible());
  EXPECT_EQ(f.streamNets, 1);
  EXPECT_EQ(f.sharedNets, 3);
  EXPECT_TRUE(f.circuitOnly);
  EXPECT_TRUE(f.packetOnly);
  EXPECT_FALSE(f.needsMixedModes());
}

TEST(SuiteFeasibility, ThreeStreamsOutOfOneTileNeedPacketSwitching) {
  Toy t;
  CoreId hub = t.core("hub", {0, 2});
  std::vector<CoreId> far;
  for (int i = 0; i < 3; ++i) far.push_back(t.core("far" + std::to_string(i), {3 + i, 5}));
  for (CoreId f : far) net(t, hub, {f}, 256 * (1 + f));
  FeasibilityReport r = checkRoutingFeasibility(t.design, npu2(), t.placement);
  EXPECT_TRUE(r.feasible());
  EXPECT_FALSE(r.circuitOnly);
  EXPECT_EQ(r.minPacketNets, 2);  // one circuit + two packet nets on the other channel
  EXPECT_TRUE(r.packetOnly);
  // Packet flows must share one of the hub's DMA channels: a mix AMD's router cannot make.
  EXPECT_TRUE(r.needsMixedModes());

  EndpointPlan circuit = planEndpoints(t.design, npu2(), t.placement, EndpointPlanConfig::singleMode());
  EXPECT_FALSE(circuit.ok());
  EndpointPlan mixed = planEndpoints(t.design, npu2(), t.placement);
  ASSERT_TRUE(mixed.ok());
  EXPECT_EQ(mixed.count(PlannedMode::Packet), 2);
  EXPECT_EQ(mixed.modes[2], PlannedMode::Circuit) << "the largest net keeps its own channel";
  EXPECT_EQ(mixed.modes[0], PlannedMode::Packet);
}

TEST(SuiteFeasibility, TooManyStreamsForEvenPacketSwitchingIsInfeasible) {
  Toy t;
  CoreId hub = t.core("hub", {0, 2});
  for (int i = 0; i < 9; ++i) net(t, hub, {t.core("t" + std::to_string(i), {1 + i % 7, 4 + i / 7})});
  // 9 streams > 2 channels x 4 packet flows, on a device that lets four flows share a channel.
  FeasibilityReport r = checkRoutingFeasibility(t.design, fourFlows(), t.placement);
  ASSERT_FALSE(r.feasible());
  EXPECT_EQ(r.issues[0].code, "dma-out");
  EXPECT_FALSE(planEndpoints(t.design, fourFlows(), t.placement).ok());
  // On npu2 itself packet flows share a DMA channel while BDs and locks last: the hub's 9
  // double-buffered endpoints need 18 of each and it has 16 (the DMA channels are no limit).
  FeasibilityReport onNpu2 = checkRoutingFeasibility(t.design, npu2(), t.placement);
  std::set<std::string> codes;
  for (const auto& issue : onNpu2.issues) codes.insert(issue.code);
  EXPECT_EQ(codes, (std::set<std::string>{"bds", "locks"}));
}

TEST(SuiteFeasibility, MinPacketNetsCountsFlowsPerChannel) {
  EXPECT_EQ(minPacketNets(2, 2, 4), 0);
  EXPECT_EQ(minPacketNets(3, 2, 4), 2);
  EXPECT_EQ(minPacketNets(5, 2, 4), 4);
  EXPECT_EQ(minPacketNets(8, 2, 4), 8);
  EXPECT_EQ(minPacketNets(9, 2, 4), 10);  // impossible
  EXPECT_EQ(minPacketNets(9, 6, 4), 4);
}

TEST(SuiteFeasibility, MoreStreamsThanPacketIdsAndAHubNeedMixedModes) {
  Toy t;
  CoreId hub = t.core("hub", {0, 2});
  for (int i = 0; i < 3; ++i) net(t, hub, {t.core("h" + std::to_string(i), {3 + i, 5})});
  // More streams from the memory tiles: up to two per compute core and six per memory tile,
  // until there are 34.
  int streams = 3;
  for (int col = 0; col < 8; ++col) {
    CoreId mem = t.core("m" + std::to_string(col), {col, 1}, CoreKind::MemTile);
    int out = 0;
    for (int row = 2; row <= 5; ++row) {
      if ((col == 0 && row == 2) || (row == 5 && col >= 3 && col <= 5)) continue;
      CoreId c = t.core("c" + std::to_string(col) + std::to_string(row), {col, row});
      for (int k = 0; k < 2 && out < 6 && streams < 34; ++k, ++out, ++streams) net(t, mem, {c}, 256);
    }
  }
  FeasibilityReport r = checkRoutingFeasibility(t.design, npu2(), t.placement);
  ASSERT_TRUE(r.feasible()) << r.issues[0].message;
  EXPECT_GT(r.streamNets, 32);
  EXPECT_FALSE(r.circuitOnly);
  EXPECT_FALSE(r.packetOnly);
  EXPECT_TRUE(r.needsMixedModes());
  EXPECT_NE(r.mixedReason.find("(0,2)"), std::string::npos) << r.mixedReason;
  EndpointPlan plan = planEndpoints(t.design, npu2(), t.placement);
  EXPECT_TRUE(plan.ok());
  EXPECT_LE(plan.count(PlannedMode::Packet), 32);
}

TEST(SuiteFeasibility, MemoryCountsKernelDataAndUnavoidableStreamBuffers) {
  Toy t;
  CoreId a = t.core("a", {0, 2}, CoreKind::Compute, 60 * 1024);
  CoreId b = t.core("b", {4, 4});
  net(t, a, {b}, 2048, 2);  // 4 KiB at each end: 64 KiB at a, still fits
  EXPECT_TRUE(checkRoutingFeasibility(t.design, npu2(), t.placement).feasible());
  net(t, a, {b}, 16, 1);  // one more stream buffer tips a over
  FeasibilityReport r = checkRoutingFeasibility(t.design, npu2(), t.placement);
  ASSERT_FALSE(r.feasible());
  EXPECT_EQ(r.issues[0].code, "memory");
  EXPECT_EQ(r.issues[0].tile, (TileCoord{0, 2}));
  // A neighbour net's buffer may go to the neighbour: the bound does not count it at a.
  Toy s;
  CoreId x = s.core("x", {0, 2}, CoreKind::Compute, 60 * 1024);
  CoreId y = s.core("y", {0, 3});
  net(s, x, {y}, 4096, 2);
  EXPECT_TRUE(checkRoutingFeasibility(s.design, npu2(), s.placement).feasible());
  EndpointPlan plan = planEndpoints(s.design, npu2(), s.placement);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.bufferTile[0], (TileCoord{0, 3})) << "the buffer goes where there is room";
}

TEST(SuiteFeasibility, LinksShareOneBufferAtTheirCore) {
  Toy t;
  CoreId shim = t.core("shim", {0, 0}, CoreKind::Shim);
  CoreId mem = t.core("mem", {0, 1}, CoreKind::MemTile);
  CoreId a = t.core("a", {0, 2}), b = t.core("b", {1, 2});
  NetId in = net(t, shim, {mem}, 2048, 2);
  NetId oa = net(t, mem, {a}, 1024, 2), ob = net(t, mem, {b}, 1024, 2);
  t.design.links.push_back({{in}, {oa, ob}});
  BufferUsage u = countBuffers(t.design, npu2(), t.placement, std::vector<NetBuffers>(3, NetBuffers::Stream),
                               std::vector<TileCoord>(3));
  const size_t m = size_t(npu2().index({0, 1}));
  EXPECT_EQ(u.memory[m], 4096);  // max(2 x 2048 in, 2 x 1024 + 2 x 1024 out)
  EXPECT_EQ(u.locks[m], 6);      // 2 per linked endpoint
  EXPECT_EQ(u.bds[m], 6);
  EXPECT_EQ(u.memory[size_t(npu2().index({0, 0}))], 0) << "shim buffers live in host memory";
  EXPECT_EQ(u.memory[size_t(npu2().index({0, 2}))], 2048);
}

TEST(SuiteFeasibility, ShimWithoutDmaCannotStream) {
  const Device ve = loadDevice("xcve2802");
  Toy t;
  CoreId shim = t.core("shim", {0, 0}, CoreKind::Shim);  // column 0 has no NOC/DMA
  CoreId c = t.core("c", {0, 3});
  net(t, shim, {c});
  FeasibilityReport r = checkRoutingFeasibility(t.design, ve, t.placement);
  ASSERT_FALSE(r.feasible());
  EXPECT_EQ(r.issues[0].code, "dma-out");
}

TEST(SuiteFeasibility, SingleModePlanSharesOnlyPairsLikeMlirAie) {
  Toy t;
  CoreId a = t.core("a", {2, 3}), b = t.core("b", {2, 4}), d = t.core("d", {3, 3});
  net(t, a, {b, d});  // a multicast to two neighbours: shared memory for the MILP router only
  EndpointPlan any = planEndpoints(t.design, npu2(), t.placement);
  EndpointPlan single = planEndpoints(t.design, npu2(), t.placement, EndpointPlanConfig::singleMode());
  EXPECT_EQ(any.modes[0], PlannedMode::SharedMemory);
  EXPECT_EQ(single.modes[0], PlannedMode::Circuit);
}

TEST(SuiteFeasibility, BuilderBooksChannelsAsASingleModeRouterWould) {
  DesignBuilder b(npu2(), "toy", "");
  CoreId a = b.addCompute("a", {2, 3}, 10), n = b.addCompute("n", {2, 4}, 10), e = b.addCompute("e", {3, 3}, 10);
  CoreId far = b.addCompute("far", {7, 5}, 10);
  EXPECT_TRUE(b.fits(a, {n}));
  b.addNet("pair", a, {n}, 64);
  EXPECT_EQ(b.freeOut({2, 3}), 2) << "a neighbour pair needs no DMA";
  b.addNet("multi", a, {n, e}, 64);
  EXPECT_EQ(b.freeOut({2, 3}), 1) << "MLIR-AIE streams a multicast";
  b.addNet("far", a, {far}, 64);
  EXPECT_FALSE(b.fits(a, {far}));
  b.addInput("in", {{a}, {far}}, 128);
  GeneratedDesign g = b.finish();
  EXPECT_EQ(g.design.countCores(CoreKind::MemTile), 1);
  EXPECT_EQ(g.design.countCores(CoreKind::Shim), 1);
  ASSERT_EQ(g.design.links.size(), 1u);
  EXPECT_EQ(g.design.links[0].kind(), LinkKind::Distribute);
  EXPECT_EQ(g.placement.tile(g.design.findCore("in_mem")).col, 5) << "memory tile under its targets' mean column";
}

TEST(SuiteFeasibility, SingleModeIssuesBesidesMixingLeaveOutOnlyTheOverflowNoRoutingAvoids) {
  // A hub streams to three far cores: its MM2S channels overflow in any routing (the mixed-mode
  // need itself), which is the single-mode plan's only issue, so nothing else is left.
  Toy t;
  CoreId hub = t.core("hub", {2, 3});
  for (int i = 0; i < 3; ++i) net(t, hub, {t.core("far" + std::to_string(i), {5 + i % 3, 5})});
  ASSERT_TRUE(checkRoutingFeasibility(t.design, npu2(), t.placement).needsMixedModes());
  const EndpointPlan single = planEndpoints(t.design, npu2(), t.placement, EndpointPlanConfig::singleMode());
  ASSERT_EQ(single.issues.size(), 1u);
  EXPECT_EQ(single.issues[0].code, "dma-out");
  EXPECT_TRUE(singleModeIssuesBesidesMixing(t.design, npu2(), t.placement).empty());

  // A multicast to two neighbours can share the hub's memory, but AMD's router shares only
  // between pairs and streams it: a fourth MM2S beyond the three forced ones is kept, for a
  // design needing mixed modes as for one that does not (two far streams only).
  Toy both = t;
  CoreId north = both.core("north", {2, 4}), east = both.core("east", {3, 3});
  net(both, hub, {north, east});
  const auto kept = singleModeIssuesBesidesMixing(both.design, npu2(), both.placement);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].code, "dma-out");
  EXPECT_EQ(kept[0].tile, (TileCoord{2, 3}));

  Toy two;
  CoreId h2 = two.core("hub", {2, 3});
  for (int i = 0; i < 2; ++i) net(two, h2, {two.core("far" + std::to_string(i), {5 + i, 5})});
  net(two, h2, {two.core("north", {2, 4}), two.core("east", {3, 3})});
  ASSERT_FALSE(checkRoutingFeasibility(two.design, npu2(), two.placement).needsMixedModes());
  const auto kept2 = singleModeIssuesBesidesMixing(two.design, npu2(), two.placement);
  ASSERT_EQ(kept2.size(), 1u);
  EXPECT_EQ(kept2[0].code, "dma-out");
}

TEST(SuiteFeasibility, PacketFlowsSharingAChannelMustFitItsBandwidth) {
  // Three 1024-byte streams out of one tile: a packet object takes 256 words + a header, so two
  // sharing a channel fit a 600-cycle kernel interval and not a 400-cycle one (stream_bandwidth.h,
  // as the MILP router's pre-check and the routing checker have it).
  auto hub = [](int64_t cycles) {
    Toy t;
    CoreId h = t.core("hub", {3, 3});
    const std::vector<TileCoord> far{{6, 3}, {0, 3}, {6, 5}};
    for (size_t i = 0; i < far.size(); ++i) net(t, h, {t.core("c" + std::to_string(i), far[i])}, 1024);
    t.design.cores[size_t(h)].computeCycles = cycles;
    return t;
  };
  const Toy slow = hub(600);
  const FeasibilityReport ok = checkRoutingFeasibility(slow.design, npu2(), slow.placement);
  EXPECT_TRUE(ok.feasible());
  EXPECT_TRUE(ok.needsMixedModes());
  const Toy fast = hub(400);
  const FeasibilityReport r = checkRoutingFeasibility(fast.design, npu2(), fast.placement);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].code, "dma-out");
  EXPECT_EQ(r.issues[0].tile, (TileCoord{3, 3}));
  EXPECT_EQ(r.issues[0].message,
            "compute tile (3,3): 3 stream nets leaving cannot share its 2 MM2S channels within their bandwidth "
            "(4 bytes/cycle each, 400-cycle interval)");
}
