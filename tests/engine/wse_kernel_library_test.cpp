// Kernel library formulas on values computed by hand from the organizers' definitions.
#include <gtest/gtest.h>

#include "engine/wse/kernel_library.h"

using namespace ts::wse;

TEST(WseKernelLibrary, ConvPerformanceByHand) {
  // conv(H=14, W=14, R=3, S=3, C=256, K=256, T=1) with h=2, w=7, c=4, k=20:
  //   height 2*7*5 = 70, width 60, time 7*2*64*13*9 = 104832,
  //   memory 256/4*256/20*9 + 16/7*16/2*256/20 = 7372.8 + 234.0571...
  ConvSpec s{14, 14, 3, 3, 256, 256, 1, 1};
  Perf p = convPerf(s, 2, 7, 4, 20);
  EXPECT_EQ(p.height, 70);
  EXPECT_EQ(p.width, 60);
  EXPECT_DOUBLE_EQ(p.time, 104832);
  EXPECT_NEAR(p.memory, 7372.8 + 16.0 / 7 * 8 * 12.8, 1e-9);
}

TEST(WseKernelLibrary, StrideTwoGivesExactFractionalTimes) {
  // R*S/T^2 = 9/4: time 7*7*1*1*9/4 = 110.25.
  ConvSpec s{7, 7, 3, 3, 1, 1, 2, 2};
  EXPECT_DOUBLE_EQ(convTime(s, 1, 1, 1, 1), 110.25);
  // memory = 1*1*9 + 9*9*1 = 90 (the stride does not enter the memory formula)
  EXPECT_DOUBLE_EQ(convMemory(s, 1, 1, 1, 1), 90);
}

TEST(WseKernelLibrary, DblockIsMaxHeightSumWidthMaxTimeMaxMemory) {
  // dblock(14, 14, 1024): convs (1x1 1024->256), (3x3 256->256), (1x1 256->1024).
  KernelSpec d = KernelSpec::makeBlock(KernelType::DBlock, 14, 14, 1024);
  auto convs = d.convs();
  ASSERT_EQ(convs.size(), 3u);
  EXPECT_EQ(convs[0].C, 1024);
  EXPECT_EQ(convs[0].K, 256);
  EXPECT_EQ(convs[1].R, 3);
  EXPECT_EQ(convs[2].K, 1024);
  ExecArgs a{2, 7, {3, 4, 5}, {10, 20, 30}};
  Perf p = kernelPerf(d, a);
  EXPECT_EQ(p.height, 84);           // max(56, 70, 84)
  EXPECT_EQ(p.width, 180);           // 30 + 60 + 90
  EXPECT_DOUBLE_EQ(p.time, 124488);  // conv1: 7*2*342*26
  // conv1 memory: 1024/3*256/10 + 14/7*14/2*256/10
  EXPECT_NEAR(p.memory, 1024.0 / 3 * 25.6 + 2 * 7 * 25.6, 1e-9);
}

TEST(WseKernelLibrary, CblockUsesHalfResolutionAndStrides) {
  KernelSpec c = KernelSpec::makeBlock(KernelType::CBlock, 28, 28, 512);
  auto convs = c.convs();
  ASSERT_EQ(convs.size(), 4u);
  EXPECT_EQ(convs[1].T, 2);
  EXPECT_EQ(convs[2].H, 14);
  EXPECT_EQ(convs[2].C, 128);
  EXPECT_EQ(convs[3].C, 256);
  EXPECT_EQ(convs[3].T, 2);
  ExecArgs a{4, 4, {2, 2, 2, 2}, {8, 8, 8, 8}};
  Perf p = kernelPerf(c, a);
  EXPECT_EQ(p.height, 48);
  EXPECT_EQ(p.width, 96);
  // conv2: 7*7*64*16*9/4 = 112896 is the slowest; conv4 needs the most memory:
  // 256/2*512/8 + 28/4*28/4*512/8 = 8192 + 3136.
  EXPECT_DOUBLE_EQ(p.time, 112896);
  EXPECT_DOUBLE_EQ(p.memory, 11328);
}

TEST(WseKernelLibrary, AdapterCostCountsEachMismatch) {
  ExecArgs u{2, 3, {5, 6}, {1, 1}}, v{2, 3, {6, 9}, {1, 1}};
  EXPECT_EQ(adapterCost(u, v), 0);  // u's last c (6) meets v's first c (6)
  v.h = 1;
  EXPECT_EQ(adapterCost(u, v), 1);
  v.w = 1;
  EXPECT_EQ(adapterCost(u, v), 2);
  v.c[0] = 5;
  EXPECT_EQ(adapterCost(u, v), 3);
}

TEST(WseKernelLibrary, FormalArgumentsAndValidation) {
  KernelSpec conv = KernelSpec::makeConv({14, 12, 3, 3, 64, 32, 2, 2});
  EXPECT_EQ(conv.formalArgs(), (std::vector<int>{14, 12, 64, 32, 3, 3, 2, 2}));
  EXPECT_EQ(conv.validate(), "");
  EXPECT_NE(KernelSpec::makeBlock(KernelType::DBlock, 7, 7, 30).validate(), "");  // F not /4
  EXPECT_NE(KernelSpec::makeBlock(KernelType::CBlock, 1, 1, 64).validate(), "");
  EXPECT_NE(KernelSpec::makeConv({0, 1, 1, 1, 1, 1, 1, 1}).validate(), "");
}

TEST(WseKernelLibrary, ConvValuesHoldUpToFourValuesInline) {
  ConvValues v{3, 4, 5};
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v.front(), 3);
  EXPECT_EQ(v.back(), 5);
  ConvValues w = v;
  w[1] = 7;
  EXPECT_NE(v, w);  // a copy owns its values
  EXPECT_EQ(v[1], 4);
  w.assign(2, 9);
  EXPECT_EQ(w, (ConvValues{9, 9}));
  EXPECT_NE(w, (ConvValues{9, 9, 0}));  // the count is part of the value
  EXPECT_THROW(ConvValues(5, 1), std::length_error);
}
