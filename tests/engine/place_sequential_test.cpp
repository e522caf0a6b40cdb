// The sequential (AMD IRON) baseline: its order, its endpoint search and its failures.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/place/sequential_placer.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

SequentialPlacerResult placeSequential(const Design& d, const Device& dev, Placement start = {},
                                       SequentialPlacerConfig cfg = {}) {
  ts::core::RunContext ctx(1);
  return runSequentialPlacer({d, dev, std::move(start)}, cfg, ctx);
}

}  // namespace

TEST(SequentialPlacer, ComputeCoresGoColumnByColumnInDeclarationOrder) {
  Device dev = loadDevice("npu2");
  std::string y = "design: s\ndevice: npu2\ncores:\n";
  for (int i = 0; i < 6; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  y += "nets:\n  - {name: n, source: k0, targets: [k5], bytes: 64}\n";
  Design d = ts::test::designFromYaml(y);
  auto r = placeSequential(d, dev);
  ASSERT_TRUE(r.success) << r.reasons.front();
  const TileCoord want[] = {{0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 2}, {1, 3}};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(r.placement.tile(i), want[i]) << i;
}

TEST(SequentialPlacer, EndpointsSearchRightwardFromTheMeanColumn) {
  Device dev = loadDevice("npu2");
  // Eight compute cores fill columns 0 and 1. The input's compute endpoints are k0 (col 0)
  // and k4 (col 1): mean 0.5, which Python rounds to 0. The output's endpoints k5..k7 (col 1)
  // give column 1. The memory tile of the second input has no compute endpoint: column 0.
  Design d = ts::test::designFromYaml(R"(design: e
device: npu2
cores:
  - {name: k0, kind: compute}
  - {name: k1, kind: compute}
  - {name: k2, kind: compute}
  - {name: k3, kind: compute}
  - {name: k4, kind: compute}
  - {name: k5, kind: compute}
  - {name: k6, kind: compute}
  - {name: k7, kind: compute}
  - {name: in, kind: shim}
  - {name: out, kind: shim}
  - {name: in2, kind: shim}
  - {name: mt, kind: mem}
nets:
  - {name: a, source: in, targets: [k0, k4], bytes: 64}
  - {name: b, source: k5, targets: [out], bytes: 64}
  - {name: c, source: in2, targets: [mt], bytes: 64}
  - {name: d, source: mt, targets: [k7], bytes: 64}
links:
  - {inputs: [c], outputs: [d]}
)");
  auto r = placeSequential(d, dev);
  ASSERT_TRUE(r.success) << r.reasons.front();
  EXPECT_EQ(r.placement.tile(d.findCore("in")), (TileCoord{0, 0}));
  EXPECT_EQ(r.placement.tile(d.findCore("out")), (TileCoord{1, 0}));
  EXPECT_EQ(r.placement.tile(d.findCore("in2")), (TileCoord{0, 0}));  // 2 MM2S at (0,0): both fit
  EXPECT_EQ(r.placement.tile(d.findCore("mt")), (TileCoord{0, 1}));   // net c has no compute endpoint
}

TEST(SequentialPlacer, FailsWhenShimChannelsRunOut) {
  // n inputs from DRAM, one per compute core (4 per column). Each input searches the shim
  // tiles (2 MM2S each) at or right of its core's column; 16 fit on npu2's 8 shim tiles, the
  // 17th (for a core in column 4) finds nothing left to its right.
  Device dev = loadDevice("npu2");
  auto inputs = [](int n) {
    std::string y = "design: f\ndevice: npu2\ncores:\n";
    for (int i = 0; i < n; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
    for (int i = 0; i < n; ++i) y += "  - {name: s" + std::to_string(i) + ", kind: shim}\n";
    y += "nets:\n";
    for (int i = 0; i < n; ++i)
      y += "  - {name: n" + std::to_string(i) + ", source: s" + std::to_string(i) + ", targets: [k" +
           std::to_string(i) + "], bytes: 64}\n";
    return ts::test::designFromYaml(y);
  };
  auto r = placeSequential(inputs(17), dev);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.status, "failed");
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("free DMA channels at or right of column 4"), std::string::npos)
      << r.reasons.front();
  auto ok = placeSequential(inputs(16), dev);
  EXPECT_TRUE(ok.success);
  EXPECT_EQ(ok.placement.tile(16 + 15), (TileCoord{7, 0}));
}

TEST(SequentialPlacer, FailsWhenComputeTilesRunOut) {
  Device dev = loadDevice("npu1");
  std::string y = "design: f\ndevice: npu1\ncores:\n";
  for (int i = 0; i < 17; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  auto r = placeSequential(ts::test::designFromYaml(y), dev);
  EXPECT_FALSE(r.success);
  EXPECT_NE(r.reasons.front().find("ran out of compute tiles"), std::string::npos);
}

TEST(SequentialPlacer, DoesNotCheckMemory) {
  // Two memory-tile endpoints of 300 KiB each go to the same tile (its channels fit), which
  // the independent checker then rejects: IRON's placer has no memory check either. (One
  // column: no neighbour memory tile to spill into.)
  Device dev = loadDevice("npu1_1col");
  Design d = ts::test::designFromYaml(R"(design: m
device: npu1_1col
cores:
  - {name: k0, kind: compute}
  - {name: m0, kind: mem}
  - {name: m1, kind: mem}
nets:
  - {name: a, source: m0, targets: [k0], bytes: 307200, depth: 1}
  - {name: b, source: m1, targets: [k0], bytes: 307200, depth: 1}
)");
  auto r = placeSequential(d, dev);
  EXPECT_EQ(r.placement.tile(1), r.placement.tile(2));
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("bytes of buffers"), std::string::npos) << r.reasons.front();
}

TEST(SequentialPlacer, PinnedCoresStayAndAreSkipped) {
  Device dev = loadDevice("npu2");
  std::string y = "design: p\ndevice: npu2\ncores:\n";
  for (int i = 0; i < 4; ++i) y += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  y += "  - {name: s, kind: shim, pin: [5, 0]}\n";
  y += "nets:\n  - {name: n, source: s, targets: [k1, k2], bytes: 64}\n";
  Design d = ts::test::designFromYaml(y);
  Placement start = Placement::fromDesignPins(d);
  start.place(0, {0, 3});
  start.setPinned(0, true);
  auto r = placeSequential(d, dev, start);
  ASSERT_TRUE(r.success) << r.reasons.front();
  EXPECT_EQ(r.placement.tile(0), (TileCoord{0, 3}));
  EXPECT_EQ(r.placement.tile(1), (TileCoord{0, 2}));  // (0,3) is taken: skipped
  EXPECT_EQ(r.placement.tile(2), (TileCoord{0, 4}));
  EXPECT_EQ(r.placement.tile(3), (TileCoord{0, 5}));
  EXPECT_EQ(r.placement.tile(4), (TileCoord{5, 0}));
  // Without keep_start, a merely placed (unpinned) core is placed afresh.
  Placement loose = Placement::fromDesignPins(d);
  loose.place(0, {6, 5});
  SequentialPlacerConfig cfg;
  cfg.keepStartPlacement = false;
  EXPECT_EQ(placeSequential(d, dev, loose, cfg).placement.tile(0), (TileCoord{0, 2}));
  EXPECT_EQ(placeSequential(d, dev, loose).placement.tile(0), (TileCoord{6, 5}));
}

TEST(SequentialPlacer, CancelReturnsAtOnce) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::randomDesign(3, 20, 3, 3, 30);
  auto token = std::make_shared<ts::core::CancelToken>();
  token->requestStop();
  ts::core::RunContext ctx(1, 0, token);
  auto r = runSequentialPlacer({d, dev, {}}, {}, ctx);
  EXPECT_EQ(r.status, "cancelled");
  EXPECT_FALSE(r.success);
}
