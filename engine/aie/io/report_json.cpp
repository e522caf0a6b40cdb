#include "engine/aie/io/report_json.h"

namespace ts::aie {

nlohmann::json qorJson(const QorMetrics& q) {
  return {{"route_length", q.routeLength},
          {"buffer_kb", q.bufferKb()},
          {"buffer_bytes", q.bufferBytes},
          {"shared_nets", q.sharedNets},
          {"intra_tile_nets", q.intraTileNets},
          {"circuit_nets", q.circuitNets},
          {"packet_nets", q.packetNets},
          {"dma_channels", q.dmaChannels},
          {"max_link_utilisation", q.maxLinkUtilisation}};
}

nlohmann::json routesJson(const Design& design, const RrGraph& graph, const Routing& routing) {
  nlohmann::json nets = nlohmann::json::array();
  for (NetId n = 0; n < design.netCount() && n < int(routing.nets.size()); ++n) {
    const NetRoute& r = routing.nets[n];
    nlohmann::json j{{"name", design.nets[n].name}, {"routed", r.routed}};
    if (r.routed) {
      int hops = 0;
      nlohmann::json edges = nlohmann::json::array();
      for (int e : r.edges) {
        if (graph.edge(e).kind == RrEdgeKind::Link) ++hops;
        if (graph.edge(e).kind != RrEdgeKind::Crossbar) edges.push_back(graph.describeEdge(e));
      }
      nlohmann::json tiles = nlohmann::json::array();
      for (auto t : r.bufferTiles) tiles.push_back({t.col, t.row});
      j["type"] = toString(r.type);
      if (r.packetId >= 0) j["packet_id"] = r.packetId;
      j["hops"] = hops;
      j["buffer_tiles"] = tiles;
      j["edges"] = edges;
      j["rr_edges"] = r.edges;
    }
    nets.push_back(j);
  }
  return nets;
}

nlohmann::json estimateJson(const RuntimeEstimate& e) {
  return {{"note", "estimated from a stated model (README 'Runtime estimate'), not measured"},
          {"from_routing", e.fromRouting},
          {"estimated_runtime_us", e.microseconds},
          {"interval_cycles", e.intervalCycles},
          {"latency_cycles", e.latencyCycles},
          {"feedback_cycles", e.feedbackCycles},
          {"total_cycles", e.totalCycles},
          {"bottleneck", e.bottleneck}};
}

}  // namespace ts::aie
