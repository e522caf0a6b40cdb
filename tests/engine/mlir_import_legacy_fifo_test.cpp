// MLIR-AIE's object FIFOs of 2021-23: `%of = AIE.objectFifo.createObjectFifo(...)`, named by an
// SSA value that the cores' acquires use, with an optional sym_name.
#include <gtest/gtest.h>

#include "engine/aie/io/mlir_import.h"
#include "engine/core/error.h"
#include "mlir_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::mlirBodyRefusal;
using ts::test::warnedOf;

namespace {

const std::string kLegacyFifoTiles =
    "    %t12 = AIE.tile(1, 2)\n    %t33 = AIE.tile(3, 3)\n    %t14 = AIE.tile(1, 4)\n";

// A core on `tile` that acquires `n` objects of `fifo` in the form `portForm` ("<Consume>" or
// `{ port = "consume" }`).
std::string legacyCore(const std::string& tile, const std::string& fifo, const std::string& portForm, int n) {
  const std::string type = " : !AIE.objectFifo<memref<16xi32>>";
  return "    %c" + tile.substr(2) + " = AIE.core(" + tile + ") {\n      %s = AIE.objectFifo.acquire" + portForm + "(" +
         fifo + type + ", " + std::to_string(n) + ") : !AIE.objectFifoSubview<memref<16xi32>>\n" +
         "      %e = AIE.objectFifo.subview.access %s[0] : !AIE.objectFifoSubview<memref<16xi32>> -> memref<16xi32>\n" +
         "      AIE.objectFifo.release" + portForm + "(" + fifo + type + ", " + std::to_string(n) + ")\n" +
         "      AIE.end\n    }\n";
}

}  // namespace

TEST(MlirLegacyFifo, CreateObjectFifoIsANetNamedByItsSymNameOrValue) {
  const std::string body = kLegacyFifoTiles +
                           "    %of = AIE.objectFifo.createObjectFifo(%t12, {%t33, %t14}, 3) {sym_name = \"bcast\"} : "
                           "!AIE.objectFifo<memref<16xi32>>\n"
                           "    %back = AIE.objectFifo.createObjectFifo(%t33, %t12, [2, 4 : i32]) : "
                           "!AIE.objectFifo<memref<8xi32>>\n";
  MlirImport m = importMlirBody(body, "xcvc1902");
  ASSERT_EQ(m.design.netCount(), 2);
  const Net& bcast = m.design.nets[0];
  EXPECT_EQ(bcast.name, "bcast");
  EXPECT_EQ(bcast.source, 0);
  EXPECT_EQ(bcast.targets, (std::vector<CoreId>{1, 2}));
  EXPECT_EQ(bcast.sourceDepth, 3);
  EXPECT_EQ(bcast.bytesPerObject, 64);
  const Net& back = m.design.nets[1];  // one consumer without braces, depths per end
  EXPECT_EQ(back.name, "back");
  EXPECT_EQ(back.targets, std::vector<CoreId>{0});
  EXPECT_EQ(back.sourceDepth, 2);
  EXPECT_EQ(back.targetDepths, std::vector<int>{4});
  EXPECT_EQ(back.bytesPerObject, 32);
}

TEST(MlirLegacyFifo, BothAcquireFormsSizeTheDmaEnds) {
  // %t12 -> %t33 are not memory neighbours: DMA ends, each holding its core's largest acquire + 1.
  const std::string body =
      kLegacyFifoTiles +
      "    %of = AIE.objectFifo.createObjectFifo(%t12, {%t33}, 6) : !AIE.objectFifo<memref<16xi32>>\n" +
      legacyCore("%t12", "%of", "<Produce>", 2) + legacyCore("%t33", "%of", "{ port = \"consume\" }", 3);
  MlirImport m = importMlirBody(body, "xcvc1902");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.nets[0].sourceDepth, 3);
  EXPECT_EQ(m.design.nets[0].targetDepths, std::vector<int>{4});
  EXPECT_EQ(m.design.nets[0].sharedDepth, 6);
  EXPECT_TRUE(warnedOf(m, "%of at %t12: 3 instead of 6"));
}

TEST(MlirLegacyFifo, ExternalBuffersAreSkippedWithAWarning) {
  const std::string body =
      "    %t70 = AIE.tile(7, 0)\n    %t73 = AIE.tile(7, 3)\n"
      "    %ext = AIE.external_buffer : memref<16xi32>\n"
      "    %of = AIE.objectFifo.createObjectFifo(%t70, {%t73}, 2) : !AIE.objectFifo<memref<16xi32>>\n"
      "    AIE.objectFifo.registerExternalBuffers(%t70, %of : !AIE.objectFifo<memref<16xi32>>, "
      "{%ext}) : (memref<16xi32>)\n";
  MlirImport m = importMlirBody(body, "xcvc1902");
  EXPECT_EQ(m.design.netCount(), 1);
  EXPECT_TRUE(warnedOf(m, "skipped 1 aie.objectfifo.registerExternalBuffers: external buffers are not imported"));
}

TEST(MlirLegacyFifo, MalformedFormsNameTheirLine) {
  const std::string type = " : !AIE.objectFifo<memref<16xi32>>\n";
  auto refusal = [&](const std::string& ops) { return mlirBodyRefusal(kLegacyFifoTiles + ops); };
  // No result to name it by.
  auto [line, what] = refusal("    AIE.objectFifo.createObjectFifo(%t12, {%t33}, 2)" + type);
  EXPECT_EQ(line, 6);
  EXPECT_NE(what.find("expected one result, the object FIFO's value"), std::string::npos) << what;
  // Two FIFOs with one name, by value or by sym_name.
  std::tie(line, what) = refusal("    %of = AIE.objectFifo.createObjectFifo(%t12, {%t33}, 2)" + type +
                                 "    %of = AIE.objectFifo.createObjectFifo(%t33, {%t14}, 2)" + type);
  EXPECT_EQ(line, 7);
  EXPECT_NE(what.find("object FIFO %of is defined twice"), std::string::npos) << what;
  std::tie(line, what) = refusal("    %a = AIE.objectFifo.createObjectFifo(%t12, {%t33}, 2) {sym_name = \"f\"}" + type +
                                 "    %b = AIE.objectFifo.createObjectFifo(%t33, {%t14}, 2) {sym_name = \"f\"}" + type);
  EXPECT_EQ(line, 7);
  EXPECT_NE(what.find("object FIFO @f is defined twice"), std::string::npos) << what;
  // An acquire without its count.
  std::tie(line, what) = refusal("    %of = AIE.objectFifo.createObjectFifo(%t12, {%t33}, 2)" + type +
                                 "    %c = AIE.core(%t33) {\n      %s = AIE.objectFifo.acquire<Consume>(%of" +
                                 type.substr(0, type.size() - 1) + ") : !AIE.objectFifoSubview<memref<16xi32>>\n" +
                                 "      AIE.end\n    }\n");
  EXPECT_EQ(line, 8);
  EXPECT_NE(what.find("expected ',' before the number of objects acquired"), std::string::npos) << what;
}

TEST(MlirLegacyFifo, A2023FifoTypeOfMemrefsHoldsObjectsOfTheInnerMemref) {
  // `AIE.objectFifo @f (...) : memref<4xmemref<i32>>`: room for 4 objects of memref<i32>.
  const std::string body = kLegacyFifoTiles +
                           "    AIE.objectFifo @f (%t12, {%t33}, 4 : i32) : memref<4xmemref<i32>>\n"
                           "    AIE.objectFifo @g (%t33, {%t14}, 2 : i32) : memref<2xmemref<8x2xbf16>>\n";
  MlirImport m = importMlirBody(body, "xcvc1902");
  ASSERT_EQ(m.design.netCount(), 2);
  EXPECT_EQ(m.design.nets[0].bytesPerObject, 4);
  EXPECT_EQ(m.design.nets[1].bytesPerObject, 32);
  // Elsewhere a memref of memrefs is still no object a buffer holds.
  auto [line, what] = mlirBodyRefusal(kLegacyFifoTiles + "    %b = aie.buffer(%t12) : memref<4xmemref<i32>>\n");
  EXPECT_EQ(line, 6);
  EXPECT_NE(what.find("unsupported element type 'memref<i32>'"), std::string::npos) << what;
}
