#pragma once
// Placement files: core name -> tile, with an optional pinned flag.
//   design: edge_detect
//   device: npu2
//   placement:
//     rgba2gray: [0, 2]
//     shim_in: {tile: [0, 0], pinned: true}
#include <string>

#include <yaml-cpp/yaml.h>

#include "engine/aie/design.h"
#include "engine/aie/io/yaml_util.h"
#include "engine/aie/placement.h"

namespace ts::aie {

Placement parsePlacementYaml(const std::string& text, const std::string& file, const Design& design);
Placement loadPlacementYaml(const std::string& path, const Design& design);
std::string placementToYaml(const Design& design, const Placement& placement);
void savePlacementYaml(const std::string& path, const Design& design, const Placement& placement);

/// CSV export: "core,kind,col,row,pinned" with a header line.
std::string placementToCsv(const Design& design, const Placement& placement);

/// Loads a placement by extension: .yaml/.yml, .json (np-flow placed netlist) or .csv.
Placement loadPlacementFile(const std::string& path, const Design& design);

namespace yamlio {
/// Reads a `placement:` mapping (shared by placement files and design files).
Placement readPlacementMap(const Reader& in, const YAML::Node& map, const Design& design);
/// Writes the `placement` key and mapping into an emitter that is inside a map.
void emitPlacementMap(YAML::Emitter& out, const Design& design, const Placement& placement);
}  // namespace yamlio

}  // namespace ts::aie
