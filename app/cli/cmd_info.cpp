// tilestudio-cli info: device facts, or what a design file holds (an MLIR file: every module),
// as text or JSON.
#include <filesystem>
#include <iostream>

#include "app/cli/cli_common.h"
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_loader.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

nlohmann::json resourcesJson(const aie::TileResources& r) {
  return {{"memory_bytes", r.memoryBytes},
          {"locks", r.locks},
          {"buffer_descriptors", r.bufferDescriptors},
          {"dma_in", r.dmaIn},
          {"dma_out", r.dmaOut}};
}

nlohmann::json deviceJson(const aie::Device& d) {
  using aie::TileKind;
  nlohmann::json roles = nlohmann::json::array();
  for (TileKind k : d.rowRoles()) roles.push_back(aie::toString(k));
  nlohmann::json resources;
  for (TileKind k : {TileKind::Compute, TileKind::Mem, TileKind::Shim})
    if (d.countTiles(k) > 0) resources[aie::toString(k)] = resourcesJson(d.resourcesOf(k));
  const auto& l = d.streamLinks();
  const auto& p = d.packetLimits();
  return {{"name", d.name()},
          {"description", d.description()},
          {"generation", aie::toString(d.generation())},
          {"columns", d.columns()},
          {"rows", d.rows()},
          {"row_roles", roles},
          {"tiles",
           {{"compute", d.countTiles(TileKind::Compute)},
            {"mem", d.countTiles(TileKind::Mem)},
            {"shim", d.countTiles(TileKind::Shim)},
            {"shim_with_dma", int(d.shimDmaColumns().size())}}},
          {"shim_dma_columns", d.shimDmaColumns()},
          {"resources", resources},
          {"stream_links",
           {{"north", l.north},
            {"south", l.south},
            {"east", l.east},
            {"west", l.west},
            {"mem_tile_east_west", l.memTileEastWest}}},
          {"packet",
           {{"arbiters", p.arbiters},
            {"msels", p.msels},
            {"max_packet_id", p.maxPacketId},
            {"dma_flows_per_channel", p.dmaFlowsPerChannel},
            {"channel_bytes_per_cycle", p.channelBytesPerCycle}}}};
}

void printText(const aie::Device& d) {
  using aie::TileKind;
  std::cout << d.name() << ": " << d.description() << "\n"
            << "  " << d.columns() << " columns x " << d.rows() << " rows, " << aie::toString(d.generation()) << "\n"
            << "  tiles: " << d.countTiles(TileKind::Compute) << " compute, " << d.countTiles(TileKind::Mem)
            << " memory, " << d.countTiles(TileKind::Shim) << " shim (" << d.shimDmaColumns().size() << " with DMA)\n";
  for (TileKind k : {TileKind::Compute, TileKind::Mem, TileKind::Shim}) {
    if (d.countTiles(k) == 0) continue;
    const auto& r = d.resourcesOf(k);
    std::cout << "  " << aie::toString(k) << ": " << r.memoryBytes / 1024 << " KiB, " << r.locks << " locks, "
              << r.bufferDescriptors << " BDs, DMA " << r.dmaIn << " in / " << r.dmaOut << " out\n";
  }
  const auto& l = d.streamLinks();
  std::cout << "  stream links: " << l.north << " north, " << l.south << " south, " << l.east << " east, " << l.west
            << " west" << (l.memTileEastWest ? "" : " (none east/west on memory tiles)") << "\n";
  const auto& p = d.packetLimits();
  std::cout << "  packet: " << p.arbiters << " arbiters x " << p.msels << " master selects, ids 0-" << p.maxPacketId
            << ", DMA channel " << p.channelBytesPerCycle << " bytes/cycle\n";
}

nlohmann::json designJson(const aie::Design& d, const std::vector<std::string>& warnings) {
  int pinned = 0, partly = 0;
  for (const auto& c : d.cores) pinned += c.pin.has_value(), partly += c.partlyPinned();
  return {{"design", d.name},
          {"device", d.device},
          {"cores", d.coreCount()},
          {"pinned", pinned},
          {"partly_pinned", partly},
          {"nets", d.netCount()},
          {"links", d.links.size()},
          {"cascades", d.cascades.size()},
          {"memory_uses", d.memoryUses.size()},
          {"turns", d.turns.size()},
          {"warnings", warnings}};
}

void printDesign(const nlohmann::json& j, const std::string& indent) {
  std::cout << j["design"].get<std::string>() << " on " << j["device"].get<std::string>() << ": " << j["cores"]
            << " cores (" << j["pinned"] << " pinned, " << j["partly_pinned"] << " partly pinned), " << j["nets"]
            << " nets, " << j["links"] << " links, " << j["cascades"] << " cascades";
  if (j["memory_uses"].get<size_t>() > 0) std::cout << ", " << j["memory_uses"] << " memory uses";
  if (j["turns"].get<size_t>() > 0) std::cout << ", " << j["turns"] << " group(s) of nets taking turns";
  std::cout << "\n";
  for (const auto& w : j["warnings"]) std::cout << indent << "  " << w.get<std::string>() << "\n";
}

/// `info FILE`: the design(s) a file holds; an MLIR file lists every module.
int fileInfo(const std::string& path, bool json) {
  nlohmann::json modules = nlohmann::json::array();
  int code = kOk;
  if (std::filesystem::path(path).extension() == ".mlir") {
    auto list = aie::loadMlirModules(path);
    for (size_t i = 0; i < list.size(); ++i) {
      const auto& m = list[i];
      nlohmann::json j = {{"module", i + 1}, {"title", m.title}, {"line", m.line}};
      if (m.imported)
        j.update(designJson(m.imported->design, m.imported->warnings));
      else
        j["error"] = m.error->what(), code = kBadInput;
      modules.push_back(j);
    }
  } else {
    aie::LoadedDesign loaded = aie::loadDesignFile(path);
    modules.push_back(designJson(loaded.design, loaded.warnings));
  }
  if (json) {
    writeJson("-", {{"file", path}, {"modules", modules}});
    return code;
  }
  if (modules.size() == 1 && !modules[0].contains("module")) {
    printDesign(modules[0], "");
    return code;
  }
  std::cout << path << ": " << modules.size() << (modules.size() == 1 ? " module\n" : " modules\n");
  for (const auto& j : modules) {
    std::cout << "  module " << j["module"] << " " << j["title"].get<std::string>() << " (line " << j["line"] << "): ";
    if (j.contains("error"))
      std::cout << "error: " << j["error"].get<std::string>() << "\n";
    else
      printDesign(j, "  ");
  }
  return code;
}

}  // namespace

void addInfoCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("info", "Show the facts of an AIE device, or what a design file holds");
  auto file = std::make_shared<std::string>();
  cmd->add_option("file", *file,
                  "Design file (.yaml, np-flow .json, .mlir): list its design, or every module of an MLIR file");
  auto device = std::make_shared<std::string>("npu2");
  auto json = std::make_shared<bool>(false);
  auto list = std::make_shared<bool>(false);
  cmd->add_option("-d,--device", *device, "Preset name (npu1, npu2, xcvc1902, xcve2802) or YAML path")
      ->capture_default_str();
  cmd->add_flag("--json", *json, "Print JSON instead of text");
  cmd->add_flag("--list", *list, "List the known devices");
  cmd->footer(
      "Examples:\n  tilestudio-cli info --device npu2 --json\n  tilestudio-cli info --list\n"
      "  tilestudio-cli info test_sa_cascade.mlir      # its modules, for --module N");
  cmd->callback([=, &global] {
    if (*list) {
      for (const auto& name : aie::availableDevices()) std::cout << name << "\n";
      global.exitCode = kOk;
      return;
    }
    if (!file->empty()) {
      global.exitCode = fileInfo(*file, *json);
      return;
    }
    aie::Device d = aie::loadDevice(*device);
    if (*json)
      writeJson("-", deviceJson(d));
    else
      printText(d);
    global.exitCode = kOk;
  });
}

}  // namespace ts::cli
