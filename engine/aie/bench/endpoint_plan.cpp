#include "engine/aie/bench/endpoint_plan.h"

#include "engine/aie/routing_legality.h"

#include <algorithm>
#include <set>

namespace ts::aie {

const char* toString(PlannedMode mode) {
  switch (mode) {
    case PlannedMode::SharedMemory:
      return "shared-memory";
    case PlannedMode::IntraTile:
      return "intra-tile";
    case PlannedMode::Circuit:
      return "circuit";
    case PlannedMode::Packet:
      return "packet";
  }
  return "?";
}

int EndpointPlan::count(PlannedMode mode) const {
  return int(std::count(modes.begin(), modes.end(), mode));
}

namespace {

std::vector<NetBuffers> buffersOf(const std::vector<PlannedMode>& modes) {
  std::vector<NetBuffers> how;
  for (PlannedMode m : modes)
    how.push_back(m == PlannedMode::SharedMemory ? NetBuffers::Shared
                  : m == PlannedMode::IntraTile  ? NetBuffers::InPlace
                                                 : NetBuffers::Stream);
  return how;
}

struct Channels {
  std::vector<int> out, in;
};

/// DMA channels per tile: one per circuit net end, one per F packet net ends.
Channels countChannels(const Design& design, const Device& device, const Placement& placement,
                       const std::vector<PlannedMode>& modes) {
  const size_t tiles = size_t(device.tileCount());
  Channels ch{std::vector<int>(tiles, 0), std::vector<int>(tiles, 0)};
  std::vector<int> packetOut(tiles, 0), packetIn(tiles, 0);
  for (NetId n = 0; n < design.netCount(); ++n) {
    PlannedMode m = modes[n];
    if (m != PlannedMode::Circuit && m != PlannedMode::Packet) continue;
    const Net& net = design.nets[n];
    size_t s = size_t(device.index(placement.tile(net.source)));
    if (m == PlannedMode::Circuit)
      ++ch.out[s];
    else
      ++packetOut[s];
    std::set<TileCoord> seen;
    for (CoreId t : net.targets) {
      if (!seen.insert(placement.tile(t)).second) continue;
      size_t ti = size_t(device.index(placement.tile(t)));
      if (m == PlannedMode::Circuit)
        ++ch.in[ti];
      else
        ++packetIn[ti];
    }
  }
  for (size_t i = 0; i < tiles; ++i) {
    const int flows = dmaFlowsPerChannel(device, device.coord(int(i)));
    ch.out[i] += (packetOut[i] + flows - 1) / flows;
    ch.in[i] += (packetIn[i] + flows - 1) / flows;
  }
  return ch;
}

}  // namespace

EndpointPlan planEndpoints(const Design& design, const Device& device, const Placement& placement,
                           const EndpointPlanConfig& config) {
  EndpointPlan plan;
  const std::vector<NetReach> reach = classifyNets(design, device, placement);
  const int nets = design.netCount();
  plan.modes.assign(size_t(nets), PlannedMode::Circuit);
  plan.bufferTile.assign(size_t(nets), TileCoord{-1, -1});
  std::vector<char> linked(size_t(nets), 0);
  for (const Link& l : design.links) {
    for (NetId n : l.inputs) linked[size_t(n)] = 1;
    for (NetId n : l.outputs) linked[size_t(n)] = 1;
  }
  auto pairShares = [&](const Net& net) {
    if (net.targets.size() != 1) return false;
    TileCoord a = placement.tile(net.source), b = placement.tile(net.targets[0]);
    auto ra = device.memoriesReachableFrom(a), rb = device.memoriesReachableFrom(b);
    return std::find(ra.begin(), ra.end(), b) != ra.end() || std::find(rb.begin(), rb.end(), a) != rb.end();
  };
  for (NetId n = 0; n < nets; ++n) {
    if (reach[n] == NetReach::IntraTile)
      plan.modes[n] = PlannedMode::IntraTile;
    else if (reach[n] == NetReach::SharedCapable && config.allowShared &&
             (!config.sharedPairsOnly || (!linked[size_t(n)] && pairShares(design.nets[n]))))
      plan.modes[n] = PlannedMode::SharedMemory;
  }

  // Shared buffers: largest first, each on the least-loaded tile every endpoint reaches.
  {
    std::vector<NetBuffers> how = buffersOf(plan.modes);
    for (NetId n = 0; n < nets; ++n)
      if (plan.modes[n] == PlannedMode::SharedMemory) how[n] = NetBuffers::None;
    BufferUsage base = countBuffers(design, device, placement, how, plan.bufferTile);
    std::vector<NetId> order;
    for (NetId n = 0; n < nets; ++n)
      if (plan.modes[n] == PlannedMode::SharedMemory) order.push_back(n);
    auto size = [&](NetId n) { return sharedBufferBytes(design.nets[n]); };
    std::stable_sort(order.begin(), order.end(), [&](NetId a, NetId b) { return size(a) > size(b); });
    for (NetId n : order) {
      const Net& net = design.nets[n];
      std::vector<TileCoord> candidates = device.memoriesReachableFrom(placement.tile(net.source));
      for (CoreId t : net.targets) {
        auto reachT = device.memoriesReachableFrom(placement.tile(t));
        candidates.erase(
            std::remove_if(candidates.begin(), candidates.end(),
                           [&](TileCoord m) { return std::find(reachT.begin(), reachT.end(), m) == reachT.end(); }),
            candidates.end());
      }
      if (config.sharedPairsOnly) {
        // MLIR-AIE's choice, as the PathFinder baseline makes it: the consumer's memory when
        // the producer reaches it, else the producer's.
        const TileCoord a = placement.tile(net.source), t = placement.tile(net.targets[0]);
        auto ra = device.memoriesReachableFrom(a);
        const TileCoord bank = std::find(ra.begin(), ra.end(), t) != ra.end() ? t : a;
        candidates.erase(std::remove_if(candidates.begin(), candidates.end(), [&](TileCoord m) { return m != bank; }),
                         candidates.end());
      }
      TileCoord best{-1, -1};
      int64_t bestFree = 0;
      for (TileCoord m : candidates) {
        size_t i = size_t(device.index(m));
        const TileResources& res = device.resources(m);
        int64_t free = res.memoryBytes - base.memory[i];
        if (free < size(n) || base.locks[i] + 2 > res.locks) continue;
        if (best.col < 0 || free > bestFree) {
          best = m;
          bestFree = free;
        }
      }
      if (best.col < 0) {
        plan.modes[n] = PlannedMode::Circuit;  // no neighbour has room: stream it instead
        continue;
      }
      plan.bufferTile[n] = best;
      base.memory[size_t(device.index(best))] += size(n);
      base.locks[size_t(device.index(best))] += 2;
    }
  }

  // DMA channels: turn circuit nets into packet nets where a tile runs out of channels,
  // cheapest (fewest bytes) first.
  Channels ch = countChannels(design, device, placement, plan.modes);
  for (int guard = 0; config.allowPacket && guard <= nets; ++guard) {
    NetId pick = -1;
    for (int i = 0; i < device.tileCount() && pick < 0; ++i) {
      TileCoord t = device.coord(i);
      const TileResources& res = device.resources(t);
      bool overOut = ch.out[size_t(i)] > res.dmaOut && res.dmaOut > 0;
      bool overIn = ch.in[size_t(i)] > res.dmaIn && res.dmaIn > 0;
      if (!overOut && !overIn) continue;
      for (NetId n = 0; n < nets; ++n) {
        if (plan.modes[n] != PlannedMode::Circuit) continue;
        const Net& net = design.nets[n];
        bool touches = overOut && placement.tile(net.source) == t;
        for (CoreId tg : net.targets) touches = touches || (overIn && placement.tile(tg) == t);
        if (!touches) continue;
        if (pick < 0 || net.bytesPerObject < design.nets[pick].bytesPerObject) pick = n;
      }
    }
    if (pick < 0) break;
    plan.modes[pick] = PlannedMode::Packet;
    ch = countChannels(design, device, placement, plan.modes);
  }

  BufferUsage use = countBuffers(design, device, placement, buffersOf(plan.modes), plan.bufferTile);
  for (int i = 0; i < device.tileCount(); ++i) {
    TileCoord t = device.coord(i);
    const size_t k = size_t(i);
    if (ch.out[k] == 0 && ch.in[k] == 0 && use.memory[k] == 0 && use.locks[k] == 0) continue;
    const TileResources& res = device.resources(t);
    plan.tiles.push_back({t, ch.out[k], ch.in[k], use.memory[k], use.locks[k], use.bds[k]});
    const std::string where = std::string(toString(device.kind(t))) + " tile " + core::toString(t) + ": ";
    auto over = [&](const char* code, const char* what, int64_t used, int64_t have) {
      if (used > have)
        plan.issues.push_back(
            {code, where + "uses " + std::to_string(used) + " " + what + " of " + std::to_string(have), t});
    };
    over("dma-out", "MM2S channels", ch.out[k], res.dmaOut);
    over("dma-in", "S2MM channels", ch.in[k], res.dmaIn);
    over("memory", "bytes", use.memory[k], res.memoryBytes);
    over("locks", "locks", use.locks[k], res.locks);
    over("bds", "buffer descriptors", use.bds[k], res.bufferDescriptors);
    if (device.kind(t) == TileKind::Compute && res.memoryBytes > 0)
      plan.peakComputeMemory = std::max(plan.peakComputeMemory, double(use.memory[k]) / double(res.memoryBytes));
  }
  const int ids = device.packetLimits().maxPacketId + 1;
  if (plan.count(PlannedMode::Packet) > ids)
    plan.issues.push_back({"packet-ids",
                           std::to_string(plan.count(PlannedMode::Packet)) + " packet-switched nets but only " +
                               std::to_string(ids) + " packet ids",
                           {-1, -1}});
  return plan;
}

std::vector<FeasibilityIssue> singleModeIssuesBesidesMixing(const Design& design, const Device& device,
                                                            const Placement& placement) {
  return singleModeIssuesBesidesMixing(design, device, placement, checkRoutingFeasibility(design, device, placement));
}

std::vector<FeasibilityIssue> singleModeIssuesBesidesMixing(const Design& design, const Device& device,
                                                            const Placement& placement,
                                                            const FeasibilityReport& bound) {
  const EndpointPlan plan = planEndpoints(design, device, placement, EndpointPlanConfig::singleMode());
  std::vector<FeasibilityIssue> issues;
  for (const FeasibilityIssue& i : plan.issues) {
    const bool out = i.code == "dma-out", in = i.code == "dma-in";
    if (out || in) {
      auto used =
          std::find_if(plan.tiles.begin(), plan.tiles.end(), [&](const TileUsage& u) { return u.tile == i.tile; });
      auto forced =
          std::find_if(bound.tiles.begin(), bound.tiles.end(), [&](const TileDemand& d) { return d.tile == i.tile; });
      if (used != plan.tiles.end() && forced != bound.tiles.end() &&
          (out ? used->dmaOut <= forced->streamOut : used->dmaIn <= forced->streamIn))
        continue;  // only the streams no routing avoids overflow here: the mixed-mode need itself
    }
    issues.push_back(i);
  }
  return issues;
}

}  // namespace ts::aie
