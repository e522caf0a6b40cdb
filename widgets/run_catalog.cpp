#include "widgets/run_catalog.h"

#include "engine/aie/flow/algorithms.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/legality.h"
#include "engine/core/error.h"

namespace ts::ui {

const char* toString(RunKind kind) {
  switch (kind) {
    case RunKind::Place:
      return "place";
    case RunKind::Route:
      return "route";
    case RunKind::Flow:
      return "flow";
  }
  return "?";
}

std::string RunAlgorithm::label() const {
  switch (kind) {
    case RunKind::Place:
      return "Place: " + name;
    case RunKind::Route:
      return "Route: " + name;
    case RunKind::Flow:
      return "Place & route: " + name;
  }
  return name;
}

namespace {

/// The studio's own guard on top of each algorithm's promise: pinned cores must not move.
bool pinsKept(const RunInputs& in, const aie::Placement& out, std::vector<std::string>& reasons) {
  aie::PlacementCheckOptions options;
  options.requireComplete = false;
  options.reference = &in.placement;
  bool ok = true;
  for (const auto& v : aie::checkPlacement(in.design, in.device, out, options))
    if (v.code == "pin") {
      reasons.push_back(v.message);
      ok = false;
    }
  return ok;
}

}  // namespace

namespace {

const std::string kPlacePrefix = "place.", kRoutePrefix = "route.";
// The flow's own setting: an anytime placer (LSMO, joint MILP) uses its whole time limit, so
// the router gets a budget of its own.
const std::string kRouteTimeLimit = "route_time_limit";
constexpr double kDefaultRouteTimeLimit = 60;

core::ParamBinder flowBinder(double& routeTimeLimit) {
  core::ParamBinder b;
  b.bind(kRouteTimeLimit, routeTimeLimit,
         "seconds the router gets after placement (0 = what the placer left of the time limit)", 0, 1e6);
  return b;
}

std::vector<core::ParamSpec> prefixed(std::vector<core::ParamSpec> specs, const std::string& prefix) {
  for (auto& s : specs) s.key = prefix + s.key;
  return specs;
}

core::ParamValues unprefixed(const core::ParamValues& values, const std::string& prefix) {
  core::ParamValues out;
  for (const auto& [k, v] : values)
    if (k.compare(0, prefix.size(), prefix) == 0) out[k.substr(prefix.size())] = v;
  return out;
}

RunAlgorithm flowEntry(const aie::PlacerInfo& placer, const aie::RouterInfo& router) {
  RunAlgorithm a;
  a.kind = RunKind::Flow;
  a.name = placer.name + "+" + router.name;
  a.description = "Place with " + placer.name + ", check, route with " + router.name +
                  ", check (settings: place.* for the placer, route.* for the router; the router has its own "
                  "time budget, route_time_limit)";
  auto placerParams = placer.params, routerParams = router.params;
  a.params = [placerParams, routerParams] {
    double routeTimeLimit = kDefaultRouteTimeLimit;
    auto specs = flowBinder(routeTimeLimit).specs();
    auto placerSpecs = prefixed(placerParams ? placerParams() : std::vector<core::ParamSpec>{}, kPlacePrefix);
    specs.insert(specs.end(), placerSpecs.begin(), placerSpecs.end());
    auto more = prefixed(routerParams ? routerParams() : std::vector<core::ParamSpec>{}, kRoutePrefix);
    specs.insert(specs.end(), more.begin(), more.end());
    return specs;
  };
  std::string placerName = placer.name, routerName = router.name;
  a.run = [placerName, routerName](const RunInputs& in, const core::ParamValues& values, core::RunContext& ctx) {
    core::ParamValues own;
    for (const auto& [k, v] : values) {
      if (k == kRouteTimeLimit)
        own[k] = v;
      else if (k.compare(0, kPlacePrefix.size(), kPlacePrefix) != 0 &&
               k.compare(0, kRoutePrefix.size(), kRoutePrefix) != 0)
        throw core::Error("unknown setting '" + k + "' (flow settings start with place. or route., or are " +
                          kRouteTimeLimit + ")");
    }
    aie::PnrFlowConfig config;
    double routeTimeLimit = kDefaultRouteTimeLimit;
    flowBinder(routeTimeLimit).apply(own);
    config.routeTimeLimitSeconds = routeTimeLimit;
    config.placer = placerName;
    config.router = routerName;
    config.placerParams = unprefixed(values, kPlacePrefix);
    config.routerParams = unprefixed(values, kRoutePrefix);
    aie::PnrResult res = aie::runPnr(in.design, in.device, in.placement, config, ctx);
    RunOutput r;
    r.success = res.success;
    r.status = res.stage + ": " + res.status;
    r.reasons = res.reasons;
    r.placement = res.placement.size() == in.design.coreCount() ? res.placement : in.placement;
    if (res.routing.nets.size() == size_t(in.design.netCount()))
      r.routing = std::make_shared<const aie::Routing>(std::move(res.routing));
    r.pinsRespected = pinsKept(in, r.placement, r.reasons);
    if (!r.pinsRespected) r.success = false;
    r.stats = res.placerStats;
    for (const auto& [k, v] : res.routerStats) r.stats.emplace_back(kRoutePrefix + k, v);
    return r;
  };
  return a;
}

}  // namespace

/// A Place or Route entry from an engine registry entry; `finish` copies the algorithm's
/// result into the output (which starts as "nothing changed").
template <typename Info, typename Finish>
RunAlgorithm fromRegistry(RunKind kind, const Info& info, Finish finish) {
  RunAlgorithm a;
  a.kind = kind;
  a.name = info.name;
  a.description = info.description;
  a.params = info.params;
  auto run = info.run;
  a.run = [run, finish](const RunInputs& in, const core::ParamValues& values, core::RunContext& ctx) {
    auto outcome = run(in.design, in.device, in.placement, values, ctx);
    RunOutput r;
    r.success = outcome.success;
    r.status = outcome.status;
    r.reasons = outcome.reasons;
    r.placement = in.placement;
    r.stats = outcome.stats;
    finish(in, outcome, r);
    return r;
  };
  return a;
}

std::vector<RunAlgorithm> runAlgorithms() {
  std::vector<RunAlgorithm> out;
  for (const aie::PlacerInfo& p : aie::placerRegistry())
    out.push_back(fromRegistry(RunKind::Place, p, [](const RunInputs& in, aie::PlaceOutcome& o, RunOutput& r) {
      if (o.placement.size() == in.design.coreCount()) r.placement = std::move(o.placement);
      r.pinsRespected = pinsKept(in, r.placement, r.reasons);
      if (!r.pinsRespected) r.success = false;
    }));
  for (const aie::RouterInfo& info : aie::routerRegistry())
    out.push_back(fromRegistry(RunKind::Route, info, [](const RunInputs& in, aie::RouteOutcome& o, RunOutput& r) {
      if (o.routing.nets.size() == size_t(in.design.netCount()))
        r.routing = std::make_shared<const aie::Routing>(std::move(o.routing));
    }));
  for (const aie::PlacerInfo& p : aie::placerRegistry())
    for (const aie::RouterInfo& r : aie::routerRegistry()) out.push_back(flowEntry(p, r));
  return out;
}

std::optional<RunAlgorithm> findRunAlgorithm(const std::string& id) {
  for (auto& a : runAlgorithms())
    if (a.id() == id) return a;
  return std::nullopt;
}

}  // namespace ts::ui
