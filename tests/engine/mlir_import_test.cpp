// Importing MLIR-AIE designs (the shared test inputs of MLIR-AIE and the AIE PnR paper's fork).
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/legality.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;
using ts::test::sharedData;

namespace {

const std::string kMlir = "mlir-aie/Xilinx+mlir-aie/";

const Net& netNamed(const Design& d, const std::string& name) {
  NetId n = d.findNet(name);
  EXPECT_GE(n, 0) << name;
  return d.nets[n];
}

}  // namespace

TEST(MlirImport, EdgeDetectIsUnplacedWithLinksAndBytes) {
  MlirImport m = loadMlirDesign(sharedData(kMlir + "test/place-tiles/sequential_placer/test_place_edge_detect.mlir"));
  const Design& d = m.design;
  EXPECT_EQ(d.name, "edge_detect");
  EXPECT_EQ(d.device, "npu2");
  EXPECT_EQ(d.coreCount(), 8);
  EXPECT_EQ(d.countCores(CoreKind::Compute), 4);
  EXPECT_EQ(d.countCores(CoreKind::MemTile), 2);
  EXPECT_EQ(d.countCores(CoreKind::Shim), 2);
  EXPECT_EQ(d.netCount(), 7);
  EXPECT_EQ(d.links.size(), 2u);
  const Net& in = netNamed(d, "inOF_L3L2");
  EXPECT_EQ(in.bytesPerObject, 1920);
  EXPECT_EQ(in.targets.size(), 2u);
  EXPECT_EQ(in.targetDepths, (std::vector<int>{2, 2}));
  EXPECT_EQ(d.cores[in.source].name, "shim_in");
  EXPECT_EQ(m.placement.placedCount(), 0);
  EXPECT_TRUE(d.problems().empty());
}

TEST(MlirImport, SplitJoinLinksAndCascade) {
  MlirImport m = loadMlirDesign(sharedData(kMlir + "test/place-tiles/sa_placer/test_sa_effort.mlir"));
  const Design& d = m.design;
  EXPECT_EQ(d.coreCount(), 6);
  EXPECT_EQ(d.netCount(), 7);
  ASSERT_EQ(d.links.size(), 2u);
  EXPECT_EQ(d.links[0].kind(), LinkKind::Distribute);
  EXPECT_EQ(d.links[1].kind(), LinkKind::Join);
  EXPECT_EQ(netNamed(d, "in").bytesPerObject, 4096);  // memref<1024xi32>
  ASSERT_EQ(d.cascades.size(), 1u);
  EXPECT_EQ(d.cores[d.cascades[0].from].name, "c0");
}

TEST(MlirImport, PartitionDeviceAndPlacedTiles) {
  LoadedDesign l = loadDesignFile(sharedData(kMlir + "test/npu-xrt/add_one_objFifo/aie.mlir"));
  EXPECT_EQ(l.device.name(), "npu1_1col");
  EXPECT_EQ(l.device.columns(), 1);
  EXPECT_EQ(l.device.rows(), 6);
  EXPECT_TRUE(l.placement.complete());
  EXPECT_TRUE(checkPlacement(l.design, l.device, l.placement).empty());
}

TEST(MlirImport, BroadcastFlowsBecomeTwoMulticastNets) {
  MlirImport m = loadMlirDesign(sharedData(kMlir + "test/create-flows/broadcast.mlir"));
  const Design& d = m.design;
  EXPECT_EQ(d.device, "xcvc1902");
  ASSERT_EQ(d.netCount(), 2);
  EXPECT_EQ(d.nets[0].targets.size(), 4u);
  EXPECT_EQ(d.nets[1].targets.size(), 4u);
  EXPECT_EQ(d.coreCount(), 18);  // every tile op, the unused ones too (pinned where declared)
  EXPECT_TRUE(m.placement.complete());
  EXPECT_FALSE(m.warnings.empty());  // flows carry no object size
}

TEST(MlirImport, LegacyUpperCaseDialectAndManyFlows) {
  MlirImport m = loadMlirDesign(sharedData(kMlir + "test/create-flows/maxiter_err_test.mlir"));
  EXPECT_EQ(m.design.netCount(), 21);
  EXPECT_TRUE(m.placement.complete());
}

TEST(MlirImport, PacketFlowsAndSkippedBodies) {
  MlirImport m = loadMlirDesign(sharedData(kMlir + "programming_examples/basic/packet_switch/mlir/aie_add.mlir"));
  EXPECT_EQ(m.design.netCount(), 7);
  for (const Net& n : m.design.nets) EXPECT_EQ(n.name.rfind("packet_", 0), 0u) << n.name;
  MlirImport v = loadMlirDesign(sharedData(kMlir + "test/create-flows/vecmul_4x4.mlir"));
  EXPECT_EQ(v.design.netCount(), 48);
  EXPECT_EQ(v.design.countCores(CoreKind::Compute), 54);  // every declared tile, 16 of them with aie.core
}

TEST(MlirImport, FifoWithThreeNeighbourConsumers) {
  MlirImport m = loadMlirDesign(sharedData("mlir-aie/ueqri+mlir-aie/test/pnr_tests/fifo-to-path/nbr_mixed.mlir"));
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.nets[0].targets.size(), 3u);
}

TEST(MlirImport, ErrorsNameTheLine) {
  struct Bad {
    const char* text;
    int line;
    const char* mention;
  } cases[] = {
      {"module {\n  aie.device(npu9) {\n  }\n}\n", 2, "unknown device 'npu9'"},
      {"module {\n  aie.device(npu2) {\n    %t = aie.tile(0, 9)\n  }\n}\n", 3, "row 9 is out of range: expected 0..5"},
      {"module {\n  aie.device(npu2) {\n    aie.objectfifo @of (%x, {%y}, 2 : i32) : !aie.objectfifo<memref<4xi8>>\n  "
       "}\n}\n",
       3, "unknown tile value %x"},
      {"module {\n  aie.device(npu2) {\n    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n"
       "    aie.objectfifo @of (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<4xq7>>\n  }\n}\n",
       5, "unsupported"},
      {"module {\n  aie.device(npu2) {\n    %a = aie.tile(0, 2)\n    %a = aie.tile(0, 3)\n  }\n}\n", 4,
       "defined twice"},
      {"module {\n  aie.device(npu2) {\n    aie.objectfifo.link [@x] -> [@y] ([] [])\n  }\n}\n", 3,
       "unknown object FIFO @x"},
      {"module {\n}\n", 1, "no aie.device"},
  };
  for (const auto& c : cases) {
    try {
      parseMlirDesign(c.text, "bad.mlir");
      ADD_FAILURE() << "no error for: " << c.text;
    } catch (const ts::core::InputError& e) {
      EXPECT_EQ(e.line(), c.line) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.mention), std::string::npos) << e.what();
    }
  }
}

TEST(DevicePartition, FirstColumnsOfAPreset) {
  Device d = loadDevice("npu2_4col");
  EXPECT_EQ(d.columns(), 4);
  EXPECT_EQ(d.countTiles(TileKind::Compute), 16);
  EXPECT_THROW(loadDevice("npu1_9col"), ts::core::Error);
}
