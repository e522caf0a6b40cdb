// The AIE-ML designs for xcve2802: the AIE4ML MLP and CRONet (Table IV of the CRONet paper).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/aie/bench/cronet.h"
#include "engine/aie/bench/mlp.h"
#include "engine/aie/bench/suite.h"
#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/core/error.h"

using namespace ts::aie;

namespace {

const Device& ve2802() {
  static const Device d = loadDevice("xcve2802");
  return d;
}

std::map<std::string, int> computeCoresPerGroup(const Design& d) {
  std::map<std::string, int> out;
  for (const auto& c : d.cores)
    if (c.kind == CoreKind::Compute) ++out[c.group];
  return out;
}

void expectSound(const GeneratedDesign& g, const Device& device) {
  auto v = checkPlacement(g.design, device, g.placement);
  EXPECT_TRUE(v.empty()) << (v.empty() ? "" : v[0].message);
  FeasibilityReport f = checkRoutingFeasibility(g.design, device, g.placement);
  EXPECT_TRUE(f.feasible()) << (f.issues.empty() ? "" : f.issues[0].message);
  EndpointPlan plan = planEndpoints(g.design, device, g.placement);
  EXPECT_TRUE(plan.ok()) << (plan.issues.empty() ? "" : plan.issues[0].message);
  for (const Cascade& c : g.design.cascades)
    EXPECT_TRUE(device.canCascade(g.placement.tile(c.from), g.placement.tile(c.to)))
        << g.design.cores[c.from].name << " -> " << g.design.cores[c.to].name;
}

}  // namespace

TEST(SuiteMl, MlpLayersAreCascadeBlocks) {
  MlpSpec spec;  // AIE4ML's 7-layer MLP: seven 4x4 blocks
  GeneratedDesign g = generateMlp(ve2802(), spec);
  EXPECT_EQ(computeCoreCount(g.design), 112);
  auto groups = computeCoresPerGroup(g.design);
  ASSERT_EQ(groups.size(), 7u);
  for (const auto& [name, n] : groups) EXPECT_EQ(n, 16) << name;
  EXPECT_EQ(g.design.cascades.size(), 7u * 4 * 3);  // 3 hops along each of 4 rows per layer
  expectSound(g, ve2802());
  // Each block is a rectangle: cas_len columns by cas_num rows.
  std::map<std::string, std::pair<std::set<int>, std::set<int>>> extent;
  for (CoreId c = 0; c < g.design.coreCount(); ++c)
    if (g.design.cores[c].kind == CoreKind::Compute) {
      extent[g.design.cores[c].group].first.insert(g.placement.tile(c).col);
      extent[g.design.cores[c].group].second.insert(g.placement.tile(c).row);
    }
  for (const auto& [name, e] : extent) {
    EXPECT_EQ(e.first.size(), 4u) << name;
    EXPECT_EQ(e.second.size(), 4u) << name;
  }
}

TEST(SuiteMl, MlpTakesAnyLayerShapesThatFit) {
  MlpSpec spec;
  spec.name = "mlp_mixed";
  spec.layers = parseMlpLayers("8x4,4x8,6x2,2x2");
  GeneratedDesign g = generateMlp(ve2802(), spec);
  EXPECT_EQ(computeCoreCount(g.design), 32 + 32 + 12 + 4);
  EXPECT_EQ(g.design.cascades.size(), size_t(4 * 7 + 8 * 3 + 2 * 5 + 2 * 1));
  expectSound(g, ve2802());
  EXPECT_THROW(parseMlpLayers("4x"), ts::core::Error);
  EXPECT_THROW(parseMlpLayers("4x4,,2x2"), ts::core::Error);
  EXPECT_THROW(parseMlpLayers("0x3"), ts::core::Error);
  spec.layers = parseMlpLayers("40x2");
  EXPECT_THROW(generateMlp(ve2802(), spec), ts::core::Error);
}

TEST(SuiteMl, CronetMatchesTableFour) {
  GeneratedDesign g = generateCronet(ve2802());
  const Design& d = g.design;
  EXPECT_EQ(computeCoreCount(d), 223);
  EXPECT_EQ(d.countCores(CoreKind::MemTile), 11);
  EXPECT_EQ(d.countCores(CoreKind::Shim), 17);  // GMIO channels
  const std::map<std::string, int> expected = {
      {"t1_conv3d", 16}, {"t2_conv3d", 24}, {"t3_aap3d", 8},      {"t4_linear", 23}, {"t5_linear", 11},
      {"b1_conv2d", 5},  {"b2_conv2d", 40}, {"b3_maxpool2d", 40}, {"b4_aap2d", 5},   {"b5_rnn", 28},
      {"b6_linear", 1},  {"b7_linear", 11}, {"mul", 11}};
  EXPECT_EQ(computeCoresPerGroup(d), expected);
  expectSound(g, ve2802());
  // The MaxPool outputs join in memory tiles with more inputs than S2MM channels.
  FeasibilityReport f = checkRoutingFeasibility(d, ve2802(), g.placement);
  EXPECT_TRUE(f.needsMixedModes());
  EXPECT_THROW(generateCronet(loadDevice("npu2")), ts::core::Error);
}

TEST(SuiteMl, MlSuiteHasBothDesigns) {
  auto suite = generateMlSuite(ve2802(), 1);
  ASSERT_EQ(suite.size(), 2u);
  EXPECT_EQ(suite[0].topology, "mlp");
  EXPECT_EQ(suite[1].topology, "cronet");
  EXPECT_EQ(suite[1].size, SizeClass::Large);  // 223 of 304 compute tiles
  EXPECT_EQ(suite[0].size, SizeClass::Small);  // 112 of 304
}
