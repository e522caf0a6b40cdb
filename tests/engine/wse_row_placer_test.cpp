// Row placer: the feasibility table against brute force over row partitions, the search's
// wirelength against the evaluator's recomputation, and the polish's invariants.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <random>

#include "engine/wse/evaluator.h"
#include "engine/wse/graph_sizing.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/row_placer.h"
#include "engine/wse/wirelength_polish.h"
#include "test_util.h"

using namespace ts::wse;
using ts::test::sharedData;

namespace {

/// A chain of n kernels whose candidates are random shapes (fabric side x side).
KernelGraph randomChain(int n, int side) {
  KernelGraph g;
  g.width = g.height = side;
  int prev = g.addInput({1, 1, 1});
  for (int i = 0; i < n; ++i) {
    int k = g.addKernel(KernelSpec::makeConv({1, 1, 1, 1, 1, 1, 1, 1}));
    g.connect(prev, k);
    prev = k;
  }
  g.connect(prev, g.addOutput({1, 1, 1}));
  g.finalize();
  return g;
}

std::vector<std::vector<Candidate>> randomCandidates(int n, int side, std::mt19937& rng) {
  std::vector<std::vector<Candidate>> out(static_cast<size_t>(n));
  for (auto& list : out)
    for (int c = 0; c < 4; ++c) {
      Candidate cand;
      cand.args = {1, 1, {1}, {1}};
      cand.height = int(rng() % side) + 1;
      cand.width = int(rng() % (side / 2)) + 1;
      list.push_back(cand);
    }
  return out;
}

/// Least total height over every split of the chain into consecutive rows, each row taking
/// for every kernel the narrowest candidate under some height bound.
int64_t bruteMinimalHeight(const std::vector<std::vector<Candidate>>& cands, int side) {
  const int n = int(cands.size());
  std::vector<int> bounds;
  for (const auto& l : cands)
    for (const auto& c : l) bounds.push_back(c.height);
  const int64_t inf = std::numeric_limits<int64_t>::max() / 4;
  std::vector<int64_t> memo(size_t(n) + 1, -1);
  std::function<int64_t(int)> best = [&](int i) -> int64_t {
    if (i == n) return 0;
    if (memo[size_t(i)] >= 0) return memo[size_t(i)];
    int64_t result = inf;
    for (int j = i + 1; j <= n; ++j)
      for (int b : bounds) {
        int64_t width = 0, height = 0;
        bool ok = true;
        for (int p = i; p < j && ok; ++p) {
          int w = std::numeric_limits<int>::max(), h = 0;
          for (const auto& c : cands[size_t(p)])
            if (c.height <= b && (c.width < w || (c.width == w && c.height < h))) {
              w = c.width;
              h = c.height;
            }
          ok = w != std::numeric_limits<int>::max();
          width += ok ? w : 0;
          height = std::max<int64_t>(height, h);
        }
        if (!ok || width > side) continue;
        int64_t rest = best(j);
        if (rest < inf) result = std::min(result, height + rest);
      }
    return memo[size_t(i)] = result;
  };
  return best(0);
}

}  // namespace

TEST(WseRowPlacer, FeasibilityTableMatchesBruteForce) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 2 + trial % 5, side = 20;
    KernelGraph g = randomChain(n, side);
    auto cands = randomCandidates(n, side, rng);
    RowPlacer placer(g, depthFirstTopologicalOrder(g), cands);
    int64_t brute = bruteMinimalHeight(cands, side);
    if (brute > side) {
      EXPECT_FALSE(placer.feasible()) << "trial " << trial;
    } else {
      EXPECT_TRUE(placer.feasible()) << "trial " << trial;
      EXPECT_EQ(placer.minimalHeight(), brute) << "trial " << trial;
    }
  }
}

TEST(WseRowPlacer, SearchWirelengthEqualsTheEvaluatorsAndLayoutIsLegal) {
  for (const char* name : {"A", "D", "G"}) {
    KernelGraph g = readKgraph(sharedData(std::string("ispd20/benchmarks/") + name + ".kgraph"));
    GraphSizer sizer(g);
    auto order = depthFirstTopologicalOrder(g);
    for (double target : {70000.0, 90000.0}) {
      SizedGraph sized = sizer.size(target);
      RowPlacer placer(g, order, sized.candidates);
      ASSERT_TRUE(placer.feasible()) << name;
      RowLayout rl;
      RowSearchConfig cfg;
      cfg.maxNodes = 500;
      ASSERT_TRUE(placer.search(cfg, rl)) << name;
      Layout layout(g.kernelCount());
      for (int k = 0; k < g.kernelCount(); ++k) {
        const Candidate& c = sized.candidates[size_t(k)][size_t(rl.candidate[size_t(k)])];
        layout.kernels[size_t(k)] = {c.args, rl.x[size_t(k)], rl.y[size_t(k)], c.rotated, true};
      }
      Evaluation ev = evaluate(g, layout);
      EXPECT_TRUE(ev.legal) << name << " " << (ev.violations.empty() ? "" : ev.violations[0].message);
      EXPECT_LE(ev.mt, target);
      EXPECT_DOUBLE_EQ(ev.wl, rl.wirelength) << name << " at " << target;  // recompute from scratch
      // The polish keeps legality and never lengthens the wires.
      PolishStats st = polishWirelength(g, layout);
      Evaluation after = evaluate(g, layout);
      EXPECT_TRUE(after.legal);
      EXPECT_LE(after.wl, ev.wl);
      EXPECT_DOUBLE_EQ(after.wl, st.wirelengthAfter);
      EXPECT_EQ(after.mt, ev.mt);
    }
  }
}

TEST(WseRowPlacer, InfeasibleBelowTheLeastFeasibleTarget) {
  // Monotone in the target: the published CU.POKer MT of A (34496) is feasible, a much
  // smaller target is not.
  KernelGraph g = readKgraph(sharedData("ispd20/benchmarks/A.kgraph"));
  GraphSizer sizer(g);
  auto order = depthFirstTopologicalOrder(g);
  EXPECT_TRUE(RowPlacer(g, order, sizer.size(34496).candidates).feasible());
  EXPECT_FALSE(RowPlacer(g, order, sizer.size(20000).candidates).feasible());
  int64_t h1 = RowPlacer(g, order, sizer.size(40000).candidates).minimalHeight();
  int64_t h2 = RowPlacer(g, order, sizer.size(60000).candidates).minimalHeight();
  EXPECT_LE(h2, h1);
}

TEST(WseRowPlacer, AnExtraRowIsSearchedOnlyToImprove) {
  // On A at its published MT the least row count is 2, but folding the chain of wide kernels
  // into 3 rows shortens the wires; an extra row never makes the result worse.
  for (const char* name : {"A", "D"}) {
    KernelGraph g = readKgraph(sharedData(std::string("ispd20/benchmarks/") + name + ".kgraph"));
    GraphSizer sizer(g);
    SizedGraph sized = sizer.size(std::string(name) == "A" ? 34496 : 33712);
    RowPlacer placer(g, depthFirstTopologicalOrder(g), sized.candidates);
    RowLayout least, extra;
    RowSearchConfig cfg;
    ASSERT_TRUE(placer.search(cfg, least)) << name;
    cfg.extraRows = 1;
    ASSERT_TRUE(placer.search(cfg, extra)) << name;
    EXPECT_LE(extra.wirelength, least.wirelength) << name;
    EXPECT_LE(extra.rows, least.rows + 1) << name;
    if (std::string(name) == "A") {
      EXPECT_EQ(least.rows, 2);
      EXPECT_EQ(extra.rows, 3);
      EXPECT_LT(extra.wirelength, least.wirelength);
    }
  }
}
