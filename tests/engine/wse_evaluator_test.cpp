// Evaluator: the third-party contest solutions in the shared data reproduce the figures of the
// data README, and each kind of violation is detected.
#include <gtest/gtest.h>

#include "engine/wse/evaluator.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "test_util.h"
#include "wse_test_util.h"

using namespace ts::wse;
using ts::test::caseGraph;
using ts::test::sharedData;

namespace {

struct ThirdParty {
  const char* graph;
  const char* solution;
  double mt, wl;
  long long ac;
  int edges;
  double maxMemory;
};

void checkThirdParty(const ThirdParty& t) {
  KernelGraph g = caseGraph(t.graph);
  PaintSolution sol = readPaint(sharedData(std::string("ispd20/solutions/") + t.solution), g);
  Evaluation ev = evaluatePaint(g, sol);
  EXPECT_TRUE(ev.legal) << t.graph << ": " << (ev.violations.empty() ? "" : ev.violations[0].message);
  EXPECT_EQ(ev.mt, t.mt) << t.graph;
  EXPECT_DOUBLE_EQ(ev.wl, t.wl) << t.graph;
  EXPECT_EQ(ev.ac, t.ac) << t.graph;
  EXPECT_EQ(ev.edges, t.edges) << t.graph;
  EXPECT_NEAR(ev.maxMemory, t.maxMemory, 0.05) << t.graph;
  EXPECT_DOUBLE_EQ(ev.score, t.mt + t.wl) << t.graph;  // weights 1/1/0
}

}  // namespace

TEST(WseEvaluator, ThirdPartySolutionsMatchTheReadme) {
  checkThirdParty({"D", "D_searsm8_ex_placement.paint", 56448, 5443.5, 62, 67, 9272.9});
  checkThirdParty({"C", "C_searsm8_placement.paint", 144384, 10213.5, 161, 131, 17429.3});
}

TEST(WseEvaluator, ScoreUsesTheHeaderWeights) {
  // Case H has weights 1/10/100; the published CU.POKer row (39520, 1101.5, 28) gives 53335.
  KernelGraph g = caseGraph("H");
  EXPECT_DOUBLE_EQ(weightedScore(g, 39520, 1101.5, 28), 53335);
  KernelGraph e = caseGraph("E");
  EXPECT_DOUBLE_EQ(weightedScore(e, 39312, 562, 11), 46032);
}

namespace {

// Two convs on a small fabric, placed by hand so every number can be checked on paper.
KernelGraph twoConvs() {
  KernelGraph g;
  g.width = 40;
  g.height = 30;
  g.wdeltat = 1;
  g.wlength = 2;
  g.wadapter = 10;
  g.memlimit = 1000;
  int in = g.addInput({4, 4, 8});
  int a = g.addKernel(KernelSpec::makeConv({4, 4, 1, 1, 8, 8, 1, 1}), "k1");
  int b = g.addKernel(KernelSpec::makeConv({4, 4, 3, 3, 8, 8, 1, 1}), "k2");
  int out = g.addOutput({4, 4, 8});
  g.connect(in, a);
  g.connect(a, b);
  g.connect(b, out);
  g.finalize();
  return g;
}

Layout handLayout() {
  Layout l(2);
  l.kernels[0] = {{2, 2, {3}, {2}}, 0, 0, false, true};   // 16 x 6, time 2*2*3*4 = 48
  l.kernels[1] = {{1, 2, {1}, {4}}, 10, 0, false, true};  // 4 x 12, time 4*2*8*2*9 = 1152
  return l;
}

}  // namespace

TEST(WseEvaluator, HandComputedSmallLayout) {
  KernelGraph g = twoConvs();
  Evaluation ev = evaluate(g, handLayout());
  ASSERT_TRUE(ev.legal) << ev.violations[0].message;
  EXPECT_EQ(ev.mt, 1152);
  // centres (3, 8) and (16, 2): |3-16| + |8-2| = 19; the input/output edges do not count.
  EXPECT_DOUBLE_EQ(ev.wl, 19);
  EXPECT_EQ(ev.edges, 1);
  EXPECT_EQ(ev.ac, 2);  // h 2 vs 1, w equal, c 3 vs 1
  EXPECT_DOUBLE_EQ(ev.score, 1152 + 2 * 19 + 10 * 2);
}

TEST(WseEvaluator, DetectsEachKindOfViolation) {
  KernelGraph g = twoConvs();
  {
    Layout l = handLayout();
    l.kernels[1].x = 3;  // overlaps k1
    auto ev = evaluate(g, l);
    ASSERT_FALSE(ev.legal);
    EXPECT_EQ(ev.violations[0].code, "overlap");
  }
  {
    Layout l = handLayout();
    l.kernels[1].x = 37;  // 12 wide: sticks out of the 40-wide fabric
    auto ev = evaluate(g, l);
    ASSERT_FALSE(ev.legal);
    EXPECT_EQ(ev.violations[0].code, "outside");
  }
  {
    Layout l = handLayout();
    l.kernels[1].rotated = true;  // 12 x 4 rotated -> 4 wide, 12 tall: fits and no overlap
    EXPECT_TRUE(evaluate(g, l).legal);
    l.kernels[1].y = 20;  // 20 + 12 > 30
    EXPECT_EQ(evaluate(g, l).violations[0].code, "outside");
  }
  {
    Layout l = handLayout();
    l.kernels[0].args = {1, 1, {1}, {1}};  // memory 8*8 + 4*4*8 = 192 ok; time huge but legal
    EXPECT_TRUE(evaluate(g, l).legal);
    g.memlimit = 100;
    auto ev = evaluate(g, l);
    ASSERT_FALSE(ev.legal);
    EXPECT_EQ(ev.violations[0].code, "memory");
    g.memlimit = 1000;
  }
  {
    Layout l = handLayout();
    l.kernels[0].placed = false;
    EXPECT_EQ(evaluate(g, l).violations[0].code, "unplaced");
    l = handLayout();
    l.kernels[0].args.c = {0};
    EXPECT_EQ(evaluate(g, l).violations[0].code, "bad_args");
  }
}

TEST(WseEvaluator, FormalArgumentMismatchIsAViolation) {
  KernelGraph g = twoConvs();
  std::string text =
      "k1 = conv( 4 4 8 8 1 1 1 1 2 2 3 2 )\nk1 : place(0 0 R0)\n"
      "k2 = conv( 4 4 8 9 3 3 1 1 1 2 1 4 )\nk2 : place(10 0 R0)\n";
  auto ev = evaluatePaint(g, parsePaint(text, g, "t.paint"));
  ASSERT_FALSE(ev.legal);
  ASSERT_EQ(ev.violations.size(), 1u);
  EXPECT_EQ(ev.violations[0].code, "formal_args");
  std::string wrongType = "k1 = dblock( 4 4 8 2 2 3 3 3 2 2 2 )\nk1 : place(0 0 R0)\n";
  auto ev2 = evaluatePaint(g, parsePaint(wrongType, g, "t.paint"));
  EXPECT_EQ(ev2.violations[0].code, "type");
}
