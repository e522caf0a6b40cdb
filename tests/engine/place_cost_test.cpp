// Placement cost models: hand-computed bb/bbcg terms, exact channel probabilities against
// brute-force route enumeration, and incremental deltas against recomputation over long random
// move sequences.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "engine/aie/device_library.h"
#include "engine/aie/place/cost/bbcg_cost.h"
#include "engine/aie/place/cost/channel_usage.h"
#include "engine/aie/place/cost/expected_channel_use.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// ---------- channel probabilities ----------

/// Every shortest route from -> to on the link graph, by exhaustive search.
std::map<int, double> bruteForceUsage(const Device& dev, TileCoord from, TileCoord to) {
  const Direction dirs[] = {Direction::North, Direction::South, Direction::East, Direction::West};
  // Shortest length by breadth-first search.
  std::map<TileCoord, int> dist{{from, 0}};
  std::deque<TileCoord> q{from};
  while (!q.empty()) {
    TileCoord u = q.front();
    q.pop_front();
    for (Direction d : dirs)
      if (dev.linkCapacity(u, d) > 0) {
        TileCoord v = dev.neighbour(u, d);
        if (!dist.count(v)) {
          dist[v] = dist[u] + 1;
          q.push_back(v);
        }
      }
  }
  const int len = dist.at(to);
  std::map<int, double> count;
  double routes = 0;
  std::vector<int> path;
  std::function<void(TileCoord)> walk = [&](TileCoord u) {
    if (int(path.size()) == len) {
      if (u == to) {
        ++routes;
        for (int s : path) count[s] += 1;
      }
      return;
    }
    for (Direction d : dirs) {
      if (dev.linkCapacity(u, d) <= 0) continue;
      path.push_back(ChannelUsage::segment(dev.index(u), d));
      walk(dev.neighbour(u, d));
      path.pop_back();
    }
  };
  walk(from);
  for (auto& [s, c] : count) c /= routes;
  return count;
}

void expectExactProbabilities(const Device& dev, TileCoord from, TileCoord to) {
  ChannelUsage usage(dev, ChannelUsage::unitsPerNet(0));
  std::vector<std::pair<int, double>> got;
  usage.connection(dev.index(from), dev.index(to), got);
  std::map<int, double> want = bruteForceUsage(dev, from, to);
  ASSERT_EQ(got.size(), want.size()) << ts::core::toString(from) << "->" << ts::core::toString(to);
  for (const auto& [seg, p] : got) {
    ASSERT_TRUE(want.count(seg));
    EXPECT_NEAR(p, want[seg], 1e-12);
    EXPECT_GT(usage.capacity(seg), 0);
  }
}

}  // namespace

TEST(ChannelUsage, MatchesBruteForceInsideTheComputeRows) {
  Device dev = loadDevice("npu2");
  expectExactProbabilities(dev, {1, 2}, {4, 5});
  expectExactProbabilities(dev, {6, 5}, {2, 3});
  expectExactProbabilities(dev, {3, 2}, {3, 5});  // straight: probability 1 on each segment
}

TEST(ChannelUsage, HonoursMissingMemoryTileLinks) {
  Device dev = loadDevice("npu2");
  // Shim to compute: no east/west link in the memory-tile row.
  expectExactProbabilities(dev, {0, 0}, {3, 3});
  expectExactProbabilities(dev, {5, 4}, {1, 0});
  // Memory tile to memory tile: no monotone route at all; shortest routes leave the box.
  expectExactProbabilities(dev, {1, 1}, {4, 1});
  ChannelUsage usage(dev, ChannelUsage::unitsPerNet(0));
  std::vector<std::pair<int, double>> got;
  usage.connection(dev.index({1, 1}), dev.index({4, 1}), got);
  double total = 0;
  for (const auto& g : got) total += g.second;
  EXPECT_NEAR(total, 5.0, 1e-12);  // every shortest route is 3 across + down and up again
}

TEST(ChannelUsage, StraightRouteUsesEachSegmentWithCertainty) {
  Device dev = loadDevice("npu2");
  ChannelUsage usage(dev, ChannelUsage::unitsPerNet(0));
  std::vector<std::pair<int, double>> got;
  usage.connection(dev.index({2, 2}), dev.index({2, 5}), got);
  ASSERT_EQ(got.size(), 3u);
  for (const auto& [seg, p] : got) {
    EXPECT_EQ(seg % 4, int(Direction::North));
    EXPECT_DOUBLE_EQ(p, 1.0);
  }
}

// Patterns are shared between boxes (every shift along a row, and every height whose rows have
// the same links and fall alike into bins): on every preset, each pair's pattern placed on the
// array is its connection's probabilities rounded to units (and summed per bin), whatever order
// the pairs are asked in.
TEST(ChannelUsage, SharedPatternsAreEachPairsOwnProbabilities) {
  for (const std::string& name : availableDevices())
    for (int rowsPerBin : {1, 2}) {
      Device dev = loadDevice(name);
      const int tiles = dev.tileCount(), cols = dev.columns();
      const int32_t unit = ChannelUsage::unitsPerNet(100, rowsPerBin);
      ChannelUsage usage(dev, unit, rowsPerBin);
      EXPECT_TRUE(usage.sharesShapes()) << name;  // every preset's rows are alike along their length
      // A value's place: (bin, column, direction).
      using Where = std::tuple<int, int, int>;
      std::vector<std::pair<int, double>> want;
      // Targets from the top row down, so that a pair higher up is often asked before its shape's
      // lowest copy (the one holding the values).
      const int step = std::max(1, tiles / 97);
      for (int to = tiles - 1; to >= 0; to -= step)
        for (int from = 0; from < tiles; from += step / 2 + 1) {
          bool leavesBox = false;
          usage.connection(from, to, want, &leavesBox);
          std::map<Where, int32_t> expected;
          for (const auto& [seg, prob] : want)
            expected[{usage.binOf(seg / 4 / cols), seg / 4 % cols, seg % 4}] += int32_t(std::llround(prob * unit));
          const PatternRef p = usage.pattern(from, to);
          std::map<Where, int32_t> got;
          if (!leavesBox) {  // one way across, one way up or down
            ASSERT_LE(p.lanes(), 2) << name << ": " << from << " -> " << to;
          }
          for (int r = 0; r < p.rows; ++r)
            for (int d = 0; d < 4; ++d) {
              if (!(p.dirs >> d & 1)) continue;
              for (int t = 0; t < p.span(); ++t) {
                const int32_t v = p.values[p.index(r, t, d)];
                if (t >= p.tiles) {
                  ASSERT_EQ(v, 0) << name << ": padding of " << from << " -> " << to;
                  continue;
                }
                const int col = from % cols + p.col0 + t;
                if (v != 0) got[{p.firstRow + r, col, d}] = v;
              }
            }
          for (auto it = expected.begin(); it != expected.end();) it = it->second == 0 ? expected.erase(it) : ++it;
          ASSERT_EQ(got, expected) << name << " (bins of " << rowsPerBin << "): " << from << " -> " << to;
        }
    }
}

// Bins pair adjacent rows of the same kind from the bottom up; a row left over stays alone.
TEST(ChannelUsage, RowBinsPairRowsOfTheSameKind) {
  const Device big = loadDevice("xcve2802");  // shim, two memory-tile rows, eight compute rows
  ChannelUsage pairs(big, ChannelUsage::unitsPerNet(10, 2), 2);
  EXPECT_EQ(pairs.bins(), 6);
  std::vector<int> bins;
  for (int r = 0; r < big.rows(); ++r) bins.push_back(pairs.binOf(r));
  EXPECT_EQ(bins, (std::vector<int>{0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  const Device npu1 = loadDevice("npu1");  // shim, memory tiles, four compute rows
  ChannelUsage triples(npu1, ChannelUsage::unitsPerNet(10, 3), 3);
  bins.clear();
  for (int r = 0; r < npu1.rows(); ++r) bins.push_back(triples.binOf(r));
  EXPECT_EQ(bins, (std::vector<int>{0, 1, 2, 2, 2, 3}));
  ChannelUsage single(big, ChannelUsage::unitsPerNet(10));
  EXPECT_EQ(single.bins(), big.rows());
  EXPECT_EQ(single.binOf(7), 7);
  // A bin's certain use of every segment still fits a pattern value.
  EXPECT_LE(pairs.maxValue(), 65535);
  EXPECT_EQ(pairs.maxValue(), 2 * pairs.units());
}

// ---------- hand-computed bb terms ----------

namespace {

const char* kPair = R"(design: pair
device: npu2
cores:
  - {name: a, kind: compute}
  - {name: b, kind: compute}
nets:
  - {name: ab, source: a, targets: [b], bytes: 1024}
)";

double term(const CostTerms& t, const std::string& name) {
  for (const auto& [k, v] : t)
    if (k == name) return v;
  ADD_FAILURE() << "no term " << name;
  return 0;
}

Placement placeAll(const Design& d, const std::vector<TileCoord>& tiles) {
  Placement p(d.coreCount());
  for (CoreId c = 0; c < d.coreCount(); ++c) p.place(c, tiles[size_t(c)]);
  return p;
}

}  // namespace

TEST(BbCost, WirelengthIsTheBoundingBoxWithFanoutCorrection) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(kPair);
  PlaceModel m(d, dev);
  BbCostConfig eq9;  // every net at its full box, as the paper
  eq9.sharedWirelength = 1.0;
  BbCost cost(m, eq9);
  const Placement neighbours = placeAll(d, {{1, 2}, {2, 2}});
  EXPECT_DOUBLE_EQ(cost.reset(neighbours), 1.0);
  EXPECT_TRUE(cost.sharedMemoryNet(0));
  EXPECT_DOUBLE_EQ(cost.reset(placeAll(d, {{1, 2}, {4, 5}})), 6.0);
  EXPECT_FALSE(cost.sharedMemoryNet(0));
  // A net that can use shared memory needs no link: by default only a fifth of its box counts.
  BbCost dc(m);
  EXPECT_DOUBLE_EQ(dc.reset(neighbours), 0.2);
  EXPECT_EQ(BbCost::fromScratch(m, BbCostConfig{}, neighbours), dc.terms());
  EXPECT_DOUBLE_EQ(dc.reset(placeAll(d, {{1, 2}, {4, 5}})), 6.0);

  Design fan = ts::test::designFromYaml(R"(design: fan
device: npu2
cores:
  - {name: s, kind: compute}
  - {name: t1, kind: compute}
  - {name: t2, kind: compute}
  - {name: t3, kind: compute}
nets:
  - {name: f, source: s, targets: [t1, t2, t3], bytes: 64}
)");
  PlaceModel fm(fan, dev);
  BbCost fc(fm);
  // Four terminals: q = 1.0828; box 3 x 2.
  EXPECT_NEAR(fc.reset(placeAll(fan, {{0, 2}, {3, 2}, {0, 4}, {2, 3}})), 1.0828 * 5, 1e-9);
  EXPECT_DOUBLE_EQ(fanoutCorrection(1), 1.0);
  EXPECT_DOUBLE_EQ(fanoutCorrection(3), 1.0);
  EXPECT_DOUBLE_EQ(fanoutCorrection(50), 2.7933);
  EXPECT_NEAR(fanoutCorrection(60), 2.7933 + 10 * 0.02616, 1e-12);
}

TEST(BbCost, DmaPenaltyCountsOnlyStreamingNets) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(R"(design: hub
device: npu2
cores:
  - {name: h, kind: compute}
  - {name: x, kind: compute}
  - {name: y, kind: compute}
  - {name: z, kind: compute}
nets:
  - {name: hx, source: h, targets: [x], bytes: 64}
  - {name: hy, source: h, targets: [y], bytes: 64}
  - {name: hz, source: h, targets: [z], bytes: 64}
)");
  PlaceModel m(d, dev);
  BbCostConfig cfg;
  BbCost cost(m, cfg);
  // Three stream nets out of h: 3 MM2S needed, 2 available -> one over.
  cost.reset(placeAll(d, {{0, 2}, {7, 5}, {7, 2}, {5, 5}}));
  EXPECT_EQ(cost.dmaOveruse(), 1);
  EXPECT_DOUBLE_EQ(cost.penalty(), cfg.dmaPenalty);
  // x next to h shares memory: two stream nets fit.
  cost.reset(placeAll(d, {{0, 2}, {1, 2}, {7, 2}, {5, 5}}));
  EXPECT_EQ(cost.dmaOveruse(), 0);
  EXPECT_DOUBLE_EQ(cost.penalty(), 0.0);
  EXPECT_DOUBLE_EQ(term(cost.terms(), "wirelength"), cfg.sharedWirelength * 1 + 7 + (5 + 3));
}

// With dma_sharing, streams out of one compute tile count as packet streams that may share its
// two MM2S channels: the kernels take 100 cycles per object, so a channel carries 100 cycles of
// stream words per object (payload words + one header word each).
TEST(BbCost, DmaSharingChargesOnlyChannelsNoPackingAvoids) {
  Device dev = loadDevice("npu2");
  // Five streams out of h, far from every target (no shared memory).
  const std::vector<TileCoord> at = {{0, 2}, {7, 5}, {7, 2}, {5, 5}, {3, 5}, {7, 3}};
  BbCostConfig counting, sharing;
  sharing.dmaSharing = true;
  struct Case {
    int bytes, countingOver, sharingOver;
  };
  // 64 bytes: 17 cycles each, all five fit one channel. 176 bytes: 45 each, two per channel, so
  // three channels (the cycles' bound). 256 bytes: 65 each, over half the interval, so no two
  // share: five channels.
  for (Case c : {Case{64, 3, 0}, Case{176, 3, 1}, Case{256, 3, 3}}) {
    Design d = ts::test::hubDesign(5, c.bytes, 100);
    PlaceModel m(d, dev);
    Placement p = placeAll(d, at);
    BbCost count(m, counting), share(m, sharing);
    count.reset(p);
    share.reset(p);
    EXPECT_EQ(count.dmaOveruse(), c.countingOver) << c.bytes << " bytes";
    EXPECT_EQ(share.dmaOveruse(), c.sharingOver) << c.bytes << " bytes";
    EXPECT_DOUBLE_EQ(share.penalty(), c.sharingOver * sharing.dmaPenalty);
    EXPECT_EQ(share.terms(), BbCost::fromScratch(m, sharing, p));
  }
}

TEST(BbCost, MemoryAndLockPenalties) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(R"(design: mem
device: npu2
cores:
  - {name: a, kind: compute, buffer_bytes: 63488}
  - {name: b, kind: compute}
nets:
  - {name: ab, source: a, targets: [b], bytes: 4096, depth: 2}
)");
  PlaceModel m(d, dev);
  BbCost cost(m);
  // Streaming: a holds 62 KiB + 2 x 4 KiB = 70 KiB in a 64 KiB memory -> 6 KiB over.
  cost.reset(placeAll(d, {{0, 2}, {5, 5}}));
  EXPECT_FALSE(cost.sharedMemoryNet(0));
  EXPECT_EQ(cost.memoryOveruse(), 6 * 1024);
  EXPECT_DOUBLE_EQ(cost.penalty(), 6 * 100.0);
  // a south of b: both reach a's and b's memory. By default the 8 KiB set goes to the one with
  // more memory left, b's: nothing over. Charging every candidate the whole set (a: 70 KiB,
  // 6 KiB over) rules this layout out; the even split charges 4 KiB to each (a: 2 KiB over).
  const Placement stacked = placeAll(d, {{0, 2}, {0, 3}});
  cost.reset(stacked);
  EXPECT_TRUE(cost.sharedMemoryNet(0));
  EXPECT_EQ(cost.memoryOveruse(), 0);
  EXPECT_EQ(BbCost::fromScratch(m, BbCostConfig{}, stacked), cost.terms());
  for (auto [rule, over] :
       {std::pair<SharedBufferRule, int64_t>{SharedBufferRule::Whole, 6 * 1024}, {SharedBufferRule::Split, 2 * 1024}}) {
    BbCostConfig other;
    other.sharedBuffers = rule;
    BbCost otherCost(m, other);
    otherCost.reset(stacked);
    EXPECT_EQ(otherCost.memoryOveruse(), over) << int(rule);
    EXPECT_EQ(BbCost::fromScratch(m, other, stacked), otherCost.terms()) << int(rule);
  }
  // a east of b: the only memory both reach is b's, a keeps its 62 KiB: nothing over.
  cost.reset(placeAll(d, {{1, 2}, {0, 2}}));
  EXPECT_TRUE(cost.sharedMemoryNet(0));
  EXPECT_EQ(cost.memoryOveruse(), 0);
  EXPECT_EQ(cost.lockOveruse(), 0);
  // A core's own locks (an MLIR file's aie.lock ops) count with its nets': 15 of b's own and the
  // shared set's pair on b's memory make 17 of 16.
  Design locked = d;
  locked.cores[1].locks = 15;
  PlaceModel lm(locked, dev);
  BbCost lockCost(lm);
  const Placement eastOfB = placeAll(locked, {{1, 2}, {0, 2}});
  lockCost.reset(eastOfB);
  EXPECT_EQ(lockCost.lockOveruse(), 1);
  EXPECT_EQ(BbCost::fromScratch(lm, BbCostConfig{}, eastOfB), lockCost.terms());
}

TEST(BbCost, MemoryOveruseIsChargedPerKibOrPartOfOne) {
  // A tile 256 bytes over fails the router as surely as one a KiB over, so SA must not be able
  // to buy a little wirelength with it (mesh_p_l_15's best placement once did, for 25 units).
  Device dev = loadDevice("npu2");
  // a streams both nets: its kernel memory plus 2 x 2048 + 2 x 16 bytes of buffers.
  auto design = [](int64_t kernelBytes) {
    return ts::test::designFromYaml(
        "design: mem\ndevice: npu2\ncores:\n"
        "  - {name: a, kind: compute, buffer_bytes: " +
        std::to_string(kernelBytes) +
        "}\n"
        "  - {name: b, kind: compute}\n"
        "  - {name: c, kind: compute}\n"
        "nets:\n"
        "  - {name: ab, source: a, targets: [b], bytes: 2048, depth: 2}\n"
        "  - {name: ac, source: a, targets: [c], bytes: 16, depth: 2}\n");
  };
  const int64_t buffers = 2 * 2048 + 2 * 16;
  BbCostConfig cfg;
  for (auto [over, charged] : {std::pair<int64_t, int>{0, 0}, {256, 1}, {1024, 1}, {1025, 2}, {1280, 2}}) {
    Design d = design(65536 - buffers + over);
    PlaceModel m(d, dev);
    BbCost cost(m, cfg);
    Placement apart = placeAll(d, {{0, 2}, {5, 5}, {7, 2}});
    cost.reset(apart);
    EXPECT_FALSE(cost.sharedMemoryNet(0));
    EXPECT_EQ(cost.memoryOveruse(), over);
    EXPECT_DOUBLE_EQ(cost.penalty(), charged * cfg.memoryPenalty) << over << " bytes over";
    EXPECT_EQ(BbCost::fromScratch(m, cfg, apart), cost.terms());
  }
}

TEST(BbCost, MemTileEndpointsPenalisedOnlyWhenSharingATile) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(R"(design: mt
device: npu2
cores:
  - {name: m1, kind: mem}
  - {name: m2, kind: mem}
  - {name: c0, kind: compute}
  - {name: c1, kind: compute}
  - {name: c2, kind: compute}
  - {name: c3, kind: compute}
nets:
  - {name: a0, source: m1, targets: [c0], bytes: 64}
  - {name: a1, source: m1, targets: [c1], bytes: 64}
  - {name: a2, source: m1, targets: [c2], bytes: 64}
  - {name: a3, source: m1, targets: [c3], bytes: 64}
  - {name: b0, source: m2, targets: [c0], bytes: 64}
  - {name: b1, source: m2, targets: [c1], bytes: 64}
  - {name: b2, source: m2, targets: [c2], bytes: 64}
)");
  PlaceModel m(d, dev);
  BbCost cost(m);
  cost.reset(placeAll(d, {{0, 1}, {1, 1}, {0, 2}, {1, 2}, {2, 2}, {3, 2}}));
  EXPECT_EQ(cost.dmaOveruse(), 0);
  cost.reset(placeAll(d, {{0, 1}, {0, 1}, {0, 2}, {1, 2}, {2, 2}, {3, 2}}));
  EXPECT_EQ(cost.dmaOveruse(), 1);  // 7 MM2S on one memory tile with 6
}

TEST(BbCost, CascadesMustBeNeighbours) {
  Device dev = loadDevice("npu2");
  Design d = ts::test::designFromYaml(R"(design: cas
device: npu2
cores:
  - {name: a, kind: compute}
  - {name: b, kind: compute}
cascades:
  - [a, b]
)");
  PlaceModel m(d, dev);
  BbCost cost(m);
  cost.reset(placeAll(d, {{1, 3}, {2, 3}}));  // east: fine
  EXPECT_EQ(cost.badCascades(), 0);
  cost.reset(placeAll(d, {{1, 3}, {0, 3}}));  // west: not a cascade direction
  EXPECT_EQ(cost.badCascades(), 1);
  EXPECT_DOUBLE_EQ(cost.penalty(), 100.0);
}

namespace {

/// `nets` two-core nets k(2i) -> k(2i+1) on npu2, placed from src[i] to dst[i].
Design pairNets(int nets) {
  std::string yaml = "design: row\ndevice: npu2\ncores:\n";
  for (int i = 0; i < 2 * nets; ++i) yaml += "  - {name: k" + std::to_string(i) + ", kind: compute}\n";
  yaml += "nets:\n";
  for (int i = 0; i < nets; ++i)
    yaml += "  - {name: n" + std::to_string(i) + ", source: k" + std::to_string(2 * i) + ", targets: [k" +
            std::to_string(2 * i + 1) + "], bytes: 64}\n";
  return ts::test::designFromYaml(yaml);
}

Placement placePairs(const Design& d, const std::vector<TileCoord>& src, const std::vector<TileCoord>& dst) {
  Placement p(d.coreCount());
  for (size_t i = 0; i < src.size(); ++i) {
    p.place(CoreId(2 * i), src[i]);
    p.place(CoreId(2 * i + 1), dst[i]);
  }
  return p;
}

/// The five pair nets of CongestionCountsExpectedUseOverCapacity (row 2's east segment at column 3
/// 0.3 over capacity), then the pairs `src` -> `dst`.
Placement placeHotRow(const Design& d, std::vector<TileCoord> src = {}, std::vector<TileCoord> dst = {}) {
  src.insert(src.begin(), {{0, 2}, {1, 2}, {2, 2}, {3, 2}, {0, 3}});
  dst.insert(dst.begin(), {{4, 2}, {5, 2}, {6, 2}, {7, 3}, {7, 2}});
  return placePairs(d, src, dst);
}

BbcgCostConfig kappa3() {
  BbcgCostConfig cfg;
  cfg.kappa = 3;
  return cfg;
}

}  // namespace

TEST(BbcgCost, CongestionCountsExpectedUseOverCapacity) {
  Device dev = loadDevice("npu2");
  Design d = pairNets(5);
  PlaceModel m(d, dev);
  const BbcgCostConfig cfg = kappa3();
  BbcgCost cost(m, cfg);
  // Three straight nets along row 2 cross the east segment of (3,2) for sure; (3,2)->(7,3)
  // does unless it turns north at column 3 (4 of its 5 shortest routes use it: 0.8);
  // (0,3)->(7,2) does when it turns south at columns 0..3 (4 of 8: 0.5). East capacity is 4.
  Placement p = placeHotRow(d);
  cost.reset(p);
  const int hot = ChannelUsage::segment(dev.index({3, 2}), Direction::East);
  EXPECT_NEAR(cost.expectedUse(hot), 4.3, 1e-9);
  EXPECT_NEAR(cost.expectedUse(ChannelUsage::segment(dev.index({2, 2}), Direction::East)), 3.375, 1e-9);
  EXPECT_NEAR(cost.congestion(), 3 * 0.3, 1e-9);  // the only segment over capacity
  EXPECT_EQ(BbcgCost::fromScratch(m, cfg, p), cost.terms());
  // Moving the fifth net's source next to its target removes the overflow.
  cost.propose({{8, {0, 3}, {6, 3}}});
  cost.commit();
  EXPECT_DOUBLE_EQ(cost.congestion(), 0.0);
}

// The studio's picture of likely congestion is the cost's model: the same expected use on every
// segment (the cost rounds to units: within a few millionths of a net per net), nothing for a
// net that can share memory, and only the placed ends of a partly placed net.
TEST(ExpectedChannelUse, IsTheCongestionCostsExpectedUse) {
  Device dev = loadDevice("npu2");
  Design d = pairNets(6);
  PlaceModel m(d, dev);
  BbcgCost cost(m, kappa3());
  // The hot row, and a sixth net between memory neighbours: (5,4) -> (5,5).
  Placement p = placeHotRow(d, {{5, 4}}, {{5, 5}});
  cost.reset(p);
  ASSERT_TRUE(cost.sharedMemoryNet(5));
  const std::vector<double> use = expectedChannelUse(d, dev, p);
  ASSERT_EQ(int(use.size()), dev.tileCount() * 4);
  const int hot = ChannelUsage::segment(dev.index({3, 2}), Direction::East);
  EXPECT_NEAR(use[size_t(hot)], 4.3, 1e-12);
  for (size_t s = 0; s < use.size(); ++s) EXPECT_NEAR(use[s], cost.expectedUse(int(s)), 1e-4) << s;
  EXPECT_EQ(use[size_t(ChannelUsage::segment(dev.index({5, 4}), Direction::North))], 0.0);  // shared memory
  // Without the fifth net's target (0,3) -> (7,2), row 2's segment at column 3 loses its 0.5.
  Placement partial = p;
  partial.unplace(9);
  EXPECT_NEAR(expectedChannelUse(d, dev, partial)[size_t(hot)], 3.8, 1e-12);
  partial.unplace(8);  // and without its source too
  EXPECT_NEAR(expectedChannelUse(d, dev, partial)[size_t(hot)], 3.8, 1e-12);
  // A multicast net counts each segment once, with its likeliest connection.
  Design fan = ts::test::designFromYaml(R"(design: fan
device: npu2
cores:
  - {name: s, kind: compute}
  - {name: a, kind: compute}
  - {name: b, kind: compute}
nets:
  - {name: f, source: s, targets: [a, b], bytes: 64}
)");
  Placement q = placeAll(fan, {{0, 2}, {4, 2}, {4, 3}});
  const std::vector<double> fanUse = expectedChannelUse(fan, dev, q);
  // s -> a is straight along row 2 (certain); s -> b uses (0,2) east with 4 of its 5 routes.
  EXPECT_NEAR(fanUse[size_t(ChannelUsage::segment(dev.index({0, 2}), Direction::East))], 1.0, 1e-12);
  EXPECT_NEAR(fanUse[size_t(ChannelUsage::segment(dev.index({3, 3}), Direction::East))], 0.8, 1e-12);
}

// With rows binned in pairs, the hot east segment of row 2 shares its column's capacity with row 3
// (8 links in all): 5.0 expected nets (4.3 on row 2, 0.7 on row 3) are no overuse.
TEST(BbcgCost, RowBinsCountAPairOfRowsAgainstTheirSummedCapacity) {
  Device dev = loadDevice("npu2");
  Design d = pairNets(5);
  PlaceModel m(d, dev);
  BbcgCostConfig cfg = kappa3();
  cfg.rowsPerBin = 2;
  BbcgCost cost(m, cfg);
  Placement p = placeHotRow(d);
  cost.reset(p);
  const int hot = ChannelUsage::segment(dev.index({3, 2}), Direction::East);
  const int above = ChannelUsage::segment(dev.index({3, 3}), Direction::East);
  EXPECT_NEAR(cost.expectedUse(hot), 5.0, 1e-9);
  EXPECT_NEAR(cost.expectedUse(above), 5.0, 1e-9);
  EXPECT_EQ(cost.binCapacity(hot), 8);
  EXPECT_DOUBLE_EQ(cost.congestion(), 0.0);
  EXPECT_EQ(BbcgCost::fromScratch(m, cfg, p), cost.terms());
  // Three more nets along row 3 fill the pair exactly to its capacity (8.0): still no overuse,
  // where each row alone would be 0.3 over (row 2) and 0.3 under (row 3, 3.7).
  Design more = pairNets(8);
  PlaceModel m2(more, dev);
  BbcgCost cost2(m2, cfg);
  Placement q = placeHotRow(more, {{1, 3}, {2, 3}, {3, 3}}, {{4, 3}, {5, 3}, {6, 3}});
  cost2.reset(q);
  EXPECT_NEAR(cost2.expectedUse(hot), 8.0, 1e-9);
  EXPECT_DOUBLE_EQ(cost2.congestion(), 0.0);
  EXPECT_EQ(BbcgCost::fromScratch(m2, cfg, q), cost2.terms());
  cfg.rowsPerBin = 1;
  EXPECT_NEAR(BbcgCost::fromScratch(m2, cfg, q)[2].second, 3 * 0.3, 1e-9);
}

// Boxes at different heights whose rows have the same links share their pattern's values: a net
// whose two ends move up together keeps the values but not its rows, and must be restaged.
TEST(BbcgCost, ANetMovedUpWholeLeavesItsOldRows) {
  Device dev = loadDevice("npu2");
  Design d = pairNets(5);
  PlaceModel m(d, dev);
  const BbcgCostConfig cfg = kappa3();
  BbcgCost cost(m, cfg);
  // The fifth net (0,3) -> (7,2) helps overuse row 2's east segment at column 3; one row up, it
  // no longer crosses row 2.
  Placement p = placeHotRow(d);
  cost.reset(p);
  ASSERT_GT(cost.congestion(), 0.0);
  const std::vector<CoreMove> up{{8, {0, 3}, {0, 4}}, {9, {7, 2}, {7, 3}}};
  Placement q = p;
  for (const CoreMove& mv : up) q.place(mv.core, mv.to);
  EXPECT_NEAR(cost.propose(up), cost.evaluate(q) - cost.evaluate(p), 1e-9);
  cost.commit();
  EXPECT_EQ(BbcgCost::fromScratch(m, cfg, q), cost.terms());
  EXPECT_DOUBLE_EQ(cost.congestion(), 0.0);
}

// The early rejection bound is per net: a net whose pattern shares a row with overuse but none of
// its overused segments can relieve nothing, so a move whose bb change alone exceeds the limit is
// rejected without staging the congestion part (a bound over whole rows could not tell).
TEST(BbcgCost, EarlyRejectionLooksAtTheSegmentsANetUses) {
  Device dev = loadDevice("npu2");
  Design d = pairNets(6);
  PlaceModel m(d, dev);
  const BbcgCostConfig cfg = kappa3();
  BbcgCost cost(m, cfg);
  // Row 2's east segment at column 3 is 0.3 over capacity. The sixth net runs west along row 2
  // (7,2) -> (5,2), far from that segment.
  Placement p = placeHotRow(d, {{7, 2}}, {{5, 2}});
  cost.reset(p);
  ASSERT_NEAR(cost.congestion(), 3 * 0.3, 1e-9);
  ASSERT_FALSE(cost.sharedMemoryNet(5));
  // Its target one tile further west: one more unit of wirelength, no congestion change.
  const std::vector<CoreMove> move{{11, {5, 2}, {4, 2}}};
  Placement q = p;
  q.place(11, {4, 2});
  const double change = cost.evaluate(q) - cost.evaluate(p);
  ASSERT_NEAR(change, 1.0, 1e-9);
  const int64_t before = cost.boundRejections();
  EXPECT_GT(cost.proposeWithin(move, 0.5), 0.5);
  cost.revert();
  EXPECT_EQ(cost.boundRejections(), before + 1) << "the congestion part was staged";
  // Within the limit the answer is exact, and the state is the recomputation's.
  EXPECT_NEAR(cost.proposeWithin(move, 1.5), change, 1e-9);
  cost.commit();
  EXPECT_EQ(BbcgCost::fromScratch(m, cfg, q), cost.terms());
}

// The one-target nets of a move are staged first: when they congest a channel by more than the
// budget and the move's multicast nets could not relieve that even by vanishing (their current
// use lies on uncongested rows), the move is rejected before any multicast merge.
TEST(BbcgCost, EarlyRejectionBeforeMergingMulticastNets) {
  Device dev = loadDevice("npu2");
  // Four straight nets fill the east segment of (3,3) to its capacity (4); core a feeds t and is
  // one target of m's multicast (m -> a, c).
  Design d = ts::test::designFromYaml(R"(design: fill
device: npu2
cores:
  - {name: s0, kind: compute}
  - {name: s1, kind: compute}
  - {name: s2, kind: compute}
  - {name: s3, kind: compute}
  - {name: t0, kind: compute}
  - {name: t1, kind: compute}
  - {name: t2, kind: compute}
  - {name: t3, kind: compute}
  - {name: a, kind: compute}
  - {name: t, kind: compute}
  - {name: m, kind: compute}
  - {name: c, kind: compute}
nets:
  - {name: n0, source: s0, targets: [t0], bytes: 64}
  - {name: n1, source: s1, targets: [t1], bytes: 64}
  - {name: n2, source: s2, targets: [t2], bytes: 64}
  - {name: n3, source: s3, targets: [t3], bytes: 64}
  - {name: one, source: a, targets: [t], bytes: 64}
  - {name: fan, source: m, targets: [a, c], bytes: 64}
)");
  PlaceModel m(d, dev);
  BbcgCostConfig cfg;
  cfg.kappa = 3;
  BbcgCost cost(m, cfg);
  Placement p =
      placeAll(d, {{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {0, 5}, {7, 4}, {7, 5}, {6, 5}});
  cost.reset(p);
  ASSERT_DOUBLE_EQ(cost.congestion(), 0.0);
  // a moves down to row 2: a -> t now crosses row 3 eastwards (over capacity), and the
  // multicast's current use (row 5) can relieve nothing.
  const CoreId a = 8;
  const std::vector<CoreMove> move{{a, {0, 5}, {0, 2}}};
  Placement q = p;
  q.place(a, {0, 2});
  auto congestion = [&](const Placement& x) { return BbcgCost::fromScratch(m, cfg, x)[2].second; };
  const double change = cost.evaluate(q) - cost.evaluate(p), congestionChange = congestion(q) - congestion(p);
  ASSERT_GT(congestionChange, 0.0);
  ASSERT_FALSE(cost.sharedMemoryNet(5));
  // The bb change fits the limit (so the bound before staging does not apply), the congestion not.
  const double limit = change - congestionChange / 2;
  const int64_t before = cost.boundRejections();
  EXPECT_GT(cost.proposeWithin(move, limit), limit);
  cost.revert();
  EXPECT_EQ(cost.boundRejections(), before + 1) << "the multicast net was merged";
  EXPECT_EQ(cost.terms(), BbcgCost::fromScratch(m, cfg, p)) << "the staged one-target net was not taken back";
  EXPECT_NEAR(cost.proposeWithin(move, change + 1), change, 1e-9);
  cost.commit();
  EXPECT_EQ(BbcgCost::fromScratch(m, cfg, q), cost.terms());
}

// ---------- incremental deltas over random moves ----------

namespace {

/// Applies random relocations and swaps (memory-tile/shim endpoints may share tiles), keeping
/// or dropping each, and compares every delta and every state with a recomputation.
/// `shortcuts` (optional) counts proposeWithin() answers the cost gave from a bound alone.
template <typename Cost, typename Config>
void randomMoves(const Design& d, const Device& dev, const Config& config, int steps, uint64_t seed,
                 double* sawCongestion = nullptr, int* shortcuts = nullptr) {
  ASSERT_TRUE(d.problems().empty()) << d.problems().front();
  PlaceModel m(d, dev);
  Cost cost(m, config);
  ts::core::Rng rng(seed);
  // A random complete placement.
  Placement p(d.coreCount());
  std::set<TileCoord> used;
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    const auto& hosts = m.hostTiles(d.cores[c].kind);
    TileCoord t;
    do t = hosts[size_t(rng.uniformInt(0, int(hosts.size()) - 1))];
    while (d.cores[c].kind == CoreKind::Compute && used.count(t));
    if (d.cores[c].kind == CoreKind::Compute) used.insert(t);
    p.place(c, t);
  }
  double current = cost.evaluate(p);
  EXPECT_EQ(cost.reset(p), current);
  std::set<double> penalties;
  for (int step = 0; step < steps; ++step) {
    CoreId c = rng.uniformInt(0, d.coreCount() - 1);
    const auto& hosts = m.hostTiles(d.cores[c].kind);
    TileCoord to = hosts[size_t(rng.uniformInt(0, int(hosts.size()) - 1))];
    TileCoord from = p.tile(c);
    if (to == from) continue;
    std::vector<CoreMove> moves{{c, from, to}};
    auto there = p.coresAt(to);
    if (!there.empty() && (d.cores[c].kind == CoreKind::Compute || rng.uniformInt(0, 1) == 0))
      moves.push_back({there[size_t(rng.uniformInt(0, int(there.size()) - 1))], to, from});
    Placement q = p;
    for (const auto& mv : moves) q.place(mv.core, mv.to);
    const double before = cost.total();
    const double after = cost.evaluate(q);
    if (rng.uniformInt(0, 1) == 0) {
      // As an annealer asks: is the change at most a limit? Any answer above the limit must
      // be right about that, any answer within it must be exact; either way it reverts.
      const double limit = (after - current) + rng.uniform01() * 4.0 - 3.0;
      const double answer = cost.proposeWithin(moves, limit);
      if (answer <= limit)
        ASSERT_NEAR(answer, after - current, 1e-6) << "step " << step;
      else
        ASSERT_GT(after - current, limit - 1e-6) << "step " << step;
      cost.revert();
      ASSERT_EQ(cost.total(), before) << "step " << step;
      continue;
    }
    const double delta = cost.propose(moves);
    ASSERT_NEAR(delta, after - current, 1e-6) << "step " << step;
    if (rng.uniformInt(0, 2) > 0) {
      cost.commit();
      p = q;
      current = after;
    } else {
      cost.revert();
      ASSERT_EQ(cost.total(), before);
    }
    ASSERT_EQ(cost.total(), current) << "step " << step;
    penalties.insert(cost.penalty());
    if (sawCongestion) *sawCongestion = std::max(*sawCongestion, cost.terms()[2].second);
  }
  // The sequence must have exercised the penalty terms, or it proves little.
  EXPECT_GT(penalties.size(), 3u);
  if (shortcuts) *shortcuts += int(cost.boundRejections());
  // Terms (not only the total) agree at the end.
  EXPECT_EQ(cost.terms(), Cost::fromScratch(m, config, p));
  if constexpr (std::is_same_v<Cost, BbcgCost>) {
    // So do the per-row overuse sums the early rejection relies on (kept up to date by every
    // staged, committed and reverted change).
    const ChannelUsage channels(dev, ChannelUsage::unitsPerNet(m.netCount(), config.rowsPerBin), config.rowsPerBin);
    std::vector<int64_t> rows(size_t(channels.bins()), 0);
    std::set<std::tuple<int, int, int>> seen;  // each bin once
    for (int s = 0; s < channels.segmentCount(); ++s) {
      const int bin = channels.binOf(s / 4 / dev.columns());
      if (!seen.insert({bin, s / 4 % dev.columns(), s % 4}).second) continue;
      const int64_t over =
          std::llround(cost.expectedUse(s) * channels.units()) - int64_t(cost.binCapacity(s)) * channels.units();
      rows[size_t(bin)] += std::max<int64_t>(over, 0);
    }
    EXPECT_EQ(cost.rowOveruse(), rows);
  }
}

}  // namespace

TEST(BbCost, DeltasEqualRecomputationOverRandomMoves) {
  Device npu2 = loadDevice("npu2");
  randomMoves<BbCost>(ts::test::randomDesign(11, 24, 4, 5, 60), npu2, BbCostConfig{}, 4000, 1);
  Device big = loadDevice("xcve2802");
  randomMoves<BbCost>(ts::test::randomDesign(12, 120, 10, 10, 220), big, BbCostConfig{}, 2000, 2);
  for (SharedBufferRule rule : {SharedBufferRule::Whole, SharedBufferRule::Split}) {  // the other rules as well
    BbCostConfig other;
    other.sharedBuffers = rule;
    randomMoves<BbCost>(ts::test::randomDesign(13, 24, 4, 5, 60), npu2, other, 4000, 5);
  }
  // Memory uses share the cascades' journal: both priced exactly, moves and swaps alike.
  Design uses = ts::test::randomDesign(16, 24, 4, 5, 60);
  std::vector<CoreId> computes;
  for (CoreId c = 0; c < uses.coreCount(); ++c)
    if (uses.cores[c].kind == CoreKind::Compute) computes.push_back(c);
  for (size_t i = 0; i + 1 < computes.size() && i < 12; i += 2)
    uses.memoryUses.push_back({computes[i], computes[i + 1]});
  uses.memoryUses.push_back({computes[2], computes[1]});  // a core both owns and uses
  ASSERT_FALSE(uses.cascades.empty());
  randomMoves<BbCost>(uses, npu2, BbCostConfig{}, 4000, 10);
  // Memory tiles that must lend to each other (memtile_spill.h): large buffers at memory-tile
  // ends and some memory-tile cores' own data, which stays put.
  Design spilling = ts::test::randomDesign(18, 24, 6, 5, 60);
  for (Net& n : spilling.nets)
    for (CoreId c : n.targets)
      if (spilling.cores[c].kind == CoreKind::MemTile || spilling.cores[n.source].kind == CoreKind::MemTile)
        n.bytesPerObject = 150 * 1024;
  for (CoreId c = 0; c < spilling.coreCount(); c += 3)
    if (spilling.cores[c].kind == CoreKind::MemTile) spilling.cores[c].bufferBytes = 200 * 1024;
  randomMoves<BbCost>(spilling, npu2, BbCostConfig{}, 4000, 17);
  BbCostConfig eq9;  // shared-memory nets at their full box, as the paper
  eq9.sharedWirelength = 1.0;
  randomMoves<BbCost>(ts::test::randomDesign(15, 24, 4, 5, 60), npu2, eq9, 4000, 9);
  // Channels counted as packet streams could share them: kernels with cycles bound the sharing.
  Design timed = ts::test::randomDesign(14, 24, 4, 5, 60);
  for (LogicalCore& c : timed.cores)
    if (c.kind == CoreKind::Compute) c.computeCycles = 120;
  BbCostConfig sharing;
  sharing.dmaSharing = true;
  randomMoves<BbCost>(timed, npu2, sharing, 4000, 8);
  // The rule is live on this design: a placement with every core in a row of hosts overuses
  // channels by count, less when streams share.
  PlaceModel m(timed, npu2);
  Placement p(timed.coreCount());
  std::map<CoreKind, size_t> next;
  for (CoreId c = 0; c < timed.coreCount(); ++c) {
    const auto& hosts = m.hostTiles(timed.cores[c].kind);
    p.place(c, hosts[next[timed.cores[c].kind]++ % hosts.size()]);
  }
  BbCost counted(m), shared(m, sharing);
  counted.reset(p);
  shared.reset(p);
  EXPECT_LT(shared.dmaOveruse(), counted.dmaOveruse());
  // Nets that take turns (Design::turns) count once per group at a tile: the nets leaving shim
  // cores in one group, a few others in threes.
  Design turns = ts::test::randomDesign(19, 24, 4, 5, 60);
  Turns fromShims;
  std::vector<char> grouped(size_t(turns.netCount()), 0);
  for (NetId n = 0; n < turns.netCount(); ++n)
    if (turns.cores[turns.nets[n].source].kind == CoreKind::Shim) fromShims.nets.push_back(n), grouped[size_t(n)] = 1;
  ASSERT_GT(fromShims.nets.size(), 3u);
  turns.turns.push_back(fromShims);
  std::vector<NetId> rest;
  for (NetId n = 0; n < turns.netCount() && rest.size() < 12; ++n)
    if (!grouped[size_t(n)]) rest.push_back(n);
  for (size_t i = 0; i + 2 < rest.size(); i += 3) turns.turns.push_back({{rest[i], rest[i + 1], rest[i + 2]}});
  ASSERT_TRUE(turns.problems().empty()) << turns.problems().front();
  randomMoves<BbCost>(turns, npu2, BbCostConfig{}, 4000, 19);
  randomMoves<BbCost>(turns, npu2, sharing, 2000, 20);
  // The rule is live: with every shim core on one shim tile, its channels are overused by
  // count, not when the nets leaving them take turns.
  PlaceModel withTurns(turns, npu2);
  Design concurrent = turns;
  concurrent.turns.clear();
  PlaceModel without(concurrent, npu2);
  Placement q(turns.coreCount());
  next.clear();
  for (CoreId c = 0; c < turns.coreCount(); ++c) {
    const auto& hosts = withTurns.hostTiles(turns.cores[c].kind);
    q.place(c,
            turns.cores[c].kind == CoreKind::Shim ? hosts.front() : hosts[next[turns.cores[c].kind]++ % hosts.size()]);
  }
  BbCost taking(withTurns), all(without);
  taking.reset(q);
  all.reset(q);
  EXPECT_LT(taking.dmaOveruse(), all.dmaOveruse());
}

// Deep FIFOs (BD overuse) and links through compute cores (shared memory only in the linking
// core's own tile) exercised by the same delta-vs-recompute check.
Design deepAndComputeLinked(uint64_t seed) {
  Design d = ts::test::randomDesign(seed, 24, 4, 5, 60);
  for (Net& n : d.nets) {
    n.sourceDepth = 4;
    for (int& depth : n.targetDepths) depth = 4;
  }
  for (CoreId c = 0; c < 24; c += 3) {  // link an incoming net to an outgoing one at compute core c
    NetId in = -1, out = -1;
    for (NetId n = 0; n < d.netCount(); ++n) {
      const Net& net = d.nets[n];
      if (in < 0 && net.targets.size() == 1 && net.targets[0] == c) in = n;
      if (out < 0 && net.source == c) out = n;
    }
    bool used = false;
    for (const Link& l : d.links)
      for (NetId n : {in, out})
        used = used || std::count(l.inputs.begin(), l.inputs.end(), n) ||
               std::count(l.outputs.begin(), l.outputs.end(), n);
    if (in >= 0 && out >= 0 && in != out && !used) d.links.push_back({{in}, {out}});
  }
  return d;
}

TEST(BbCost, DeltasCoverBuffersDescriptorsAndComputeLinks) {
  Device npu2 = loadDevice("npu2");
  Design d = deepAndComputeLinked(41);
  ASSERT_TRUE(d.problems().empty()) << d.problems().front();
  PlaceModel m(d, npu2);
  int computeLinks = 0;
  for (const Link& l : d.links) computeLinks += d.cores[d.linkVia(l)].kind == CoreKind::Compute;
  ASSERT_GT(computeLinks, 2);
  randomMoves<BbCost>(d, npu2, BbCostConfig{}, 3000, 6);
  randomMoves<BbcgCost>(d, npu2, BbcgCostConfig{}, 1500, 7);
  // The BD term is live: the deep FIFOs overuse some tile's BDs in the sequential order.
  BbCost cost(m);
  Placement p(d.coreCount());
  std::map<CoreKind, size_t> next;
  for (CoreId c = 0; c < d.coreCount(); ++c)
    p.place(c, m.hostTiles(d.cores[c].kind)[next[d.cores[c].kind]++ % m.hostTiles(d.cores[c].kind).size()]);
  cost.reset(p);
  EXPECT_GT(cost.bdOveruse(), 0);
}

TEST(BbcgCost, DeltasEqualRecomputationOverRandomMoves) {
  Device npu2 = loadDevice("npu2");
  BbcgCostConfig cfg;
  cfg.kappa = 7.5;
  double congestion = 0;
  int shortcuts = 0;
  randomMoves<BbcgCost>(ts::test::randomDesign(21, 28, 4, 6, 90), npu2, cfg, 4000, 3, &congestion, &shortcuts);
  EXPECT_GT(congestion, 0.0) << "the random sequence never congested a channel";
  BbcgCostConfig eq9 = cfg;  // shared-memory nets at their full box, as the paper
  eq9.bb.sharedWirelength = 1.0;
  randomMoves<BbcgCost>(ts::test::randomDesign(24, 28, 4, 6, 90), npu2, eq9, 4000, 10, nullptr, &shortcuts);
  Device big = loadDevice("xcve2802");
  randomMoves<BbcgCost>(ts::test::randomDesign(22, 100, 10, 10, 200), big, cfg, 600, 4, nullptr, &shortcuts);
  // Sparser, so that many moves stay clear of the overused rows: the bound alone rejects those
  // whose bb change exceeds the limit.
  double sparseCongestion = 0;
  randomMoves<BbcgCost>(ts::test::randomDesign(23, 24, 3, 3, 40), npu2, cfg, 1500, 6, &sparseCongestion, &shortcuts);
  EXPECT_GT(sparseCongestion, 0.0);
  EXPECT_GT(shortcuts, 0) << "no move was rejected from the bound alone";
}

// The coarser grid (rows binned in pairs) is exact against its own recomputation as well: on a
// small array and on a large one with memory-tile rows, whose patterns are shared at every other
// height.
TEST(BbcgCost, RowBinDeltasEqualRecomputationOverRandomMoves) {
  BbcgCostConfig cfg;
  cfg.kappa = 7.5;
  cfg.rowsPerBin = 2;
  double congestion = 0;
  randomMoves<BbcgCost>(ts::test::randomDesign(21, 28, 4, 6, 90), loadDevice("npu2"), cfg, 3000, 3, &congestion);
  EXPECT_GT(congestion, 0.0) << "the random sequence never congested a bin";
  double bigCongestion = 0;
  randomMoves<BbcgCost>(ts::test::randomDesign(22, 100, 10, 10, 200), loadDevice("xcve2802"), cfg, 600, 4,
                        &bigCongestion);
  EXPECT_GT(bigCongestion, 0.0);
}

// Broadcasts to many targets (like CRONet's memory tiles feeding 8-11 cores): a multicast net's
// use is the maximum over its connections, so moving one target or the source must change the
// cost exactly as a recomputation does.
TEST(BbcgCost, BroadcastDeltasEqualRecomputation) {
  Design d = ts::test::randomDesign(31, 32, 3, 3, 40);
  for (Net& n : d.nets) {
    n.sourceDepth = 1;
    std::fill(n.targetDepths.begin(), n.targetDepths.end(), 1);
  }
  for (CoreId src : {32, 33, 35}) {  // two memory tiles and a shim broadcast to 8-11 compute cores
    Net net;
    net.name = "broadcast" + std::to_string(src);
    net.source = src;
    net.sourceDepth = 1;
    net.bytesPerObject = 256;
    for (CoreId t = src % 4; t < 32 && net.targets.size() < size_t(8 + src % 4); t += 3) net.targets.push_back(t);
    net.targetDepths.assign(net.targets.size(), 1);
    d.nets.push_back(net);
  }
  Device npu2 = loadDevice("npu2");
  BbcgCostConfig cfg;
  cfg.kappa = 5;
  double congestion = 0;
  randomMoves<BbcgCost>(d, npu2, cfg, 3000, 8, &congestion);
  EXPECT_GT(congestion, 0.0);
}

// Swapping two targets of a multicast net keeps its ends' tiles, but where a target is a link's
// core the net shares memory only in that core's tile: the swap can turn it from shared memory to
// streams or back, and the channel use must follow (the random sequences never build this case).
TEST(BbcgCost, SwappingALinkedTargetOfABroadcastRestagesIt) {
  Design d;
  d.name = "linked_broadcast";
  d.device = "npu2";
  for (const char* name : {"s", "a", "b", "x"}) {
    LogicalCore c;
    c.name = name;
    c.kind = CoreKind::Compute;
    d.cores.push_back(c);
  }
  auto net = [](const char* name, CoreId source, std::vector<CoreId> targets) {
    Net n;
    n.name = name;
    n.source = source;
    n.targets = std::move(targets);
    n.sourceDepth = 1;
    n.targetDepths.assign(n.targets.size(), 1);
    n.bytesPerObject = 256;
    return n;
  };
  d.nets = {net("broadcast", 0, {1, 2}), net("out", 1, {3})};
  d.links.push_back({{0}, {1}});  // through a
  ASSERT_TRUE(d.problems().empty()) << d.problems().front();
  const Device dev = loadDevice("npu2");
  PlaceModel m(d, dev);
  ASSERT_TRUE(m.linkedAt(0, 1));
  // Tiles for s, a and b where the broadcast shares memory, but not with a and b swapped.
  const auto& hosts = m.hostTiles(CoreKind::Compute);
  std::array<int, PlaceModel::kMaxReach> banks{};
  std::vector<TileCoord> found;
  for (TileCoord ts : hosts)
    for (TileCoord ta : hosts)
      for (TileCoord tb : hosts) {
        if (!found.empty() || ts == ta || ts == tb || ta == tb) continue;
        const int shared[] = {m.tileIndex(ts), m.tileIndex(ta), m.tileIndex(tb)};
        const int swapped[] = {shared[0], shared[2], shared[1]};
        if (m.netSharedBanks(0, shared, 3, banks) > 0 && m.netSharedBanks(0, swapped, 3, banks) == 0)
          found = {ts, ta, tb};
      }
  ASSERT_EQ(found.size(), 3u) << "no placement where the swap changes the sharing";
  TileCoord tx;
  for (TileCoord t : hosts)
    if (std::find(found.begin(), found.end(), t) == found.end()) tx = t;
  Placement p(d.coreCount());
  p.place(0, found[0]);
  p.place(1, found[1]);
  p.place(2, found[2]);
  p.place(3, tx);
  Placement q = p;
  q.place(1, found[2]);
  q.place(2, found[1]);
  const BbcgCostConfig cfg = kappa3();
  const ChannelUsage channels(dev, ChannelUsage::unitsPerNet(m.netCount()));
  // Both ways: from shared memory to streams, and back.
  for (const auto& [from, to] : {std::pair{p, q}, std::pair{q, p}}) {
    BbcgCost cost(m, cfg), fresh(m, cfg);
    cost.reset(from);
    fresh.reset(to);
    const double delta = cost.propose({{1, from.tile(1), to.tile(1)}, {2, from.tile(2), to.tile(2)}});
    EXPECT_NEAR(delta, fresh.total() - cost.evaluate(from), 1e-9);
    cost.commit();
    EXPECT_EQ(cost.terms(), BbcgCost::fromScratch(m, cfg, to));
    int differ = 0;
    for (int s = 0; s < channels.segmentCount(); ++s) differ += cost.expectedUse(s) != fresh.expectedUse(s);
    EXPECT_EQ(differ, 0) << "segments whose expected use was not restaged";
  }
}
