// Pinned kernels and start layouts for every WSE placer: a pinned kernel keeps its corner,
// rotation and arguments while the others are arranged around it, every result passes the
// independent evaluator, a start layout is never made worse, pins that cannot be honoured are
// refused with the kernels named; the pieces underneath (free-space search, row placer with
// obstacles, refinement and polish that leave pins alone, settings by key) on their own.
#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/wse/adapter_refinement.h"
#include "engine/wse/free_space.h"
#include "engine/wse/graph_sizing.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/placers.h"
#include "engine/wse/row_placer.h"
#include "engine/wse/wirelength_polish.h"
#include "test_util.h"
#include "wse_test_util.h"

using namespace ts::wse;
using ts::test::caseGraph;
using ts::test::sharedData;

namespace {

/// Small efforts so that the three algorithms run in a few seconds together.
WsePlacerOptions quick(const std::string& algorithm) {
  WsePlacerOptions o;
  o.algorithm = algorithm;
  o.threads = 2;
  if (algorithm == "cupoker") o.settings = {{"range", "0.04"}, {"step", "0.02"}, {"row_nodes", "200"}};
  if (algorithm == "dnc") o.settings = {{"range", "0.04"}, {"step", "0.02"}, {"max_shapes", "8"}};
  if (algorithm == "tbs-sa") o.settings = {{"max_moves", "20000"}, {"max_dummies", "8"}, {"target_levels", "8"}};
  return o;
}

WsePlaceResult place(const KernelGraph& g, const WsePlacerOptions& o) {
  ts::core::RunContext ctx(1);
  return runWsePlacer(g, o, ctx);
}

/// Pins kernel `k` of `from` (its shape) with its corner at (x, y).
Layout pinAt(const KernelGraph& g, const Layout& from, int k, int x, int y) {
  Layout pins(g.kernelCount());
  pins.kernels[size_t(k)] = from.kernels[size_t(k)];
  pins.kernels[size_t(k)].x = x;
  pins.kernels[size_t(k)].y = y;
  return pins;
}

void expectPinnedAndLegal(const KernelGraph& g, const WsePlaceResult& r, const Layout& pins, const std::string& what) {
  ASSERT_TRUE(r.found) << what << ": " << r.message;
  Evaluation ev = evaluate(g, r.layout);
  EXPECT_TRUE(ev.legal) << what << ": " << (ev.violations.empty() ? "" : ev.violations[0].message);
  EXPECT_DOUBLE_EQ(ev.score, r.evaluation.score) << what;
  for (int k : pinnedKernels(pins)) {
    const PlacedKernel &got = r.layout.kernels[size_t(k)], &want = pins.kernels[size_t(k)];
    EXPECT_EQ(got.x, want.x) << what << " " << g.kernels[size_t(k)].name;
    EXPECT_EQ(got.y, want.y) << what;
    EXPECT_EQ(got.rotated, want.rotated) << what;
    EXPECT_TRUE(got.args == want.args) << what;
    EXPECT_TRUE(got.pinned) << what;
  }
  for (int k = 0; k < g.kernelCount(); ++k) {
    if (!pins.kernels[size_t(k)].placed) {
      EXPECT_FALSE(r.layout.kernels[size_t(k)].pinned) << what;
    }
  }
}

}  // namespace

TEST(WsePins, PinnedKernelsStayPutForEveryAlgorithm) {
  for (const char* name : {"A", "E"}) {
    KernelGraph g = caseGraph(name);
    WsePlaceResult free = place(g, quick("cupoker"));
    ASSERT_TRUE(free.found) << free.message;
    // One kernel in the top-right corner and one in the middle of the bottom edge: far from
    // where the unpinned layout has them, so the others must make room (rows split around it).
    const int a = g.kernelCount() / 2, b = g.kernelCount() / 3;
    Box ba = kernelBox(g.kernels[size_t(a)].spec, free.layout.kernels[size_t(a)]);
    Layout pins = pinAt(g, free.layout, a, g.width - ba.width, g.height - ba.height);
    Layout second = pinAt(g, free.layout, b, g.width / 2, 0);
    pins.kernels[size_t(b)] = second.kernels[size_t(b)];
    ASSERT_EQ(checkPins(g, pins), "");
    for (const std::string& algo : wseAlgorithms()) {
      WsePlacerOptions o = quick(algo);
      o.pins = pins;
      expectPinnedAndLegal(g, place(g, o), pins, std::string(name) + " " + algo);
    }
  }
}

TEST(WsePins, StartLayoutIsNeverMadeWorse) {
  KernelGraph g = caseGraph("E");
  WsePlacerOptions first = quick("dnc");
  WsePlaceResult start = place(g, first);
  ASSERT_TRUE(start.found) << start.message;
  for (const std::string& algo : wseAlgorithms()) {
    WsePlacerOptions o = quick(algo);
    o.initial = start.layout;
    WsePlaceResult r = place(g, o);
    ASSERT_TRUE(r.found) << algo << ": " << r.message;
    EXPECT_LE(r.evaluation.score, start.evaluation.score + 1e-9) << algo;
  }
}

TEST(WsePins, PinsThatCannotBeHonouredAreRefusedWithTheKernelsNamed) {
  KernelGraph g = caseGraph("A");
  WsePlaceResult free = place(g, quick("cupoker"));
  ASSERT_TRUE(free.found);
  Layout pins = pinAt(g, free.layout, 0, 10, 10);
  Layout other = pinAt(g, free.layout, 1, 11, 11);  // overlaps kernel 0
  pins.kernels[1] = other.kernels[1];
  std::string why = checkPins(g, pins);
  EXPECT_NE(why.find(g.kernels[0].name), std::string::npos) << why;
  EXPECT_NE(why.find(g.kernels[1].name), std::string::npos) << why;
  for (const std::string& algo : wseAlgorithms()) {
    WsePlacerOptions o = quick(algo);
    o.pins = pins;
    WsePlaceResult r = place(g, o);
    EXPECT_FALSE(r.found) << algo;
    EXPECT_EQ(r.message, why) << algo;
  }
  Layout outside = pinAt(g, free.layout, 2, g.width - 1, 0);
  EXPECT_NE(checkPins(g, outside).find("fabric"), std::string::npos) << checkPins(g, outside);
}

TEST(WsePins, EveryKernelPinnedGivesThePinsBack) {
  KernelGraph g = caseGraph("A");
  WsePlaceResult free = place(g, quick("cupoker"));
  ASSERT_TRUE(free.found);
  for (const std::string& algo : wseAlgorithms()) {
    WsePlacerOptions o = quick(algo);
    o.pins = free.layout;
    expectPinnedAndLegal(g, place(g, o), free.layout, "all pinned " + algo);
  }
}

TEST(WsePins, SettingsByKeyReachTheConfigAndBadOnesAreErrors) {
  for (const std::string& algo : wseAlgorithms()) EXPECT_FALSE(wsePlacerParams(algo).empty()) << algo;
  auto specs = wsePlacerParams("cupoker");
  auto rowNodes = std::find_if(specs.begin(), specs.end(), [](const auto& s) { return s.key == "row_nodes"; });
  ASSERT_NE(rowNodes, specs.end());
  EXPECT_EQ(rowNodes->defaultValue, "4000");
  KernelGraph g = caseGraph("A");
  WsePlacerOptions o = quick("tbs-sa");
  o.settings["max_moves"] = "1000";
  WsePlaceResult r = place(g, o);
  ASSERT_TRUE(r.found) << r.message;
  double moves = 0;
  for (const auto& [k, v] : r.stats)
    if (k == "moves") moves = v;
  EXPECT_LE(moves, 1000);
  o.settings["no_such_setting"] = "1";
  EXPECT_THROW(place(g, o), ts::core::Error);
  EXPECT_THROW(wsePlacerParams("nope"), ts::core::Error);
}

TEST(WseFreeSpace, NearestFreeCornerAndArrangementAroundPins) {
  FreeSpace space(10, 8);
  space.occupy({0, 0, 5, 8});  // left half full
  int x = -1, y = -1;
  ASSERT_TRUE(space.nearestFree(3, 2, 1, 3, x, y));
  EXPECT_EQ(x, 5);
  EXPECT_EQ(y, 3);
  EXPECT_FALSE(space.nearestFree(6, 1, 0, 0, x, y));  // wider than the free half
  EXPECT_TRUE(space.isFree({5, 0, 5, 8}));
  EXPECT_FALSE(space.isFree({4, 0, 2, 1}));
  EXPECT_FALSE(space.isFree({8, 0, 3, 1}));  // leaves the grid

  // Four kernels side by side and a pin dropped on the second: it moves next to the others.
  KernelGraph g = caseGraph("A");
  WsePlaceResult free = place(g, quick("cupoker"));
  ASSERT_TRUE(free.found);
  Layout l(g.kernelCount());
  int left = 0;
  for (int k = 0; k < 4; ++k) {
    l.kernels[size_t(k)] = free.layout.kernels[size_t(k)];
    l.kernels[size_t(k)].x = left;
    l.kernels[size_t(k)].y = 0;
    left += kernelBox(g.kernels[size_t(k)].spec, l.kernels[size_t(k)]).width;
  }
  Layout pins = pinAt(g, free.layout, 4, l.kernels[1].x, 0);
  applyPins(g, l, pins);
  auto clashes = [&] {
    int n = 0;
    for (const ts::wse::Violation& v : evaluate(g, l).violations) n += v.code == "overlap" || v.code == "outside";
    return n;
  };
  EXPECT_GT(clashes(), 0);
  EXPECT_EQ(arrangeAroundPins(g, l), 0);
  EXPECT_EQ(clashes(), 0);
  EXPECT_TRUE(honoursPins(l, pins));
  EXPECT_EQ(l.kernels[0].x, 0);                         // kernels clear of the pin stay where they were
  EXPECT_LT(l.kernels[1].y + l.kernels[1].x, g.width);  // and the displaced one lands nearby
}

TEST(WseRowPlacer, RowsPackAroundFixedKernelsAndCountTheirWires) {
  KernelGraph g = caseGraph("A");
  GraphSizer sizer(g);
  SizedGraph sized = sizer.size(34496 * 1.3);  // some slack so that the obstacle fits
  std::vector<int> order = depthFirstTopologicalOrder(g, 0);
  const int fixedKernel = order[order.size() / 2];
  const Candidate& c = sized.candidates[size_t(fixedKernel)][0];
  std::vector<Box> fixed(size_t(g.kernelCount()));
  fixed[size_t(fixedKernel)] = {g.width / 3, 0, c.width, c.height};  // on the bottom row
  order.erase(std::find(order.begin(), order.end(), fixedKernel));
  RowPlacer placer(g, order, sized.candidates);
  placer.setFixed(fixed);
  RowLayout rl;
  ASSERT_TRUE(placer.search({}, rl));
  EXPECT_EQ(rl.candidate[size_t(fixedKernel)], -1);
  Layout l(g.kernelCount());
  for (int k : order) {
    const Candidate& kc = sized.candidates[size_t(k)][size_t(rl.candidate[size_t(k)])];
    l.kernels[size_t(k)] = {kc.args, rl.x[size_t(k)], rl.y[size_t(k)], kc.rotated, true};
  }
  l.kernels[size_t(fixedKernel)] = {c.args, fixed[size_t(fixedKernel)].x, 0, c.rotated, true, true};
  Evaluation ev = evaluate(g, l);
  EXPECT_TRUE(ev.legal) << (ev.violations.empty() ? "" : ev.violations[0].message);
  EXPECT_DOUBLE_EQ(rl.wirelength, ev.wl);  // edges to the fixed kernel included
}

TEST(WsePins, RefinementAndPolishLeavePinnedKernelsAlone) {
  KernelGraph g = caseGraph("H");  // adapter cost weighs 100: the refinement changes many kernels
  WsePlacerOptions o = quick("cupoker");
  o.settings["refine"] = "false";
  WsePlaceResult raw = place(g, o);
  ASSERT_TRUE(raw.found);
  Layout l = raw.layout;
  for (int k = 0; k < g.kernelCount(); k += 3) l.kernels[size_t(k)].pinned = true;
  Layout before = l;
  refineAdapterCost(g, l);
  polishWirelength(g, l);
  EXPECT_TRUE(evaluate(g, l).legal);
  int changed = 0;
  for (int k = 0; k < g.kernelCount(); ++k) {
    const PlacedKernel &a = l.kernels[size_t(k)], &b = before.kernels[size_t(k)];
    bool same = a.x == b.x && a.y == b.y && a.rotated == b.rotated && a.args == b.args;
    if (b.pinned) {
      EXPECT_TRUE(same) << g.kernels[size_t(k)].name;
    } else {
      changed += !same;
    }
  }
  EXPECT_GT(changed, 0);  // the test would not notice a refinement that did nothing
}
