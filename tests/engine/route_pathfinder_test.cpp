#include <gtest/gtest.h>

#include "engine/aie/qor.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/pathfinder_router.h"
#include "engine/aie/routing_legality.h"
#include "route_test_util.h"

using namespace ts;
using namespace ts::aie;
using test::npu2;
using test::ToyDesign;

namespace {

PathfinderResult pathfind(const ToyDesign& t, const std::string& mode, const Device& dev = npu2()) {
  RrGraph graph(dev);
  core::RunContext ctx;
  PathfinderConfig c;
  c.mode = mode;
  auto r = runPathfinderRouter(t.design, dev, graph, t.placement, c, ctx);
  if (r.success) {
    EXPECT_TRUE(checkRouting(t.design, dev, graph, t.placement, r.routing).empty());
  }
  return r;
}

}  // namespace

TEST(RoutePathfinder, RoutesSharedMemoryAndShortestCircuits) {
  ToyDesign t;
  auto a = t.core("a", {2, 3});
  auto b = t.core("b", {2, 4});
  auto c = t.core("c", {5, 3});
  t.net("ab", a, {b});
  t.net("ac", a, {c});
  auto r = pathfind(t, "circuit");
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons[0]);
  EXPECT_EQ(r.routing.nets[0].type, Interconnect::SharedMemory);
  EXPECT_EQ(r.routing.nets[1].type, Interconnect::Circuit);
  auto q = computeQor(t.design, npu2(), RrGraph(npu2()), t.placement, r.routing);
  EXPECT_EQ(q.routeLength, 3);
}

TEST(RoutePathfinder, FailsOnDmaLimitedFanoutThatTheMilpRoutes) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5})});
  for (const char* mode : {"circuit", "packet"}) {
    auto r = pathfind(t, mode);
    EXPECT_FALSE(r.success) << mode;
    ASSERT_FALSE(r.reasons.empty());
    EXPECT_NE(r.reasons[0].find("(3,3): 3 output streams need DMA but only 2 MM2S"), std::string::npos) << r.reasons[0];
  }
  RrGraph graph(npu2());
  core::RunContext ctx;
  EXPECT_TRUE(runMilpRouter(t.design, npu2(), graph, t.placement, {}, ctx).success);
}

TEST(RoutePathfinder, NegotiatesCongestionAroundAFullLink) {
  // Narrow device: one east link per switch on rows 0, 2 and 3 (memory tiles have none).
  const Device& dev = test::narrowDevice();
  ToyDesign t;
  auto a = t.core("a", {0, 2});
  auto b = t.core("b", {0, 3});
  auto c = t.core("c", {2, 2});
  auto d = t.core("d", {2, 3});
  t.net("ac", a, {c});
  t.net("bd", b, {d});
  t.net("ad", a, {d});
  t.net("bc", b, {c});
  auto r = pathfind(t, "circuit", dev);
  EXPECT_FALSE(r.success);  // four circuits east over three single links
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons[0].find("unable to find a legal routing"), std::string::npos) << r.reasons[0];
  EXPECT_EQ(r.iterations, 1000);
  t.design.nets.pop_back();
  r = pathfind(t, "circuit", dev);  // three circuits: one detours through the shim row
  ASSERT_TRUE(r.success) << r.reasons[0];
  EXPECT_GT(r.iterations, 1);
  auto packet = pathfind(t, "packet", dev);
  ASSERT_TRUE(packet.success);
  EXPECT_EQ(packet.routing.nets[0].type, Interconnect::Packet);
}
