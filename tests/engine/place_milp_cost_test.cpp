// "milp" placement cost: the router's objective, penalties with a gradient for unroutable
// placements, the cache, propose/commit/revert against recomputation, and SA with it.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/cost/milp_cost.h"
#include "engine/aie/place/sa_placer.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// A shim feeds k0, k0 feeds k1 and k2 (multicast), k2 feeds a memory-tile endpoint.
const char* kDesign = R"(design: small
device: npu1
cores:
  - {name: in, kind: shim}
  - {name: k0}
  - {name: k1}
  - {name: k2}
  - {name: m, kind: memtile}
nets:
  - {name: x, source: in, targets: [k0], bytes: 1024}
  - {name: y, source: k0, targets: [k1, k2], bytes: 2048}
  - {name: z, source: k2, targets: [m], bytes: 1024}
)";

Placement placementOf(const Design& d, std::vector<TileCoord> tiles) {
  Placement p(d.coreCount());
  for (CoreId c = 0; c < d.coreCount(); ++c) p.place(c, tiles[size_t(c)]);
  return p;
}

}  // namespace

TEST(MilpCost, IsTheRouterObjectiveAndCachesIt) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(kDesign);
  PlaceModel model(d, dev);
  ts::core::RunContext ctx(1);
  MilpCost cost(model, MilpCostConfig{}, ctx);
  Placement p = placementOf(d, {{1, 0}, {1, 2}, {1, 3}, {2, 2}, {2, 1}});
  double c0 = cost.reset(p);
  RrGraph g(dev);
  ts::core::RunContext rctx(1);
  MilpRouterResult r = runMilpRouter(d, dev, g, p, MilpRouterConfig{}, rctx);
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(c0, r.objective, 1e-6);
  EXPECT_TRUE(cost.routable());
  EXPECT_DOUBLE_EQ(cost.penalty(), 0.0);
  EXPECT_EQ(cost.solves(), 1);
  EXPECT_NEAR(cost.reset(p), c0, 1e-12);
  EXPECT_EQ(cost.solves(), 1);  // served from the cache
  EXPECT_EQ(cost.cacheHits(), 1);
}

TEST(MilpCost, UnroutablePlacementsPayThePenaltyWithAGradient) {
  Device dev = loadDevice("npu1");
  // A compute core with five output nets of 20 KiB: far from its targets they all stream, and
  // its memory (64 KiB) cannot hold five 40 KiB source buffers.
  std::string y = "design: heavy\ndevice: npu1\ncores:\n  - {name: a}\n";
  for (int i = 0; i < 5; ++i) y += "  - {name: t" + std::to_string(i) + "}\n";
  y += "nets:\n";
  for (int i = 0; i < 5; ++i)
    y += "  - {name: n" + std::to_string(i) + ", source: a, targets: [t" + std::to_string(i) + "], bytes: 20480}\n";
  Design h = ts::test::designFromYaml(y);
  PlaceModel model(h, dev);
  ts::core::RunContext ctx(1);
  MilpCostConfig cfg;
  MilpCost cost(model, cfg, ctx);
  Placement far = placementOf(h, {{0, 2}, {3, 5}, {3, 4}, {2, 5}, {3, 3}, {2, 4}});
  double c = cost.reset(far);
  EXPECT_FALSE(cost.routable());
  EXPECT_GE(c, cfg.infeasiblePenalty + cfg.preCheckPenalty);
  EXPECT_EQ(cost.penalty(), c);
  EXPECT_GE(cost.preCheckRejects(), 1);
  // Moving one target next to the source is still unroutable but cheaper: a gradient.
  double delta = cost.propose({{1, {3, 5}, {0, 3}}});
  EXPECT_LT(delta, 0);
  cost.revert();
  EXPECT_DOUBLE_EQ(cost.total(), c);
}

TEST(MilpCost, IncrementalTotalsEqualRecomputationOverRandomMoves) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(kDesign);
  PlaceModel model(d, dev);
  ts::core::RunContext ctx(1);
  MilpCost cost(model, MilpCostConfig{}, ctx);
  Placement p = placementOf(d, {{0, 0}, {0, 2}, {1, 4}, {3, 5}, {3, 1}});
  cost.reset(p);
  ts::core::Rng rng(3);
  const auto computeTiles = dev.tilesOf(TileKind::Compute);
  for (int step = 0; step < 25; ++step) {
    CoreId c = rng.uniformInt(1, 3);  // compute cores: relocate to a free tile
    TileCoord to = computeTiles[size_t(rng.uniformInt(0, int(computeTiles.size()) - 1))];
    if (!p.coresAt(to).empty()) continue;
    double before = cost.total();
    double delta = cost.propose({{c, p.tile(c), to}});
    if (rng.uniformInt(0, 1) == 0) {
      cost.commit();
      p.place(c, to);
      EXPECT_NEAR(cost.total(), before + delta, 1e-9);
    } else {
      cost.revert();
      EXPECT_DOUBLE_EQ(cost.total(), before);
    }
    EXPECT_NEAR(cost.total(), cost.evaluate(p), 1e-6) << "step " << step;
  }
}

TEST(MilpCost, SaWithTheMilpCostEndsRoutable) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(kDesign);
  SaPlacerConfig cfg;
  cfg.cost = "milp";
  cfg.innerNum = 2;
  cfg.maxMoves = 400;  // each new placement is a MILP solve: keep the test short
  ts::core::RunContext ctx(2);
  auto r = runSaPlacer({d, dev, {}}, cfg, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.costName, "milp");
  RrGraph g(dev);
  ts::core::RunContext rctx(1);
  MilpRouterResult routed = runMilpRouter(d, dev, g, r.placement, MilpRouterConfig{}, rctx);
  ASSERT_TRUE(routed.success) << (routed.reasons.empty() ? routed.status : routed.reasons.front());
  EXPECT_NEAR(routed.objective, r.cost, 1e-6);
  // Same seed, same result.
  ts::core::RunContext again(2);
  EXPECT_EQ(runSaPlacer({d, dev, {}}, cfg, again).placement, r.placement);
}
