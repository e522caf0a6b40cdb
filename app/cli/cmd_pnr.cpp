// tilestudio-cli pnr: place and route an AIE design in one go (runPnr: placer, placement check,
// router, routing check, QoR) and write the placed design plus a JSON report with the QoR
// metrics and the estimated runtime. Ctrl-C stops the run: an anytime placer's best placement
// is still written (status "cancelled", exit 1), but it is not routed.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/cli_common.h"
#include "app/cli/design_warnings.h"
#include "app/cli/pnr_options.h"
#include "app/cli/start_placement.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/io/vitis_constraints.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

using nlohmann::json;

struct PnrOptions : PnrRunOptions {
  std::string design, device, from, out, report, constraints, vitisGraph;
  int module = 0;
};

}  // namespace

void addPnrCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("pnr", "Place and route an AIE design, check both, report QoR and estimated runtime");
  auto o = std::make_shared<PnrOptions>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or .mlir)")->required();
  addModuleOption(cmd, o->module);
  addPnrRunOptions(cmd, *o);
  cmd->add_option("--from", o->from,
                  "Start placement (.yaml, .json, .csv): incremental re-run; pinned cores stay. Without it "
                  "the placer starts from the design's pins (manual: from the placement in the design file)");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-o,--out", o->out,
                  "Placed design: .yaml/.csv placement, .json np-flow pnr_placed_netlist with "
                  "routing_info, or .mlir (the design's MLIR module with every tile placed)")
      ->required();
  cmd->add_option("--vitis-constraints", o->constraints,
                  "Also write the placement as AMD Vitis AI Engine compiler constraints (.json)");
  cmd->add_option("--vitis-graph", o->vitisGraph,
                  "Graph name the Vitis kernel names start with (default: the design's)");
  cmd->add_option("--report", o->report, "JSON report: status, reasons, seconds, QoR, estimated runtime; - = stdout");
  cmd->footer(
      "The placed design is written whenever the placer produced a complete placement (a .json\n"
      "of a failed run carries routing_cost 1e9). Exit code 0 when placed, routed and both checks\n"
      "pass, 1 when no legal result was found, 2 for bad input.\n"
      "Examples:\n"
      "  tilestudio-cli pnr suite/line_p_s_00.yaml --placer sa --cost bbcg --seed 3 --out "
      "placed.json --report r.json\n"
      "  tilestudio-cli pnr d.yaml --placer lsmo --set radius=2 --time-limit 120 --out "
      "d.placed.yaml --report r.json\n"
      "  tilestudio-cli pnr d.yaml --placer milp --from d.placed.yaml --time-limit 600 --out d.csv "
      "--report r.json");
  cmd->callback([o, &global] {
    // Output paths and formats are checked before any work.
    aie::requirePlacementOutput(o->out);
    if (!o->report.empty()) core::requireWritableOutput(o->report);
    if (!o->constraints.empty()) aie::requireVitisConstraintsOutput(o->constraints);
    aie::PnrFlowConfig cfg = pnrFlowConfig(*o, "pnr");

    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device, o->module);
    printDesignWarnings(loaded, global.quiet);
    const aie::Design& d = loaded.design;
    aie::Placement start = startPlacement(loaded, o->from, o->placer);

    ConsoleProgress progress("pnr " + o->placer + "+" + o->router, global.quiet);
    aie::PnrResult r;
    {
      InterruptStop interrupt;
      core::RunContext ctx(o->seed, o->timeLimit, interrupt.token(), &progress);
      r = aie::runPnr(d, loaded.device, start, cfg, ctx);
    }
    progress.finish();

    aie::RrGraph graph(loaded.device);
    const bool complete = r.placement.size() == d.coreCount() && r.placement.complete();
    if (complete)  // a failed run's np-flow JSON carries routing_cost 1e9 for the flow to read
    {
      aie::savePlacementFile(o->out, d, r.placement, r.success ? &graph : nullptr, r.success ? &r.routing : nullptr,
                             !r.success, loaded.mlir ? &*loaded.mlir : nullptr);
      if (!o->constraints.empty())
        for (const auto& note : aie::saveVitisConstraints(o->constraints, d, loaded.device, r.placement, o->vitisGraph))
          std::cerr << "note: " << o->constraints << ": " << note << "\n";
    }

    json report{
        {"design", d.name},
        {"device", loaded.device.name()},
        {"placer", o->placer},
        {"router", o->router},
        {"seed", o->seed},
        {"time_limit", o->timeLimit},
        {"success", r.success},
        {"stage", r.stage},
        {"status", r.status},
        {"reasons", r.reasons},
        {"seconds", {{"place", r.placeSeconds}, {"route", r.routeSeconds}, {"total", r.placeSeconds + r.routeSeconds}}},
        {"placer_stats", statsJson(r.placerStats)},
        {"router_stats", statsJson(r.routerStats)},
        {"placed_file", complete ? json(o->out) : json(nullptr)}};
    if (o->placer == "sa") report["cost"] = cfg.placerParams.count("cost") ? cfg.placerParams["cost"] : "bbcg";
    if (r.success) {
      json q = aie::qorJson(r.qor);
      q["nets_by_interconnect"] = {{"shared_memory", r.qor.sharedNets},
                                   {"intra_tile", r.qor.intraTileNets},
                                   {"circuit", r.qor.circuitNets},
                                   {"packet", r.qor.packetNets}};
      report["qor"] = q;
    }
    if (complete)
      report["estimate"] =
          aie::estimateJson(aie::estimateRuntime(d, loaded.device, r.placement, r.success ? &r.routing : nullptr));
    if (!o->report.empty()) writeJson(o->report, report);
    if (o->report != "-") {
      std::ostringstream s;
      s << std::fixed << std::setprecision(2);
      s << d.name << " on " << loaded.device.name() << ": " << o->placer << "+" << o->router << " "
        << (r.success ? "placed and routed" : "failed at " + r.stage + " (" + r.status + ")") << " in "
        << r.placeSeconds << " s + " << r.routeSeconds << " s\n";
      if (r.success)
        s << "  route length " << r.qor.routeLength << ", buffers " << r.qor.bufferKb()
          << " KB, nets: " << r.qor.sharedNets << " shared, " << r.qor.intraTileNets << " intra-tile, "
          << r.qor.circuitNets << " circuit, " << r.qor.packetNets << " packet; " << r.qor.dmaChannels
          << " DMA channels, max link use " << r.qor.maxLinkUtilisation * 100 << "%\n";
      if (report.contains("estimate"))
        s << "  estimated runtime (model, not measured) = " << report["estimate"]["estimated_runtime_us"].get<double>()
          << " us\n";
      for (const auto& why : r.reasons) s << "  " << (r.success ? "note: " : "problem: ") << why << "\n";
      if (complete) s << "wrote " << o->out << "\n";
      std::cout << s.str();
    }
    global.exitCode = r.success ? kOk : kFailed;
  });
}

}  // namespace ts::cli
