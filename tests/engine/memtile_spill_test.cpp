// Memory tiles lend memory to their row neighbours: net buffers over a memory tile's capacity may
// sit in the spare memory of the memory tiles east and west of it (MLIR-AIE's adjacent memory-tile
// allocation). The least overuse a split leaves, as the placement and routing checkers, the MILPs
// and the dataflow and blocks placers count it (SA's cost: place_cost_test.cpp).
#include <gtest/gtest.h>

#include <functional>

#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/memtile_spill.h"
#include "engine/aie/place/block_placer.h"
#include "engine/aie/place/dataflow_placer.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/core/rng.h"
#include "place_test_util.h"

using namespace ts::aie;

namespace {

/// The least bytes left unplaced when each demand may use its own capacity and its two
/// neighbours', by trying every integer split (small numbers only): the independent check.
int64_t leastUnplacedBySearch(const std::vector<int64_t>& demand, const std::vector<int64_t>& capacity) {
  const int n = int(demand.size());
  int64_t best = INT64_MAX;
  std::vector<int64_t> room = capacity;
  std::function<void(int, int64_t)> place = [&](int k, int64_t unplaced) {
    if (k == n) {
      best = std::min(best, unplaced);
      return;
    }
    const int lo = std::max(0, k - 1), hi = std::min(n - 1, k + 1);
    // Every way to put parts of demand k on tiles lo..hi, the rest unplaced.
    std::function<void(int, int64_t)> part = [&](int j, int64_t left) {
      if (j > hi) {
        place(k + 1, unplaced + left);
        return;
      }
      for (int64_t take = 0; take <= std::min(left, room[size_t(j)]); ++take) {
        room[size_t(j)] -= take;
        part(j + 1, left - take);
        room[size_t(j)] += take;
      }
    };
    part(lo, demand[size_t(k)]);
  };
  place(0, 0);
  return best;
}

/// Memory-tile row use of npu2 (8 memory tiles in row 1) with `bytes` per column from column 0.
std::vector<int64_t> memRowUse(const Device& dev, const std::vector<int64_t>& bytes) {
  std::vector<int64_t> use(size_t(dev.tileCount()), 0);
  for (size_t c = 0; c < bytes.size(); ++c) use[size_t(dev.index({int(c), 1}))] = bytes[c];
  return use;
}

int64_t totalOf(const std::vector<int64_t>& v) {
  int64_t s = 0;
  for (int64_t x : v) s += x;
  return s;
}

}  // namespace

TEST(MemTileSpill, NeighboursAreTheMemoryTilesEastAndWestInTheRow) {
  const Device npu2 = loadDevice("npu2");
  EXPECT_EQ(spillNeighbours(npu2, {0, 1}), (std::vector<TileCoord>{{1, 1}}));
  EXPECT_EQ(spillNeighbours(npu2, {3, 1}), (std::vector<TileCoord>{{2, 1}, {4, 1}}));
  EXPECT_TRUE(spillNeighbours(npu2, {3, 2}).empty());  // a compute tile
  EXPECT_TRUE(spillNeighbours(npu2, {3, 0}).empty());  // a shim tile
  EXPECT_TRUE(spillNeighbours(loadDevice("npu1_1col"), {0, 1}).empty());
}

TEST(MemTileSpill, TheGreedyLeavesTheLeastOveruseOfAnySplit) {
  const Device dev = loadDevice("npu2");
  const int64_t cap = dev.resources({0, 1}).memoryBytes;
  const std::vector<int64_t> none(size_t(dev.tileCount()), 0);  // no core's own data
  // Taking the west neighbour's spare before its own lets the next tile use its own: 3 x 1.5
  // capacities on four tiles fit.
  EXPECT_EQ(totalOf(memoryOveruseWithSpill(dev, memRowUse(dev, {0, cap * 3 / 2, cap * 3 / 2, 0}), none)), 0);
  // The first tile has no west neighbour: 2.5 capacities there leave half of one.
  const std::vector<int64_t> over = memoryOveruseWithSpill(dev, memRowUse(dev, {cap * 5 / 2}), none);
  EXPECT_EQ(over[size_t(dev.index({0, 1}))], cap / 2);
  EXPECT_EQ(totalOf(over), cap / 2);
  // Against every split, on random rows of small numbers (capacities scaled down in units).
  ts::core::Rng rng(7);
  for (int round = 0; round < 300; ++round) {
    const int n = rng.uniformInt(2, 4);
    std::vector<int64_t> demand(static_cast<size_t>(n)), capacity(static_cast<size_t>(n));
    std::vector<int64_t> bytes(static_cast<size_t>(n));  // in units of half a capacity
    for (int k = 0; k < n; ++k) {
      demand[size_t(k)] = rng.uniformInt(0, 5);
      capacity[size_t(k)] = 2;
      bytes[size_t(k)] = demand[size_t(k)] * (cap / 2);
    }
    // npu2's row has 8 memory tiles and the rest stay empty: the last of the n may also borrow
    // from the empty tile east of it, so the search covers n + 1 tiles.
    demand.push_back(0);
    capacity.push_back(2);
    const int64_t greedy = totalOf(memoryOveruseWithSpill(dev, memRowUse(dev, bytes), none));
    EXPECT_EQ(greedy, leastUnplacedBySearch(demand, capacity) * (cap / 2)) << "round " << round;
  }
  // A core's own data stays on its tile: over the capacity it is over, free neighbours or not,
  // and it leaves a neighbour less to lend.
  std::vector<int64_t> fixed(size_t(dev.tileCount()), 0);
  fixed[size_t(dev.index({0, 1}))] = cap + 10;
  fixed[size_t(dev.index({2, 1}))] = cap - 100;
  std::vector<int64_t> use = memRowUse(dev, {cap + 10, 0, cap - 100, 2 * cap + 100});
  const std::vector<int64_t> withOwn = memoryOveruseWithSpill(dev, use, fixed);
  EXPECT_EQ(withOwn[size_t(dev.index({0, 1}))], 10);
  // (3, 1)'s cap + 100 movable bytes over its own capacity: 100 fit in (2, 1), and (4, 1)
  // takes the rest.
  EXPECT_EQ(withOwn[size_t(dev.index({3, 1}))], 0);
  use[size_t(dev.index({3, 1}))] = 3 * cap;  // (2, 1) and (4, 1) hold cap + 100 of its 2 cap over
  EXPECT_EQ(memoryOveruseWithSpill(dev, use, fixed)[size_t(dev.index({3, 1}))], cap - 100);
  // Non-memory tiles keep their own overuse.
  std::vector<int64_t> compute(size_t(dev.tileCount()), 0);
  compute[size_t(dev.index({2, 3}))] = dev.resources({2, 3}).memoryBytes + 10;
  EXPECT_EQ(memoryOveruseWithSpill(dev, compute, none)[size_t(dev.index({2, 3}))], 10);
}

TEST(MemTileSpill, TheCheckersAndTheMilpRouterLetAMemoryTileBorrowItsNeighboursMemory) {
  // MLIR-AIE's onelargefifo_on_2memtile: two 384000-byte objects into memory tile (0, 1) do not
  // fit its 512 KiB; the second sits in (1, 1).
  const std::string yaml = R"(design: spill
device: DEVICE
cores:
  - {name: s, kind: shim, pin: [0, 0]}
  - {name: m, kind: mem, pin: [0, 1]}
  - {name: k, pin: [0, 2]}
nets:
  - {name: in, source: s, targets: [m], bytes: 384000, depth: 2}
  - {name: out, source: m, targets: [k], bytes: 32, depth: 2}
links:
  - {inputs: [in], outputs: [out]}
)";
  auto designOn = [&](const std::string& device) {
    std::string y = yaml;
    y.replace(y.find("DEVICE"), 6, device);
    return ts::test::designFromYaml(y);
  };
  auto pinned = [](const Design& d) {
    Placement p(d.coreCount());
    for (CoreId c = 0; c < d.coreCount(); ++c) p.place(c, *d.cores[size_t(c)].pin);
    return p;
  };
  const Device npu1 = loadDevice("npu1");
  const Design d = designOn("npu1");
  const Placement p = pinned(d);
  EXPECT_TRUE(checkPlacement(d, npu1, p).empty());
  RrGraph graph(npu1);
  ts::core::RunContext ctx(1, 30);
  const MilpRouterResult r = runMilpRouter(d, npu1, graph, p, MilpRouterConfig{}, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(checkRouting(d, npu1, graph, p, r.routing, {}).empty());
  // The joint MILP's own endpoint memory rows lend too (they refused it before).
  ts::core::RunContext jointCtx(1, 30);
  const PlacerResult joint = runJointMilpPlacer({d, npu1, p}, JointMilpPlacerConfig{}, jointCtx);
  EXPECT_TRUE(joint.success) << (joint.reasons.empty() ? joint.status : joint.reasons.front());
  // With a second memory-tile endpoint at (1, 1) whose net brings it 2 x 500000 bytes, the row
  // cannot hold both: (0, 1) borrows from (1, 1), which then lacks 195136 bytes even with
  // (2, 1)'s memory.
  Design full = d;
  full.cores.push_back({"other", CoreKind::MemTile, 0, 0, TileCoord{1, 1}, ""});
  full.nets.push_back({"big", 0, {CoreId(full.coreCount() - 1)}, 500000, 2, {2}});
  Placement pFull = pinned(full);
  std::string problems;
  for (const Violation& v : checkPlacement(full, npu1, pFull)) problems += v.message + "\n";
  EXPECT_EQ(problems,
            "mem tile (1,1): its core needs 1000000 bytes of buffers but it has 524288 (with its neighbour memory "
            "tiles' spare memory, 195136 bytes still do not fit)\n");
  ts::core::RunContext ctxFull(1, 30);
  const MilpRouterResult rFull = runMilpRouter(full, npu1, graph, pFull, MilpRouterConfig{}, ctxFull);
  EXPECT_FALSE(rFull.success);
  // So does the routing checker, given the routing of the same nets with small objects on 'big'.
  Design small = full;
  small.nets.back().bytesPerObject = 16;
  ts::core::RunContext smallCtx(1, 30);
  const MilpRouterResult rSmall = runMilpRouter(small, npu1, graph, pFull, MilpRouterConfig{}, smallCtx);
  ASSERT_TRUE(rSmall.success) << (rSmall.reasons.empty() ? rSmall.status : rSmall.reasons.front());
  problems.clear();
  for (const Violation& v : checkRouting(full, npu1, graph, pFull, rSmall.routing, {})) problems += v.message + "\n";
  EXPECT_NE(problems.find("mem tile (1,1): buffers need 1000000 bytes but it has 524288 (with its neighbour "
                          "memory tiles' spare memory, 195136 bytes still do not fit)"),
            std::string::npos)
      << problems;
  // A memory tile's own data (MLIR aie.buffer ops, which MLIR-AIE's address assignment keeps on
  // their tile: basic_alloc_memtile_error) does not spill.
  Design ownData = d;
  ownData.cores.push_back({"data", CoreKind::MemTile, 528000, 0, TileCoord{3, 1}, ""});
  problems.clear();
  for (const Violation& v : checkPlacement(ownData, npu1, pinned(ownData))) problems += v.message + "\n";
  EXPECT_EQ(problems,
            "mem tile (3,1): its core needs 528000 bytes of buffers but it has 524288 (with its neighbour memory "
            "tiles' spare memory, 3712 bytes still do not fit)\n");
  // A one-column array has no neighbour to borrow from.
  const Device oneColumn = loadDevice("npu1_1col");
  const Design alone = designOn("npu1_1col");
  problems.clear();
  for (const Violation& v : checkPlacement(alone, oneColumn, pinned(alone))) problems += v.message + "\n";
  EXPECT_NE(problems.find("mem tile (0,1): its core needs 768000 bytes of buffers but it has 524288\n"),
            std::string::npos)
      << problems;
}

TEST(MemTileSpill, DataflowAndBlocksPlaceAnEndpointLargerThanOneMemoryTile) {
  // A FIFO of 2 x 384000 bytes into a memory-tile endpoint, linked on to a layer of two cores:
  // no memory tile holds it alone, its neighbour lends the rest.
  const Design d = ts::test::designFromYaml(R"(design: big
device: npu2
cores:
  - {name: s, kind: shim}
  - {name: m, kind: mem}
  - {name: a, group: L}
  - {name: b, group: L}
nets:
  - {name: in, source: s, targets: [m], bytes: 384000, depth: 2}
  - {name: out, source: m, targets: [a], bytes: 32, depth: 2}
  - {name: ab, source: a, targets: [b], bytes: 32}
links:
  - {inputs: [in], outputs: [out]}
)");
  const Device dev = loadDevice("npu2");
  const PlaceProblem problem{d, dev, Placement(d.coreCount())};
  {
    ts::core::RunContext ctx(1);
    const PlacerResult r = runDataflowPlacer(problem, DataflowPlacerConfig{}, ctx);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
  }
  BlockPlacerConfig blocks;
  blocks.route = false;
  ts::core::RunContext ctx(1, 30);
  const PlacerResult r = runBlockPlacer(problem, blocks, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
}
