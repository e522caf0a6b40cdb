#include "engine/aie/net_graph.h"

#include <algorithm>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>

namespace ts::aie {

namespace {

struct EdgeNet {
  NetId net;
};
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property, EdgeNet>;

Graph netGraph(const Design& d) {
  Graph g(size_t(d.coreCount()));
  for (NetId n = 0; n < d.netCount(); ++n)
    for (CoreId t : d.nets[n].targets) boost::add_edge(size_t(d.nets[n].source), size_t(t), EdgeNet{n}, g);
  return g;
}

class Classifier : public boost::default_dfs_visitor {
 public:
  explicit Classifier(NetGraphOrder& out) : out_(&out) {}
  void back_edge(Graph::edge_descriptor e, const Graph& g) const { out_->feedback.push_back(edge(e, g)); }
  void tree_edge(Graph::edge_descriptor e, const Graph& g) const { out_->forward.push_back(edge(e, g)); }
  void forward_or_cross_edge(Graph::edge_descriptor e, const Graph& g) const { out_->forward.push_back(edge(e, g)); }
  void finish_vertex(Graph::vertex_descriptor v, const Graph&) const { out_->topological.push_back(CoreId(v)); }

 private:
  static NetEdge edge(Graph::edge_descriptor e, const Graph& g) {
    return {g[e].net, CoreId(boost::source(e, g)), CoreId(boost::target(e, g))};
  }
  NetGraphOrder* out_;  // visitors are copied by value
};

}  // namespace

NetGraphOrder orderNetGraph(const Design& design) {
  NetGraphOrder out;
  Graph g = netGraph(design);
  // Vertices and out-edges are visited in declaration order, so the result is deterministic.
  boost::depth_first_search(g, boost::visitor(Classifier(out)));
  std::reverse(out.topological.begin(), out.topological.end());  // reverse finish order
  return out;
}

bool hasFeedbackLoop(const Design& design) {
  return !orderNetGraph(design).feedback.empty();
}

}  // namespace ts::aie
