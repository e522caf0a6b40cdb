#include "engine/aie/io/design_loader.h"

#include <filesystem>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::aie {

LoadedDesign loadDesignFile(const std::string& path, const std::string& deviceOverride) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::string format = ext == ".json" ? "json" : ext == ".mlir" ? "mlir" : ext == ".yaml" || ext == ".yml" ? "yaml" : "";
  if (format.empty())
    throw core::InputError(path, 0, 0,
                           "unknown design format '" + ext +
                               "' (expected a TileStudio .yaml design, an np-flow netlist .json or an "
                               "MLIR-AIE .mlir file)");
  LoadedDesign out = parseDesignText(core::readFile(path), format, path, deviceOverride);
  out.path = path;
  return out;
}

LoadedDesign parseDesignText(const std::string& text, const std::string& format, const std::string& file,
                             const std::string& deviceOverride) {
  LoadedDesign out;
  if (format == "json") {
    NpflowNetlist net = parseNpflowNetlist(text, file, deviceOverride.empty() ? "npu2" : deviceOverride);
    out.design = std::move(net.design);
    out.placement = std::move(net.placement);
  } else if (format == "mlir") {
    MlirImport mlir = parseMlirDesign(text, file);
    out.design = std::move(mlir.design);
    if (!deviceOverride.empty()) out.design.device = deviceOverride;
    out.placement = std::move(mlir.placement);
    out.warnings = std::move(mlir.warnings);
  } else if (format == "yaml") {
    DesignFile parsed = parseDesignYaml(text, file);
    out.design = std::move(parsed.design);
    if (!deviceOverride.empty()) out.design.device = deviceOverride;
    out.placement = parsed.placement ? *parsed.placement : Placement::fromDesignPins(out.design);
  } else {
    throw core::Error("unknown design format '" + format + "' (expected yaml, json or mlir)");
  }
  try {
    out.device = loadDevice(out.design.device);
  } catch (const core::Error& e) {
    throw core::InputError(file, 0, 0, e.what());
  }
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
  loaded.placement = loadPlacementFile(placementPath, loaded.design);
}

}  // namespace ts::aie
