// tilestudio-cli check: validate a design and (optionally) a placement, listing every problem.
#include <iostream>

#include "app/cli/cli_common.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/legality.h"

namespace ts::cli {

void addCheckCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("check", "Validate an AIE design and its placement");
  struct Options {
    std::string design, placement, device;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir)")->required();
  cmd->add_option("-p,--placement", o->placement, "Placement file (.yaml, .json, .csv)");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_flag("--json", o->json, "Print the problems as JSON");
  cmd->footer(
      "Exit code 0 when everything is legal, 1 when problems were found, 2 for unreadable input.\n"
      "Example:\n  tilestudio-cli check suite/line_p_s_00.yaml --placement suite/line_p_s_00.manual.yaml");
  cmd->callback([o, &global] {
    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device);
    if (!o->placement.empty()) aie::applyPlacementFile(loaded, o->placement);
    for (const auto& w : loaded.warnings) std::cerr << "warning: " << o->design << ": " << w << "\n";
    aie::PlacementCheckOptions opts;
    // Without any placement information only the design itself is checked.
    opts.requireComplete = loaded.placement.placedCount() > 0;
    auto violations = aie::checkPlacement(loaded.design, loaded.device, loaded.placement, opts);
    const auto& d = loaded.design;
    if (o->json) {
      nlohmann::json problems = nlohmann::json::array();
      for (const auto& v : violations) {
        nlohmann::json cores = nlohmann::json::array();
        for (auto c : v.cores) cores.push_back(d.cores[c].name);
        problems.push_back({{"code", v.code}, {"message", v.message}, {"cores", cores}});
      }
      std::cout << nlohmann::json{{"design", d.name},
                                  {"device", loaded.device.name()},
                                  {"cores", d.coreCount()},
                                  {"nets", d.netCount()},
                                  {"placed", loaded.placement.placedCount()},
                                  {"legal", violations.empty()},
                                  {"problems", problems}}
                       .dump(2)
                << "\n";
    } else {
      std::cout << d.name << " on " << loaded.device.name() << ": " << d.coreCount() << " cores, " << d.netCount()
                << " nets, " << d.links.size() << " links, " << loaded.placement.placedCount() << " placed\n";
      for (const auto& v : violations) std::cout << "  problem: " << v.message << "\n";
      std::cout << (violations.empty() ? "OK: no problems found\n"
                                       : std::to_string(violations.size()) + " problem(s)\n");
    }
    global.exitCode = violations.empty() ? kOk : kFailed;
  });
}

}  // namespace ts::cli
