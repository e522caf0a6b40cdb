// Joint placement-and-routing MILP ("milp") and its oracle: hand-checkable optima on tiny
// designs (SA reaches them too), pins, no-good cuts, the move limit, infeasibility, cancel and
// determinism.
#include <gtest/gtest.h>

#include <set>

#include "engine/aie/bench/suite.h"
#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "place_milp_test_util.h"
#include "place_test_util.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

JointMilpPlacerResult placeMilp(const Design& d, const Device& dev, Placement start = {}, uint64_t seed = 1) {
  ts::core::RunContext ctx(seed);
  const JointMilpPlacerConfig cfg;
  return runJointMilpPlacer({d, dev, std::move(start)}, cfg, ctx);
}

}  // namespace

// Each net of 1 KiB, depth 2 between shared-memory neighbours costs a shared write and read
// (0.1 each) plus one 2 KiB buffer set (gamma 0.05 per KiB): 0.3. A chain of three: 0.6.
TEST(JointMilp, ChainOptimumIsNeighboursOnSharedMemoryAndSaReachesIt) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(3));
  auto r = placeMilp(d, dev);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.status, "placed");
  EXPECT_NEAR(r.objective, 0.6, 1e-6);
  EXPECT_TRUE(dev.shareMemory({r.placement.tile(0), r.placement.tile(1)}));
  EXPECT_TRUE(dev.shareMemory({r.placement.tile(1), r.placement.tile(2)}));
  EXPECT_NEAR(ts::test::milpRouteCost(d, dev, r.placement), 0.6, 1e-6);  // the router agrees
  EXPECT_TRUE(checkRouting(d, dev, RrGraph(dev), r.placement, r.routing).empty());

  SaPlacerConfig sa;
  sa.cost = "bbcg";
  ts::core::RunContext ctx(4);
  auto s = runSaPlacer({d, dev, {}}, sa, ctx);
  ASSERT_TRUE(s.success);
  EXPECT_NEAR(ts::test::milpRouteCost(d, dev, s.placement), r.objective, 1e-6);
}

// A shim input to one compute core: MM2S (1) + two link hops shim -> memory tile -> compute row
// (2) + S2MM (1) + the receiver's 2 KiB buffer (0.1) = 4.1 with the core right above the shim.
TEST(JointMilp, ShimStreamOptimumIsTheShortestColumnAndSaReachesIt) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(
      1, "  - {name: in, kind: shim}\n", "  - {name: x, source: in, targets: [k0], bytes: 1024}\n"));
  auto r = placeMilp(d, dev);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(r.optimal);
  EXPECT_NEAR(r.objective, 4.1, 1e-6);
  CoreId in = d.findCore("in"), k0 = d.findCore("k0");
  EXPECT_EQ(r.placement.tile(k0).col, r.placement.tile(in).col);
  EXPECT_EQ(r.placement.tile(k0).row, 2);

  for (const char* cost : {"bb", "bbcg"}) {
    SaPlacerConfig sa;
    sa.cost = cost;
    ts::core::RunContext ctx(2);
    auto s = runSaPlacer({d, dev, {}}, sa, ctx);
    ASSERT_TRUE(s.success);
    EXPECT_NEAR(ts::test::milpRouteCost(d, dev, s.placement), r.objective, 1e-6) << cost;
  }
}

TEST(JointMilp, PinnedCoresStayAndTheRestFollow) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(3));
  d.cores[0].pin = TileCoord{3, 5};  // a design pin in the top-right corner
  Placement start = Placement::fromDesignPins(d);
  start.place(2, {0, 2});  // pinned in the start placement, far away
  start.setPinned(2, true);
  auto r = placeMilp(d, dev, start);
  ASSERT_TRUE(r.success);
  EXPECT_EQ(r.placement.tile(0), (TileCoord{3, 5}));
  EXPECT_EQ(r.placement.tile(2), (TileCoord{0, 2}));
  EXPECT_TRUE(r.placement.pinned(2));
  // k1 can share memory with only one of them; the other net streams. Whatever the optimum,
  // no placement of k1 does better (brute force over every free compute tile).
  double best = 1e9;
  for (TileCoord t : dev.tilesOf(TileKind::Compute)) {
    if (t == TileCoord{3, 5} || t == TileCoord{0, 2}) continue;
    Placement p = r.placement;
    p.place(1, t);
    best = std::min(best, ts::test::milpRouteCost(d, dev, p));
  }
  EXPECT_NEAR(r.objective, best, 1e-6);
}

TEST(JointMilp, NoGoodCutsAndTheMoveLimitShapeTheOracle) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(3));
  RrGraph g(dev);
  JointPnrRequest req;
  req.candidates.assign(3, dev.tilesOf(TileKind::Compute));
  ts::core::RunContext ctx(1);
  JointPnrSolution best = solveJointPnr(d, dev, g, req, JointPnrOptions{}, ctx);
  ASSERT_TRUE(best.found);
  EXPECT_NEAR(best.objective, 0.6, 1e-6);

  // Excluding the optimum gives another placement, no cheaper.
  req.excluded = {best.placement};
  JointPnrSolution second = solveJointPnr(d, dev, g, req, JointPnrOptions{}, ctx);
  ASSERT_TRUE(second.found);
  EXPECT_FALSE(second.placement == best.placement);
  EXPECT_GE(second.objective, best.objective - 1e-9);

  // From a spread-out reference, at most one core may move.
  Placement ref(3);
  ref.place(0, {0, 2});
  ref.place(1, {3, 5});
  ref.place(2, {0, 5});
  req.excluded.clear();
  req.reference = &ref;
  req.maxMoved = 1;
  JointPnrSolution one = solveJointPnr(d, dev, g, req, JointPnrOptions{}, ctx);
  ASSERT_TRUE(one.found);
  int moved = 0;
  for (CoreId c = 0; c < 3; ++c) moved += one.placement.tile(c) != ref.tile(c);
  EXPECT_LE(moved, 1);
  EXPECT_LT(one.objective, ts::test::milpRouteCost(d, dev, ref));  // moving k1 next to one of them helps

  // Only the excluded placement is possible: infeasible without solving.
  JointPnrRequest only;
  for (CoreId c = 0; c < 3; ++c) only.candidates.push_back({best.placement.tile(c)});
  only.excluded = {best.placement};
  JointPnrSolution none = solveJointPnr(d, dev, g, only, JointPnrOptions{}, ctx);
  EXPECT_FALSE(none.found);
  EXPECT_EQ(none.status, ts::milp::Status::Infeasible);
}

TEST(JointMilp, ProvesInfeasibility) {
  // A cascade source pinned where it has no cascade neighbour (east edge, memory tiles south).
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(2));
  d.cascades.push_back({0, 1});
  d.cores[0].pin = TileCoord{3, 2};
  auto r = placeMilp(d, dev);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.status, "failed");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("infeasible"), std::string::npos) << r.reasons.front();
}

TEST(JointMilp, EndpointsShareTilesOnlyWithinTheirChannels) {
  // Shim s0 is pinned at (1, 0); s1 feeds cores pinned above column 1, so its best tile is
  // (1, 0) too. With one net each they share it (2 MM2S channels); with two nets each they may
  // not (the placement checker's rule), and s1 moves to a neighbouring column.
  Device dev = loadDevice("npu1");
  for (int netsEach : {1, 2}) {
    std::string cores = "  - {name: s0, kind: shim, pin: [1, 0]}\n  - {name: s1, kind: shim}\n", nets;
    for (int s = 0; s < 2; ++s)
      for (int k = 0; k < netsEach; ++k)
        nets += "  - {name: x" + std::to_string(s) + std::to_string(k) + ", source: s" + std::to_string(s) +
                ", targets: [k" + std::to_string(2 * s + k) + "], bytes: 512}\n";
    Design d = ts::test::designFromYaml(
        "design: shims\ndevice: npu1\ncores:\n"
        "  - {name: k0, pin: [0, 4]}\n  - {name: k1, pin: [0, 5]}\n"
        "  - {name: k2, pin: [1, 2]}\n  - {name: k3, pin: [1, 3]}\n" +
        cores + "nets:\n" + nets);
    auto r = placeMilp(d, dev);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(r.optimal);
    EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
    TileCoord s1 = r.placement.tile(d.findCore("s1"));
    if (netsEach == 1)
      EXPECT_EQ(s1, (TileCoord{1, 0}));
    else
      EXPECT_NE(s1, (TileCoord{1, 0}));
  }
}

TEST(JointMilp, EndsTakingTurnsShareTheOneShimTileBeyondItsChannels) {
  // npu2_1col has one shim tile, with two MM2S channels, for three shim ends: only when their
  // nets take turns (Design::turns: the host never runs them together) may they all sit there.
  Device dev = loadDevice("npu2_1col");
  std::string yaml =
      "design: turns\ndevice: npu2_1col\ncores:\n"
      "  - {name: k0, pin: [0, 2]}\n  - {name: k1, pin: [0, 3]}\n  - {name: k2, pin: [0, 4]}\n"
      "  - {name: s0, kind: shim}\n  - {name: s1, kind: shim}\n  - {name: s2, kind: shim}\n"
      "nets:\n  - {name: x0, source: s0, targets: [k0], bytes: 512}\n"
      "  - {name: x1, source: s1, targets: [k1], bytes: 512}\n  - {name: x2, source: s2, targets: [k2], bytes: 512}\n";
  EXPECT_FALSE(placeMilp(ts::test::designFromYaml(yaml), dev).success);
  Design d = ts::test::designFromYaml(yaml + "turns:\n  - [x0, x1, x2]\n");
  auto r = placeMilp(d, dev);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  for (const char* s : {"s0", "s1", "s2"}) EXPECT_EQ(r.placement.tile(d.findCore(s)), (TileCoord{0, 0}));
  EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
}

TEST(JointMilp, CancelStopsWithinAHundredMillisecondsWithALegalBest) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::randomDesign(13, 6, 1, 1, 9);  // CBC needs seconds to prove the optimum
  ASSERT_TRUE(d.problems().empty());
  ts::core::RunContext seqCtx(1);
  auto seq = runSequentialPlacer({d, dev, {}}, SequentialPlacerConfig{}, seqCtx);
  Placement start = seq.placement;
  if (!seq.success) {  // any legal start will do
    SaPlacerConfig sa;
    sa.cost = "bb";
    ts::core::RunContext saCtx(1);
    start = runSaPlacer({d, dev, {}}, sa, saCtx).placement;
  }
  ASSERT_TRUE(checkPlacement(d, dev, start).empty());
  auto token = std::make_shared<ts::core::CancelToken>();
  JointMilpPlacerResult r;
  double ms = ts::test::stopLatencyMs(*token, 300, [&] {
    ts::core::RunContext ctx(1, 0, token);
    const JointMilpPlacerConfig cfg;
    r = runJointMilpPlacer({d, dev, start}, cfg, ctx);
  });
  EXPECT_LT(ms, 100.0 * ts::test::kTimingSlack);
  EXPECT_EQ(r.status, "cancelled");
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
  EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
  waitForAbandonedSolves();  // the solver thread it left behind ends at CBC's next poll
}

TEST(JointMilp, SameSeedSameResult) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(4));
  auto a = placeMilp(d, dev, {}, 5), b = placeMilp(d, dev, {}, 5);
  ASSERT_TRUE(a.success);
  EXPECT_EQ(a.placement, b.placement);
  EXPECT_DOUBLE_EQ(a.objective, b.objective);
}

// The CBC settings (cbc_cuts, cbc_probing, ...) reach the solver: other valid levels keep the
// optimum, an unknown one fails the run.
TEST(JointMilp, CbcSettingsReachTheSolver) {
  Device dev = loadDevice("npu1");
  Design d = ts::test::designFromYaml(ts::test::npu1ChainYaml(3));
  JointMilpPlacerConfig cfg;
  cfg.formulation.cbc.cuts = "off";
  cfg.formulation.cbc.probing = "tree";
  cfg.formulation.cbc.diving = true;
  ts::core::RunContext ctx(1);
  auto r = runJointMilpPlacer({d, dev, {}}, cfg, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_NEAR(r.objective, 0.6, 1e-6);
  cfg.formulation.cbc.cuts = "everywhere";
  cfg.warmStart = false;  // the start alone would be a legal answer
  ts::core::RunContext ctx2(1);
  EXPECT_FALSE(runJointMilpPlacer({d, dev, {}}, cfg, ctx2).success);
}

TEST(JointMilp, AnAnnealedMipStartGivesAnIncumbentAtOnce) {
  // A suite design of 16+ cores (about 12 k variables): CBC's heuristics alone find no first
  // placement within minutes. (The suite's stress draws decide its exact size: 16 cores since
  // the per-design stress levels, 18 before.)
  Device dev = loadDevice("npu2");
  Design d;
  for (const SuiteEntry& e : generateTable1Suite(dev, 1))
    if (e.name == "line_p_s_00") d = e.gen.design;
  ASSERT_GE(d.coreCount(), 16);
  ts::core::RunContext ctx(1, 5.0);
  const JointMilpPlacerConfig cfg;
  JointMilpPlacerResult r = runJointMilpPlacer({d, dev, {}}, cfg, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.startFrom, "sa");
  EXPECT_TRUE(r.startAccepted);
  EXPECT_GE(r.incumbentSeconds, 0.0);
  EXPECT_LT(r.incumbentSeconds, 5.0);
  EXPECT_GT(r.objective, 0.0);
  EXPECT_LE(r.bound, r.objective + 1e-6);
}
