// Memory uses: a compute core that reads another compute tile's memory (an MLIR-AIE aie.buffer or
// aie.lock of that tile) must sit where that memory is within its reach. The design refuses
// unsound ones, the checker enforces them, every format keeps them and the placers place them.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/block_placer.h"
#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/place/dataflow_placer.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/place/lsmo_placer.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/place/sequential_placer.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::test::designFromYaml;

namespace {

/// An owner pinned at (1, 3) on npu1 and three free cores that each use its memory: on AIE2 a
/// core reaches its own memory and those north, south and west of it, so the three must take
/// (1, 2), (1, 4) and (2, 3), the only tiles from which (1, 3) is in reach.
const std::string kStarYaml = R"(design: star
device: npu1
cores:
  - {name: owner, pin: [1, 3]}
  - {name: u1}
  - {name: u2}
  - {name: u3}
  - {name: far}
nets:
  - {name: n, source: u1, targets: [far], bytes: 64}
memory_uses:
  - [u1, owner]
  - [u2, owner]
  - [u3, owner]
)";

/// A placement of d with only its first core, the owner, pinned at (1, 3).
Placement ownerPinned(const Design& d) {
  Placement pins(d.coreCount());
  pins.place(0, {1, 3});
  pins.setPinned(0, true);
  return pins;
}

bool usesHold(const Design& d, const Device& dev, const Placement& p) {
  for (const MemoryUse& u : d.memoryUses) {
    const auto reach = dev.memoriesReachableFrom(p.tile(u.user));
    if (std::find(reach.begin(), reach.end(), p.tile(u.owner)) == reach.end()) return false;
  }
  return true;
}

std::string problemsOf(const Design& d) {
  std::string all;
  for (const std::string& p : d.problems()) all += p + "\n";
  return all;
}

}  // namespace

TEST(MemoryUse, TheDesignRefusesUsesThatAreNotBetweenTwoComputeCores) {
  Design d = designFromYaml(kStarYaml);
  EXPECT_TRUE(d.problems().empty()) << problemsOf(d);
  d.cores.push_back({"m", CoreKind::MemTile, 0, 0, {}, ""});
  d.memoryUses.push_back({1, 5});
  d.memoryUses.push_back({2, 2});
  d.memoryUses.push_back({3, 9});
  const std::string all = problemsOf(d);
  EXPECT_NE(all.find("memory use u1 -> m: both ends must be compute cores"), std::string::npos) << all;
  EXPECT_NE(all.find("memory use u2 -> u2: a core uses its own memory"), std::string::npos) << all;
  EXPECT_NE(all.find("a memory use refers to a core that does not exist"), std::string::npos) << all;
  // A design file names the line of the use it refuses.
  try {
    parseDesignYaml(
        "design: d\ndevice: npu1\ncores:\n  - {name: a}\n  - {name: m, kind: mem}\nmemory_uses:\n"
        "  - [a, m]\n",
        "d.yaml");
    ADD_FAILURE() << "a memory use of a memory tile was accepted";
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.line(), 7);
    EXPECT_NE(std::string(e.what()).find("both ends must be compute cores"), std::string::npos) << e.what();
  }
}

TEST(MemoryUse, TheCheckerWantsTheOwnersMemoryWithinTheUsersReach) {
  const Device npu1 = loadDevice("npu1");
  Design d = designFromYaml(
      "design: d\ndevice: npu1\ncores:\n  - {name: u}\n  - {name: o}\nmemory_uses:\n"
      "  - [u, o]\n");
  auto violations = [&](const Device& dev, TileCoord user, TileCoord owner) {
    Placement p(2);
    p.place(0, user);
    p.place(1, owner);
    std::vector<std::string> codes;
    for (const auto& v : checkPlacement(d, dev, p)) codes.push_back(v.code + ": " + v.message);
    return codes;
  };
  // AIE2: north, south and west of the user; not east.
  for (TileCoord owner : {TileCoord{2, 4}, TileCoord{2, 2}, TileCoord{1, 3}})
    EXPECT_TRUE(violations(npu1, {2, 3}, owner).empty()) << ts::core::toString(owner);
  const auto east = violations(npu1, {2, 3}, {3, 3});
  ASSERT_EQ(east.size(), 1u);
  EXPECT_EQ(east[0],
            "memory-use: memory use 'u' -> 'o': the memory of (3,3) is not one that a core at (2,3) reaches (its "
            "own, north, south and west)");
  // AIE1's checkerboard: east on even rows, west on odd ones.
  const Device vc1902 = loadDevice("xcvc1902");
  d.device = "xcvc1902";
  EXPECT_TRUE(violations(vc1902, {2, 2}, {3, 2}).empty());
  EXPECT_FALSE(violations(vc1902, {2, 2}, {1, 2}).empty());
  EXPECT_TRUE(violations(vc1902, {2, 3}, {1, 3}).empty());
  EXPECT_FALSE(violations(vc1902, {2, 3}, {3, 3}).empty());
}

TEST(MemoryUse, EveryDesignFormatWithUsesKeepsThem) {
  const Design d = designFromYaml(kStarYaml);
  auto same = [&](const Design& back, const std::string& format) {
    ASSERT_EQ(back.memoryUses.size(), d.memoryUses.size()) << format;
    for (size_t i = 0; i < d.memoryUses.size(); ++i) {
      EXPECT_EQ(back.cores[size_t(back.memoryUses[i].user)].name, d.cores[size_t(d.memoryUses[i].user)].name);
      EXPECT_EQ(back.cores[size_t(back.memoryUses[i].owner)].name, d.cores[size_t(d.memoryUses[i].owner)].name);
    }
  };
  same(parseDesignYaml(designToYaml(d), "d.yaml").design, "yaml");
  // A fresh MLIR module writes each use as a lock of the owner that the user's core takes: no
  // bytes, so the cores' memory reads back unchanged too.
  const Placement pins = ownerPinned(d);
  const std::string mlir = designToMlir(d, pins);
  EXPECT_NE(mlir.find("aie.use_lock(%owner_lock"), std::string::npos) << mlir;
  const MlirImport back = parseMlirDesign(mlir, "d.mlir");
  same(back.design, "mlir");
  for (CoreId c = 0; c < d.coreCount(); ++c)
    EXPECT_EQ(back.design.cores[size_t(c)].bufferBytes, d.cores[size_t(c)].bufferBytes) << d.cores[size_t(c)].name;
}

TEST(MemoryUse, TheBbCostPenalisesAUseOutOfReach) {
  const Device dev = loadDevice("npu1");
  const Design d = designFromYaml(kStarYaml);
  PlaceModel m(d, dev);
  BbCost cost(m);
  Placement p(d.coreCount());
  for (auto [c, t] :
       std::vector<std::pair<CoreId, TileCoord>>{{0, {1, 3}}, {1, {1, 2}}, {2, {1, 4}}, {3, {2, 3}}, {4, {0, 5}}})
    p.place(c, t);
  cost.reset(p);
  EXPECT_EQ(cost.badMemoryUses(), 0);
  // u3 east of the owner: out of reach, one penalty; moving it back is the exact opposite.
  const double away = cost.propose({{3, {2, 3}, {3, 4}}});
  EXPECT_EQ(cost.badMemoryUses(), 1);
  EXPECT_GE(away, 100.0);
  cost.commit();
  Placement q = p;
  q.place(3, {3, 4});
  EXPECT_EQ(cost.terms(), BbCost::fromScratch(m, BbCostConfig{}, q));
  const double back = cost.propose({{3, {3, 4}, {2, 3}}});
  EXPECT_DOUBLE_EQ(back, -away);
}

TEST(MemoryUse, EveryGeneralPlacerPutsTheUsersWithinReach) {
  const Device dev = loadDevice("npu1");
  const Design d = designFromYaml(kStarYaml);
  const Placement pins = ownerPinned(d);
  const PlaceProblem problem{d, dev, pins};
  auto expectHolds = [&](const PlacerResult& r, const std::string& placer) {
    ASSERT_TRUE(r.success) << placer << ": " << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty()) << placer;
    EXPECT_TRUE(usesHold(d, dev, r.placement)) << placer;
  };
  {
    ts::core::RunContext ctx(1);
    expectHolds(runSequentialPlacer(problem, SequentialPlacerConfig{}, ctx), "sequential");
  }
  for (const char* cost : {"bb", "bbcg"}) {
    ts::core::RunContext ctx(3);
    SaPlacerConfig sa;
    sa.cost = cost;
    expectHolds(runSaPlacer(problem, sa, ctx), std::string("sa ") + cost);
  }
  {
    ts::core::RunContext ctx(1, 60);
    JointMilpPlacerConfig milp;
    milp.warmStart = false;  // the rows alone must keep the uses, not an annealed start
    expectHolds(runJointMilpPlacer(problem, milp, ctx), "milp");
  }
  {
    ts::core::RunContext ctx(1, 60);
    expectHolds(runLsmoPlacer(problem, LsmoPlacerConfig{}, ctx), "lsmo");
  }
}

TEST(MemoryUse, TheDataflowAndBlocksPlacersPutTheUsersWithinReach) {
  const Device dev = loadDevice("npu1");
  const Design d = designFromYaml(kStarYaml);
  const Placement pins = ownerPinned(d);
  {
    ts::core::RunContext ctx(1);
    const PlacerResult r = runDataflowPlacer({d, dev, pins}, DataflowPlacerConfig{}, ctx);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
    EXPECT_TRUE(usesHold(d, dev, r.placement));
  }
  // The blocks placer lays out a layer; the users outside it go next to the layer's cores they
  // feed, but only on tiles that reach the pinned owner's memory.
  const Design layered = designFromYaml(R"(design: layered
device: npu1
cores:
  - {name: owner, pin: [1, 3]}
  - {name: a, group: L}
  - {name: b, group: L}
  - {name: u1}
  - {name: u2}
nets:
  - {name: ab, source: a, targets: [b], bytes: 64}
  - {name: n1, source: u1, targets: [a], bytes: 64}
  - {name: n2, source: u2, targets: [a], bytes: 64}
memory_uses:
  - [u1, owner]
  - [u2, owner]
)");
  const Placement layeredPins = ownerPinned(layered);
  BlockPlacerConfig blocks;
  blocks.route = false;
  blocks.firstCol = 3;  // the layer starts far from the owner, so nearest is not within reach
  ts::core::RunContext ctx(1, 30);
  const PlacerResult r = runBlockPlacer({layered, dev, layeredPins}, blocks, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(checkPlacement(layered, dev, r.placement).empty());
  EXPECT_TRUE(usesHold(layered, dev, r.placement));
}

TEST(MemoryUse, PlacersSayWhenNoTileWithinReachIsLeft) {
  // A fourth user has no tile left from which (1, 3) is in reach.
  const Device dev = loadDevice("npu1");
  Design d = designFromYaml(kStarYaml);
  d.memoryUses.push_back({4, 0});
  const Placement pins = ownerPinned(d);
  const PlaceProblem problem{d, dev, pins};
  ts::core::RunContext ctx(1);
  const PlacerResult seq = runSequentialPlacer(problem, SequentialPlacerConfig{}, ctx);
  ASSERT_FALSE(seq.success);
  ASSERT_FALSE(seq.reasons.empty());
  EXPECT_NE(seq.reasons.front().find("within reach of the memories it shares"), std::string::npos)
      << seq.reasons.front();
  ts::core::RunContext dfCtx(1);
  const PlacerResult df = runDataflowPlacer(problem, DataflowPlacerConfig{}, dfCtx);
  ASSERT_FALSE(df.success);
  ASSERT_FALSE(df.reasons.empty());
  EXPECT_NE(df.reasons.front().find("within reach of the memories it shares"), std::string::npos) << df.reasons.front();
  // Both ends pinned out of reach: the joint MILP names the use instead of handing CBC an empty
  // model.
  Design pinned = designFromYaml(
      "design: d\ndevice: npu1\ncores:\n  - {name: u, pin: [0, 2]}\n"
      "  - {name: o, pin: [3, 5]}\nmemory_uses:\n  - [u, o]\n");
  ts::core::RunContext ctx2(1, 30);
  const PlacerResult milp = runJointMilpPlacer({pinned, dev, Placement(2)}, JointMilpPlacerConfig{}, ctx2);
  ASSERT_FALSE(milp.success);
  std::string reasons;
  for (const std::string& r : milp.reasons) reasons += r + "\n";
  EXPECT_NE(reasons.find("memory use 'u' -> 'o'"), std::string::npos) << reasons;
  // Pinned within reach, nothing to route: the model has no variable and the pins are the answer.
  Design held = designFromYaml(
      "design: d\ndevice: npu1\ncores:\n  - {name: u, pin: [0, 2]}\n"
      "  - {name: o, pin: [0, 3]}\nmemory_uses:\n  - [u, o]\n");
  ts::core::RunContext ctx3(1, 30);
  const PlacerResult fixed = runJointMilpPlacer({held, dev, Placement(2)}, JointMilpPlacerConfig{}, ctx3);
  ASSERT_TRUE(fixed.success) << (fixed.reasons.empty() ? fixed.status : fixed.reasons.front());
  EXPECT_EQ(fixed.placement.tile(1), (TileCoord{0, 3}));
}
