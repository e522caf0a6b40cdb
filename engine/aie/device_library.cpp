#include "engine/aie/device_library.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "engine/aie/io/yaml_util.h"
#include "engine/aie/limits.h"
#include "engine/core/atomic_file.h"

namespace ts::aie {

// Generated at build time from resources/devices/*.yaml (cmake/embed_presets.cmake).
const std::map<std::string, std::string>& builtinDevicePresets();

namespace fs = std::filesystem;

namespace {

using yamlio::Node;

TileKind parseTileKind(const yamlio::Reader& in, const Node& node) {
  std::string s = in.str(node, "row role");
  if (s == "shim") return TileKind::Shim;
  if (s == "mem" || s == "memory") return TileKind::Mem;
  if (s == "compute" || s == "core") return TileKind::Compute;
  in.fail(node, "row role: expected shim, mem or compute, got '" + s + "'");
}

// The integer settings of a device file: key, documented range (limits.h), whether it must be
// given, and where it goes. A new device setting is one row in one of these tables.
template <class Target>
struct Setting {
  const char* key;
  int64_t min, max;
  bool required;
  void (*set)(Target&, int64_t);
};

const std::vector<Setting<TileResources>> kResourceSettings = {
    {"memory_kib", 0, limits::kMaxMemoryKib, true, [](TileResources& r, int64_t v) { r.memoryBytes = v * 1024; }},
    {"locks", 0, limits::kMaxLocks, true, [](TileResources& r, int64_t v) { r.locks = int(v); }},
    {"buffer_descriptors", 0, limits::kMaxBufferDescriptors, true,
     [](TileResources& r, int64_t v) { r.bufferDescriptors = int(v); }},
    {"dma_in", 0, limits::kMaxDmaChannels, true, [](TileResources& r, int64_t v) { r.dmaIn = int(v); }},
    {"dma_out", 0, limits::kMaxDmaChannels, true, [](TileResources& r, int64_t v) { r.dmaOut = int(v); }},
};

const std::vector<Setting<StreamLinks>> kLinkSettings = {
    {"north", 0, limits::kMaxStreamLinks, false, [](StreamLinks& l, int64_t v) { l.north = int(v); }},
    {"south", 0, limits::kMaxStreamLinks, false, [](StreamLinks& l, int64_t v) { l.south = int(v); }},
    {"east", 0, limits::kMaxStreamLinks, false, [](StreamLinks& l, int64_t v) { l.east = int(v); }},
    {"west", 0, limits::kMaxStreamLinks, false, [](StreamLinks& l, int64_t v) { l.west = int(v); }},
};

const std::vector<Setting<PacketLimits>> kPacketSettings = {
    {"arbiters", 0, limits::kMaxArbiters, false, [](PacketLimits& p, int64_t v) { p.arbiters = int(v); }},
    {"msels", 0, limits::kMaxArbiters, false, [](PacketLimits& p, int64_t v) { p.msels = int(v); }},
    {"max_packet_id", 0, limits::kMaxPacketId, false, [](PacketLimits& p, int64_t v) { p.maxPacketId = int(v); }},
    {"dma_flows_per_channel", 0, limits::kMaxDmaFlowsPerChannel, false,
     [](PacketLimits& p, int64_t v) { p.dmaFlowsPerChannel = int(v); }},
    {"channel_bytes_per_cycle", 0, limits::kMaxChannelBytesPerCycle, false,
     [](PacketLimits& p, int64_t v) { p.channelBytesPerCycle = int(v); }},
};

/// Reads the settings of `table` from `map` into `target`; `extraKeys` are read by the caller.
template <class Target>
void readSettings(const yamlio::Reader& in, const Node& map, const std::string& what,
                  const std::vector<Setting<Target>>& table, std::vector<std::string> extraKeys, Target& target) {
  in.expectMap(map, what);
  std::vector<std::string> keys;
  for (const auto& s : table) keys.push_back(s.key);
  keys.insert(keys.end(), extraKeys.begin(), extraKeys.end());
  in.allowKeys(map, keys, what);
  for (const auto& s : table) {
    Node value = s.required ? in.require(map, s.key, what) : map[s.key];
    if (value) s.set(target, in.integer(value, what + "." + s.key, s.min, s.max));
  }
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
  yamlio::Tree tree(text, file);
  Node root = yamlio::rootOf(tree, file);
  in.expectMap(root, "device");
  in.allowKeys(root,
               {"name", "description", "generation", "columns", "rows", "shim_dma_columns", "resources", "stream_links",
                "packet"},
               "device");
  std::string name = in.name(in.require(root, "name", "device"), "name");
  std::string description = root["description"] ? in.str(root["description"], "description") : "";
  Node genNode = in.require(root, "generation", "device");
  std::string gen = in.str(genNode, "generation");
  Generation generation;
  if (gen == "aie1")
    generation = Generation::Aie1;
  else if (gen == "aie2" || gen == "aieml" || gen == "aie-ml")
    generation = Generation::Aie2;
  else
    in.fail(genNode, "generation: expected aie1 or aie2, got '" + gen + "'");
  int columns = int(in.integer(in.require(root, "columns", "device"), "columns", 1, limits::kMaxColumns));

  // Checked before anything is allocated per row: the tile address has 5 row bits.
  Node rowsNode = in.require(root, "rows", "device");
  in.expectSequence(rowsNode, "rows");
  if (rowsNode.size() == 0) in.fail(rowsNode, "rows: expected at least one row role");
  if (rowsNode.size() > size_t(limits::kMaxRows))
    in.fail(rowsNode, "rows: " + std::to_string(rowsNode.size()) + " rows, but an AIE array has at most " +
                          std::to_string(limits::kMaxRows));
  std::vector<TileKind> roles;
  for (const auto& r : rowsNode) roles.push_back(parseTileKind(in, r));

  std::vector<int> shimColumns;
  Node shimNode = root["shim_dma_columns"];
  if (!shimNode || (shimNode.IsScalar() && shimNode.Scalar() == "all")) {
    for (int c = 0; c < columns; ++c) shimColumns.push_back(c);
  } else {
    in.expectSequence(shimNode, "shim_dma_columns (a list of columns or 'all')");
    std::vector<char> listed(size_t(columns), 0);
    for (const auto& c : shimNode) {
      int col = int(in.integer(c, "shim_dma_columns entry", 0, columns - 1));
      if (listed[size_t(col)]) in.fail(c, "shim_dma_columns: column " + std::to_string(col) + " is listed twice");
      listed[size_t(col)] = 1;
      shimColumns.push_back(col);
    }
  }

  Node res = in.require(root, "resources", "device");
  in.expectMap(res, "resources");
  in.allowKeys(res, {"compute", "mem", "shim"}, "resources");
  auto hasRole = [&](TileKind k) { return std::find(roles.begin(), roles.end(), k) != roles.end(); };
  TileResources compute, mem, shim;
  auto resources = [&](TileKind kind, const char* key, TileResources& r) {
    if (!hasRole(kind) && !res[key]) return;
    const std::string what = std::string("resources.") + key;
    Node node = in.require(res, key, "resources");
    readSettings(in, node, what, kResourceSettings, {"bd_per_channel"}, r);
    // BDs one channel may use; at most the tile's (AM020: 24 of a memory tile's 48 per channel).
    if (node["bd_per_channel"])
      r.bdsPerChannel =
          int(in.integer(node["bd_per_channel"], what + ".bd_per_channel", 1, std::max(1, r.bufferDescriptors)));
  };
  resources(TileKind::Compute, "compute", compute);
  resources(TileKind::Mem, "mem", mem);
  resources(TileKind::Shim, "shim", shim);

  StreamLinks links;
  if (Node l = root["stream_links"]) {
    readSettings(in, l, "stream_links", kLinkSettings, {"mem_tile_east_west"}, links);
    if (l["mem_tile_east_west"])
      links.memTileEastWest = in.boolean(l["mem_tile_east_west"], "stream_links.mem_tile_east_west");
  }
  PacketLimits packet;
  if (Node p = root["packet"]) readSettings(in, p, "packet", kPacketSettings, {}, packet);
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
  // More digits than any array has columns: keep a value that partitionOf refuses.
  columns = digits.size() > 6 ? 1000000 : std::stoi(digits);
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
