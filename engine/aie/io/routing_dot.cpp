#include "engine/aie/io/routing_dot.h"

#include <map>
#include <sstream>

// GCC 12 reports a false -Wmaybe-uninitialized inside Boost.Graph's edge iterator (a
// boost::optional member); the warning is silenced for these headers only.
// (clang, which builds the sanitizer build, has no such warning and would warn about the name.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace ts::aie {

namespace {

struct TileVertex {
  TileCoord tile;
  std::string cores;  ///< names of the cores placed there
};

struct HopEdge {
  std::string net;
  Interconnect type = Interconnect::Circuit;
};

using DotGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, TileVertex, HopEdge>;

const char* colourOf(Interconnect type) {
  switch (type) {
    case Interconnect::SharedMemory:
      return "forestgreen";
    case Interconnect::Circuit:
      return "royalblue";
    case Interconnect::Packet:
      return "darkorange";
    case Interconnect::IntraTile:
      return "purple";
  }
  return "black";
}

std::string dotString(const std::string& s) {
  std::string out = "\"";
  for (char c : s)
    out += c == '\n' ? std::string("\\n") : c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string routingDot(const Design& design, const RrGraph& graph, const Placement& placement, const Routing* routing) {
  DotGraph g;
  std::map<TileCoord, DotGraph::vertex_descriptor> vertexOf;
  auto vertex = [&](TileCoord t) {
    auto it = vertexOf.find(t);
    if (it != vertexOf.end()) return it->second;
    auto v = boost::add_vertex(TileVertex{t, ""}, g);
    vertexOf.emplace(t, v);
    return v;
  };
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (!placement.placed(c)) continue;
    std::string& names = g[vertex(placement.tile(c))].cores;
    names += (names.empty() ? "" : "\n") + design.cores[c].name;
  }
  if (routing)
    for (NetId n = 0; n < design.netCount() && n < int(routing->nets.size()); ++n) {
      const NetRoute& r = routing->nets[size_t(n)];
      if (!r.routed) continue;
      for (int e : r.edges) {
        const RrEdge& edge = graph.edge(e);
        const TileCoord a = graph.node(edge.from).tile, b = graph.node(edge.to).tile;
        // Link hops, and the core-to-bank step of a shared-memory net.
        if (a == b || (edge.kind != RrEdgeKind::Link && edge.kind != RrEdgeKind::SharedWrite)) continue;
        boost::add_edge(vertex(a), vertex(b), HopEdge{design.nets[size_t(n)].name, r.type}, g);
      }
    }
  std::ostringstream out;
  boost::write_graphviz(
      out, g,
      [&](std::ostream& os, DotGraph::vertex_descriptor v) {
        const TileVertex& tv = g[v];
        std::string label = core::toString(tv.tile) + (tv.cores.empty() ? "" : "\n" + tv.cores);
        os << "[label=" << dotString(label) << ", pos=\"" << tv.tile.col * 2 << "," << tv.tile.row * 2
           << "!\", shape=box" << (tv.cores.empty() ? ", style=dashed" : "") << "]";
      },
      [&](std::ostream& os, DotGraph::edge_descriptor e) {
        const HopEdge& he = g[e];
        os << "[label=" << dotString(he.net) << ", color=" << colourOf(he.type)
           << (he.type == Interconnect::SharedMemory ? ", style=dashed" : "") << "]";
      },
      [&](std::ostream& os) {
        os << "graph [layout=neato, overlap=true, splines=true, label=" << dotString(design.name + " routing")
           << "];\n";
      });
  return out.str();
}

}  // namespace ts::aie
