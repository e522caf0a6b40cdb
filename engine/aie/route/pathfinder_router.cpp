#include "engine/aie/route/pathfinder_router.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <set>

#include "engine/aie/placement.h"
#include "engine/aie/route/routing_model.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/snapshot.h"

namespace ts::aie {

void bindPathfinderParams(core::ParamBinder& b, PathfinderConfig& c) {
  b.bindChoice("mode", c.mode, {"circuit", "packet"}, "stream mode of every net");
  b.bind("max_iterations", c.maxIterations, "rip-up-and-reroute iterations before giving up", 1, 1e6);
  b.bind("history", c.historyCoeff, "demand growth per iteration an edge was overused", 0);
  b.bind("bump", c.demandBump, "demand factor when an edge fills up during an iteration", 1);
  b.bind("crossbar_cost", c.crossbarCost, "cost of a hop through a switch", 0);
}

namespace {

bool reaches(const Device& dev, TileCoord core, TileCoord bank) {
  auto r = dev.memoriesReachableFrom(core);
  return std::find(r.begin(), r.end(), bank) != r.end();
}

}  // namespace

PathfinderResult runPathfinderRouter(const Design& d, const Device& dev, const RrGraph& g, const Placement& p,
                                     const PathfinderConfig& cfg, core::RunContext& ctx) {
  auto t0 = std::chrono::steady_clock::now();
  PathfinderResult res;
  auto finish = [&](std::string status) {
    res.status = std::move(status);
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return res;
  };
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (!p.placed(c) || !dev.contains(p.tile(c))) {
      res.reasons.push_back("core '" + d.cores[c].name + "' is not placed");
      return finish("failed");
    }
  const bool packet = cfg.mode == "packet";
  const int F = packetFlowsPerChannel(dev);
  res.routing.nets.resize(size_t(d.netCount()));
  std::set<NetId> linked;
  for (const Link& l : d.links) {
    linked.insert(l.inputs.begin(), l.inputs.end());
    linked.insert(l.outputs.begin(), l.outputs.end());
  }

  // Interconnect per net, as MLIR-AIE's object FIFO lowering decides it.
  std::vector<NetId> streams;
  std::vector<int> dmaOut(dev.tileCount(), 0), dmaIn(dev.tileCount(), 0);
  for (NetId n = 0; n < d.netCount(); ++n) {
    const Net& net = d.nets[n];
    NetRoute& route = res.routing.nets[n];
    TileCoord src = p.tile(net.source);
    bool sameMem = d.cores[net.source].kind == CoreKind::MemTile;
    for (CoreId t : net.targets) sameMem = sameMem && d.cores[t].kind == CoreKind::MemTile && p.tile(t) == src;
    if (sameMem) {
      route = intraTileRoute(g, src);
      continue;
    }
    if (net.targets.size() == 1 && !linked.count(n) && !net.needsStream() &&
        d.cores[net.source].kind == CoreKind::Compute && d.cores[net.targets[0]].kind == CoreKind::Compute) {
      TileCoord dst = p.tile(net.targets[0]);
      TileCoord bank{-1, -1};
      if (reaches(dev, src, dst))
        bank = dst;
      else if (reaches(dev, dst, src))
        bank = src;
      if (bank.col >= 0) {
        route = sharedMemoryRoute(g, src, bank, {dst});
        continue;
      }
    }
    streams.push_back(n);
    // Only DMA ends take channels; core, trace and switch ports join the switch directly.
    if (net.usesDma(0)) dmaOut[dev.index(src)]++;
    std::set<TileCoord> targetTiles;
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1)) targetTiles.insert(p.tile(net.targets[i]));
    for (TileCoord t : targetTiles) dmaIn[dev.index(t)]++;
  }
  // One DMA channel per FIFO end: more stream ends than channels cannot be lowered.
  for (int i = 0; i < dev.tileCount(); ++i) {
    TileCoord t = dev.coord(i);
    const TileResources& r = dev.resources(t);
    std::string where = std::string(toString(dev.kind(t))) + " tile " + core::toString(t) + ": ";
    if (dmaOut[i] > r.dmaOut)
      res.reasons.push_back(where + std::to_string(dmaOut[i]) + " output streams need DMA but only " +
                            std::to_string(r.dmaOut) + " MM2S channels (one channel per object FIFO)");
    if (dmaIn[i] > r.dmaIn)
      res.reasons.push_back(where + std::to_string(dmaIn[i]) + " input streams need DMA but only " +
                            std::to_string(r.dmaIn) + " S2MM channels (one channel per object FIFO)");
  }
  if (packet && int(streams.size()) > dev.packetLimits().maxPacketId + 1)
    res.reasons.push_back(std::to_string(streams.size()) + " packet flows but only " +
                          std::to_string(dev.packetLimits().maxPacketId + 1) + " packet ids");
  if (!res.reasons.empty()) return finish("failed");

  // Negotiated congestion over links (crossbars are unlimited, DMA ends are fixed).
  const int E = g.edgeCount();
  std::vector<double> base(E, 0), history(E, 0), demand(E, 0);
  std::vector<int> circuitUse(E, 0), packetUse(E, 0);
  for (int e = 0; e < E; ++e)
    base[e] = g.edge(e).kind == RrEdgeKind::Link ? 1.0 : g.edge(e).kind == RrEdgeKind::Crossbar ? cfg.crossbarCost : 0;
  auto channels = [&](int e) { return circuitUse[e] + (packetUse[e] + F - 1) / F; };
  std::vector<std::vector<int>> paths(size_t(d.netCount()));
  const int V = g.nodeCount();
  std::vector<double> dist(V);
  std::vector<int> pred(V);
  for (int it = 0; it < cfg.maxIterations; ++it) {
    if (ctx.shouldStop()) return finish(ctx.cancel().stopRequested() ? "cancelled" : "time-out");
    res.iterations = it + 1;
    for (int e = 0; e < E; ++e) demand[e] = base[e] * (1.0 + history[e] * cfg.historyCoeff);
    std::fill(circuitUse.begin(), circuitUse.end(), 0);
    std::fill(packetUse.begin(), packetUse.end(), 0);
    for (NetId n : streams) {
      const Net& net = d.nets[n];
      TileCoord src = p.tile(net.source);
      std::fill(dist.begin(), dist.end(), std::numeric_limits<double>::infinity());
      std::fill(pred.begin(), pred.end(), -1);
      using Item = std::pair<double, int>;
      std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
      int root = g.switchIn(src, Port::Dma);
      dist[root] = 0;
      queue.push({0, root});
      while (!queue.empty()) {
        auto [dv, v] = queue.top();
        queue.pop();
        if (dv > dist[v]) continue;
        for (int e : g.outEdges(v)) {
          const RrEdge& edge = g.edge(e);
          if (edge.kind != RrEdgeKind::Crossbar && edge.kind != RrEdgeKind::Link) continue;
          double nd = dv + demand[e];
          if (nd < dist[edge.to]) {
            dist[edge.to] = nd;
            pred[edge.to] = e;
            queue.push({nd, edge.to});
          }
        }
      }
      // Trace each target back until it meets the tree (Dijkstra's predecessors form one).
      std::vector<int>& path = paths[n];
      path.assign(1, g.endEdge(net, 0, src));
      std::set<int> inTree{root};
      std::map<TileCoord, int> targetTiles;  // tile -> pin of its first target
      for (size_t i = 0; i < net.targets.size(); ++i) targetTiles.emplace(p.tile(net.targets[i]), int(i) + 1);
      for (const auto& [t, pin] : targetTiles) {
        path.push_back(g.endEdge(net, pin, t));
        for (int v = g.switchOut(t, Port::Dma); !inTree.count(v); v = g.edge(pred[v]).from) {
          if (pred[v] < 0) {
            res.reasons.push_back("net '" + net.name + "': no stream path to " + core::toString(t));
            return finish("failed");
          }
          inTree.insert(v);
          int e = pred[v];
          path.push_back(e);
          if (g.edge(e).kind == RrEdgeKind::Link) {
            (packet ? packetUse : circuitUse)[e]++;
            if (channels(e) >= g.edge(e).capacity) demand[e] *= cfg.demandBump;  // order matters
          }
        }
      }
    }
    int overused = 0;
    for (int e = 0; e < E; ++e)
      if (g.edge(e).kind == RrEdgeKind::Link && channels(e) > g.edge(e).capacity) {
        history[e] += 1;
        ++overused;
      }
    if (ctx.sampleDue()) {
      core::QorSample s;
      s.phase = "pathfinder";
      s.iteration = it;
      s.add("overused links", overused);
      ctx.publishSample(std::move(s));
    }
    if (overused == 0) break;
    if (it + 1 == cfg.maxIterations) {
      res.reasons.push_back("unable to find a legal routing: " + std::to_string(overused) +
                            " links still overused after " + std::to_string(cfg.maxIterations) + " iterations");
      return finish("failed");
    }
  }
  int packetId = 0;
  for (NetId n : streams) {
    NetRoute& route = res.routing.nets[n];
    route.edges = paths[n];
    std::sort(route.edges.begin(), route.edges.end());
    route.type = packet ? Interconnect::Packet : Interconnect::Circuit;
    if (packet) route.packetId = packetId++;
    route.bufferTiles = expectedBufferTiles(d, p, n, route.type, p.tile(d.nets[n].source));
    route.routed = true;
  }
  ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(p, std::make_shared<Routing>(res.routing)), true);
  for (const auto& v : checkRouting(d, dev, g, p, res.routing)) res.reasons.push_back(v.message);
  if (!res.reasons.empty()) return finish("failed");
  res.success = true;
  return finish("routed");
}

}  // namespace ts::aie
