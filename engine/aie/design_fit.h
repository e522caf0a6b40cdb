#pragma once
// Whether a design can fit a device at all, before any placement: more compute cores than
// compute tiles, or cores of a kind the device has no tiles for. `check` reports these so that
// an impossible design is not called "OK" (the placers refuse it the same way).
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"

namespace ts::aie {

/// One line per reason the design cannot be placed on the device; empty when it may fit.
std::vector<std::string> designFitProblems(const Design& design, const Device& device);

}  // namespace ts::aie
