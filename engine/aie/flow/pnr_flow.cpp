#include "engine/aie/flow/pnr_flow.h"

#include <chrono>
#include <memory>

#include "engine/aie/routing_legality.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace {

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The flow's route time limit also becomes the router's own `time_limit` (unless set), so
// `--route-time-limit 300` lets the MILP search 300 s rather than its 60 s default.
core::ParamValues routerParamsWithLimit(const RouterInfo& router, const PnrFlowConfig& config) {
  core::ParamValues values = config.routerParams;
  if (config.routeTimeLimitSeconds <= 0 || values.count("time_limit")) return values;
  for (const core::ParamSpec& spec : router.params())
    if (spec.key == "time_limit") values["time_limit"] = std::to_string(config.routeTimeLimitSeconds);
  return values;
}

// Samples of a router with its own clock, shifted onto the flow's clock (charts stay monotonic).
class ShiftedSink : public core::ProgressSink {
 public:
  ShiftedSink(core::ProgressSink* to, double offset) : to_(to), offset_(offset) {}
  void onSample(const core::QorSample& s) override {
    core::QorSample shifted = s;
    shifted.elapsedSeconds += offset_;
    to_->onSample(shifted);
  }
  void onSnapshot(std::shared_ptr<const core::Snapshot> snapshot) override { to_->onSnapshot(std::move(snapshot)); }
  void onLog(core::LogLevel level, const std::string& message) override { to_->onLog(level, message); }

 private:
  core::ProgressSink* to_;
  double offset_;
};

}  // namespace

core::ParamValues placerParamsForRouter(const PnrFlowConfig& config) {
  core::ParamValues values = config.placerParams;
  const PlacerInfo* placer = findPlacer(config.placer);
  const RouterInfo* router = findRouter(config.router);
  if (!placer || !router) return values;
  auto given = values.find("dma_sharing");
  if (given != values.end() && given->second != "auto") return values;
  for (const core::ParamSpec& spec : placer->params())
    if (spec.key == "dma_sharing")
      values["dma_sharing"] = router->sharesDmaChannels(config.routerParams) ? "on" : "off";
  return values;
}

PnrResult runPnr(const Design& design, const Device& device, const Placement& start, const PnrFlowConfig& config,
                 core::RunContext& ctx) {
  const PlacerInfo* placer = findPlacer(config.placer);
  if (!placer) throw core::Error("unknown placer '" + config.placer + "' (known: " + placerNames() + ")");
  const RouterInfo* router = findRouter(config.router);
  if (!router) throw core::Error("unknown router '" + config.router + "' (known: " + routerNames() + ")");

  PnrResult r;
  r.stage = "place";
  auto t0 = std::chrono::steady_clock::now();
  PlaceOutcome placed = placer->run(design, device, start, placerParamsForRouter(config), ctx);
  r.placeSeconds = since(t0);
  r.placement = placed.placement;
  r.placerStats = placed.stats;
  r.status = placed.status;
  PlacementCheckOptions popts;
  popts.reference = &start;
  r.placementViolations = checkPlacement(design, device, r.placement, popts);
  if (!placed.success || !r.placementViolations.empty()) {
    r.reasons = placed.reasons;
    for (const auto& v : r.placementViolations) r.reasons.push_back("placement check: " + v.message);
    if (r.status == "placed") r.status = "failed";
    return r;
  }

  r.stage = "route";
  auto t1 = std::chrono::steady_clock::now();
  std::unique_ptr<core::RunContext> own;
  std::unique_ptr<ShiftedSink> shifted;
  if (config.routeTimeLimitSeconds > 0) {
    if (ctx.sink()) shifted = std::make_unique<ShiftedSink>(ctx.sink(), ctx.elapsed());
    own =
        std::make_unique<core::RunContext>(ctx.seed(), config.routeTimeLimitSeconds, ctx.cancelToken(), shifted.get());
  }
  RouteOutcome routed =
      router->run(design, device, r.placement, routerParamsWithLimit(*router, config), own ? *own : ctx);
  r.routeSeconds = since(t1);
  r.routing = routed.routing;
  r.routerStats = routed.stats;
  r.status = routed.status;
  r.reasons = routed.reasons;
  if (!routed.success) return r;
  RrGraph graph(device);
  r.routingViolations = checkRouting(design, device, graph, r.placement, r.routing);
  if (!r.routingViolations.empty()) {
    r.status = "error";
    for (const auto& v : r.routingViolations) r.reasons.push_back("routing check: " + v.message);
    return r;
  }
  r.qor = computeQor(design, device, graph, r.placement, r.routing);
  r.stage = "done";
  r.success = true;
  return r;
}

}  // namespace ts::aie
