#pragma once
// Load-time checks of coordinates against the device a file is read for: every pin and every
// placed core must lie on the array, so no algorithm ever indexes a tile that does not exist.
#include <functional>
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

/// "" when `t` lies on the device, else "(9,3), outside npu2 (8 columns x 6 rows)".
std::string outsideDevice(const Device& device, TileCoord t);

/// Refuses design pins and placed cores that lie outside the device with an InputError naming
/// `file` and the line `lineOf(core, isPin)` gives (0 = unknown).
void checkCoordinatesOnDevice(const Design& design, const Placement& placement, const Device& device,
                              const std::string& file, const std::function<int(CoreId, bool isPin)>& lineOf);

}  // namespace ts::aie
