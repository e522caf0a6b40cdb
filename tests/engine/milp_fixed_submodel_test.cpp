#include <gtest/gtest.h>

#include "engine/core/run_context.h"
#include "engine/milp/cbc_solver.h"
#include "engine/milp/fixed_submodel.h"
#include "engine/milp/model.h"

using namespace ts;

namespace {

// Four items into two bins of capacity 10 (x[i][b] binary), each item in one bin, bin b costs
// its load times (b + 1) plus an offset of 5: the cheapest puts as much as fits into bin 0.
struct Bins {
  milp::Model m;
  int x[4][2];
  Bins() {
    const int weight[4] = {6, 5, 4, 3};
    m.addObjective(milp::LinExpr(5.0));
    for (int i = 0; i < 4; ++i) {
      for (int b = 0; b < 2; ++b)
        x[i][b] = m.addBinary("x" + std::to_string(i) + "_" + std::to_string(b), weight[i] * (b + 1));
      m.addEq("one" + std::to_string(i), milp::LinExpr::var(x[i][0]).add(x[i][1]), 1);
    }
    for (int b = 0; b < 2; ++b) {
      milp::LinExpr load;
      for (int i = 0; i < 4; ++i) load.add(x[i][b], weight[i]);
      m.addLe("cap" + std::to_string(b), load, 10);
    }
  }
  // Items 0 and 2 in bin 1 (load 10), items 1 and 3 in bin 0: cost 5 + 8 + 2 * 10 = 33, where
  // the optimum (items 0 and 2 in bin 0) costs 5 + 10 + 2 * 8 = 31.
  std::vector<double> poor() const {
    std::vector<double> v(size_t(m.varCount()), 0);
    v[size_t(x[0][1])] = v[size_t(x[2][1])] = v[size_t(x[1][0])] = v[size_t(x[3][0])] = 1;
    return v;
  }
};

}  // namespace

TEST(FixedSubModel, FixedVariablesLeaveTheModelAndItsObjectiveStaysTheWholeOne) {
  Bins b;
  const std::vector<double> start = b.poor();
  ASSERT_TRUE(b.m.violations(start).empty());
  std::vector<char> fixed(size_t(b.m.varCount()), 0);
  fixed[size_t(b.x[0][0])] = fixed[size_t(b.x[0][1])] = 1;  // item 0 stays in bin 1
  milp::FixedSubModel sub(b.m, fixed, start);
  EXPECT_EQ(sub.model().varCount(), b.m.varCount() - 2);
  EXPECT_EQ(sub.model().rowCount(), b.m.rowCount() - 1);  // "one0" has no free variable left
  const std::vector<double> restricted = sub.restrict(start);
  EXPECT_EQ(sub.expand(restricted), start);
  EXPECT_DOUBLE_EQ(sub.model().evaluate(restricted), b.m.evaluate(start));

  core::RunContext ctx;
  milp::SolveOptions o;
  o.start = restricted;
  const milp::SolveResult r = milp::solve(sub.model(), o, ctx);
  ASSERT_EQ(r.status, milp::Status::Optimal);
  const std::vector<double> whole = sub.expand(r.values);
  EXPECT_TRUE(b.m.violations(whole).empty());
  EXPECT_DOUBLE_EQ(b.m.evaluate(whole), r.objective);
  EXPECT_EQ(whole[size_t(b.x[0][1])], 1);  // the fixed item did not move
  // With item 0 (6) kept in bin 1, bin 0 takes at most 5 + 4: 5 + 9 + 2 * (6 + 3) = 32.
  EXPECT_DOUBLE_EQ(r.objective, 32);
  EXPECT_LT(r.objective, b.m.evaluate(start));
}

TEST(FixedSubModel, NothingFixedIsTheWholeModel) {
  Bins b;
  milp::FixedSubModel sub(b.m, std::vector<char>(size_t(b.m.varCount()), 0), b.poor());
  EXPECT_EQ(sub.model().varCount(), b.m.varCount());
  EXPECT_EQ(sub.model().rowCount(), b.m.rowCount());
  core::RunContext c1, c2;
  const auto whole = milp::solve(b.m, {}, c1);
  const auto part = milp::solve(sub.model(), {}, c2);
  ASSERT_EQ(whole.status, milp::Status::Optimal);
  ASSERT_EQ(part.status, milp::Status::Optimal);
  EXPECT_NEAR(whole.objective, 31, 1e-9);
  EXPECT_NEAR(part.objective, 31, 1e-9);
}
