#include "app/cli/pnr_options.h"

#include <algorithm>

#include "engine/core/error.h"

namespace ts::cli {

void requireKnownSettings(const std::vector<core::ParamSpec>& specs, const core::ParamValues& values,
                          const std::string& what) {
  for (const auto& entry : values)
    if (std::none_of(specs.begin(), specs.end(), [&](const core::ParamSpec& s) { return s.key == entry.first; }))
      throw core::Error(what + ": unknown setting '" + entry.first + "'");
}

void addPnrRunOptions(CLI::App* cmd, PnrRunOptions& o) {
  cmd->add_option("--placer", o.placer, "Placer: " + aie::placerNames())->capture_default_str();
  cmd->add_option("--cost", o.cost, "sa only: cost bb, bbcg or milp (same as --set cost=...)")
      ->check(CLI::IsMember({"bb", "bbcg", "milp"}));
  cmd->add_option("--router", o.router, "Router: " + aie::routerNames())->capture_default_str();
  cmd->add_option("--seed", o.seed, "Random seed (same seed, same result)")->capture_default_str();
  cmd->add_option("--time-limit", o.timeLimit, "Seconds for the placer; anytime placers return their best (0 = none)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--route-time-limit", o.routeTimeLimit, "Seconds for the router after the placer")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--set", o.sets, "Placer setting key=value (repeatable); see `place --list-settings`");
  cmd->add_option("--router-set", o.routerSets, "Router setting key=value (repeatable); see `route --help`");
}

aie::PnrFlowConfig pnrFlowConfig(const PnrRunOptions& o, const std::string& command) {
  if (!aie::findPlacer(o.placer))
    throw core::Error("unknown placer '" + o.placer + "' (known: " + aie::placerNames() + ")");
  if (!aie::findRouter(o.router))
    throw core::Error("unknown router '" + o.router + "' (known: " + aie::routerNames() + ")");
  aie::PnrFlowConfig cfg;
  cfg.placer = o.placer;
  cfg.router = o.router;
  cfg.routeTimeLimitSeconds = o.routeTimeLimit;
  for (const auto& s : o.sets) core::parseParamAssignment(s, cfg.placerParams);
  for (const auto& s : o.routerSets) core::parseParamAssignment(s, cfg.routerParams);
  if (!o.cost.empty()) {
    if (o.placer != "sa") throw core::Error(command + ": --cost applies to --placer sa only");
    cfg.placerParams["cost"] = o.cost;
  }
  // Settings are checked before any work, so a typo is bad input (exit 2), not a failed run.
  requireKnownSettings(aie::findPlacer(o.placer)->params(), cfg.placerParams, "placer '" + o.placer + "'");
  requireKnownSettings(aie::findRouter(o.router)->params(), cfg.routerParams, "router '" + o.router + "'");
  return cfg;
}

}  // namespace ts::cli
