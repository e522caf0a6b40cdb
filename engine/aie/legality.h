#pragma once
// Independent checks of what solvers and users produce. Never trusts the producer: every
// placer/router result passes through here before it is reported as a success.
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct Violation {
  std::string code;     ///< short machine-readable kind: "unplaced", "tile-kind", "dma-out", ...
  std::string message;  ///< one line a user can act on
  std::vector<CoreId> cores;
  std::optional<TileCoord> tile;
};

struct PlacementCheckOptions {
  bool requireComplete = true;  ///< report unplaced cores
  /// When set, cores pinned in this placement must not have moved (checks algorithm output
  /// against the placement it started from).
  const Placement* reference = nullptr;
};

/// Memory each core needs for its net buffers when every net is a stream (sender and receivers
/// hold depth x bytes each); nets chained by a link share one buffer at the link's core.
/// One pass over the design.
std::vector<int64_t> streamBufferBytes(const Design& design);
/// The same for one core (a pass over the design: call the vector form in loops).
int64_t streamBufferBytes(const Design& design, CoreId core);
/// The link part of that: per core, the larger of the input and output buffer sets of each
/// link through it, summed.
std::vector<int64_t> linkBufferBytes(const Design& design);

/// Whether net n can use shared memory under this placement (all endpoints placed): every
/// endpoint is a compute core and one memory is reachable by all of them; a net linked through
/// a core must use that core's own memory, where the link's buffer lives (the routers' rule).
bool sharedMemoryPossible(const Design& design, const Device& device, const Placement& placement, NetId n);
/// The first such memory in the order the source reaches them (own tile first), if any.
std::optional<TileCoord> sharedMemoryBank(const Design& design, const Device& device, const Placement& placement,
                                          NetId n);

/// Buffer descriptors each tile (by Device::index) needs whatever the routing: one per buffer
/// at every endpoint of the nets that can only stream (neither shared memory nor one memory
/// tile); nets with an unplaced endpoint are left out.
std::vector<int> certainBds(const Design& design, const Device& device, const Placement& placement);

/// The DMA channels, out (MM2S) and in (S2MM), that the ends of `cores` (and of `plus` unless -1)
/// take when they share one tile: their nets (`outNets`, `inNets`: Design::outgoingNetCount(),
/// incomingNetCount()) less, per turns group, all its ends there but one (one channel serves the
/// group in turn).
std::pair<int, int> mergedEndpointChannels(const std::vector<int>& outNets, const std::vector<int>& inNets,
                                           const Design::TurnEnds& turnEnds, const std::vector<CoreId>& cores,
                                           CoreId plus = -1);

/// The device's cascade adjacency in words, for messages.
std::string cascadeRule(const Device& device);
/// The memories a core reaches, in words, for messages (Device::memoriesReachableFrom).
std::string memoryReachRule(const Device& device);

/// Checks tile kinds, bounds, one compute core per compute tile, design pins, partial pins and
/// pinned cores, cascade adjacency, memory uses within reach, memory-tile and shim endpoints
/// merged only within DMA channels, memory-tile buffers within their memory and what row
/// neighbours lend (memtile_spill.h), and the buffer descriptors the placement makes certain
/// (certainBds) within each tile's.
std::vector<Violation> checkPlacement(const Design& design, const Device& device, const Placement& placement,
                                      const PlacementCheckOptions& options = {});

}  // namespace ts::aie
