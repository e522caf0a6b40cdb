// How many objects an imported object FIFO holds at each end. MLIR-AIE's lowering gives a DMA
// end on a compute tile its core's largest acquire + 1 objects (1 when both are 1), keeps the
// declared depth on memory and shim tiles and for a shared-memory buffer, and takes a list of
// depths as given.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/legality.h"
#include "engine/core/error.h"
#include "mlir_test_util.h"
#include "route_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::warnedOf;

namespace {

// A core body on `tile` that acquires `n` objects of @of through `port`.
std::string acquiring(const std::string& tile, const std::string& port, int n, const std::string& type = "16xi32") {
  return "    aie.core(" + tile + ") {\n      %s = aie.objectfifo.acquire @of(" + port + ", " + std::to_string(n) +
         ") : !aie.objectfifosubview<memref<" + type + ">>\n      aie.objectfifo.release @of(" + port + ", " +
         std::to_string(n) + ")\n      aie.end\n    }\n";
}

const std::string kDepthTiles = "    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n    %m = aie.tile(2, 1)\n";

std::string fifoOp(const std::string& from, const std::string& to, const std::string& depth,
                   const std::string& type = "16xi32") {
  return "    aie.objectfifo @of(" + from + ", {" + to + "}, " + depth + ") : !aie.objectfifo<memref<" + type + ">>\n";
}

}  // namespace

TEST(MlirDepths, ADmaEndOnAComputeTileHoldsItsLargestAcquirePlusOne) {
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "4 : i32") + acquiring("%a", "Produce", 1) +
                                acquiring("%b", "Consume", 2));
  ASSERT_EQ(m.design.netCount(), 1);
  const Net& net = m.design.nets[0];
  EXPECT_EQ(net.sourceDepth, 2);
  EXPECT_EQ(net.targetDepths, std::vector<int>{3});
  EXPECT_EQ(net.sharedDepth, 4);
  EXPECT_EQ(net.sharedObjects(), 4);
  EXPECT_EQ(streamBufferBytes(m.design, 0), 2 * 64);
  EXPECT_EQ(streamBufferBytes(m.design, 1), 3 * 64);
  EXPECT_TRUE(warnedOf(m, "2 object FIFO end(s) on compute tiles hold their core's largest acquire + 1")) << [&] {
    std::string all;
    for (const auto& w : m.warnings) all += w + "\n";
    return all;
  }();
}

TEST(MlirDepths, TheLargestOfSeveralAcquiresCountsAndMayExceedTheDeclaredDepth) {
  const std::string body =
      "    aie.core(%b) {\n"
      "      %s = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>\n"
      "      %t = aie.objectfifo.acquire @of (Consume, 2) : !aie.objectfifosubview<memref<16xi32>>\n"
      "      aie.objectfifo.release @of(Consume, 2)\n"
      "      aie.end\n    }\n";
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "2 : i32") + body);
  const Net& net = m.design.nets[0];
  EXPECT_EQ(net.sourceDepth, 2);  // no core on %a acquires it: the declared depth
  EXPECT_EQ(net.targetDepths, std::vector<int>{3});
  EXPECT_EQ(net.sharedObjects(), 2);  // the declared depth, though an end holds more
}

TEST(MlirDepths, ANewerAcquireCountsItsResults) {
  // MLIR-AIE's newer spelling gives the count by the results: `%a, %b, %c = ... @of(Consume)`.
  auto consumerDepth = [](const std::string& acquire) {
    const std::string body = "    aie.core(%b) {\n      " + acquire + "\n      aie.end\n    }\n";
    return importMlirBody(kDepthTiles + fifoOp("%a", "%b", "2 : i32") + body).design.nets[0].targetDepths[0];
  };
  EXPECT_EQ(consumerDepth("%x, %y, %z = aie.objectfifo.acquire @of(Consume) : memref<16xi32>, memref<16xi32>, "
                          "memref<16xi32>"),
            4);
  EXPECT_EQ(consumerDepth("%x:2 = aie.objectfifo.acquire @of(Consume) : memref<16xi32>, memref<16xi32>"), 3);
  EXPECT_EQ(consumerDepth("%x = aie.objectfifo.acquire @of : memref<16xi32>"), 2);
  EXPECT_EQ(consumerDepth("%x = aie.objectfifo.acquire @of (3) : !aie.objectfifosubview<memref<16xi32>>"), 4);
}

TEST(MlirDepths, ADepthOfOneAcquiredOneAtATimeStaysOne) {
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "1 : i32") + acquiring("%a", "Produce", 1) +
                                acquiring("%b", "Consume", 1));
  const Net& net = m.design.nets[0];
  EXPECT_EQ(net.sourceDepth, 1);
  EXPECT_EQ(net.targetDepths, std::vector<int>{1});
  EXPECT_EQ(net.sharedDepth, 0);  // nothing changed
  EXPECT_FALSE(warnedOf(m, "largest acquire"));
}

TEST(MlirDepths, MemoryTilesAndListedDepthsKeepTheirDepths) {
  // A memory tile's end keeps the declared depth; the compute end follows its core.
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%m", "%b", "4 : i32") + acquiring("%b", "Consume", 1));
  EXPECT_EQ(m.design.nets[0].sourceDepth, 4);
  EXPECT_EQ(m.design.nets[0].targetDepths, std::vector<int>{2});
  // Depths given per end are taken as given.
  MlirImport listed = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "[4 : i32, 3 : i32]") +
                                     acquiring("%a", "Produce", 1) + acquiring("%b", "Consume", 1));
  EXPECT_EQ(listed.design.nets[0].sourceDepth, 4);
  EXPECT_EQ(listed.design.nets[0].targetDepths, std::vector<int>{3});
  EXPECT_EQ(listed.design.nets[0].sharedDepth, 0);
}

TEST(MlirDepths, TheRouterStreamsWhenOnlyTheDmaEndsFit) {
  // 24 KiB objects, declared depth 3: a shared buffer of 72 KiB does not fit a 64 KiB compute
  // tile, but DMA ends of 2 objects (48 KiB) do. Sized by the declared depth at every end, the
  // design could not be routed at all.
  const std::string type = "6144xi32";
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "3 : i32", type) +
                                acquiring("%a", "Produce", 1, type) + acquiring("%b", "Consume", 1, type));
  ASSERT_GT(3 * 24576, loadDevice("npu2").resources(TileCoord{2, 3}).memoryBytes);
  // The checker refuses the shared buffer: it holds the declared 3 objects.
  EXPECT_FALSE(ts::test::circuitThenSharedProblems(m.design, m.placement).empty());
}

TEST(MlirDepths, TheWritersKeepTheSharedDepth) {
  MlirImport m = importMlirBody(kDepthTiles + fifoOp("%a", "%b", "4 : i32") + acquiring("%a", "Produce", 1) +
                                acquiring("%b", "Consume", 1));
  ASSERT_EQ(m.design.nets[0].sharedDepth, 4);
  const std::string yaml = designToYaml(m.design);
  EXPECT_NE(yaml.find("shared_depth: 4"), std::string::npos) << yaml;
  Design back = parseDesignYaml(yaml, "t.yaml").design;
  EXPECT_EQ(back.nets[0].sharedDepth, 4);
  EXPECT_EQ(back.nets[0].sourceDepth, 2);
  Design json = parseNpflowNetlist(npflowNetlistJson(m.design), "t.json", "npu2").design;
  EXPECT_EQ(json.nets[0].sharedDepth, 4);
  EXPECT_EQ(json.nets[0].targetDepths, std::vector<int>{2});
  // A fresh MLIR module has no core bodies to spell it with acquires: it says so in a comment.
  const std::string mlir = designToMlir(m.design, m.placement);
  EXPECT_NE(mlir.find("// of: a shared-memory buffer holds 4 objects (shared_depth)"), std::string::npos) << mlir;
}

TEST(MlirDepths, AMalformedAcquireIsRefusedWithItsLine) {
  try {
    importMlirBody(kDepthTiles + fifoOp("%a", "%b", "2 : i32") +
                   "    aie.core(%b) {\n      %s = aie.objectfifo.acquire @of(Consume, x) : "
                   "!aie.objectfifosubview<memref<16xi32>>\n"
                   "      aie.end\n    }\n");
    FAIL() << "accepted";
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.line(), 8) << e.what();
    EXPECT_NE(std::string(e.what()).find("number of objects acquired"), std::string::npos) << e.what();
  }
}
