#include "engine/aie/device_library.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "engine/aie/io/yaml_util.h"
#include "engine/core/atomic_file.h"

namespace ts::aie {

// Generated at build time from resources/devices/*.yaml (cmake/embed_presets.cmake).
const std::map<std::string, std::string>& builtinDevicePresets();

namespace fs = std::filesystem;

namespace {

TileKind parseTileKind(const yamlio::Reader& in, const YAML::Node& node) {
  std::string s = in.str(node, "row role");
  if (s == "shim") return TileKind::Shim;
  if (s == "mem" || s == "memory") return TileKind::Mem;
  if (s == "compute" || s == "core") return TileKind::Compute;
  in.fail(node, "row role: expected shim, mem or compute, got '" + s + "'");
}

TileResources parseResources(const yamlio::Reader& in, const YAML::Node& node, const std::string& what) {
  in.expectMap(node, what);
  in.allowKeys(node, {"memory_kib", "locks", "buffer_descriptors", "dma_in", "dma_out"}, what);
  TileResources r;
  r.memoryBytes = in.integer(in.require(node, "memory_kib", what), what + ".memory_kib", 0) * 1024;
  r.locks = int(in.integer(in.require(node, "locks", what), what + ".locks", 0, 1024));
  r.bufferDescriptors =
      int(in.integer(in.require(node, "buffer_descriptors", what), what + ".buffer_descriptors", 0, 1024));
  r.dmaIn = int(in.integer(in.require(node, "dma_in", what), what + ".dma_in", 0, 64));
  r.dmaOut = int(in.integer(in.require(node, "dma_out", what), what + ".dma_out", 0, 64));
  return r;
}

// The user's configuration folder as the XDG base-directory spec (and QSettings) has it:
// $XDG_CONFIG_HOME when it is an absolute path, else $HOME/.config.
std::optional<fs::path> userConfigHome() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && fs::path(xdg).is_absolute()) return fs::path(xdg);
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".config";
  return std::nullopt;
}

std::vector<fs::path> userDeviceFolders() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("TILESTUDIO_DEVICE_PATH")) {
    std::string s = env;
    size_t start = 0;
    while (start <= s.size()) {
      size_t end = s.find(':', start);
      if (end == std::string::npos) end = s.size();
      if (end > start) dirs.emplace_back(s.substr(start, end - start));
      start = end + 1;
    }
  }
  if (auto config = userConfigHome()) dirs.push_back(*config / "tilestudio" / "devices");
  return dirs;
}

}  // namespace

Device parseDeviceYaml(const std::string& text, const std::string& file) {
  yamlio::Reader in(file);
  YAML::Node root = yamlio::parse(text, file);
  in.expectMap(root, "device");
  in.allowKeys(root,
               {"name", "description", "generation", "columns", "rows", "shim_dma_columns", "resources", "stream_links",
                "packet"},
               "device");
  std::string name = in.str(in.require(root, "name", "device"), "name");
  std::string description = root["description"] ? in.str(root["description"], "description") : "";
  YAML::Node genNode = in.require(root, "generation", "device");
  std::string gen = in.str(genNode, "generation");
  Generation generation;
  if (gen == "aie1")
    generation = Generation::Aie1;
  else if (gen == "aie2" || gen == "aieml" || gen == "aie-ml")
    generation = Generation::Aie2;
  else
    in.fail(genNode, "generation: expected aie1 or aie2, got '" + gen + "'");
  int columns = int(in.integer(in.require(root, "columns", "device"), "columns", 1, 1000));

  YAML::Node rowsNode = in.require(root, "rows", "device");
  in.expectSequence(rowsNode, "rows");
  if (rowsNode.size() == 0) in.fail(rowsNode, "rows: expected at least one row role");
  std::vector<TileKind> roles;
  for (const auto& r : rowsNode) roles.push_back(parseTileKind(in, r));

  std::vector<int> shimColumns;
  YAML::Node shimNode = root["shim_dma_columns"];
  if (!shimNode || (shimNode.IsScalar() && shimNode.Scalar() == "all")) {
    for (int c = 0; c < columns; ++c) shimColumns.push_back(c);
  } else {
    in.expectSequence(shimNode, "shim_dma_columns (a list of columns or 'all')");
    for (const auto& c : shimNode) shimColumns.push_back(int(in.integer(c, "shim_dma_columns entry", 0, columns - 1)));
  }

  YAML::Node res = in.require(root, "resources", "device");
  in.expectMap(res, "resources");
  in.allowKeys(res, {"compute", "mem", "shim"}, "resources");
  auto hasRole = [&](TileKind k) { return std::find(roles.begin(), roles.end(), k) != roles.end(); };
  TileResources compute, mem, shim;
  if (hasRole(TileKind::Compute) || res["compute"])
    compute = parseResources(in, in.require(res, "compute", "resources"), "resources.compute");
  if (hasRole(TileKind::Mem) || res["mem"])
    mem = parseResources(in, in.require(res, "mem", "resources"), "resources.mem");
  if (hasRole(TileKind::Shim) || res["shim"])
    shim = parseResources(in, in.require(res, "shim", "resources"), "resources.shim");

  StreamLinks links;
  if (YAML::Node l = root["stream_links"]) {
    in.expectMap(l, "stream_links");
    in.allowKeys(l, {"north", "south", "east", "west", "mem_tile_east_west"}, "stream_links");
    if (l["north"]) links.north = int(in.integer(l["north"], "stream_links.north", 0, 64));
    if (l["south"]) links.south = int(in.integer(l["south"], "stream_links.south", 0, 64));
    if (l["east"]) links.east = int(in.integer(l["east"], "stream_links.east", 0, 64));
    if (l["west"]) links.west = int(in.integer(l["west"], "stream_links.west", 0, 64));
    if (l["mem_tile_east_west"])
      links.memTileEastWest = in.boolean(l["mem_tile_east_west"], "stream_links.mem_tile_east_west");
  }
  PacketLimits packet;
  if (YAML::Node p = root["packet"]) {
    in.expectMap(p, "packet");
    in.allowKeys(p, {"arbiters", "msels", "max_packet_id"}, "packet");
    if (p["arbiters"]) packet.arbiters = int(in.integer(p["arbiters"], "packet.arbiters", 0, 64));
    if (p["msels"]) packet.msels = int(in.integer(p["msels"], "packet.msels", 0, 64));
    if (p["max_packet_id"])
      packet.maxPacketId = int(in.integer(p["max_packet_id"], "packet.max_packet_id", 0, 1 << 16));
  }
  return Device(name, description, generation, columns, roles, shimColumns, compute, mem, shim, links, packet);
}

namespace {

// "npu1_1col" / "npu2_4col": the first N columns of a preset, as MLIR-AIE names partitions.
bool splitPartitionName(const std::string& name, std::string& base, int& columns) {
  auto underscore = name.rfind('_');
  if (underscore == std::string::npos || name.size() < underscore + 5) return false;
  std::string tail = name.substr(underscore + 1);
  if (tail.size() < 4 || tail.compare(tail.size() - 3, 3, "col") != 0) return false;
  std::string digits = tail.substr(0, tail.size() - 3);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  base = name.substr(0, underscore);
  columns = std::stoi(digits);
  return columns > 0;
}

Device partitionOf(const Device& full, const std::string& name, int columns) {
  if (columns > full.columns())
    throw core::Error("device '" + name + "': " + full.name() + " has only " + std::to_string(full.columns()) +
                      " columns");
  std::vector<int> shim;
  for (int c : full.shimDmaColumns())
    if (c < columns) shim.push_back(c);
  return Device(name, full.description() + ", first " + std::to_string(columns) + " column(s)", full.generation(),
                columns, full.rowRoles(), shim, full.resourcesOf(TileKind::Compute), full.resourcesOf(TileKind::Mem),
                full.resourcesOf(TileKind::Shim), full.streamLinks(), full.packetLimits());
}

}  // namespace

Device loadDevice(const std::string& nameOrPath) {
  std::error_code ec;
  if (nameOrPath.find('/') != std::string::npos || fs::is_regular_file(nameOrPath, ec))
    return parseDeviceYaml(core::readFile(nameOrPath), nameOrPath);
  for (const auto& dir : userDeviceFolders()) {
    fs::path p = dir / (nameOrPath + ".yaml");
    if (fs::is_regular_file(p, ec)) return parseDeviceYaml(core::readFile(p.string()), p.string());
  }
  const auto& presets = builtinDevicePresets();
  auto it = presets.find(nameOrPath);
  if (it != presets.end()) return parseDeviceYaml(it->second, "<preset " + nameOrPath + ">");
  std::string base;
  int columns = 0;
  if (splitPartitionName(nameOrPath, base, columns) && presets.count(base))
    return partitionOf(loadDevice(base), nameOrPath, columns);
  std::string known;
  for (const auto& n : availableDevices()) known += (known.empty() ? "" : ", ") + n;
  throw core::Error("unknown device '" + nameOrPath + "' (known: " + known + "; or give a path to a device YAML file)");
}

std::vector<std::string> availableDevices() {
  std::set<std::string> names;
  for (const auto& [name, text] : builtinDevicePresets()) names.insert(name);
  for (const auto& dir : userDeviceFolders()) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".yaml") names.insert(entry.path().stem().string());
  }
  return {names.begin(), names.end()};
}

}  // namespace ts::aie
