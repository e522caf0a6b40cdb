#pragma once
// Where `place` and `pnr` start: the placement a placer begins from and must respect.
#include <string>

#include "engine/aie/io/design_loader.h"

namespace ts::cli {

/// With `from`: that placement file (an incremental re-run; its pinned cores stay). Without:
/// the design's pins plus the cores the file itself fixes (placed np-flow nodes), except for
/// the `manual` placer, which takes the whole placement written in the design file.
aie::Placement startPlacement(aie::LoadedDesign& loaded, const std::string& from, const std::string& placer);

}  // namespace ts::cli
