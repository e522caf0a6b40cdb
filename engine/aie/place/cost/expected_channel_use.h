#pragma once
// Streams expected on each channel segment of a placement before it is routed: the bbcg cost's
// congestion model (ChannelUsage: every shortest route of a connection equally likely; a
// multicast net uses a segment with its likeliest connection's probability; a net that can use
// shared memory uses none), with exact probabilities instead of the cost's fixed-point units,
// per segment whatever the cost's bins. For pictures of likely congestion (the studio's link
// heat map of an unrouted placement).
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

/// Expected streams per segment (index ChannelUsage::segment: tile * 4 + direction). Ends not
/// placed yet (or off the device) are left out; a net whose source is not placed uses nothing.
std::vector<double> expectedChannelUse(const Design& design, const Device& device, const Placement& placement);

}  // namespace ts::aie
