#pragma once
// Solves a milp::Model with COIN-OR CBC (branch and cut on Clp) through its C++ API.
// Honours the RunContext: a stop request or the context's time limit ends the search at
// CBC's next event (after each node, heuristic or cut round; well under 100 ms on the models
// TileStudio builds), and while solving it publishes QoR samples with the incumbent, the
// bound and the gap. Safe to call from several threads at once (one CbcModel per call).
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/run_context.h"
#include "engine/milp/model.h"

namespace ts::core {
class ParamBinder;
}

namespace ts::milp {

enum class Status {
  Optimal,     ///< proven optimal (within the gap)
  Feasible,    ///< a solution, not proven optimal (time limit or node limit)
  Infeasible,  ///< proven that no solution exists
  TimeOut,     ///< time limit reached without any solution
  Cancelled,   ///< stopped through the RunContext (values hold the incumbent if any)
  Error,       ///< the solver failed (numerical trouble, unbounded)
};
const char* toString(Status status);

/// Branch-and-cut settings. The defaults are CBC's default strategy (cuts and probing in the
/// root, 5 strong-branching candidates, pseudo-costs trusted after 5 branches).
/// Cut levels are "off", "root" (root node only) or "tree" (root, then in the tree as often
/// as CBC finds it pays); anything else is refused by solve().
struct CbcSettings {
  std::string cuts = "root";     ///< Gomory, knapsack cover, clique, flow cover, MIR
  std::string probing = "root";  ///< CglProbing (fixes and implication cuts)
  int strongBranching = 5;       ///< candidates strong-branched per node
  int trustPseudoCosts = 5;      ///< branches on a variable before its pseudo-costs are trusted
  bool rins = false;             ///< RINS improvement heuristic (needs an incumbent, e.g. a MIP start)
  bool diving = false;           ///< diving heuristics (coefficient, fractional, guided) in the tree
};

/// Binds the settings as cbc_cuts, cbc_probing, cbc_strong, cbc_trust, cbc_rins and cbc_diving.
void bindCbcSettings(core::ParamBinder& binder, CbcSettings& settings);

struct SolveOptions {
  double timeLimitSeconds = 0;  ///< <= 0: only the RunContext's limit applies
  double relativeGap = 1e-6;    ///< stop when (incumbent - bound) / |incumbent| is below this
  double absoluteGap = 1e-6;
  /// Optional MIP start (one value per variable). Installed as the first incumbent when it
  /// is feasible; ignored otherwise.
  std::vector<double> start;
  bool log = false;            ///< CBC's own log on stdout
  bool preprocess = true;      ///< CglPreProcess before branch and cut
  CbcSettings cbc;             ///< cuts, probing, branching and heuristics
  std::string phase = "milp";  ///< QoRSample phase name of the progress samples
  bool publishSamples = true;  ///< off for a sub-MILP, whose bound is not the caller's
  int64_t nodeLimit = -1;      ///< < 0: none
  /// > 0: while the search is at its root node and has an incumbent, stop (status Feasible)
  /// when neither the incumbent nor the bound has improved by more than relativeGap x
  /// |incumbent| for this many seconds, so that a caller with a better use for the time (a
  /// local search on the incumbent) takes over. A search that branches keeps its time: a
  /// tree's progress towards a proof may show only at its end.
  double stallSeconds = 0;
};

struct SolveResult {
  Status status = Status::Error;
  std::vector<double> values;  ///< best solution (empty when there is none)
  double objective = kInf;     ///< of values, with the model's offset
  double bound = -kInf;        ///< best proven lower bound
  double seconds = 0;
  int64_t nodes = 0;
  bool startAccepted = false;  ///< the MIP start was feasible and installed
  bool stalled = false;        ///< ended by SolveOptions::stallSeconds
  bool hasSolution() const { return !values.empty(); }
  bool hasBound() const { return bound > -1e30; }  ///< a finite lower bound is known
};

/// Whether `objective` is within `relativeGap` of a proven lower `bound` (-inf: never): as good
/// as optimal by the same test CBC stops on.
inline bool withinGap(double objective, double bound, double relativeGap) {
  return objective - bound <= relativeGap * std::fabs(objective);
}

/// Every solution solve() returns has passed this check: bounds, integrality and every row
/// within a tolerance of 1e-6 x max(1, |rhs|). Integers are rounded; when only continuous
/// columns are off, they are re-solved with the integers fixed. Nothing when it still fails.
std::optional<std::vector<double>> validatedSolution(const Model& model, std::vector<double> values);

/// Solves the model. A returned solution always satisfies the model (validatedSolution) and
/// its objective is never below the reported bound (a bound that contradicts a checked
/// solution is dropped to -inf and the status is Feasible).
SolveResult solve(const Model& model, const SolveOptions& options, core::RunContext& ctx);

}  // namespace ts::milp
