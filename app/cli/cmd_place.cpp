// tilestudio-cli place: run one AIE placer (any in the registry) on a design and write the
// placement, with an optional JSON report (figures, the placer's cost terms and the estimated
// runtime of the placement). Ctrl-C stops an anytime placer and keeps its best placement.
#include <filesystem>
#include <iostream>

#include "app/cli/cli_common.h"
#include "app/cli/design_warnings.h"
#include "app/cli/start_placement.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/vitis_constraints.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

void addPlaceCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("place", "Place an AIE design with one of the placers");
  struct Options {
    std::string design, device, placer = "sa", cost, from, out, report, constraints, vitisGraph;
    int module = 0;
    uint64_t seed = 1;
    double timeLimit = 0;
    std::vector<std::string> settings;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir)")->required();
  addModuleOption(cmd, o->module);
  cmd->add_option("--placer", o->placer, "Placer: " + aie::placerNames())->capture_default_str();
  cmd->add_option("--cost", o->cost, "sa only: cost function bb, bbcg or milp (same as --set cost=...)");
  cmd->add_option("--seed", o->seed, "Random seed (same seed, same result)")->capture_default_str();
  cmd->add_option("--time-limit", o->timeLimit, "Seconds before an anytime placer returns its best (0 = none)");
  cmd->add_option("--from", o->from,
                  "Start placement (.yaml, .json, .csv): incremental re-run; pinned cores stay. "
                  "Without it the placer starts from the design's pins only (manual: from the "
                  "placement in the design file)");
  cmd->add_option("--set", o->settings, "Placer setting key=value (repeatable); see --list-settings");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-o,--out", o->out,
                  "Where to write the placement (.yaml, .csv, np-flow .json, or .mlir: the design's MLIR module "
                  "with every tile placed)");
  cmd->add_option("--vitis-constraints", o->constraints,
                  "Also write the placement as AMD Vitis AI Engine compiler constraints (.json)");
  cmd->add_option("--vitis-graph", o->vitisGraph,
                  "Graph name the Vitis kernel names start with (default: the design's)");
  cmd->add_option("--report", o->report, "Write a JSON report (figures, cost terms, runtime estimate); - = stdout");
  auto* list = cmd->add_flag("--list-settings", "List the chosen placer's settings and exit");
  cmd->footer(
      "Exit code 0 when the placement is legal, 1 when the placer failed, 2 for bad input.\n"
      "Examples:\n"
      "  tilestudio-cli place suite/line_p_s_00.yaml --placer sa --cost bbcg --seed 3 --out "
      "placed.yaml\n"
      "  tilestudio-cli place mlp.yaml --placer blocks --set mu=0.1 --out mlp.placed.yaml --report "
      "r.json\n"
      "  tilestudio-cli place d.yaml --placer sa --from d.placed.yaml --time-limit 10 --out "
      "d2.yaml\n"
      "  tilestudio-cli place test_sa_cascade.mlir --module 3 --placer sa --out placed.mlir");
  cmd->callback([o, list, &global] {
    const aie::PlacerInfo* placer = aie::findPlacer(o->placer);
    if (!placer) throw core::Error("unknown placer '" + o->placer + "' (known: " + aie::placerNames() + ")");
    if (list->count() > 0) {
      for (const auto& spec : placer->params())
        std::cout << spec.key << " = " << spec.defaultValue << "  " << spec.help << "\n";
      global.exitCode = kOk;
      return;
    }
    if (o->out.empty()) throw core::Error("place: --out is required");
    // Output paths and formats are checked before any work.
    aie::requirePlacementOutput(o->out);
    if (!o->report.empty()) core::requireWritableOutput(o->report);
    if (!o->constraints.empty()) aie::requireVitisConstraintsOutput(o->constraints);
    core::ParamValues values;
    for (const auto& s : o->settings) core::parseParamAssignment(s, values);
    if (!o->cost.empty()) values["cost"] = o->cost;
    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device, o->module);
    printDesignWarnings(loaded, global.quiet);
    aie::Placement start = startPlacement(loaded, o->from, o->placer);

    ConsoleProgress progress("place " + o->placer, global.quiet);
    aie::PlaceOutcome outcome;
    {
      InterruptStop interrupt;
      core::RunContext ctx(o->seed, o->timeLimit, interrupt.token(), &progress);
      outcome = placer->run(loaded.design, loaded.device, start, values, ctx);
    }
    progress.finish();

    const auto& d = loaded.design;
    // MLIR needs every tile placed: an incomplete result is reported, not written.
    const bool written = outcome.placement.complete() || std::filesystem::path(o->out).extension() != ".mlir";
    if (written)
      aie::savePlacementFile(o->out, d, outcome.placement, nullptr, nullptr, false,
                             loaded.mlir ? &*loaded.mlir : nullptr);
    if (!o->constraints.empty() && outcome.placement.complete())
      for (const auto& note :
           aie::saveVitisConstraints(o->constraints, d, loaded.device, outcome.placement, o->vitisGraph))
        std::cerr << "note: " << o->constraints << ": " << note << "\n";

    nlohmann::json stats = nlohmann::json::object();
    for (const auto& [k, v] : outcome.stats) stats[k] = v;
    nlohmann::json report = {
        {"design", d.name},         {"device", loaded.device.name()}, {"placer", o->placer},        {"seed", o->seed},
        {"status", outcome.status}, {"success", outcome.success},     {"reasons", outcome.reasons}, {"stats", stats}};
    if (outcome.placement.complete()) {
      report["estimate"] = estimateJson(aie::estimateRuntime(d, loaded.device, outcome.placement));
      // What placement alone shows (the bb cost's view), the same for every placer.
      aie::PlaceModel model(d, loaded.device);
      nlohmann::json view = nlohmann::json::object();
      for (const auto& [k, v] : aie::BbCost::fromScratch(model, {}, outcome.placement)) view[k] = v;
      report["placement_view"] = view;
    }
    if (!o->report.empty()) writeJson(o->report, report);
    if (o->report != "-") {
      std::cout << d.name << " on " << loaded.device.name() << ": " << o->placer << " " << outcome.status
                << (outcome.success ? " (legal)" : " (not legal)") << "\n";
      for (const auto& [k, v] : outcome.stats) std::cout << "  " << k << " = " << v << "\n";
      if (report.contains("estimate"))
        std::cout << "  estimated runtime (model, not measured) = "
                  << report["estimate"]["estimated_runtime_us"].get<double>() << " us\n";
      for (const auto& r : outcome.reasons) std::cout << "  problem: " << r << "\n";
      std::cout << (written ? "wrote " + o->out : "not written: MLIR needs every core placed") << "\n";
    }
    global.exitCode = outcome.success ? kOk : kFailed;
  });
}

}  // namespace ts::cli
