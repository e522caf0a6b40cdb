// The independent placement checker.
#include <gtest/gtest.h>

#include "engine/aie/design_fit.h"
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/legality.h"

using namespace ts::aie;

namespace {

const char* kLegalityDesign = R"(design: d
device: npu2
cores:
  - {name: shim_a, kind: shim}
  - {name: shim_b, kind: shim}
  - {name: mem_a, kind: mem}
  - {name: mem_b, kind: mem}
  - {name: c0, kind: compute, pin: [0, 2]}
  - {name: c1, kind: compute}
  - {name: c2, kind: compute}
nets:
  - {name: i0, source: shim_a, targets: [mem_a], bytes: 1024}
  - {name: i1, source: shim_b, targets: [mem_b], bytes: 1024}
  - {name: d0, source: mem_a, targets: [c0, c1], bytes: 512}
  - {name: d1, source: mem_b, targets: [c2], bytes: 512}
  - {name: d2, source: mem_a, targets: [c2], bytes: 512}
  - {name: d3, source: mem_b, targets: [c1], bytes: 100000}
links:
  - {inputs: [i0], outputs: [d0]}
)";

struct Fixture : ::testing::Test {
  Design design = parseDesignYaml(kLegalityDesign, "d.yaml").design;
  Device device = loadDevice("npu2");
  Placement legal() const {
    Placement p = Placement::fromDesignPins(design);
    p.place(design.findCore("shim_a"), {0, 0});
    p.place(design.findCore("shim_b"), {1, 0});
    p.place(design.findCore("mem_a"), {0, 1});
    p.place(design.findCore("mem_b"), {1, 1});
    p.place(design.findCore("c1"), {0, 3});
    p.place(design.findCore("c2"), {1, 2});
    return p;
  }
  std::vector<std::string> codes(const Placement& p, PlacementCheckOptions o = {}) const {
    std::vector<std::string> out;
    for (const auto& v : checkPlacement(design, device, p, o)) out.push_back(v.code);
    return out;
  }
};

using Codes = std::vector<std::string>;

}  // namespace

TEST_F(Fixture, LegalPlacementHasNoViolations) {
  EXPECT_TRUE(codes(legal()).empty());
}

TEST_F(Fixture, UnplacedCoresAreReportedOnlyWhenCompletenessIsRequired) {
  Placement p = legal();
  p.unplace(design.findCore("c1"));
  EXPECT_EQ(codes(p), Codes{"unplaced"});
  PlacementCheckOptions partial;
  partial.requireComplete = false;
  EXPECT_TRUE(codes(p, partial).empty());
}

TEST_F(Fixture, TileKindAndBounds) {
  Placement p = legal();
  p.place(design.findCore("c1"), {0, 1});  // compute core on a memory tile
  EXPECT_EQ(codes(p), Codes{"tile-kind"});
  p = legal();
  p.place(design.findCore("c1"), {8, 3});
  EXPECT_EQ(codes(p), Codes{"outside"});
}

TEST_F(Fixture, OneComputeCorePerTile) {
  Placement p = legal();
  p.place(design.findCore("c1"), {1, 2});
  auto v = checkPlacement(design, device, p);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].code, "overlap");
  EXPECT_NE(v[0].message.find("(1,2)"), std::string::npos);
}

TEST_F(Fixture, DesignPinsAndPinnedCoresAreRespected) {
  Placement p = legal();
  p.place(design.findCore("c0"), {2, 2});
  EXPECT_EQ(codes(p), Codes{"pin"});
  Placement start = legal();
  start.setPinned(design.findCore("c1"), true);
  Placement moved = start;
  moved.place(design.findCore("c1"), {3, 3});
  PlacementCheckOptions o;
  o.reference = &start;
  EXPECT_EQ(codes(moved, o), Codes{"pin"});
  EXPECT_TRUE(codes(start, o).empty());
}

TEST_F(Fixture, MergedEndpointsWithinDmaCapacity) {
  // Two shims on one tile: 2 nets out of 2 MM2S channels is fine.
  Placement p = legal();
  p.place(design.findCore("shim_b"), {0, 0});
  EXPECT_TRUE(codes(p).empty());
  // Both memory tiles on one: inputs 2, outputs 4 (d0, d1, d2, d3) within 6/6, but memory
  // 100000 x 2 (d3) + the rest still fits 512 KiB.
  p = legal();
  p.place(design.findCore("mem_b"), {0, 1});
  EXPECT_TRUE(codes(p).empty());
}

TEST_F(Fixture, MergedEndpointsOverDmaCapacity) {
  // Three shim endpoints sending three nets from one shim tile exceed its 2 MM2S channels.
  Design d = design;
  d.cores.push_back({"shim_c", CoreKind::Shim, 0, 0, std::nullopt, ""});
  d.cores.push_back({"mem_c", CoreKind::MemTile, 0, 0, std::nullopt, ""});
  d.nets.push_back({"i2", CoreId(d.coreCount() - 2), {CoreId(d.coreCount() - 1)}, 64, 2, {2}});
  Placement p(d.coreCount());
  Placement base = legal();
  for (int c = 0; c < design.coreCount(); ++c) {
    p.place(c, base.tile(c));
    p.setPinned(c, base.pinned(c));
  }
  p.place(d.coreCount() - 2, {0, 0});
  p.place(d.findCore("shim_b"), {0, 0});
  p.place(d.coreCount() - 1, {2, 1});
  auto v = checkPlacement(d, device, p);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].code, "dma-out");
  EXPECT_NE(v[0].message.find("2 MM2S"), std::string::npos) << v[0].message;
}

TEST_F(Fixture, MemoryTileBufferCapacity) {
  Design d = design;
  d.nets[d.findNet("d3")].bytesPerObject = 300 * 1024;  // 2 x 300 KiB on mem_b > 512 KiB
  EXPECT_EQ(streamBufferBytes(d, d.findCore("mem_b")), 2 * 512 + 2 * 300 * 1024 + 2 * 1024);
  // ... which its neighbour memory tiles' spare memory takes (memtile_spill_test.cpp).
  EXPECT_TRUE(checkPlacement(d, device, legal()).empty());
  d.nets[d.findNet("d3")].bytesPerObject = 800 * 1024;  // 1600 KiB > three tiles' 1536 KiB
  auto v = checkPlacement(d, device, legal());
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].code, "memory");
}

TEST_F(Fixture, LinkedNetsShareOneBufferAtTheirCore) {
  // mem_a: link i0 -> d0 shares max(2 x 1024 in, 2 x 512 out) = 2048, plus d2's 2 x 512.
  EXPECT_EQ(streamBufferBytes(design, design.findCore("mem_a")), 2048 + 1024);
  EXPECT_EQ(streamBufferBytes(design, design.findCore("c1")), 2 * 512 + 2 * 100000);
}

TEST_F(Fixture, ADesignThatCannotFitTheDeviceIsNamedBeforeAnyPlacement) {
  EXPECT_TRUE(designFitProblems(design, device).empty());
  // Versal AIE (AIE1) has no memory tiles for the two mem cores.
  auto aie1 = designFitProblems(design, loadDevice("xcvc1902"));
  ASSERT_EQ(aie1.size(), 1u);
  EXPECT_EQ(aie1[0], "the design has 2 mem cores but xcvc1902 has no memory tiles");
  // One compute core more than the array has compute tiles; one per tile still fits.
  Design full = design;
  const int tiles = device.countTiles(TileKind::Compute);
  auto addCompute = [&](const std::string& name) {
    LogicalCore c;
    c.name = name;
    c.kind = CoreKind::Compute;
    full.cores.push_back(c);
  };
  while (full.countCores(CoreKind::Compute) < tiles) addCompute("extra" + std::to_string(full.coreCount()));
  EXPECT_TRUE(designFitProblems(full, device).empty());
  addCompute("one_too_many");
  auto over = designFitProblems(full, device);
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0], "the design has " + std::to_string(tiles + 1) + " compute cores but npu2 has only " +
                         std::to_string(tiles) + " compute tiles");
}
