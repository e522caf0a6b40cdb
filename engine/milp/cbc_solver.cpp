#include "engine/milp/cbc_solver.h"

#include <CbcEventHandler.hpp>
#include <CbcHeuristicDiveCoefficient.hpp>
#include <CbcHeuristicDiveFractional.hpp>
#include <CbcHeuristicDiveGuided.hpp>
#include <CbcHeuristicRINS.hpp>
#include <CbcModel.hpp>
#include <CbcStrategy.hpp>
#include <CbcTree.hpp>
#include <CglClique.hpp>
#include <CglFlowCover.hpp>
#include <CglGomory.hpp>
#include <CglKnapsackCover.hpp>
#include <CglMixedIntegerRounding2.hpp>
#include <CglProbing.hpp>
#include <ClpEventHandler.hpp>
#include <ClpSolve.hpp>
#include <CoinPackedMatrix.hpp>
#include <CoinPackedVector.hpp>
#include <OsiClpSolverInterface.hpp>

#include <chrono>
#include <cmath>
#include <optional>

#include "engine/core/error.h"
#include "engine/core/params.h"

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

void bindCbcSettings(core::ParamBinder& b, CbcSettings& s) {
  const std::vector<std::string> levels{"off", "root", "tree"};
  b.bindChoice("cbc_cuts", s.cuts, levels,
               "CBC cuts (Gomory, knapsack, clique, flow cover, MIR): off, root node, tree");
  b.bindChoice("cbc_probing", s.probing, levels, "CBC probing: off, root node, tree");
  b.bind("cbc_strong", s.strongBranching, "CBC strong-branching candidates per node", 0, 1000);
  b.bind("cbc_trust", s.trustPseudoCosts, "CBC branches before pseudo-costs are trusted", 0, 1000);
  b.bind("cbc_rins", s.rins, "CBC RINS heuristic (improves an incumbent such as the MIP start)");
  b.bind("cbc_diving", s.diving, "CBC diving heuristics (coefficient, fractional, guided) in the tree");
}

namespace {

enum class CutLevel { Off, Root, Tree };

CutLevel cutLevel(const std::string& text, const char* what) {
  if (text == "off") return CutLevel::Off;
  if (text == "root") return CutLevel::Root;
  if (text == "tree") return CutLevel::Tree;
  throw core::Error(std::string("CBC ") + what + " level: expected off, root or tree, got '" + text + "'");
}

using Clock = std::chrono::steady_clock;

// CBC 2.10's dives know only their own CPU-time budget (600 s by default), not the search's
// limit. Once the limit has passed, every LP a dive re-solves is stopped at its first
// iteration (LpStopHandler) and read as infeasible, so the dive backtracks through one
// factorisation after another: CRONet's routing ran 25-50 s past a 60 s limit. Each dive
// here gets the time left as its budget and does not start after the limit or a stop.
template <class Dive>
class DeadlineDive : public Dive {
 public:
  DeadlineDive(CbcModel& model, Clock::time_point deadline, core::RunContext* ctx)
      : Dive(model), deadline_(deadline), ctx_(ctx) {}
  DeadlineDive* clone() const override { return new DeadlineDive(*this); }
  int solution(double& objectiveValue, double* newSolution) override {
    const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
    if (left <= 0 || ctx_->shouldStop()) return 0;
    this->setMaxTime(left);
    return Dive::solution(objectiveValue, newSolution);
  }

 private:
  Clock::time_point deadline_;
  core::RunContext* ctx_;
};

// CBC's default strategy with the cut families and the RINS heuristic chosen by CbcSettings.
// With cuts and probing both at "root" it adds exactly the default generators.
class SettingsStrategy : public CbcStrategyDefault {
 public:
  SettingsStrategy(const CbcSettings& s, Clock::time_point deadline, core::RunContext* ctx)
      : CbcStrategyDefault(1, s.strongBranching, s.trustPseudoCosts),
        cuts_(cutLevel(s.cuts, "cuts")),
        probing_(cutLevel(s.probing, "probing")),
        rins_(s.rins),
        diving_(s.diving),
        deadline_(deadline),
        ctx_(ctx) {}
  CbcStrategy* clone() const override { return new SettingsStrategy(*this); }

  void setupCutGenerators(CbcModel& model) override {
    if (cuts_ == CutLevel::Root && probing_ == CutLevel::Root) return CbcStrategyDefault::setupCutGenerators(model);
    // howOften: -99 = root only, -1 = root and then in the tree as often as it pays.
    auto often = [](CutLevel l) { return l == CutLevel::Root ? -99 : -1; };
    if (probing_ != CutLevel::Off) {
      CglProbing probing;
      probing.setUsingObjective(true);
      probing.setMaxPass(1);
      probing.setMaxPassRoot(1);
      probing.setMaxProbe(10);
      probing.setMaxLook(10);
      probing.setMaxElements(200);
      probing.setRowCuts(3);
      model.addCutGenerator(&probing, often(probing_), "Probing");
    }
    if (cuts_ != CutLevel::Off) {
      const int f = often(cuts_);
      CglGomory gomory;
      gomory.setLimit(300);
      model.addCutGenerator(&gomory, f, "Gomory");
      CglKnapsackCover knapsack;
      model.addCutGenerator(&knapsack, f, "Knapsack");
      CglClique clique;
      clique.setStarCliqueReport(false);
      clique.setRowCliqueReport(false);
      model.addCutGenerator(&clique, f, "Clique");
      CglFlowCover flow;
      model.addCutGenerator(&flow, f, "FlowCover");
      CglMixedIntegerRounding2 mir;
      model.addCutGenerator(&mir, f, "MixedIntegerRounding2");
    }
  }

  void setupHeuristics(CbcModel& model) override {
    CbcStrategyDefault::setupHeuristics(model);
    if (rins_) {
      CbcHeuristicRINS rins(model);
      rins.setHowOften(10);
      model.addHeuristic(&rins, "RINS");
    }
    if (diving_) {
      DeadlineDive<CbcHeuristicDiveCoefficient> coefficient(model, deadline_, ctx_);
      model.addHeuristic(&coefficient, "DiveCoefficient");
      DeadlineDive<CbcHeuristicDiveFractional> fractional(model, deadline_, ctx_);
      model.addHeuristic(&fractional, "DiveFractional");
      DeadlineDive<CbcHeuristicDiveGuided> guided(model, deadline_, ctx_);
      model.addHeuristic(&guided, "DiveGuided");
    }
  }

 private:
  CutLevel cuts_, probing_;
  bool rins_, diving_;
  Clock::time_point deadline_;
  core::RunContext* ctx_;
};

// CbcModel::specialOptions bit 23, "leave solver_ with cuts": at the end of the search CBC then
// neither re-checks its incumbent (setBestSolution, a fresh LP of the whole model with the
// integers fixed) nor re-solves the continuous model. Set only when a search has been stopped.
constexpr int kLeaveSolverWithCuts = 8388608;

// What the event handler shares with solve(); CBC clones handlers, so they hold a pointer.
struct Progress {
  core::RunContext* ctx;
  const SolveOptions* options;
  double offset = 0;  // the model's constant term, which CBC never sees
  bool cancelled = false;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  bool lpStopped = false;    // an LP was cut short: its "infeasible" would be a lie
  CbcModel* cbc = nullptr;   // the search (not a heuristic's small search)
  double lastBound = -kInf;  // CBC's bound before any LP was cut short
  // Once the search has ended CBC maps its incumbent back through preprocessing, which
  // re-solves an LP of the original model with the integers fixed. Cutting that LP short
  // left the continuous columns unsolved (line_f_l_05: objective 148.4 below the bound 288.1,
  // 157 rows violated), so after the search LPs may run on for a grace period: 2 s after a
  // time limit, 500 ms after a cancel (whose caller waits; a solution cut short is then
  // repaired or dropped by validatedSolution). 50 ms lost line_f_l_05's incumbent when the
  // machine was loaded (test StopAfterPreprocessingStillReturnsAFeasibleSolution, two runs
  // beside two busy loops on two cores, sanitizer build). Without preprocessing there is
  // nothing to map back, and the grace only let the root's cut LPs overrun the limit
  // (tree_f_l_09's joint model: 0.5 s past 5 s on a quiet core, 2.0-2.6 s at load 3).
  bool preprocessed = false;
  bool searching = false;  // branchAndBound has started (the MIP start's own check is before it)
  bool searchOver = false;
  std::chrono::steady_clock::time_point graceEnd{};
  // The stall rule (SolveOptions::stallSeconds): the best incumbent and bound seen, when
  // either last improved, and whether the search has left its root (which ends the rule).
  double stallBest = kInf, stallBound = -kInf;
  std::chrono::steady_clock::time_point lastImprovement{};
  bool branched = false, stalled = false;
  /// Notes the search's incumbent and bound (call at the search's own events).
  void noteProgress(const CbcModel& model, std::chrono::steady_clock::time_point now) {
    if (options->stallSeconds <= 0 || !model.bestSolution() || lpStopped) return;
    const double best = model.getObjValue(), bound = model.getBestPossibleObjValue();
    const double step = options->relativeGap * std::max(1.0, std::fabs(best));
    const bool boundKnown = std::fabs(bound) < 1e40;
    if (best < stallBest - step || (boundKnown && bound > stallBound + step)) {
      stallBest = std::min(stallBest, best);
      if (boundKnown) stallBound = std::max(stallBound, bound);
      lastImprovement = now;
    }
  }
  /// Whether the search, at its root with an incumbent, has gone stallSeconds without
  /// improving. Checked at every event, the heuristics' own small searches included: CBC's
  /// root can spend many seconds inside them.
  bool stalledAt(std::chrono::steady_clock::time_point now) {
    return options->stallSeconds > 0 && stallBest < kInf && !pastRoot() &&
           std::chrono::duration<double>(now - lastImprovement).count() >= options->stallSeconds;
  }
  /// Whether the search has left its root, read from the search itself: the LPs of its first
  /// nodes may run before its next event (a loaded machine stalled market split's tree so).
  bool pastRoot() {
    if (!branched && cbc) branched = cbc->getNodeCount() > 0 || (cbc->tree() && cbc->tree()->size() > 0);
    return branched;
  }
  /// Called wherever the search is stopped (a time limit, a cancel, the stall rule). When the
  /// search runs on the original model, its incumbent needs no mapping back, so CBC is told to
  /// skip its own re-check of it: that re-solves LPs of the whole model, each paying its set-up
  /// past the limit before the stop handler ends it (solve() checks the incumbent itself). A
  /// root LP cut short reads as infeasible, and CBC then re-checks the MIP start the same way:
  /// the joint MILP on tree_f_l_09 at 5 s spent 0.73 of its 0.88 s past the limit so.
  void stopping() {
    if (searching && !preprocessed) cbc->setSpecialOptions(cbc->specialOptions() | kLeaveSolverWithCuts);
  }
  void endSearch() {
    if (searchOver) return;
    searchOver = true;
    const bool hurry = ctx->cancel().stopRequested();
    const int graceMs = !preprocessed ? 0 : hurry ? 500 : 2000;
    graceEnd = std::chrono::steady_clock::now() + std::chrono::milliseconds(graceMs);
  }
};

// CBC polls its own handler only between nodes; the root LP of a large routing model can
// take many seconds, so the simplex itself checks for a stop every iteration.
class LpStopHandler : public ClpEventHandler {
 public:
  explicit LpStopHandler(Progress* progress) : progress_(progress) {}
  ClpEventHandler* clone() const override { return new LpStopHandler(*this); }

  int event(Event which) override {
    if (which != endOfIteration) return -1;
    auto now = std::chrono::steady_clock::now();
    if (progress_->searchOver && now < progress_->graceEnd) return -1;
    // The stall rule too: one cut round of CRONet's root re-solved LPs for 17 s without an event.
    const bool stalled = progress_->stalledAt(now);
    if (!progress_->ctx->shouldStop() && now < progress_->deadline && !stalled) return -1;
    progress_->stalled = progress_->stalled || stalled;
    progress_->lpStopped = true;
    if (progress_->ctx->cancel().stopRequested()) progress_->cancelled = true;
    progress_->stopping();
    return 0;  // Clp status 5: stopped by the event handler
  }

 private:
  Progress* progress_;
};

// Polled by CBC after every node, heuristic pass and cut round: asks it to stop on request
// and reports the incumbent and bound while the search runs. CBC finishes its cut round or
// node first, so after a cancel the LPs' grace period starts only at the search's own
// endSearch event. Started at the request, it let the cut loop and strong branching run on:
// LSMO's cancel test took 540-640 ms to return under ASan, 5-90 ms since. CBC also hands a
// clone on to the small searches its heuristics run (RINS); there the handler only stops
// them, as their end, bound and node count are not the search's (a RINS search's end started
// the grace early).
class EventHandler : public CbcEventHandler {
 public:
  explicit EventHandler(Progress* progress) : progress_(progress) {}
  CbcEventHandler* clone() const override { return new EventHandler(*this); }

  CbcAction event(CbcEvent which) override {
    core::RunContext& ctx = *progress_->ctx;
    const bool search = model_ == progress_->cbc;  // set before CBC gets the handler
    if (search && which == endSearch) {
      progress_->endSearch();
      // CBC's own time limit may have ended the search before this handler stopped it.
      if (std::chrono::steady_clock::now() >= progress_->deadline) progress_->stopping();
    }
    if (search && !progress_->lpStopped) {
      double bound = model_->getBestPossibleObjValue();
      if (std::fabs(bound) < 1e40) progress_->lastBound = bound;
    }
    if (ctx.cancel().stopRequested()) {
      progress_->cancelled = true;
      progress_->stopping();
      return stop;
    }
    // The context's time limit, a stop that arrived during a pause, or this solve's own limit.
    // A time limit still starts the grace here, as before.
    const auto now = std::chrono::steady_clock::now();
    if (ctx.shouldStop() || now >= progress_->deadline) {
      if (search) progress_->endSearch();
      progress_->stopping();
      return stop;
    }
    if (search) progress_->noteProgress(*model_, now);
    if (progress_->stalledAt(now)) {
      progress_->stalled = true;
      if (search) progress_->endSearch();  // a heuristic's search: the search stops at its next event
      progress_->stopping();
      return stop;
    }
    if (!search) return noAction;
    bool found = which == solution || which == heuristicSolution;
    if ((found || ctx.sampleDue()) && progress_->options->publishSamples) {
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

// Loads the model into Clp; with `fixedIntegers`, every integer column is fixed at its value
// there. Row-ordered arrays are built in one pass: appending rows one at a time regrows the
// matrix for every row, which took seconds on the largest routing models.
void loadModel(const Model& model, const std::vector<double>* fixedIntegers, OsiClpSolverInterface& solver) {
  // Unless told not to, Clp's initialSolve (CBC runs it to check a MIP start, among others)
  // installs a SIGINT handler of its own for the LP's duration. It took Ctrl-C away from the
  // program's handler, which sets the cancel token, and two solves on two threads restore each
  // other's handler. The solvers CBC clones from this one keep the option.
  ClpSolve options;
  options.setSpecialOption(2, 1);  // 2: interrupt handling, 1 = none
  solver.setSolveOptions(options);
  const int n = model.varCount();
  const double inf = COIN_DBL_MAX;
  auto fin = [&](double v) { return std::isfinite(v) ? v : (v > 0 ? inf : -inf); };
  std::vector<double> collb(n), colub(n), obj(n), rowlb, rowub;
  for (int i = 0; i < n; ++i) {
    const Variable& var = model.var(i);
    bool fixed = fixedIntegers && var.type != VarType::Continuous;
    collb[i] = fixed ? (*fixedIntegers)[i] : fin(var.lb);
    colub[i] = fixed ? (*fixedIntegers)[i] : fin(var.ub);
    obj[i] = var.obj;
  }
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
  CoinPackedMatrix matrix(false, n, int(starts.size()), CoinBigIndex(idx.size()), val.data(), idx.data(), starts.data(),
                          lengths.data());
  solver.loadProblem(matrix, collb.data(), colub.data(), obj.data(), rowlb.data(), rowub.data());
  if (!fixedIntegers)
    for (int i = 0; i < n; ++i)
      if (model.var(i).type != VarType::Continuous) solver.setInteger(i);
}

// Feasibility tolerance of a returned solution: absolute, scaled by the row's magnitude
// (buffer rows count bytes in the tens of thousands).
double rowTolerance(double rhs) {
  return 1e-6 * std::max(1.0, std::fabs(rhs));
}

double boundTolerance(double objective) {
  return 1e-6 * std::max(1.0, std::fabs(objective));
}

bool satisfies(const Model& model, const std::vector<double>& v) {
  for (int i = 0; i < model.varCount(); ++i) {
    const Variable& var = model.var(i);
    if (v[i] < var.lb - rowTolerance(var.lb) || v[i] > var.ub + rowTolerance(var.ub)) return false;
    if (var.type != VarType::Continuous && std::fabs(v[i] - std::round(v[i])) > 1e-6) return false;
  }
  for (const Row& r : model.rows()) {
    double a = 0;
    for (const Term& t : r.terms) a += t.coef * v[t.var];
    if (a < r.lb - rowTolerance(r.lb) || a > r.ub + rowTolerance(r.ub)) return false;
  }
  return true;
}

// The continuous columns that best complete fixed integer values (a plain Clp solve, no stop
// handler: with every integer fixed, presolve leaves a small LP).
std::optional<std::vector<double>> completeContinuous(const Model& model, const std::vector<double>& v) {
  const int n = model.varCount();
  OsiClpSolverInterface lp;
  lp.messageHandler()->setLogLevel(0);
  loadModel(model, &v, lp);
  lp.setHintParam(OsiDoPresolveInInitial, true, OsiHintDo);
  lp.initialSolve();
  if (!lp.isProvenOptimal()) return std::nullopt;
  std::vector<double> out(lp.getColSolution(), lp.getColSolution() + n);
  for (int i = 0; i < n; ++i)
    if (model.var(i).type != VarType::Continuous) out[i] = v[i];
  return out;
}

}  // namespace

std::optional<std::vector<double>> validatedSolution(const Model& model, std::vector<double> values) {
  if (int(values.size()) != model.varCount()) return std::nullopt;
  // Integers come back with solver noise; round them so callers can test == 1.
  for (int i = 0; i < model.varCount(); ++i)
    if (model.var(i).type != VarType::Continuous) values[i] = std::round(values[i]);
  if (satisfies(model, values)) return values;
  auto completed = completeContinuous(model, values);
  if (completed && satisfies(model, *completed)) return completed;
  return std::nullopt;
}

SolveResult solve(const Model& model, const SolveOptions& options, core::RunContext& ctx) {
  auto start = std::chrono::steady_clock::now();
  SolveResult out;
  const int n = model.varCount();

  OsiClpSolverInterface solver;
  loadModel(model, nullptr, solver);
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
  progress.lastImprovement = start;
  progress.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(std::min(limit, 1e7)));
  LpStopHandler lpHandler(&progress);
  solver.getModelPtr()->passInEventHandler(&lpHandler);
  CbcModel cbc(solver);  // copies the solver, and with it a clone of the LP handler
  progress.cbc = &cbc;
  cbc.setLogLevel(options.log ? 1 : 0);
  cbc.messageHandler()->setLogLevel(options.log ? 1 : 0);
  cbc.setUseElapsedTime(true);  // a wall-clock limit, as the caller means it (CPU time lags under load)
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
  SettingsStrategy strategy(options.cbc, progress.deadline, &ctx);
  progress.preprocessed = options.preprocess && !out.startAccepted;
  strategy.setupPreProcessing(progress.preprocessed ? 1 : 0);
  cbc.setStrategy(strategy);

  progress.searching = true;
  cbc.branchAndBound();
  progress.endSearch();
  out.nodes = cbc.getNodeCount();
  out.stalled = progress.stalled;
  // Never trust CBC's answer blindly: it is checked against every row and bound of the model,
  // repaired by re-solving the continuous part if only that is off, and dropped (falling back
  // to the MIP start when there was one) if it still does not hold.
  bool rejected = false;
  if (const double* best = cbc.bestSolution()) {
    if (auto checked = validatedSolution(model, std::vector<double>(best, best + n)))
      out.values = std::move(*checked);
    else if (out.startAccepted)
      out.values = options.start;
    rejected = out.values.empty();
    if (!out.values.empty()) out.objective = model.evaluate(out.values);
  }
  const bool hasSolution = !out.values.empty();
  double bound = cbc.getBestPossibleObjValue();
  if (std::fabs(bound) < 1e40) out.bound = bound + model.objectiveOffset();
  if (progress.lpStopped) {
    // CBC reads a stopped LP as an infeasible node, so after a stop neither its "optimal"
    // nor its "infeasible" nor its final bound can be trusted; the bound seen before can.
    out.bound = progress.lastBound > -kInf ? progress.lastBound + model.objectiveOffset() : -kInf;
  }
  auto decide = [&]() {
    if (progress.cancelled) return Status::Cancelled;
    if (progress.lpStopped) return hasSolution ? Status::Feasible : Status::TimeOut;
    if (cbc.isProvenOptimal() && hasSolution) {
      out.bound = std::max(
          out.bound, out.objective - std::max(options.absoluteGap, options.relativeGap * std::fabs(out.objective)));
      return Status::Optimal;
    }
    if (cbc.isProvenInfeasible() && !rejected) {
      out.values.clear();
      return Status::Infeasible;
    }
    if (hasSolution) return Status::Feasible;
    if (cbc.isSecondsLimitReached() || ctx.timeUp() || cbc.isNodeLimitReached()) return Status::TimeOut;
    // CBC's only solution failed the check: the solver went wrong, nothing is known.
    if (rejected || cbc.isAbandoned()) return Status::Error;
    // Search ended without a solution and without a limit: the event handler stopped it
    // (time limit of the context) or the tree was exhausted.
    return cbc.status() == 0 ? Status::Infeasible : Status::TimeOut;
  };
  Status status = decide();
  if (status == Status::Error && !out.startAccepted && options.preprocess && !progress.cancelled) {
    // CBC's preprocessing can settle a small model completely ("No integer variables - nothing
    // to do") and then map back a solution that fails the check, or none; the same model
    // solves without it.
    SolveOptions again = options;
    again.preprocess = false;
    if (options.timeLimitSeconds > 0)
      again.timeLimitSeconds =
          std::max(0.01, options.timeLimitSeconds -
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    SolveResult retry = solve(model, again, ctx);
    retry.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return retry;
  }
  if (!out.values.empty() && out.objective < out.bound - boundTolerance(out.objective)) {
    // A checked solution below the "proven" bound means the bound is wrong, not the solution.
    out.bound = -kInf;
    if (status == Status::Optimal) status = Status::Feasible;
  }
  return finish(status);
}

}  // namespace ts::milp
