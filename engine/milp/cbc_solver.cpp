#include "engine/milp/cbc_solver.h"

#include <CbcEventHandler.hpp>
#include <CbcModel.hpp>
#include <CbcStrategy.hpp>
#include <ClpEventHandler.hpp>
#include <CoinPackedMatrix.hpp>
#include <CoinPackedVector.hpp>
#include <OsiClpSolverInterface.hpp>

#include <chrono>
#include <cmath>

namespace ts::milp {

const char* toString(Status status) {
  switch (status) {
    case Status::Optimal:
      return "optimal";
    case Status::Feasible:
      return "feasible";
    case Status::Infeasible:
      return "infeasible";
    case Status::TimeOut:
      return "time-out";
    case Status::Cancelled:
      return "cancelled";
    case Status::Error:
      return "error";
  }
  return "?";
}

namespace {

// What the event handler shares with solve(); CBC clones handlers, so they hold a pointer.
struct Progress {
  core::RunContext* ctx;
  const SolveOptions* options;
  double offset = 0;  // the model's constant term, which CBC never sees
  bool cancelled = false;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  bool lpStopped = false;    // an LP was cut short: its "infeasible" would be a lie
  double lastBound = -kInf;  // CBC's bound before any LP was cut short
};

// CBC polls its own handler only between nodes; the root LP of a large routing model can
// take many seconds, so the simplex itself checks for a stop every iteration.
class LpStopHandler : public ClpEventHandler {
 public:
  explicit LpStopHandler(Progress* progress) : progress_(progress) {}
  ClpEventHandler* clone() const override { return new LpStopHandler(*this); }

  int event(Event which) override {
    if (which != endOfIteration) return -1;
    if (!progress_->ctx->shouldStop() && std::chrono::steady_clock::now() < progress_->deadline) return -1;
    progress_->lpStopped = true;
    if (progress_->ctx->cancel().stopRequested()) progress_->cancelled = true;
    return 0;  // Clp status 5: stopped by the event handler
  }

 private:
  Progress* progress_;
};

// Polled by CBC after every node, heuristic pass and cut round: stops on request and
// reports the incumbent and bound while the search runs.
class EventHandler : public CbcEventHandler {
 public:
  explicit EventHandler(Progress* progress) : progress_(progress) {}
  CbcEventHandler* clone() const override { return new EventHandler(*this); }

  CbcAction event(CbcEvent which) override {
    core::RunContext& ctx = *progress_->ctx;
    if (model_ && !progress_->lpStopped) {
      double bound = model_->getBestPossibleObjValue();
      if (std::fabs(bound) < 1e40) progress_->lastBound = bound;
    }
    if (ctx.cancel().stopRequested()) {
      progress_->cancelled = true;
      return stop;
    }
    if (ctx.shouldStop()) return stop;  // time limit (or a stop that arrived during a pause)
    bool found = which == solution || which == heuristicSolution;
    if ((found || ctx.sampleDue()) && model_) {
      core::QorSample s;
      s.phase = progress_->options->phase;
      s.iteration = model_->getNodeCount();
      // Published on the model's own scale (with its constant term), like the final result.
      double best = model_->getObjValue() + progress_->offset;
      double bound = model_->getBestPossibleObjValue() + progress_->offset;
      if (model_->bestSolution() && std::fabs(best) < 1e40) s.add("incumbent", best);
      if (std::fabs(bound) < 1e40) s.add("bound", bound);
      if (model_->bestSolution() && std::fabs(best) < 1e40 && std::fabs(bound) < 1e40)
        s.add("gap", std::fabs(best) > 1e-9 ? std::max(0.0, (best - bound) / std::fabs(best)) : 0.0);
      s.add("nodes", double(model_->getNodeCount()));
      ctx.publishSample(std::move(s), found);
    }
    return noAction;
  }

 private:
  Progress* progress_;
};

}  // namespace

SolveResult solve(const Model& model, const SolveOptions& options, core::RunContext& ctx) {
  auto start = std::chrono::steady_clock::now();
  SolveResult out;
  const int n = model.varCount();
  const double inf = COIN_DBL_MAX;
  auto fin = [&](double v) { return std::isfinite(v) ? v : (v > 0 ? inf : -inf); };

  OsiClpSolverInterface solver;
  {
    std::vector<double> collb(n), colub(n), obj(n), rowlb, rowub;
    for (int i = 0; i < n; ++i) {
      collb[i] = fin(model.var(i).lb);
      colub[i] = fin(model.var(i).ub);
      obj[i] = model.var(i).obj;
    }
    // Row-ordered arrays built in one pass: appending rows one at a time regrows the matrix
    // for every row, which took seconds on the largest routing models.
    std::vector<CoinBigIndex> starts;
    std::vector<int> lengths, idx;
    std::vector<double> val;
    starts.reserve(model.rows().size());
    lengths.reserve(model.rows().size());
    for (const Row& r : model.rows()) {
      starts.push_back(CoinBigIndex(idx.size()));
      lengths.push_back(int(r.terms.size()));
      for (const Term& t : r.terms) {
        idx.push_back(t.var);
        val.push_back(t.coef);
      }
      rowlb.push_back(fin(r.lb));
      rowub.push_back(fin(r.ub));
    }
    CoinPackedMatrix matrix(false, n, int(starts.size()), CoinBigIndex(idx.size()), val.data(), idx.data(),
                            starts.data(), lengths.data());
    solver.loadProblem(matrix, collb.data(), colub.data(), obj.data(), rowlb.data(), rowub.data());
    for (int i = 0; i < n; ++i)
      if (model.var(i).type != VarType::Continuous) solver.setInteger(i);
  }
  solver.messageHandler()->setLogLevel(options.log ? 1 : 0);
  solver.setHintParam(OsiDoReducePrint, !options.log, OsiHintTry);

  double limit = options.timeLimitSeconds > 0 ? options.timeLimitSeconds : 1e9;
  limit = std::min(limit, ctx.remainingSeconds());
  auto finish = [&](Status s) {
    out.status = s;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  };
  if (ctx.shouldStop()) return finish(ctx.cancel().stopRequested() ? Status::Cancelled : Status::TimeOut);

  Progress progress{&ctx, &options, model.objectiveOffset()};
  progress.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(std::min(limit, 1e7)));
  LpStopHandler lpHandler(&progress);
  solver.getModelPtr()->passInEventHandler(&lpHandler);
  CbcModel cbc(solver);  // copies the solver, and with it a clone of the LP handler
  cbc.setLogLevel(options.log ? 1 : 0);
  cbc.messageHandler()->setLogLevel(options.log ? 1 : 0);
  cbc.setMaximumSeconds(std::max(0.01, limit));
  cbc.setAllowableFractionGap(options.relativeGap);
  cbc.setAllowableGap(options.absoluteGap);
  if (options.nodeLimit >= 0) cbc.setMaximumNodes(int(options.nodeLimit));
  EventHandler handler(&progress);
  cbc.passInEventHandler(&handler);

  if (int(options.start.size()) == n) {
    // Only a feasible start is worth installing; CBC checks it again itself.
    if (model.violations(options.start, 1e-6).empty()) {
      cbc.setBestSolution(options.start.data(), n, model.evaluate(options.start) - model.objectiveOffset(), true);
      out.startAccepted = cbc.bestSolution() != nullptr;
    }
  }
  // The strategy's preprocessing works on a transformed model and would misread an
  // incumbent given in the original space, so it only runs without a start.
  CbcStrategyDefault strategy(1, 5, 5);
  strategy.setupPreProcessing(options.preprocess && !out.startAccepted ? 1 : 0);
  cbc.setStrategy(strategy);

  cbc.branchAndBound();
  out.nodes = cbc.getNodeCount();
  const double* best = cbc.bestSolution();
  if (best) {
    out.values.assign(best, best + n);
    // Integers come back with solver noise; round them so callers can test == 1.
    for (int i = 0; i < n; ++i)
      if (model.var(i).type != VarType::Continuous) out.values[i] = std::round(out.values[i]);
    out.objective = model.evaluate(out.values);
  }
  double bound = cbc.getBestPossibleObjValue();
  if (std::fabs(bound) < 1e40) out.bound = bound + model.objectiveOffset();

  if (progress.cancelled) return finish(Status::Cancelled);
  if (progress.lpStopped) {
    // CBC reads a stopped LP as an infeasible node, so after a stop neither its "optimal"
    // nor its "infeasible" nor its final bound can be trusted; the bound seen before can.
    out.bound = progress.lastBound > -kInf ? progress.lastBound + model.objectiveOffset() : -kInf;
    return finish(best ? Status::Feasible : Status::TimeOut);
  }
  if (cbc.isProvenOptimal() && best) {
    out.bound = std::max(out.bound,
                         out.objective - std::max(options.absoluteGap, options.relativeGap * std::fabs(out.objective)));
    return finish(Status::Optimal);
  }
  if (cbc.isProvenInfeasible()) {
    out.values.clear();
    return finish(Status::Infeasible);
  }
  if (best) return finish(Status::Feasible);
  if (cbc.isSecondsLimitReached() || ctx.timeUp() || cbc.isNodeLimitReached()) return finish(Status::TimeOut);
  if (cbc.isAbandoned()) return finish(Status::Error);
  // Search ended without a solution and without a limit: the event handler stopped it
  // (time limit of the context) or the tree was exhausted.
  return finish(cbc.status() == 0 ? Status::Infeasible : Status::TimeOut);
}

}  // namespace ts::milp
