#include "engine/aie/io/placement_yaml.h"

#include <charconv>
#include <filesystem>
#include <sstream>
#include <unordered_map>

#include "engine/aie/io/device_check.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/limits.h"
#include "engine/core/atomic_file.h"
#include "engine/core/csv.h"
#include "engine/core/error.h"

namespace ts::aie {

std::unordered_map<std::string, CoreId> coreIndex(const Design& design) {
  std::unordered_map<std::string, CoreId> ids;
  ids.reserve(design.cores.size());
  for (CoreId c = 0; c < design.coreCount(); ++c) ids.emplace(design.cores[size_t(c)].name, c);
  return ids;
}

namespace yamlio {

Placement readPlacementMap(const Reader& in, const Node& map, const Design& design, std::vector<int>* lines) {
  in.expectMap(map, "placement");
  Placement p = Placement::fromDesignPins(design);
  std::unordered_map<std::string, CoreId> ids = coreIndex(design);
  if (lines) lines->assign(size_t(design.coreCount()), 0);
  for (const auto& kv : map) {
    std::string name = in.str(kv.first, "placement core name");
    auto id = ids.find(name);
    if (id == ids.end()) in.fail(kv.first, "placement: no core named '" + name + "' in design '" + design.name + "'");
    CoreId c = id->second;
    const Node& v = kv.second;
    if (v.IsSequence()) {
      p.place(c, in.tile(v, "placement of '" + name + "'"));
    } else if (v.IsMap()) {
      in.allowKeys(v, {"tile", "pinned"}, "placement of '" + name + "'");
      p.place(c, in.tile(in.require(v, "tile", "placement of '" + name + "'"), "placement of '" + name + "'"));
      if (v["pinned"]) p.setPinned(c, in.boolean(v["pinned"], "pinned flag of '" + name + "'"));
    } else {
      in.fail(v, "placement of '" + name + "': expected [col, row] or {tile: [col, row], pinned: true}");
    }
    if (lines) (*lines)[size_t(c)] = Reader::line(kv.first);
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

Placement parsePlacementYaml(const std::string& text, const std::string& file, const Design& design,
                             const Device* device) {
  yamlio::Reader in(file);
  yamlio::Tree tree(text, file);
  yamlio::Node root = yamlio::rootOf(tree, file);
  in.expectMap(root, "placement file");
  in.allowKeys(root, {"design", "device", "placement"}, "placement file");
  if (root["design"]) in.name(root["design"], "design");
  if (root["device"]) {
    std::string name = in.name(root["device"], "device");
    // Written as the design names its device (a preset or a path) or as the device calls itself.
    if (device && name != design.device && name != device->name())
      in.fail(root["device"],
              "this placement is for device '" + name + "', but the design is placed on '" + device->name() + "'");
  }
  std::vector<int> lines;
  Placement p = yamlio::readPlacementMap(in, in.require(root, "placement", "placement file"), design, &lines);
  if (device) checkCoordinatesOnDevice(design, p, *device, file, [&](CoreId c, bool) { return lines[size_t(c)]; });
  return p;
}

Placement loadPlacementYaml(const std::string& path, const Design& design, const Device* device) {
  return parsePlacementYaml(core::readFile(path), path, design, device);
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

// One row "core,kind,col,row[,pinned]" of a CSV placement (after splitting into cells).
class CsvRows {
 public:
  CsvRows(const std::string& file, const Design& design)
      : file_(file),
        design_(design),
        ids_(coreIndex(design)),
        p_(Placement::fromDesignPins(design)),
        lines_(size_t(design.coreCount()), 0) {}

  void add(const std::vector<std::string>& cells, int line) {
    if (cells.size() < 4 || cells.size() > 5)
      fail(line, "expected core,kind,col,row[,pinned], found " + std::to_string(cells.size()) + " cells");
    auto id = ids_.find(cells[0]);
    if (id == ids_.end()) fail(line, "no core named '" + cells[0] + "' in design '" + design_.name + "'");
    CoreId c = id->second;
    const LogicalCore& core = design_.cores[size_t(c)];
    if (lines_[size_t(c)] > 0)
      fail(line, "core '" + core.name + "' is listed twice (first on line " + std::to_string(lines_[size_t(c)]) + ")");
    lines_[size_t(c)] = line;
    if (!cells[1].empty() && kindOf(cells[1], line) != core.kind)
      fail(line, "core '" + core.name + "' is a " + toString(core.kind) + " core in the design, not " + cells[1]);
    int64_t col = integer(cells[2], "col", line), row = integer(cells[3], "row", line);
    if (col == -1 && row == -1) {  // written for unplaced cores
      p_.unplace(c);
    } else {
      if (col < 0 || col >= limits::kMaxColumns || row < 0 || row >= limits::kMaxRows)
        fail(line, "core '" + core.name + "': tile (" + cells[2] + "," + cells[3] +
                       ") is outside any AIE array (col 0.." + std::to_string(limits::kMaxColumns - 1) + ", row 0.." +
                       std::to_string(limits::kMaxRows - 1) + ", or -1,-1 for unplaced)");
      p_.place(c, {int(col), int(row)});
    }
    if (cells.size() == 5) {
      const std::string& f = cells[4];
      if (f == "1" || f == "true")
        p_.setPinned(c, true);
      else if (f == "0" || f == "false" || f.empty())
        p_.setPinned(c, false);
      else
        fail(line, "pinned must be 1, 0, true or false, found '" + f + "'");
    }
  }

  Placement finish(const Device* device) {
    if (device)
      checkCoordinatesOnDevice(design_, p_, *device, file_, [&](CoreId c, bool) { return lines_[size_t(c)]; });
    return std::move(p_);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& message) const {
    throw core::InputError(file_, line, 0, message);
  }

  CoreKind kindOf(const std::string& s, int line) const {
    if (s == "compute" || s == "core") return CoreKind::Compute;
    if (s == "mem" || s == "memtile" || s == "memory") return CoreKind::MemTile;
    if (s == "shim") return CoreKind::Shim;
    fail(line, "kind must be compute, mem or shim, found '" + s + "'");
  }

  int64_t integer(const std::string& s, const char* what, int line) const {
    int64_t v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
      fail(line, std::string(what) + " must be an integer, found '" + s + "'");
    return v;
  }

  const std::string& file_;
  const Design& design_;
  std::unordered_map<std::string, CoreId> ids_;
  Placement p_;
  std::vector<int> lines_;  // per core: the row that placed it
};

const char* kPlacementFormats = "use .yaml, .yml, .csv, np-flow .json or MLIR-AIE .mlir";

/// The tiles of the cores of `design` in a placed MLIR file (cores matched by name).
Placement placementFromMlir(const std::string& path, const Design& design) {
  MlirImport m = loadMlirDesign(path);
  Placement p = Placement::fromDesignPins(design);
  const auto ids = coreIndex(design);
  for (CoreId c = 0; c < m.design.coreCount(); ++c) {
    auto own = ids.find(m.design.cores[c].name);
    if (own == ids.end())
      throw core::InputError(path, 0, 0,
                             "no core named '" + m.design.cores[c].name + "' in design '" + design.name + "'");
    if (m.placement.placed(c)) p.place(own->second, m.placement.tile(c));
  }
  return p;
}

}  // namespace

Placement parsePlacementCsv(const std::string& text, const std::string& file, const Design& design,
                            const Device* device) {
  CsvRows rows(file, design);
  for (const core::CsvRecord& r : core::parseCsv(text, file)) {
    if (r.line == 1 && !r.fields.empty() && r.fields[0] == "core") continue;  // the header
    rows.add(r.fields, r.line);
  }
  return rows.finish(device);
}

Placement loadPlacementFile(const std::string& path, const Design& design, const Device* device) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".json") return readNpflowPlacement(core::readFile(path), path, design, device);
  if (ext == ".csv") return parsePlacementCsv(core::readFile(path), path, design, device);
  if (ext == ".mlir") {
    Placement p = placementFromMlir(path, design);
    if (device) checkCoordinatesOnDevice(design, p, *device, path, [](CoreId, bool) { return 0; });
    return p;
  }
  return loadPlacementYaml(path, design, device);
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
