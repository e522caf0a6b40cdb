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
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/yaml_util.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

Placement parsePlacementYaml(const std::string& text, const std::string& file, const Design& design);
Placement loadPlacementYaml(const std::string& path, const Design& design);
std::string placementToYaml(const Design& design, const Placement& placement);
void savePlacementYaml(const std::string& path, const Design& design, const Placement& placement);

/// CSV export: "core,kind,col,row,pinned" with a header line.
std::string placementToCsv(const Design& design, const Placement& placement);

/// Loads a placement by extension: .yaml/.yml, .json (np-flow placed netlist), .csv, or a
/// placed .mlir (cores matched by name).
Placement loadPlacementFile(const std::string& path, const Design& design);

/// Writes a placement by extension, atomically: .yaml/.yml, .csv, .json (np-flow placed
/// netlist, with routing_info when `graph` and `routing` are given; routing_cost 1e9 when
/// `failed`) or .mlir (the design's own module placed when `mlir` is its source, else a new
/// module). Any other extension is an Error naming the path.
void savePlacementFile(const std::string& path, const Design& design, const Placement& placement,
                       const RrGraph* graph = nullptr, const Routing* routing = nullptr, bool failed = false,
                       const MlirSource* mlir = nullptr);

/// Before any work: the path has a placement extension savePlacementFile writes and its folder
/// exists and is writable; else an Error naming the path.
void requirePlacementOutput(const std::string& path);

namespace yamlio {
/// Reads a `placement:` mapping (shared by placement files and design files).
Placement readPlacementMap(const Reader& in, const YAML::Node& map, const Design& design);
/// Writes the `placement` key and mapping into an emitter that is inside a map.
void emitPlacementMap(YAML::Emitter& out, const Design& design, const Placement& placement);
}  // namespace yamlio

}  // namespace ts::aie
