// LSMO: improves a bad start, never moves pinned cores, conservative mode, starts of its own,
// cancel latency and determinism.
#include <gtest/gtest.h>

#include "engine/aie/bench/suite.h"
#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/lsmo_placer.h"
#include "engine/aie/route/milp_router.h"
#include "place_milp_test_util.h"
#include "place_test_util.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// Four chained cores in the four corners of npu1's compute rows, k0 pinned.
Placement badStart(const Design& d) {
  Placement p = Placement::fromDesignPins(d);
  p.place(0, {0, 2});
  p.setPinned(0, true);
  p.place(1, {3, 5});
  p.place(2, {0, 5});
  p.place(3, {3, 2});
  return p;
}

LsmoPlacerResult lsmo(const Design& d, const Device& dev, Placement start, LsmoPlacerConfig cfg = {},
                      uint64_t seed = 1) {
  ts::core::RunContext ctx(seed);
  return runLsmoPlacer({d, dev, std::move(start)}, cfg, ctx);
}

}  // namespace

TEST(Lsmo, ImprovesABadStartAndNeverMovesPinnedCores) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(4));
  Placement start = badStart(d);
  const double before = ts::test::milpRouteCost(d, dev, start);
  for (bool conservative : {false, true}) {
    LsmoPlacerConfig cfg;
    cfg.conservative = conservative;
    auto r = lsmo(d, dev, start, cfg);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_EQ(r.startFrom, "given");
    EXPECT_TRUE(r.routable);
    EXPECT_EQ(r.placement.tile(0), (TileCoord{0, 2})) << "pinned core moved";
    EXPECT_TRUE(r.placement.pinned(0));
    EXPECT_NEAR(r.startCost, before, 1e-6);
    EXPECT_GE(r.improvements, 1);
    const double after = ts::test::milpRouteCost(d, dev, r.placement);
    EXPECT_LT(after, before - 1.0) << "conservative=" << conservative;
    EXPECT_NEAR(after, r.cost, 1e-6);  // the oracle's cost is the router's
    EXPECT_TRUE(checkPlacement(d, dev, r.placement, {true, &start}).empty());
  }
}

TEST(Lsmo, StartsOnItsOwnAndHonoursDesignPins) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(3));
  d.cores[2].pin = TileCoord{2, 4};
  for (const char* from : {"sa", "sequential", "random"}) {
    LsmoPlacerConfig cfg;
    cfg.start = from;
    auto r = lsmo(d, dev, {}, cfg);
    ASSERT_TRUE(r.success) << from;
    EXPECT_EQ(r.startFrom, from);
    EXPECT_EQ(r.placement.tile(2), (TileCoord{2, 4}));
    EXPECT_TRUE(r.routable);
    EXPECT_LE(r.cost, r.startCost + 1e-9);
  }
}

TEST(Lsmo, CancelStopsWithinAHundredMillisecondsWithALegalBest) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(8, 14, 2, 3, 26);
  ASSERT_TRUE(d.problems().empty());
  auto token = std::make_shared<ts::core::CancelToken>();
  LsmoPlacerResult r;
  LsmoPlacerConfig cfg;
  cfg.start = "random";
  double ms = ts::test::stopLatencyMs(*token, 800, [&] {
    ts::core::RunContext ctx(1, 0, token);
    r = runLsmoPlacer({d, dev, {}}, cfg, ctx);
  });
  EXPECT_LT(ms, 100.0 * ts::test::kTimingSlack);
  EXPECT_EQ(r.status, "cancelled");
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
  waitForAbandonedSolves();
}

TEST(Lsmo, SameSeedSameResult) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(4));
  LsmoPlacerConfig cfg;
  cfg.start = "random";
  auto a = lsmo(d, dev, {}, cfg, 9), b = lsmo(d, dev, {}, cfg, 9);
  ASSERT_TRUE(a.success);
  EXPECT_EQ(a.placement, b.placement);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_DOUBLE_EQ(a.cost, b.cost);
}

TEST(Lsmo, NeverEndsWorseThanTheSaPlacementItStartsFrom) {
  // A suite design on which the oracle's neighbourhoods are real MILPs (and may time out).
  Device dev = loadDevice("npu2");
  Design d;
  for (const SuiteEntry& e : generateTable1Suite(dev, 1))
    if (e.name == "mesh_p_s_00") d = e.gen.design;
  ASSERT_FALSE(d.cores.empty());
  ts::core::RunContext saCtx(7);
  const LsmoPlacerConfig defaults;
  const std::optional<Placement> sa =
      annealedStart({d, dev, {}}, Placement::fromDesignPins(d), 1.0, defaults.formulation, saCtx);
  ASSERT_TRUE(sa);
  const double saCost = ts::test::milpRouteCost(d, dev, *sa);
  LsmoPlacerConfig cfg;  // start "sa" by default
  cfg.maxIterations = 4;
  cfg.oracleTimeLimit = 1;
  auto r = lsmo(d, dev, {}, cfg, 7);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.startFrom, "sa");
  EXPECT_NEAR(r.startCost, saCost, 1e-6);  // the same anneal, routed by the same router
  EXPECT_LE(r.cost, r.startCost + 1e-9);
  EXPECT_LE(ts::test::milpRouteCost(d, dev, r.placement), saCost + 1e-6);
}

// The start anneal counts DMA channels as the oracle may use them: with packet flows allowed,
// streams may share a channel. A compute core sends three 45-cycle streams (kernels of 100
// cycles) to memory tiles: one MM2S channel over by count wherever it goes, none when two may
// share a channel.
TEST(Lsmo, StartAnnealSharesDmaChannelsWhenTheOracleDoes) {
  struct LastSample : ts::core::ProgressSink {
    ts::core::QorSample last;
    void onSample(const ts::core::QorSample& s) override { last = s; }
  };
  Device dev = loadDevice("npu2");
  Design d = ts::test::hubDesign(3, 176, 100, "mem");
  auto dmaOveruse = [&](bool packet) {
    LastSample sink;
    ts::core::RunContext ctx(3, 0, nullptr, &sink);
    JointPnrOptions options;
    options.model.allowPacket = packet;
    EXPECT_TRUE(annealedStart({d, dev, {}}, Placement::fromDesignPins(d), 1.0, options, ctx));
    EXPECT_TRUE(sink.last.has("dma_overuse"));
    return sink.last.get("dma_overuse", -1);
  };
  EXPECT_EQ(dmaOveruse(true), 0.0);
  EXPECT_EQ(dmaOveruse(false), 1.0);
}
