#include "engine/aie/io/placement_yaml.h"

#include <filesystem>
#include <sstream>

#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/core/atomic_file.h"
#include "engine/core/csv.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace yamlio {

Placement readPlacementMap(const Reader& in, const YAML::Node& map, const Design& design) {
  in.expectMap(map, "placement");
  Placement p = Placement::fromDesignPins(design);
  for (const auto& kv : map) {
    std::string name = in.str(kv.first, "placement core name");
    CoreId c = design.findCore(name);
    if (c < 0) in.fail(kv.first, "placement: no core named '" + name + "' in design '" + design.name + "'");
    const YAML::Node& v = kv.second;
    if (v.IsSequence()) {
      p.place(c, in.tile(v, "placement of '" + name + "'"));
    } else if (v.IsMap()) {
      in.allowKeys(v, {"tile", "pinned"}, "placement of '" + name + "'");
      p.place(c, in.tile(in.require(v, "tile", "placement of '" + name + "'"), "placement of '" + name + "'"));
      if (v["pinned"]) p.setPinned(c, in.boolean(v["pinned"], "pinned flag of '" + name + "'"));
    } else {
      in.fail(v, "placement of '" + name + "': expected [col, row] or {tile: [col, row], pinned: true}");
    }
  }
  return p;
}

void emitPlacementMap(YAML::Emitter& out, const Design& design, const Placement& placement) {
  out << YAML::Key << "placement" << YAML::Value << YAML::BeginMap;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (!placement.placed(c)) continue;
    TileCoord t = placement.tile(c);
    out << YAML::Key << design.cores[c].name << YAML::Value;
    if (placement.pinned(c))
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "tile" << YAML::Value << YAML::Flow << YAML::BeginSeq << t.col
          << t.row << YAML::EndSeq << YAML::Key << "pinned" << YAML::Value << true << YAML::EndMap;
    else
      out << YAML::Flow << YAML::BeginSeq << t.col << t.row << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

}  // namespace yamlio

Placement parsePlacementYaml(const std::string& text, const std::string& file, const Design& design) {
  yamlio::Reader in(file);
  YAML::Node root = yamlio::parse(text, file);
  in.expectMap(root, "placement file");
  in.allowKeys(root, {"design", "device", "placement"}, "placement file");
  return yamlio::readPlacementMap(in, in.require(root, "placement", "placement file"), design);
}

Placement loadPlacementYaml(const std::string& path, const Design& design) {
  return parsePlacementYaml(core::readFile(path), path, design);
}

std::string placementToYaml(const Design& design, const Placement& placement) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "design" << YAML::Value << design.name;
  out << YAML::Key << "device" << YAML::Value << design.device;
  yamlio::emitPlacementMap(out, design, placement);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

void savePlacementYaml(const std::string& path, const Design& design, const Placement& placement) {
  core::writeFileAtomically(path, placementToYaml(design, placement));
}

std::string placementToCsv(const Design& design, const Placement& placement) {
  std::ostringstream out;
  out << "core,kind,col,row,pinned\n";
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    TileCoord t = placement.tile(c);
    out << core::csvField(design.cores[c].name) << ',' << toString(design.cores[c].kind) << ',' << t.col << ',' << t.row
        << ',' << (placement.pinned(c) ? 1 : 0) << '\n';
  }
  return out.str();
}

namespace {

const char* kPlacementFormats = "use .yaml, .yml, .csv, np-flow .json or MLIR-AIE .mlir";

/// The tiles of the cores of `design` in a placed MLIR file (cores matched by name).
Placement placementFromMlir(const std::string& path, const Design& design) {
  MlirImport m = loadMlirDesign(path);
  Placement p = Placement::fromDesignPins(design);
  for (CoreId c = 0; c < m.design.coreCount(); ++c) {
    CoreId own = design.findCore(m.design.cores[c].name);
    if (own < 0)
      throw core::InputError(path, 0, 0,
                             "no core named '" + m.design.cores[c].name + "' in design '" + design.name + "'");
    if (m.placement.placed(c)) p.place(own, m.placement.tile(c));
  }
  return p;
}

Placement parsePlacementCsv(const std::string& text, const std::string& file, const Design& design) {
  Placement p = Placement::fromDesignPins(design);
  for (const core::CsvRecord& r : core::parseCsv(text, file)) {
    const auto& cells = r.fields;
    const int lineNo = r.line;
    if (lineNo == 1 && !cells.empty() && cells[0] == "core") continue;  // the header
    if (cells.size() < 4) throw core::InputError(file, lineNo, 1, "expected core,kind,col,row[,pinned]");
    CoreId c = design.findCore(cells[0]);
    if (c < 0) throw core::InputError(file, lineNo, 1, "no core named '" + cells[0] + "'");
    try {
      p.place(c, {std::stoi(cells[2]), std::stoi(cells[3])});
    } catch (const std::exception&) {
      throw core::InputError(file, lineNo, 0, "column and row must be integers");
    }
    if (cells.size() > 4) p.setPinned(c, cells[4] == "1" || cells[4] == "true");
  }
  return p;
}

}  // namespace

Placement loadPlacementFile(const std::string& path, const Design& design) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".json") return readNpflowPlacement(core::readFile(path), path, design);
  if (ext == ".csv") return parsePlacementCsv(core::readFile(path), path, design);
  if (ext == ".mlir") return placementFromMlir(path, design);
  return loadPlacementYaml(path, design);
}

void savePlacementFile(const std::string& path, const Design& design, const Placement& placement, const RrGraph* graph,
                       const Routing* routing, bool failed, const MlirSource* mlir) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".mlir")
    core::writeFileAtomically(
        path, mlir && mlir->text ? placedMlir(*mlir, design, placement) : designToMlir(design, placement));
  else if (ext == ".yaml" || ext == ".yml")
    savePlacementYaml(path, design, placement);
  else if (ext == ".csv")
    core::writeFileAtomically(path, placementToCsv(design, placement));
  else if (ext == ".json")
    core::writeFileAtomically(path, npflowPlacedJson(design, placement, graph, routing, failed));
  else
    throw core::Error(path + ": unknown placement format '" + ext + "' (" + kPlacementFormats + ")");
}

void requirePlacementOutput(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext != ".yaml" && ext != ".yml" && ext != ".csv" && ext != ".json" && ext != ".mlir")
    throw core::Error(path + ": unknown placement format '" + ext + "' (" + kPlacementFormats + ")");
  core::requireWritableOutput(path);
}

}  // namespace ts::aie
