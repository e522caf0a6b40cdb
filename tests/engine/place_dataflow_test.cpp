// The `dataflow` placer (CRONet's subgraph-aware placement): subgraph order, contiguous
// regions, one-to-one fusion, pins, start placements, and the independent placement check.
#include <gtest/gtest.h>

#include <map>
#include <queue>
#include <set>

#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/dataflow_placer.h"
#include "engine/aie/place/dataflow_regions.h"
#include "engine/core/error.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

// Four subgraphs in a pipeline A(6) -> B(5) -> C(7) -> D(4), declared out of dataflow order,
// fed from a shim through a memory tile and drained the same way; C holds a 3-core cascade
// chain and A a loop (a -> a feedback).
const char* kPipeline = R"(design: pipeline
device: xcve2802
cores:
  - {name: d0, group: D}
  - {name: d1, group: D}
  - {name: d2, group: D}
  - {name: d3, group: D}
  - {name: a0, group: A}
  - {name: a1, group: A}
  - {name: a2, group: A}
  - {name: a3, group: A}
  - {name: a4, group: A}
  - {name: a5, group: A}
  - {name: b0, group: B}
  - {name: b1, group: B}
  - {name: b2, group: B}
  - {name: b3, group: B}
  - {name: b4, group: B}
  - {name: c0, group: C}
  - {name: c1, group: C}
  - {name: c2, group: C}
  - {name: c3, group: C}
  - {name: c4, group: C}
  - {name: c5, group: C}
  - {name: c6, group: C}
  - {name: in, kind: shim}
  - {name: min, kind: mem}
  - {name: mout, kind: mem}
  - {name: out, kind: shim}
nets:
  - {name: x, source: in, targets: [min], bytes: 1024}
  - {name: xa, source: min, targets: [a0, a1, a2], bytes: 1024}
  - {name: a01, source: a0, targets: [a3], bytes: 256}
  - {name: a12, source: a1, targets: [a4], bytes: 256}
  - {name: a25, source: a2, targets: [a5], bytes: 256}
  - {name: a50, source: a5, targets: [a0], bytes: 64}
  - {name: ab0, source: a3, targets: [b0, b1], bytes: 256}
  - {name: ab1, source: a4, targets: [b2, b3], bytes: 256}
  - {name: ab2, source: a5, targets: [b4], bytes: 256}
  - {name: bc0, source: b0, targets: [c0], bytes: 128}
  - {name: bc1, source: b1, targets: [c3], bytes: 128}
  - {name: bc2, source: b2, targets: [c4], bytes: 128}
  - {name: bc3, source: b3, targets: [c5], bytes: 128}
  - {name: bc4, source: b4, targets: [c6], bytes: 128}
  - {name: cd0, source: c2, targets: [d0, d1], bytes: 128}
  - {name: cd1, source: c3, targets: [d2], bytes: 128}
  - {name: cd2, source: c4, targets: [d3], bytes: 128}
  - {name: cd3, source: c5, targets: [d3], bytes: 128}
  - {name: cd4, source: c6, targets: [d0], bytes: 128}
  - {name: do0, source: d0, targets: [mout], bytes: 64}
  - {name: do1, source: d1, targets: [mout], bytes: 64}
  - {name: do2, source: d2, targets: [mout], bytes: 64}
  - {name: do3, source: d3, targets: [mout], bytes: 64}
  - {name: y, source: mout, targets: [out], bytes: 256}
links:
  - {inputs: [x], outputs: [xa]}
  - {inputs: [do0, do1, do2, do3], outputs: [y]}
cascades:
  - [c0, c1]
  - [c1, c2]
)";

const Device& ve2802() {
  static const Device d = loadDevice("xcve2802");
  return d;
}

/// Each group's tiles form one 4-connected set: a breadth-first walk over 4-neighbour tiles
/// of the group, started at one of them, reaches all of them.
bool contiguous(const std::set<TileCoord>& tiles) {
  if (tiles.empty()) return true;
  std::set<TileCoord> seen{*tiles.begin()};
  std::queue<TileCoord> queue;
  queue.push(*tiles.begin());
  while (!queue.empty()) {
    TileCoord t = queue.front();
    queue.pop();
    for (TileCoord n : {TileCoord{t.col + 1, t.row}, TileCoord{t.col - 1, t.row}, TileCoord{t.col, t.row + 1},
                        TileCoord{t.col, t.row - 1}})
      if (tiles.count(n) && seen.insert(n).second) queue.push(n);
  }
  return seen.size() == tiles.size();
}

std::map<std::string, std::set<TileCoord>> groupTiles(const Design& d, const Placement& p) {
  std::map<std::string, std::set<TileCoord>> out;
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (d.cores[c].kind == CoreKind::Compute) out[d.cores[c].group].insert(p.tile(c));
  return out;
}

DataflowPlacerResult place(const Design& d, const Placement& start = Placement(), DataflowPlacerConfig config = {}) {
  ts::core::RunContext ctx(1);
  return runDataflowPlacer(PlaceProblem{d, ve2802(), start}, config, ctx);
}

void expectLegal(const Design& d, const DataflowPlacerResult& r) {
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(r.placement.complete());
  auto v = checkPlacement(d, ve2802(), r.placement);
  EXPECT_TRUE(v.empty()) << (v.empty() ? "" : v.front().message);
}

}  // namespace

TEST(DataflowPlacer, SubgraphsFollowTheDataflow) {
  Design d = ts::test::designFromYaml(kPipeline);
  std::vector<DataflowRegion> regions = dataflowRegions(d, true);
  ASSERT_EQ(regions.size(), 4u);
  std::vector<std::string> order;
  for (const auto& r : regions) order.push_back(r.groups.front());
  EXPECT_EQ(order, (std::vector<std::string>{"A", "B", "C", "D"}));  // declared D first
  // Inside A, a0 waits for its loop input (a5 -> a0), so a1, the lowest ready core, leads.
  EXPECT_EQ(d.cores[regions[0].cores.front()].name, "a1");
}

TEST(DataflowPlacer, EveryGroupIsContiguousAndTheResultLegal) {
  Design d = ts::test::designFromYaml(kPipeline);
  for (double spread : {0.0, 0.5}) {
    DataflowPlacerConfig config;
    config.spread = spread;
    DataflowPlacerResult r = place(d, Placement(), config);
    expectLegal(d, r);
    for (const auto& [group, tiles] : groupTiles(d, r.placement))
      EXPECT_TRUE(contiguous(tiles)) << "group " << group << " spread " << spread;
    EXPECT_LE(r.wirelength, r.initialWirelength);
    for (const Cascade& k : d.cascades)
      EXPECT_TRUE(ve2802().canCascade(r.placement.tile(k.from), r.placement.tile(k.to)));
  }
  // Consecutive subgraphs share a border: some core of A neighbours some core of B.
  DataflowPlacerResult r = place(d);
  auto tiles = groupTiles(d, r.placement);
  bool touching = false;
  for (TileCoord a : tiles["A"])
    for (TileCoord b : tiles["B"]) touching = touching || std::abs(a.col - b.col) + std::abs(a.row - b.row) == 1;
  EXPECT_TRUE(touching);
}

TEST(DataflowPlacer, PinsAndStartPlacementAreKept) {
  Design d = ts::test::designFromYaml(kPipeline);
  const CoreId b2 = d.findCore("b2"), mout = d.findCore("mout"), c4 = d.findCore("c4");
  d.cores[b2].pin = TileCoord{20, 6};
  Placement start(d.coreCount());
  start.place(mout, {30, 2});
  start.setPinned(mout, true);
  start.place(c4, {12, 9});  // placed, not pinned: moves unless keep_start
  DataflowPlacerResult r = place(d, start);
  expectLegal(d, r);
  EXPECT_EQ(r.placement.tile(b2), (TileCoord{20, 6}));
  EXPECT_EQ(r.placement.tile(mout), (TileCoord{30, 2}));
  EXPECT_TRUE(r.placement.pinned(mout));
  EXPECT_NE(r.placement.tile(c4), (TileCoord{12, 9}));
  DataflowPlacerConfig keep;
  keep.keepStartPlacement = true;
  DataflowPlacerResult k = place(d, start, keep);
  expectLegal(d, k);
  EXPECT_EQ(k.placement.tile(c4), (TileCoord{12, 9}));
}

TEST(DataflowPlacer, UngroupedCoresGoByConnectedComponent) {
  Design d = ts::test::designFromYaml(kPipeline);
  for (auto& c : d.cores) c.group.clear();
  std::vector<std::string> groups = dataflowGroups(d);
  EXPECT_EQ(groups[d.findCore("a0")], "component 1");
  EXPECT_EQ(groups[d.findCore("d3")], "component 1");  // one pipeline, one component
  EXPECT_EQ(groups[d.findCore("in")], "");
  DataflowPlacerResult r = place(d);
  expectLegal(d, r);
}

TEST(DataflowPlacer, OneToOnePairsAreFusedOntoNeighbours) {
  // P(4) -> Q(4) core by core (CRONet's CONV2D -> MaxPool2D): each pair on neighbouring tiles.
  std::string y = "design: pairs\ndevice: xcve2802\ncores:\n";
  for (int i = 0; i < 4; ++i) y += "  - {name: p" + std::to_string(i) + ", group: P}\n";
  for (int i = 0; i < 4; ++i) y += "  - {name: q" + std::to_string(i) + ", group: Q}\n";
  y += "nets:\n";
  for (int i = 0; i < 4; ++i)
    y += "  - {name: n" + std::to_string(i) + ", source: p" + std::to_string(i) + ", targets: [q" +
         std::to_string(3 - i) + "], bytes: 64}\n";
  Design d = ts::test::designFromYaml(y);
  ASSERT_EQ(dataflowRegions(d, true).size(), 1u);
  ASSERT_EQ(dataflowRegions(d, false).size(), 2u);
  DataflowPlacerResult r = place(d);
  expectLegal(d, r);
  EXPECT_EQ(r.fused, 1);
  for (const Net& n : d.nets) {
    TileCoord a = r.placement.tile(n.source), b = r.placement.tile(n.targets[0]);
    EXPECT_EQ(std::abs(a.col - b.col) + std::abs(a.row - b.row), 1) << n.name;
  }
}

TEST(DataflowPlacer, TooManyCoresFailWithTheReason) {
  std::string y = "design: big\ndevice: xcve2802\ncores:\n";
  for (int i = 0; i < 305; ++i) y += "  - {name: k" + std::to_string(i) + "}\n";
  Design d = ts::test::designFromYaml(y);
  DataflowPlacerResult r = place(d);
  EXPECT_FALSE(r.success);
  ASSERT_FALSE(r.reasons.empty());
  EXPECT_NE(r.reasons.front().find("305 compute cores"), std::string::npos) << r.reasons.front();
}

TEST(DataflowPlacer, RegisteredAloneAndAsTheWarmStartOfSa) {
  Design d = ts::test::designFromYaml(kPipeline);
  const CoreId a3 = d.findCore("a3");
  d.cores[a3].pin = TileCoord{5, 7};
  const PlacerInfo* dataflow = findPlacer("dataflow");
  const PlacerInfo* warm = findPlacer("dataflow+sa");
  ASSERT_TRUE(dataflow && warm);
  ts::core::RunContext ctx(1);
  PlaceOutcome df = dataflow->run(d, ve2802(), Placement(), {{"spread", "0.25"}}, ctx);
  ASSERT_TRUE(df.success) << (df.reasons.empty() ? df.status : df.reasons.front());
  ts::core::RunContext ctx2(1);
  PlaceOutcome sa = warm->run(d, ve2802(), Placement(), {{"max_moves", "20000"}}, ctx2);
  ASSERT_TRUE(sa.success) << (sa.reasons.empty() ? sa.status : sa.reasons.front());
  EXPECT_EQ(sa.placement.tile(a3), (TileCoord{5, 7}));
  EXPECT_TRUE(checkPlacement(d, ve2802(), sa.placement).empty());
  bool hasWarmStats = false;
  for (const auto& [name, value] : sa.stats) hasWarmStats = hasWarmStats || name == "dataflow_seconds";
  EXPECT_TRUE(hasWarmStats);
  EXPECT_THROW(dataflow->run(d, ve2802(), Placement(), {{"spread", "2"}}, ctx), ts::core::Error);
}
