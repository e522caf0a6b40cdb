#include "engine/aie/bench/feasibility.h"

#include "engine/aie/routing_legality.h"
#include "engine/aie/stream_bandwidth.h"

#include <algorithm>
#include <map>
#include <set>

namespace ts::aie {

const char* toString(NetReach reach) {
  switch (reach) {
    case NetReach::IntraTile:
      return "intra-tile";
    case NetReach::SharedCapable:
      return "shared-capable";
    case NetReach::StreamOnly:
      return "stream-only";
  }
  return "?";
}

std::vector<NetReach> classifyNets(const Design& design, const Device& device, const Placement& placement) {
  std::vector<NetReach> out;
  out.reserve(design.nets.size());
  for (const Net& net : design.nets) {
    TileCoord src = placement.tile(net.source);
    std::vector<TileCoord> tiles{src};
    bool allCompute = device.kind(src) == TileKind::Compute;
    bool oneTile = true;
    for (CoreId t : net.targets) {
      TileCoord tt = placement.tile(t);
      tiles.push_back(tt);
      allCompute = allCompute && device.kind(tt) == TileKind::Compute;
      oneTile = oneTile && tt == src;
    }
    if (oneTile && !allCompute)
      out.push_back(NetReach::IntraTile);
    else if (allCompute && device.shareMemory(tiles))
      out.push_back(NetReach::SharedCapable);
    else
      out.push_back(NetReach::StreamOnly);
  }
  return out;
}

int64_t sharedBufferBytes(const Net& net) {
  return int64_t(net.sharedObjects()) * net.bytesPerObject;
}

BufferUsage countBuffers(const Design& design, const Device& device, const Placement& placement,
                         const std::vector<NetBuffers>& how, const std::vector<TileCoord>& sharedTile) {
  // The resource model of routing_legality.h: shim tiles buffer in host memory; a link's
  // core holds one buffer (the larger of its inputs and outputs) and 2 locks per linked
  // endpoint; other endpoints hold their own buffer set with 2 locks.
  const size_t tiles = size_t(device.tileCount());
  BufferUsage u{std::vector<int64_t>(tiles, 0), std::vector<int>(tiles, 0), std::vector<int>(tiles, 0)};
  auto at = [&](CoreId c) { return size_t(device.index(placement.tile(c))); };
  auto host = [&](size_t i) { return device.kind(device.coord(int(i))) == TileKind::Shim; };
  auto buffer = [&](size_t i, int64_t bytes, int locks, int bds) {
    u.bds[i] += bds;
    if (host(i)) return;
    u.memory[i] += bytes;
    u.locks[i] += locks;
  };
  for (CoreId c = 0; c < design.coreCount(); ++c) buffer(at(c), design.cores[c].bufferBytes, 0, 0);

  std::set<std::pair<NetId, CoreId>> linked;
  for (const Link& link : design.links) {
    CoreId via = design.linkVia(link);
    if (via < 0) continue;
    int64_t in = 0, out = 0;
    int locks = 0, bds = 0;
    for (NetId n : link.inputs) {
      if (how[n] == NetBuffers::None) continue;
      const Net& net = design.nets[n];
      for (size_t i = 0; i < net.targets.size(); ++i) {
        if (net.targets[i] != via) continue;
        in += net.targetDepths[i] * net.bytesPerObject;
        if (how[n] == NetBuffers::Stream) bds += net.targetDepths[i];
        locks += 2;
        linked.insert({n, via});
      }
    }
    for (NetId n : link.outputs) {
      if (how[n] == NetBuffers::None) continue;
      const Net& net = design.nets[n];
      out += net.sourceDepth * net.bytesPerObject;
      if (how[n] == NetBuffers::Stream) bds += net.sourceDepth;
      locks += 2;
      linked.insert({n, via});
    }
    if (locks > 0) buffer(at(via), std::max(in, out), locks, bds);
  }

  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[n];
    bool anyLinked = linked.count({n, net.source}) > 0;
    for (CoreId t : net.targets) anyLinked = anyLinked || linked.count({n, t}) > 0;
    switch (how[n]) {
      case NetBuffers::None:
        break;
      case NetBuffers::Shared:
      case NetBuffers::InPlace: {
        if (anyLinked) break;  // the bytes are in the link's buffer
        TileCoord bank = how[n] == NetBuffers::Shared ? sharedTile[n] : placement.tile(net.source);
        buffer(size_t(device.index(bank)), sharedBufferBytes(net), 2, 0);
        break;
      }
      case NetBuffers::Stream: {
        auto endpoint = [&](CoreId c, int depth) {
          if (!linked.count({n, c})) buffer(at(c), int64_t(depth) * net.bytesPerObject, 2, depth);
        };
        endpoint(net.source, net.sourceDepth);
        for (size_t i = 0; i < net.targets.size(); ++i) endpoint(net.targets[i], net.targetDepths[i]);
        break;
      }
    }
  }
  return u;
}

int minPacketNets(int streams, int channels, int flowsPerChannel) {
  if (streams <= channels) return 0;
  // c circuit + p packet nets fit when c + ceil(p / F) <= channels.
  for (int p = 1; p <= streams; ++p) {
    const int c = streams - p;
    if (c + (p + flowsPerChannel - 1) / flowsPerChannel <= channels) return p;
  }
  return streams + 1;  // not even all-packet fits
}

FeasibilityReport checkRoutingFeasibility(const Design& design, const Device& device, const Placement& placement) {
  FeasibilityReport r;
  r.nets = classifyNets(design, device, placement);
  const size_t tiles = size_t(device.tileCount());
  std::vector<std::vector<NetId>> outNets(tiles), inNets(tiles);  // stream-only nets per tile
  std::vector<NetBuffers> how(r.nets.size(), NetBuffers::None);
  int64_t sharedBytes = 0;
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[n];
    switch (r.nets[n]) {
      case NetReach::IntraTile:
        ++r.intraTileNets;
        break;
      case NetReach::SharedCapable:
        ++r.sharedNets;
        sharedBytes += sharedBufferBytes(net);
        break;
      case NetReach::StreamOnly: {
        ++r.streamNets;
        how[n] = NetBuffers::Stream;
        outNets[size_t(device.index(placement.tile(net.source)))].push_back(n);
        std::set<TileCoord> seen;
        for (CoreId t : net.targets)
          if (seen.insert(placement.tile(t)).second) inNets[size_t(device.index(placement.tile(t)))].push_back(n);
        break;
      }
    }
  }
  BufferUsage use = countBuffers(design, device, placement, how, {});

  const StreamDemand demand = streamDemand(design, device, &placement);
  std::string circuitReason;
  int64_t computeDemand = sharedBytes, computeCapacity = 0;
  for (size_t i = 0; i < tiles; ++i) {
    TileCoord t = device.coord(int(i));
    const TileResources& res = device.resources(t);
    const int flows = dmaFlowsPerChannel(device, t);
    if (device.kind(t) == TileKind::Compute) {
      computeDemand += use.memory[i];
      computeCapacity += res.memoryBytes;
    }
    const int out = int(outNets[i].size()), in = int(inNets[i].size());
    if (out == 0 && in == 0 && use.memory[i] == 0) continue;
    TileDemand d{t, out, in, use.memory[i], use.locks[i], use.bds[i]};
    r.tiles.push_back(d);
    const std::string where = std::string(toString(device.kind(t))) + " tile " + core::toString(t);
    auto issue = [&](const char* code, const std::string& msg) { r.issues.push_back({code, where + ": " + msg, t}); };
    auto channels = [&](const std::vector<NetId>& nets, int have, const char* code, const char* dir, const char* chan) {
      const int k = int(nets.size());
      if (k == 0) return;
      if (k > have * flows) {
        issue(code, std::to_string(k) + " stream nets " + dir + " but its " + std::to_string(have) + " " + chan +
                        " channels carry at most " + std::to_string(have * flows) + " packet flows");
        return;
      }
      if (k > have && demand.bounded()) {  // packet flows sharing a channel must fit its bandwidth
        std::vector<int64_t> cycles;
        for (NetId n : nets) cycles.push_back(demand.packetCycles[size_t(n)]);
        if (packChannels(cycles, demand.intervalCycles, flows, have) < 0) {
          issue(code, std::to_string(k) + " stream nets " + dir + " cannot share its " + std::to_string(have) + " " +
                          chan + " channels within their bandwidth (" + std::to_string(demand.bytesPerCycle) +
                          " bytes/cycle each, " + std::to_string(demand.intervalCycles) + "-cycle interval)");
          return;
        }
      }
      if (k > have) {
        r.minPacketNets = std::max(r.minPacketNets, minPacketNets(k, have, flows));
        if (r.circuitOnly)
          circuitReason = where + " has " + std::to_string(k) + " stream nets " + dir + " and " + std::to_string(have) +
                          " " + chan + " channels";
        r.circuitOnly = false;
      }
    };
    channels(outNets[i], res.dmaOut, "dma-out", "leaving", "MM2S");
    channels(inNets[i], res.dmaIn, "dma-in", "arriving", "S2MM");
    if (d.memory > res.memoryBytes)
      issue("memory", "needs " + std::to_string(d.memory) + " bytes of kernel data and stream buffers but has " +
                          std::to_string(res.memoryBytes));
    if (d.locks > res.locks)
      issue("locks", "needs " + std::to_string(d.locks) + " locks but has " + std::to_string(res.locks));
    if (d.bds > res.bufferDescriptors)
      issue("bds",
            "needs " + std::to_string(d.bds) + " buffer descriptors but has " + std::to_string(res.bufferDescriptors));
  }
  const int ids = device.packetLimits().maxPacketId + 1;
  r.packetOnly = r.streamNets <= ids;
  if (r.minPacketNets > ids)
    r.issues.push_back({"packet-ids",
                        "at least " + std::to_string(r.minPacketNets) +
                            " nets must be packet-switched but there are only " + std::to_string(ids) + " packet ids",
                        {-1, -1}});
  if (computeDemand > computeCapacity)
    r.issues.push_back({"array-memory",
                        "compute tiles need at least " + std::to_string(computeDemand) + " bytes in total but have " +
                            std::to_string(computeCapacity),
                        {-1, -1}});
  if (r.needsMixedModes()) {
    r.mixedReason = circuitReason + ": packet flows must share its DMA channels (circuit switching alone fails)";
    if (!r.packetOnly)
      r.mixedReason += ", and " + std::to_string(r.streamNets) + " stream nets exceed the " + std::to_string(ids) +
                       " packet ids (packet switching alone fails)";
  }
  return r;
}

}  // namespace ts::aie
