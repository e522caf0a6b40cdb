#include "engine/aie/io/given_routing.h"

#include <algorithm>
#include <set>

#include "engine/aie/routing_legality.h"

namespace ts::aie {

namespace {

Direction stepDirection(TileCoord from, TileCoord to) {
  if (to.row > from.row) return Direction::North;
  if (to.row < from.row) return Direction::South;
  return to.col > from.col ? Direction::East : Direction::West;
}

int crossbar(const RrGraph& g, TileCoord t, Port in, Port out) {
  for (int e : g.outEdges(g.switchIn(t, in)))
    if (g.edge(e).to == g.switchOut(t, out)) return e;
  return -1;
}

}  // namespace

Routing givenRouting(const Design& design, const RrGraph& graph, const Placement& placement,
                     const std::vector<GivenPath>& paths, std::vector<std::string>& problems) {
  Routing routing;
  routing.nets.resize(size_t(design.netCount()));
  std::vector<std::set<int>> edges(size_t(design.netCount()));
  std::vector<char> broken(size_t(design.netCount()), 0);
  for (const GivenPath& path : paths) {
    const Net& net = design.nets[size_t(path.net)];
    const std::string what = "net '" + net.name + "' to '" + design.cores[size_t(path.target)].name + "'";
    auto& set = edges[size_t(path.net)];
    const auto& hops = path.hops;
    auto fail = [&](const std::string& why) {
      problems.push_back(what + ": " + why);
      broken[size_t(path.net)] = 1;
    };
    const int pin = int(std::find(net.targets.begin(), net.targets.end(), path.target) - net.targets.begin()) + 1;
    int first = graph.endEdge(net, 0, hops.front()), last = graph.endEdge(net, pin, hops.back());
    if (first < 0 || last < 0) {
      fail("an end tile has no DMA channel in that direction");
      continue;
    }
    set.insert(first);
    Port in = Port::Dma;
    bool ok = true;
    for (size_t i = 0; i + 1 < hops.size() && ok; ++i) {
      Direction d = stepDirection(hops[i], hops[i + 1]);
      int x = crossbar(graph, hops[i], in, portOf(d)), link = graph.linkEdge(hops[i], d);
      if (x < 0) fail("the path turns back at " + core::toString(hops[i]));
      if (link < 0)
        fail("there is no stream link from " + core::toString(hops[i]) + " to " + core::toString(hops[i + 1]));
      ok = x >= 0 && link >= 0;
      set.insert(x);
      set.insert(link);
      in = oppositePort(d);
    }
    int x = crossbar(graph, hops.back(), in, Port::Dma);
    if (ok && x < 0) fail("the path cannot end at " + core::toString(hops.back()));
    set.insert(x);
    set.insert(last);
  }
  for (NetId n = 0; n < design.netCount(); ++n) {
    if (edges[size_t(n)].empty() || broken[size_t(n)]) continue;
    NetRoute& r = routing.nets[size_t(n)];
    r.routed = true;
    r.type = Interconnect::Circuit;
    r.edges.assign(edges[size_t(n)].begin(), edges[size_t(n)].end());
    r.bufferTiles = expectedBufferTiles(design, placement, n, Interconnect::Circuit, Placement::kUnplaced);
  }
  return routing;
}

std::vector<std::string> checkGivenRoutes(const Design& design, const Device& device, const Placement& placement,
                                          const std::vector<GivenPath>& paths, int* routeLength) {
  RrGraph graph(device);
  std::vector<std::string> problems;
  Routing routing = givenRouting(design, graph, placement, paths, problems);
  RoutingCheckOptions options;
  options.requireAllRouted = false;
  for (const Violation& v : checkRouting(design, device, graph, placement, routing, options))
    problems.push_back(v.message);
  if (routeLength) {
    *routeLength = 0;
    for (const NetRoute& r : routing.nets)
      for (int e : r.edges) *routeLength += graph.edge(e).kind == RrEdgeKind::Link;
  }
  return problems;
}

}  // namespace ts::aie
