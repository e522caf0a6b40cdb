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

/// Checks tile kinds, bounds, one compute core per compute tile, design pins and pinned cores,
/// memory-tile and shim endpoints merged only within DMA and memory capacity.
std::vector<Violation> checkPlacement(const Design& design, const Device& device, const Placement& placement,
                                      const PlacementCheckOptions& options = {});

}  // namespace ts::aie
