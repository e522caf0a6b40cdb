#pragma once
// "manual": keeps the given placement as it is (the designer's own), only checking it. Used
// to route hand placements and as the baseline every placer is compared with.
#include "engine/aie/flow/algorithms.h"

namespace ts::aie {

PlaceOutcome runManualPlacement(const Design& design, const Device& device, const Placement& start);

}  // namespace ts::aie
