#include "engine/aie/place/cost/milp_cost.h"

#include <algorithm>

namespace ts::aie {

MilpCostConfig::MilpCostConfig() {
  router.timeLimitSeconds = 2.0;
  router.preCheck = false;
  router.explainInfeasible = false;
  // Within 2 s per evaluation CBC's time is worth more than fix-and-optimise's small solves.
  router.neighbourhoodSeconds = 0;
}

MilpCost::MilpCost(const PlaceModel& model, MilpCostConfig config, core::RunContext& ctx)
    : model_(model), config_(std::move(config)), ctx_(ctx), graph_(model.device()) {}

std::string MilpCost::key(const Placement& placement) const {
  std::string k(size_t(placement.size()) * 2, '\0');
  for (CoreId c = 0; c < placement.size(); ++c) {
    int i = placement.placed(c) ? model_.tileIndex(placement.tile(c)) : 0xffff;
    k[size_t(c) * 2] = char(i & 0xff);
    k[size_t(c) * 2 + 1] = char((i >> 8) & 0xff);
  }
  return k;
}

MilpCost::Eval MilpCost::compute(const Placement& placement) const {
  const Design& d = model_.design();
  const Device& dev = model_.device();
  Eval e;
  auto unroutable = [&](size_t bounds) {
    double bb = BbCost::fromScratch(model_, config_.bb, placement).front().second;
    e.routable = false;
    e.routeCost = 0;
    e.total = config_.infeasiblePenalty + config_.preCheckPenalty * double(bounds) + bb;
    return e;
  };
  std::vector<std::string> bounds = routingPreCheck(d, dev, graph_, placement, config_.router.model);
  if (!bounds.empty()) {
    ++preCheckRejects_;
    return unroutable(bounds.size());
  }
  // The router shares the caller's stop flag and remaining time but publishes nothing.
  double remaining = ctx_.timeLimitSeconds() > 0 ? std::max(1e-3, ctx_.remainingSeconds()) : 0;
  core::RunContext inner(ctx_.seed(), remaining, ctx_.cancelToken(), nullptr);
  ++solves_;
  MilpRouterResult r = runMilpRouter(d, dev, graph_, placement, config_.router, inner);
  if (r.status == "cancelled" || (r.status == "time-out" && ctx_.timeUp()) || ctx_.cancel().stopRequested())
    e.complete = false;
  if (!r.success) return unroutable(0);
  e.routable = true;
  e.routeCost = r.objective;
  e.total = r.objective;
  return e;
}

MilpCost::Eval MilpCost::lookup(const Placement& placement) {
  std::string k = key(placement);
  auto it = cache_.find(k);
  if (it != cache_.end()) {
    ++cacheHits_;
    return it->second;
  }
  Eval e = compute(placement);
  if (e.complete) {
    if (cache_.size() >= config_.cacheLimit) cache_.clear();
    cache_.emplace(std::move(k), e);
  }
  return e;
}

double MilpCost::reset(const Placement& placement) {
  placement_ = placement;
  current_ = lookup(placement_);
  return current_.total;
}

double MilpCost::propose(const std::vector<CoreMove>& moves) {
  staged_ = placement_;
  for (const CoreMove& mv : moves) staged_.place(mv.core, mv.to);
  stagedEval_ = lookup(staged_);
  return stagedEval_.total - current_.total;
}

void MilpCost::commit() {
  placement_ = staged_;
  current_ = stagedEval_;
}

void MilpCost::revert() {}

CostTerms MilpCost::terms() const {
  return {{"total", current_.total},
          {"route_cost", current_.routeCost},
          {"routable", current_.routable ? 1.0 : 0.0},
          {"milp_solves", double(solves_)},
          {"precheck_rejects", double(preCheckRejects_)},
          {"cache_hits", double(cacheHits_)}};
}

double MilpCost::evaluate(const Placement& placement) const {
  return compute(placement).total;
}

}  // namespace ts::aie
