#pragma once
// Small hand-made AIE designs for the routing tests.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device_library.h"
#include "engine/aie/placement.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"

namespace ts::test {

/// A design under construction with its (fixed) placement.
struct ToyDesign {
  aie::Design design;
  aie::Placement placement;

  aie::CoreId core(const std::string& name, aie::TileCoord tile, aie::CoreKind kind = aie::CoreKind::Compute,
                   int64_t bufferBytes = 0) {
    design.cores.push_back({name, kind, bufferBytes, 0, std::nullopt, ""});
    placement = aie::Placement(design.coreCount());
    tiles.push_back(tile);
    for (int c = 0; c < design.coreCount(); ++c) placement.place(c, tiles[c]);
    return design.coreCount() - 1;
  }
  aie::NetId net(const std::string& name, aie::CoreId src, std::vector<aie::CoreId> targets, int64_t bytes = 1024,
                 int depth = 2) {
    aie::Net n;
    n.name = name;
    n.source = src;
    n.targets = targets;
    n.bytesPerObject = bytes;
    n.sourceDepth = depth;
    n.targetDepths.assign(targets.size(), depth);
    design.nets.push_back(n);
    return design.netCount() - 1;
  }
  std::vector<aie::TileCoord> tiles;
};

/// Routes a one-net design on npu2 with the MILP router and checks that the net became a legal
/// circuit; returns what the routing checker says of the same net put on shared memory instead.
inline std::vector<aie::Violation> circuitThenSharedProblems(const aie::Design& design,
                                                             const aie::Placement& placement) {
  const aie::Device dev = aie::loadDevice("npu2");
  aie::RrGraph graph(dev);
  core::RunContext ctx(1);
  aie::MilpRouterResult r = aie::runMilpRouter(design, dev, graph, placement, aie::MilpRouterConfig{}, ctx);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  if (r.routing.nets.size() != 1) {
    ADD_FAILURE() << "expected one routed net, got " << r.routing.nets.size();
    return {};
  }
  EXPECT_EQ(r.routing.nets[0].type, aie::Interconnect::Circuit);
  EXPECT_TRUE(aie::checkRouting(design, dev, graph, placement, r.routing, {}).empty());
  aie::Routing shared = r.routing;
  shared.nets[0].type = aie::Interconnect::SharedMemory;
  shared.nets[0].edges.clear();
  return aie::checkRouting(design, dev, graph, placement, shared, {});
}

inline const aie::Device& npu2() {
  static const aie::Device device = aie::loadDevice("npu2");
  return device;
}

/// A copy of `base` with other per-tile resources and packet limits (same RR graph).
inline aie::Device variantOf(const aie::Device& base, const std::string& name, int computeBds, int dmaFlowsPerChannel) {
  aie::TileResources compute = base.resourcesOf(aie::TileKind::Compute);
  compute.bufferDescriptors = computeBds;
  aie::PacketLimits packet = base.packetLimits();
  packet.dmaFlowsPerChannel = dmaFlowsPerChannel;
  return aie::Device(name, "test variant of " + base.name(), base.generation(), base.columns(), base.rowRoles(),
                     base.shimDmaColumns(), compute, base.resourcesOf(aie::TileKind::Mem),
                     base.resourcesOf(aie::TileKind::Shim), base.streamLinks(), packet);
}

/// 3 x 4 AIE2 array (shim, mem, compute, compute) with one east/west link per switch.
inline const aie::Device& narrowDevice() {
  static const aie::Device device = [] {
    aie::TileResources compute{65536, 16, 16, 2, 2}, mem{524288, 64, 48, 6, 6}, shim{0, 16, 16, 2, 2};
    aie::StreamLinks links;
    links.east = links.west = 1;
    return aie::Device("narrow", "test array", aie::Generation::Aie2, 3,
                       {aie::TileKind::Shim, aie::TileKind::Mem, aie::TileKind::Compute, aie::TileKind::Compute},
                       {0, 1, 2}, compute, mem, shim, links, aie::PacketLimits{});
  }();
  return device;
}

}  // namespace ts::test
