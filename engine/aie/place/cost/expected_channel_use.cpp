#include "engine/aie/place/cost/expected_channel_use.h"

#include <algorithm>
#include <utility>

#include "engine/aie/legality.h"
#include "engine/aie/place/cost/channel_usage.h"

namespace ts::aie {

std::vector<double> expectedChannelUse(const Design& design, const Device& device, const Placement& placement) {
  const ChannelUsage channels(device, ChannelUsage::unitsPerNet(design.netCount()));
  std::vector<double> use(size_t(channels.segmentCount()), 0.0);
  if (placement.size() != design.coreCount()) return use;
  std::vector<double> best(use.size(), 0.0);  // one net's use per segment
  std::vector<int> touched;                   // the segments where best is set
  std::vector<std::pair<int, double>> connection;
  auto placed = [&](CoreId c) { return placement.placed(c) && device.contains(placement.tile(c)); };
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[size_t(n)];
    if (!placed(net.source) || sharedMemoryPossible(design, device, placement, n)) continue;
    const int from = device.index(placement.tile(net.source));
    for (CoreId t : net.targets) {
      if (!placed(t)) continue;
      channels.connection(from, device.index(placement.tile(t)), connection);
      for (const auto& [segment, probability] : connection) {
        double& b = best[size_t(segment)];
        if (b == 0) touched.push_back(segment);
        b = std::max(b, probability);
      }
    }
    for (int s : touched) {
      use[size_t(s)] += best[size_t(s)];
      best[size_t(s)] = 0;
    }
    touched.clear();
  }
  return use;
}

}  // namespace ts::aie
