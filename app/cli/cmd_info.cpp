// tilestudio-cli info: device facts as text or JSON.
#include <iostream>

#include "app/cli/cli_common.h"
#include "engine/aie/device_library.h"

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
          {"packet", {{"arbiters", p.arbiters}, {"msels", p.msels}, {"max_packet_id", p.maxPacketId}}}};
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
}

}  // namespace

void addInfoCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("info", "Show the facts of an AIE device preset or device file");
  auto device = std::make_shared<std::string>("npu2");
  auto json = std::make_shared<bool>(false);
  auto list = std::make_shared<bool>(false);
  cmd->add_option("-d,--device", *device, "Preset name (npu1, npu2, xcvc1902, xcve2802) or YAML path")
      ->capture_default_str();
  cmd->add_flag("--json", *json, "Print JSON instead of text");
  cmd->add_flag("--list", *list, "List the known devices");
  cmd->footer("Examples:\n  tilestudio-cli info --device npu2 --json\n  tilestudio-cli info --list");
  cmd->callback([=, &global] {
    if (*list) {
      for (const auto& name : aie::availableDevices()) std::cout << name << "\n";
      global.exitCode = kOk;
      return;
    }
    aie::Device d = aie::loadDevice(*device);
    if (*json)
      std::cout << deviceJson(d).dump(2) << "\n";
    else
      printText(d);
    global.exitCode = kOk;
  });
}

}  // namespace ts::cli
