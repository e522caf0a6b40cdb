#include "engine/aie/legality.h"

#include "engine/aie/memtile_spill.h"
#include "engine/aie/routing_legality.h"

#include <algorithm>
#include <map>
#include <set>

namespace ts::aie {

namespace {

std::string coreName(const Design& d, CoreId c) {
  return "'" + d.cores[c].name + "'";
}

}  // namespace

std::string cascadeRule(const Device& device) {
  return device.generation() == Generation::Aie1 ? "on AIE1 the destination must be one column east"
                                                 : "the destination must be one row south or one column east";
}

std::string memoryReachRule(const Device& device) {
  return device.generation() == Generation::Aie1 ? "its own, north, south, and east on even rows or west on odd rows"
                                                 : "its own, north, south and west";
}

std::vector<int64_t> linkBufferBytes(const Design& design) {
  std::vector<int64_t> bytes(design.cores.size(), 0);
  for (const Link& link : design.links) {
    CoreId via = design.linkVia(link);
    if (via < 0 || via >= design.coreCount()) continue;
    int64_t in = 0, out = 0;
    for (NetId n : link.inputs) {
      const Net& net = design.nets[size_t(n)];
      for (size_t i = 0; i < net.targets.size(); ++i)
        if (net.targets[i] == via) in += net.targetDepths[i] * net.bytesPerObject;
    }
    for (NetId n : link.outputs) out += design.nets[size_t(n)].sourceDepth * design.nets[size_t(n)].bytesPerObject;
    bytes[size_t(via)] += std::max(in, out);
  }
  return bytes;
}

std::vector<int64_t> streamBufferBytes(const Design& design) {
  std::vector<int64_t> bytes = linkBufferBytes(design);
  // Vias of the links each net belongs to: its buffer there is the link's, counted above.
  std::vector<std::vector<CoreId>> linkedAt(design.nets.size());
  for (const Link& link : design.links) {
    CoreId via = design.linkVia(link);
    for (const auto* list : {&link.inputs, &link.outputs})
      for (NetId n : *list) linkedAt[size_t(n)].push_back(via);
  }
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[size_t(n)];
    const auto& vias = linkedAt[size_t(n)];
    auto add = [&](CoreId c, int pin, int depth) {
      // Stream-port ends hold no buffer.
      if (net.usesDma(pin) && std::find(vias.begin(), vias.end(), c) == vias.end())
        bytes[size_t(c)] += depth * net.bytesPerObject;
    };
    add(net.source, 0, net.sourceDepth);
    for (size_t i = 0; i < net.targets.size(); ++i) add(net.targets[i], int(i) + 1, net.targetDepths[i]);
  }
  return bytes;
}

int64_t streamBufferBytes(const Design& design, CoreId core) {
  return streamBufferBytes(design)[size_t(core)];
}

bool sharedMemoryPossible(const Design& design, const Device& device, const Placement& placement, NetId n) {
  return sharedMemoryBank(design, device, placement, n).has_value();
}

std::optional<TileCoord> sharedMemoryBank(const Design& design, const Device& device, const Placement& placement,
                                          NetId n) {
  const Net& net = design.nets[n];
  if (net.needsStream()) return std::nullopt;  // a stream-port end or a streamed net needs the switch
  std::vector<CoreId> ends{net.source};
  ends.insert(ends.end(), net.targets.begin(), net.targets.end());
  std::vector<TileCoord> tiles;
  for (CoreId c : ends) {
    if (design.cores[c].kind != CoreKind::Compute || !placement.placed(c)) return std::nullopt;
    tiles.push_back(placement.tile(c));
  }
  for (TileCoord bank : device.memoriesReachableFrom(tiles.front())) {
    bool ok = true;
    for (size_t i = 0; i < ends.size() && ok; ++i) {
      auto reach = device.memoriesReachableFrom(tiles[i]);
      ok = std::find(reach.begin(), reach.end(), bank) != reach.end();
      if (ok && design.linkedAt(n, ends[i])) ok = bank == tiles[i];  // the link's own buffer
    }
    if (ok) return bank;
  }
  return std::nullopt;
}

std::vector<int> certainBds(const Design& design, const Device& device, const Placement& placement) {
  std::vector<int> bds(size_t(device.tileCount()), 0);
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[n];
    bool placed = placement.placed(net.source) && device.contains(placement.tile(net.source));
    bool oneMemTile = design.cores[net.source].kind == CoreKind::MemTile;
    for (CoreId t : net.targets) {
      placed = placed && placement.placed(t) && device.contains(placement.tile(t));
      oneMemTile = oneMemTile && placed && design.cores[t].kind == CoreKind::MemTile &&
                   placement.tile(t) == placement.tile(net.source);
    }
    if (!placed || oneMemTile || sharedMemoryPossible(design, device, placement, n)) continue;
    // Ends on stream ports run no BD chain.
    if (net.usesDma(0)) bds[size_t(device.index(placement.tile(net.source)))] += endpointBds(net.sourceDepth);
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1))
        bds[size_t(device.index(placement.tile(net.targets[i])))] += endpointBds(net.targetDepths[i]);
  }
  return bds;
}

std::pair<int, int> mergedEndpointChannels(const std::vector<int>& outNets, const std::vector<int>& inNets,
                                           const Design::TurnEnds& turnEnds, const std::vector<CoreId>& cores,
                                           CoreId plus) {
  int out = 0, in = 0;
  std::map<int, int> groupOut, groupIn;  // turns group -> its ends among the cores
  auto add = [&](CoreId c) {
    out += outNets[size_t(c)];
    in += inNets[size_t(c)];
    for (const auto& [g, ends] : turnEnds.out[size_t(c)]) groupOut[g] += ends;
    for (const auto& [g, ends] : turnEnds.in[size_t(c)]) groupIn[g] += ends;
  };
  for (CoreId c : cores) add(c);
  if (plus >= 0) add(plus);
  for (const auto& entry : groupOut) out -= entry.second - 1;
  for (const auto& entry : groupIn) in -= entry.second - 1;
  return {out, in};
}

std::vector<Violation> checkPlacement(const Design& design, const Device& device, const Placement& placement,
                                      const PlacementCheckOptions& options) {
  std::vector<Violation> out;
  if (placement.size() != design.coreCount()) {
    out.push_back({"size",
                   "the placement has " + std::to_string(placement.size()) + " cores but the design has " +
                       std::to_string(design.coreCount()),
                   {},
                   std::nullopt});
    return out;
  }
  std::vector<int> outNets = design.outgoingNetCount();
  std::vector<int> inNets = design.incomingNetCount();
  const Design::TurnEnds turnEnds = design.turnEnds();
  std::map<TileCoord, std::vector<CoreId>> byTile;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    const LogicalCore& core = design.cores[c];
    if (!placement.placed(c)) {
      if (options.requireComplete)
        out.push_back({"unplaced", "core " + coreName(design, c) + " is not placed", {c}, std::nullopt});
      continue;
    }
    TileCoord t = placement.tile(c);
    if (!device.contains(t)) {
      out.push_back(
          {"outside",
           "core " + coreName(design, c) + " is at " + core::toString(t) + ", outside the " + device.name() + " array",
           {c},
           t});
      continue;
    }
    TileKind need = tileKindFor(core.kind);
    if (device.kind(t) != need) {
      out.push_back({"tile-kind",
                     std::string(toString(core.kind)) + " core " + coreName(design, c) + " is on " +
                         toString(device.kind(t)) + " tile " + core::toString(t),
                     {c},
                     t});
    } else if (!device.canHost(need, t, outNets[c] + inNets[c] > 0)) {  // PLIO / stream ends need no DMA
      out.push_back({"no-dma",
                     "shim core " + coreName(design, c) + " is on shim tile " + core::toString(t) +
                         ", which has no DMA (not a NOC column) but its nets use DMA channels",
                     {c},
                     t});
    }
    if (core.partlyPinned() && !core.allows(t))
      out.push_back({"pin",
                     "core " + coreName(design, c) + " must stay in " +
                         (core.pinColumn >= 0 ? "column " + std::to_string(core.pinColumn) : std::string()) +
                         (core.pinColumn >= 0 && core.pinRow >= 0 ? " and " : "") +
                         (core.pinRow >= 0 ? "row " + std::to_string(core.pinRow) : std::string()) +
                         " (a partial pin) but is at " + core::toString(t),
                     {c},
                     t});
    if (core.pin && *core.pin != t)
      out.push_back({"pin",
                     "core " + coreName(design, c) + " is pinned to " + core::toString(*core.pin) + " but placed at " +
                         core::toString(t),
                     {c},
                     t});
    if (options.reference && options.reference->size() == placement.size() && options.reference->pinned(c) &&
        options.reference->tile(c) != t)
      out.push_back({"pin",
                     "pinned core " + coreName(design, c) + " moved from " +
                         core::toString(options.reference->tile(c)) + " to " + core::toString(t),
                     {c},
                     t});
    byTile[t].push_back(c);
  }

  // Cascades need the device's own adjacency (AIE2: one row south or one column east).
  for (const Cascade& k : design.cascades) {
    if (k.from < 0 || k.to < 0 || k.from >= design.coreCount() || k.to >= design.coreCount()) continue;
    if (!placement.placed(k.from) || !placement.placed(k.to)) continue;
    const TileCoord a = placement.tile(k.from), b = placement.tile(k.to);
    if (!device.contains(a) || !device.contains(b) || device.canCascade(a, b)) continue;
    out.push_back({"cascade",
                   "cascade " + coreName(design, k.from) + " -> " + coreName(design, k.to) + ": " + core::toString(b) +
                       " is not a cascade neighbour of " + core::toString(a) + " (" + cascadeRule(device) + ")",
                   {k.from, k.to},
                   b});
  }
  // A core using another tile's memory must sit where that memory is within its reach.
  for (const MemoryUse& u : design.memoryUses) {
    if (u.user < 0 || u.owner < 0 || u.user >= design.coreCount() || u.owner >= design.coreCount()) continue;
    if (!placement.placed(u.user) || !placement.placed(u.owner)) continue;
    const TileCoord a = placement.tile(u.user), b = placement.tile(u.owner);
    if (!device.contains(a) || !device.contains(b)) continue;
    if (device.reachesMemory(a, b)) continue;  // the same tile: an overlap, below
    out.push_back({"memory-use",
                   "memory use " + coreName(design, u.user) + " -> " + coreName(design, u.owner) + ": the memory of " +
                       core::toString(b) + " is not one that a core at " + core::toString(a) + " reaches (" +
                       memoryReachRule(device) + ")",
                   {u.user, u.owner},
                   a});
  }
  std::vector<int64_t> bufferBytes = streamBufferBytes(design);
  std::vector<int64_t> memTileUse(size_t(device.tileCount()), 0), memTileFixed(memTileUse);
  struct MemTileCores {
    TileCoord tile;
    std::string what;
    std::vector<CoreId> cores;
  };
  std::vector<MemTileCores> memTileWho;
  for (const auto& [t, cores] : byTile) {
    if (!device.contains(t)) continue;
    TileKind kind = device.kind(t);
    if (kind == TileKind::Compute) {
      int computeCores = 0;
      for (CoreId c : cores) computeCores += design.cores[c].kind == CoreKind::Compute;
      if (computeCores > 1) {
        std::string names;
        for (CoreId c : cores) names += (names.empty() ? "" : ", ") + coreName(design, c);
        out.push_back(
            {"overlap",
             "compute tile " + core::toString(t) + " holds " + std::to_string(computeCores) + " cores: " + names, cores,
             t});
      }
      continue;
    }
    // Several memory-tile or shim endpoints may share a tile if its DMA channels and memory
    // suffice. A single endpoint with more nets than channels is left to the router, which
    // may share channels with packet switching.
    const TileResources& res = device.resources(t);
    int dmaOut = 0, dmaIn = 0;
    int64_t memory = 0, own = 0;  // its buffers and its cores' own data (which stays on the tile)
    for (CoreId c : cores) {
      dmaOut += outNets[c];
      dmaIn += inNets[c];
      own += design.cores[size_t(c)].bufferBytes;
      memory += bufferBytes[size_t(c)] + design.cores[size_t(c)].bufferBytes;
    }
    const bool merged = cores.size() > 1;
    // Ends of a turns group take one channel together: the channels needed at once.
    const auto [outAtOnce, inAtOnce] = mergedEndpointChannels(outNets, inNets, turnEnds, cores);
    // Cores, not nets: one memory-tile core may hold the ends of several linked nets.
    const std::string what = std::string(toString(kind)) + " tile " + core::toString(t) + ": " +
                             (merged ? "the " + std::to_string(cores.size()) + " cores placed there" : "its core");
    auto nets = [](int atOnce, int all) {
      return std::to_string(atOnce) + " nets" +
             (all > atOnce ? " at once (" + std::to_string(all - atOnce) + " more take turns with them)" : "");
    };
    if (merged && outAtOnce > res.dmaOut)
      out.push_back(
          {"dma-out",
           what + " send " + nets(outAtOnce, dmaOut) + " but it has " + std::to_string(res.dmaOut) + " MM2S channels",
           cores, t});
    if (merged && inAtOnce > res.dmaIn)
      out.push_back(
          {"dma-in",
           what + " receive " + nets(inAtOnce, dmaIn) + " but it has " + std::to_string(res.dmaIn) + " S2MM channels",
           cores, t});
    if (kind == TileKind::Mem) {
      memTileUse[size_t(device.index(t))] = memory;
      memTileFixed[size_t(device.index(t))] = own;
      memTileWho.push_back({t, what + (merged ? " need " : " needs "), cores});
    }
  }
  // A memory tile's buffers may spill into its row neighbours' spare memory (memtile_spill.h).
  const std::vector<int64_t> memOver = memoryOveruseWithSpill(device, memTileUse, memTileFixed);
  for (const auto& [t, what, cores] : memTileWho) {
    const size_t i = size_t(device.index(t));
    if (memOver[i] == 0) continue;
    out.push_back({"memory",
                   what + std::to_string(memTileUse[i]) + " bytes of buffers but it has " +
                       std::to_string(device.resources(t).memoryBytes) + spillNote(device, t, memOver[i]),
                   cores, t});
  }
  std::vector<int> bds = certainBds(design, device, placement);
  for (int i = 0; i < device.tileCount(); ++i) {
    TileCoord t = device.coord(i);
    if (bds[size_t(i)] <= device.resources(t).bufferDescriptors) continue;
    out.push_back({"bds",
                   std::string(toString(device.kind(t))) + " tile " + core::toString(t) +
                       ": its stream endpoints need " + std::to_string(bds[size_t(i)]) +
                       " buffer descriptors but it has " + std::to_string(device.resources(t).bufferDescriptors) +
                       " (one per buffer; these nets cannot use shared memory here)",
                   byTile.count(t) ? byTile[t] : std::vector<CoreId>{}, t});
  }
  return out;
}

}  // namespace ts::aie
