// Optimal kernel sizing against brute force: Theorem 1 (one shared c loses nothing), the
// minimum k of equation (5), and the final Pareto pruning with rotation.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include "engine/wse/sizing.h"

using namespace ts::wse;

namespace {

using Shape = std::pair<int, int>;  // (long side, short side)

std::set<Shape> paretoFront(const std::set<Shape>& shapes) {
  std::set<Shape> front;
  for (const auto& s : shapes) {
    bool dominated = false;
    for (const auto& o : shapes)
      if (o != s && o.first <= s.first && o.second <= s.second) dominated = true;
    if (!dominated) front.insert(s);
  }
  return front;
}

/// Every (h, w, c_1..c_x, k_1..k_x) with independent c's on a side x side fabric.
std::set<Shape> bruteForceFront(const KernelSpec& spec, double target, double memlimit, int side) {
  const auto convs = spec.convs();
  const size_t n = convs.size();
  std::set<Shape> shapes;
  ConvValues c(n, 0), k(n, 0);
  for (int h = 1; h <= side; ++h)
    for (int w = 1; h * w * 2 <= side; ++w) {
      const int cmax = side / (h * w) - 1;
      std::function<void(size_t)> enumC, enumK;
      enumK = [&](size_t j) {
        if (j == n) {
          Perf p = kernelPerf(spec, {h, w, c, k});
          if (p.time <= target && p.memory <= memlimit && p.height <= side && p.width <= side)
            shapes.insert({int(std::max(p.height, p.width)), int(std::min(p.height, p.width))});
          return;
        }
        int used = 0;
        for (size_t i = 0; i < j; ++i) used += k[i];
        for (k[j] = 1; 3 * (used + k[j] + int(n - j - 1)) <= side; ++k[j]) enumK(j + 1);
      };
      enumC = [&](size_t j) {
        if (j == n) {
          enumK(0);
          return;
        }
        for (c[j] = 1; c[j] <= cmax; ++c[j]) enumC(j + 1);
      };
      enumC(0);
    }
  return paretoFront(shapes);
}

std::set<Shape> sizerFront(const KernelSpec& spec, double target, double memlimit, int side) {
  KernelSizer sizer(side, side, memlimit);
  std::set<Shape> out;
  for (const auto& c : sizer.size(spec, target)) {
    // Every candidate meets the target and the memory limit and has one c (Theorem 1).
    Perf p = kernelPerf(spec, c.args);
    EXPECT_LE(p.time, target);
    EXPECT_LE(p.memory, memlimit);
    EXPECT_TRUE(std::all_of(c.args.c.begin(), c.args.c.end(), [&](int v) { return v == c.args.c[0]; }));
    EXPECT_EQ(c.rotated ? p.width : p.height, c.height);
    out.insert({std::max(c.height, c.width), std::min(c.height, c.width)});
  }
  return out;
}

}  // namespace

TEST(WseSizing, MinimumKIsTheSmallestFeasibleK) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    ConvSpec s{int(rng() % 30 + 1),  int(rng() % 30 + 1),  int(rng() % 3 + 1), int(rng() % 3 + 1),
               int(rng() % 200 + 1), int(rng() % 200 + 1), int(rng() % 2 + 1), 1};
    int h = int(rng() % 5 + 1), w = int(rng() % 5 + 1), c = int(rng() % 20 + 1);
    double target = double(rng() % 5000 + 1), mem = double(rng() % 3000 + 50);
    int k = minimumK(s, h, w, c, target, mem);
    int brute = 0;
    for (int kk = 1; kk <= 20000 && brute == 0; ++kk)
      if (convTime(s, h, w, c, kk) <= target && convMemory(s, h, w, c, kk) <= mem) brute = kk;
    EXPECT_EQ(k, brute) << "trial " << trial;
  }
}

TEST(WseSizing, Theorem1ConvMatchesBruteForce) {
  KernelSpec conv = KernelSpec::makeConv({6, 5, 3, 3, 7, 9, 1, 1});
  for (double target : {320.0, 1280.0, 5000.0}) {
    auto brute = bruteForceFront(conv, target, 80, 30);
    EXPECT_GE(brute.size(), 3u) << "target " << target;  // the case must have a real front
    EXPECT_EQ(sizerFront(conv, target, 80, 30), brute) << "target " << target;
  }
}

TEST(WseSizing, Theorem1DblockMatchesBruteForce) {
  // Independent c_1, c_2, c_3 in the brute force; the sizer uses one c (Theorem 1).
  KernelSpec d = KernelSpec::makeBlock(KernelType::DBlock, 4, 4, 8);
  for (double target : {40.0, 80.0, 160.0}) {
    auto brute = bruteForceFront(d, target, 60, 24);
    EXPECT_GE(brute.size(), 2u) << "target " << target;
    EXPECT_EQ(sizerFront(d, target, 60, 24), brute) << "target " << target;
  }
}

TEST(WseSizing, Theorem1CblockMatchesBruteForce) {
  KernelSpec c = KernelSpec::makeBlock(KernelType::CBlock, 4, 4, 8);
  for (double target : {20.0, 80.0}) {
    auto brute = bruteForceFront(c, target, 100, 16);
    EXPECT_GE(brute.size(), 2u) << "target " << target;
    EXPECT_EQ(sizerFront(c, target, 100, 16), brute) << "target " << target;
  }
}

TEST(WseSizing, ParetoPruningKeepsExactlyTheNonDominatedShapes) {
  std::mt19937 rng(3);
  KernelSizer sizer(50, 40, 1e9);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<Candidate> in;
    for (int i = 0; i < 30; ++i) {
      Candidate c;
      c.height = int(rng() % 60 + 1);
      c.width = int(rng() % 60 + 1);
      in.push_back(c);
    }
    auto out = sizer.paretoWithRotation(in);
    std::set<Shape> all;
    for (const auto& c : in) all.insert({std::max(c.height, c.width), std::min(c.height, c.width)});
    std::set<Shape> expected;
    for (const auto& s : paretoFront(all))
      if (s.second <= 40 && s.first <= 50) expected.insert(s);  // must fit in one orientation
    std::set<Shape> got;
    for (const auto& c : out) {
      EXPECT_LE(c.width, 50);
      EXPECT_LE(c.height, 40);
      got.insert({std::max(c.height, c.width), std::min(c.height, c.width)});
    }
    EXPECT_EQ(got, expected);
    // Both orientations of each kept shape that fits either way.
    for (const auto& c : out)
      if (c.height != c.width && c.width <= 40 && c.height <= 50) {
        EXPECT_TRUE(std::any_of(out.begin(), out.end(),
                                [&](const Candidate& o) { return o.height == c.width && o.width == c.height; }));
      }
  }
}

TEST(WseSizing, MinWidthPerHeightIsTheNarrowestFactorisation) {
  // For each height eta, no factorisation h*w*(c+1) = eta with minimal k is narrower.
  KernelSpec d = KernelSpec::makeBlock(KernelType::DBlock, 14, 14, 256);
  KernelSizer sizer(633, 633, 24576);
  const double target = 20000;
  auto per = sizer.minWidthPerHeight(d, target);
  ASSERT_FALSE(per.empty());
  const auto convs = d.convs();
  for (const auto& cand : per) {
    int eta = cand.height;
    for (int h = 1; h <= eta; ++h)
      for (int w = 1; h * w * 2 <= eta; ++w) {
        if (eta % (h * w) != 0) continue;
        int c = eta / (h * w) - 1;
        int width = 0;
        bool ok = true;
        for (const auto& conv : convs) {
          int k = minimumK(conv, h, w, c, target, 24576);
          ok = ok && k > 0;
          width += 3 * k;
        }
        if (ok) {
          EXPECT_GE(width, cand.width) << "eta " << eta;
        }
      }
  }
}

TEST(WseSizing, MinWidthPerHeightKeepsTheFirstNarrowestFactorisationOfEveryHeight) {
  // Reference: every factorisation of every height in the sizer's order (h, then w), each conv
  // with its least k, the first narrowest one kept. The sizer skips factorisations it has
  // proven can never win; the result must be the same argument for argument.
  const int side = 160;
  KernelSizer sizer(side, side, 24576);
  const std::vector<KernelSpec> specs{KernelSpec::makeBlock(KernelType::DBlock, 14, 14, 256),
                                      KernelSpec::makeBlock(KernelType::CBlock, 28, 28, 128),
                                      KernelSpec::makeConv({56, 56, 3, 3, 64, 64, 1, 1})};
  for (const auto& spec : specs)
    for (double target : {3000.0, 20000.0, 150000.0}) {
      const auto convs = spec.convs();
      std::vector<Candidate> expected;
      for (int eta = 2; eta <= side; ++eta) {
        int bestWidth = side + 1;
        ExecArgs best;
        for (int h = 1; h <= eta; ++h)
          for (int w = 1; h * w * 2 <= eta; ++w) {
            if (eta % (h * w) != 0) continue;
            const int c = eta / (h * w) - 1;
            ExecArgs a{h, w, ConvValues(convs.size(), c), ConvValues(convs.size(), 0)};
            int width = 0;
            for (size_t j = 0; j < convs.size(); ++j) {
              a.k[j] = minimumK(convs[j], h, w, c, target, 24576);
              width = a.k[j] > 0 && width <= side ? width + 3 * a.k[j] : side + 1;
            }
            if (width < bestWidth) {
              bestWidth = width;
              best = a;
            }
          }
        if (bestWidth <= side) {
          Candidate cand;
          cand.args = best;
          expected.push_back(cand);
        }
      }
      const auto got = sizer.minWidthPerHeight(spec, target);
      ASSERT_EQ(got.size(), expected.size()) << toString(spec.type) << " at " << target;
      for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i].args, expected[i].args) << "candidate " << i;
    }
}

TEST(WseSizing, LeastKNeverGrowsWithC) {
  // The adapter refinement finds the narrowest shape for an (h, w) without trying every c:
  // it relies on the least k (time and memory) never growing, and feasibility never being
  // lost, as c grows.
  std::mt19937 rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    ConvSpec s{int(rng() % 112) + 1,  int(rng() % 112) + 1,  int(rng() % 3) * 2 + 1, int(rng() % 3) * 2 + 1,
               int(rng() % 2048) + 1, int(rng() % 2048) + 1, int(rng() % 2) + 1,     1};
    const int h = int(rng() % 8) + 1, w = int(rng() % 8) + 1;
    const double target = double(rng() % 200000) + 100;
    int previous = 0;
    for (int c = 1; c <= 300; ++c) {
      const int k = minimumK(s, h, w, c, target, 24576);
      if (previous > 0) {
        ASSERT_GT(k, 0) << "trial " << trial << " c " << c;
        ASSERT_LE(k, previous) << "trial " << trial << " c " << c;
      }
      previous = k;
    }
  }
}
