// Partial pins (a core held in its column or row) and cascade adjacency: the design model, the
// YAML format, the checker and every placer.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;

namespace {

// A pipeline with a column-pinned core, a row-pinned core, a column-pinned memory tile and a
// cascade pair.
const char* kPinned = R"(design: pinned
device: npu2
cores:
  - {name: in, kind: shim}
  - {name: m, kind: mem, pin: {column: 6}}
  - {name: a, pin: {column: 5}}
  - {name: b, pin: {row: 3}}
  - {name: c}
  - {name: d}
  - {name: out, kind: shim}
nets:
  - {name: x, source: in, targets: [m], bytes: 512}
  - {name: ma, source: m, targets: [a], bytes: 512}
  - {name: ab, source: a, targets: [b], bytes: 512}
  - {name: bc, source: b, targets: [c], bytes: 512}
  - {name: y, source: d, targets: [out], bytes: 512}
cascades:
  - [c, d]
)";

std::vector<std::string> codes(const std::vector<Violation>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.code);
  return out;
}

}  // namespace

TEST(PartialPins, YamlReadsAndWritesThem) {
  DesignFile f = parseDesignYaml(kPinned, "p.yaml");
  const Design& d = f.design;
  EXPECT_EQ(d.cores[d.findCore("a")].pinColumn, 5);
  EXPECT_EQ(d.cores[d.findCore("b")].pinRow, 3);
  EXPECT_TRUE(d.cores[d.findCore("a")].partlyPinned());
  DesignFile back = parseDesignYaml(designToYaml(d), "back.yaml");
  ASSERT_EQ(back.design.coreCount(), d.coreCount());
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    EXPECT_EQ(back.design.cores[c].pinColumn, d.cores[c].pinColumn);
    EXPECT_EQ(back.design.cores[c].pinRow, d.cores[c].pinRow);
  }
  // Both keys make a full pin; unknown keys are refused with the line.
  DesignFile full = parseDesignYaml("design: f\ndevice: npu2\ncores:\n  - {name: a, pin: {column: 1, row: 2}}\n", "f");
  EXPECT_EQ(full.design.cores[0].pin, (TileCoord{1, 2}));
  try {
    parseDesignYaml("design: f\ndevice: npu2\ncores:\n  - {name: a, pin: {col: 1}}\n", "f.yaml");
    ADD_FAILURE() << "accepted pin: {col: 1}";
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.line(), 4);
  }
}

TEST(PartialPins, TheCheckerNamesAPartialPinAndABrokenCascade) {
  Design d = parseDesignYaml(kPinned, "p.yaml").design;
  const Device dev = loadDevice("npu2");
  Placement p(d.coreCount());
  auto at = [&](const char* name, TileCoord t) { p.place(d.findCore(name), t); };
  at("in", {5, 0}), at("m", {6, 1}), at("a", {5, 2}), at("b", {5, 3}), at("c", {4, 4}), at("d", {4, 3});
  at("out", {4, 0});
  EXPECT_TRUE(checkPlacement(d, dev, p).empty());
  at("a", {4, 2});  // leaves its column
  at("d", {4, 5});  // north of c: not a cascade neighbour on AIE2
  auto v = checkPlacement(d, dev, p);
  ASSERT_EQ(codes(v), (std::vector<std::string>{"pin", "cascade"}));
  EXPECT_NE(v[0].message.find("must stay in column 5"), std::string::npos) << v[0].message;
  EXPECT_NE(v[1].message.find("one row south or one column east"), std::string::npos) << v[1].message;
}

TEST(PartialPins, EveryPlacerHonoursThemAndKeepsCascadesAdjacent) {
  Design d = parseDesignYaml(kPinned, "p.yaml").design;
  const Device dev = loadDevice("npu2");
  for (const PlacerInfo& placer : placerRegistry()) {
    if (placer.name == "manual" || placer.name == "blocks") continue;  // blocks: next test
    SCOPED_TRACE(placer.name);
    ts::core::RunContext ctx(3, 20);
    ts::core::ParamValues values;
    if (placer.name == "sa") values["max_moves"] = "200000";
    PlaceOutcome r = placer.run(d, dev, Placement(), values, ctx);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_EQ(r.placement.tile(d.findCore("a")).col, 5);
    EXPECT_EQ(r.placement.tile(d.findCore("b")).row, 3);
    EXPECT_EQ(r.placement.tile(d.findCore("m")).col, 6);
    EXPECT_TRUE(dev.canCascade(r.placement.tile(d.findCore("c")), r.placement.tile(d.findCore("d"))));
  }
}

TEST(PartialPins, TheBlockPlacerKeepsAColumnPinnedLayerInItsColumn) {
  Design d = parseDesignYaml(R"(design: layers
device: npu2
cores:
  - {name: a0, group: A}
  - {name: a1, group: A}
  - {name: b0, group: B, pin: {column: 6}}
  - {name: b1, group: B}
nets:
  - {name: ab, source: a1, targets: [b0], bytes: 128}
cascades:
  - [a0, a1]
  - [b0, b1]
)",
                             "layers.yaml")
                 .design;
  const Device dev = loadDevice("npu2");
  ts::core::RunContext ctx(1, 20);
  PlaceOutcome r = findPlacer("blocks")->run(d, dev, Placement(), {}, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.placement.tile(d.findCore("b0")).col, 6);
}

TEST(PartialPins, SequentialRunsCascadeChainsSouthAndFailsWhenAPinLeavesNoTile) {
  // MLIR-AIE's SA test: a cascade pair with a pinned source must keep its partner adjacent.
  const std::string cascades =
      ts::test::sharedData("mlir-aie/Xilinx+mlir-aie/test/place-tiles/sa_placer/test_sa_cascade.mlir");
  for (int module = 1; module <= 4; ++module) {
    MlirImport m = loadMlirDesign(cascades, module);
    const Device dev = loadDevice(m.design.device);
    ts::core::RunContext ctx(1);
    PlacerResult r = runSequentialPlacer({m.design, dev, m.placement}, SequentialPlacerConfig{}, ctx);
    ASSERT_TRUE(r.success) << "module " << module << ": " << (r.reasons.empty() ? "" : r.reasons.front());
    for (const Cascade& c : m.design.cascades)
      EXPECT_TRUE(dev.canCascade(r.placement.tile(c.from), r.placement.tile(c.to))) << "module " << module;
  }
  // Unpinned chain of three in declaration order: down the first column, not north.
  Design chain = parseDesignYaml(
                     "design: c\ndevice: npu2\ncores:\n  - {name: p}\n  - {name: q}\n  - {name: r}\n"
                     "cascades:\n  - [p, q]\n  - [q, r]\n",
                     "c.yaml")
                     .design;
  ts::core::RunContext ctx(1);
  const Device npu2 = loadDevice("npu2");
  PlacerResult r = runSequentialPlacer({chain, npu2, Placement()}, SequentialPlacerConfig{}, ctx);
  ASSERT_TRUE(r.success);
  EXPECT_EQ(r.placement.tile(0), (TileCoord{0, 4}));
  EXPECT_EQ(r.placement.tile(1), (TileCoord{0, 3}));
  EXPECT_EQ(r.placement.tile(2), (TileCoord{0, 2}));
  // MLIR-AIE's own error case: a column constraint on a full column.
  MlirImport full = loadMlirDesign(
      ts::test::sharedData("mlir-aie/Xilinx+mlir-aie/test/place-tiles/sequential_placer/test_place_errors.mlir"), 5);
  const Device col = loadDevice(full.design.device);
  PlacerResult f = runSequentialPlacer({full.design, col, full.placement}, SequentialPlacerConfig{}, ctx);
  ASSERT_FALSE(f.success);
  EXPECT_NE(f.reasons.front().find("matching the partial pin"), std::string::npos) << f.reasons.front();
}
