// AIE4ML block placement: block shapes, the branch and bound against brute force, pins and
// cancel.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>

#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/block_placer.h"
#include "place_test_util.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// Three layers: A is 3 wide x 2 high (two cascade rows), B 2 x 1, C 1 x 3 (no cascades);
// data comes from a shim through a memory tile and leaves the same way.
const char* kLayers = R"(design: mlp
device: npu2
cores:
  - {name: a0, group: A}
  - {name: a1, group: A}
  - {name: a2, group: A}
  - {name: a3, group: A}
  - {name: a4, group: A}
  - {name: a5, group: A}
  - {name: b0, group: B}
  - {name: b1, group: B}
  - {name: c0, group: C}
  - {name: c1, group: C}
  - {name: c2, group: C}
  - {name: in, kind: shim}
  - {name: min, kind: mem}
  - {name: mout, kind: mem}
  - {name: out, kind: shim}
nets:
  - {name: x, source: in, targets: [min], bytes: 256}
  - {name: xa, source: min, targets: [a0, a3], bytes: 256}
  - {name: ab, source: a2, targets: [b0], bytes: 128}
  - {name: ab2, source: a5, targets: [b0], bytes: 128}
  - {name: bc, source: b1, targets: [c0, c1, c2], bytes: 64}
  - {name: co, source: c2, targets: [mout], bytes: 64}
  - {name: y, source: mout, targets: [out], bytes: 64}
links:
  - {inputs: [x], outputs: [xa]}
  - {inputs: [co], outputs: [y]}
cascades:
  - [a0, a1]
  - [a1, a2]
  - [a3, a4]
  - [a4, a5]
  - [b0, b1]
)";

/// The minimum J over every non-overlapping layout (origins with `fixed` where given).
double bruteForce(const std::vector<LayerBlock>& blocks, int cols, int rows, const BlockPlacerConfig& cfg,
                  const std::vector<std::optional<TileCoord>>& fixed = {}) {
  double best = std::numeric_limits<double>::infinity();
  std::vector<TileCoord> origins(blocks.size());
  std::vector<char> busy(size_t(cols * rows), 0);
  std::function<void(size_t)> go = [&](size_t i) {
    if (i == blocks.size()) {
      best = std::min(best, blockObjective(blocks, origins, cfg));
      return;
    }
    for (int r = 0; r + blocks[i].height <= rows; ++r)
      for (int c = 0; c + blocks[i].width <= cols; ++c) {
        if (i < fixed.size() && fixed[i] && *fixed[i] != TileCoord{c, r}) continue;
        bool ok = true;
        for (const auto& cell : blocks[i].cells) ok = ok && !busy[size_t((r + cell.dr) * cols + c + cell.dc)];
        if (!ok) continue;
        for (const auto& cell : blocks[i].cells) busy[size_t((r + cell.dr) * cols + c + cell.dc)] = 1;
        origins[i] = {c, r};
        go(i + 1);
        for (const auto& cell : blocks[i].cells) busy[size_t((r + cell.dr) * cols + c + cell.dc)] = 0;
      }
  };
  go(0);
  return best;
}

BlockPlacerResult place(const Design& d, const Device& dev, BlockPlacerConfig cfg = {}, Placement start = {}) {
  ts::core::RunContext ctx(1);
  return runBlockPlacer({d, dev, std::move(start)}, cfg, ctx);
}

}  // namespace

TEST(BlockPlacer, BlocksFollowCascades) {
  Design d = ts::test::designFromYaml(kLayers);
  std::vector<std::string> problems;
  auto blocks = layerBlocks(d, problems);
  ASSERT_TRUE(problems.empty());
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].group, "A");
  EXPECT_EQ(blocks[0].width, 3);
  EXPECT_EQ(blocks[0].height, 2);
  EXPECT_EQ(blocks[1].width, 2);
  EXPECT_EQ(blocks[1].height, 1);
  EXPECT_EQ(blocks[2].width, 1);
  EXPECT_EQ(blocks[2].height, 3);
  // a4 is the middle of the second cascade row.
  bool found = false;
  for (const auto& c : blocks[0].cells)
    if (c.core == d.findCore("a4")) found = c.dc == 1 && c.dr == 1;
  EXPECT_TRUE(found);
}

TEST(BlockPlacer, BranchAndBoundFindsTheBruteForceOptimum) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(kLayers);
  for (double mu : {0.05, 0.7}) {
    for (double lambda : {1.0, 0.3}) {
      BlockPlacerConfig cfg;
      cfg.fixFirst = false;
      cfg.mu = mu;
      cfg.lambda = lambda;
      auto r = place(d, dev, cfg);
      ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
      EXPECT_TRUE(r.optimal);
      EXPECT_NEAR(r.objective, bruteForce(r.blocks, 8, 4, cfg), 1e-9) << "mu " << mu << " lambda " << lambda;
      EXPECT_NEAR(blockObjective(r.blocks, r.origins, cfg), r.objective, 1e-12);
      // The placement is the block layout: cascades hold, every core is placed legally.
      for (const Cascade& c : d.cascades) EXPECT_TRUE(dev.canCascade(r.placement.tile(c.from), r.placement.tile(c.to)));
      EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
    }
  }
}

TEST(BlockPlacer, PinsAreHardConstraints) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(kLayers);
  d.cores[size_t(d.findCore("c1"))].pin = TileCoord{6, 4};  // C's origin must be (6, rel row 1)
  Placement start = Placement::fromDesignPins(d);
  start.place(d.findCore("b1"), {2, 5});  // pinned in the start: B's origin is (1, rel row 3)
  start.setPinned(d.findCore("b1"), true);
  BlockPlacerConfig cfg;
  cfg.fixFirst = false;
  auto r = place(d, dev, cfg, start);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.placement.tile(d.findCore("c1")), (TileCoord{6, 4}));
  EXPECT_EQ(r.placement.tile(d.findCore("b1")), (TileCoord{2, 5}));
  EXPECT_EQ(r.origins[2], (TileCoord{6, 1}));
  std::vector<std::optional<TileCoord>> fixed{std::nullopt, TileCoord{1, 3}, TileCoord{6, 1}};
  EXPECT_NEAR(r.objective, bruteForce(r.blocks, 8, 4, cfg, fixed), 1e-9);
  // Contradictory pins are reported, not ignored.
  d.cores[size_t(d.findCore("c2"))].pin = TileCoord{0, 5};
  auto bad = place(d, dev, cfg);
  EXPECT_FALSE(bad.success);
  ASSERT_FALSE(bad.reasons.empty());
  EXPECT_NE(bad.reasons.front().find("layer 'C'"), std::string::npos) << bad.reasons.front();
}

TEST(BlockPlacer, StartsFromAValidLayout) {
  // An optimal start layout is kept (the search only replaces it with something better).
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(kLayers);
  auto first = place(d, dev);
  ASSERT_TRUE(first.success);
  auto again = place(d, dev, {}, first.placement);
  ASSERT_TRUE(again.success);
  EXPECT_EQ(again.origins, first.origins);
}

TEST(BlockPlacer, DesignsWithoutLayersFailClearly) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(4, 6, 1, 1, 6);
  auto r = place(d, dev);
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("no layers"), std::string::npos);
}

namespace {

// 24 layers of two 2-long cascades on xcve2802: far too many layouts to finish in seconds.
Design manyLayers() {
  std::string y = "design: many\ndevice: xcve2802\ncores:\n";
  for (int b = 0; b < 24; ++b)
    for (int k = 0; k < 4; ++k)
      y += "  - {name: g" + std::to_string(b) + "_" + std::to_string(k) + ", group: L" + std::to_string(b) + "}\n";
  y += "cascades:\n";
  for (int b = 0; b < 24; ++b)
    y += "  - [g" + std::to_string(b) + "_0, g" + std::to_string(b) + "_1]\n  - [g" + std::to_string(b) + "_2, g" +
         std::to_string(b) + "_3]\n";
  return ts::test::designFromYaml(y);
}

}  // namespace

TEST(BlockPlacer, CancelStopsWithinAHundredMillisecondsWithTheBestLayout) {
  Device dev = loadDevice("xcve2802");
  Design d = manyLayers();
  auto token = std::make_shared<ts::core::CancelToken>();
  ts::core::RunContext ctx(1, 0, token);
  BlockPlacerResult r;
  double ms = ts::test::stopLatencyMs(*token, 300, [&] { r = runBlockPlacer({d, dev, {}}, {}, ctx); });
  ASSERT_EQ(r.status, "cancelled");  // the instance is far too large to finish in 0.3 s
  EXPECT_LT(ms, 100.0 * ts::test::kTimingSlack);
  EXPECT_FALSE(r.optimal);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
}

TEST(BlockPlacer, WithoutATimeLimitTheSearchStopsAtItsBudgetAndSaysSo) {
  Device dev = loadDevice("xcve2802");
  Design d = manyLayers();
  struct Samples : ts::core::ProgressSink {
    std::vector<int64_t> iterations;
    void onSample(const ts::core::QorSample& s) override {
      if (s.phase == "branch and bound") iterations.push_back(s.iteration);
    }
  } samples;
  BlockPlacerConfig cfg;
  cfg.searchSeconds = 0.4;
  ts::core::RunContext ctx(1, 0, nullptr, &samples);  // no run time limit
  BlockPlacerResult r = runBlockPlacer({d, dev, {}}, cfg, ctx);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
  EXPECT_EQ(r.status, "placed");
  EXPECT_TRUE(r.searchBudgetSpent);
  EXPECT_FALSE(r.optimal);
  // The search reports while the incumbent stays, not only when it improves.
  ASSERT_GE(samples.iterations.size(), 3u);
  EXPECT_TRUE(std::is_sorted(samples.iterations.begin(), samples.iterations.end()));

  // A run time limit replaces the budget.
  ts::core::RunContext limited(1, 0.3);
  cfg.searchSeconds = 0.05;
  r = runBlockPlacer({d, dev, {}}, cfg, limited);
  EXPECT_FALSE(r.searchBudgetSpent);
  EXPECT_EQ(r.status, "time-out");
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? "" : r.reasons.front());
}
