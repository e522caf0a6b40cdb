#pragma once
// One entry point for opening an AIE design from any supported file, used by the CLI and
// the studio: TileStudio YAML (.yaml/.yml), an np-flow netlist (.json) or MLIR-AIE (.mlir).
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct LoadedDesign {
  std::string path;
  Design design;
  Device device;
  Placement placement;                ///< from the file (or design pins only); may be incomplete
  std::vector<std::string> warnings;  ///< parts of the file that were not imported
};

/// Loads a design and its device. `deviceOverride` (a preset name or device YAML path)
/// replaces the design's device; np-flow netlists name no device and default to npu2.
LoadedDesign loadDesignFile(const std::string& path, const std::string& deviceOverride = "");

/// Replaces the placement with one read from a placement file (.yaml, .json, .csv).
void applyPlacementFile(LoadedDesign& loaded, const std::string& placementPath);

}  // namespace ts::aie
