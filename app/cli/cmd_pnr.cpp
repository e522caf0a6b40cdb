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
#include "app/cli/start_placement.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

using nlohmann::json;

// Checked before any work: a wrong extension is bad input, not a lost run.
void requirePlacementExtension(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext != ".yaml" && ext != ".yml" && ext != ".json" && ext != ".csv")
    throw core::Error("pnr: --out must end in .yaml, .yml, .json (np-flow placed netlist) or .csv, got '" + path + "'");
}

json statsJson(const std::vector<std::pair<std::string, double>>& stats) {
  json j = json::object();
  for (const auto& [k, v] : stats) j[k] = v;
  return j;
}

void requireKnown(const std::vector<core::ParamSpec>& specs, const core::ParamValues& values, const std::string& what) {
  for (const auto& entry : values)
    if (std::none_of(specs.begin(), specs.end(), [&](const core::ParamSpec& s) { return s.key == entry.first; }))
      throw core::Error(what + ": unknown setting '" + entry.first + "'");
}

struct PnrOptions {
  std::string design, device, placer = "sa", cost, router = "milp", from, out, report;
  uint64_t seed = 1;
  double timeLimit = 0, routeTimeLimit = 600;
  std::vector<std::string> sets, routerSets;
};

}  // namespace

void addPnrCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("pnr", "Place and route an AIE design, check both, report QoR and estimated runtime");
  auto o = std::make_shared<PnrOptions>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or .mlir)")->required();
  cmd->add_option("--placer", o->placer, "Placer: " + aie::placerNames())->capture_default_str();
  cmd->add_option("--cost", o->cost, "sa only: cost bb, bbcg or milp (same as --set cost=...)")
      ->check(CLI::IsMember({"bb", "bbcg", "milp"}));
  cmd->add_option("--router", o->router, "Router: " + aie::routerNames())->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed (same seed, same result)")->capture_default_str();
  cmd->add_option("--time-limit", o->timeLimit, "Seconds for the placer; anytime placers return their best (0 = none)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--route-time-limit", o->routeTimeLimit, "Seconds for the router after the placer")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--from", o->from,
                  "Start placement (.yaml, .json, .csv): incremental re-run; pinned cores stay. Without it "
                  "the placer starts from the design's pins (manual: from the placement in the design file)");
  cmd->add_option("--set", o->sets, "Placer setting key=value (repeatable); see `place --list-settings`");
  cmd->add_option("--router-set", o->routerSets, "Router setting key=value (repeatable); see `route --help`");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-o,--out", o->out,
                  "Placed design: .yaml/.csv placement, or .json np-flow pnr_placed_netlist with "
                  "routing_info")
      ->required();
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
    requirePlacementExtension(o->out);
    if (!aie::findPlacer(o->placer))
      throw core::Error("unknown placer '" + o->placer + "' (known: " + aie::placerNames() + ")");
    if (!aie::findRouter(o->router))
      throw core::Error("unknown router '" + o->router + "' (known: " + aie::routerNames() + ")");
    aie::PnrFlowConfig cfg;
    cfg.placer = o->placer;
    cfg.router = o->router;
    cfg.routeTimeLimitSeconds = o->routeTimeLimit;
    for (const auto& s : o->sets) core::parseParamAssignment(s, cfg.placerParams);
    for (const auto& s : o->routerSets) core::parseParamAssignment(s, cfg.routerParams);
    if (!o->cost.empty()) {
      if (o->placer != "sa") throw core::Error("pnr: --cost applies to --placer sa only");
      cfg.placerParams["cost"] = o->cost;
    }
    // Settings are checked before any work, so a typo is bad input (exit 2), not a failed run.
    requireKnown(aie::findPlacer(o->placer)->params(), cfg.placerParams, "placer '" + o->placer + "'");
    requireKnown(aie::findRouter(o->router)->params(), cfg.routerParams, "router '" + o->router + "'");

    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device);
    const aie::Design& d = loaded.design;
    aie::Placement start = startPlacement(loaded, o->from, o->placer);

    ConsoleProgress progress("pnr " + o->placer + "+" + o->router, global.quiet);
    aie::PnrResult r;
    bool interrupted = false;
    {
      InterruptStop interrupt;
      core::RunContext ctx(o->seed, o->timeLimit, interrupt.token(), &progress);
      r = aie::runPnr(d, loaded.device, start, cfg, ctx);
      interrupted = interrupt.token()->stopRequested();
    }
    progress.finish();
    if (interrupted) aie::waitForAbandonedSolves();  // no solver thread outlives main

    aie::RrGraph graph(loaded.device);
    const bool complete = r.placement.size() == d.coreCount() && r.placement.complete();
    if (complete)  // a failed run's np-flow JSON carries routing_cost 1e9 for the flow to read
      aie::savePlacementFile(o->out, d, r.placement, r.success ? &graph : nullptr, r.success ? &r.routing : nullptr,
                             !r.success);

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
      json q = qorJson(r.qor);
      q["nets_by_interconnect"] = {{"shared_memory", r.qor.sharedNets},
                                   {"intra_tile", r.qor.intraTileNets},
                                   {"circuit", r.qor.circuitNets},
                                   {"packet", r.qor.packetNets}};
      report["qor"] = q;
    }
    if (complete)
      report["estimate"] =
          estimateJson(aie::estimateRuntime(d, loaded.device, r.placement, r.success ? &r.routing : nullptr));
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
