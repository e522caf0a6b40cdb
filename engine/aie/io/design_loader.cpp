#include "engine/aie/io/design_loader.h"

#include <filesystem>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/device_check.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/atomic_file.h"
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
  std::string ext = std::filesystem::path(path).extension().string();
  std::string format = ext == ".json"                    ? "json"
                       : ext == ".mlir"                  ? "mlir"
                       : ext == ".yaml" || ext == ".yml" ? "yaml"
                                                         : "";
  if (format.empty())
    throw core::InputError(path, 0, 0,
                           "unknown design format '" + ext +
                               "' (expected a TileStudio .yaml design, an np-flow netlist .json or an "
                               "MLIR-AIE .mlir file)");
  if (module > 0 && format != "mlir")
    throw core::InputError(path, 0, 0, "a module number applies to MLIR files only (they may hold several modules)");
  // MLIR keeps its source text for writing the module back placed: the importer reads it once.
  if (format == "mlir") {
    const std::optional<Device> device = givenDevice(deviceOverride, path);
    return loadedFromMlir(path, loadMlirDesign(path, module, device ? &*device : nullptr), deviceOverride);
  }
  LoadedDesign out = parseDesignText(core::readFile(path), format, path, deviceOverride);
  out.path = path;
  return out;
}

LoadedDesign parseDesignText(const std::string& text, const std::string& format, const std::string& file,
                             const std::string& deviceOverride, int module) {
  if (format == "mlir") {
    const std::optional<Device> device = givenDevice(deviceOverride, file);
    return loadedFromMlir(file, parseMlirDesign(text, file, module, device ? &*device : nullptr), deviceOverride);
  }
  if (format != "json" && format != "yaml")
    throw core::Error("unknown design format '" + format + "' (expected yaml, json or mlir)");
  LoadedDesign out;
  // A device given on the command line is an argument, not a line of the design.
  if (!deviceOverride.empty()) out.device = deviceNamedBy(deviceOverride, file, 0);
  if (format == "json") {
    if (deviceOverride.empty()) out.device = loadDevice("npu2");
    NpflowNetlist net = parseNpflowNetlist(text, file, deviceOverride.empty() ? "npu2" : deviceOverride, &out.device);
    out.design = std::move(net.design);
    out.placement = std::move(net.placement);
    return out;
  }
  DesignFile parsed = parseDesignYaml(text, file);
  out.design = std::move(parsed.design);
  if (!deviceOverride.empty()) out.design.device = deviceOverride;
  out.placement = parsed.placement ? *parsed.placement : Placement::fromDesignPins(out.design);
  if (deviceOverride.empty()) out.device = deviceNamedBy(out.design.device, file, parsed.lines.device);
  checkCoordinatesOnDevice(out.design, out.placement, out.device, file, [&](CoreId c, bool isPin) {
    const auto& lines = isPin || parsed.lines.placed.empty() ? parsed.lines.pin : parsed.lines.placed;
    return lines[size_t(c)];
  });
  return out;
}

std::optional<Device> givenDevice(const std::string& name, const std::string& designPath) {
  if (name.empty()) return std::nullopt;
  return deviceNamedBy(name, designPath, 0);
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

Placement defaultStartPlacement(const LoadedDesign& loaded, const std::string& placer) {
  if (placer == "manual") return loaded.placement;
  const Design& d = loaded.design;
  Placement start = Placement::fromDesignPins(d);
  for (CoreId c = 0; c < d.coreCount() && c < loaded.placement.size(); ++c)
    if (loaded.placement.pinned(c) && loaded.placement.placed(c)) {
      start.place(c, loaded.placement.tile(c));
      start.setPinned(c, true);
    }
  return start;
}

void applyPlacementFile(LoadedDesign& loaded, const std::string& placementPath) {
  loaded.placement = loadPlacementFile(placementPath, loaded.design, &loaded.device);
}

}  // namespace ts::aie
