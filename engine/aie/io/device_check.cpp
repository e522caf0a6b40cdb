#include "engine/aie/io/device_check.h"

#include "engine/core/error.h"

namespace ts::aie {

std::string outsideDevice(const Device& device, TileCoord t) {
  if (device.contains(t)) return "";
  return core::toString(t) + ", outside " + device.name() + " (" + std::to_string(device.columns()) + " columns x " +
         std::to_string(device.rows()) + " rows)";
}

void checkCoordinatesOnDevice(const Design& design, const Placement& placement, const Device& device,
                              const std::string& file, const std::function<int(CoreId, bool isPin)>& lineOf) {
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    const auto& pin = design.cores[size_t(c)].pin;
    if (pin && !device.contains(*pin))
      throw core::InputError(file, lineOf(c, true), 0,
                             "core '" + design.cores[size_t(c)].name + "' is pinned to " + outsideDevice(device, *pin));
    if (c < placement.size() && placement.placed(c) && !device.contains(placement.tile(c)))
      throw core::InputError(
          file, lineOf(c, false), 0,
          "core '" + design.cores[size_t(c)].name + "' is placed at " + outsideDevice(device, placement.tile(c)));
  }
}

}  // namespace ts::aie
