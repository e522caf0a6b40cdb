#include "engine/aie/io/design_loader.h"

#include <filesystem>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/error.h"

namespace ts::aie {

LoadedDesign loadDesignFile(const std::string& path, const std::string& deviceOverride, int module) {
  LoadedDesign out;
  out.path = path;
  std::string ext = std::filesystem::path(path).extension().string();
  if (module > 0 && ext != ".mlir")
    throw core::InputError(path, 0, 0, "a module number applies to MLIR files only (they may hold several modules)");
  if (ext == ".json") {
    NpflowNetlist net = loadNpflowNetlist(path, deviceOverride.empty() ? "npu2" : deviceOverride);
    out.design = std::move(net.design);
    out.placement = std::move(net.placement);
  } else if (ext == ".mlir") {
    return loadedFromMlir(path, loadMlirDesign(path, module), deviceOverride);
  } else if (ext == ".yaml" || ext == ".yml") {
    DesignFile file = loadDesignYaml(path);
    out.design = std::move(file.design);
    if (!deviceOverride.empty()) out.design.device = deviceOverride;
    out.placement = file.placement ? *file.placement : Placement::fromDesignPins(out.design);
  } else {
    throw core::InputError(path, 0, 0,
                           "unknown design format '" + ext +
                               "' (expected a TileStudio .yaml design, an np-flow netlist .json or an "
                               "MLIR-AIE .mlir file)");
  }
  try {
    out.device = loadDevice(out.design.device);
  } catch (const core::Error& e) {
    throw core::InputError(path, 0, 0, e.what());
  }
  return out;
}

LoadedDesign loadedFromMlir(const std::string& path, MlirImport mlir, const std::string& deviceOverride) {
  LoadedDesign out;
  out.path = path;
  out.design = std::move(mlir.design);
  if (!deviceOverride.empty()) out.design.device = deviceOverride;
  out.placement = std::move(mlir.placement);
  out.warnings = std::move(mlir.warnings);
  out.mlir = std::move(mlir.source);
  out.givenPaths = std::move(mlir.givenPaths);
  try {
    out.device = loadDevice(out.design.device);
  } catch (const core::Error& e) {
    throw core::InputError(path, 0, 0, e.what());
  }
  return out;
}

void applyPlacementFile(LoadedDesign& loaded, const std::string& placementPath) {
  loaded.placement = loadPlacementFile(placementPath, loaded.design);
}

}  // namespace ts::aie
