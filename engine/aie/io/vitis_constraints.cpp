#include "engine/aie/io/vitis_constraints.h"

#include <filesystem>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::aie {

VitisConstraints vitisConstraints(const Design& design, const Device& device, const Placement& placement,
                                  const std::string& graph) {
  const std::string prefix = graph.empty() ? design.name : graph;
  int firstComputeRow = -1;
  for (int r = 0; r < device.rows() && firstComputeRow < 0; ++r)
    if (device.rowRoles()[size_t(r)] == TileKind::Compute) firstComputeRow = r;
  VitisConstraints out;
  nlohmann::json nodes = nlohmann::json::object();
  int memoryCores = 0;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    const LogicalCore& core = design.cores[c];
    if (!placement.placed(c)) {
      out.notes.push_back("core '" + core.name + "' is not placed: no constraint written");
      continue;
    }
    const TileCoord t = placement.tile(c);
    switch (core.kind) {
      case CoreKind::Compute: {
        const std::string name = core.name.find('.') == std::string::npos ? prefix + "." + core.name : core.name;
        nodes[name]["tile"] = {{"column", t.col}, {"row", t.row - firstComputeRow}};
        break;
      }
      case CoreKind::Shim:
        nodes[core.name]["shim"] = {{"column", t.col}};
        break;
      case CoreKind::MemTile:
        ++memoryCores;
        break;
    }
  }
  if (memoryCores > 0)
    out.notes.push_back(std::to_string(memoryCores) +
                        " memory-tile endpoint(s) left out: AIE-ML shared buffers are constrained in the graph code "
                        "(UG1603)");
  out.json = {{"NodeConstraints", nodes}};
  return out;
}

std::vector<std::string> saveVitisConstraints(const std::string& path, const Design& design, const Device& device,
                                              const Placement& placement, const std::string& graph) {
  VitisConstraints v = vitisConstraints(design, device, placement, graph);
  core::writeFileAtomically(path, v.json.dump(2) + "\n");
  return v.notes;
}

void requireVitisConstraintsOutput(const std::string& path) {
  if (std::filesystem::path(path).extension() != ".json")
    throw core::Error("Vitis constraints are JSON: '" + path + "' must end in .json");
  core::requireWritableOutput(path);
}

}  // namespace ts::aie
