#pragma once
// One entry point for opening an AIE design from any supported file, used by the CLI and
// the studio: TileStudio YAML (.yaml/.yml), an np-flow netlist (.json) or MLIR-AIE (.mlir).
#include <optional>
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct LoadedDesign {
  std::string path;
  Design design;
  Device device;
  Placement placement;                ///< from the file (or design pins only); may be incomplete
  std::vector<std::string> warnings;  ///< parts of the file that were not imported
  std::optional<MlirSource> mlir;     ///< MLIR designs: the module, for writing it back placed
  std::vector<GivenPath> givenPaths;  ///< MLIR designs: routes the file gives (aie.pnr_flow)
};

/// Loads a design and its device. `deviceOverride` (a preset name or device YAML path)
/// replaces the design's device; np-flow netlists name no device and default to npu2.
/// `module` picks one module of an MLIR file holding several (1-based; 0 = the only one).
LoadedDesign loadDesignFile(const std::string& path, const std::string& deviceOverride = "", int module = 0);

/// A design already imported from an MLIR file (one of parseMlirModules' results), with its
/// device loaded; the same as loadDesignFile on that module without reading the file again.
LoadedDesign loadedFromMlir(const std::string& path, MlirImport mlir, const std::string& deviceOverride = "");
/// The device `--device` names for the design at `designPath` (nothing when `name` is empty), as
/// the MLIR reader takes it in place of each module's own.
std::optional<Device> givenDevice(const std::string& name, const std::string& designPath);

/// The same from text in memory (the Python module's netlist dicts): `format` is "yaml", "json"
/// (np-flow netlist) or "mlir"; `file` names the source in error messages (an np-flow design
/// is named after its stem); `module` as for loadDesignFile.
LoadedDesign parseDesignText(const std::string& text, const std::string& format, const std::string& file,
                             const std::string& deviceOverride = "", int module = 0);

/// Where a placer starts when the user gives no placement: the design's pins plus the cores the
/// file itself pins (placed np-flow nodes, MLIR logical tiles with coordinates); the `manual`
/// placer takes the whole placement written in the file.
Placement defaultStartPlacement(const LoadedDesign& loaded, const std::string& placer);

/// Replaces the placement with one read from a placement file (.yaml, .json, .csv).
void applyPlacementFile(LoadedDesign& loaded, const std::string& placementPath);

}  // namespace ts::aie
