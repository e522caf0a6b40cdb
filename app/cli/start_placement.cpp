#include "app/cli/start_placement.h"

namespace ts::cli {

aie::Placement startPlacement(aie::LoadedDesign& loaded, const std::string& from, const std::string& placer) {
  if (!from.empty()) {
    aie::applyPlacementFile(loaded, from);
    return loaded.placement;
  }
  if (placer == "manual") return loaded.placement;
  const aie::Design& d = loaded.design;
  aie::Placement start = aie::Placement::fromDesignPins(d);
  for (aie::CoreId c = 0; c < d.coreCount() && c < loaded.placement.size(); ++c)
    if (loaded.placement.pinned(c) && loaded.placement.placed(c)) {
      start.place(c, loaded.placement.tile(c));
      start.setPinned(c, true);
    }
  return start;
}

}  // namespace ts::cli
