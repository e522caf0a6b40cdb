#pragma once
// Placement files: core name -> tile, with an optional pinned flag.
//   design: edge_detect
//   device: npu2
//   placement:
//     rgba2gray: [0, 2]
//     shim_in: {tile: [0, 0], pinned: true}
#include <string>
#include <unordered_map>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "engine/aie/design.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/yaml_util.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

/// With a device, the file's `device:` must name it and every tile must lie on it (InputError
/// at the line otherwise); without one only the largest array the hardware model allows.
Placement parsePlacementYaml(const std::string& text, const std::string& file, const Design& design,
                             const Device* device = nullptr);
Placement loadPlacementYaml(const std::string& path, const Design& design, const Device* device = nullptr);
std::string placementToYaml(const Design& design, const Placement& placement);
void savePlacementYaml(const std::string& path, const Design& design, const Placement& placement);

/// CSV placements "core,kind,col,row[,pinned]" (a first line starting "core," is a header). A
/// row's kind must match the design, a core may appear once, `-1,-1` marks it unplaced; with a
/// device, every tile must lie on it.
Placement parsePlacementCsv(const std::string& text, const std::string& file, const Design& design,
                            const Device* device = nullptr);

/// CSV export: "core,kind,col,row,pinned" with a header line.
std::string placementToCsv(const Design& design, const Placement& placement);

/// Loads a placement by extension: .yaml/.yml, .json (np-flow placed netlist), .csv, or a
/// placed .mlir (cores matched by name). With a device, every tile must lie on it.
Placement loadPlacementFile(const std::string& path, const Design& design, const Device* device = nullptr);

/// Core name -> id, for readers that look names up (linear time on large files).
std::unordered_map<std::string, CoreId> coreIndex(const Design& design);

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
/// Reads a `placement:` mapping (shared by placement files and design files); `lines` gets the
/// line of each core's entry (0 = not listed).
Placement readPlacementMap(const Reader& in, const Node& map, const Design& design, std::vector<int>* lines = nullptr);
/// Writes the `placement` key and mapping into an emitter that is inside a map.
void emitPlacementMap(YAML::Emitter& out, const Design& design, const Placement& placement);
}  // namespace yamlio

}  // namespace ts::aie
