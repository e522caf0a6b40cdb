#pragma once
// A placement as AMD Vitis AI Engine compiler location constraints (aiecompiler --constraints,
// UG1079 / UG1603 "Node Constraints"): a `tile` constraint per compute core and a `shim`
// constraint (column) per shim endpoint. Vitis counts rows from the bottom compute row, so a
// TileStudio tile (col, row) is Vitis (col, row - first compute row). Memory-tile endpoints are
// not written: on AIE-ML their shared buffers are constrained in the graph code (UG1603).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct VitisConstraints {
  nlohmann::json json;
  std::vector<std::string> notes;  ///< cores that were left out, and why
};

/// Kernels are named "<graph>.<core>" (a core name that already has a '.' is kept as is);
/// shim endpoints by their core name, as PLIO/GMIO objects are. `graph` "" = the design name.
VitisConstraints vitisConstraints(const Design& design, const Device& device, const Placement& placement,
                                  const std::string& graph = "");
/// Writes the file atomically and returns the notes.
std::vector<std::string> saveVitisConstraints(const std::string& path, const Design& design, const Device& device,
                                              const Placement& placement, const std::string& graph = "");
/// Before any work: a .json path in a writable folder.
void requireVitisConstraintsOutput(const std::string& path);

}  // namespace ts::aie
