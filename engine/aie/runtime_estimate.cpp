#include "engine/aie/runtime_estimate.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include "engine/aie/net_graph.h"
#include "engine/aie/rr_graph.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace {

/// Link hops from the source tile to the farthest target tile along the route tree's links;
/// -1 when the links do not reach every target (then the caller guesses).
int routedHops(const RrGraph& graph, const NetRoute& route, TileCoord source, const std::vector<TileCoord>& targets) {
  const Device& dev = graph.device();
  std::map<int, std::vector<int>> next;
  for (int e : route.edges) {
    if (e < 0 || e >= graph.edgeCount()) continue;
    const RrEdge& edge = graph.edge(e);
    if (edge.kind != RrEdgeKind::Link) continue;
    next[dev.index(graph.node(edge.from).tile)].push_back(dev.index(graph.node(edge.to).tile));
  }
  std::vector<int> dist(size_t(dev.tileCount()), -1);
  std::deque<int> queue{dev.index(source)};
  dist[size_t(dev.index(source))] = 0;
  while (!queue.empty()) {
    int u = queue.front();
    queue.pop_front();
    auto it = next.find(u);
    if (it == next.end()) continue;
    for (int v : it->second)
      if (dist[size_t(v)] < 0) {
        dist[size_t(v)] = dist[size_t(u)] + 1;
        queue.push_back(v);
      }
  }
  int hops = 0;
  for (TileCoord t : targets) {
    int d = dist[size_t(dev.index(t))];
    if (d < 0) return -1;
    hops = std::max(hops, d);
  }
  return hops;
}

}  // namespace

RuntimeEstimate estimateRuntime(const Design& d, const Device& dev, const Placement& p, const Routing* routing,
                                const RuntimeEstimateConfig& cfg) {
  if (p.size() != d.coreCount() || !p.complete())
    throw core::Error("runtime estimate: the placement of '" + d.name + "' is not complete");
  RuntimeEstimate out;
  const bool useRouting = routing && int(routing->nets.size()) == d.netCount();
  std::unique_ptr<RrGraph> graph;
  if (useRouting) graph = std::make_unique<RrGraph>(dev);
  out.fromRouting = useRouting;
  out.nets.resize(size_t(d.netCount()));

  for (NetId n = 0; n < d.netCount(); ++n) {
    const Net& net = d.nets[n];
    NetEstimate& e = out.nets[size_t(n)];
    TileCoord src = p.tile(net.source);
    std::vector<TileCoord> targets, all{src};
    for (CoreId t : net.targets) {
      targets.push_back(p.tile(t));
      all.push_back(p.tile(t));
    }
    int guessHops = 0;
    for (TileCoord t : targets) guessHops = std::max(guessHops, manhattan(src, t));
    bool allCompute = d.cores[net.source].kind == CoreKind::Compute;
    for (CoreId t : net.targets) allCompute = allCompute && d.cores[t].kind == CoreKind::Compute;
    if (useRouting && routing->nets[size_t(n)].routed) {
      const NetRoute& r = routing->nets[size_t(n)];
      e.type = r.type;
      e.fromRouting = true;
      if (r.type == Interconnect::Circuit || r.type == Interconnect::Packet) {
        int hops = routedHops(*graph, r, src, targets);
        e.hops = hops >= 0 ? hops : guessHops;
      }
    } else {
      out.fromRouting = false;
      bool sameTile = std::all_of(targets.begin(), targets.end(), [&](TileCoord t) { return t == src; });
      if (allCompute && dev.shareMemory(all))
        e.type = Interconnect::SharedMemory;
      else if (sameTile && dev.kind(src) == TileKind::Mem)
        e.type = Interconnect::IntraTile;
      else {
        e.type = Interconnect::Circuit;
        e.hops = guessHops;
      }
    }
  }
  // Packet streams leaving one tile take turns on its channel.
  std::map<int, int> packetsFrom;
  for (NetId n = 0; n < d.netCount(); ++n)
    if (out.nets[size_t(n)].type == Interconnect::Packet) ++packetsFrom[dev.index(p.tile(d.nets[n].source))];
  for (NetId n = 0; n < d.netCount(); ++n) {
    NetEstimate& e = out.nets[size_t(n)];
    const double transfer = double(d.nets[n].bytesPerObject) / cfg.streamBytesPerCycle;
    switch (e.type) {
      case Interconnect::SharedMemory:
      case Interconnect::IntraTile:
        e.occupancyCycles = e.deliveryCycles = cfg.sharedMemoryCycles;
        break;
      case Interconnect::Circuit:
        e.occupancyCycles = cfg.dmaSetupCycles + transfer;
        e.deliveryCycles = e.occupancyCycles + e.hops * cfg.hopCycles;
        break;
      case Interconnect::Packet: {
        int sharers = packetsFrom[dev.index(p.tile(d.nets[n].source))];
        double own = cfg.dmaSetupCycles + transfer * (1.0 + cfg.packetHeaderOverhead);
        e.occupancyCycles = own * sharers;
        e.deliveryCycles = e.occupancyCycles + e.hops * cfg.hopCycles;
        break;
      }
    }
  }

  // Stages.
  auto cycles = [&](CoreId c) {
    return d.cores[c].computeCycles > 0 ? double(d.cores[c].computeCycles) : cfg.defaultComputeCycles;
  };
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (cycles(c) > out.stageCycles || out.bottleneck.empty()) {
      out.stageCycles = cycles(c);
      out.bottleneck = "core " + d.cores[c].name;
    }
  for (NetId n = 0; n < d.netCount(); ++n)
    if (out.nets[size_t(n)].occupancyCycles > out.stageCycles) {
      out.stageCycles = out.nets[size_t(n)].occupancyCycles;
      out.bottleneck = "net " + d.nets[n].name;
    }

  // Feedback nets close loops; the rest is a DAG walked in topological order.
  const int cores = d.coreCount();
  const NetGraphOrder netGraph = orderNetGraph(d);
  const std::vector<CoreId>& order = netGraph.topological;
  std::vector<std::vector<const NetEdge*>> inForward(static_cast<size_t>(cores));
  for (const NetEdge& e : netGraph.forward) inForward[size_t(e.to)].push_back(&e);

  std::vector<double> arrive(size_t(cores), 0);
  for (CoreId c : order) {
    double start = 0;
    for (const NetEdge* e : inForward[size_t(c)])
      start = std::max(start, arrive[size_t(e->from)] + out.nets[size_t(e->net)].deliveryCycles);
    arrive[size_t(c)] = start + cycles(c);
    out.latencyCycles = std::max(out.latencyCycles, arrive[size_t(c)]);
  }
  const double unreached = -1.0;
  CoreId worstLoop = -1;
  for (const NetEdge& fb : netGraph.feedback) {
    // Longest path v -> ... -> u through forward nets, then the feedback net u -> v.
    std::vector<double> dist(size_t(cores), unreached);
    dist[size_t(fb.to)] = cycles(fb.to);
    for (CoreId c : order) {
      if (c == fb.to) continue;
      for (const NetEdge* e : inForward[size_t(c)])
        if (dist[size_t(e->from)] >= 0)
          dist[size_t(c)] =
              std::max(dist[size_t(c)], dist[size_t(e->from)] + out.nets[size_t(e->net)].deliveryCycles + cycles(c));
    }
    if (dist[size_t(fb.from)] < 0) continue;
    double loop = dist[size_t(fb.from)] + out.nets[size_t(fb.net)].deliveryCycles;
    if (loop > out.feedbackCycles) {
      out.feedbackCycles = loop;
      worstLoop = fb.to;
    }
  }
  out.intervalCycles = out.stageCycles;
  if (out.feedbackCycles > out.intervalCycles) {
    out.intervalCycles = out.feedbackCycles;
    out.bottleneck = "loop through " + d.cores[worstLoop].name;
  }
  out.totalCycles = out.latencyCycles + double(std::max<int64_t>(cfg.objects, 1) - 1) * out.intervalCycles;
  out.microseconds = out.totalCycles / (cfg.clockGHz * 1e3);
  return out;
}

}  // namespace ts::aie
