// The place-and-route flow tells a placer whether the router that follows may share DMA channels
// between packet streams (`dma_sharing` "auto"), unless the user said "on" or "off".
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/core/error.h"
#include "place_test_util.h"

using namespace ts::aie;

namespace {

std::string dmaSharing(const std::string& placer, const std::string& router, ts::core::ParamValues placerParams = {},
                       ts::core::ParamValues routerParams = {}) {
  PnrFlowConfig c;
  c.placer = placer;
  c.router = router;
  c.placerParams = std::move(placerParams);
  c.routerParams = std::move(routerParams);
  const ts::core::ParamValues values = placerParamsForRouter(c);
  auto it = values.find("dma_sharing");
  return it == values.end() ? "(none)" : it->second;
}

}  // namespace

TEST(PnrFlow, PlacerSharesDmaChannelsOnlyWhenTheRouterMay) {
  EXPECT_EQ(dmaSharing("sa", "milp"), "on");
  EXPECT_EQ(dmaSharing("sa", "milp", {{"dma_sharing", "auto"}}), "on");
  EXPECT_EQ(dmaSharing("sa", "milp", {}, {{"packet", "false"}}), "off");  // circuit and shared memory only
  EXPECT_EQ(dmaSharing("sa", "pathfinder"), "off");
  EXPECT_EQ(dmaSharing("sa", "pathfinder", {}, {{"mode", "packet"}}), "off");  // shares links, not DMA
  // The user's word stands; the other settings pass through.
  EXPECT_EQ(dmaSharing("sa", "milp", {{"dma_sharing", "off"}}), "off");
  EXPECT_EQ(dmaSharing("sa", "pathfinder", {{"dma_sharing", "on"}}), "on");
  PnrFlowConfig c;
  c.placer = "sa";
  c.placerParams = {{"cost", "bb"}};
  EXPECT_EQ(placerParamsForRouter(c).at("cost"), "bb");
  // Placers without the setting get none (they would refuse it).
  EXPECT_EQ(dmaSharing("manual", "milp"), "(none)");
  EXPECT_EQ(dmaSharing("sequential", "milp"), "(none)");
}

// What the SA placer makes of the setting: "on" shares, "off" and "auto" (placing alone) count a
// channel per stream. Three streams of 45 cycles out of one compute tile whose kernels take 100:
// one channel over by count, none when two may share a channel.
TEST(PnrFlow, SaDmaSharingSettingReachesTheCost) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::hubDesign(3, 176, 100);
  PlaceModel m(d, dev);
  Placement p(d.coreCount());
  const std::vector<TileCoord> at = {{0, 2}, {7, 5}, {7, 2}, {5, 5}};
  for (CoreId c = 0; c < d.coreCount(); ++c) p.place(c, at[size_t(c)]);
  ts::core::RunContext ctx(1);
  auto penalty = [&](const std::string& sharing) {
    SaPlacerConfig cfg;
    cfg.cost = "bb";
    cfg.dmaSharing = sharing;
    auto cost = makePlacementCost(m, cfg, ctx);
    cost->reset(p);
    return cost->penalty();
  };
  const double perChannel = SaPlacerConfig{}.costConfig.bb.dmaPenalty;
  EXPECT_DOUBLE_EQ(penalty("on"), 0.0);
  EXPECT_DOUBLE_EQ(penalty("off"), perChannel);
  EXPECT_DOUBLE_EQ(penalty("auto"), perChannel);
  EXPECT_THROW(penalty("yes"), ts::core::Error);
}
