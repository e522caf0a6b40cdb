#pragma once
// The options `pnr` and `npflow` share: which placer and router, the seed, time limits and
// algorithm settings, and the flow configuration they make.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "engine/aie/flow/pnr_flow.h"

namespace ts::cli {

struct PnrRunOptions {
  std::string placer = "sa", cost, router = "milp";
  uint64_t seed = 1;
  double timeLimit = 0, routeTimeLimit = 600;
  std::vector<std::string> sets, routerSets;
};

/// --placer, --cost, --router, --seed, --time-limit, --route-time-limit, --set, --router-set
/// (defaults shown from `o`'s current values).
void addPnrRunOptions(CLI::App* cmd, PnrRunOptions& o);

/// Refuses a setting that none of `specs` names: "<what>: unknown setting 'KEY'".
void requireKnownSettings(const std::vector<core::ParamSpec>& specs, const core::ParamValues& values,
                          const std::string& what);

/// The flow configuration; unknown algorithms and settings are core::Error (bad input) here,
/// before any work.
aie::PnrFlowConfig pnrFlowConfig(const PnrRunOptions& o, const std::string& command);

}  // namespace ts::cli
