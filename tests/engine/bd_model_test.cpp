// Buffer descriptors (BDs) and nets linked through a compute core, as every part of the engine
// sees them: placement checker, routing checker, MILP router (pre-check and model), placement
// costs. One BD per buffer of every stream endpoint (routing_legality.h).
#include <gtest/gtest.h>

#include "engine/aie/legality.h"
#include "engine/aie/place/cost/bbcg_cost.h"
#include "engine/aie/place/place_model.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "route_test_util.h"

using namespace ts;
using namespace ts::aie;
using test::npu2;
using test::ToyDesign;

namespace {

// Seven cores: three far producers stream into a hub at (3,3), which streams to three far
// consumers; every FIFO end holds four buffers. The hub's six stream endpoints need 6 x 4 = 24
// BDs of its 16 (its 12 locks and 6 KiB fit, and three streams per direction fit its two DMA
// channels with packet switching), so the design routed before BDs were modelled.
ToyDesign sevenCoreHub() {
  ToyDesign t;
  CoreId hub = t.core("hub", {3, 3});
  const std::vector<TileCoord> producers{{0, 5}, {7, 5}, {0, 2}}, consumers{{7, 2}, {6, 5}, {1, 5}};
  for (size_t i = 0; i < 3; ++i) {
    std::string k = std::to_string(i);
    t.net("in" + k, t.core("p" + k, producers[i]), {hub}, 256, 4);
  }
  for (size_t i = 0; i < 3; ++i) {
    std::string k = std::to_string(i);
    t.net("out" + k, hub, {t.core("c" + k, consumers[i])}, 256, 4);
  }
  return t;
}

MilpRouterResult route(const ToyDesign& t, const Device& dev, MilpRouterConfig cfg = {}) {
  RrGraph graph(dev);
  core::RunContext ctx;
  return runMilpRouter(t.design, dev, graph, t.placement, cfg, ctx);
}

}  // namespace

TEST(BufferDescriptors, SevenCoreHubNeedingTwentyFourIsRefusedEverywhere) {
  ToyDesign t = sevenCoreHub();
  const std::string why = "compute tile (3,3): DMA transfers need at least 24 buffer descriptors but it has 16";

  // The placement checker sees them already (no net can use shared memory here).
  auto placement = checkPlacement(t.design, npu2(), t.placement);
  ASSERT_EQ(placement.size(), 1u);
  EXPECT_EQ(placement[0].code, "bds");
  EXPECT_EQ(placement[0].tile, (TileCoord{3, 3}));
  EXPECT_NE(placement[0].message.find("need 24 buffer descriptors but it has 16"), std::string::npos)
      << placement[0].message;

  // The router's pre-check names the tile and the BDs ...
  auto pre = route(t, npu2());
  EXPECT_EQ(pre.status, "infeasible");
  ASSERT_FALSE(pre.reasons.empty());
  EXPECT_EQ(pre.reasons[0].substr(0, why.size()), why) << pre.reasons[0];
  // ... and so does the MILP's elastic explanation without it.
  MilpRouterConfig noPre;
  noPre.preCheck = false;
  auto milp = route(t, npu2(), noPre);
  EXPECT_EQ(milp.status, "infeasible");
  ASSERT_FALSE(milp.reasons.empty());
  EXPECT_EQ(milp.reasons[0], "compute tile (3,3): DMA transfers need 24 buffer descriptors but it has 16");

  // With 32 BDs per compute tile the same design routes; that routing fails the checker on npu2.
  const Device roomy = test::variantOf(npu2(), "roomy", 32, 0);
  auto routed = route(t, roomy);
  ASSERT_TRUE(routed.success) << routed.status;
  RoutingUsage usage;
  auto violations = checkRouting(t.design, npu2(), RrGraph(npu2()), t.placement, routed.routing, {}, &usage);
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_EQ(violations[0].code, "bds");
  EXPECT_NE(violations[0].message.find("compute tile (3,3): DMA transfers need 24 buffer descriptors but it has 16"),
            std::string::npos)
      << violations[0].message;
  EXPECT_EQ(usage.bds[size_t(npu2().index({3, 3}))], 24);
  EXPECT_EQ(usage.bds[size_t(npu2().index({0, 5}))], 4);

  // The placement costs charge the eight BDs over capacity.
  PlaceModel model(t.design, npu2());
  BbCost bb(model);
  bb.reset(t.placement);
  EXPECT_EQ(bb.bdOveruse(), 8);
  EXPECT_EQ(BbCost::fromScratch(model, BbCostConfig{}, t.placement), bb.terms());
}

TEST(BufferDescriptors, BdsAloneOverCapacityArePenalised) {
  // Two streams in and two out of a hub fit its DMA channels, memory and locks; five buffers per
  // end need 20 BDs of its 16. The penalty must not skip a tile whose only overuse is BDs.
  ToyDesign t;
  CoreId hub = t.core("hub", {3, 3});
  t.net("in0", t.core("p0", {0, 5}), {hub}, 256, 5);
  t.net("in1", t.core("p1", {7, 5}), {hub}, 256, 5);
  t.net("out0", hub, {t.core("c0", {7, 2})}, 256, 5);
  t.net("out1", hub, {t.core("c1", {0, 2})}, 256, 5);
  PlaceModel model(t.design, npu2());
  BbCost bb(model);
  bb.reset(t.placement);
  EXPECT_EQ(bb.bdOveruse(), 4);
  EXPECT_EQ(bb.dmaOveruse(), 0);
  EXPECT_EQ(bb.memoryOveruse(), 0);
  EXPECT_EQ(bb.lockOveruse(), 0);
  EXPECT_DOUBLE_EQ(bb.penalty(), 4 * BbCostConfig{}.bdPenalty);
  EXPECT_EQ(BbCost::fromScratch(model, BbCostConfig{}, t.placement), bb.terms());
}

TEST(BufferDescriptors, PacketStreamsShareADmaChannelWhileBdsLast) {
  // Three streams leave s through two MM2S channels: two must share one as packet flows. With
  // one buffer per end they fit s's BDs; the device's dma_flows_per_channel = 1 forbids sharing.
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})}, 1024, 1);
  t.net("n2", s, {t.core("t2", {0, 3})}, 1024, 1);
  t.net("n3", s, {t.core("t3", {6, 5})}, 1024, 1);
  EXPECT_EQ(dmaFlowsPerChannel(npu2(), {3, 3}), 16);  // the BDs one channel reaches
  EXPECT_EQ(dmaFlowsPerChannel(npu2(), {3, 1}), 24);  // a memory-tile channel reaches half of 48
  auto shared = route(t, npu2());
  ASSERT_TRUE(shared.success) << shared.status;
  const Device single = test::variantOf(npu2(), "single", 16, 1);
  EXPECT_EQ(dmaFlowsPerChannel(single, {3, 3}), 1);
  auto none = route(t, single);
  EXPECT_EQ(none.status, "infeasible");
}

TEST(LinkedThroughComputeCore, PlacerCostsAndRouterAgreeOnSharedMemory) {
  // a -> v -> b, linked at compute core v: a shared-memory net must use v's own memory (the
  // link's buffer). From the west of v, a cannot reach v's memory (AIE2 cores reach west, not
  // east); from the east it can.
  for (int aCol : {2, 4}) {
    ToyDesign t;
    CoreId v = t.core("v", {3, 3});
    CoreId a = t.core("a", {aCol, 3});
    CoreId b = t.core("b", {3, 4});
    NetId in = t.net("in", a, {v});
    NetId out = t.net("out", v, {b});
    t.design.links.push_back({{in}, {out}});
    ASSERT_TRUE(t.design.linkedAt(in, v));
    const bool canShare = aCol == 4;
    EXPECT_EQ(sharedMemoryPossible(t.design, npu2(), t.placement, in), canShare);

    PlaceModel model(t.design, npu2());
    BbCost bb(model);
    bb.reset(t.placement);
    EXPECT_EQ(bb.sharedMemoryNet(in), canShare) << "a at column " << aCol;
    BbcgCost bbcg(model);
    bbcg.reset(t.placement);
    EXPECT_EQ(bbcg.sharedMemoryNet(in), canShare);
    EXPECT_EQ(BbcgCost::fromScratch(model, BbcgCostConfig{}, t.placement), bbcg.terms());

    auto r = route(t, npu2());
    ASSERT_TRUE(r.success) << r.status;
    EXPECT_EQ(r.routing.nets[in].type == Interconnect::SharedMemory, canShare) << "a at column " << aCol;
    if (canShare) {
      EXPECT_EQ(r.routing.nets[in].bufferTiles, (std::vector<TileCoord>{{3, 3}}));
    }
  }
}
