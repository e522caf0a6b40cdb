#pragma once
// "sequential": AMD's greedy placer from IRON (SequentialPlacer), the baseline the paper
// compares with. Reproduced in behaviour, deliberately not improved:
//  - compute cores take the compute tiles column by column (bottom to top, then the next
//    column) in declaration order, skipping tiles of cores already placed and tiles a core's
//    partial pin (column or row) rules out;
//  - a cascade chain is placed as one piece when its first core comes up: down a column from
//    the first tile where it fits (every cascade south; east on AIE1 or when no column fits);
//  - DMA channels are counted per net (object FIFO) at memory-tile and shim tiles only, with no
//    notion of shared memory;
//  - for each net in declaration order, its unplaced memory-tile/shim endpoints go to the first
//    tile at or right of the mean column of the net's compute endpoints (Python rounding; only
//    cores this placer placed count, as in IRON) whose DMA channels still fit; nothing is
//    searched to the left;
//  - no memory check, no backtracking: running out of compute tiles or of channels fails;
//  - endpoints on no net (declared tiles nothing uses) go to the first tile from column 0, as
//    MLIR-AIE's placer does.
// Where IRON's bookkeeping depends on Python object order that a design file does not carry,
// this version uses the design's order (nets in declaration order, source before targets) and
// charges an endpoint all of its nets' channels when it is placed (IRON does so for links).
#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct SequentialPlacerConfig {
  /// Keep cores the start placement already places (IRON's partial placement); false keeps
  /// only pinned cores.
  bool keepStartPlacement = true;

  void bind(core::ParamBinder& binder);
};

using SequentialPlacerResult = PlacerResult;

SequentialPlacerResult runSequentialPlacer(const PlaceProblem& problem, const SequentialPlacerConfig& config,
                                           core::RunContext& ctx);

}  // namespace ts::aie
