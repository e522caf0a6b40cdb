#pragma once
// Cascade chains as rigid macros. Cores joined by cascades must stay cascade neighbours, which
// single-core moves cannot keep (every move breaks a chain first), so move-based placers move
// each chain as one shape: the shape the start placement gives it when all its cascades hold
// there, otherwise the default one, every cascade running east (valid on AIE1 and AIE2); on
// AIE2 the shape with every cascade running south is offered as an alternative (e.g. for a
// chain pinned at the east edge).
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct CascadeMacro {
  std::vector<CoreId> cores;            ///< first core is the reference
  std::vector<TileCoord> offsets;       ///< per core, relative to the reference (col, row)
  bool fromStart = false;               ///< shape taken from the start placement
  std::vector<TileCoord> southOffsets;  ///< AIE2 alternative, every cascade south; may be empty
};

/// Macros of the design's cascade-connected compute cores (components of two or more cores),
/// in order of their lowest core id. `macroOf` gets each core's macro index or -1. A component
/// whose default shape would put two cores on one tile is left out (its cores move singly and
/// the cost's cascade penalty must hold it together).
std::vector<CascadeMacro> cascadeMacros(const Design& design, const Device& device, const Placement& start,
                                        std::vector<int>& macroOf);

}  // namespace ts::aie
