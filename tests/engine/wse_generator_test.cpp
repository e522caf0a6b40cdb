// Network generator: sizes of the generated graphs, agreement with the contest's ResNet-50
// cases, and a round trip through the .kgraph writer and reader.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/error.h"
#include "engine/wse/graph_generator.h"
#include "engine/wse/io/kgraph_io.h"
#include "test_util.h"

using namespace ts::wse;

namespace {

KernelGraph gen(NetworkKind kind, bool coarse = false, int div = 1) {
  GeneratorOptions o;
  o.kind = kind;
  o.coarse = coarse;
  o.featureDivisor = div;
  return generateNetwork(o);
}

std::vector<std::vector<int>> specsInDataFlowOrder(const KernelGraph& g) {
  std::vector<std::vector<int>> out;
  for (int k : depthFirstTopologicalOrder(g)) {
    auto f = g.kernels[size_t(k)].spec.formalArgs();
    f.insert(f.begin(), int(g.kernels[size_t(k)].spec.type));
    out.push_back(f);
  }
  return out;
}

}  // namespace

TEST(WseGenerator, GraphSizesMatchTheContestsNetworks) {
  struct {
    NetworkKind kind;
    bool coarse;
    int kernels, edges;
  } cases[] = {{NetworkKind::ResNet50, false, 52, 67},  {NetworkKind::ResNet50, true, 16, 15},
               {NetworkKind::ResNet75, false, 79, 103}, {NetworkKind::ResNet75, true, 25, 24},
               {NetworkKind::UNet, false, 23, 26},      {NetworkKind::FcNet, false, 26, 25}};
  for (const auto& c : cases) {
    KernelGraph g = gen(c.kind, c.coarse);
    EXPECT_EQ(g.kernelCount(), c.kernels) << g.test;
    EXPECT_EQ(int(g.kernelEdges.size()), c.edges) << g.test;
    EXPECT_EQ(int(depthFirstTopologicalOrder(g).size()), c.kernels) << g.test;
  }
}

TEST(WseGenerator, ResNet50MatchesTheContestCasesAAndD) {
  // Case A is the coarse ResNet-50 and case D the fine one: same kernels in data-flow order.
  auto a = readKgraph(ts::test::sharedData("ispd20/benchmarks/A.kgraph"));
  EXPECT_EQ(specsInDataFlowOrder(gen(NetworkKind::ResNet50, true)), specsInDataFlowOrder(a));
  auto d = readKgraph(ts::test::sharedData("ispd20/benchmarks/D.kgraph"));
  auto mine = specsInDataFlowOrder(gen(NetworkKind::ResNet50, false));
  auto theirs = specsInDataFlowOrder(d);
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  EXPECT_EQ(mine, theirs);
}

TEST(WseGenerator, LeanNetworkDividesFeatures) {
  KernelGraph lean = gen(NetworkKind::ResNet50, true, 16);
  int maxF = 0;
  for (const auto& k : lean.kernels) maxF = std::max(maxF, k.spec.F);
  EXPECT_EQ(maxF, 2048 / 16);
  EXPECT_EQ(lean.nodes[0].dims, (std::vector<int>{112, 112, 8}));
}

TEST(WseGenerator, RoundTripsThroughTheKgraphFormat) {
  for (auto kind : {NetworkKind::ResNet75, NetworkKind::UNet, NetworkKind::FcNet}) {
    KernelGraph g = gen(kind);
    KernelGraph back = parseKgraph(formatKgraph(g), "generated.kgraph");
    ASSERT_EQ(back.kernelCount(), g.kernelCount());
    EXPECT_EQ(back.kernelEdges.size(), g.kernelEdges.size());
    for (int i = 0; i < g.kernelCount(); ++i) EXPECT_TRUE(back.kernels[size_t(i)].spec == g.kernels[size_t(i)].spec);
  }
}

TEST(WseGenerator, RejectsOptionsThatMakeNoNetwork) {
  GeneratorOptions o;
  o.kind = NetworkKind::UNet;
  o.coarse = true;
  EXPECT_THROW(generateNetwork(o), ts::core::Error);
  o.kind = NetworkKind::ResNet50;
  o.coarse = false;
  o.featureDivisor = 128;
  EXPECT_THROW(generateNetwork(o), ts::core::Error);
}
