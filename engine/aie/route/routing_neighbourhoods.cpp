#include "engine/aie/route/routing_neighbourhoods.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "engine/aie/route/net_box.h"
#include "engine/core/rng.h"
#include "engine/milp/fixed_submodel.h"

namespace ts::aie {

namespace {

// What a net's own variables cost in `values` beyond its shortest possible route's link hops:
// large for detours and packet-switched streams, small for shared-memory nets.
double excessCost(const milp::Model& model, const std::vector<int>& vars, const std::vector<double>& values,
                  const NetBox& box) {
  double cost = 0;
  for (int v : vars) cost += model.var(v).obj * values[size_t(v)];
  return cost - box.halfPerimeter();
}

}  // namespace

NeighbourhoodSearchResult improveRoutingByNeighbourhoods(const Design& design, const Placement& placement,
                                                         const RoutingModelBuilder& builder, const milp::Model& model,
                                                         std::vector<double> start,
                                                         const NeighbourhoodSearchConfig& config,
                                                         core::RunContext& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  auto secondsLeft = [&] {
    return config.seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  NeighbourhoodSearchResult res;
  res.objective = model.evaluate(start);
  res.values = std::move(start);

  std::vector<NetId> nets;
  std::vector<NetBox> boxes;
  for (NetId n = 0; n < design.netCount(); ++n) {
    boxes.push_back(netBox(design, placement, n));
    if (!builder.netVariables(n).empty()) nets.push_back(n);
  }
  if (int(nets.size()) <= config.initialNets + 1) return res;  // the first neighbourhood would be the whole model
  core::Rng rng(ctx.seed());
  std::vector<std::pair<double, NetId>> seeds;
  for (NetId n : nets)
    seeds.push_back(
        {excessCost(model, builder.netVariables(n), res.values, boxes[size_t(n)]) + 0.5 * rng.uniform01(), n});
  std::sort(seeds.begin(), seeds.end(), [](const auto& a, const auto& b) { return a.first > b.first; });

  // Neighbourhoods are sized in variables, not nets: nets differ widely in their variables (on
  // CRONet 12 nets made sub-MILPs of 8 k to 23 k variables, solved in 0.2 s or cut off at the
  // limit). The first budget is initialNets nets of average size.
  size_t netVariables = 0;
  for (NetId n : nets) netVariables += builder.netVariables(n).size();
  double budget = double(config.initialNets) * double(netVariables) / double(nets.size());
  size_t next = 0, sinceImprovement = 0;
  while (sinceImprovement < seeds.size() && secondsLeft() > 0.05 && !ctx.shouldStop() &&
         !milp::withinGap(res.objective, config.bound, config.relativeGap)) {
    const NetId seed = seeds[next++ % seeds.size()].second;
    // The seed and the nets nearest to it: box gap first, then distance between box centres.
    const NetBox& sb = boxes[size_t(seed)];
    auto distance = [&](NetId n) {
      const NetBox& b = boxes[size_t(n)];
      const int centre = std::abs(b.c0 + b.c1 - sb.c0 - sb.c1) + std::abs(b.r0 + b.r1 - sb.r0 - sb.r1);
      return std::make_pair(b.gap(sb), centre);
    };
    std::vector<NetId> near = nets;
    std::sort(near.begin(), near.end(), [&](NetId a, NetId b) { return distance(a) < distance(b); });
    // The seed, then the nearest nets that fit in the budget (one at least).
    std::vector<char> freed(size_t(design.netCount()), 0);
    freed[size_t(seed)] = 1;
    double used = double(builder.netVariables(seed).size());
    int freedCount = 1;
    for (NetId n : near) {
      const double vars = double(builder.netVariables(n).size());
      if (freed[size_t(n)] || (freedCount > 1 && used + vars > budget)) continue;
      freed[size_t(n)] = 1;
      used += vars;
      ++freedCount;
    }
    std::vector<char> fixed(size_t(model.varCount()), 0);
    for (NetId n : nets)
      if (!freed[size_t(n)])
        for (int v : builder.netVariables(n)) fixed[size_t(v)] = 1;

    milp::FixedSubModel sub(model, fixed, res.values);
    milp::SolveOptions so;
    so.timeLimitSeconds = std::min(config.solveSeconds, secondsLeft());
    so.relativeGap = 1e-6;
    so.start = sub.restrict(res.values);
    so.cbc = config.cbc;
    so.phase = "routing neighbourhood";
    so.publishSamples = false;  // a sub-MILP's bound is not the routing's
    milp::SolveResult r = milp::solve(sub.model(), so, ctx);
    ++res.solves;
    ++sinceImprovement;
    res.freedNets.push_back(freedCount);
    res.freedVariables.push_back(int(used));
    if (r.hasSolution() && r.objective < res.objective - 1e-6) {
      std::vector<double> whole = sub.expand(r.values);
      if (model.violations(whole).empty()) {  // the whole model's own check
        res.values = std::move(whole);
        res.objective = model.evaluate(res.values);
        ++res.improvements;
        sinceImprovement = 0;
        core::QorSample s;
        s.phase = "routing neighbourhoods";
        s.iteration = res.solves;
        s.add("incumbent", res.objective);
        ctx.publishSample(std::move(s), true);
      }
    }
    // Larger neighbourhoods while they solve to optimality well within their time, smaller when not.
    if (r.status == milp::Status::Optimal && r.seconds < 0.5 * config.solveSeconds)
      budget = std::min(double(netVariables), std::max(budget, used) * 1.25);
    else if (r.status != milp::Status::Optimal)
      budget = std::min(budget, used) * 0.75;
  }
  return res;
}

}  // namespace ts::aie
