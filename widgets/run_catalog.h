#pragma once
// Every algorithm the studio can run in the background, built from the engine's registries
// (engine/aie/flow/algorithms.h), so a newly registered placer or router appears in the run
// panel with its settings form without any change here.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::ui {

/// Place: a placer; Route: a router on the current placement; Flow: placer then router
/// (engine/aie/flow/pnr_flow.h), with the placer's settings as "place.KEY" and the router's as
/// "route.KEY".
enum class RunKind { Place, Route, Flow };
const char* toString(RunKind kind);

/// A private copy of what a job works on: a running job shares nothing mutable with the GUI.
struct RunInputs {
  aie::Design design;
  aie::Device device;
  aie::Placement placement;  ///< start (warm start for placers, fixed for routers)
  std::shared_ptr<const aie::Routing> routing;
};

struct RunOutput {
  bool success = false;
  std::string status;  ///< the algorithm's word: "placed", "routed", "time-out", "cancelled", ...
  std::vector<std::string> reasons;
  aie::Placement placement;                     ///< placement after the run
  std::shared_ptr<const aie::Routing> routing;  ///< routing after the run (routers)
  /// False when the result moved a pinned core: the studio refuses to keep such a result.
  bool pinsRespected = true;
  /// The algorithms' own figures ("gap", "bound", "moves_per_s", ...); a flow's router figures
  /// come after its placer's, prefixed "route.".
  std::vector<std::pair<std::string, double>> stats;
};

struct RunAlgorithm {
  RunKind kind = RunKind::Place;
  std::string name;
  std::string description;
  std::function<std::vector<core::ParamSpec>()> params;
  std::function<RunOutput(const RunInputs&, const core::ParamValues&, core::RunContext&)> run;

  /// "place/sa", "route/milp", "flow/sa+milp": stable key for settings.
  std::string id() const { return std::string(toString(kind)) + "/" + name; }
  /// "Place: sa".
  std::string label() const;
};

/// Placers first, then routers, in registry order.
std::vector<RunAlgorithm> runAlgorithms();
std::optional<RunAlgorithm> findRunAlgorithm(const std::string& id);

}  // namespace ts::ui
