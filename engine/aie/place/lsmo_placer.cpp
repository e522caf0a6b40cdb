#include "engine/aie/place/lsmo_placer.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/aie/legality.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/snapshot.h"

namespace ts::aie {

void LsmoPlacerConfig::bind(core::ParamBinder& b) {
  bindJointPnrOptions(b, formulation);
  b.bind("radius", radius, "neighbourhood R(l, pi): tiles within this many columns and rows", 0, 64);
  b.bind("max_radius", maxRadius, "the radius grows up to this when a neighbourhood has no answer", 0, 64);
  b.bind("max_iterations", maxIterations, "oracle calls at most", 1);
  b.bind("patience", patience, "stop after this many iterations without improvement", 1);
  b.bind("conservative", conservative, "move at most one core per iteration");
  b.bind("oracle_time_limit", oracleTimeLimit, "seconds per oracle call (0: only the run's limit)", 0);
  b.bind("elastic", elastic, "elastic oracle (overuse penalised) while the placement is unroutable");
  b.bindChoice("start", start, {"sa", "sequential", "random"},
               "start when no complete legal placement is given: sa (SA+BBCG), sequential or random");
  b.bind("start_share", startShare, "share of the time limit the start anneal may use", 0, 1);
}

namespace {

// A placement's standing: routable ones beat unroutable ones, then the oracle objective.
struct Score {
  bool legal = false;
  double cost = std::numeric_limits<double>::infinity();
  bool betterThan(const Score& o) const { return legal != o.legal ? legal : cost < o.cost - 1e-9; }
};

Score scoreOf(const JointPnrSolution& s) {
  if (!s.found) return {};
  return {s.overuse < 1e-6 && s.routingLegal, s.objective};
}

Placement withPins(Placement p, const Placement& start) {
  for (CoreId c = 0; c < p.size(); ++c) p.setPinned(c, start.pinned(c));
  return p;
}

// The start when none is given: see lsmo_placer.h.
bool initialPlacement(const PlaceProblem& problem, const Placement& start, const LsmoPlacerConfig& cfg,
                      core::RunContext& ctx, Placement& out, std::string& from, std::vector<std::string>& reasons) {
  const PlaceProblem sub{problem.design, problem.device, start};
  PlacementCheckOptions copts;
  copts.reference = &start;
  if (start.complete() && checkPlacement(problem.design, problem.device, start, copts).empty()) {
    out = start;
    from = "given";
    return true;
  }
  if (cfg.start == "sequential") {
    PlacerResult r = runSequentialPlacer(sub, SequentialPlacerConfig{}, ctx);
    if (r.success) {
      out = r.placement;
      from = "sequential";
      return true;
    }
  }
  if (cfg.start == "sa") {
    from = "sa";
    std::optional<Placement> annealed = annealedStart(sub, start, cfg.startShare, cfg.formulation, ctx);
    if (!annealed) {
      reasons.push_back("the start anneal found no legal placement");
      return false;
    }
    out = std::move(*annealed);
    return true;
  }
  SaPlacerConfig sa;
  sa.cost = "bb";
  sa.maxMoves = 1;  // SA's random legal initialisation and nothing more
  from = "random";
  PlacerResult r = runSaPlacer(sub, sa, ctx);
  out = r.placement;
  reasons = r.reasons;
  return r.success;
}

}  // namespace

LsmoPlacerResult runLsmoPlacer(const PlaceProblem& problem, const LsmoPlacerConfig& cfg, core::RunContext& ctx) {
  LsmoPlacerResult result;
  const Design& d = problem.design;
  const Device& dev = problem.device;
  if (!acceptDesign(d, result)) return result;
  const Placement start = prepareStart(d, problem.start);
  const std::vector<char> fixed = fixedCores(d, start);
  const double t0 = ctx.elapsed();
  Placement current;
  if (!initialPlacement(problem, start, cfg, ctx, current, result.startFrom, result.reasons)) {
    result.status = ctx.cancel().stopRequested() ? "cancelled" : "failed";
    result.placement = start;
    result.seconds = ctx.elapsed() - t0;
    return result;
  }
  current = withPins(current, start);
  const PlaceModel pm(d, dev);
  const RrGraph graph(dev);

  auto around = [&](const Placement& p, int r) {
    std::vector<std::vector<TileCoord>> cands(size_t(d.coreCount()));
    for (CoreId c = 0; c < d.coreCount(); ++c) {
      TileCoord here = p.tile(c);
      cands[c].push_back(here);
      if (fixed[c]) continue;
      for (TileCoord t : pm.hostTiles(d.cores[c].kind))
        if (t != here && std::abs(t.col - here.col) <= r && std::abs(t.row - here.row) <= r && pm.allows(c, t))
          cands[c].push_back(t);
    }
    return cands;
  };

  // The start's own cost: the MILP router's (its region grows until the nets route, so a
  // routable start is known to be one); the best only ever changes to something cheaper, so the
  // result is never worse than the start. An unroutable start gets the elastic oracle with every
  // core fixed instead, a measure of its overuse.
  Score cur;
  Routing bestRouting;
  MilpRouterConfig rc;
  rc.model = cfg.formulation.model;
  rc.relativeGap = cfg.formulation.relativeGap;
  rc.explainInfeasible = false;
  if (cfg.oracleTimeLimit > 0) rc.timeLimitSeconds = cfg.oracleTimeLimit;
  MilpRouterResult routed = runMilpRouter(d, dev, graph, current, rc, ctx);
  if (routed.success) {
    cur = {true, routed.objective};
    bestRouting = routed.routing;
  } else if (!ctx.shouldStop()) {
    JointPnrRequest first;
    first.candidates = around(current, 0);
    first.elastic = cfg.elastic;
    first.timeLimitSeconds = cfg.oracleTimeLimit;
    first.phase = "lsmo start";
    JointPnrSolution s0 = solveJointPnr(d, dev, graph, first, cfg.formulation, ctx);
    cur = scoreOf(s0);
    bestRouting = s0.routing;
  }
  Score best = cur;
  Placement bestPlacement = current;
  result.startCost = std::isfinite(cur.cost) ? cur.cost : 0;

  int radius = cfg.radius, stale = 0;
  auto publish = [&](bool force) {
    core::QorSample s;
    s.phase = "lsmo";
    s.iteration = result.iterations;
    s.add("total", std::isfinite(cur.cost) ? cur.cost : 0);
    s.add("best", std::isfinite(best.cost) ? best.cost : 0);
    s.add("routable", best.legal ? 1 : 0);
    s.add("radius", radius);
    ctx.publishSample(std::move(s), force);
    if (force || ctx.snapshotDue())
      ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(
                              bestPlacement, best.legal ? std::make_shared<Routing>(bestRouting) : nullptr),
                          force);
  };
  publish(true);

  std::vector<Placement> visited{current};
  bool narrow = false;  // one core at a time after an oracle call ran out of time empty-handed
  std::string why;
  while (true) {
    if (result.iterations >= cfg.maxIterations) {
      why = "iteration limit";
      break;
    }
    if (stale >= cfg.patience) {
      why = "no improvement in " + std::to_string(stale) + " iterations";
      break;
    }
    if (ctx.shouldStop()) break;
    JointPnrRequest req;
    req.candidates = around(current, radius);
    req.excluded = visited;
    if (cfg.conservative || narrow) {
      req.reference = &current;
      req.maxMoved = 1;
    }
    req.elastic = cfg.elastic && !cur.legal;
    req.timeLimitSeconds = cfg.oracleTimeLimit;
    req.phase = "lsmo oracle";
    JointPnrSolution s = solveJointPnr(d, dev, graph, req, cfg.formulation, ctx);
    ++result.iterations;
    if (!s.found) {
      if (ctx.shouldStop()) break;
      ++stale;
      if (s.status != milp::Status::Infeasible) {
        narrow = true;
        continue;
      }
      if (radius >= cfg.maxRadius) {
        why = "neighbourhood exhausted at radius " + std::to_string(radius);
        break;
      }
      ++radius;
      continue;
    }
    radius = cfg.radius;
    current = withPins(s.placement, start);
    visited.push_back(current);
    cur = scoreOf(s);
    if (cur.betterThan(best)) {
      best = cur;
      bestPlacement = current;
      bestRouting = s.routing;
      ++result.improvements;
      stale = 0;
    } else {
      ++stale;
    }
    publish(false);
  }
  result.finalRadius = radius;
  result.seconds = ctx.elapsed() - t0;
  result.moves = result.iterations;
  result.movesPerSecond = result.seconds > 0 ? result.iterations / result.seconds : 0;
  result.placement = bestPlacement;
  result.routable = best.legal;
  result.cost = std::isfinite(best.cost) ? best.cost : 0;
  result.terms = {{"total", result.cost},
                  {"routable", best.legal ? 1.0 : 0.0},
                  {"start_cost", result.startCost},
                  {"iterations", double(result.iterations)},
                  {"improvements", double(result.improvements)}};
  if (ctx.cancel().stopRequested())
    result.status = "cancelled";
  else if (ctx.timeUp())
    result.status = "time-out";
  if (!why.empty()) ctx.log(core::LogLevel::Info, "lsmo stopped: " + why);
  if (!best.legal)
    ctx.log(core::LogLevel::Warning, "lsmo: no routable placement found; returning the least overused one");
  checkResult(d, dev, start, result);
  publish(true);
  return result;
}

}  // namespace ts::aie
