#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>

#include "engine/aie/io/design_loader.h"
#include "engine/aie/qor.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/routing_neighbourhoods.h"
#include "engine/aie/routing_legality.h"
#include "engine/core/error.h"
#include "engine/core/params.h"
#include "engine/milp/glpsol_check.h"
#include "route_test_util.h"
#include "test_util.h"

using namespace ts;
using namespace ts::aie;
using test::npu2;
using test::ToyDesign;

namespace {

MilpRouterResult route(const ToyDesign& t, MilpRouterConfig cfg = {}) {
  RrGraph graph(npu2());
  core::RunContext ctx;
  auto r = runMilpRouter(t.design, npu2(), graph, t.placement, cfg, ctx);
  if (r.success) {
    EXPECT_TRUE(checkRouting(t.design, npu2(), graph, t.placement, r.routing).empty());
  }
  return r;
}

int linkHops(const Routing& r, NetId n) {
  RrGraph graph(npu2());
  return int(std::count_if(r.nets[n].edges.begin(), r.nets[n].edges.end(),
                           [&](int e) { return graph.edge(e).kind == RrEdgeKind::Link; }));
}

}  // namespace

// Defaults: alpha 1, link 1, dma 1, shared 0.1 per access, gamma 0.05 per KiB.
TEST(RouteMilp, AdjacentCoresUseSharedMemory) {
  ToyDesign t;
  auto a = t.core("a", {2, 3});
  auto b = t.core("b", {2, 4});
  t.net("ab", a, {b}, 1024, 2);
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status;
  EXPECT_EQ(r.milpStatus, milp::Status::Optimal);
  EXPECT_EQ(r.routing.nets[0].type, Interconnect::SharedMemory);
  // write 0.1 + read 0.1 + one 2 KiB buffer * 0.05 = 0.3 (a stream would cost 3.2).
  EXPECT_NEAR(r.objective, 0.3, 1e-6);
}

TEST(RouteMilp, DistantCoresUseACircuitOfShortestLength) {
  ToyDesign t;
  auto a = t.core("a", {2, 3});
  auto b = t.core("b", {4, 3});
  t.net("ab", a, {b}, 1024, 2);
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status;
  EXPECT_EQ(r.routing.nets[0].type, Interconnect::Circuit);
  EXPECT_EQ(linkHops(r.routing, 0), 2);
  // MM2S 1 + 2 hops + S2MM 1 + (2 + 2 KiB) * 0.05 = 4.2
  EXPECT_NEAR(r.objective, 4.2, 1e-6);
}

TEST(RouteMilp, DmaLimitedFanoutForcesPacketMode) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  auto t1 = t.core("t1", {6, 3});
  auto t2 = t.core("t2", {0, 3});
  auto t3 = t.core("t3", {6, 5});
  t.net("n1", s, {t1});
  t.net("n2", s, {t2});
  t.net("n3", s, {t3});
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status << " " << (r.reasons.empty() ? "" : r.reasons[0]);
  int circuit = 0, packet = 0;
  for (const auto& n : r.routing.nets) (n.type == Interconnect::Circuit ? circuit : packet)++;
  // Two MM2S channels for three streams: one circuit, two packet flows sharing a channel.
  EXPECT_EQ(circuit, 1);
  EXPECT_EQ(packet, 2);
  // Per net MM2S + S2MM + hops (3, 3, 5) + 4 KiB * 0.05, plus 2 packet nets * 0.5 and one
  // flow sharing a channel (beta * 1): 5.2 + 5.2 + 7.2 + 1 + 1 = 19.6.
  EXPECT_NEAR(r.objective, 19.6, 1e-6);
  QorMetrics q = computeQor(t.design, npu2(), RrGraph(npu2()), t.placement, r.routing);
  EXPECT_EQ(q.routeLength, 11);
  EXPECT_EQ(q.dmaChannels, 2 + 3);  // two MM2S at the source, one S2MM per target
}

TEST(RouteMilp, WithoutPacketModeTheFanoutIsInfeasibleAndExplained) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5})});
  MilpRouterConfig cfg;
  cfg.model.allowPacket = false;
  cfg.preCheck = false;  // let the MILP find out and the elastic re-solve explain it
  auto r = route(t, cfg);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.status, "infeasible");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons[0].find("(3,3)"), std::string::npos) << r.reasons[0];
  EXPECT_NE(r.reasons[0].find("3 output streams need DMA but only 2 MM2S"), std::string::npos) << r.reasons[0];
}

TEST(RouteMilp, PreCheckNamesTheBindingDmaResource) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  // Nine far targets (one buffer each, so 9 BDs fit): on a device that lets four packet flows
  // share a DMA channel, even packet switching cannot fit them into two MM2S channels.
  std::vector<TileCoord> far = {{0, 2}, {0, 5}, {6, 2}, {6, 5}, {7, 3}, {0, 3}, {7, 4}, {6, 4}, {0, 4}};
  for (size_t i = 0; i < far.size(); ++i)
    t.net("n" + std::to_string(i), s, {t.core("t" + std::to_string(i), far[i])}, 1024, 1);
  const Device four = test::variantOf(npu2(), "four", 16, 4);
  RrGraph graph(four);
  core::RunContext ctx;
  auto r = runMilpRouter(t.design, four, graph, t.placement, MilpRouterConfig{}, ctx);
  EXPECT_EQ(r.status, "infeasible");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_EQ(r.reasons[0],
            "compute tile (3,3): 9 output streams need DMA but only 2 MM2S channels (at most 4 packet flows share a "
            "channel)");
  EXPECT_EQ(r.solves, 0);  // found before any MILP was built
}

TEST(RouteMilp, ElasticExplainsMemoryOveruse) {
  ToyDesign t;
  auto a = t.core("a", {2, 3}, CoreKind::Compute, 60 * 1024);
  auto b = t.core("b", {5, 3});
  t.net("ab", a, {b}, 4096, 2);  // 8 KiB at a on top of its 60 KiB kernel data
  MilpRouterConfig cfg;
  cfg.preCheck = false;
  auto r = route(t, cfg);
  EXPECT_EQ(r.status, "infeasible");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons[0].find("compute tile (2,3): buffers need"), std::string::npos) << r.reasons[0];
  // The pre-check finds the same bound without a MILP.
  auto pre = route(t);
  ASSERT_FALSE(pre.reasons.empty());
  EXPECT_NE(pre.reasons[0].find("compute tile (2,3): buffers need at least 69632 bytes"), std::string::npos)
      << pre.reasons[0];
}

TEST(RouteMilp, MulticastIsATreeAndLinksShareTheMemTileBuffer) {
  ToyDesign t;
  auto shim = t.core("shim", {1, 0}, CoreKind::Shim);
  auto mem = t.core("mem", {1, 1}, CoreKind::MemTile);
  auto c1 = t.core("c1", {1, 2});
  auto c2 = t.core("c2", {3, 4});
  auto c3 = t.core("c3", {0, 5});
  NetId in = t.net("in", shim, {mem}, 2048, 2);
  NetId o1 = t.net("o1", mem, {c1, c2}, 1024, 2);  // multicast
  NetId o2 = t.net("o2", mem, {c3}, 1024, 2);
  t.design.links.push_back({{in}, {o1, o2}});
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status << " " << (r.reasons.empty() ? "" : r.reasons[0]);
  RrGraph graph(npu2());
  RoutingUsage usage;
  ASSERT_TRUE(checkRouting(t.design, npu2(), graph, t.placement, r.routing, {}, &usage).empty());
  // The link buffer at the memory tile is max(in 4 KiB, out 2 + 2 KiB) = 4 KiB, not the sum.
  EXPECT_EQ(usage.netBuffer[npu2().index({1, 1})], 4096);
  EXPECT_EQ(r.routing.nets[o1].type, Interconnect::Circuit);
}

TEST(RouteMilp, WrittenLpGivesTheSameOptimumInGlpsol) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5})});
  auto a = t.core("a", {1, 4});
  t.net("shared", a, {t.core("b", {1, 5})});
  MilpRouterConfig cfg;
  cfg.lpPath = test::outputDir("route_lp") + "/route.lp";
  auto r = route(t, cfg);
  ASSERT_TRUE(r.success);
  auto g = milp::solveWithGlpsol(cfg.lpPath, 120);
  if (!g.available) GTEST_SKIP() << "glpsol is not installed";
  ASSERT_TRUE(g.solved) << g.status << "\n" << g.output.substr(0, 2000);
  EXPECT_NEAR(g.objective, r.objective, 1e-6);
}

TEST(RouteMilp, CancelledBeforeStartReportsCancelled) {
  ToyDesign t;
  auto a = t.core("a", {2, 3});
  t.net("ab", a, {t.core("b", {5, 5})});
  RrGraph graph(npu2());
  auto token = std::make_shared<core::CancelToken>();
  token->requestStop();
  core::RunContext ctx(1, 0, token);
  auto r = runMilpRouter(t.design, npu2(), graph, t.placement, {}, ctx);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.status, "cancelled");
}

TEST(RouteMilp, UnplacedCoreIsAnError) {
  ToyDesign t;
  auto a = t.core("a", {2, 3});
  t.net("ab", a, {t.core("b", {5, 5})});
  t.placement.unplace(1);
  auto r = route(t);
  EXPECT_EQ(r.status, "error");
}

TEST(RouteMilp, PaperAggregatedFlowsGiveTheSameOptimumAsPerTargetFlows) {
  ToyDesign t;
  auto s = t.core("s", {1, 2});
  auto far1 = t.core("f1", {6, 5});
  auto far2 = t.core("f2", {6, 2});
  auto far3 = t.core("f3", {3, 5});
  t.net("bcast", s, {far1, far2, far3});
  t.net("back", far1, {s});
  MilpRouterConfig perTarget, aggregated;
  aggregated.model.perTargetFlows = false;
  // The aggregated flows' weaker relaxation needs about 1.3 s of branching in a release build,
  // 14.5 s under ASan, and on a loaded CI machine more than the 40 s CBC gets of the default
  // 60 s (the rest is kept for the neighbourhood search). Here all the time goes to CBC, so
  // the status this test checks is CBC's proof.
  for (auto* cfg : {&perTarget, &aggregated}) {
    cfg->timeLimitSeconds = 240;
    cfg->neighbourhoodSeconds = 0;
  }
  auto a = route(t, perTarget);
  auto b = route(t, aggregated);
  ASSERT_TRUE(a.success && b.success);
  EXPECT_EQ(a.milpStatus, milp::Status::Optimal);
  EXPECT_EQ(b.milpStatus, milp::Status::Optimal);
  EXPECT_NEAR(a.objective, b.objective, 1e-6);
  // Rectilinear Steiner tree of (1,2), (6,2), (6,5), (3,5): 5 east, 3 north, 3 east = 11.
  EXPECT_EQ(linkHops(a.routing, 0), 11);
  EXPECT_EQ(linkHops(b.routing, 0), 11);
}

TEST(RouteMilp, GreedyStartLeavesDmaChannelsForThePacketFlows) {
  // Three streams leave s, which has two MM2S channels: a feasible start must make one
  // circuit and two packet flows sharing the other channel, not two circuits first.
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5})});
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status;
  EXPECT_TRUE(r.startAccepted) << "the greedy routing was not a feasible MIP start";
}

TEST(RouteMilp, GreedyStartSharesALinkThatCircuitsWouldFill) {
  // Six streams into a memory tile all cross the one link above it (four channels): circuits
  // routed first would take every channel and leave the last two streams no path, so a
  // feasible start needs some of them packet-switched, sharing a channel.
  ToyDesign t;
  auto m = t.core("m", {3, 1}, CoreKind::MemTile);
  const TileCoord sources[] = {{3, 2}, {3, 3}, {3, 4}, {3, 5}, {2, 3}, {4, 3}};
  for (int k = 0; k < 6; ++k)
    t.net("n" + std::to_string(k), t.core("s" + std::to_string(k), sources[k]), std::vector<CoreId>{m});
  auto r = route(t);
  ASSERT_TRUE(r.success) << r.status;
  EXPECT_TRUE(r.startAccepted) << "the greedy routing was not a feasible MIP start";
  EXPECT_EQ(r.regionMargin, 0);
}

TEST(RouteMilp, PolishedStartIsCheaperAndStillFeasible) {
  // A random design (place_test_util's randomDesign(29, 28, 3, 2, 70)) placed by SA+BB: the
  // plain greedy start leaves circuits that detour, and switching single nets' mode lowers it.
  const aie::LoadedDesign l = aie::loadDesignFile(TS_SOURCE_DIR "/tests/engine/data/random29_sa.yaml");
  RrGraph graph(l.device);
  MilpRouterConfig plain, polished;
  plain.polishSeconds = 0;
  plain.timeLimitSeconds = polished.timeLimitSeconds = 5;
  core::RunContext c1, c2;
  const auto a = runMilpRouter(l.design, l.device, graph, l.placement, plain, c1);
  const auto b = runMilpRouter(l.design, l.device, graph, l.placement, polished, c2);
  ASSERT_TRUE(a.startAccepted && b.startAccepted);
  EXPECT_LT(b.startObjective, a.startObjective - 1e-6);
  // The routing is never worse than its start.
  ASSERT_TRUE(b.success) << b.status;
  EXPECT_LE(b.objective, b.startObjective + 1e-6);
  EXPECT_TRUE(checkRouting(l.design, l.device, graph, l.placement, b.routing).empty());
}

namespace {

// random29_sa with CBC's cuts and heuristics off: CBC needs 13-40 s to prove it (2026-11-29).
// With 9 s it gets about 5.5 s, the fix-and-optimise search the last 3 s.
struct SlowProof {
  aie::LoadedDesign l = aie::loadDesignFile(TS_SOURCE_DIR "/tests/engine/data/random29_sa.yaml");
  RrGraph graph{l.device};
  MilpRouterConfig cfg;
  SlowProof() {
    cfg.timeLimitSeconds = 9;
    cfg.neighbourhoodSeconds = 3;
    cfg.cbc.cuts = "off";
    cfg.cbc.rins = cfg.cbc.diving = false;
  }
  MilpRouterResult route() const {
    core::RunContext ctx;
    return runMilpRouter(l.design, l.device, graph, l.placement, cfg, ctx);
  }
  bool legal(const Routing& r) const { return checkRouting(l.design, l.device, graph, l.placement, r).empty(); }
};

}  // namespace

TEST(RouteMilp, NeighbourhoodSearchRunsOnlyWhenCbcEndsUnproven) {
  const SlowProof p;
  const auto r = p.route();
  ASSERT_TRUE(r.success) << r.status;
  ASSERT_EQ(r.milpStatus, milp::Status::Feasible) << "CBC proved the routing: nothing left to search";
  EXPECT_FALSE(r.cbcStalled);  // its 5.5 s are less than stall_seconds
  EXPECT_GT(r.neighbourhoodSolves, 0);
  EXPECT_NEAR(r.objective, r.neighbourhoodObjective, 1e-6);
  EXPECT_LE(r.objective, r.startObjective + 1e-6);  // never worse than the start
  EXPECT_TRUE(p.legal(r.routing));
  // A model CBC solves to optimality gets no search.
  ToyDesign t;
  auto src = t.core("s", {3, 3});
  t.net("n1", src, {t.core("t1", {6, 3})});
  t.net("n2", src, {t.core("t2", {0, 3})});
  const auto small = route(t);
  ASSERT_TRUE(small.success);
  EXPECT_EQ(small.milpStatus, milp::Status::Optimal);
  EXPECT_EQ(small.neighbourhoodSolves, 0);
}

TEST(RouteMilp, StalledCbcHandsItsTimeToTheNeighbourhoodSearch) {
  // As above, but CBC stalls in its root (a microsecond without a better routing or bound): the
  // search takes over with CBC's time and the result is still a checked routing.
  SlowProof p;
  p.cfg.stallSeconds = 1e-6;
  const auto r = p.route();
  ASSERT_TRUE(r.success) << r.status;
  EXPECT_TRUE(r.cbcStalled);
  EXPECT_EQ(r.milpStatus, milp::Status::Feasible);
  EXPECT_GT(r.neighbourhoodSolves, 0);
  EXPECT_LE(r.objective, r.startObjective + 1e-6);
  EXPECT_LE(r.bound, r.objective + 1e-6);
  EXPECT_TRUE(p.legal(r.routing));
}

namespace {

// A 29-core design's routing model and a feasible routing of it to start a neighbourhood search
// from: the polished greedy one, hardly solved.
struct NeighbourhoodStart {
  aie::LoadedDesign l = aie::loadDesignFile(TS_SOURCE_DIR "/tests/engine/data/random29_sa.yaml");
  RrGraph graph{l.device};
  milp::Model model;
  std::unique_ptr<RoutingModelBuilder> builder;
  std::optional<std::vector<double>> start;

  NeighbourhoodStart() {
    // Any routing within half of CBC's bound ends the solve: a short time limit instead would
    // leave no routing at all on a loaded machine (sanitizer builds).
    MilpRouterConfig quick;
    quick.timeLimitSeconds = 60;
    quick.relativeGap = 0.5;
    quick.polishSeconds = 0.5;
    quick.neighbourhoodSeconds = 0;
    core::RunContext c1;
    const auto first = runMilpRouter(l.design, l.device, graph, l.placement, quick, c1);
    EXPECT_TRUE(first.success) << first.status;
    RoutingModelOptions opts;
    opts.margin = first.regionMargin;
    builder = std::make_unique<RoutingModelBuilder>(l.design, l.device, graph, opts, model);
    builder->setFixedPlacement(l.placement);
    builder->build();
    start = builder->encode(first.routing);
  }
  NeighbourhoodSearchResult search(const NeighbourhoodSearchConfig& nc) const {
    core::RunContext ctx(7);
    return improveRoutingByNeighbourhoods(l.design, l.placement, *builder, model, *start, nc, ctx);
  }
};

}  // namespace

TEST(RouteMilp, NeighbourhoodSearchResultIsAFeasibleRoutingOfTheWholeModel) {
  const NeighbourhoodStart ns;
  const auto& [l, graph, model, builderPtr, start] = ns;
  const RoutingModelBuilder& builder = *builderPtr;
  ASSERT_TRUE(start && model.violations(*start).empty());
  const double startValue = model.evaluate(*start);
  // Every variable of the model belongs to at most one net.
  std::vector<int> owner(size_t(model.varCount()), -1);
  for (NetId n = 0; n < l.design.netCount(); ++n)
    for (int v : builder.netVariables(n)) {
      EXPECT_EQ(owner[size_t(v)], -1) << model.var(v).name;
      owner[size_t(v)] = n;
    }
  NeighbourhoodSearchConfig nc;
  nc.seconds = 3;
  const NeighbourhoodSearchResult r = ns.search(nc);
  EXPECT_GT(r.solves, 0);
  EXPECT_LE(r.objective, startValue + 1e-9);
  EXPECT_TRUE(model.violations(r.values).empty());
  EXPECT_NEAR(model.evaluate(r.values), r.objective, 1e-9);  // the reported value is recomputed
  EXPECT_TRUE(checkRouting(l.design, l.device, graph, l.placement, builder.extract(r.values)).empty());
  // A routing within the accepted gap of a known bound ends the search before it starts.
  nc.bound = startValue * (1 - 1e-3);
  nc.relativeGap = 2e-3;
  const NeighbourhoodSearchResult atBound = ns.search(nc);
  EXPECT_EQ(atBound.solves, 0);
  EXPECT_NEAR(atBound.objective, startValue, 1e-9);
}

TEST(RouteMilp, NeighbourhoodBudgetInVariablesGrowsAndShrinks) {
  const NeighbourhoodStart ns;
  ASSERT_TRUE(ns.start && ns.model.violations(*ns.start).empty());
  // The first budget: initialNets nets of average size, in variables.
  NeighbourhoodSearchConfig nc;
  size_t variables = 0, nets = 0;
  for (NetId n = 0; n < ns.l.design.netCount(); ++n)
    if (!ns.builder->netVariables(n).empty()) {
      variables += ns.builder->netVariables(n).size();
      ++nets;
    }
  ASSERT_GT(nets, size_t(nc.initialNets) + 1);  // or there would be no search
  const double firstBudget = double(nc.initialNets) * double(variables) / double(nets);

  // Sub-MILPs that end unproven (no time to solve): each budget is three quarters of what the
  // last neighbourhood used, down to the seed and its nearest net.
  nc.seconds = 30;  // ends after a pass over all seeds finds nothing (well before, unless slow)
  nc.solveSeconds = 1e-9;
  const NeighbourhoodSearchResult cut = ns.search(nc);
  ASSERT_GE(cut.solves, 6);
  ASSERT_EQ(cut.freedNets.size(), size_t(cut.solves));
  EXPECT_EQ(cut.improvements, 0);
  EXPECT_GT(cut.freedNets.front(), 2);
  EXPECT_TRUE(cut.freedVariables.front() <= firstBudget || cut.freedNets.front() == 2);
  for (int i = 1; i < cut.solves; ++i)
    EXPECT_TRUE(cut.freedVariables[size_t(i)] <= 0.75 * cut.freedVariables[size_t(i) - 1] + 1e-9 ||
                cut.freedNets[size_t(i)] == 2)
        << "neighbourhood " << i << ": " << cut.freedVariables[size_t(i)] << " variables after "
        << cut.freedVariables[size_t(i) - 1];
  EXPECT_EQ(cut.freedNets.back(), 2);

  // Sub-MILPs this small solve to optimality at once: the budget grows a quarter each time, so
  // later neighbourhoods outgrow the first budget (which, kept, would bound them all).
  // Generous times, so that a slow (sanitizer) build still counts them as quick.
  nc.seconds = 10;
  nc.solveSeconds = 10;
  const NeighbourhoodSearchResult quick = ns.search(nc);
  ASSERT_GE(quick.solves, 3);
  EXPECT_GT(*std::max_element(quick.freedVariables.begin(), quick.freedVariables.end()), 1.4 * firstBudget)
      << quick.solves << " sub-MILPs";
  EXPECT_GT(*std::max_element(quick.freedNets.begin(), quick.freedNets.end()), quick.freedNets.front());
}

TEST(RouteMilp, GreedyStartDoesNotChangeTheOptimum) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5}), t.core("t4", {4, 5})});
  MilpRouterConfig withStart, without;
  without.greedyStart = false;
  auto a = route(t, withStart);
  auto b = route(t, without);
  ASSERT_TRUE(a.success && b.success);
  EXPECT_NEAR(a.objective, b.objective, 1e-6);
}

TEST(RouteMilp, QualitySaysWhereTheRoutingIsOptimal) {
  ToyDesign t;
  auto s = t.core("s", {0, 3});
  t.net("n1", s, {t.core("t1", {5, 3})});
  auto boxed = route(t);
  ASSERT_TRUE(boxed.success);
  EXPECT_EQ(boxed.quality, "optimal in region margin 0");
  EXPECT_FALSE(boxed.fullRegion);
  MilpRouterConfig whole;
  whole.wholeArray = true;
  auto all = route(t, whole);
  ASSERT_TRUE(all.success);
  EXPECT_EQ(all.quality, "optimal on the whole array");
  EXPECT_TRUE(all.fullRegion);
  EXPECT_GT(all.variables, boxed.variables);
  EXPECT_NEAR(all.objective, boxed.objective, 1e-6);  // a straight circuit: the box holds the optimum
}

namespace {

/// A 6 x 6 array with one arbiter per switch and single east/west links.
const Device& tightDevice() {
  static const Device tight = [] {
    TileResources compute{65536, 16, 16, 2, 2}, mem{524288, 64, 48, 6, 6}, shim{0, 16, 16, 2, 2};
    StreamLinks links;
    links.east = links.west = 1;
    links.north = links.south = 2;
    PacketLimits packet;
    packet.arbiters = 1;
    return Device(
        "tight", "test array", Generation::Aie2, 6,
        {TileKind::Shim, TileKind::Mem, TileKind::Compute, TileKind::Compute, TileKind::Compute, TileKind::Compute},
        {0, 1, 2, 3, 4, 5}, compute, mem, shim, links, packet);
  }();
  return tight;
}

// The tight array with circuit-switched streams only (no shared memory, no packets): each east
// link carries one net, so small regions run out of routes.
struct TightCircuits {
  const Device& device = tightDevice();
  RrGraph graph{device};
  core::RunContext ctx;
  MilpRouterConfig cfg = [] {
    MilpRouterConfig c;
    c.model.allowShared = false;
    c.model.allowPacket = false;
    return c;
  }();
  MilpRouterResult route(const ToyDesign& d) { return runMilpRouter(d.design, device, graph, d.placement, cfg, ctx); }
};

}  // namespace

TEST(RouteMilp, LazyArbiterRowsKeepComingAfterTheRegionGrows) {
  // One arbiter per switch and single east/west links: the nets' own boxes are infeasible, the
  // region grows to margin 1, and then seven rounds of lazy arbiter rows are needed. (Before,
  // region growth used up the four lazy rounds and the router returned "error".)
  const Device& tight = tightDevice();
  ToyDesign t;
  std::vector<CoreId> c;
  for (TileCoord at : std::vector<TileCoord>{{3, 2}, {2, 2}, {1, 2}, {2, 4}, {1, 4}, {3, 3}, {5, 3}, {0, 3}})
    c.push_back(t.core("c" + std::to_string(c.size()), at));
  t.net("a", c[1], {c[3]});
  t.net("b", c[5], {c[1]});
  t.net("c", c[0], {c[7], c[6]});
  t.net("d", c[1], {c[7]});
  t.net("e", c[2], {c[5]});
  t.net("f", c[5], {c[7]});
  MilpRouterConfig cfg;
  cfg.model.allowShared = false;
  RrGraph graph(tight);
  core::RunContext ctx;
  auto r = runMilpRouter(t.design, tight, graph, t.placement, cfg, ctx);
  ASSERT_TRUE(r.success) << r.status << ": " << (r.reasons.empty() ? "" : r.reasons.front());
  EXPECT_TRUE(checkRouting(t.design, tight, graph, t.placement, r.routing).empty());
  EXPECT_GE(r.regionMargin, 1);
  EXPECT_GT(r.lazyArbiterRows, 3);
  EXPECT_EQ(r.quality, "optimal in region margin " + std::to_string(r.regionMargin));
  EXPECT_EQ(r.cappedRelaxations, 0);  // these proofs take milliseconds, far below the cap
}

TEST(RouteMilp, RegionGrowsWhenTheRelaxationRunsOutOfTime) {
  TightCircuits t;
  // Two nets along one row of single east links: their boxes (margin 0) hold one route, not two.
  ToyDesign row;
  CoreId a = row.core("a", {0, 3}), b = row.core("b", {1, 3}), a2 = row.core("a2", {5, 3}), b2 = row.core("b2", {4, 3});
  row.net("long", a, {a2});
  row.net("short", b, {b2});
  auto proven = t.route(row);
  ASSERT_TRUE(proven.success) << proven.status;
  EXPECT_EQ(proven.regionMargin, 1);
  EXPECT_EQ(proven.cappedRelaxations, 0);
  // An LP relaxation stopped before it proves the region too small grows the region all the
  // same (some CRONet placements took the LP 25 s per margin): the routing is the same.
  t.cfg.relaxationSeconds = 1e-9;
  auto capped = t.route(row);
  ASSERT_TRUE(capped.success) << capped.status;
  EXPECT_EQ(capped.cappedRelaxations, 1);
  EXPECT_EQ(capped.regionMargin, 1);
  EXPECT_DOUBLE_EQ(capped.objective, proven.objective);
  t.cfg.timeLimitSeconds = 0;  // no limit for the routing: the cap still holds
  auto unlimited = t.route(row);
  ASSERT_TRUE(unlimited.success) << unlimited.status;
  EXPECT_EQ(unlimited.cappedRelaxations, 1);
}

TEST(RouteMilp, RelaxationsOfAllRegionsShareOneBudget) {
  TightCircuits t;
  // Four nets across one column boundary of row 3, one east link per tile: the boxes (margin
  // 0, one row) and margin 1 (three rows) hold fewer routes than that, margin 2 four rows with
  // east links (row 1 has none).
  ToyDesign row;
  CoreId a = row.core("a", {0, 3}), b = row.core("b", {1, 3}), c = row.core("c", {4, 3}), d = row.core("d", {5, 3});
  row.net("ac", a, {c});
  row.net("ad", a, {d});
  row.net("bc", b, {c});
  row.net("bd", b, {d});
  auto proven = t.route(row);
  ASSERT_TRUE(proven.success) << proven.status << ": " << (proven.reasons.empty() ? "" : proven.reasons.front());
  ASSERT_EQ(proven.regionMargin, 2);
  EXPECT_EQ(proven.cappedRelaxations, 0);
  // The first relaxation (capped, or proving margin 0 infeasible in its presolve) uses the whole
  // budget, so margin 1 grows without one: one solve fewer, the same routing.
  t.cfg.relaxationSeconds = 1e-9;
  auto capped = t.route(row);
  ASSERT_TRUE(capped.success) << capped.status;
  EXPECT_GE(capped.cappedRelaxations, 1);
  EXPECT_EQ(capped.solves, proven.solves - 1);
  EXPECT_EQ(capped.regionMargin, 2);
  EXPECT_DOUBLE_EQ(capped.objective, proven.objective);
  EXPECT_TRUE(checkRouting(row.design, t.device, t.graph, row.placement, capped.routing).empty());
}

TEST(RouteMilp, CbcSettingsAreRouterSettings) {
  MilpRouterConfig cfg;
  core::ParamBinder b;
  bindMilpRouterParams(b, cfg);
  EXPECT_EQ(cfg.cbc.probing, "off");  // the tuned default (CRONet)
  b.apply({{"cbc_cuts", "tree"},
           {"cbc_probing", "root"},
           {"cbc_strong", "0"},
           {"cbc_rins", "false"},
           {"cbc_diving", "false"}});
  EXPECT_EQ(cfg.cbc.cuts, "tree");
  EXPECT_EQ(cfg.cbc.probing, "root");
  EXPECT_EQ(cfg.cbc.strongBranching, 0);
  EXPECT_FALSE(cfg.cbc.rins);
  EXPECT_FALSE(cfg.cbc.diving);
  EXPECT_THROW(b.apply({{"cbc_cuts", "always"}}), core::Error);
}
