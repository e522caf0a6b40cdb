#include "app/cli/start_placement.h"

namespace ts::cli {

aie::Placement startPlacement(aie::LoadedDesign& loaded, const std::string& from, const std::string& placer) {
  if (!from.empty()) {
    aie::applyPlacementFile(loaded, from);
    return loaded.placement;
  }
  return aie::defaultStartPlacement(loaded, placer);
}

}  // namespace ts::cli
