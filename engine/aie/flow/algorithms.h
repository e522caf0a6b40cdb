#pragma once
// The catalogue of AIE placers and routers. The studio's run panel and the CLI list, configure
// and run any of them through this interface without knowing their Config structs; each
// algorithm keeps its own typed `XxxConfig` + `runXxx(...)` entry point and registers an
// adapter here (see algorithms.cpp).
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct PlaceOutcome {
  bool success = false;              ///< complete placement that passed the independent placement check
  Placement placement;               ///< best placement found (a failed run returns its best attempt)
  std::string status;                ///< "placed", "failed", "time-out", "cancelled"
  std::vector<std::string> reasons;  ///< one line per reason when not successful
  /// Figures of the run for reports: seconds, moves, moves_per_s, the placer's cost terms.
  std::vector<std::pair<std::string, double>> stats;
};

struct RouteOutcome {
  bool success = false;  ///< routing that passed the independent routing check
  Routing routing;
  std::string status;  ///< "routed", "infeasible", "time-out", "cancelled", "error"
  std::vector<std::string> reasons;
  /// Router-specific figures for reports ("objective", "bound", "variables", "iterations"...).
  std::vector<std::pair<std::string, double>> stats;
};

struct PlacerInfo {
  std::string name;         ///< CLI/GUI identifier: "sa", "lsmo", ...
  std::string description;  ///< one line for menus and --help
  std::function<std::vector<core::ParamSpec>()> params;
  /// Places starting from `start` (pinned cores stay put), honouring ctx.
  std::function<PlaceOutcome(const Design&, const Device&, const Placement& start, const core::ParamValues&,
                             core::RunContext&)>
      run;
};

struct RouterInfo {
  std::string name;
  std::string description;
  std::function<std::vector<core::ParamSpec>()> params;
  std::function<RouteOutcome(const Design&, const Device&, const Placement&, const core::ParamValues&,
                             core::RunContext&)>
      run;
  /// Whether, with these settings, it may let packet streams share a DMA channel (what a
  /// placer's `dma_sharing` counts on).
  std::function<bool(const core::ParamValues&)> sharesDmaChannels;
};

const std::vector<PlacerInfo>& placerRegistry();
const std::vector<RouterInfo>& routerRegistry();
/// nullptr when unknown.
const PlacerInfo* findPlacer(const std::string& name);
const RouterInfo* findRouter(const std::string& name);
/// "manual, sequential, sa" for messages.
std::string placerNames();
std::string routerNames();

}  // namespace ts::aie
