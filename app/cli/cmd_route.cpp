// tilestudio-cli route: route a placed AIE design with the MILP router or the PathFinder
// baseline, check the result independently and write it as an np-flow placed netlist.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/cli_common.h"
#include "app/cli/design_warnings.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/legality.h"
#include "engine/aie/qor.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/pathfinder_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

struct RouteOptions {
  std::string design, placement, device, router = "milp", mode, out, report, lp;
  int module = 0;
  double timeLimit = 60;
  std::vector<std::string> sets;
};

struct RunOutput {
  bool success = false;
  std::string status;
  aie::Routing routing;
  std::vector<std::string> reasons;
  nlohmann::json solver = nlohmann::json::object();
};

RunOutput runRouter(const aie::LoadedDesign& loaded, const aie::RrGraph& graph, const RouteOptions& o,
                    core::RunContext& ctx) {
  core::ParamValues values;
  for (const auto& s : o.sets) core::parseParamAssignment(s, values);
  RunOutput out;
  if (o.router == "milp") {
    aie::MilpRouterConfig c;
    c.timeLimitSeconds = o.timeLimit;
    core::ParamBinder b;
    aie::bindMilpRouterParams(b, c);
    b.apply(values);
    if (o.mode == "circuit") c.model.allowPacket = false;
    if (o.mode == "packet") c.model.allowCircuit = false;
    c.lpPath = o.lp;
    auto r = aie::runMilpRouter(loaded.design, loaded.device, graph, loaded.placement, c, ctx);
    out = {r.success, r.status, r.routing, r.reasons};
    out.solver = {{"milp_status", milp::toString(r.milpStatus)},
                  {"objective", r.objective},
                  {"bound", r.bound},
                  {"variables", r.variables},
                  {"rows", r.rows},
                  {"integers", r.integers},
                  {"solves", r.solves},
                  {"full_region", r.fullRegion},
                  {"region_margin", r.regionMargin},
                  {"lazy_arbiter_rows", r.lazyArbiterRows},
                  {"capped_relaxations", r.cappedRelaxations},
                  {"start_accepted", r.startAccepted},
                  {"start_objective", r.startObjective},
                  {"neighbourhood_solves", r.neighbourhoodSolves},
                  {"neighbourhood_improvements", r.neighbourhoodImprovements},
                  {"neighbourhood_objective", r.neighbourhoodObjective},
                  {"cbc_stalled", r.cbcStalled},
                  {"quality", r.quality}};
    return out;
  }
  if (!o.lp.empty()) throw core::Error("--lp needs --router milp");
  aie::PathfinderConfig c;
  if (!o.mode.empty()) c.mode = o.mode;
  core::ParamBinder b;
  aie::bindPathfinderParams(b, c);
  b.apply(values);
  auto r = aie::runPathfinderRouter(loaded.design, loaded.device, graph, loaded.placement, c, ctx);
  out = {r.success, r.status, r.routing, r.reasons};
  out.solver = {{"iterations", r.iterations}, {"mode", c.mode}};
  return out;
}

}  // namespace

void addRouteCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("route", "Route a placed AIE design (MILP router or PathFinder baseline)");
  auto o = std::make_shared<RouteOptions>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir)")->required();
  addModuleOption(cmd, o->module);
  cmd->add_option("-p,--placement", o->placement,
                  "Placement file (.yaml, .json, .csv, .mlir); default: the design's own");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-r,--router", o->router, "milp (default) or pathfinder")
      ->check(CLI::IsMember({"milp", "pathfinder"}));
  cmd->add_option("--mode", o->mode,
                  "Stream mode: pathfinder uses it for every net (default circuit); milp restricts to it")
      ->check(CLI::IsMember({"circuit", "packet"}));
  cmd->add_option("-t,--time-limit", o->timeLimit, "Seconds for the whole routing run (default 60)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("-s,--set", o->sets, "Router setting key=value (repeatable; keys below)");
  cmd->add_option("-o,--out", o->out,
                  "Write the routed design: np-flow pnr_placed_netlist .json (with routing_info), or the "
                  "placement as .yaml, .csv or .mlir");
  cmd->add_option("--report", o->report, "Write a JSON report (status, reasons, QoR, per-net routes)");
  cmd->add_option("--lp", o->lp, "Write the routing MILP (.lp or .mps) for another solver (milp only)");
  std::string keys;
  for (const auto& router : aie::routerRegistry()) {
    keys += "Settings of " + router.name + ":\n";
    for (const auto& p : router.params()) keys += "  " + p.key + "=" + p.defaultValue + "  " + p.help + "\n";
  }
  cmd->footer(keys +
              "Exit code 0 when routed (and checked), 1 when no legal routing was found (the binding\n"
              "resources are printed), 2 for unreadable input.\n"
              "Example:\n"
              "  tilestudio-cli route suite/line_p_s_00.yaml --placement suite/line_p_s_00.manual.yaml \\\n"
              "      --router milp --out routed.json --report report.json --lp model.lp");
  cmd->callback([o, &global] {
    // Output paths and formats are checked before any work.
    if (!o->out.empty()) aie::requirePlacementOutput(o->out);
    if (!o->report.empty()) core::requireWritableOutput(o->report);
    if (!o->lp.empty()) {
      const std::string ext = std::filesystem::path(o->lp).extension().string();
      if (ext != ".lp" && ext != ".mps") throw core::Error("--lp must end in .lp or .mps, got '" + o->lp + "'");
      core::requireWritableOutput(o->lp);
    }
    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device, o->module);
    printDesignWarnings(loaded, global.quiet);
    if (!o->placement.empty()) aie::applyPlacementFile(loaded, o->placement);
    const aie::Design& d = loaded.design;
    aie::RrGraph graph(loaded.device);
    nlohmann::json report{{"design", d.name},
                          {"device", loaded.device.name()},
                          {"router", o->router},
                          {"cores", d.coreCount()},
                          {"nets", d.netCount()}};
    auto writeOutputs = [&](bool failed, const aie::Routing* routing) {
      if (!o->out.empty())
        aie::savePlacementFile(o->out, d, loaded.placement, routing ? &graph : nullptr, routing, failed,
                               loaded.mlir ? &*loaded.mlir : nullptr);
      if (!o->report.empty()) writeJson(o->report, report);
    };

    auto placementProblems = aie::checkPlacement(d, loaded.device, loaded.placement);
    if (!placementProblems.empty()) {
      std::cout << "not routed: the placement is not legal\n";
      nlohmann::json reasons = nlohmann::json::array();
      for (const auto& v : placementProblems) {
        std::cout << "  " << v.message << "\n";
        reasons.push_back(v.message);
      }
      report["success"] = false;
      report["status"] = "illegal-placement";
      report["reasons"] = reasons;
      writeOutputs(true, nullptr);
      global.exitCode = kFailed;
      return;
    }

    ConsoleProgress progress("route", global.quiet);
    RunOutput r;
    double seconds = 0;
    bool interrupted = false;
    {
      // Ctrl-C stops the solver: its best checked routing so far is written, or the failure.
      InterruptStop interrupt;
      core::RunContext ctx(1, o->timeLimit, interrupt.token(), &progress);
      ctx.log(core::LogLevel::Info, "routing " + std::to_string(d.netCount()) + " nets with " + o->router +
                                        " (Ctrl-C stops with the best routing so far)");
      r = runRouter(loaded, graph, *o, ctx);
      seconds = ctx.elapsed();
      interrupted = interrupt.token()->stopRequested();
    }
    progress.finish();
    report["success"] = r.success;
    report["status"] = r.status;
    report["seconds"] = seconds;
    report["interrupted"] = interrupted;
    report["reasons"] = r.reasons;
    report["solver"] = r.solver;
    if (!r.success) {
      std::cout << "not routed (" << r.status << "):\n";
      for (const auto& why : r.reasons) std::cout << "  " << why << "\n";
      writeOutputs(true, nullptr);
      global.exitCode = kFailed;
      return;
    }
    aie::QorMetrics q = aie::computeQor(d, loaded.device, graph, loaded.placement, r.routing);
    report["qor"] = qorJson(q);
    report["routes"] = routesJson(d, graph, r.routing);
    std::ostringstream s;
    s << std::fixed << std::setprecision(2);
    s << "routed " << d.name << " on " << loaded.device.name() << " with " << o->router << " in " << seconds
      << " s: " << d.netCount() << " nets (" << q.sharedNets << " shared memory, " << q.intraTileNets << " intra-tile, "
      << q.circuitNets << " circuit, " << q.packetNets << " packet), route length " << q.routeLength << ", buffers "
      << q.bufferKb() << " KB, " << q.dmaChannels << " DMA channels, max link use " << q.maxLinkUtilisation * 100
      << "%\n";
    if (interrupted) s << "  note: stopped by Ctrl-C: the best routing found so far, checked\n";
    for (const auto& why : r.reasons) s << "  note: " << why << "\n";
    std::cout << s.str();
    writeOutputs(false, &r.routing);
    global.exitCode = kOk;
  });
}

}  // namespace ts::cli
