// Wirelength compaction: the LP's positions against brute force over every integer position on
// one axis, and its invariants on row layouts of the contest cases.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <random>

#include "engine/wse/evaluator.h"
#include "engine/wse/graph_sizing.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/row_placer.h"
#include "engine/wse/wirelength_compaction.h"
#include "engine/wse/wirelength_polish.h"
#include "test_util.h"

using namespace ts::wse;
using ts::test::sharedData;

namespace {

/// A conv kernel whose box is `width` (a multiple of 3) by `height` tiles.
ExecArgs shapeArgs(int width, int height) {
  return {1, 1, {height - 1}, {width / 3}};
}

/// n kernels in two rows of a fabric 4 tiles high (rows at y = 0 and y = 2) with 6 to 11 free columns per row, random
/// widths and random edges (a chain plus extra ones, so both directions, odd size differences and wires between the
/// rows, whose best centre offsets are half-integral, all occur).
struct RowCase {
  KernelGraph graph;
  Layout layout;
};

RowCase randomRows(int n, std::mt19937& rng) {
  RowCase rc;
  KernelGraph& g = rc.graph;
  g.height = 4;
  std::vector<int> node;
  for (int i = 0; i < n; ++i) node.push_back(g.addKernel(KernelSpec::makeConv({1, 1, 1, 1, 1, 1, 1, 1})));
  for (int i = 0; i + 1 < n; ++i) g.connect(node[size_t(i)], node[size_t(i) + 1]);
  for (int e = 0; e < n; ++e) {
    int a = int(rng() % n), b = int(rng() % n);
    if (a != b) g.connect(node[size_t(a)], node[size_t(b)]);
  }
  g.finalize();
  rc.layout = Layout(n);
  int x[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    int width = 3 * (1 + int(rng() % 3)), row = int(rng() % 2);
    rc.layout.kernels[size_t(i)] = {shapeArgs(width, 2), x[row], 2 * row, false, true};
    x[row] += width + int(rng() % 4);
  }
  g.width = std::max(x[0], x[1]) + 6 + int(rng() % 6);
  return rc;
}

/// Least wirelength over every integer x that keeps each row's left-to-right order.
double bruteForceRows(const KernelGraph& g, const Layout& start) {
  const int n = g.kernelCount();
  Layout l = start;
  double best = std::numeric_limits<double>::infinity();
  std::function<void(int, int, int)> place = [&](int i, int minX0, int minX1) {
    if (i == n) {
      best = std::min(best, layoutWirelength(g, l));
      return;
    }
    const int width = kernelBox(g.kernels[size_t(i)].spec, l.kernels[size_t(i)]).width;
    const bool top = l.kernels[size_t(i)].y > 0;
    for (int x = top ? minX1 : minX0; x + width <= g.width; ++x) {
      l.kernels[size_t(i)].x = x;
      place(i + 1, top ? minX0 : x + width, top ? x + width : minX1);
    }
  };
  place(0, 0, 0);
  return best;
}

Layout rowLayout(const KernelGraph& g, double target) {
  GraphSizer sizer(g);
  SizedGraph sized = sizer.size(target);
  RowPlacer placer(g, depthFirstTopologicalOrder(g), sized.candidates);
  RowLayout rl;
  EXPECT_TRUE(placer.search({}, rl));
  Layout layout(g.kernelCount());
  for (int k = 0; k < g.kernelCount(); ++k) {
    const Candidate& c = sized.candidates[size_t(k)][size_t(rl.candidate[size_t(k)])];
    layout.kernels[size_t(k)] = {c.args, rl.x[size_t(k)], rl.y[size_t(k)], c.rotated, true};
  }
  return layout;
}

}  // namespace

TEST(WseCompaction, ReachesTheBruteForceOptimumOfTwoRows) {
  std::mt19937 rng(5);
  int improved = 0;
  for (int trial = 0; trial < 30; ++trial) {
    RowCase rc = randomRows(3 + trial % 3, rng);
    ASSERT_TRUE(evaluate(rc.graph, rc.layout).legal) << "trial " << trial;
    const double optimum = bruteForceRows(rc.graph, rc.layout);
    const double before = layoutWirelength(rc.graph, rc.layout);
    const bool changed = compactAxis(rc.graph, rc.layout, true);
    Evaluation ev = evaluate(rc.graph, rc.layout);
    EXPECT_TRUE(ev.legal) << "trial " << trial;
    EXPECT_EQ(changed, ev.wl < before) << "trial " << trial;
    EXPECT_DOUBLE_EQ(ev.wl, optimum) << "trial " << trial;
    improved += changed;
  }
  EXPECT_GE(improved, 20);  // the random starts are mostly not optimal
}

TEST(WseCompaction, PinnedKernelsStayWhereTheyAre) {
  std::mt19937 rng(8);
  RowCase rc = randomRows(5, rng);
  rc.layout.kernels[2].pinned = true;
  const int x2 = rc.layout.kernels[2].x;
  const int y2 = rc.layout.kernels[2].y;
  compactWirelength(rc.graph, rc.layout);
  EXPECT_EQ(rc.layout.kernels[2].x, x2);
  EXPECT_EQ(rc.layout.kernels[2].y, y2);
  EXPECT_TRUE(evaluate(rc.graph, rc.layout).legal);
}

TEST(WseCompaction, ShortensPolishedRowLayoutsAndKeepsThemLegal) {
  // At the published CU.POKer MT of each case.
  for (auto [name, target] : {std::pair{"A", 34496.0}, {"B", 63504.0}, {"D", 33712.0}}) {
    KernelGraph g = readKgraph(sharedData(std::string("ispd20/benchmarks/") + name + ".kgraph"));
    Layout layout = rowLayout(g, target);
    polishWirelength(g, layout);
    const Evaluation before = evaluate(g, layout);
    ASSERT_TRUE(before.legal) << name;
    const Layout polished = layout;
    CompactionStats st = compactWirelength(g, layout);
    const Evaluation after = evaluate(g, layout);
    EXPECT_TRUE(after.legal) << name;
    EXPECT_DOUBLE_EQ(after.wl, st.wirelengthAfter) << name;
    // Whole rows move where the polish, one kernel at a time, is stuck.
    EXPECT_LT(after.wl, before.wl) << name;
    EXPECT_EQ(after.mt, before.mt) << name;
    EXPECT_EQ(after.ac, before.ac) << name;
    for (int k = 0; k < g.kernelCount(); ++k)
      EXPECT_EQ(layout.kernels[size_t(k)].args, polished.kernels[size_t(k)].args);
  }
}
