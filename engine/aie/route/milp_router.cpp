#include "engine/aie/route/milp_router.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/route/net_box.h"
#include "engine/aie/route/routing_neighbourhoods.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/snapshot.h"
#include "engine/aie/stream_bandwidth.h"
#include "engine/core/ceil_div.h"

namespace ts::aie {

void bindMilpRouterParams(core::ParamBinder& b, MilpRouterConfig& c) {
  RoutingModelOptions& m = c.model;
  b.bind("alpha", m.alpha, "eq. 8 weight of the routing cost (sum of edge costs)", 0);
  b.bind("beta", m.beta, "eq. 8 weight of congestion (packet flows sharing a channel)", 0);
  b.bind("gamma", m.gamma, "eq. 8 weight per KiB of buffer memory", 0);
  b.bind("link_cost", m.linkCost, "cost of one inter-switch link hop", 0);
  b.bind("dma_cost", m.dmaCost, "cost of one DMA channel use", 0);
  b.bind("shared_cost", m.sharedCost, "cost of one shared-memory access", 0);
  b.bind("intra_cost", m.intraCost, "cost of an intra-tile copy on a memory tile", 0);
  b.bind("circuit_cost", m.circuitNetCost, "cost per circuit-switched net", 0);
  b.bind("packet_cost", m.packetNetCost, "cost per packet-switched net", 0);
  b.bind("link_penalty", m.linkPenalty, "penalty per packet flow sharing a link channel", 0);
  b.bind("dma_penalty", m.dmaPenalty, "penalty per packet flow sharing a DMA channel", 0);
  b.bind("margin", m.margin, "tiles added around each net's bounding box", 0, 64);
  b.bind("shared", m.allowShared, "allow shared-memory nets");
  b.bind("circuit", m.allowCircuit, "allow circuit-switched nets");
  b.bind("packet", m.allowPacket, "allow packet-switched nets");
  b.bind("packet_flows", m.packetFlowsPerChannel,
         "packet flows per link and DMA channel (0 = the device's: msels per link, BD-bounded per DMA)", 0, 1024);
  b.bind("time_limit", c.timeLimitSeconds, "seconds for the routing, all MILP solves together (0 = none)", 0);
  b.bind("gap", c.relativeGap, "relative optimality gap accepted", 0, 1);
  b.bind("grow_region", c.growRegion,
         "retry with a wider region (margin 1, 2, 4, ... up to the whole array) when infeasible");
  b.bind("pre_check", c.preCheck, "check obvious resource bounds before the MILP");
  b.bind("explain", c.explainInfeasible, "name the binding resources of an infeasible placement");
  b.bind("greedy_start", c.greedyStart, "start CBC from a sequential shortest-path routing");
  b.bind("polish_seconds", c.polishSeconds,
         "seconds to improve the greedy start by switching single nets' mode (at most a tenth of the time limit)", 0);
  b.bind("neighbourhood_seconds", c.neighbourhoodSeconds,
         "seconds kept for fix-and-optimise (small MILPs over a few nearby nets) when CBC ends unproven; at most a "
         "third of the time limit",
         0);
  b.bind("stall_seconds", c.stallSeconds,
         "seconds CBC's root may go without a better routing or bound before it hands its time to "
         "fix-and-optimise (0 = never)",
         0);
  b.bind("relaxation_seconds", c.relaxationSeconds,
         "seconds the LP relaxations of all regions may take, together, to prove a region too small when no greedy "
         "routing fits it, at most a tenth of the time limit; then regions grow unproven (0 = no limit)",
         0);
  b.bind("whole_array", c.wholeArray,
         "solve on the whole array (no per-net region): optimal for the placement, larger model");
  milp::bindCbcSettings(b, c.cbc);
  b.bind("solver_log", c.solverLog, "print CBC's log");
}

namespace {

std::string netLabel(const Design& d, NetId n) {
  return "net '" + d.nets[n].name + "'";
}

std::string tileLabel(const Device& dev, TileCoord t) {
  return std::string(toString(dev.kind(t))) + " tile " + core::toString(t);
}

// The tiles a net delivers to, each with the pin (1-based target index) of its first target
// there: several targets on one tile share its S2MM channel.
std::map<TileCoord, int> targetEnds(const Net& net, const Placement& p) {
  std::map<TileCoord, int> ends;
  for (size_t i = 0; i < net.targets.size(); ++i) ends.emplace(p.tile(net.targets[i]), int(i) + 1);
  return ends;
}

// Interconnects a net can use at all with this placement.
struct NetOptions {
  bool shared = false, intra = false, stream = false;
};

NetOptions netOptions(const Design& d, const Device& dev, const RrGraph& g, const Placement& p,
                      const RoutingModelOptions& o, NetId n) {
  const Net& net = d.nets[n];
  NetOptions out;
  std::vector<CoreId> ends{net.source};
  ends.insert(ends.end(), net.targets.begin(), net.targets.end());
  // A net with an end on a stream port (core, trace, switch side), or marked streamed, must be streamed.
  bool allCompute = !net.needsStream(), sameMemTile = !net.needsStream();
  for (CoreId c : ends) {
    allCompute = allCompute && d.cores[c].kind == CoreKind::Compute;
    sameMemTile = sameMemTile && d.cores[c].kind == CoreKind::MemTile && p.tile(c) == p.tile(net.source);
  }
  if (o.allowShared && allCompute) out.shared = sharedMemoryPossible(d, dev, p, n);
  out.intra = sameMemTile;
  if (o.allowCircuit || o.allowPacket) {
    out.stream = g.endEdge(net, 0, p.tile(net.source)) >= 0;
    for (size_t i = 0; i < net.targets.size(); ++i)
      out.stream = out.stream && g.endEdge(net, int(i) + 1, p.tile(net.targets[i])) >= 0;
  }
  return out;
}

// A quick sequential routing used as CBC's MIP start: each net takes its cheapest option
// (intra-tile, shared memory, circuit while a tile's DMA channels can spare one, then packet)
// and a BFS shortest-path tree over links with spare channels inside its bounding box; a
// circuit that finds no path goes packet-switched. Nets in `packetFirst` are routed first and
// try packet mode first. Nets left without a route are appended to `failed`.
Routing greedyRouting(const Design& d, const Device& dev, const RrGraph& g, const Placement& p,
                      const RoutingModelOptions& o, const RoutingModelBuilder& model,
                      const std::vector<char>& packetFirst, std::vector<NetId>& failed) {
  const int flowsPerChannel = model.flowsPerChannel();  // links
  auto dmaFlows = [&](TileCoord t) { return model.dmaFlows(t); };
  Routing r;
  r.nets.resize(size_t(d.netCount()));
  std::vector<int> cOut(dev.tileCount(), 0), cIn(dev.tileCount(), 0);
  std::vector<int> cLink(g.edgeCount(), 0), pLink(g.edgeCount(), 0);
  // Pass 1: intra-tile and shared-memory nets; the rest need streams, counted per tile so
  // circuits leave enough DMA channels for the packet flows that must share the others.
  std::vector<int> demandOut(dev.tileCount(), 0), demandIn(dev.tileCount(), 0);
  std::vector<NetId> streaming;
  for (NetId n = 0; n < d.netCount(); ++n) {
    const Net& net = d.nets[n];
    NetOptions opt = netOptions(d, dev, g, p, o, n);
    NetRoute& route = r.nets[n];
    TileCoord src = p.tile(net.source);
    if (opt.intra) {
      route = intraTileRoute(g, src);
      continue;
    }
    if (opt.shared) {
      std::vector<TileCoord> tiles;
      for (CoreId t : net.targets) tiles.push_back(p.tile(t));
      route = sharedMemoryRoute(g, src, *sharedMemoryBank(d, dev, p, n), tiles);
      continue;
    }
    if (!opt.stream) continue;
    streaming.push_back(n);
    if (net.usesDma(0)) demandOut[dev.index(src)]++;
    for (const auto& [t, pin] : targetEnds(net, p))
      if (net.usesDma(pin)) demandIn[dev.index(t)]++;
  }
  // Most circuits a tile can take when the rest of its demand goes packet-switched.
  auto circuitRoom = [&](int demand, int channels, int flows) {
    if (!o.allowPacket) return channels;
    int c = std::min(demand, channels);
    while (c > 0 && c + core::ceilDiv(demand - c, flows) > channels) --c;
    return c;
  };
  // Packet streams per tile and direction, packed onto the channels the circuits leave as the
  // checker packs them (BDs per channel and the channel's bandwidth, stream_bandwidth.h).
  const StreamDemand demand = streamDemand(d, dev, &p);
  std::vector<std::vector<NetId>> packetsOut(size_t(dev.tileCount())), packetsIn(size_t(dev.tileCount()));
  auto packetFits = [&](const std::vector<NetId>& onTile, NetId n, TileCoord t, int free) {
    const int flows = dmaFlows(t);
    if (!demand.bounded()) return core::ceilDiv(int(onTile.size()) + 1, flows) <= free;
    std::vector<int64_t> cycles{demand.packetCycles[size_t(n)]};
    for (NetId m : onTile) cycles.push_back(demand.packetCycles[size_t(m)]);
    return packChannels(cycles, demand.intervalCycles, flows, std::max(free, 0)) >= 0;
  };
  // Pass 2: streams, circuit while a tile's circuit room lasts, then packet.
  auto preferPacket = [&](NetId n) { return o.allowPacket && packetFirst[size_t(n)]; };
  std::stable_partition(streaming.begin(), streaming.end(), preferPacket);
  int packetId = 0;
  for (NetId n : streaming) {
    const Net& net = d.nets[n];
    NetRoute& route = r.nets[n];
    TileCoord src = p.tile(net.source);
    const std::map<TileCoord, int> ends = targetEnds(net, p);
    std::set<TileCoord> targets;
    for (const auto& [t, pin] : ends) targets.insert(t);
    int si = dev.index(src);
    // Only DMA ends take channels; stream-port ends join the switch directly.
    const bool srcDma = net.usesDma(0);
    bool circuit =
        o.allowCircuit && (!srcDma || cOut[si] < circuitRoom(demandOut[si], dev.resources(src).dmaOut, dmaFlows(src)));
    for (const auto& [t, pin] : ends) {
      int ti = dev.index(t);
      circuit =
          circuit && (!net.usesDma(pin) || cIn[ti] < circuitRoom(demandIn[ti], dev.resources(t).dmaIn, dmaFlows(t)));
    }
    // The packet flow must still fit the DMA channels left, by count and bandwidth.
    auto packetFitsEnds = [&] {
      bool fits = !srcDma || packetFits(packetsOut[size_t(si)], n, src, dev.resources(src).dmaOut - cOut[si]);
      for (const auto& [t, pin] : ends) {
        int ti = dev.index(t);
        fits = fits && (!net.usesDma(pin) || packetFits(packetsIn[size_t(ti)], n, t, dev.resources(t).dmaIn - cIn[ti]));
      }
      return fits;
    };
    // Bounding box of the net grown by the model's margin (the MIP start must fit the model).
    const NetBox box = netBox(d, p, n);
    auto inBox = [&](TileCoord t) { return box.contains(t, std::max(0, o.margin)); };
    // A BFS shortest-path tree over the links with room for one more flow of the mode.
    auto tree = [&](bool packet, std::vector<int>& edges) {
      auto linkFree = [&](int e) {
        int used = cLink[e] + core::ceilDiv(pLink[e] + (packet ? 1 : 0), flowsPerChannel) + (packet ? 0 : 1);
        return used <= g.edge(e).capacity;
      };
      std::set<TileCoord> reached{src};
      edges = {g.endEdge(net, 0, src)};
      for (TileCoord target : targets) {
        if (reached.count(target)) continue;
        std::map<TileCoord, int> via;  // tile -> link edge that reached it
        std::deque<TileCoord> queue(reached.begin(), reached.end());
        std::set<TileCoord> seen(reached.begin(), reached.end());
        while (!queue.empty() && !seen.count(target)) {
          TileCoord t = queue.front();
          queue.pop_front();
          for (Direction dir : {Direction::North, Direction::South, Direction::East, Direction::West}) {
            int e = g.linkEdge(t, dir);
            if (e < 0 || !linkFree(e)) continue;
            TileCoord nb = dev.neighbour(t, dir);
            if (seen.count(nb) || !inBox(nb)) continue;
            seen.insert(nb);
            via[nb] = e;
            queue.push_back(nb);
          }
        }
        if (!seen.count(target)) return false;
        for (TileCoord t = target; !reached.count(t);) {
          int e = via[t];
          edges.push_back(e);
          reached.insert(t);
          t = g.node(g.edge(e).from).tile;
        }
      }
      return true;
    };
    // Circuits take a whole link channel: where they left no path, packet flows may still share one.
    std::vector<bool> modes;  // packet?, in the order to try
    if (circuit && !preferPacket(n)) modes.push_back(false);
    if (o.allowPacket && packetId <= dev.packetLimits().maxPacketId) modes.push_back(true);
    if (circuit && preferPacket(n)) modes.push_back(false);
    bool packet = false, ok = false;
    std::vector<int> edges;
    for (size_t k = 0; k < modes.size() && !ok; ++k) {
      packet = modes[k];
      ok = (!packet || packetFitsEnds()) && tree(packet, edges);
    }
    if (!ok) {
      failed.push_back(n);
      continue;
    }
    for (const auto& [t, pin] : ends) edges.push_back(g.endEdge(net, pin, t));
    for (int e : edges)
      if (g.edge(e).kind == RrEdgeKind::Link) (packet ? pLink : cLink)[e]++;
    auto take = [&](std::vector<int>& circuits, std::vector<std::vector<NetId>>& packets, int tile) {
      if (packet)
        packets[size_t(tile)].push_back(n);
      else
        ++circuits[size_t(tile)];
    };
    if (srcDma) take(cOut, packetsOut, si);
    for (const auto& [t, pin] : ends)
      if (net.usesDma(pin)) take(cIn, packetsIn, dev.index(t));
    restoreCrossbars(g, edges);
    std::sort(edges.begin(), edges.end());
    route.edges = edges;
    route.type = packet ? Interconnect::Packet : Interconnect::Circuit;
    if (packet) route.packetId = packetId++;
    route.bufferTiles = expectedBufferTiles(d, p, n, route.type, src);
    route.routed = true;
  }
  return r;
}

// Link hops of a net's route.
int linkHops(const RrGraph& g, const NetRoute& r) {
  return int(std::count_if(r.edges.begin(), r.edges.end(), [&](int e) { return g.edge(e).kind == RrEdgeKind::Link; }));
}

// The MIP start for CBC. The greedy routing, again with the nets it left unrouted going first
// and packet-switched (sharing the channels that circuits routed earlier took whole), until
// every net is routed or a round routes no more than the one before. A complete start is then
// polished within `seconds`: single nets switch their preferred mode (a circuit that had to
// detour tries packet, a net the rounds made packet tries circuit) and each switch that lowers
// the model's objective stays. Nothing when no complete routing fits the model.
std::optional<std::vector<double>> greedyStart(const Design& d, const Device& dev, const RrGraph& g, const Placement& p,
                                               const RoutingModelOptions& o, const RoutingModelBuilder& builder,
                                               const milp::Model& model, double seconds, core::RunContext& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  auto timeLeft = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < seconds && !ctx.shouldStop();
  };
  std::vector<char> packetFirst(size_t(d.netCount()), 0), bestFirst = packetFirst;
  std::vector<NetId> failed;
  Routing best = greedyRouting(d, dev, g, p, o, builder, packetFirst, failed);
  size_t fewest = failed.size();
  for (int round = 0; round < 8 && !failed.empty(); ++round) {
    for (NetId n : failed) packetFirst[size_t(n)] = 1;
    failed.clear();
    Routing r = greedyRouting(d, dev, g, p, o, builder, packetFirst, failed);
    if (failed.size() >= fewest) break;
    fewest = failed.size();
    best = std::move(r);
    bestFirst = packetFirst;
  }
  std::optional<std::vector<double>> start = builder.encode(best);
  if (fewest > 0 || !start || !model.violations(*start).empty()) return start;
  double value = model.evaluate(*start);
  for (bool improved = true; improved && timeLeft();) {
    improved = false;
    // Most promising first: circuits by hops beyond the least, then the packet-first nets.
    std::vector<std::pair<int, NetId>> candidates;
    for (NetId n = 0; n < d.netCount(); ++n) {
      const NetRoute& r = best.nets[size_t(n)];
      if (r.type == Interconnect::Circuit && o.allowPacket) {
        const int detour = linkHops(g, r) - netBox(d, p, n).halfPerimeter();  // beyond the least
        if (detour > 0) candidates.push_back({detour, n});
      } else if (bestFirst[size_t(n)] && o.allowCircuit) {
        candidates.push_back({0, n});
      }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [detour, n] : candidates) {
      if (!timeLeft()) break;
      bestFirst[size_t(n)] = !bestFirst[size_t(n)];
      failed.clear();
      Routing r = greedyRouting(d, dev, g, p, o, builder, bestFirst, failed);
      std::optional<std::vector<double>> v = failed.empty() ? builder.encode(r) : std::nullopt;
      const double cost = v && model.violations(*v).empty() ? model.evaluate(*v) : value;
      if (cost < value - 1e-9) {
        value = cost;
        start = std::move(v);
        best = std::move(r);
        improved = true;
      } else {
        bestFirst[size_t(n)] = !bestFirst[size_t(n)];
      }
    }
  }
  return start;
}

// Memory, locks and BDs a tile needs whatever interconnects are chosen (lower bounds).
struct TileFloor {
  int64_t bytes = 0;
  int locks = 0;
  int bds = 0;
};

}  // namespace

std::vector<std::string> routingPreCheck(const Design& d, const Device& dev, const RrGraph& g, const Placement& p,
                                         const RoutingModelOptions& o) {
  std::vector<std::string> out;
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (!p.placed(c) || !dev.contains(p.tile(c))) out.push_back("core '" + d.cores[c].name + "' is not placed");
  if (!out.empty()) return out;
  auto dmaF = [&](TileCoord t) {
    return o.packetFlowsPerChannel > 0 ? o.packetFlowsPerChannel : dmaFlowsPerChannel(dev, t);
  };
  std::optional<StreamDemand> demand;  // computed where some streams must share a channel
  // Nets that must stream out of / into each tile's DMA.
  std::vector<std::vector<NetId>> streamOut(size_t(dev.tileCount())), streamIn(size_t(dev.tileCount()));
  std::vector<TileFloor> floor(dev.tileCount());
  std::map<std::pair<NetId, CoreId>, bool> linked;
  for (const Link& l : d.links) {
    CoreId via = d.linkVia(l);
    int64_t in = 0, outBytes = 0;
    for (NetId n : l.inputs) {
      linked[{n, via}] = true;
      const Net& net = d.nets[n];
      for (size_t i = 0; i < net.targets.size(); ++i)
        if (net.targets[i] == via) in += int64_t(net.targetDepths[i]) * net.bytesPerObject;
    }
    for (NetId n : l.outputs) {
      linked[{n, via}] = true;
      outBytes += int64_t(d.nets[n].sourceDepth) * d.nets[n].bytesPerObject;
    }
    floor[dev.index(p.tile(via))].bytes += std::max(in, outBytes);
    floor[dev.index(p.tile(via))].locks += kLocksPerBuffer * int(l.inputs.size() + l.outputs.size());
  }
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    floor[dev.index(p.tile(c))].bytes += d.cores[c].bufferBytes;
    floor[dev.index(p.tile(c))].locks += d.cores[c].locks;
  }
  for (NetId n = 0; n < d.netCount(); ++n) {
    const Net& net = d.nets[n];
    NetOptions opt = netOptions(d, dev, g, p, o, n);
    if (!opt.shared && !opt.intra && !opt.stream) {
      std::string why = netLabel(d, n) + ": no interconnect can join its endpoints";
      if (g.endEdge(net, 0, p.tile(net.source)) < 0)
        why += " (source " + tileLabel(dev, p.tile(net.source)) + " has no MM2S DMA";
      else
        why += " (a target tile has no S2MM DMA";
      out.push_back(why + " and the endpoints are not shared-memory neighbours)");
      continue;
    }
    if (opt.shared || opt.intra) continue;
    // Only a stream can carry this net: its DMA channels and buffers are certain.
    // Stream-port ends take no DMA channel, hold no buffer and run no BD chain.
    if (net.usesDma(0)) {
      streamOut[size_t(dev.index(p.tile(net.source)))].push_back(n);
      floor[dev.index(p.tile(net.source))].bds += endpointBds(net.sourceDepth);
    }
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1)) floor[dev.index(p.tile(net.targets[i]))].bds += endpointBds(net.targetDepths[i]);
    for (const auto& [t, pin] : targetEnds(net, p))
      if (net.usesDma(pin)) streamIn[size_t(dev.index(t))].push_back(n);
    if (!linked.count({n, net.source}) && net.usesDma(0)) {
      floor[dev.index(p.tile(net.source))].bytes += int64_t(net.sourceDepth) * net.bytesPerObject;
      floor[dev.index(p.tile(net.source))].locks += kLocksPerBuffer;
    }
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (!linked.count({n, net.targets[i]}) && net.usesDma(int(i) + 1)) {
        floor[dev.index(p.tile(net.targets[i]))].bytes += int64_t(net.targetDepths[i]) * net.bytesPerObject;
        floor[dev.index(p.tile(net.targets[i]))].locks += kLocksPerBuffer;
      }
  }
  // A memory tile's buffers may spill into its row neighbours' spare memory (memtile_spill.h).
  std::vector<int64_t> floorBytes(size_t(dev.tileCount())), ownData(size_t(dev.tileCount()), 0);
  for (int i = 0; i < dev.tileCount(); ++i) floorBytes[size_t(i)] = floor[size_t(i)].bytes;
  for (CoreId c = 0; c < d.coreCount(); ++c) ownData[size_t(dev.index(p.tile(c)))] += d.cores[c].bufferBytes;
  const std::vector<int64_t> floorOver = memoryOveruseWithSpill(dev, floorBytes, ownData);
  for (int i = 0; i < dev.tileCount(); ++i) {
    TileCoord t = dev.coord(i);
    const TileResources& res = dev.resources(t);
    const int F = dmaF(t);
    auto dma = [&](const std::vector<NetId>& nets, int channels, const char* dir, const char* kind) {
      const int streams = int(nets.size());
      int need = o.allowPacket ? core::ceilDiv(streams, F) : streams;
      if (!o.allowCircuit && !o.allowPacket) need = streams ? 1 << 20 : 0;
      if (need <= channels && streams > channels && o.allowPacket) {  // some must share: by bandwidth too
        if (!demand) demand = streamDemand(d, dev, &p);
        std::vector<int64_t> cycles;
        for (NetId n : nets) cycles.push_back(demand->packetCycles[size_t(n)]);
        if (demand->bounded() && packChannels(cycles, demand->intervalCycles, F, channels) < 0)
          out.push_back(tileLabel(dev, t) + ": " + std::to_string(streams) + " " + dir + " streams cannot share its " +
                        std::to_string(channels) + " " + kind + " channels within their bandwidth (" +
                        std::to_string(demand->bytesPerCycle) + " bytes/cycle each, " +
                        std::to_string(demand->intervalCycles) + "-cycle interval)");
      }
      if (need <= channels) return;
      std::string s = tileLabel(dev, t) + ": " + std::to_string(streams) + " " + dir + " streams need DMA but only " +
                      std::to_string(channels) + " " + kind + " channels";
      if (o.allowPacket) s += " (at most " + std::to_string(F) + " packet flows share a channel)";
      out.push_back(s);
    };
    dma(streamOut[i], res.dmaOut, "output", "MM2S");
    dma(streamIn[i], res.dmaIn, "input", "S2MM");
    if (floor[i].bds > res.bufferDescriptors)
      out.push_back(tileLabel(dev, t) + ": DMA transfers need at least " + std::to_string(floor[i].bds) +
                    " buffer descriptors but it has " + std::to_string(res.bufferDescriptors) +
                    " (one per buffer of every stream endpoint)");
    if (dev.kind(t) == TileKind::Shim) continue;
    if (floorOver[size_t(i)] > 0)
      out.push_back(tileLabel(dev, t) + ": buffers need at least " + std::to_string(floor[i].bytes) +
                    " bytes but it has " + std::to_string(res.memoryBytes) + spillNote(dev, t, floorOver[size_t(i)]));
    if (floor[i].locks > res.locks)
      out.push_back(tileLabel(dev, t) + ": buffers need at least " + std::to_string(floor[i].locks) +
                    " locks but it has " + std::to_string(res.locks));
  }
  return out;
}

namespace {

double evalExpr(const milp::LinExpr& e, const std::vector<double>& v) {
  double s = e.constant;
  for (const auto& t : e.terms) s += t.coef * v[t.var];
  return s;
}

// Words for the resource rows whose elastic slack is positive.
std::vector<std::string> explainSlacks(const RoutingModelBuilder& b, const Device& dev, const RrGraph& g,
                                       const std::vector<double>& v) {
  std::vector<std::string> out;
  for (const ResourceRow& r : b.resourceRows()) {
    if (r.slack < 0 || v[r.slack] < 1e-6) continue;
    int circuit = int(std::lround(evalExpr(r.circuitUse, v)));
    int packet = int(std::lround(evalExpr(r.packetUse, v)));
    int cap = int(r.capacity);
    switch (r.kind) {
      case ResourceRow::DmaOut:
      case ResourceRow::DmaIn: {
        bool outDir = r.kind == ResourceRow::DmaOut;
        out.push_back(tileLabel(dev, r.tile) + ": " + std::to_string(circuit + packet) +
                      (outDir ? " output" : " input") + " streams need DMA but only " + std::to_string(cap) +
                      (outDir ? " MM2S" : " S2MM") + " channels (" + std::to_string(circuit) + " circuit + " +
                      std::to_string(packet) + " packet flows, at most " + std::to_string(b.dmaFlows(r.tile)) +
                      " per packet channel" +
                      (b.bandwidthBinds(r.edge)
                           ? ", sharing bounded by " + std::to_string(b.demand().bytesPerCycle) + " bytes/cycle in a " +
                                 std::to_string(b.demand().intervalCycles) + "-cycle interval"
                           : std::string()) +
                      ")");
        break;
      }
      case ResourceRow::Link:
        out.push_back(g.describeEdge(r.edge) + ": " + std::to_string(circuit) + " circuit + " + std::to_string(packet) +
                      " packet flows need more than its " + std::to_string(cap) + " channels");
        break;
      case ResourceRow::Memory:
        out.push_back(tileLabel(dev, r.tile) + ": buffers need " + std::to_string(std::llround(evalExpr(r.use, v))) +
                      " bytes but it has " + std::to_string(int64_t(r.capacity)));
        break;
      case ResourceRow::Locks:
        out.push_back(tileLabel(dev, r.tile) + ": buffers need " + std::to_string(std::lround(evalExpr(r.use, v))) +
                      " locks but it has " + std::to_string(cap));
        break;
      case ResourceRow::Bds:
        out.push_back(tileLabel(dev, r.tile) + ": DMA transfers need " +
                      std::to_string(std::lround(evalExpr(r.use, v))) + " buffer descriptors but it has " +
                      std::to_string(cap));
        break;
      case ResourceRow::PacketIds:
        out.push_back(std::to_string(std::lround(evalExpr(r.use, v))) + " nets need packet switching but only " +
                      std::to_string(cap) + " packet ids exist");
        break;
      case ResourceRow::Arbiters:
        out.push_back("switch " + core::toString(r.tile) + ": packet-switched outputs need more than its " +
                      std::to_string(cap) + " arbiters");
        break;
    }
  }
  return out;
}

// The region margins tried while the MILP is infeasible: 0, 1, 2, 4, ... up to the whole array.
int nextMargin(int margin, int whole) {
  return std::min(whole, margin <= 0 ? 1 : 2 * margin);
}

std::string describeQuality(const milp::SolveResult& sr, bool fullRegion, int margin) {
  std::string where = fullRegion ? "on the whole array" : "in region margin " + std::to_string(margin);
  if (sr.status == milp::Status::Optimal) return "optimal " + where;
  std::ostringstream s;
  s << "feasible " << where << " (objective " << std::fixed << std::setprecision(1) << sr.objective;
  if (sr.hasBound() && std::fabs(sr.objective) > 1e-9)
    s << ", bound " << sr.bound << ", gap " << std::setprecision(2)
      << 100.0 * std::max(0.0, sr.objective - sr.bound) / std::fabs(sr.objective) << "%";
  else
    s << ", no valid bound";
  s << ")";
  return s.str();
}

}  // namespace

MilpRouterResult runMilpRouter(const Design& design, const Device& device, const RrGraph& graph,
                               const Placement& placement, const MilpRouterConfig& config, core::RunContext& ctx) {
  auto t0 = std::chrono::steady_clock::now();
  MilpRouterResult res;
  auto finish = [&](std::string status) {
    res.status = std::move(status);
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return res;
  };
  if (config.preCheck) {
    res.reasons = routingPreCheck(design, device, graph, placement, config.model);
    if (!res.reasons.empty())
      return finish(res.reasons.front().find("not placed") != std::string::npos ? "error" : "infeasible");
  } else {
    for (CoreId c = 0; c < design.coreCount(); ++c)
      if (!placement.placed(c) || !device.contains(placement.tile(c))) {
        res.reasons.push_back("core '" + design.cores[c].name + "' is not placed");
        return finish("error");
      }
  }

  if (design.netCount() == 0) {  // nothing to route: an empty routing is optimal (and CBC gets no model)
    res.routing.nets.clear();
    res.success = true;
    return finish("routed");
  }

  RoutingModelOptions opts = config.model;
  const int whole = std::max(device.columns(), device.rows());
  if (config.wholeArray) opts.margin = whole;
  std::set<TileCoord> arbiterTiles;
  // Seconds the LP relaxations of all regions have taken: they share one budget (below).
  double relaxationSpent = 0;
  for (;;) {
    if (ctx.shouldStop()) return finish(ctx.cancel().stopRequested() ? "cancelled" : "time-out");
    milp::Model model;
    RoutingModelBuilder builder(design, device, graph, opts, model);
    builder.setFixedPlacement(placement);
    builder.build();
    for (TileCoord t : arbiterTiles) builder.addArbiterRow(t);
    res.variables = model.varCount();
    res.rows = model.rowCount();
    res.integers = model.integerCount();
    res.fullRegion = builder.fullRegion();
    res.regionMargin = opts.margin;
    res.lazyArbiterRows = int(arbiterTiles.size());
    if (!builder.unroutable().empty()) {
      for (const auto& [n, why] : builder.unroutable()) res.reasons.push_back(netLabel(design, n) + ": " + why);
      return finish("infeasible");
    }
    milp::SolveOptions so;
    auto secondsLeft = [&] {
      return config.timeLimitSeconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    // A step's own seconds, held to `share` of the time limit when there is one.
    auto withinShare = [&](double seconds, double share) {
      return config.timeLimitSeconds > 0 ? std::min(seconds, share * config.timeLimitSeconds) : seconds;
    };
    if (config.greedyStart) {
      // Polishing the start takes at most a tenth of the time (CBC needs the rest to improve it).
      const double polish = config.timeLimitSeconds > 0
                                ? std::min(withinShare(config.polishSeconds, 0.1), 0.5 * secondsLeft())
                                : config.polishSeconds;
      if (auto v = greedyStart(design, device, graph, placement, opts, builder, model, polish, ctx))
        so.start = std::move(*v);
      res.startObjective = so.start.empty() ? 0 : model.evaluate(so.start);
    }
    // Kept for the fix-and-optimise search after CBC, which runs only when CBC's solve of the
    // whole model ends at its limit without proving optimality (large models). Only with a
    // start: without one CBC may need all the time to find any routing.
    double neighbourhoodBudget = 0;
    if (config.timeLimitSeconds > 0) {  // one budget for every solve of this routing
      const double left = secondsLeft();
      if (left <= 0) {
        res.reasons.push_back("the time limit ran out while growing the routing region");
        return finish("time-out");
      }
      if (!so.start.empty())
        neighbourhoodBudget =
            std::max(0.0, std::min({config.neighbourhoodSeconds, config.timeLimitSeconds / 3, 0.5 * left}));
      so.timeLimitSeconds = left - neighbourhoodBudget;
      if (neighbourhoodBudget > 0) so.stallSeconds = config.stallSeconds;
    }
    so.relativeGap = config.relativeGap;
    so.log = config.solverLog;
    so.cbc = config.cbc;
    so.phase = "milp routing";
    if (!config.lpPath.empty()) model.write(config.lpPath);
    if (so.start.empty() && config.growRegion && !builder.fullRegion()) {
      // No greedy routing fits this region, which often means none does: the LP relaxation
      // alone (no preprocessing, probing or cuts) proves that in a fraction of a full solve.
      // The relaxations of all regions share one budget: once one has used it up, a wider
      // region's (a larger LP) would hit it too, so wider regions grow unproven until a greedy
      // routing fits (CRONet spent 6 s on each of margins 0 and 1 before).
      const double budget = withinShare(config.relaxationSeconds, 0.1);
      if (budget > 0 && relaxationSpent >= budget) {
        ++res.cappedRelaxations;
        opts.margin = nextMargin(opts.margin, whole);
        continue;
      }
      milp::SolveOptions lp = so;
      lp.nodeLimit = 0;
      lp.preprocess = false;
      lp.cbc.cuts = lp.cbc.probing = "off";
      lp.cbc.rins = lp.cbc.diving = false;
      lp.phase = "milp routing relaxation";
      if (budget > 0) {
        const double cap = budget - relaxationSpent;
        lp.timeLimitSeconds = lp.timeLimitSeconds > 0 ? std::min(lp.timeLimitSeconds, cap) : cap;
      }
      ++res.solves;
      milp::SolveResult relaxed = milp::solve(model, lp, ctx);
      relaxationSpent += relaxed.seconds;
      // An LP stopped by the cap (no solution, no bound) proves nothing, but a wider region is
      // the likelier to route. A finished LP with no integer point at the root (node limit)
      // bounds the region, which goes on to the full solve as before.
      const bool capped = relaxed.status == milp::Status::TimeOut && !relaxed.hasSolution() && !relaxed.hasBound() &&
                          !ctx.shouldStop() && (config.timeLimitSeconds <= 0 || secondsLeft() > 0);
      if (relaxed.status == milp::Status::Infeasible || capped) {
        if (capped) ++res.cappedRelaxations;
        opts.margin = nextMargin(opts.margin, whole);
        continue;
      }
      if (relaxed.hasSolution()) so.start = std::move(relaxed.values);  // a root heuristic's routing
    }
    milp::SolveResult sr = milp::solve(model, so, ctx);
    ++res.solves;
    res.cbcStalled = res.cbcStalled || sr.stalled;
    if (sr.status == milp::Status::Feasible && neighbourhoodBudget > 0 && !ctx.shouldStop()) {
      // The time kept for it, and what a stalled CBC left.
      NeighbourhoodSearchConfig nc;
      nc.seconds = secondsLeft();
      nc.cbc = config.cbc;
      nc.bound = sr.bound;
      nc.relativeGap = config.relativeGap;
      NeighbourhoodSearchResult ns =
          improveRoutingByNeighbourhoods(design, placement, builder, model, sr.values, nc, ctx);
      res.neighbourhoodSolves += ns.solves;
      res.neighbourhoodImprovements += ns.improvements;
      res.neighbourhoodObjective = ns.objective;
      if (ns.objective < sr.objective) {
        sr.values = std::move(ns.values);
        sr.objective = ns.objective;
        // CBC's bound holds for the whole model: a routing within the accepted gap of it is
        // as optimal as one CBC proved itself.
        if (milp::withinGap(sr.objective, sr.bound, config.relativeGap)) sr.status = milp::Status::Optimal;
      }
    }
    res.startAccepted = sr.startAccepted;
    res.milpStatus = sr.status;
    res.bound = sr.bound;
    if (sr.status == milp::Status::Infeasible) {
      if (config.growRegion && !builder.fullRegion()) {
        // Grow the region step by step: over the whole of a large array the model can have a
        // million variables (CRONet on xcve2802), while a margin of a tile or two usually fits.
        opts.margin = nextMargin(opts.margin, whole);
        continue;
      }
      res.reasons.clear();
      if (config.explainInfeasible && !ctx.shouldStop()) {
        RoutingModelOptions eo = opts;
        eo.elastic = true;
        milp::Model em;
        RoutingModelBuilder eb(design, device, graph, eo, em);
        eb.setFixedPlacement(placement);
        eb.build();
        milp::SolveOptions es = so;
        es.start.clear();
        es.phase = "explain infeasibility";
        es.timeLimitSeconds = std::min(config.timeLimitSeconds, 20.0);
        milp::SolveResult er = milp::solve(em, es, ctx);
        if (er.hasSolution()) res.reasons = explainSlacks(eb, device, graph, er.values);
      }
      if (res.reasons.empty())
        res.reasons.push_back("no legal routing exists for this placement (the MILP is infeasible)");
      return finish("infeasible");
    }
    if (!sr.hasSolution()) {
      res.reasons.push_back(std::string("the MILP solver stopped without a routing (") + toString(sr.status) + ")");
      return finish(sr.status == milp::Status::Cancelled ? "cancelled"
                    : sr.status == milp::Status::Error   ? "error"
                                                         : "time-out");
    }
    res.routing = builder.extract(sr.values);
    res.objective = sr.objective;
    res.routing.cost = sr.objective;
    auto violations = checkRouting(design, device, graph, placement, res.routing);
    bool onlyArbiters = !violations.empty();
    size_t known = arbiterTiles.size();
    for (const auto& v : violations) onlyArbiters = onlyArbiters && v.code == "arbiters" && v.tile;
    if (onlyArbiters) {
      for (const auto& v : violations) arbiterTiles.insert(*v.tile);
      if (arbiterTiles.size() > known) continue;  // re-solve with the new lazy rows
    }
    ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(placement, std::make_shared<Routing>(res.routing)), true);
    if (!violations.empty()) {
      for (const auto& v : violations) res.reasons.push_back("routing check: " + v.message);
      return finish("error");
    }
    res.success = true;
    res.quality = describeQuality(sr, builder.fullRegion(), opts.margin);
    res.reasons.push_back(res.quality);
    return finish("routed");
  }
}

}  // namespace ts::aie
