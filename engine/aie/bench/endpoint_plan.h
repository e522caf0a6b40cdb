#pragma once
// A witness for the endpoint resources of a placed design: picks, the way a designer would,
// an interconnect for every net (shared memory between neighbours, else a circuit stream, else
// a packet stream sharing a DMA channel) and a tile for every shared buffer, then counts DMA
// channels, memory, locks, BDs and packet ids per tile. When the plan fits, a routing exists
// as far as the endpoints are concerned (stream links, which are plentiful, are not routed).
//
// Together with checkRoutingFeasibility (a lower bound) it brackets routability without a
// router: the suite generator requires both for every manual placement.
#include <string>
#include <vector>

#include "engine/aie/bench/feasibility.h"

namespace ts::aie {

enum class PlannedMode { SharedMemory, IntraTile, Circuit, Packet };
const char* toString(PlannedMode mode);

struct EndpointPlanConfig {
  bool allowShared = true;  ///< false: every inter-tile net is a stream
  bool allowPacket = true;  ///< false: streams are circuit-switched only
  /// MLIR-AIE's rule (the PathFinder baseline's): shared memory only for a single-target net
  /// between two compute cores, one reaching the other's memory, and never for a linked net.
  bool sharedPairsOnly = false;

  /// The single-mode routing AMD's router attempts (circuit streams, pairwise shared memory).
  static EndpointPlanConfig singleMode() { return {true, false, true}; }
};

struct TileUsage {
  TileCoord tile;
  int dmaOut = 0;  ///< MM2S channels: one per circuit net, one per F packet nets
  int dmaIn = 0;
  int64_t memory = 0;
  int locks = 0;
  int bds = 0;
};

struct EndpointPlan {
  std::vector<PlannedMode> modes;     ///< one per net
  std::vector<TileCoord> bufferTile;  ///< shared-memory nets: tile holding the buffer
  std::vector<TileUsage> tiles;       ///< tiles with any use, in tile order
  std::vector<FeasibilityIssue> issues;
  bool ok() const { return issues.empty(); }
  int count(PlannedMode mode) const;
  /// Largest fraction of memory used on any compute tile (0..1+).
  double peakComputeMemory = 0;
};

/// Builds the plan greedily and deterministically (nets in design order, shared buffers on
/// the least-loaded reachable tile, packet switching only where a tile runs out of channels).
EndpointPlan planEndpoints(const Design& design, const Device& device, const Placement& placement,
                           const EndpointPlanConfig& config = {});

/// What the single-mode routing AMD's router attempts (EndpointPlanConfig::singleMode) fails on
/// besides the mixed-mode need itself: the single-mode plan's issues, leaving out a DMA channel
/// overflow where the tile's channels in that direction carry no more than its stream-only nets
/// (checkRoutingFeasibility), which no routing avoids. For a design that needs no mixed modes
/// these are all of the single-mode plan's issues, so one rule holds for every design.
std::vector<FeasibilityIssue> singleModeIssuesBesidesMixing(const Design& design, const Device& device,
                                                            const Placement& placement);
/// The same, given the placement's routing lower bound (checkRoutingFeasibility) already made.
std::vector<FeasibilityIssue> singleModeIssuesBesidesMixing(const Design& design, const Device& device,
                                                            const Placement& placement, const FeasibilityReport& bound);

}  // namespace ts::aie
