#include "engine/aie/routing_legality.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/stream_bandwidth.h"
#include "engine/core/ceil_div.h"

namespace ts::aie {

int packetFlowsPerChannel(const Device& device) {
  return std::max(1, device.packetLimits().msels);
}

int dmaFlowsPerChannel(const Device& device, TileCoord t) {
  if (device.packetLimits().dmaFlowsPerChannel > 0) return device.packetLimits().dmaFlowsPerChannel;
  return std::max(1, device.resources(t).channelBds());
}

namespace {

std::string netName(const Design& d, NetId n) {
  return "net '" + d.nets[n].name + "'";
}

bool contains(const std::vector<TileCoord>& v, TileCoord t) {
  return std::find(v.begin(), v.end(), t) != v.end();
}

// (net, core) pairs whose buffer at that core is the shared buffer of a link.
std::map<std::pair<NetId, CoreId>, int> linkedEndpoints(const Design& d) {
  std::map<std::pair<NetId, CoreId>, int> out;
  for (size_t i = 0; i < d.links.size(); ++i) {
    CoreId via = d.linkVia(d.links[i]);
    for (NetId n : d.links[i].inputs) out[{n, via}] = int(i);
    for (NetId n : d.links[i].outputs) out[{n, via}] = int(i);
  }
  return out;
}

class Checker {
 public:
  Checker(const Design& d, const Device& dev, const RrGraph& g, const Placement& p, const Routing& r,
          const RoutingCheckOptions& o)
      : d_(d), dev_(dev), g_(g), p_(p), r_(r), o_(o), linked_(linkedEndpoints(d)), demand_(streamDemand(d, dev, &p)) {
    int tiles = dev.tileCount();
    u_.dmaOut.assign(tiles, 0);
    u_.dmaIn.assign(tiles, 0);
    u_.memory.assign(tiles, 0);
    u_.netBuffer.assign(tiles, 0);
    u_.locks.assign(tiles, 0);
    u_.bds.assign(tiles, 0);
    u_.arbiters.assign(tiles, 0);
    u_.linkChannels.assign(g.edgeCount(), 0);
    circuitOut_.assign(tiles, 0);
    circuitIn_.assign(tiles, 0);
    packetNets_[0].assign(tiles, {});
    packetNets_[1].assign(tiles, {});
    circuitLink_.assign(g.edgeCount(), 0);
    packetLink_.assign(g.edgeCount(), 0);
  }

  std::vector<Violation> run(RoutingUsage* usage) {
    if (int(r_.nets.size()) != d_.netCount()) {
      add("size", "the routing has " + std::to_string(r_.nets.size()) + " nets but the design has " +
                      std::to_string(d_.netCount()));
      return out_;
    }
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      if (!p_.placed(c) || !dev_.contains(p_.tile(c))) {
        add("unplaced", "core '" + d_.cores[c].name + "' is not placed on the array", {c});
        return out_;
      }
    std::set<int> packetIds;
    for (NetId n = 0; n < d_.netCount(); ++n) {
      const NetRoute& route = r_.nets[n];
      if (!route.routed) {
        if (o_.requireAllRouted) add("unrouted", netName(d_, n) + " is not routed", endpoints(n));
        continue;
      }
      bool ok = true;
      for (int e : route.edges)
        if (e < 0 || e >= g_.edgeCount()) {
          add("edge", netName(d_, n) + " uses RR edge " + std::to_string(e) + ", which does not exist", endpoints(n));
          ok = false;
        }
      if (!ok) continue;
      if ((route.type == Interconnect::SharedMemory || route.type == Interconnect::IntraTile) &&
          d_.nets[n].needsStream()) {
        const char* why = d_.nets[n].hasStreamPort() ? " has an end on a stream port" : " is marked streamed";
        add("port", netName(d_, n) + why + ", so it must be streamed, not use " + toString(route.type), endpoints(n));
        continue;
      }
      TileCoord bank{-1, -1};
      switch (route.type) {
        case Interconnect::SharedMemory:
          ok = checkShared(n, route, bank);
          break;
        case Interconnect::IntraTile:
          ok = checkIntra(n, route, bank);
          break;
        case Interconnect::Circuit:
        case Interconnect::Packet:
          ok = checkStream(n, route);
          break;
      }
      if (!ok) continue;
      if (route.type == Interconnect::Packet) {
        ++u_.packetNets;
        const PacketLimits& lim = dev_.packetLimits();
        if (route.packetId < 0 || route.packetId > lim.maxPacketId)
          add("packet-id",
              netName(d_, n) + " has packet id " + std::to_string(route.packetId) + ", outside 0.." +
                  std::to_string(lim.maxPacketId),
              endpoints(n));
        else if (!packetIds.insert(route.packetId).second)
          add("packet-id", netName(d_, n) + " reuses packet id " + std::to_string(route.packetId), endpoints(n));
      }
      countBuffers(n, route.type, bank);
      std::vector<TileCoord> expect = expectedBufferTiles(d_, p_, n, route.type, bank);
      std::vector<TileCoord> got = route.bufferTiles;
      std::sort(got.begin(), got.end());
      got.erase(std::unique(got.begin(), got.end()), got.end());
      if (got != expect)
        add("buffer-tiles", netName(d_, n) + " reports its buffers on other tiles than its interconnect needs",
            endpoints(n));
    }
    countLinkBuffers();
    checkResources();
    checkCascades();
    if (usage) *usage = u_;
    return out_;
  }

 private:
  void add(const std::string& code, const std::string& msg, std::vector<CoreId> cores = {},
           std::optional<TileCoord> tile = std::nullopt) {
    out_.push_back({code, msg, std::move(cores), tile});
  }
  std::vector<CoreId> endpoints(NetId n) const {
    std::vector<CoreId> v{d_.nets[n].source};
    v.insert(v.end(), d_.nets[n].targets.begin(), d_.nets[n].targets.end());
    return v;
  }
  TileCoord tileOf(CoreId c) const { return p_.tile(c); }

  bool checkShared(NetId n, const NetRoute& route, TileCoord& bank) {
    const Net& net = d_.nets[n];
    for (CoreId c : endpoints(n))
      if (dev_.kind(tileOf(c)) != TileKind::Compute) {
        add("shared-kind",
            netName(d_, n) + " uses shared memory but core '" + d_.cores[c].name + "' is not on a compute tile",
            endpoints(n));
        return false;
      }
    int writes = 0;
    std::set<TileCoord> readers;
    for (int e : route.edges) {
      const RrEdge& edge = g_.edge(e);
      const RrNode& from = g_.node(edge.from);
      const RrNode& to = g_.node(edge.to);
      if (edge.kind == RrEdgeKind::SharedWrite && from.kind == RrNodeKind::Source && to.kind == RrNodeKind::Memory &&
          from.tile == tileOf(net.source)) {
        ++writes;
        bank = to.tile;
      } else if (edge.kind == RrEdgeKind::SharedRead && from.kind == RrNodeKind::Memory &&
                 to.kind == RrNodeKind::Sink) {
        readers.insert(to.tile);
        if (bank.col >= 0 && from.tile != bank) writes = 99;  // reads another bank
      } else {
        add("shared-edge", netName(d_, n) + " is shared-memory but uses " + g_.describeEdge(e), endpoints(n));
        return false;
      }
    }
    if (writes != 1) {
      add("shared-bank", netName(d_, n) + " must write exactly one memory bank", endpoints(n));
      return false;
    }
    for (int e : route.edges)
      if (g_.edge(e).kind == RrEdgeKind::SharedRead && g_.node(g_.edge(e).from).tile != bank) {
        add("shared-bank", netName(d_, n) + " reads a bank it did not write", endpoints(n));
        return false;
      }
    // Mem affinity straight from the device rules, not from the RR graph's edges.
    for (CoreId c : endpoints(n))
      if (!contains(dev_.memoriesReachableFrom(tileOf(c)), bank)) {
        add("shared-affinity",
            netName(d_, n) + ": core '" + d_.cores[c].name + "' at " + core::toString(tileOf(c)) +
                " cannot access the memory of " + core::toString(bank),
            endpoints(n), bank);
        return false;
      }
    std::set<TileCoord> want;
    for (CoreId t : net.targets) want.insert(tileOf(t));
    if (readers != want) {
      add("unreached", netName(d_, n) + " does not read the shared buffer at every target", endpoints(n));
      return false;
    }
    for (CoreId c : endpoints(n)) {
      auto it = linked_.find({n, c});
      if (it != linked_.end() && bank != tileOf(c)) {
        add("shared-link",
            netName(d_, n) + " is linked at '" + d_.cores[c].name +
                "', so its shared buffer must be the link buffer in " + core::toString(tileOf(c)),
            endpoints(n), bank);
        return false;
      }
    }
    return true;
  }

  bool checkIntra(NetId n, const NetRoute& route, TileCoord& bank) {
    TileCoord t = tileOf(d_.nets[n].source);
    for (CoreId c : endpoints(n))
      if (tileOf(c) != t || dev_.kind(t) != TileKind::Mem) {
        add("intra-tile", netName(d_, n) + " is intra-tile but its endpoints are not all on one memory tile",
            endpoints(n));
        return false;
      }
    if (route.edges.size() != 1 || g_.edge(route.edges[0]).kind != RrEdgeKind::IntraTile ||
        g_.node(g_.edge(route.edges[0]).from).tile != t) {
      add("intra-edge", netName(d_, n) + " must use exactly the intra-tile edge of " + core::toString(t), endpoints(n));
      return false;
    }
    bank = t;
    return true;
  }

  bool checkStream(NetId n, const NetRoute& route) {
    const Net& net = d_.nets[n];
    const bool packet = route.type == Interconnect::Packet;
    std::set<int> edges(route.edges.begin(), route.edges.end());
    if (edges.size() != route.edges.size()) {
      add("tree", netName(d_, n) + " lists an edge twice", endpoints(n));
      return false;
    }
    std::map<int, int> inDegree;
    std::map<int, std::vector<int>> outOf;
    for (int e : edges) {
      const RrEdge& edge = g_.edge(e);
      if (edge.kind != RrEdgeKind::DmaOut && edge.kind != RrEdgeKind::DmaIn && edge.kind != RrEdgeKind::Crossbar &&
          edge.kind != RrEdgeKind::Link && edge.kind != RrEdgeKind::PortOut && edge.kind != RrEdgeKind::PortIn) {
        add("stream-edge", netName(d_, n) + " is a stream but uses " + g_.describeEdge(e), endpoints(n));
        return false;
      }
      if (edge.kind == RrEdgeKind::Crossbar) {
        const RrNode& a = g_.node(edge.from);
        const RrNode& b = g_.node(edge.to);
        if (a.tile != b.tile || (a.port == b.port && a.port != Port::Dma)) {
          add("turn-around", netName(d_, n) + " turns around in the switch of " + core::toString(a.tile), endpoints(n),
              a.tile);
          return false;
        }
      }
      if (++inDegree[edge.to] > 1) {
        add("tree", netName(d_, n) + " enters " + describeNode(edge.to) + " twice (a route must be a tree)",
            endpoints(n), g_.node(edge.to).tile);
        return false;
      }
      outOf[edge.from].push_back(e);
    }
    int root = g_.sourceNode(tileOf(net.source));
    if (inDegree.count(root)) {
      add("tree", netName(d_, n) + " flows back into its source", endpoints(n));
      return false;
    }
    const RrEdgeKind rootKind = net.usesDma(0) ? RrEdgeKind::DmaOut : RrEdgeKind::PortOut;
    if (outOf[root].size() != 1 || g_.edge(outOf[root][0]).kind != rootKind) {
      add("tree",
          netName(d_, n) + " must leave its source through exactly one " +
              (net.usesDma(0) ? "MM2S DMA" : "stream port (its end is not on a DMA)"),
          endpoints(n));
      return false;
    }
    // Each target arrives the way its end is declared: S2MM DMA or a stream port.
    for (int e : edges) {
      const RrEdge& edge = g_.edge(e);
      if (edge.kind != RrEdgeKind::DmaIn && edge.kind != RrEdgeKind::PortIn) continue;
      const TileCoord at = g_.node(edge.to).tile;
      bool declared = false;
      for (size_t i = 0; i < net.targets.size(); ++i)
        declared =
            declared || (tileOf(net.targets[i]) == at && net.usesDma(int(i) + 1) == (edge.kind == RrEdgeKind::DmaIn));
      if (!declared) {
        add("port",
            netName(d_, n) + " reaches " + core::toString(at) + " through a " + toString(edge.kind) +
                " edge, not the port its target end names",
            endpoints(n), at);
        return false;
      }
    }
    // Walk the tree from the source: every edge must hang off it, every leaf must be a target.
    std::set<int> seenEdges;
    std::vector<int> stack{root};
    std::set<TileCoord> reachedSinks;
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      auto it = outOf.find(v);
      bool leaf = it == outOf.end() || it->second.empty();
      if (leaf) {
        const RrNode& node = g_.node(v);
        if (node.kind != RrNodeKind::Sink) {
          add("dangling", netName(d_, n) + " has a branch that ends at " + describeNode(v) + " without a target",
              endpoints(n), node.tile);
          return false;
        }
        reachedSinks.insert(node.tile);
        continue;
      }
      for (int e : it->second) {
        seenEdges.insert(e);
        stack.push_back(g_.edge(e).to);
      }
    }
    if (seenEdges.size() != edges.size()) {
      add("tree", netName(d_, n) + " has edges that are not connected to its source", endpoints(n));
      return false;
    }
    std::set<TileCoord> targetTiles;
    for (CoreId t : net.targets) targetTiles.insert(tileOf(t));
    for (TileCoord t : targetTiles)
      if (!reachedSinks.count(t)) {
        add("unreached", netName(d_, n) + " does not reach its target at " + core::toString(t), endpoints(n), t);
        return false;
      }
    for (TileCoord t : reachedSinks)
      if (!targetTiles.count(t)) {
        add("dangling", netName(d_, n) + " delivers to " + core::toString(t) + ", which holds no target", endpoints(n),
            t);
        return false;
      }
    for (int e : edges) {
      const RrEdge& edge = g_.edge(e);
      int tile = dev_.index(g_.node(edge.from).tile);
      if (edge.kind == RrEdgeKind::DmaOut || edge.kind == RrEdgeKind::DmaIn) {
        const int dir = edge.kind == RrEdgeKind::DmaOut ? 0 : 1;
        if (packet)
          packetNets_[dir][size_t(tile)].push_back(n);
        else
          ++(dir == 0 ? circuitOut_ : circuitIn_)[size_t(tile)];
      }
      if (edge.kind == RrEdgeKind::Link) (packet ? packetLink_ : circuitLink_)[e]++;
    }
    return true;
  }

  std::string describeNode(int v) const {
    const RrNode& node = g_.node(v);
    std::string s = std::string(toString(node.kind)) + " " + core::toString(node.tile);
    if (node.kind == RrNodeKind::SwitchIn || node.kind == RrNodeKind::SwitchOut)
      s += " " + std::string(toString(node.port));
    return s;
  }

  bool hostMemory(TileCoord t) const { return dev_.kind(t) == TileKind::Shim; }

  void addBuffer(TileCoord t, int64_t bytes, int locks) {
    if (hostMemory(t)) return;
    int i = dev_.index(t);
    u_.netBuffer[i] += bytes;
    u_.locks[i] += locks;
  }

  void countBuffers(NetId n, Interconnect type, TileCoord bank) {
    const Net& net = d_.nets[n];
    bool anyLinked = false;
    for (CoreId c : endpoints(n))
      if (linked_.count({n, c})) {
        anyLinked = true;
        addBuffer(tileOf(c), 0, kLocksPerBuffer);  // bytes are in the link's buffer
      }
    if (type == Interconnect::SharedMemory || type == Interconnect::IntraTile) {
      if (!anyLinked) addBuffer(bank, int64_t(net.sharedObjects()) * net.bytesPerObject, kLocksPerBuffer);
      return;
    }
    // Every DMA end runs a BD chain in its tile's DMA, linked or not; ends on stream ports
    // hold no buffer and run no BDs.
    if (net.usesDma(0)) u_.bds[dev_.index(tileOf(net.source))] += endpointBds(net.sourceDepth);
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1)) u_.bds[dev_.index(tileOf(net.targets[i]))] += endpointBds(net.targetDepths[i]);
    if (!linked_.count({n, net.source}) && net.usesDma(0))
      addBuffer(tileOf(net.source), int64_t(net.sourceDepth) * net.bytesPerObject, kLocksPerBuffer);
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (!linked_.count({n, net.targets[i]}) && net.usesDma(int(i) + 1))
        addBuffer(tileOf(net.targets[i]), int64_t(net.targetDepths[i]) * net.bytesPerObject, kLocksPerBuffer);
  }

  void countLinkBuffers() {
    for (const Link& link : d_.links) {
      CoreId via = d_.linkVia(link);
      if (via < 0) continue;
      int64_t in = 0, out = 0;
      for (NetId n : link.inputs) {
        const Net& net = d_.nets[n];
        for (size_t i = 0; i < net.targets.size(); ++i)
          if (net.targets[i] == via) in += int64_t(net.targetDepths[i]) * net.bytesPerObject;
      }
      for (NetId n : link.outputs) out += int64_t(d_.nets[n].sourceDepth) * d_.nets[n].bytesPerObject;
      addBuffer(tileOf(via), std::max(in, out), 0);
    }
  }

  void checkResources() {
    const int per = packetFlowsPerChannel(dev_);
    for (int i = 0; i < dev_.tileCount(); ++i) {
      TileCoord t = dev_.coord(i);
      const TileResources& res = dev_.resources(t);
      const int perDma = dmaFlowsPerChannel(dev_, t);
      std::string where = std::string(toString(dev_.kind(t))) + " tile " + core::toString(t) + ": ";
      const int packetChannelsOut = packetChannels(0, i, res.dmaOut - circuitOut_[i], perDma, where);
      const int packetChannelsIn = packetChannels(1, i, res.dmaIn - circuitIn_[i], perDma, where);
      u_.dmaOut[i] = circuitOut_[i] + packetChannelsOut;
      u_.dmaIn[i] = circuitIn_[i] + packetChannelsIn;
      if (u_.dmaOut[i] > res.dmaOut)
        add("dma-out",
            where + describeDma(circuitOut_[i], int(packetNets_[0][i].size()), "output") + " need " +
                std::to_string(u_.dmaOut[i]) + " MM2S channels but it has " + std::to_string(res.dmaOut),
            {}, t);
      if (u_.dmaIn[i] > res.dmaIn)
        add("dma-in",
            where + describeDma(circuitIn_[i], int(packetNets_[1][i].size()), "input") + " need " +
                std::to_string(u_.dmaIn[i]) + " S2MM channels but it has " + std::to_string(res.dmaIn),
            {}, t);
      if (u_.bds[i] > res.bufferDescriptors)
        add("bds",
            where + "DMA transfers need " + std::to_string(u_.bds[i]) + " buffer descriptors but it has " +
                std::to_string(res.bufferDescriptors) + " (one per buffer of every stream endpoint)",
            {}, t);
      u_.arbiters[i] = packetChannelsIn;  // one arbiter per packet S2MM channel
    }
    std::vector<int64_t> ownData(size_t(dev_.tileCount()), 0);  // stays on its tile (memtile_spill.h)
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      if (!hostMemory(tileOf(c))) {
        u_.memory[dev_.index(tileOf(c))] += d_.cores[c].bufferBytes;
        ownData[size_t(dev_.index(tileOf(c)))] += d_.cores[c].bufferBytes;
        u_.locks[dev_.index(tileOf(c))] += d_.cores[c].locks;
      }
    for (int i = 0; i < dev_.tileCount(); ++i)
      if (!hostMemory(dev_.coord(i))) u_.memory[i] += u_.netBuffer[i];
    // A memory tile's buffers may spill into its row neighbours' spare memory (memtile_spill.h).
    const std::vector<int64_t> memoryOver = memoryOveruseWithSpill(dev_, u_.memory, ownData);
    for (int i = 0; i < dev_.tileCount(); ++i) {
      TileCoord t = dev_.coord(i);
      if (hostMemory(t)) continue;
      const TileResources& res = dev_.resources(t);
      std::string where = std::string(toString(dev_.kind(t))) + " tile " + core::toString(t) + ": ";
      if (memoryOver[size_t(i)] > 0)
        add("memory",
            where + "buffers need " + std::to_string(u_.memory[i]) + " bytes but it has " +
                std::to_string(res.memoryBytes) + spillNote(dev_, t, memoryOver[size_t(i)]),
            {}, t);
      if (u_.locks[i] > res.locks)
        add("locks",
            where + "buffers need " + std::to_string(u_.locks[i]) + " locks but it has " + std::to_string(res.locks),
            {}, t);
    }
    for (int e = 0; e < g_.edgeCount(); ++e) {
      const RrEdge& edge = g_.edge(e);
      if (edge.kind != RrEdgeKind::Link) continue;
      int packetChannels = core::ceilDiv(packetLink_[e], per);
      u_.linkChannels[e] = circuitLink_[e] + packetChannels;
      u_.arbiters[dev_.index(g_.node(edge.from).tile)] += packetChannels;
      if (u_.linkChannels[e] > edge.capacity)
        add("link",
            g_.describeEdge(e) + ": " + std::to_string(circuitLink_[e]) + " circuit and " +
                std::to_string(packetLink_[e]) + " packet flows need " + std::to_string(u_.linkChannels[e]) +
                " channels but it has " + std::to_string(edge.capacity),
            {}, g_.node(edge.from).tile);
    }
    for (int i = 0; i < dev_.tileCount(); ++i)
      if (u_.arbiters[i] > dev_.packetLimits().arbiters)
        add("arbiters",
            "switch " + core::toString(dev_.coord(i)) + ": " + std::to_string(u_.arbiters[i]) +
                " packet-switched outputs but it has " + std::to_string(dev_.packetLimits().arbiters) + " arbiters",
            {}, dev_.coord(i));
  }

  // Channels the packet streams of tile i in direction dir (0 MM2S, 1 S2MM) need: by BDs
  // (perDma flows a channel) and, when the design's interval is known, by bandwidth
  // (stream_bandwidth.h). Reports streams that fit the count but not the bandwidth of the
  // `free` channels the circuits leave.
  int packetChannels(int dir, int i, int free, int perDma, const std::string& where) {
    const std::vector<NetId>& nets = packetNets_[dir][size_t(i)];
    const int byCount = core::ceilDiv(int(nets.size()), perDma);
    if (!demand_.bounded() || nets.size() < 2 || byCount > free) return byCount;
    std::vector<int64_t> cycles;
    for (NetId n : nets) cycles.push_back(demand_.packetCycles[size_t(n)]);
    const int channels = packChannels(cycles, demand_.intervalCycles, perDma, std::max(free, 0));
    if (channels >= 0) return channels;
    std::string names;
    int64_t total = 0;
    for (NetId n : nets) {
      names += (names.empty() ? "'" : ", '") + d_.nets[n].name + "'";
      total += demand_.packetCycles[size_t(n)];
    }
    add("bandwidth",
        where + std::to_string(nets.size()) + " packet " + (dir == 0 ? "output" : "input") + " streams (" + names +
            ") need " + bytesPerCycle(total) + " bytes/cycle (" + std::to_string(total * demand_.bytesPerCycle) +
            " bytes with headers per " + std::to_string(demand_.intervalCycles) +
            "-cycle interval) but no split of them fits its " + std::to_string(free) + " free " +
            (dir == 0 ? "MM2S" : "S2MM") + " channel" + (free == 1 ? "" : "s") + " at " +
            std::to_string(demand_.bytesPerCycle) + " bytes/cycle each",
        {}, dev_.coord(i));
    return std::max(free, 0);  // the violation is reported here, not again as a channel count
  }

  std::string bytesPerCycle(int64_t cycles) const {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f",
                  double(cycles) * double(demand_.bytesPerCycle) / double(demand_.intervalCycles));
    return buf;
  }

  static std::string describeDma(int circuit, int packet, const char* dir) {
    std::string s;
    if (circuit) s += std::to_string(circuit) + " circuit";
    if (packet) s += (s.empty() ? "" : " + ") + std::to_string(packet) + " packet";
    return s + " " + dir + " stream" + (circuit + packet == 1 ? "" : "s");
  }

  void checkCascades() {
    for (const Cascade& c : d_.cascades)
      if (!dev_.canCascade(tileOf(c.from), tileOf(c.to)))
        add("cascade",
            "cascade '" + d_.cores[c.from].name + "' -> '" + d_.cores[c.to].name + "' from " +
                core::toString(tileOf(c.from)) + " to " + core::toString(tileOf(c.to)) +
                " is not between cascade neighbours",
            {c.from, c.to});
  }

  const Design& d_;
  const Device& dev_;
  const RrGraph& g_;
  const Placement& p_;
  const Routing& r_;
  const RoutingCheckOptions& o_;
  std::map<std::pair<NetId, CoreId>, int> linked_;
  RoutingUsage u_;
  StreamDemand demand_;
  std::vector<int> circuitOut_, circuitIn_, circuitLink_, packetLink_;
  std::vector<std::vector<NetId>> packetNets_[2];  ///< packet nets per tile: MM2S, S2MM
  std::vector<Violation> out_;
};

}  // namespace

std::vector<TileCoord> expectedBufferTiles(const Design& design, const Placement& placement, NetId n, Interconnect type,
                                           TileCoord bank) {
  std::vector<TileCoord> out;
  const Net& net = design.nets[n];
  if (type == Interconnect::SharedMemory || type == Interconnect::IntraTile) {
    out.push_back(bank);
  } else {
    // Ends on stream ports hold no buffer.
    if (net.usesDma(0)) out.push_back(placement.tile(net.source));
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1)) out.push_back(placement.tile(net.targets[i]));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<Violation> checkRouting(const Design& design, const Device& device, const RrGraph& graph,
                                    const Placement& placement, const Routing& routing,
                                    const RoutingCheckOptions& options, RoutingUsage* usage) {
  return Checker(design, device, graph, placement, routing, options).run(usage);
}

}  // namespace ts::aie
