#pragma once
// A model with some of its variables fixed at the values of a feasible solution and removed:
// the sub-MIP of a fix-and-optimise (large neighbourhood) search. Fixed variables move into
// the rows' bounds and the objective's offset, rows left without a free variable are dropped
// (the solution satisfies them), so a neighbourhood of a large model solves as a small one.
//
//   FixedSubModel sub(model, fixed, incumbent);   // fixed[v] != 0: keep v at incumbent[v]
//   SolveResult r = solve(sub.model(), {.start = sub.restrict(incumbent)}, ctx);
//   if (r.hasSolution()) candidate = sub.expand(r.values);  // a solution of the whole model
//
// The sub-model's objective (with its offset) equals the whole model's objective of the
// expanded solution.
#include <vector>

#include "engine/milp/model.h"

namespace ts::milp {

class FixedSubModel {
 public:
  /// `values` must satisfy `model`; `fixed` has one entry per variable.
  FixedSubModel(const Model& model, const std::vector<char>& fixed, std::vector<double> values);

  const Model& model() const { return sub_; }
  /// The free variables' values of a whole-model assignment.
  std::vector<double> restrict(const std::vector<double>& whole) const;
  /// A whole-model assignment: the fixed variables' values and the sub-model's solution.
  std::vector<double> expand(const std::vector<double>& subValues) const;

 private:
  Model sub_;
  std::vector<int> free_;  ///< the whole model's variables that stayed free, in the sub-model's order
  std::vector<double> values_;
};

}  // namespace ts::milp
