#include "widgets/aie_usage.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "engine/aie/device.h"
#include "engine/aie/legality.h"
#include "engine/aie/routing_legality.h"

namespace ts::ui {

using aie::CoreId;
using aie::NetId;
using aie::TileCoord;

int AieUsage::violationCount(const std::string& codePrefix) const {
  int n = 0;
  for (const auto& v : violations) n += v.code.compare(0, codePrefix.size(), codePrefix) == 0;
  return n;
}

bool netFitsSharedMemory(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                         NetId n) {
  // The engine's rule (the checker's, placers' and router's): a streamed net or one with a
  // stream-port end never shares memory, nor a net linked through a core away from its tile.
  const aie::Net& net = design.nets[n];
  std::vector<CoreId> ends{net.source};
  ends.insert(ends.end(), net.targets.begin(), net.targets.end());
  for (CoreId c : ends)
    if (!placement.placed(c) || !device.contains(placement.tile(c)) ||
        device.kind(placement.tile(c)) != aie::TileKind::Compute)
      return false;
  return aie::sharedMemoryPossible(design, device, placement, n);
}

namespace {

void countRouted(const aie::Design& design, const aie::Device& device, const aie::Routing& routing,
                 const aie::RrGraph& graph, AieUsage& u) {
  const int tiles = device.tileCount();
  // Packet nets share a channel or link: count each resource once for all packet flows on it.
  std::vector<char> packetDmaIn(size_t(tiles), 0), packetDmaOut(size_t(tiles), 0);
  std::vector<char> packetLink(size_t(tiles) * 4, 0);
  for (NetId n = 0; n < int(routing.nets.size()) && n < design.netCount(); ++n) {
    const aie::NetRoute& r = routing.nets[n];
    if (!r.routed) continue;
    bool packet = r.type == aie::Interconnect::Packet;
    if (r.type == aie::Interconnect::SharedMemory) ++u.sharedMemoryNets;
    if (r.type == aie::Interconnect::Circuit || packet) ++u.streamNets;
    for (int e : r.edges) {
      if (e < 0 || e >= graph.edgeCount()) continue;
      const aie::RrEdge& edge = graph.edge(e);
      TileCoord t = graph.node(edge.from).tile;
      int ti = device.index(t);
      switch (edge.kind) {
        case aie::RrEdgeKind::Link: {
          ++u.routeLength;
          int dir = -1;
          for (int d = 0; d < 4; ++d)
            if (graph.linkEdge(t, aie::Direction(d)) == e) dir = d;
          if (dir < 0) break;
          size_t slot = size_t(ti) * 4 + size_t(dir);
          if (!packet)
            ++u.linkUsed[slot];
          else if (!packetLink[slot])
            packetLink[slot] = 1, ++u.linkUsed[slot];
          break;
        }
        case aie::RrEdgeKind::DmaOut:
          if (!packet)
            ++u.dmaOutUsed[size_t(ti)];
          else if (!packetDmaOut[size_t(ti)])
            packetDmaOut[size_t(ti)] = 1, ++u.dmaOutUsed[size_t(ti)];
          break;
        case aie::RrEdgeKind::DmaIn: {
          int sink = device.index(graph.node(edge.to).tile);
          if (!packet)
            ++u.dmaInUsed[size_t(sink)];
          else if (!packetDmaIn[size_t(sink)])
            packetDmaIn[size_t(sink)] = 1, ++u.dmaInUsed[size_t(sink)];
          break;
        }
        default:
          break;
      }
    }
  }
  for (int ti = 0; ti < tiles; ++ti)
    for (int d = 0; d < 4; ++d) {
      int cap = device.linkCapacity(device.coord(ti), aie::Direction(d));
      int used = u.linkUsed[size_t(ti) * 4 + size_t(d)];
      if (cap > 0) u.maxLinkUtilisation = std::max(u.maxLinkUtilisation, double(used) / cap);
      if (used > cap) {
        TileCoord t = device.coord(ti);
        u.violations.push_back({"link",
                                "stream links " + core::toString(t) + " -> " + toString(aie::Direction(d)) + ": " +
                                    std::to_string(used) + " streams on " + std::to_string(cap) + " links",
                                {},
                                t});
      }
    }
}

void estimateUnrouted(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                      AieUsage& u) {
  // Nets that take turns (Design::turns) need one channel per group at a tile.
  const std::vector<int> turnsOf = design.turnsOf();
  std::set<std::tuple<int, int, bool>> turnsAt;  // (tile, group, in) counted
  auto newChannel = [&](NetId n, int tile, bool in) {
    return turnsOf[size_t(n)] < 0 || turnsAt.insert({tile, turnsOf[size_t(n)], in}).second;
  };
  for (NetId n = 0; n < design.netCount(); ++n) {
    const aie::Net& net = design.nets[n];
    if (!placement.placed(net.source)) continue;
    TileCoord s = placement.tile(net.source);
    if (!device.contains(s)) continue;
    if (netFitsSharedMemory(design, device, placement, n)) {
      ++u.sharedMemoryNets;
      continue;
    }
    int minC = s.col, maxC = s.col, minR = s.row, maxR = s.row;
    bool anyTarget = false;
    for (CoreId c : net.targets) {
      if (!placement.placed(c) || !device.contains(placement.tile(c))) continue;
      TileCoord t = placement.tile(c);
      if (t == s) continue;  // two endpoints on one memory tile exchange data in place
      anyTarget = true;
      if (newChannel(n, device.index(t), true)) ++u.dmaInUsed[size_t(device.index(t))];
      minC = std::min(minC, t.col), maxC = std::max(maxC, t.col);
      minR = std::min(minR, t.row), maxR = std::max(maxR, t.row);
    }
    if (!anyTarget) continue;
    ++u.streamNets;
    if (newChannel(n, device.index(s), false)) ++u.dmaOutUsed[size_t(device.index(s))];
    u.routeLength += (maxC - minC) + (maxR - minR);
  }
}

}  // namespace

AieUsage computeAieUsage(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                         const aie::Routing* routing, const aie::RrGraph* graph) {
  AieUsage u;
  const size_t tiles = size_t(device.tileCount());
  u.memoryUsed.assign(tiles, 0);
  u.dmaInUsed.assign(tiles, 0);
  u.dmaOutUsed.assign(tiles, 0);
  u.bdsUsed.assign(tiles, 0);
  u.linkUsed.assign(tiles * 4, 0);
  u.tileBad.assign(tiles, 0);
  u.tileWarn.assign(tiles, 0);
  u.coreBad.assign(size_t(design.coreCount()), 0);
  if (placement.size() != design.coreCount()) return u;

  aie::PlacementCheckOptions options;
  options.requireComplete = false;
  u.violations = aie::checkPlacement(design, device, placement, options);

  const std::vector<int64_t> netBuffers = aie::streamBufferBytes(design);
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (!placement.placed(c) || !device.contains(placement.tile(c))) continue;
    int64_t bytes = design.cores[c].bufferBytes + netBuffers[size_t(c)];
    u.memoryUsed[size_t(device.index(placement.tile(c)))] += bytes;
    u.bufferBytes += bytes;
  }

  u.routed = routing && graph && int(routing->nets.size()) == design.netCount();
  if (u.routed) {
    countRouted(design, device, *routing, *graph, u);
    // Buffers and BDs exactly as the routing checker counts them on this routing.
    aie::RoutingCheckOptions partial;
    partial.requireAllRouted = false;
    aie::RoutingUsage exact;
    aie::checkRouting(design, device, *graph, placement, *routing, partial, &exact);
    if (exact.memory.size() == tiles) {
      u.memoryUsed = exact.memory;
      u.bdsUsed = exact.bds;
      u.bufferBytes = 0;
      for (int64_t b : exact.netBuffer) u.bufferBytes += b;
      for (const auto& c : design.cores) u.bufferBytes += c.bufferBytes;
    }
  } else {
    estimateUnrouted(design, device, placement, u);
    u.bdsUsed = aie::certainBds(design, device, placement);  // the placement check judges these
  }

  // Over-use the placement check does not report (it only judges merged endpoints).
  std::map<TileCoord, std::vector<CoreId>> coresByTile;
  for (CoreId c = 0; c < design.coreCount(); ++c)
    if (placement.placed(c)) coresByTile[placement.tile(c)].push_back(c);
  const char* how = u.routed ? "" : " (estimate)";
  auto& overuse = u.routed ? u.violations : u.warnings;
  for (size_t ti = 0; ti < tiles; ++ti) {
    TileCoord t = device.coord(int(ti));
    const aie::TileResources& res = device.resources(t);
    u.dmaChannels += u.dmaInUsed[ti] + u.dmaOutUsed[ti];
    auto it = coresByTile.find(t);
    std::vector<CoreId> cores = it == coresByTile.end() ? std::vector<CoreId>{} : it->second;
    std::string where = std::string(toString(device.kind(t))) + " tile " + core::toString(t);
    if (u.dmaOutUsed[ti] > res.dmaOut)
      overuse.push_back({"dma-out-use",
                         where + " needs " + std::to_string(u.dmaOutUsed[ti]) + " MM2S channels, has " +
                             std::to_string(res.dmaOut) + how,
                         cores, t});
    if (u.dmaInUsed[ti] > res.dmaIn)
      overuse.push_back({"dma-in-use",
                         where + " needs " + std::to_string(u.dmaInUsed[ti]) + " S2MM channels, has " +
                             std::to_string(res.dmaIn) + how,
                         cores, t});
    if (u.routed && u.bdsUsed[ti] > res.bufferDescriptors)
      u.violations.push_back({"bd-use",
                              where + " needs " + std::to_string(u.bdsUsed[ti]) + " buffer descriptors, has " +
                                  std::to_string(res.bufferDescriptors),
                              cores, t});
    const bool judged = u.routed ? device.kind(t) != aie::TileKind::Shim : device.kind(t) == aie::TileKind::Compute;
    if (judged && u.memoryUsed[ti] > res.memoryBytes)
      // Unrouted, stream-buffer bytes are an upper bound (shared memory needs less): a warning.
      overuse.push_back({"memory-use",
                         where + (u.routed ? " needs " : " needs up to ") + std::to_string(u.memoryUsed[ti]) +
                             " bytes of buffers, has " + std::to_string(res.memoryBytes),
                         cores, t});
  }
  for (const auto& v : u.violations) {
    if (v.tile && device.contains(*v.tile)) u.tileBad[size_t(device.index(*v.tile))] = 1;
    for (CoreId c : v.cores)
      if (c >= 0 && c < design.coreCount()) u.coreBad[size_t(c)] = 1;
  }
  for (const auto& v : u.warnings)
    if (v.tile && device.contains(*v.tile)) u.tileWarn[size_t(device.index(*v.tile))] = 1;
  return u;
}

}  // namespace ts::ui
