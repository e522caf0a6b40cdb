// Simulated-annealing placer: known optima on tiny designs, pins, warm starts, determinism,
// cancel latency and the incremental-cost debug check.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/snapshot.h"
#include "place_test_util.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

SaPlacerResult place(const Design& d, const Device& dev, SaPlacerConfig cfg = {}, uint64_t seed = 1,
                     Placement start = {}) {
  ts::core::RunContext ctx(seed);
  return runSaPlacer({d, dev, std::move(start)}, cfg, ctx);
}

std::string chainYaml(int n) {
  std::string y = "design: chain\ndevice: npu2\ncores:\n";
  for (int i = 0; i < n; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  y += "nets:\n";
  for (int i = 0; i + 1 < n; ++i)
    y += "  - {name: n" + std::to_string(i) + ", source: k" + std::to_string(i) + ", targets: [k" +
         std::to_string(i + 1) + "], bytes: 1024}\n";
  return y;
}

}  // namespace

TEST(SaPlacer, TwoCoreNetLandsOnSharedMemoryNeighbours) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(chainYaml(2));
  for (const char* cost : {"bb", "bbcg"}) {
    SaPlacerConfig cfg;
    cfg.cost = cost;
    for (uint64_t seed : {1, 2, 3}) {
      auto r = place(d, dev, cfg, seed);
      ASSERT_TRUE(r.success) << cost << ": " << (r.reasons.empty() ? r.status : r.reasons.front());
      EXPECT_EQ(manhattan(r.placement.tile(0), r.placement.tile(1)), 1) << cost << " seed " << seed;
      EXPECT_TRUE(dev.shareMemory({r.placement.tile(0), r.placement.tile(1)}));
      EXPECT_DOUBLE_EQ(r.cost, cfg.costConfig.bb.sharedWirelength);  // a unit box on shared memory
    }
  }
}

TEST(SaPlacer, FourCoreChainBecomesACompactNeighbourChain) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(chainYaml(4));
  for (const char* cost : {"bb", "bbcg"}) {
    SaPlacerConfig cfg;
    cfg.cost = cost;
    auto r = place(d, dev, cfg, 7);
    ASSERT_TRUE(r.success);
    // The optimum: three unit boxes on shared memory.
    EXPECT_DOUBLE_EQ(r.cost, 3 * cfg.costConfig.bb.sharedWirelength) << cost;
    for (int i = 0; i + 1 < 4; ++i) {
      EXPECT_EQ(manhattan(r.placement.tile(i), r.placement.tile(i + 1)), 1);
      EXPECT_TRUE(dev.shareMemory({r.placement.tile(i), r.placement.tile(i + 1)}));
    }
  }
}

TEST(SaPlacer, PinnedCoresNeverMove) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(5, 14, 3, 4, 30);
  ASSERT_TRUE(d.problems().empty());
  d.cores[0].pin = TileCoord{7, 5};  // a design pin
  Placement start = Placement::fromDesignPins(d);
  start.place(3, {0, 2});  // pinned in the start placement
  start.setPinned(3, true);
  start.place(d.findCore("m1"), {6, 1});
  start.setPinned(d.findCore("m1"), true);
  start.place(d.findCore("s2"), {2, 0});
  start.setPinned(d.findCore("s2"), true);
  start.place(5, {4, 4});  // placed but free to move
  for (const char* cost : {"bb", "bbcg"}) {
    SaPlacerConfig cfg;
    cfg.cost = cost;
    cfg.maxReheats = 1;  // the random design keeps some overuse: one reheat (from the best) is enough here
    for (uint64_t seed : {1, 9}) {
      auto r = place(d, dev, cfg, seed, start);
      ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
      EXPECT_EQ(r.placement.tile(0), (TileCoord{7, 5}));
      EXPECT_EQ(r.placement.tile(3), (TileCoord{0, 2}));
      EXPECT_EQ(r.placement.tile(d.findCore("m1")), (TileCoord{6, 1}));
      EXPECT_EQ(r.placement.tile(d.findCore("s2")), (TileCoord{2, 0}));
      EXPECT_TRUE(r.placement.pinned(3));
      PlacementCheckOptions o;
      o.reference = &start;
      EXPECT_TRUE(checkPlacement(d, dev, r.placement, o).empty());
    }
  }
}

TEST(SaPlacer, SameSeedSameResult) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(8, 20, 3, 4, 40);
  SaPlacerConfig cfg;
  cfg.maxReheats = 1;  // keeps some overuse, so a reheat runs too
  auto a = place(d, dev, cfg, 42);
  auto b = place(d, dev, cfg, 42);
  ASSERT_TRUE(a.success);
  EXPECT_EQ(a.placement, b.placement);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_DOUBLE_EQ(a.cost, b.cost);
}

TEST(SaPlacer, WarmStartFromTheOptimumKeepsIt) {
  // The equilibrium search finds a low temperature for a good start, so a re-run refines
  // instead of scrambling: the optimum of the chain stays optimal.
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(chainYaml(6));
  Placement start(d.coreCount());
  for (int i = 0; i < 6; ++i) start.place(i, {i, 3});
  const SaPlacerConfig cfg;
  auto r = place(d, dev, cfg, 3, start);
  ASSERT_TRUE(r.success);
  EXPECT_DOUBLE_EQ(r.cost, 5 * cfg.costConfig.bb.sharedWirelength);  // five unit boxes on shared memory
  EXPECT_LT(r.initialTemperature, 1.0);
}

TEST(SaPlacer, IncrementalCostMatchesRecomputationDuringARun) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(31, 22, 4, 5, 50);
  for (const char* cost : {"bb", "bbcg"}) {
    SaPlacerConfig cfg;
    cfg.cost = cost;
    cfg.checkIncremental = true;
    cfg.innerNum = 1;
    cfg.maxReheats = 1;
    auto r = place(d, dev, cfg, 5);
    EXPECT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.back());
    EXPECT_GT(r.accepted, 100);
  }
}

TEST(SaPlacer, ReportsInfeasibleDesignsClearly) {
  Device dev = loadDevice("npu1");  // 16 compute tiles
  Design d = ts::test::designFromYaml(chainYaml(17));
  auto r = place(d, dev);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.status, "failed");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("compute tiles"), std::string::npos) << r.reasons.front();
}

TEST(SaPlacer, CancelStopsWithinAHundredMillisecondsWithALegalBest) {
  Device dev = loadDevice("xcve2802");
  Design d = ts::test::randomDesign(77, 200, 12, 12, 420);
  d.device = "xcve2802";
  SaPlacerConfig cfg;
  cfg.innerNum = 1000;  // far more work than the test will allow
  auto token = std::make_shared<ts::core::CancelToken>();
  ts::core::RunContext ctx(1, 0, token);
  SaPlacerResult r;
  double ms = ts::test::stopLatencyMs(*token, 300, [&] { r = runSaPlacer({d, dev, {}}, cfg, ctx); });
  EXPECT_LT(ms, 100.0 * ts::test::kTimingSlack);
  EXPECT_EQ(r.status, "cancelled");
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
  EXPECT_TRUE(r.placement.complete());
}

TEST(SaPlacer, TimeLimitReturnsTheBestSoFar) {
  Device dev = loadDevice("xcve2802");
  Design d = ts::test::randomDesign(78, 150, 8, 8, 300);
  SaPlacerConfig cfg;
  cfg.innerNum = 1000;
  ts::core::RunContext ctx(1, 0.3);
  auto r = runSaPlacer({d, dev, {}}, cfg, ctx);
  EXPECT_EQ(r.status, "time-out");
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
  EXPECT_GT(r.movesPerSecond, 0);
}

TEST(SaPlacer, CascadeChainsMoveAsWholeShapes) {
  // Two 3-core cascade chains and a 2-core chain feeding each other; single-core moves would
  // break them, macro moves keep every cascade legal throughout.
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(R"(design: cas
device: npu2
cores:
  - {name: a0}
  - {name: a1}
  - {name: a2}
  - {name: b0}
  - {name: b1}
  - {name: b2}
  - {name: c0}
  - {name: c1}
  - {name: x}
nets:
  - {name: ab, source: a2, targets: [b0], bytes: 512}
  - {name: bc, source: b2, targets: [c0], bytes: 512}
  - {name: cx, source: c1, targets: [x], bytes: 512}
  - {name: xa, source: x, targets: [a0], bytes: 512}
cascades:
  - [a0, a1]
  - [a1, a2]
  - [b0, b1]
  - [b1, b2]
  - [c0, c1]
)");
  for (uint64_t seed : {1, 2}) {
    SaPlacerConfig cfg;
    cfg.checkIncremental = true;
    auto r = place(d, dev, cfg, seed);
    ASSERT_TRUE(r.success);
    for (const Cascade& c : d.cascades)
      EXPECT_TRUE(dev.canCascade(r.placement.tile(c.from), r.placement.tile(c.to))) << "seed " << seed;
  }
  // A chain pinned at the east edge cannot run east: it takes the southward shape.
  d.cores[size_t(d.findCore("c0"))].pin = TileCoord{7, 5};
  auto r = place(d, dev);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.placement.tile(d.findCore("c0")), (TileCoord{7, 5}));
  EXPECT_EQ(r.placement.tile(d.findCore("c1")), (TileCoord{7, 4}));
}

namespace {

/// A cost the SA knows nothing about (the seam the MILP-router cost uses): the sum of the
/// cores' columns, recomputed from scratch on every proposal as an exact model would.
class ColumnCost : public PlacementCost {
 public:
  explicit ColumnCost(int cores) : p_(cores) {}
  const char* name() const override { return "columns"; }
  double reset(const Placement& p) override {
    p_ = p;
    return total_ = evaluate(p_);
  }
  double propose(const std::vector<CoreMove>& moves) override {
    staged_ = p_;
    for (const auto& m : moves) staged_.place(m.core, m.to);
    return evaluate(staged_) - total_;
  }
  void commit() override { reset(staged_); }
  void revert() override {}
  double total() const override { return total_; }
  CostTerms terms() const override { return {{"total", total_}}; }
  double penalty() const override { return 0; }
  double evaluate(const Placement& p) const override {
    double sum = 0;
    for (CoreId c = 0; c < p.size(); ++c) sum += p.tile(c).col;
    return sum;
  }

 private:
  Placement p_, staged_;
  double total_ = 0;
};

}  // namespace

TEST(SaPlacer, TakesAPluggedInCostModel) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(chainYaml(4));
  SaPlacerConfig cfg;
  cfg.costFactory = [](const PlaceModel& m, ts::core::RunContext&) {
    return std::make_unique<ColumnCost>(m.coreCount());
  };
  auto r = place(d, dev, cfg, 5);
  ASSERT_TRUE(r.success);
  EXPECT_EQ(r.costName, "columns");
  EXPECT_DOUBLE_EQ(r.cost, 0.0);  // all four cores in column 0
  for (int i = 0; i < 4; ++i) EXPECT_EQ(r.placement.tile(i).col, 0);
}

TEST(SaPlacer, PublishesQorSamplesAndBestSoFarSnapshots) {
  struct Sink : ts::core::ProgressSink {
    std::vector<ts::core::QorSample> samples;
    int snapshots = 0, placementSnapshots = 0;
    void onSample(const ts::core::QorSample& s) override { samples.push_back(s); }
    void onSnapshot(std::shared_ptr<const ts::core::Snapshot> s) override {
      ++snapshots;
      placementSnapshots += std::dynamic_pointer_cast<const PlacementSnapshot>(s) != nullptr;
    }
  } sink;
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(8, 20, 3, 4, 40);
  ts::core::RunContext ctx(1, 0, nullptr, &sink);
  SaPlacerConfig cfg;
  cfg.maxReheats = 0;
  auto r = runSaPlacer({d, dev, {}}, cfg, ctx);
  ASSERT_TRUE(r.success);
  ASSERT_FALSE(sink.samples.empty());
  const auto& last = sink.samples.back();  // the forced final sample
  for (const char* term :
       {"total", "wirelength", "congestion", "penalty", "temperature", "acceptance", "moves_per_s", "best"})
    EXPECT_TRUE(last.has(term)) << term;
  EXPECT_EQ(last.phase, "quench");
  EXPECT_GE(sink.snapshots, 1);
  EXPECT_EQ(sink.placementSnapshots, sink.snapshots);
}

TEST(SaPlacer, AnnealsAgainWhileTheBestPlacementHasOveruse) {
  Device dev = loadDevice("npu2");
  // A core feeding sixteen others: only its few neighbours can share memory with it, the rest
  // need more MM2S channels than a tile has, so every placement keeps a DMA penalty.
  std::string y = "design: star\ndevice: npu2\ncores:\n  - {name: hub, kind: compute}\n";
  for (int i = 0; i < 16; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  y += "nets:\n";
  for (int i = 0; i < 16; ++i)
    y += "  - {name: n" + std::to_string(i) + ", source: hub, targets: [k" + std::to_string(i) + "], bytes: 256}\n";
  Design star = ts::test::designFromYaml(y);
  SaPlacerConfig cfg;
  cfg.cost = "bb";
  cfg.maxReheats = 3;
  SaPlacerResult r = place(star, dev, cfg);
  EXPECT_GT(r.terms[2].second, 0.0) << "expected a lasting DMA penalty";
  // Reheats cannot lower a penalty the design forces, so two fruitless ones in a row end them.
  EXPECT_EQ(r.reheats, 2);
  cfg.reheatPatience = 3;
  EXPECT_EQ(place(star, dev, cfg).reheats, 3);
  cfg.reheatPatience = 2;
  cfg.maxReheats = 0;
  EXPECT_EQ(place(star, dev, cfg).reheats, 0);
  // Without overuse the first anneal is the last.
  cfg.maxReheats = 3;
  SaPlacerResult chain = place(ts::test::designFromYaml(chainYaml(6)), dev, cfg);
  EXPECT_EQ(chain.terms[2].second, 0.0);
  EXPECT_EQ(chain.reheats, 0);
}
