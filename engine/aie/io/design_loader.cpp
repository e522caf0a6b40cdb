#include "engine/aie/io/design_loader.h"

#include <filesystem>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/device_check.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace {

// The device a design names, with errors that point at the design's line naming it. An error
// inside an existing device file keeps that file's own line.
Device deviceNamedBy(const std::string& name, const std::string& designPath, int line) {
  try {
    return loadDevice(name);
  } catch (const core::InputError& e) {
    if (e.line() > 0) throw;
    throw core::InputError(designPath, line, 0, "device '" + name + "': " + e.message());
  } catch (const core::Error& e) {
    throw core::InputError(designPath, line, 0, e.what());
  }
}

}  // namespace

LoadedDesign loadDesignFile(const std::string& path, const std::string& deviceOverride, int module) {
  LoadedDesign out;
  out.path = path;
  std::string ext = std::filesystem::path(path).extension().string();
  if (module > 0 && ext != ".mlir")
    throw core::InputError(path, 0, 0, "a module number applies to MLIR files only (they may hold several modules)");
  // A device given on the command line is an argument, not a line of the design.
  if (!deviceOverride.empty()) out.device = deviceNamedBy(deviceOverride, path, 0);
  if (ext == ".json") {
    if (deviceOverride.empty()) out.device = loadDevice("npu2");
    NpflowNetlist net = loadNpflowNetlist(path, deviceOverride.empty() ? "npu2" : deviceOverride, &out.device);
    out.design = std::move(net.design);
    out.placement = std::move(net.placement);
  } else if (ext == ".mlir") {
    return loadedFromMlir(path, loadMlirDesign(path, module), deviceOverride);
  } else if (ext == ".yaml" || ext == ".yml") {
    DesignFile file = loadDesignYaml(path);
    out.design = std::move(file.design);
    if (!deviceOverride.empty()) out.design.device = deviceOverride;
    out.placement = file.placement ? *file.placement : Placement::fromDesignPins(out.design);
    if (deviceOverride.empty()) out.device = deviceNamedBy(out.design.device, path, file.lines.device);
    checkCoordinatesOnDevice(out.design, out.placement, out.device, path, [&](CoreId c, bool isPin) {
      const auto& lines = isPin || file.lines.placed.empty() ? file.lines.pin : file.lines.placed;
      return lines[size_t(c)];
    });
  } else {
    throw core::InputError(path, 0, 0,
                           "unknown design format '" + ext +
                               "' (expected a TileStudio .yaml design, an np-flow netlist .json or an "
                               "MLIR-AIE .mlir file)");
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
  out.device = deviceNamedBy(out.design.device, path, 0);
  checkCoordinatesOnDevice(out.design, out.placement, out.device, path, [](CoreId, bool) { return 0; });
  return out;
}

void applyPlacementFile(LoadedDesign& loaded, const std::string& placementPath) {
  loaded.placement = loadPlacementFile(placementPath, loaded.design, &loaded.device);
}

}  // namespace ts::aie
