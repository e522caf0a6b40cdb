// Runtime sequences: object FIFOs whose host transfers never run at the same time take turns
// on a DMA channel (Design::turns), so their shim ends may share a tile beyond its channels, as
// MLIR-AIE's placer counts them (test/place-tiles/sequential_placer/test_place_shim_sharing).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/dataflow_placer.h"
#include "engine/aie/place/place_model.h"
#include "engine/aie/place/sequential_placer.h"
#include "mlir_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::warnedOf;

namespace {

// Three shim ends feeding three cores through object FIFOs in_a, in_b, in_c; `sequences` is
// the host code that drives them.
std::string turnsThreeInputs(const std::string& sequences) {
  std::string body;
  for (const char* x : {"a", "b", "c"})
    body += std::string("    %s_") + x + " = aie.logical_tile<ShimNOCTile>(?, ?)\n    %" + x +
            " = aie.logical_tile<CoreTile>(?, ?)\n";
  for (const char* x : {"a", "b", "c"})
    body += std::string("    aie.objectfifo @in_") + x + "(%s_" + x + ", {%" + x +
            "}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n";
  return body + sequences;
}

std::string turnsMemcpy(const std::string& fifo) {
  return "      aiex.npu.dma_memcpy_nd(%in[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {metadata = @" + fifo +
         ", id = 0 : i64} : memref<16xi32>\n";
}

std::string turnsSequence(const std::string& name, const std::string& ops) {
  return "    aie.runtime_sequence @" + name + "(%in : memref<16xi32>) {\n" + ops + "    }\n";
}

std::string turnsTask(const std::string& t, const std::string& fifo) {
  return "      %" + t + " = aiex.dma_configure_task_for @" + fifo +
         " {\n        aie.dma_bd(%in : memref<16xi32> offset = 0 len = 16)\n        aie.end\n      }\n";
}

// The turns groups by net names, each sorted.
std::vector<std::vector<std::string>> turnsGroupsOf(const MlirImport& m) {
  std::vector<std::vector<std::string>> out;
  for (const Turns& t : m.design.turns) {
    out.emplace_back();
    for (NetId n : t.nets) out.back().push_back(m.design.nets[size_t(n)].name);
    std::sort(out.back().begin(), out.back().end());
  }
  return out;
}

using TurnsGroups = std::vector<std::vector<std::string>>;

}  // namespace

TEST(MlirTurns, SeparateSequencesAndTasksEndedInTurnTakeTurns) {
  MlirImport pack = importMlirBody(
      turnsThreeInputs(turnsSequence("run_a", turnsMemcpy("in_a")) + turnsSequence("run_b", turnsMemcpy("in_b")) +
                       turnsSequence("run_c", turnsMemcpy("in_c"))),
      "npu2_1col");
  EXPECT_EQ(turnsGroupsOf(pack), (TurnsGroups{{"in_a", "in_b", "in_c"}}));
  EXPECT_TRUE(warnedOf(pack, "take turns on a DMA channel")) << pack.warnings.front();
  // One sequence: each task freed (or awaited) before the next starts; a memcpy waited for.
  MlirImport freed = importMlirBody(
      turnsThreeInputs(turnsSequence(
          "run", turnsTask("ta", "in_a") + "      aiex.dma_start_task(%ta)\n      aiex.dma_free_task(%ta)\n" +
                     turnsTask("tb", "in_b") + "      aiex.dma_start_task(%tb)\n      aiex.dma_await_task(%tb)\n" +
                     turnsMemcpy("in_c") + "      aiex.npu.dma_wait {symbol = @in_c}\n")),
      "npu2_1col");
  EXPECT_EQ(turnsGroupsOf(freed), (TurnsGroups{{"in_a", "in_b", "in_c"}}));
  // A task started as a BD chain, awaited before the next transfer.
  MlirImport chain = importMlirBody(
      turnsThreeInputs(turnsSequence("run",
                                     "      %t = aiex.dma_start_bd_chain_for @chain(%in) : (memref<16xi32>) for @in_a\n"
                                     "      aiex.dma_await_task(%t)\n" +
                                         turnsMemcpy("in_b"))),
      "npu2_1col");
  EXPECT_EQ(turnsGroupsOf(chain), (TurnsGroups{{"in_a", "in_b"}}));
}

TEST(MlirTurns, TransfersInFlightTogetherDoNotTakeTurns) {
  // IRON's usual host code: every input started, then a wait on another FIFO.
  MlirImport together = importMlirBody(
      turnsThreeInputs(turnsSequence("run", turnsMemcpy("in_a") + turnsMemcpy("in_b") + turnsMemcpy("in_c") +
                                                "      aiex.npu.dma_wait {symbol = @in_c}\n")),
      "npu2_1col");
  EXPECT_TRUE(together.design.turns.empty());
  // Two tasks started by one op and awaited after: in flight together.
  MlirImport tasks = importMlirBody(
      turnsThreeInputs(turnsSequence("run", turnsTask("ta", "in_a") + turnsTask("tb", "in_b") +
                                                "      aiex.dma_start_task(%ta, %tb)\n      aiex.dma_await_task(%ta)\n"
                                                "      aiex.dma_await_task(%tb)\n")),
      "npu2_1col");
  EXPECT_TRUE(tasks.design.turns.empty());
  // in_a and in_c overlap in one sequence, in_b runs in another: in_b takes turns with in_a
  // only (the first group it fits, in net order), and in_c with none.
  MlirImport mixed = importMlirBody(turnsThreeInputs(turnsSequence("one", turnsMemcpy("in_a") + turnsMemcpy("in_c")) +
                                                     turnsSequence("two", turnsMemcpy("in_b"))),
                                    "npu2_1col");
  EXPECT_EQ(turnsGroupsOf(mixed), (TurnsGroups{{"in_a", "in_b"}}));
  // No host code: nothing is known about when transfers run.
  EXPECT_TRUE(importMlirBody(turnsThreeInputs(""), "npu2_1col").design.turns.empty());
}

TEST(MlirTurns, EndsTakingTurnsShareAShimTileBeyondItsChannels) {
  // npu2_1col has one shim tile with two MM2S channels: the three ends must all sit there.
  const Device dev = loadDevice("npu2_1col");
  MlirImport pack = importMlirBody(
      turnsThreeInputs(turnsSequence("run_a", turnsMemcpy("in_a")) + turnsSequence("run_b", turnsMemcpy("in_b")) +
                       turnsSequence("run_c", turnsMemcpy("in_c"))),
      "npu2_1col");
  Placement p = pack.placement;
  int row = 2;
  for (CoreId c = 0; c < pack.design.coreCount(); ++c)
    p.place(c, pack.design.cores[size_t(c)].kind == CoreKind::Shim ? TileCoord{0, 0} : TileCoord{0, row++});
  EXPECT_TRUE(checkPlacement(pack.design, dev, p).empty());
  // Without the host code's turns, three streams at once exceed the two channels.
  Design concurrent = pack.design;
  concurrent.turns.clear();
  auto v = checkPlacement(concurrent, dev, p);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].code, "dma-out");
  // Two ends in turns and one apart: two streams at once, within the two channels.
  concurrent.turns = {Turns{{0, 1}}};
  EXPECT_TRUE(checkPlacement(concurrent, dev, p).empty());
  // What every constructive placer asks of a tile (PlaceModel::endpointChannels).
  const CoreId sa = pack.design.findCore("s_a"), sb = pack.design.findCore("s_b"), sc = pack.design.findCore("s_c");
  EXPECT_EQ(PlaceModel(pack.design, dev).endpointChannels({sa, sb}, sc), std::make_pair(1, 0));
  EXPECT_EQ(PlaceModel(concurrent, dev).endpointChannels({sa, sb}, sc), std::make_pair(2, 0));
  // The design file keeps the groups (YAML round trip).
  DesignFile back = parseDesignYaml(designToYaml(pack.design), "t.yaml");
  ASSERT_EQ(back.design.turns.size(), 1u);
  EXPECT_EQ(back.design.turns[0].nets, pack.design.turns[0].nets);
}

TEST(MlirTurns, ConstructivePlacersCountEndsTakingTurnsOnce) {
  // As MLIR-AIE's sequential placer: the three shim ends share npu2_1col's one shim tile when
  // their host transfers take turns, and find no tile when they run together. The dataflow
  // placer counts channels the same way.
  const Device dev = loadDevice("npu2_1col");
  for (bool dataflow : {false, true}) {
    auto place = [&](const std::string& sequences) {
      MlirImport m = importMlirBody(turnsThreeInputs(sequences), "npu2_1col");
      ts::core::RunContext ctx(1);
      return dataflow ? runDataflowPlacer({m.design, dev, m.placement}, DataflowPlacerConfig{}, ctx)
                      : runSequentialPlacer({m.design, dev, m.placement}, SequentialPlacerConfig{}, ctx);
    };
    const PlacerResult turns =
        place(turnsSequence("run_a", turnsMemcpy("in_a")) + turnsSequence("run_b", turnsMemcpy("in_b")) +
              turnsSequence("run_c", turnsMemcpy("in_c")));
    ASSERT_TRUE(turns.success) << dataflow << " " << (turns.reasons.empty() ? turns.status : turns.reasons.front());
    const PlacerResult together =
        place(turnsSequence("run", turnsMemcpy("in_a") + turnsMemcpy("in_b") + turnsMemcpy("in_c")));
    EXPECT_FALSE(together.success) << dataflow;
  }
}
