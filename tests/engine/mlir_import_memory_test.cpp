// Memory an MLIR-AIE file declares besides its object FIFOs: aie.buffer ops count on their
// tiles, every aie.core reserves its stack (stack_size, 1024 bytes by default), and block
// floating-point elements have their packed size.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/core/error.h"
#include "mlir_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::mlirBodyRefusal;
using ts::test::warnedOf;

namespace {

const std::string kMemoryTestCore = "    aie.core(%t) {\n      aie.end\n    }";

/// m's one object FIFO, routed by the MILP router: it must share a buffer on %b at (1, 3), and
/// the routing checker must accept that. Returns the routing (no net when the router failed).
Routing sharedBufferOnB(const MlirImport& m, const Device& dev, const RrGraph& graph) {
  ts::core::RunContext ctx(1);
  MilpRouterResult r = runMilpRouter(m.design, dev, graph, m.placement, MilpRouterConfig{}, ctx);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  if (!r.success || r.routing.nets.size() != 1) return {};
  EXPECT_EQ(r.routing.nets[0].type, Interconnect::SharedMemory);
  EXPECT_EQ(r.routing.nets[0].bufferTiles, (std::vector<TileCoord>{TileCoord{1, 3}}));
  EXPECT_TRUE(checkRouting(m.design, dev, graph, m.placement, r.routing, {}).empty());
  return r.routing;
}

}  // namespace

TEST(MlirMemory, BuffersAndTheStackCountOnTheirTile) {
  MlirImport m = importMlirBody(
      "    %t = aie.logical_tile<CoreTile>(?, ?)\n    %m = aie.tile(1, 1)\n"
      "    %b0 = aie.buffer(%t) : memref<2048xi32>\n"
      "    %b1 = aie.buffer(%t) {sym_name = \"w\"} : memref<16xbf16> = dense<0.0>\n"
      "    %b2 = aie.buffer(%m) : memref<3x100xi8>\n" +
      kMemoryTestCore + "\n");
  EXPECT_EQ(m.design.cores[0].bufferBytes, 8192 + 32 + 1024);
  EXPECT_EQ(m.design.cores[1].bufferBytes, 300);  // a memory tile has no core, so no stack
  EXPECT_TRUE(warnedOf(m, "3 aie.buffer(s) (8524 bytes) count as memory of their tiles")) << m.warnings.front();
  EXPECT_TRUE(warnedOf(m, "1 aie.core(s) reserve their stack"));
  EXPECT_FALSE(warnedOf(m, "skipped 3 aie.buffer"));
}

TEST(MlirMemory, AnEmptyBufferTakesNoMemory) {
  // MLIR-AIE's buffer allocation places memref<0xi32> buffers (bank_aware_alloc_gaps.mlir);
  // an object FIFO's empty object stays refused (MlirSyntax.OutOfRangeNumbersAndEmptyObjects...).
  MlirImport m = importMlirBody(
      "    %m = aie.tile(1, 1)\n    %e = aie.buffer(%m) : memref<0xi32>\n"
      "    %f = aie.buffer(%m) : memref<4x0x1000000000000xi8>\n"
      "    %b = aie.buffer(%m) : memref<8xi32>\n");
  EXPECT_EQ(m.design.cores[0].bufferBytes, 32);
  EXPECT_TRUE(warnedOf(m, "3 aie.buffer(s) (32 bytes)")) << m.warnings.front();
}

TEST(MlirMemory, StackSizeComesFromTheAttributesAfterTheCoreBody) {
  auto stack = [](const std::string& core) {
    return importMlirBody("    %t = aie.tile(1, 2)\n" + core + "\n").design.cores[0].bufferBytes;
  };
  EXPECT_EQ(stack(kMemoryTestCore + " {stack_size = 2048 : i32}"), 2048);
  EXPECT_EQ(stack(kMemoryTestCore + " {link_with = \"k.o\", stack_size = 0x200 : i32}"), 512);
  EXPECT_EQ(stack("    aie.core(%t) { aie.end } {stack_size = 256 : i32}"), 256);
  EXPECT_EQ(stack(kMemoryTestCore + " {link_with = \"k.o\"}"), 1024);
  // Attributes of a loop inside the body are not the core's.
  EXPECT_EQ(stack("    aie.core(%t) {\n      scf.for %i = %a to %b step %c {\n      } {stack_size = 9 : i32}\n"
                  "      aie.end\n    }"),
            1024);
  // Attributes after another op's region are not the core's either.
  EXPECT_EQ(stack(kMemoryTestCore + "\n    aie.mem(%t) {\n      aie.end\n    } {stack_size = 7 : i32}"), 1024);
  const auto [line, message] =
      mlirBodyRefusal("    %t = aie.tile(1, 2)\n" + kMemoryTestCore + " {stack_size = -5 : i32}\n");
  EXPECT_EQ(line, 6) << message;
  EXPECT_NE(message.find("stack_size"), std::string::npos) << message;
}

TEST(MlirMemory, ATileWhoseBuffersTheFileDeclaresHoldsItsFlowsBuffersAmongThem) {
  // A hand-lowered design: flows between DMA ports, and the buffers their DMA programs move.
  // Each flow end is assumed to hold 2 x 1024 bytes; a tile holds the larger of that and the
  // buffers the file puts on it, not both.
  const std::string tiles =
      "    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 4)\n"
      "    aie.flow(%a, DMA : 0, %b, DMA : 0)\n    aie.flow(%b, DMA : 0, %a, DMA : 0)\n";
  MlirImport small = importMlirBody(tiles + "    %x = aie.buffer(%a) : memref<256xi32>\n");
  EXPECT_EQ(small.design.cores[0].bufferBytes, 0);  // 1024 declared < 4096 assumed for two ends
  MlirImport large = importMlirBody(tiles +
                                    "    %x = aie.buffer(%a) : memref<2048xi32>\n"
                                    "    %y = aie.buffer(%b) : memref<256xi32>\n");
  EXPECT_EQ(large.design.cores[0].bufferBytes, 8192 - 4096);
  EXPECT_EQ(large.design.cores[1].bufferBytes, 0);
  EXPECT_TRUE(
      warnedOf(large, "on 2 tile(s) that also end flows or routes, those ends' buffers are taken to be among them"));
}

TEST(MlirMemory, ASharedBufferGoesWhereTheDeclaredBuffersLeaveRoom) {
  // MLIR-AIE's test_sa_shared_mem_static: 60 KiB of weights on %a leave no room there for the
  // FIFO's 8 KiB shared buffer, which fits on %b.
  MlirImport m = importMlirBody(
      "    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 3)\n"
      "    %w = aie.buffer(%a) {sym_name = \"weights\"} : memref<15360xi32>\n"
      "    aie.objectfifo @of(%a, {%b}, 2 : i32) : !aie.objectfifo<memref<1024xi32>>\n"
      "    aie.core(%a) {\n      aie.end\n    }\n    aie.core(%b) {\n      aie.end\n    }\n");
  EXPECT_EQ(m.design.cores[0].bufferBytes, 61440 + 1024);
  const Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  const Routing routing = sharedBufferOnB(m, dev, graph);
  ASSERT_EQ(routing.nets.size(), 1u);
  Routing onWeights = routing;
  onWeights.nets[0].bufferTiles = {TileCoord{1, 2}};
  EXPECT_FALSE(checkRouting(m.design, dev, graph, m.placement, onWeights, {}).empty());
}

TEST(MlirMemory, AnObjectFifoAllocatedToADelegateKeepsItsEndsWithinReachOfIt) {
  // MLIR-AIE's test_place_objectfifo_allocate_adjacency: every end of @of shares L1 with the
  // delegate, so each is a memory use of it, and the sequential placer steers them there.
  const std::string fifo =
      "    aie.objectfifo @of (%p, {%c}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo.allocate @of (%d)\n";
  MlirImport m = importMlirBody(
      "    %d = aie.logical_tile<CoreTile>(2, 3)\n    %p = aie.logical_tile<CoreTile>(?, ?)\n"
      "    %c = aie.logical_tile<CoreTile>(?, ?)\n" +
          fifo,
      "npu1");
  ASSERT_EQ(m.design.memoryUses.size(), 2u);
  for (const MemoryUse& u : m.design.memoryUses) EXPECT_EQ(m.design.cores[size_t(u.owner)].name, "d");
  EXPECT_TRUE(warnedOf(m, "1 aie.objectfifo.allocate(s) between tiles keep each end within reach"));
  const Device dev = loadDevice("npu1");
  ts::core::RunContext ctx(1);
  const PlacerResult r = runSequentialPlacer({m.design, dev, m.placement}, SequentialPlacerConfig{}, ctx);
  ASSERT_TRUE(r.success) << r.reasons.front();
  EXPECT_EQ(r.placement.tile(1), (TileCoord{2, 2}));  // south of the delegate: it reaches north
  EXPECT_EQ(r.placement.tile(2), (TileCoord{2, 4}));
  // An end that cannot reach the delegate (on a memory tile, or placed out of reach) keeps its own
  // buffers, as MLIR-AIE lowers it (link_via_shared_mem3.mlir): no memory use, a warning.
  MlirImport apart =
      importMlirBody("    %d = aie.tile(2, 3)\n    %p = aie.tile(2, 1)\n    %c = aie.tile(3, 4)\n" + fifo, "npu1");
  EXPECT_TRUE(apart.design.memoryUses.empty());
  EXPECT_TRUE(warnedOf(apart, "2 end(s) placed out of its reach or not on a compute tile keep their own buffers"));
}

TEST(MlirMemory, BlockFloatingPointElementsHaveTheirPackedSize) {
  auto bytes = [](const std::string& type) {
    return importMlirBody(
               "    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 4)\n    aie.objectfifo @of(%a, {%b}, 2 : i32)"
               " : !aie.objectfifo<memref<" +
               type + ">>\n")
        .design.nets[0]
        .bytesPerObject;
  };
  EXPECT_EQ(bytes("64x!aiex.bfp<\"v8bfp16ebs8\">"), 64 * 9);
  EXPECT_EQ(bytes("4x8x!aiex.bfp<\"v16bfp16ebs16\">"), 32 * 17);
  EXPECT_EQ(bytes("16xi72"), 16 * 9);  // as aie-transform-bfp-types lowers them
  EXPECT_EQ(bytes("16xi136"), 16 * 17);
  const auto [line, message] = mlirBodyRefusal(
      "    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 4)\n"
      "    aie.objectfifo @of(%a, {%b}, 2 : i32) : "
      "!aie.objectfifo<memref<8x!aiex.bfp<\"v8bfp12ebs8\">>>\n");
  EXPECT_EQ(line, 5) << message;
  EXPECT_NE(message.find("unsupported block format"), std::string::npos) << message;
}

TEST(MlirMemory, AFreshModuleWritesEachCoresLocalDataSoThatItReadsBack) {
  Design d;
  d.name = "local";
  d.device = "npu2";
  d.cores = {{"none", CoreKind::Compute, 0, 0, std::nullopt, ""},
             {"small", CoreKind::Compute, 500, 0, std::nullopt, ""},
             {"stack", CoreKind::Compute, 1024, 0, std::nullopt, ""},
             {"weights", CoreKind::Compute, 40000, 0, std::nullopt, ""},
             {"mem", CoreKind::MemTile, 300, 0, std::nullopt, ""}};
  const std::string mlir = designToMlir(d, Placement(d.coreCount()));
  EXPECT_NE(mlir.find("%weights_data = aie.buffer(%weights) : memref<38976xi8>"), std::string::npos) << mlir;
  EXPECT_NE(mlir.find("{stack_size = 500 : i32}"), std::string::npos) << mlir;
  MlirImport back = ts::aie::parseMlirDesign(mlir, "local.mlir");
  ASSERT_EQ(back.design.coreCount(), d.coreCount());
  for (CoreId c = 0; c < d.coreCount(); ++c)
    EXPECT_EQ(back.design.cores[c].bufferBytes, d.cores[c].bufferBytes) << d.cores[c].name;
}

TEST(MlirMemory, LocksTheFileDeclaresCountOnTheirTile) {
  // Two flow ends at %a take 2 x 2 locks, which a hand-lowered design declares itself: %a's five
  // locks hold them and one more. %b ends one flow (2 locks) and declares one: nothing extra.
  // %c ends no flow: its three locks are its own. Shim locks are not counted.
  MlirImport m = importMlirBody(
      "    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 4)\n    %c = aie.tile(2, 2)\n    %s = aie.tile(1, 0)\n"
      "    aie.flow(%a, DMA : 0, %b, DMA : 0)\n    aie.flow(%s, DMA : 0, %a, DMA : 0)\n"
      "    %l0 = aie.lock(%a, 0)\n    %l1 = aie.lock(%a, 1) {init = 1 : i32}\n    %l2 = aie.lock(%a)\n"
      "    %l3 = aie.lock(%a)\n    %l4 = aie.lock(%a) {sym_name = \"x\"}\n    %l5 = aie.lock(%b)\n"
      "    %l6 = aie.lock(%c)\n    %l7 = aie.lock(%c)\n    %l8 = aie.lock(%c)\n    %l9 = aie.lock(%s, 0)\n");
  EXPECT_EQ(m.design.cores[0].locks, 1);
  EXPECT_EQ(m.design.cores[1].locks, 0);
  EXPECT_EQ(m.design.cores[2].locks, 3);
  EXPECT_EQ(m.design.cores[3].locks, 0);
  EXPECT_TRUE(warnedOf(m, "9 aie.lock(s) count as locks of their tiles; on 2 tile(s) that also end flows"));
  EXPECT_TRUE(warnedOf(m, "1 aie.lock(s) of shim tiles are not counted"));
  EXPECT_FALSE(warnedOf(m, "skipped 10 aie.lock"));
}

TEST(MlirMemory, ASharedBufferGoesWhereTheDeclaredLocksLeaveRoom) {
  // 15 declared locks on %a leave no room there for the shared buffer's lock pair (16 per
  // compute tile), which fits on %b.
  std::string locks;
  for (int i = 0; i < 15; ++i) locks += "    %k" + std::to_string(i) + " = aie.lock(%a, " + std::to_string(i) + ")\n";
  MlirImport m = importMlirBody("    %a = aie.tile(1, 2)\n    %b = aie.tile(1, 3)\n" + locks +
                                "    aie.objectfifo @of(%a, {%b}, 2 : i32) : !aie.objectfifo<memref<1024xi32>>\n");
  ASSERT_EQ(m.design.cores[0].locks, 15);
  const Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  const Routing routing = sharedBufferOnB(m, dev, graph);
  ASSERT_EQ(routing.nets.size(), 1u);
  // With 15 locks of its own on %b too, the checker refuses that routing.
  Design bothFull = m.design;
  bothFull.cores[1].locks = 15;
  std::string problems;
  for (const auto& v : checkRouting(bothFull, dev, graph, m.placement, routing, {})) problems += v.message + "\n";
  EXPECT_NE(problems.find("compute tile (1,3): buffers need 17 locks but it has 16"), std::string::npos) << problems;
}

TEST(MlirMemory, AFreshModuleWritesEachCoresLocksSoThatTheyReadBack) {
  Design d;
  d.name = "locks";
  d.device = "npu2";
  d.cores = {{"a", CoreKind::Compute, 0, 0, std::nullopt, ""},
             {"b", CoreKind::Compute, 0, 0, std::nullopt, ""},
             {"m", CoreKind::MemTile, 0, 0, std::nullopt, ""}};
  d.cores[0].locks = 3;
  d.cores[2].locks = 5;
  const std::string mlir = designToMlir(d, Placement(d.coreCount()));
  MlirImport back = ts::aie::parseMlirDesign(mlir, "locks.mlir");
  ASSERT_EQ(back.design.coreCount(), d.coreCount());
  for (CoreId c = 0; c < d.coreCount(); ++c) EXPECT_EQ(back.design.cores[c].locks, d.cores[c].locks) << mlir;
  // A memory use takes the owner's first lock; an owner without one gets one, which then reads
  // back as its lock.
  d.memoryUses = {{1, 0}, {0, 1}};
  const std::string used = designToMlir(d, Placement(d.coreCount()));
  MlirImport again = ts::aie::parseMlirDesign(used, "locks.mlir");
  EXPECT_EQ(again.design.cores[0].locks, 3) << used;
  EXPECT_EQ(again.design.cores[1].locks, 1) << used;
  EXPECT_EQ(again.design.memoryUses.size(), 2u) << used;
}
