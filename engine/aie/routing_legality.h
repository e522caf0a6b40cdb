#pragma once
// Independent checker of a routing (never trusts the router that produced it). It rebuilds
// every resource count from the route trees and the device model alone:
//  - every net is routed and every target is reached; stream routes are trees rooted at the
//    source's DMA (one incoming edge per node, no dangling branch, no turn-around);
//  - shared-memory nets use one bank that the source and every target core can access
//    (mem-affinity neighbours), intra-tile nets stay on one memory tile;
//  - link channels, MM2S/S2MM channels per tile, buffer memory and locks per tile, packet ids,
//    arbiters per switch, cascade adjacency.
// The resource model (shared with the routers and placer costs, documented in README "AIE routers"):
//  - circuit nets own one channel of every link and DMA they use; packet nets share channels:
//    at most packetFlowsPerChannel(device) flows per link channel (an arbiter's master selects)
//    and dmaFlowsPerChannel(device, tile) per DMA channel (bounded by BDs, see below);
//  - every endpoint of a stream net takes endpointBds(depth) buffer descriptors of its tile's
//    DMA (MLIR-AIE lowers an object FIFO end to a chain of one BD per buffer, so double
//    buffering takes two), whether it streams in circuit or packet mode: packet streams sharing
//    a channel each need their own BD chain. Shared-memory and intra-tile nets take none;
//  - every endpoint of a stream net holds depth x bytes in its tile; a shared-memory or
//    intra-tile net holds one buffer set (largest depth x bytes) in its bank; nets joined by a
//    link share one buffer at the link's core (max of its inputs and outputs); each buffer set
//    of an endpoint takes 2 locks; shim tiles buffer in host memory (not counted);
//  - a packet-switched switch output (link or S2MM channel) takes one of the switch's arbiters.
#include <cstdint>
#include <vector>

#include "engine/aie/legality.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

/// Packet flows that may share one stream-switch link channel (the master selects of an arbiter).
int packetFlowsPerChannel(const Device& device);
/// Packet streams that may time-share one DMA channel of tile t: the device's
/// dma_flows_per_channel, or (when 0) the BDs one channel reaches, since each stream needs at
/// least one BD of its own; the per-tile BD count is the tighter rule and is checked apart.
int dmaFlowsPerChannel(const Device& device, TileCoord t);
/// Buffer descriptors one stream endpoint with `depth` buffers takes: one per buffer.
inline int endpointBds(int depth) {
  return depth > 1 ? depth : 1;
}
/// Locks one endpoint buffer set takes (producer and consumer lock).
constexpr int kLocksPerBuffer = 2;

/// Resource use of a routing as the checker counted it (indexed by Device::index / edge id).
struct RoutingUsage {
  std::vector<int> dmaOut, dmaIn;  ///< channels used per tile
  std::vector<int64_t> memory;     ///< bytes per tile: net buffers + cores' own buffers
  std::vector<int64_t> netBuffer;  ///< bytes per tile of net buffers only
  std::vector<int> locks;          ///< per tile
  std::vector<int> bds;            ///< buffer descriptors per tile (stream endpoints)
  std::vector<int> linkChannels;   ///< channels used per RR edge (links only, else 0)
  std::vector<int> arbiters;       ///< packet arbiters used per tile's switch
  int packetNets = 0;
};

struct RoutingCheckOptions {
  bool requireAllRouted = true;
};

/// Empty when the routing is legal for this placement. `usage` (optional) receives the counts.
std::vector<Violation> checkRouting(const Design& design, const Device& device, const RrGraph& graph,
                                    const Placement& placement, const Routing& routing,
                                    const RoutingCheckOptions& options = {}, RoutingUsage* usage = nullptr);

/// The tiles that hold a net's buffers for a given interconnect (`bank` for shared memory),
/// as routers must report them in NetRoute::bufferTiles; sorted, without duplicates.
std::vector<TileCoord> expectedBufferTiles(const Design& design, const Placement& placement, NetId net,
                                           Interconnect type, TileCoord bank);

}  // namespace ts::aie
