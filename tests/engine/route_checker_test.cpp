// The independent routing checker must reject broken routings of many kinds.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/routing_model.h"
#include "engine/aie/routing_legality.h"
#include "route_test_util.h"

using namespace ts;
using namespace ts::aie;
using test::npu2;
using test::ToyDesign;

namespace {

bool hasCode(const std::vector<Violation>& v, const std::string& code) {
  return std::any_of(v.begin(), v.end(), [&](const Violation& x) { return x.code == code; });
}

std::string codes(const std::vector<Violation>& v) {
  std::string s;
  for (const auto& x : v) s += x.code + ": " + x.message + "\n";
  return s;
}

// a(2,3) -> b(4,3) stream, c(1,4) -> d(1,5) shared, e(5,3) -> {f(5,5), g(6,2)} multicast.
struct CheckedRoute {
  ToyDesign t;
  RrGraph graph{npu2()};
  Routing routing;
  CheckedRoute() {
    auto a = t.core("a", {2, 3});
    auto b = t.core("b", {4, 3});
    auto c = t.core("c", {1, 4});
    auto d = t.core("d", {1, 5});
    auto e = t.core("e", {5, 3});
    auto f = t.core("f", {5, 5});
    auto g = t.core("g", {7, 2});
    t.net("ab", a, {b});
    t.net("cd", c, {d});
    t.net("efg", e, {f, g});
    core::RunContext ctx;
    auto r = runMilpRouter(t.design, npu2(), graph, t.placement, {}, ctx);
    EXPECT_TRUE(r.success) << r.status;
    routing = r.routing;
  }
  std::vector<Violation> check(const Routing& r) const { return checkRouting(t.design, npu2(), graph, t.placement, r); }
  int edgeOf(NetId n, RrEdgeKind kind) const {
    for (int e : routing.nets[n].edges)
      if (graph.edge(e).kind == kind) return e;
    return -1;
  }
};

void erase(std::vector<int>& v, int x) {
  v.erase(std::remove(v.begin(), v.end(), x), v.end());
}

}  // namespace

TEST(RouteChecker, AcceptsTheRoutersResult) {
  CheckedRoute f;
  EXPECT_TRUE(f.check(f.routing).empty()) << codes(f.check(f.routing));
  EXPECT_EQ(f.routing.nets[1].type, Interconnect::SharedMemory);
  EXPECT_EQ(f.routing.nets[2].type, Interconnect::Circuit);
}

TEST(RouteChecker, RejectsAMissingTargetDelivery) {
  CheckedRoute f;
  Routing r = f.routing;
  int dmaIn = -1;
  for (int e : r.nets[2].edges)
    if (f.graph.edge(e).kind == RrEdgeKind::DmaIn && f.graph.node(f.graph.edge(e).to).tile == TileCoord{7, 2})
      dmaIn = e;
  ASSERT_GE(dmaIn, 0);
  erase(r.nets[2].edges, dmaIn);
  auto v = f.check(r);
  EXPECT_TRUE(hasCode(v, "dangling")) << codes(v);
}

TEST(RouteChecker, RejectsADanglingBranch) {
  CheckedRoute f;
  Routing r = f.routing;
  // Add a link out of b's tile that leads nowhere.
  r.nets[0].edges.push_back(f.graph.linkEdge({4, 3}, Direction::North));
  for (int e : f.graph.outEdges(f.graph.switchIn({4, 3}, Port::West)))
    if (f.graph.edge(e).to == f.graph.switchOut({4, 3}, Port::North)) r.nets[0].edges.push_back(e);
  auto v = f.check(r);
  EXPECT_TRUE(hasCode(v, "dangling")) << codes(v);
}

TEST(RouteChecker, RejectsAnUnreachedTargetAndAnUnroutedNet) {
  CheckedRoute f;
  Routing r = f.routing;
  r.nets[0].edges.clear();
  r.nets[0].edges.push_back(f.graph.dmaOutEdge({2, 3}));
  auto v = f.check(r);
  EXPECT_TRUE(hasCode(v, "dangling")) << codes(v);
  r = f.routing;
  r.nets[1].routed = false;
  EXPECT_TRUE(hasCode(f.check(r), "unrouted"));
}

TEST(RouteChecker, RejectsSharedMemoryBetweenNonNeighbours) {
  CheckedRoute f;
  Routing r = f.routing;
  // Claim net ab (a(2,3) -> b(4,3)) is shared through a's own bank: b cannot read it.
  r.nets[0].type = Interconnect::SharedMemory;
  r.nets[0].edges.clear();
  for (int e : f.graph.outEdges(f.graph.sourceNode({2, 3})))
    if (f.graph.edge(e).kind == RrEdgeKind::SharedWrite && f.graph.edge(e).to == f.graph.memoryNode({2, 3}))
      r.nets[0].edges.push_back(e);
  for (int e : f.graph.outEdges(f.graph.memoryNode({2, 3})))
    if (f.graph.edge(e).to == f.graph.sinkNode({3, 3})) r.nets[0].edges.push_back(e);
  r.nets[0].bufferTiles = {{2, 3}};
  auto v = f.check(r);
  EXPECT_TRUE(hasCode(v, "shared-affinity")) << codes(v);
}

TEST(RouteChecker, RejectsAStreamThatEntersASwitchTwice) {
  CheckedRoute f;
  Routing r = f.routing;
  // A second way into b's tile from the north.
  r.nets[0].edges.push_back(f.graph.linkEdge({4, 4}, Direction::South));
  auto v = f.check(r);
  EXPECT_TRUE(hasCode(v, "tree")) << codes(v);
}

TEST(RouteChecker, CountsDmaChannelsPerTile) {
  ToyDesign t;
  auto s = t.core("s", {3, 3});
  t.net("n1", s, {t.core("t1", {6, 3})});
  t.net("n2", s, {t.core("t2", {0, 3})});
  t.net("n3", s, {t.core("t3", {6, 5})});
  RrGraph graph(npu2());
  core::RunContext ctx;
  auto r = runMilpRouter(t.design, npu2(), graph, t.placement, {}, ctx);
  ASSERT_TRUE(r.success);
  Routing broken = r.routing;
  for (auto& n : broken.nets) {  // three circuits out of a tile with two MM2S channels
    n.type = Interconnect::Circuit;
    n.packetId = -1;
  }
  auto v = checkRouting(t.design, npu2(), graph, t.placement, broken);
  ASSERT_TRUE(hasCode(v, "dma-out")) << codes(v);
  EXPECT_NE(codes(v).find("compute tile (3,3): 3 circuit output streams need 3 MM2S channels but it has 2"),
            std::string::npos)
      << codes(v);
  // Packet ids must be unique.
  Routing dup = r.routing;
  for (auto& n : dup.nets)
    if (n.type == Interconnect::Packet) n.packetId = 7;
  EXPECT_TRUE(hasCode(checkRouting(t.design, npu2(), graph, t.placement, dup), "packet-id"));
}

TEST(RouteChecker, CountsLinkChannelsAndMemory) {
  // On the narrow device one east link per switch: two circuits cannot share it.
  const Device& dev = test::narrowDevice();
  ToyDesign t;
  auto a = t.core("a", {0, 2}, CoreKind::Compute, 63 * 1024);
  auto b = t.core("b", {0, 3});
  auto c = t.core("c", {2, 2});
  auto d = t.core("d", {2, 3});
  t.net("ac", a, {c}, 1024, 2);
  t.net("bd", b, {d}, 1024, 2);
  RrGraph graph(dev);
  auto path = [&](TileCoord from, TileCoord to) {
    std::vector<int> edges{graph.dmaOutEdge(from)};
    for (int col = from.col; col < to.col; ++col) edges.push_back(graph.linkEdge({col, from.row}, Direction::East));
    edges.push_back(graph.dmaInEdge(to));
    return edges;
  };
  Routing r;
  r.nets.resize(2);
  r.nets[0] = {true, Interconnect::Circuit, path({0, 2}, {2, 2}), {{0, 2}, {2, 2}}, -1};
  // Net bd goes down to row 2 and shares a's east links.
  std::vector<int> e{graph.dmaOutEdge({0, 3}), graph.linkEdge({0, 3}, Direction::South)};
  for (int col = 0; col < 2; ++col) e.push_back(graph.linkEdge({col, 2}, Direction::East));
  e.push_back(graph.linkEdge({2, 2}, Direction::North));
  e.push_back(graph.dmaInEdge({2, 3}));
  r.nets[1] = {true, Interconnect::Circuit, e, {{0, 3}, {2, 3}}, -1};
  restoreCrossbars(graph, r.nets[0].edges);
  restoreCrossbars(graph, r.nets[1].edges);
  auto v = checkRouting(t.design, dev, graph, t.placement, r);
  EXPECT_TRUE(hasCode(v, "link")) << codes(v);
  // 63 KiB of kernel data plus a 2 KiB buffer overflows a's 64 KiB.
  EXPECT_TRUE(hasCode(v, "memory")) << codes(v);
  EXPECT_FALSE(hasCode(v, "tree")) << codes(v);
}

TEST(RouteChecker, RejectsWrongBufferTilesAndCascades) {
  CheckedRoute f;
  Routing r = f.routing;
  r.nets[0].bufferTiles = {{2, 3}};
  EXPECT_TRUE(hasCode(f.check(r), "buffer-tiles"));
  ToyDesign t = f.t;
  t.design.cascades.push_back({0, 1});  // a(2,3) -> b(4,3) are not cascade neighbours
  EXPECT_TRUE(hasCode(checkRouting(t.design, npu2(), f.graph, t.placement, f.routing), "cascade"));
}
