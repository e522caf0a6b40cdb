// AIE4ML block placement with memory tiles in the branch and bound: the optimum of an
// exhaustive search over block origins and memory tiles, the fixed first block, pruning that
// keeps the optimum, and results that pass the placement and routing checkers.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <limits>

#include "engine/aie/bench/mlp.h"
#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/block_memtiles.h"
#include "engine/aie/place/block_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/rr_graph.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

/// A two-layer MLP on npu2 (2x2 then 2x1 cores) with its input, join/distribute and output
/// memory tiles: small enough for an exhaustive search.
Design smallMlp() {
  MlpSpec spec;
  spec.name = "mlp_small";
  spec.layers = {{2, 2}, {2, 1}};
  return generateMlp(loadDevice("npu2"), spec).design;
}

/// Minimum J over every non-overlapping block layout and every memory tile of every cluster
/// (no symmetry or cost shortcuts) whose memory tiles stay within their DMA channels, memory,
/// BDs (and links when cfg.linkCheck); the first block at its fixed origin when cfg.fixFirst.
double exhaustive(const Design& d, const Device& dev, const BlockPlacerConfig& cfg) {
  const PlaceModel m(d, dev);
  std::vector<std::string> problems;
  const auto blocks = layerBlocks(d, problems, int(m.kindRows(CoreKind::Compute).size()));
  const std::vector<char> fixed(size_t(d.coreCount()), 0);
  const auto clusters = memTileClusters(m, blocks, fixed);
  const int cols = dev.columns(), rows = int(m.kindRows(CoreKind::Compute).size());
  const auto& memTiles = m.hostTiles(CoreKind::MemTile);
  double best = std::numeric_limits<double>::infinity();
  std::vector<TileCoord> origins(blocks.size());
  std::vector<char> busy(size_t(cols * rows), 0);
  std::vector<int> colOf(size_t(d.coreCount()), -1);
  MemTileLedger ledger(m, cfg.linkCheck);
  std::function<void(size_t, double)> tiles = [&](size_t k, double j) {
    if (k == clusters.size()) {
      bool ok = true;
      for (const TileCoord& t : memTiles) ok = ok && ledger.within(m.tileIndex(t));
      if (ok) best = std::min(best, j);
      return;
    }
    for (const TileCoord& t : memTiles) {
      bool allowed = true;
      for (CoreId c : clusters[k].cores) allowed = allowed && m.allows(c, t);
      if (!allowed) continue;
      for (CoreId c : clusters[k].cores) ledger.place(c, m.tileIndex(t));
      tiles(k + 1, j + cfg.memWeight * clusterReach(m, clusters[k], colOf).outside(t.col));
      for (CoreId c : clusters[k].cores) ledger.unplace(c);
    }
  };
  std::function<void(size_t)> go = [&](size_t i) {
    if (i == blocks.size()) return tiles(0, blockObjective(blocks, origins, cfg));
    for (int r = 0; r + blocks[i].height <= rows; ++r)
      for (int c = 0; c + blocks[i].width <= cols; ++c) {
        if (i == 0 && cfg.fixFirst && (c != cfg.firstCol || r != cfg.firstRow)) continue;
        bool ok = true;
        for (const auto& cell : blocks[i].cells) ok = ok && !busy[size_t((r + cell.dr) * cols + c + cell.dc)];
        if (!ok) continue;
        for (const auto& cell : blocks[i].cells) {
          busy[size_t((r + cell.dr) * cols + c + cell.dc)] = 1;
          colOf[size_t(cell.core)] = c + cell.dc;
        }
        origins[i] = {c, r};
        go(i + 1);
        for (const auto& cell : blocks[i].cells) busy[size_t((r + cell.dr) * cols + c + cell.dc)] = 0;
      }
  };
  go(0);
  return best;
}

BlockPlacerResult placeWithMemtiles(const Design& d, const Device& dev, const BlockPlacerConfig& cfg, Placement start = {}) {
  ts::core::RunContext ctx(1);
  return runBlockPlacer({d, dev, std::move(start)}, cfg, ctx);
}

/// J of the result recomputed from its placement: blocks from the origins, each memory-tile
/// cluster from where its cores sit.
double objectiveOf(const Design& d, const Device& dev, const BlockPlacerResult& r, const BlockPlacerConfig& cfg) {
  const PlaceModel m(d, dev);
  std::vector<int> colOf(size_t(d.coreCount()), -1);
  for (const auto& b : r.blocks)
    for (const auto& c : b.cells) colOf[size_t(c.core)] = r.placement.tile(c.core).col;
  double j = blockObjective(r.blocks, r.origins, cfg);
  for (const auto& cl : memTileClusters(m, r.blocks, std::vector<char>(size_t(d.coreCount()), 0)))
    j += cfg.memWeight * clusterReach(m, cl, colOf).outside(r.placement.tile(cl.cores.front()).col);
  return j;
}

}  // namespace

TEST(BlockPlacerMemTiles, ReachesTheExhaustiveOptimum) {
  const Device dev = loadDevice("npu2");
  Design squeezed = smallMlp();
  // Every memory-tile core kept to column 7: all clusters share the one memory tile there
  // (within its DMA channels and BDs) and the blocks trade J against its distance.
  for (LogicalCore& c : squeezed.cores)
    if (c.kind == CoreKind::MemTile) c.pinColumn = 7;
  const Design designs[] = {smallMlp(), squeezed};
  for (const Design& d : designs)
    for (bool fixFirst : {true, false})
      for (double memWeight : {1.0, 3.0}) {
        BlockPlacerConfig cfg;
        cfg.fixFirst = fixFirst;
        cfg.memWeight = memWeight;
        cfg.route = false;
        auto r = placeWithMemtiles(d, dev, cfg);
        ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
        EXPECT_TRUE(r.optimal);
        EXPECT_NEAR(r.objective, exhaustive(d, dev, cfg), 1e-9)
            << d.name << " fix_first " << fixFirst << " mem " << memWeight;
        EXPECT_NEAR(objectiveOf(d, dev, r, cfg), r.objective, 1e-9);
        // Every memory-tile core was placed by the search: each cluster shares one tile.
        const bool isSqueezed = &d == &designs[1];
        for (CoreId c = 0; c < d.coreCount(); ++c) {
          if (d.cores[c].kind != CoreKind::MemTile) continue;
          EXPECT_EQ(dev.kind(r.placement.tile(c)), TileKind::Mem);
          if (isSqueezed) {
            EXPECT_EQ(r.placement.tile(c), (TileCoord{7, 1}));
          }
        }
        // Squeezed with the first block at (0, 0), the input's memory tile lies beyond its cores.
        if (isSqueezed && fixFirst) {
          EXPECT_GT(r.objective, blockObjective(r.blocks, r.origins, cfg) + 0.5);
        }
      }
}

TEST(BlockPlacerMemTiles, TheFixedFirstBlockIsHonoured) {
  const Device dev = loadDevice("npu2");
  const Design d = smallMlp();
  BlockPlacerConfig cfg;
  cfg.route = false;
  auto byDefault = placeWithMemtiles(d, dev, cfg);  // AIE4ML: the first block starts at (0, 0)
  ASSERT_TRUE(byDefault.success);
  EXPECT_EQ(byDefault.origins[0], (TileCoord{0, 0}));
  cfg.firstCol = 3;
  cfg.firstRow = 1;
  auto moved = placeWithMemtiles(d, dev, cfg);
  ASSERT_TRUE(moved.success);
  EXPECT_EQ(moved.origins[0], (TileCoord{3, 1}));
  EXPECT_NEAR(moved.objective, exhaustive(d, dev, cfg), 1e-9);
  // The setting comes through the registry as every placer setting does (CLI --set, studio form).
  const PlacerInfo* info = findPlacer("blocks");
  ASSERT_NE(info, nullptr);
  bool listed = false;
  for (const auto& spec : info->params()) listed = listed || (spec.key == "fix_first" && spec.defaultValue == "true");
  EXPECT_TRUE(listed);
  ts::core::RunContext ctx(1);
  auto free = info->run(d, dev, {}, {{"fix_first", "false"}, {"route", "false"}}, ctx);
  ASSERT_TRUE(free.success);
  cfg.fixFirst = false;
  for (const auto& [key, value] : free.stats)
    if (key == "objective") {
      EXPECT_NEAR(value, exhaustive(d, dev, cfg), 1e-9);
    }
  EXPECT_LE(exhaustive(d, dev, cfg), byDefault.objective);
}

TEST(BlockPlacerMemTiles, PruningKeepsTheOptimum) {
  // With the link check and the router, the search reaches the optimum of the exhaustive
  // search that has neither; and the link check changes nothing here.
  const Device dev = loadDevice("npu2");
  const Design d = smallMlp();
  for (bool fixFirst : {true, false}) {
    BlockPlacerConfig loose;
    loose.fixFirst = fixFirst;
    loose.linkCheck = false;
    BlockPlacerConfig pruned = loose;
    pruned.linkCheck = true;
    auto r = placeWithMemtiles(d, dev, pruned);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(r.routed);
    EXPECT_TRUE(r.optimal);
    EXPECT_NEAR(r.objective, exhaustive(d, dev, loose), 1e-9);
    // A node limit stops early but still reports its best complete layout, never a better one.
    pruned.maxNodes = 3;
    auto early = placeWithMemtiles(d, dev, pruned);
    if (early.success) {
      EXPECT_GE(early.objective, r.objective - 1e-9);
    }
  }
}

TEST(BlockPlacerMemTiles, TheResultPassesThePlacementAndRoutingCheckers) {
  const Device dev = loadDevice("npu2");
  const Design d = smallMlp();
  BlockPlacerConfig cfg;
  auto r = placeWithMemtiles(d, dev, cfg);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  ASSERT_TRUE(r.routed) << r.routeStatus;
  EXPECT_GE(r.routeAttempts, 1);
  EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
  // Route the reported placement again and check it independently.
  RrGraph graph(dev);
  ts::core::RunContext ctx(1);
  MilpRouterResult routed = runMilpRouter(d, dev, graph, r.placement, MilpRouterConfig{}, ctx);
  ASSERT_TRUE(routed.success) << (routed.reasons.empty() ? routed.status : routed.reasons.front());
  EXPECT_TRUE(checkRouting(d, dev, graph, r.placement, routed.routing).empty());
  // Pinned memory tiles stay where they are pinned.
  Placement start = Placement::fromDesignPins(d);
  const CoreId in = d.findCore("in_mem");
  ASSERT_GE(in, 0);
  start.place(in, {5, 1});
  start.setPinned(in, true);
  auto pinned = placeWithMemtiles(d, dev, cfg, start);
  ASSERT_TRUE(pinned.success) << (pinned.reasons.empty() ? pinned.status : pinned.reasons.front());
  EXPECT_EQ(pinned.placement.tile(in), (TileCoord{5, 1}));
}

TEST(BlockPlacerMemTiles, AnUnroutedLayoutIsSearchedPastAndTheBestReported) {
  // A router with no time routes nothing: every try excludes its layout and searches again;
  // the placer then reports the best legal layout, saying it did not route.
  const Device dev = loadDevice("npu2");
  const Design d = smallMlp();
  BlockPlacerConfig cfg;
  cfg.route = false;
  const auto plain = placeWithMemtiles(d, dev, cfg);
  cfg.route = true;
  cfg.routeSeconds = 1e-6;
  cfg.routeTries = 2;
  const auto r = placeWithMemtiles(d, dev, cfg);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_FALSE(r.routed);
  EXPECT_EQ(r.routeAttempts, 2);
  EXPECT_GT(r.moves, plain.moves);  // the second search
  EXPECT_NEAR(r.objective, plain.objective, 1e-9);
  EXPECT_EQ(r.placement, plain.placement);
}

TEST(BlockPlacerMemTiles, RoutingTriesStayWithinTheRunsTimeLimit) {
  // CRONet's layouts take the MILP router far longer than 2 s; three 30 s routing tries must
  // still end with the run's own 2 s limit, reporting the best legal layout unrouted.
  const LoadedDesign loaded = loadDesignFile(ts::test::sourceDir() + "/samples/cronet_xcve2802.yaml");
  BlockPlacerConfig cfg;
  cfg.routeSeconds = 30;
  cfg.routeTries = 3;
  ts::core::RunContext ctx(1, 2.0);
  BlockPlacerResult r;
  const auto t0 = std::chrono::steady_clock::now();
  r = runBlockPlacer({loaded.design, loaded.device, {}}, cfg, ctx);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(seconds, 2.0 * ts::test::kTimingSlack);
  EXPECT_EQ(r.status, "time-out");
  EXPECT_FALSE(r.routed);
  if (r.success) {  // a slow (sanitizer) build may stop before the search finds a layout
    EXPECT_TRUE(checkPlacement(loaded.design, loaded.device, r.placement).empty());
  }
}
