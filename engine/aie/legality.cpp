#include "engine/aie/legality.h"

#include <algorithm>
#include <map>
#include <set>

namespace ts::aie {

namespace {

std::string coreName(const Design& d, CoreId c) {
  return "'" + d.cores[c].name + "'";
}

}  // namespace

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
    auto add = [&](CoreId c, int depth) {
      if (std::find(vias.begin(), vias.end(), c) == vias.end()) bytes[size_t(c)] += depth * net.bytesPerObject;
    };
    add(net.source, net.sourceDepth);
    for (size_t i = 0; i < net.targets.size(); ++i) add(net.targets[i], net.targetDepths[i]);
  }
  return bytes;
}

int64_t streamBufferBytes(const Design& design, CoreId core) {
  return streamBufferBytes(design)[size_t(core)];
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
    } else if (!device.canHost(need, t)) {
      out.push_back({"no-dma",
                     "shim core " + coreName(design, c) + " is on shim tile " + core::toString(t) +
                         ", which has no DMA (not a NOC column)",
                     {c},
                     t});
    }
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

  std::vector<int> outNets = design.outgoingNetCount();
  std::vector<int> inNets = design.incomingNetCount();
  std::vector<int64_t> bufferBytes = streamBufferBytes(design);
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
    int64_t memory = 0;
    for (CoreId c : cores) {
      dmaOut += outNets[c];
      dmaIn += inNets[c];
      memory += bufferBytes[size_t(c)];
    }
    std::string what = std::string(toString(kind)) + " tile " + core::toString(t) + ": " +
                       std::to_string(cores.size()) + (cores.size() > 1 ? " endpoints" : " endpoint");
    bool merged = cores.size() > 1;
    if (merged && dmaOut > res.dmaOut)
      out.push_back({"dma-out",
                     what + " send " + std::to_string(dmaOut) + " nets but it has " + std::to_string(res.dmaOut) +
                         " MM2S channels",
                     cores, t});
    if (merged && dmaIn > res.dmaIn)
      out.push_back({"dma-in",
                     what + " receive " + std::to_string(dmaIn) + " nets but it has " + std::to_string(res.dmaIn) +
                         " S2MM channels",
                     cores, t});
    if (kind == TileKind::Mem && memory > res.memoryBytes)
      out.push_back(
          {"memory",
           what + " need " + std::to_string(memory) + " bytes of buffers but it has " + std::to_string(res.memoryBytes),
           cores, t});
  }
  return out;
}

}  // namespace ts::aie
