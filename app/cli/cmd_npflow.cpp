// tilestudio-cli npflow: a drop-in for the `placer` executable that the AIE PnR paper's IRON
// fork runs (see ../shared/docs/aie-devices.md "np-flow interchange"):
//   placer netlist.json --output=pnr_placed_netlist.json --route-summary=pnr_route_summary.json
//          --routing-viz=routing.dot [options]
// It places and routes (placer, placement check, router, routing check), writes the placed
// netlist (routing_cost >= 1e9 when no legal result was found, which IRON reads as failure),
// a route summary JSON and the routing as Graphviz DOT. build/bin/placer is a link to this
// executable that starts this command, so NPU_PNR_BIN_DIR=build/bin works unchanged.
#include <iostream>

#include "app/cli/cli_common.h"
#include "app/cli/pnr_options.h"
#include "engine/aie/device_library.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/io/routing_dot.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

struct NpflowOptions : PnrRunOptions {
  std::string netlist, output = "pnr_placed_netlist.json", summary, viz, device = "npu2";
};

nlohmann::json summaryJson(const aie::Design& d, const aie::RrGraph& graph, const aie::PnrResult& r,
                           const NpflowOptions& o) {
  nlohmann::json nets = nlohmann::json::array();
  if (r.success)
    for (aie::NetId n = 0; n < d.netCount(); ++n) {
      const aie::NetRoute& route = r.routing.nets[size_t(n)];
      int hops = 0;
      for (int e : route.edges) hops += graph.edge(e).kind == aie::RrEdgeKind::Link;
      nets.push_back({{"net_id", n},
                      {"net_name", d.nets[size_t(n)].name},
                      {"connection_type", aie::npflowName(route.type)},
                      {"hops", hops}});
    }
  nlohmann::json s = {{"success", r.success},
                      {"stage", r.stage},
                      {"status", r.status},
                      {"reasons", r.reasons},
                      {"placer", o.placer},
                      {"router", o.router},
                      {"device", o.device},
                      {"seed", o.seed},
                      {"seconds", {{"place", r.placeSeconds}, {"route", r.routeSeconds}}},
                      {"routing_cost", r.success ? r.routing.cost : 1e9},
                      {"nets", nets}};
  if (r.success) s["qor"] = aie::qorJson(r.qor);
  return s;
}

}  // namespace

void addNpflowCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("npflow",
                                 "np-flow drop-in placer: place and route a netlist.json as the PnR paper's `placer` "
                                 "does (also runs as build/bin/placer)");
  auto o = std::make_shared<NpflowOptions>();
  cmd->add_option("netlist", o->netlist, "np-flow netlist.json written by IRON's SAPlacer")->required();
  cmd->add_option("--output", o->output, "Placed netlist to write (pnr_placed_netlist.json)")->capture_default_str();
  cmd->add_option("--route-summary", o->summary, "Route summary JSON to write (status, per-net connection, QoR)");
  cmd->add_option("--routing-viz", o->viz, "Routing as a Graphviz DOT file to write");
  cmd->add_option("-d,--device", o->device, "Device the netlist is for (np-flow netlists name none)")
      ->capture_default_str();
  o->timeLimit = 60;
  o->routeTimeLimit = 300;
  addPnrRunOptions(cmd, *o);
  cmd->footer(
      "Options take --name=value or --name value. Placed nodes of the netlist (col_x/row_y >= 0) stay\n"
      "where they are. Exit code 0 when placed and routed legally, 1 when not (the placed netlist then\n"
      "carries routing_cost 1e9), 2 for bad input.\n"
      "Example (as IRON's SAPlacer calls it):\n"
      "  NPU_PNR_BIN_DIR=build/bin ...   or\n"
      "  build/bin/placer netlist.json --output=pnr_placed_netlist.json --route-summary=summary.json "
      "--routing-viz=routing.dot");
  cmd->callback([o, &global] {
    // Outputs are checked before any work.
    core::requireWritableOutput(o->output);
    if (!o->summary.empty()) core::requireWritableOutput(o->summary);
    if (!o->viz.empty()) core::requireWritableOutput(o->viz);
    aie::NpflowNetlist netlist = aie::loadNpflowNetlist(o->netlist, o->device);
    const aie::Device device = aie::loadDevice(o->device);
    const aie::PnrFlowConfig cfg = pnrFlowConfig(*o, "npflow");

    ConsoleProgress progress("placer " + o->placer + "+" + o->router, global.quiet);
    aie::PnrResult r;
    {
      InterruptStop interrupt;
      core::RunContext ctx(o->seed, o->timeLimit, interrupt.token(), &progress);
      r = aie::runPnr(netlist.design, device, netlist.placement, cfg, ctx);
    }
    progress.finish();
    const aie::Design& d = netlist.design;
    const bool complete = r.placement.size() == d.coreCount();
    const aie::Placement& placed = complete ? r.placement : netlist.placement;
    aie::RrGraph graph(device);
    core::writeFileAtomically(o->output, aie::npflowPlacedJson(d, placed, r.success ? &graph : nullptr,
                                                               r.success ? &r.routing : nullptr, !r.success));
    if (!o->summary.empty()) writeJson(o->summary, summaryJson(d, graph, r, *o));
    if (!o->viz.empty())
      core::writeFileAtomically(o->viz, aie::routingDot(d, graph, placed, r.success ? &r.routing : nullptr));
    std::cout << d.name << " on " << device.name() << ": " << o->placer << "+" << o->router << " "
              << (r.success ? "placed and routed, route length " + std::to_string(r.qor.routeLength)
                            : "failed at " + r.stage + " (" + r.status + ")")
              << "\n";
    for (const auto& why : r.reasons) std::cout << "  " << (r.success ? "note: " : "problem: ") << why << "\n";
    global.exitCode = r.success ? kOk : kFailed;
  });
}

}  // namespace ts::cli
