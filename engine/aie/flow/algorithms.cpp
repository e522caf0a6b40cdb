#include "engine/aie/flow/algorithms.h"

#include "engine/aie/flow/manual_placer.h"
#include "engine/aie/place/block_placer.h"
#include "engine/aie/place/dataflow_placer.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/place/lsmo_placer.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/pathfinder_router.h"

namespace ts::aie {

namespace {

PlaceOutcome toOutcome(const PlacerResult& r) {
  PlaceOutcome o;
  o.success = r.success;
  o.placement = r.placement;
  o.status = r.status;
  o.reasons = r.reasons;
  o.stats = {{"seconds", r.seconds}, {"moves", double(r.moves)}, {"moves_per_s", r.movesPerSecond}};
  for (const auto& term : r.terms) o.stats.push_back({"cost_" + term.first, term.second});
  return o;
}

/// A registry entry for a placer with a `Config::bind` and a `run(problem, config, ctx)`.
template <typename Config, typename Run>
PlacerInfo placerEntry(std::string name, std::string description, Run run) {
  return {std::move(name), std::move(description),
          [] {
            Config config;
            core::ParamBinder binder;
            config.bind(binder);
            return binder.specs();
          },
          [run](const Design& d, const Device& dev, const Placement& start, const core::ParamValues& values,
                core::RunContext& ctx) {
            Config config;
            core::ParamBinder binder;
            config.bind(binder);
            binder.apply(values);
            return run(PlaceProblem{d, dev, start}, config, ctx);
          }};
}

std::vector<PlacerInfo> makePlacers() {
  std::vector<PlacerInfo> out;
  out.push_back({"manual", "Keep the given (hand-made) placement and only check it",
                 [] { return std::vector<core::ParamSpec>{}; },
                 [](const Design& d, const Device& dev, const Placement& start, const core::ParamValues& values,
                    core::RunContext&) {
                   core::ParamBinder().apply(values);  // rejects any setting: there are none
                   return runManualPlacement(d, dev, start);
                 }});
  out.push_back(placerEntry<SequentialPlacerConfig>(
      "sequential", "AMD IRON's greedy sequential placer: column by column, no backtracking (baseline)",
      [](const PlaceProblem& p, const SequentialPlacerConfig& c, core::RunContext& ctx) {
        return toOutcome(runSequentialPlacer(p, c, ctx));
      }));
  out.push_back(placerEntry<SaPlacerConfig>(
      "sa",
      "Simulated annealing with the bounding-box (bb), congestion-aware (bbcg) or MILP-router "
      "(milp) cost",
      [](const PlaceProblem& p, const SaPlacerConfig& c, core::RunContext& ctx) {
        SaPlacerResult r = runSaPlacer(p, c, ctx);
        PlaceOutcome o = toOutcome(r);
        o.stats.push_back({"initial_temperature", r.initialTemperature});
        o.stats.push_back({"temperatures", double(r.temperatures)});
        o.stats.push_back({"reheats", double(r.reheats)});
        o.stats.push_back({"accepted", double(r.accepted)});
        return o;
      }));
  out.push_back(placerEntry<LsmoPlacerConfig>(
      "lsmo",
      "Local search with a MILP oracle: the joint PnR MILP over neighbourhoods of each core, with "
      "a blacklist",
      [](const PlaceProblem& p, const LsmoPlacerConfig& c, core::RunContext& ctx) {
        LsmoPlacerResult r = runLsmoPlacer(p, c, ctx);
        PlaceOutcome o = toOutcome(r);
        o.stats.push_back({"iterations", double(r.iterations)});
        o.stats.push_back({"improvements", double(r.improvements)});
        o.stats.push_back({"routable", r.routable ? 1.0 : 0.0});
        o.stats.push_back({"start_cost", r.startCost});
        return o;
      }));
  out.push_back(placerEntry<JointMilpPlacerConfig>(
      "milp",
      "Joint placement-and-routing MILP over all tiles (exact when it finishes; bound and gap "
      "while it runs)",
      [](const PlaceProblem& p, const JointMilpPlacerConfig& c, core::RunContext& ctx) {
        JointMilpPlacerResult r = runJointMilpPlacer(p, c, ctx);
        PlaceOutcome o = toOutcome(r);
        o.stats.push_back({"objective", r.objective});
        o.stats.push_back({"bound", r.bound});
        o.stats.push_back({"gap", r.gap});
        o.stats.push_back({"optimal", r.optimal ? 1.0 : 0.0});
        o.stats.push_back({"variables", double(r.variables)});
        o.stats.push_back({"rows", double(r.rows)});
        o.stats.push_back({"start_accepted", r.startAccepted ? 1.0 : 0.0});
        o.stats.push_back({"start_annealed", r.startFrom == "sa" ? 1.0 : 0.0});
        o.stats.push_back({"incumbent_seconds", r.incumbentSeconds});
        return o;
      }));
  out.push_back(placerEntry<BlockPlacerConfig>(
      "blocks", "AIE4ML branch-and-bound placement of layer blocks (designs with core groups)",
      [](const PlaceProblem& p, const BlockPlacerConfig& c, core::RunContext& ctx) {
        BlockPlacerResult r = runBlockPlacer(p, c, ctx);
        PlaceOutcome o = toOutcome(r);
        o.stats.push_back({"objective", r.objective});
        o.stats.push_back({"optimal", r.optimal ? 1.0 : 0.0});
        o.stats.push_back({"rejected_layouts", double(r.rejectedLayouts)});
        o.stats.push_back({"routed", r.routed ? 1.0 : 0.0});
        o.stats.push_back({"route_attempts", double(r.routeAttempts)});
        return o;
      }));
  out.push_back(placerEntry<DataflowPlacerConfig>(
      "dataflow",
      "CRONet's subgraph-aware placement: subgraphs (core groups) along the dataflow in compact neighbouring "
      "regions, then cascades and memory-tile/shim endpoints",
      [](const PlaceProblem& p, const DataflowPlacerConfig& c, core::RunContext& ctx) {
        return toOutcome(runDataflowPlacer(p, c, ctx));
      }));
  out.push_back(placerEntry<SaPlacerConfig>(
      "dataflow+sa",
      "Simulated annealing (settings as sa) warm-started from the dataflow placement (default dataflow settings)",
      [](const PlaceProblem& p, const SaPlacerConfig& c, core::RunContext& ctx) {
        DataflowPlacerResult warm = runDataflowPlacer(p, DataflowPlacerConfig{}, ctx);
        if (!warm.success) return toOutcome(warm);
        PlaceOutcome o = toOutcome(runSaPlacer(PlaceProblem{p.design, p.device, warm.placement}, c, ctx));
        for (auto& [name, value] : o.stats)
          if (name == "seconds") value += warm.seconds;  // both stages
        o.stats.push_back({"dataflow_seconds", warm.seconds});
        o.stats.push_back({"dataflow_wirelength", warm.wirelength});
        return o;
      }));
  return out;
}

/// A registry entry for a router whose settings are bound by `bind(binder, config)`;
/// `sharesDma(config)` says whether it may share DMA channels between packet streams.
template <typename Config, typename Bind, typename Run, typename SharesDma>
RouterInfo routerEntry(std::string name, std::string description, Bind bind, Run run, SharesDma sharesDma) {
  // The router's settings from `values` (the defaults where none is given).
  auto configOf = [bind](const core::ParamValues& values) {
    Config config;
    core::ParamBinder binder;
    bind(binder, config);
    binder.apply(values);
    return config;
  };
  return {std::move(name), std::move(description),
          [bind] {
            Config config;
            core::ParamBinder binder;
            bind(binder, config);
            return binder.specs();
          },
          [configOf, run](const Design& d, const Device& dev, const Placement& p, const core::ParamValues& values,
                          core::RunContext& ctx) {
            const Config config = configOf(values);
            RrGraph graph(dev);
            return run(d, dev, graph, p, config, ctx);
          },
          [configOf, sharesDma](const core::ParamValues& values) { return sharesDma(configOf(values)); }};
}

std::vector<RouterInfo> makeRouters() {
  std::vector<RouterInfo> out;
  out.push_back(routerEntry<MilpRouterConfig>(
      "milp",
      "MILP multi-commodity-flow router on CBC: mixes shared memory, circuit and packet switching "
      "per net "
      "(the paper's router)",
      [](core::ParamBinder& b, MilpRouterConfig& c) { bindMilpRouterParams(b, c); },
      [](const Design& d, const Device& dev, const RrGraph& graph, const Placement& p, const MilpRouterConfig& c,
         core::RunContext& ctx) {
        MilpRouterResult r = runMilpRouter(d, dev, graph, p, c, ctx);
        RouteOutcome o{r.success, std::move(r.routing), r.status, std::move(r.reasons), {}};
        o.stats = {{"objective", r.objective},
                   {"bound", r.bound},
                   {"variables", r.variables},
                   {"rows", r.rows},
                   {"solves", r.solves},
                   {"seconds", r.seconds},
                   {"full_region", r.fullRegion ? 1.0 : 0.0},
                   {"region_margin", double(r.regionMargin)},
                   {"capped_relaxations", double(r.cappedRelaxations)},
                   {"cbc_stalled", r.cbcStalled ? 1.0 : 0.0},
                   {"start_accepted", r.startAccepted ? 1.0 : 0.0}};
        return o;
      },
      [](const MilpRouterConfig& c) { return c.model.sharesDmaChannels(); }));
  out.push_back(routerEntry<PathfinderConfig>(
      "pathfinder",
      "MLIR-AIE style negotiated-congestion router: one stream mode for all nets, shared memory "
      "only between "
      "adjacent single-consumer cores",
      [](core::ParamBinder& b, PathfinderConfig& c) { bindPathfinderParams(b, c); },
      [](const Design& d, const Device& dev, const RrGraph& graph, const Placement& p, const PathfinderConfig& c,
         core::RunContext& ctx) {
        PathfinderResult r = runPathfinderRouter(d, dev, graph, p, c, ctx);
        RouteOutcome o{r.success, std::move(r.routing), r.status, std::move(r.reasons), {}};
        o.stats = {{"iterations", r.iterations}, {"seconds", r.seconds}};
        return o;
      },
      [](const PathfinderConfig&) { return false; }));  // packet flows share links, not DMA channels
  return out;
}

template <typename T>
const T* findByName(const std::vector<T>& list, const std::string& name) {
  for (const auto& item : list)
    if (item.name == name) return &item;
  return nullptr;
}

template <typename T>
std::string joinNames(const std::vector<T>& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + item.name;
  return out;
}

}  // namespace

const std::vector<PlacerInfo>& placerRegistry() {
  static const std::vector<PlacerInfo> placers = makePlacers();
  return placers;
}

const std::vector<RouterInfo>& routerRegistry() {
  static const std::vector<RouterInfo> routers = makeRouters();
  return routers;
}

const PlacerInfo* findPlacer(const std::string& name) {
  return findByName(placerRegistry(), name);
}
const RouterInfo* findRouter(const std::string& name) {
  return findByName(routerRegistry(), name);
}
std::string placerNames() {
  return joinNames(placerRegistry());
}
std::string routerNames() {
  return joinNames(routerRegistry());
}

}  // namespace ts::aie
