// tilestudio-cli check: validate a design and (optionally) a placement, listing every problem.
// An MLIR file holding several modules is checked module by module (or just --module N).
#include <iostream>
#include <optional>

#include "app/cli/cli_common.h"
#include "app/cli/design_warnings.h"
#include "engine/aie/design_fit.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/given_routing.h"
#include "engine/aie/legality.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

struct CheckOptions {
  std::string design, placement, device;
  int module = 0;
  bool json = false;
};

/// Checks one loaded design; prints text (or returns JSON) and gives the exit code.
int checkOne(aie::LoadedDesign& loaded, const CheckOptions& o, nlohmann::json* json, const std::string& indent) {
  if (!o.placement.empty()) aie::applyPlacementFile(loaded, o.placement);
  printDesignWarnings(loaded, false);  // check reports them even with -q, as before
  aie::PlacementCheckOptions opts;
  // With no placement beyond the design's own pins only the design itself is checked.
  int pinnedOnly = 0;
  for (aie::CoreId c = 0; c < loaded.design.coreCount(); ++c)
    pinnedOnly += loaded.placement.placed(c) && loaded.design.cores[c].pin;
  opts.requireComplete = !o.placement.empty() || loaded.placement.placedCount() > pinnedOnly;
  auto violations = aie::checkPlacement(loaded.design, loaded.device, loaded.placement, opts);
  // A design that cannot fit the device is a problem before any placement.
  size_t first = 0;
  for (auto& why : aie::designFitProblems(loaded.design, loaded.device))
    violations.insert(violations.begin() + long(first++), aie::Violation{"capacity", std::move(why), {}, std::nullopt});
  // Routes the file gives (hop_tile_ids of pnr flows and object FIFOs) go through the routing checker too.
  std::vector<std::string> routeProblems;
  int givenLength = 0;
  if (!loaded.givenPaths.empty() && violations.empty() && loaded.placement.complete())
    routeProblems =
        aie::checkGivenRoutes(loaded.design, loaded.device, loaded.placement, loaded.givenPaths, &givenLength);
  const auto& d = loaded.design;
  const bool legal = violations.empty() && routeProblems.empty();
  if (json) {
    nlohmann::json problems = nlohmann::json::array();
    for (const auto& v : violations) {
      nlohmann::json cores = nlohmann::json::array();
      for (auto c : v.cores) cores.push_back(d.cores[c].name);
      problems.push_back({{"code", v.code}, {"message", v.message}, {"cores", cores}});
    }
    for (const auto& p : routeProblems) problems.push_back({{"code", "given-route"}, {"message", p}});
    *json = {{"design", d.name},
             {"device", loaded.device.name()},
             {"cores", d.coreCount()},
             {"nets", d.netCount()},
             {"placed", loaded.placement.placedCount()},
             {"legal", legal},
             {"problems", problems},
             {"warnings", loaded.warnings}};
    if (!loaded.givenPaths.empty()) json->operator[]("given_route_length") = givenLength;
  } else {
    std::cout << indent << d.name << " on " << loaded.device.name() << ": " << d.coreCount() << " cores, "
              << d.netCount() << " nets, " << d.links.size() << " links, " << d.cascades.size() << " cascades, "
              << (d.memoryUses.empty() ? "" : std::to_string(d.memoryUses.size()) + " memory uses, ")
              << (d.turns.empty() ? "" : std::to_string(d.turns.size()) + " group(s) of nets taking turns, ")
              << loaded.placement.placedCount() << " placed\n";
    for (const auto& v : violations) std::cout << indent << "  problem: " << v.message << "\n";
    for (const auto& p : routeProblems) std::cout << indent << "  problem: given route: " << p << "\n";
    if (!loaded.givenPaths.empty() && routeProblems.empty() && violations.empty())
      std::cout << indent << "  given routes (hop_tile_ids): " << loaded.givenPaths.size()
                << " paths, legal, route length " << givenLength << "\n";
    std::cout << indent
              << (legal ? "OK: no problems found\n"
                        : std::to_string(violations.size() + routeProblems.size()) + " problem(s)\n");
  }
  return legal ? kOk : kFailed;
}

}  // namespace

void addCheckCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("check", "Validate an AIE design and its placement");
  auto o = std::make_shared<CheckOptions>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir)")->required();
  cmd->add_option("-p,--placement", o->placement, "Placement file (.yaml, .json, .csv, .mlir)");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  addModuleOption(cmd, o->module);
  cmd->add_flag("--json", o->json, "Print the problems as JSON");
  cmd->footer(
      "Exit code 0 when everything is legal, 1 when problems were found, 2 for unreadable input.\n"
      "An MLIR file with several modules is checked module by module unless --module picks one.\n"
      "Examples:\n  tilestudio-cli check suite/line_p_s_00.yaml --placement suite/line_p_s_00.manual.yaml\n"
      "  tilestudio-cli check test_sa_cascade.mlir --module 2");
  cmd->callback([o, &global] {
    std::vector<aie::MlirModule> modules;
    if (o->module == 0 && std::filesystem::path(o->design).extension() == ".mlir") {
      const std::optional<aie::Device> device = aie::givenDevice(o->device, o->design);
      modules = aie::loadMlirModules(o->design, device ? &*device : nullptr);
    }
    if (modules.size() <= 1) {
      // One module: the file is read once (a 50 MB file is not parsed twice).
      aie::LoadedDesign loaded;
      if (modules.size() == 1 && modules[0].error) throw *modules[0].error;
      if (modules.size() == 1)
        loaded = aie::loadedFromMlir(o->design, std::move(*modules[0].imported), o->device);
      else
        loaded = aie::loadDesignFile(o->design, o->device, o->module);
      modules.clear();
      nlohmann::json j;
      global.exitCode = checkOne(loaded, *o, o->json ? &j : nullptr, "");
      if (o->json) writeJson("-", j);
      return;
    }
    // Several modules: each one in turn; the exit code is the worst of them.
    int worst = kOk;
    nlohmann::json all = nlohmann::json::array();
    for (size_t i = 0; i < modules.size(); ++i) {
      aie::MlirModule& m = modules[i];
      nlohmann::json j = {{"module", i + 1}, {"title", m.title}, {"line", m.line}};
      if (!o->json) std::cout << "module " << i + 1 << " " << m.title << " (line " << m.line << "):\n";
      int code = kBadInput;
      if (m.error) {
        if (o->json)
          j["error"] = m.error->what();
        else
          std::cout << "  error: " << m.error->what() << "\n";
      } else {
        try {
          aie::LoadedDesign loaded = aie::loadedFromMlir(o->design, std::move(*modules[i].imported), o->device);
          nlohmann::json result;
          code = checkOne(loaded, *o, o->json ? &result : nullptr, "  ");
          if (o->json) j["check"] = result;
        } catch (const std::runtime_error& e) {  // e.g. a placement file of another module
          j["error"] = e.what();
          if (!o->json) std::cout << "  error: " << e.what() << "\n";
        }
      }
      worst = std::max(worst, code);
      all.push_back(j);
    }
    if (o->json)
      writeJson("-", {{"file", o->design}, {"modules", all}});
    else
      std::cout << modules.size() << " modules\n";
    global.exitCode = worst;
  });
}

}  // namespace ts::cli
