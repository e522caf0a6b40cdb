// MLIR-AIE constructs that decide whether data streams: flows are stream-switch connections,
// object FIFOs stream only when asked (via_DMA) or when their ends are not memory neighbours;
// the PnR fork's routes (hop_tile_ids, aie.pnr_pktflow); FIFOs inside one tile; and how the
// design writers keep ports and the streamed mark.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/legality.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/core/error.h"
#include "mlir_test_util.h"
#include "route_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::warnedOf;

namespace {

const std::string kNeighbours = "    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n";

}  // namespace

TEST(MlirStreams, ALinkMayJoinAndDistribute) {
  // A memory tile joins two shim inputs into one buffer and distributes it to two cores, as
  // MLIR-AIE's join_and_distribute.mlir: one link, two ways in and two out, in every format.
  MlirImport m = importMlirBody(
      "    %s0 = aie.tile(0, 0)\n    %s1 = aie.tile(1, 0)\n    %mt = aie.tile(0, 1)\n"
      "    %c0 = aie.tile(0, 2)\n    %c1 = aie.tile(1, 2)\n"
      "    aie.objectfifo @in0(%s0, {%mt}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo @in1(%s1, {%mt}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo @out0(%mt, {%c0}, 2 : i32) : !aie.objectfifo<memref<32xi32>>\n"
      "    aie.objectfifo @out1(%mt, {%c1}, 2 : i32) : !aie.objectfifo<memref<32xi32>>\n"
      "    aie.objectfifo.link [@in0, @in1] -> [@out0, @out1] ([0, 64][0, 128])\n");
  const Design& d = m.design;
  ASSERT_EQ(d.links.size(), 1u);
  EXPECT_EQ(d.links[0].kind(), LinkKind::JoinAndDistribute);
  EXPECT_STREQ(toString(d.links[0].kind()), "join and distribute");
  EXPECT_TRUE(d.problems().empty());
  const CoreId via = d.linkVia(d.links[0]);
  EXPECT_EQ(d.cores[size_t(via)].name, "mt");
  EXPECT_EQ(linkBufferBytes(d)[size_t(via)], 2 * 2 * 128);  // the larger side: the outputs
  const Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  ts::core::RunContext ctx(1);
  MilpRouterResult r = runMilpRouter(d, dev, graph, m.placement, MilpRouterConfig{}, ctx);
  ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_TRUE(checkRouting(d, dev, graph, m.placement, r.routing, {}).empty());
  auto sameLink = [&](const Design& back, const std::string& format) {
    ASSERT_EQ(back.links.size(), 1u) << format;
    auto names = [&](const std::vector<NetId>& ids) {
      std::vector<std::string> out;
      for (NetId n : ids) out.push_back(back.nets[size_t(n)].name);
      return out;
    };
    EXPECT_EQ(names(back.links[0].inputs), (std::vector<std::string>{"in0", "in1"})) << format;
    EXPECT_EQ(names(back.links[0].outputs), (std::vector<std::string>{"out0", "out1"})) << format;
  };
  sameLink(parseDesignYaml(designToYaml(d, &m.placement), "d.yaml").design, "yaml");
  sameLink(parseNpflowNetlist(npflowNetlistJson(d, &m.placement), "n.json", "npu2").design, "np-flow");
  sameLink(parseMlirDesign(designToMlir(d, m.placement), "d.mlir").design, "mlir");
}

TEST(MlirStreams, AFlowBetweenMemoryNeighboursStreamsThroughTheSwitch) {
  MlirImport m = importMlirBody(kNeighbours + "    aie.flow(%a, DMA : 0, %b, DMA : 0)\n");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_TRUE(m.design.nets[0].streamed);
  EXPECT_FALSE(sharedMemoryPossible(m.design, loadDevice("npu2"), m.placement, 0));
  // It routes as a circuit, and the checker refuses shared memory for it.
  auto problems = ts::test::circuitThenSharedProblems(m.design, m.placement);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems.front().message.find("is marked streamed"), std::string::npos) << problems.front().message;
}

TEST(MlirStreams, AnObjectFifoStreamsOnlyWithViaDma) {
  const std::string fifo = "    aie.objectfifo @of (%a, {%b}, 2 : i32)";
  const std::string type = " : !aie.objectfifo<memref<16xi32>>\n";
  const Device dev = loadDevice("npu2");
  MlirImport plain = importMlirBody(kNeighbours + fifo + type);
  MlirImport viaDma = importMlirBody(kNeighbours + fifo + " {via_DMA = true}" + type);
  MlirImport notVia = importMlirBody(kNeighbours + fifo + " {via_DMA = false, other = [1, 2]}" + type);
  EXPECT_FALSE(plain.design.nets[0].streamed);
  EXPECT_TRUE(sharedMemoryPossible(plain.design, dev, plain.placement, 0));
  EXPECT_TRUE(viaDma.design.nets[0].streamed);
  EXPECT_FALSE(sharedMemoryPossible(viaDma.design, dev, viaDma.placement, 0));
  EXPECT_FALSE(notVia.design.nets[0].streamed);
  EXPECT_THROW(importMlirBody(kNeighbours + fifo + " {via_DMA = 1}" + type), ts::core::InputError);
}

TEST(MlirStreams, FifosOnlyADmaCanCarryAreStreamed) {
  // A data-layout change, a repeat count or two object types are DMA work: such a FIFO never
  // shares memory, even between neighbours. Several consumers alone may (the PnR paper's
  // lowering shares the producer's memory with neighbouring consumers).
  const std::string three = kNeighbours + "    %c = aie.tile(2, 2)\n";  // all reach (2, 3)
  const std::string type = " : !aie.objectfifo<memref<16xi32>>\n";
  const Device dev = loadDevice("npu2");
  auto streamed = [&](const std::string& body) {
    MlirImport m = importMlirBody(body);
    EXPECT_EQ(m.design.nets[0].streamed, warnedOf(m, "always use DMA, which does these"));
    return m.design.nets[0].streamed;
  };
  EXPECT_TRUE(streamed(kNeighbours +
                       "    aie.objectfifo @of (%a dimensionsToStream [<size = 4, stride = 1>], "
                       "{%b}, 2 : i32)" +
                       type));
  EXPECT_TRUE(streamed(kNeighbours +
                       "    aie.objectfifo @of (%a, {%b dimensionsFromStream [<size = 4, stride = "
                       "1>]}, 2 : i32)" +
                       type));
  EXPECT_TRUE(streamed(kNeighbours + "    aie.objectfifo @of (%a, {%b}, 2 : i32) {repeat_count = 2 : i32}" + type));
  EXPECT_TRUE(streamed(kNeighbours + "    aie.objectfifo @of (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>> "
                                     "-> !aie.objectfifo<memref<8xi32>>\n"));
  // Empty layout lists change nothing.
  EXPECT_FALSE(streamed(kNeighbours +
                        "    aie.objectfifo @of (%a dimensionsToStream [], {%b dimensionsFromStream "
                        "[]}, 2 : i32)" +
                        type));
  MlirImport broadcast = importMlirBody(three + "    aie.objectfifo @of (%b, {%a, %c}, 2 : i32)" + type);
  EXPECT_FALSE(broadcast.design.nets[0].streamed);
  EXPECT_TRUE(sharedMemoryPossible(broadcast.design, dev, broadcast.placement, 0));
}

TEST(MlirStreams, AieStreamPutsAnObjectFifoEndOnTheCoreStreamPort) {
  const std::string tiles = "    %m = aie.tile(1, 1)\n    %a = aie.tile(3, 3)\n    %b = aie.tile(3, 2)\n";
  const std::string type = " : !aie.objectfifo<memref<16xi32>>\n";
  MlirImport consumer = importMlirBody(tiles +
                                           "    aie.objectfifo @of (%m, {%a}, 2 : i32) {aie_stream = 1 : i32, "
                                           "aie_stream_port = 0 : i32}" +
                                           type,
                                       "xcve2302");
  EXPECT_EQ(consumer.design.nets[0].port(0), PortKind::Dma);
  EXPECT_EQ(consumer.design.nets[0].port(1), PortKind::Stream);
  MlirImport both =
      importMlirBody(tiles + "    aie.objectfifo @of (%a, {%b}, 2 : i32) {aie_stream = 2 : i32}" + type, "xcve2302");
  EXPECT_EQ(both.design.nets[0].port(0), PortKind::Stream);
  EXPECT_EQ(both.design.nets[0].port(1), PortKind::Stream);
  EXPECT_FALSE(sharedMemoryPossible(both.design, loadDevice("xcve2302"), both.placement, 0));
  // A memory tile has no core stream port.
  EXPECT_THROW(
      importMlirBody(tiles + "    aie.objectfifo @of (%m, {%a}, 2 : i32) {aie_stream = 0 : i32}" + type, "xcve2302"),
      ts::core::InputError);
}

TEST(MlirStreams, ObjectFifoHopTileIdsAreGivenRoutes) {
  MlirImport m = importMlirBody(
      "    %s = aie.tile(1, 2)\n    %t = aie.tile(1, 4)\n    %u = aie.tile(0, 2)\n"
      "    aie.objectfifo @of (%s, {%t, %u}, 2 : i32) {via_DMA = true, hop_tile_ids = [[[1,2],[1,3],[1,4]], "
      "[[1,2],[0,2]]]} : !aie.objectfifo<memref<256xi32>>\n");
  ASSERT_EQ(m.givenPaths.size(), 2u);
  EXPECT_EQ(m.givenPaths[0].hops.size(), 3u);
  EXPECT_EQ(m.design.cores[m.givenPaths[1].target].name, "u");
  EXPECT_THROW(importMlirBody("    %s = aie.tile(1, 2)\n    %t = aie.tile(1, 4)\n"
                              "    aie.objectfifo @of (%s, {%t}, 2 : i32) {hop_tile_ids = [[[1,2],[1,4]]]} : "
                              "!aie.objectfifo<memref<256xi32>>\n"),
               ts::core::InputError);  // not a step to a neighbour
}

TEST(MlirStreams, PnrPacketFlowsImportWithTheirRoutes) {
  MlirImport m = importMlirBody(
      "    %s = aie.tile(1, 2)\n    %t = aie.tile(3, 3)\n    %u = aie.tile(0, 3)\n"
      "    aie.pnr_pktflow(%s, DMA : 0, {%t, %u}, DMA : [0, 0], packet_id : 7) {hop_tile_ids = "
      "[[[1,2],[1,3],[2,3],[3,3]], [[1,2],[1,3],[0,3]]]}\n");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_TRUE(m.design.nets[0].streamed);
  EXPECT_EQ(m.design.nets[0].targets.size(), 2u);
  EXPECT_EQ(m.givenPaths.size(), 2u);
  EXPECT_EQ(m.design.nets[0].name.rfind("pnr_pktflow_", 0), 0u) << m.design.nets[0].name;
  EXPECT_THROW(importMlirBody("    %s = aie.tile(1, 2)\n    %t = aie.tile(3, 3)\n"
                              "    aie.pnr_pktflow(%s, DMA : 0, {%t}, DMA : [0])\n"),
               ts::core::InputError);  // no packet id
}

TEST(MlirStreams, AnObjectFifoInsideOneTileIsLocalMemory) {
  MlirImport m =
      importMlirBody(kNeighbours + "    aie.objectfifo @of (%a, {%a}, 3 : i32) : !aie.objectfifo<memref<16xi32>>\n");
  EXPECT_EQ(m.design.netCount(), 0);
  EXPECT_EQ(m.design.cores[0].bufferBytes, 3 * 64);
  EXPECT_TRUE(warnedOf(m, "aie.objectfifo inside one tile"));
  // aie.objectfifo.allocate moves its buffers to a delegate tile.
  MlirImport d = importMlirBody(kNeighbours +
                                "    aie.objectfifo @of (%a, {%a}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
                                "    aie.objectfifo.allocate @of(%b)\n");
  EXPECT_EQ(d.design.cores[0].bufferBytes, 0);
  EXPECT_EQ(d.design.cores[1].bufferBytes, 2 * 64);
  EXPECT_FALSE(warnedOf(d, "skipped 1 aie.objectfifo.allocate"));
  // With other consumers, or in a link, it is refused.
  EXPECT_THROW(importMlirBody(kNeighbours + "    aie.objectfifo @of (%a, {%a, %b}, 2 : i32) : "
                                            "!aie.objectfifo<memref<16xi32>>\n"),
               ts::core::InputError);
  EXPECT_THROW(
      importMlirBody(kNeighbours + "    aie.objectfifo @of (%a, {%a}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
                                   "    aie.objectfifo @o2 (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
                                   "    aie.objectfifo.link [@of] -> [@o2] ([] [])\n"),
      ts::core::InputError);
}

TEST(MlirStreams, TheOlderObjectFifoSpellingIsRead) {
  for (const char* type : {"!AIE.objectFifo<memref<16xi32>>", "memref<16xi32>"}) {
    MlirImport m = parseMlirDesign(std::string("module {\n  AIE.device(npu2) {\n    %a = AIE.tile(2, 3)\n"
                                               "    %b = AIE.tile(2, 5)\n    AIE.objectFifo @of (%a, {%b}, 2) : ") +
                                       type + "\n  }\n}\n",
                                   "old.mlir");
    ASSERT_EQ(m.design.netCount(), 1) << type;
    EXPECT_EQ(m.design.nets[0].bytesPerObject, 64) << type;
  }
}

TEST(MlirStreams, CorePortsOnlyOnComputeTilesAndViaRoutesWarned) {
  try {
    importMlirBody("    %s = aie.tile(0, 0)\n    %m = aie.tile(0, 1)\n    aie.flow(%s, DMA : 0, %m, Core : 0)\n");
    ADD_FAILURE() << "a Core port on a memory tile was accepted";
  } catch (const ts::core::InputError& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_NE(std::string(e.what()).find("%m is a memory tile, which has no Core port"), std::string::npos) << e.what();
  }
  MlirImport m = importMlirBody(kNeighbours +
                                "    aie.flow(%a, DMA : 0, %b, DMA : 0) via (%a : DMA : 0 -> North : 4, "
                                "%b : South : 4 -> DMA : 0)\n");
  EXPECT_EQ(m.design.netCount(), 1);
  EXPECT_TRUE(warnedOf(m, "skipped 1 aie.flow via route"));
}

TEST(MlirStreams, WritersKeepPortsAndTheStreamedMark) {
  MlirImport m = importMlirBody(kNeighbours +
                                "    %c = aie.tile(3, 3)\n    aie.flow(%a, Core : 0, %b, DMA : 1)\n"
                                "    aie.flow(%a, Core : 0, %c, Core : 0)\n"
                                "    aie.objectfifo @of (%b, {%c}, 2 : i32) {via_DMA = true} : "
                                "!aie.objectfifo<memref<16xi32>>\n");
  ASSERT_EQ(m.design.netCount(), 2);
  auto same = [](const Design& a, const Design& b) {
    ASSERT_EQ(a.netCount(), b.netCount());
    for (NetId n = 0; n < a.netCount(); ++n) {
      for (int pin = 0; pin <= int(a.nets[n].targets.size()); ++pin)
        EXPECT_EQ(a.nets[n].port(pin), b.nets[n].port(pin)) << a.nets[n].name << " pin " << pin;
      EXPECT_EQ(a.nets[n].streamed, b.nets[n].streamed) << a.nets[n].name;
    }
  };
  const std::string yaml = designToYaml(m.design);
  EXPECT_NE(yaml.find("ports: [stream, dma, stream]"), std::string::npos) << yaml;
  same(m.design, parseDesignYaml(yaml, "again.yaml").design);
  same(m.design, parseNpflowNetlist(npflowNetlistJson(m.design), "again.json", "npu2").design);
  const std::string mlir = designToMlir(m.design, m.placement);
  EXPECT_NE(mlir.find("{via_DMA = true}"), std::string::npos) << mlir;
  same(m.design, parseMlirDesign(mlir, "again.mlir").design);
  EXPECT_THROW(parseDesignYaml(yaml.substr(0, yaml.find("ports:")) + "ports: [dma, pcie, dma]}\n", "bad.yaml"),
               ts::core::InputError);
  // Two stream-port nets into one AIE-ML core would need a second core port: not written.
  Design two = m.design;
  two.nets.push_back(two.nets[0]);
  two.nets.back().name = "again";  // %c's Core end a second time
  EXPECT_THROW(designToMlir(two, m.placement), ts::core::Error);
}

TEST(MlirStreams, TransportAttributesChooseDmaStreamOrCascade) {
  const std::string type = " : !aie.objectfifo<memref<16xi32>>\n";
  auto fifo = [&](const std::string& attributes) {
    return importMlirBody(kNeighbours + "    aie.objectfifo @of (%a, {%b}, 2 : i32) {" + attributes + "}" + type);
  };
  EXPECT_TRUE(fifo("transport = #aie.transport<dma>").design.nets[0].streamed);
  EXPECT_TRUE(fifo("transport = #aie.transport<dma, packet = #aie.packet_info<pkt_id = 2>>").design.nets[0].streamed);
  EXPECT_FALSE(fifo("transport = #aie.transport<shared_mem>").design.nets[0].streamed);
  MlirImport stream = fifo("transport = #aie.transport<stream, ends = producer, port = 0>");
  EXPECT_EQ(stream.design.nets[0].port(0), PortKind::Stream);
  EXPECT_EQ(stream.design.nets[0].port(1), PortKind::Dma);
  MlirImport cascade = fifo("transport = #aie.transport<cascade>");
  EXPECT_EQ(cascade.design.netCount(), 0);
  ASSERT_EQ(cascade.design.cascades.size(), 1u);
  EXPECT_EQ(cascade.design.cores[cascade.design.cascades[0].to].name, "b");
  EXPECT_THROW(fifo("transport = #aie.transport<teleport>"), ts::core::InputError);
}

TEST(MlirStreams, PlioShimEndsAreStreamPorts) {
  MlirImport m = importMlirBody(
      "    %s = aie.tile(2, 0)\n    %a = aie.tile(2, 2)\n"
      "    aie.objectfifo @in (%s, {%a}, 2 : i32) {plio = true} : !aie.objectfifo<memref<16xi32>>\n",
      "xcvc1902");
  EXPECT_EQ(m.design.nets[0].port(0), PortKind::Stream);  // the shim end
  EXPECT_EQ(m.design.nets[0].port(1), PortKind::Dma);     // the core's end keeps its DMA
  // With the core's end on its stream port too (the PL shim end is not a core stream port).
  MlirImport both = importMlirBody(
      "    %s = aie.tile(2, 0)\n    %a = aie.tile(2, 2)\n    aie.objectfifo @in (%s, {%a}, "
      "2 : i32) {plio = true, aie_stream = 1 : i32} : !aie.objectfifo<memref<16xi32>>\n",
      "xcvc1902");
  EXPECT_EQ(both.design.nets[0].port(0), PortKind::Stream);
  EXPECT_EQ(both.design.nets[0].port(1), PortKind::Stream);
}

TEST(MlirStreams, PortsChannelsDevicesAndLineBreaksAsMlirAiePrintsThem) {
  // Quoted bundles, the older device name npu, a type on its own line (asymmetric: sized by the
  // larger side, with a warning).
  MlirImport m = parseMlirDesign(
      "module {\n  aie.device(npu) {\n    %m = aie.tile(0, 1)\n    %c = aie.tile(0, 2)\n"
      "    aie.flow(%m, \"DMA\" : 0, %c, \"Core\" : 0)\n"
      "    aie.objectfifo @w(%m, {%c}, 1 : i32)\n      : !aie.objectfifo<memref<40xi32>>\n"
      "      -> !aie.objectfifo<memref<10xi32>>\n  }\n}\n",
      "t.mlir");
  EXPECT_EQ(m.design.device, "npu1");
  // Attributes and a core's region on lines of their own.
  MlirImport split = parseMlirDesign(
      "module {\n  aie.device(npu2) {\n    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n"
      "    aie.objectfifo @of(%a, {%b}, 2 : i32)\n      {via_DMA = true} : !aie.objectfifo<memref<16xi32>>\n"
      "    %buf = aie.buffer(%b) : memref<16xi32>\n    aie.core(%a)\n    {\n      %x = memref.load %buf[] : "
      "memref<16xi32>\n      aie.end\n    }\n  }\n}\n",
      "t.mlir");
  ASSERT_EQ(split.design.netCount(), 1);
  EXPECT_TRUE(split.design.nets[0].streamed);
  ASSERT_EQ(m.design.netCount(), 2);
  EXPECT_EQ(m.design.nets[0].port(1), PortKind::Stream);
  EXPECT_EQ(m.design.nets[1].bytesPerObject, 160);
  EXPECT_TRUE(warnedOf(m, "the producer's objects are 160 bytes and the consumers' 40"));
  // A DMA channel the tile does not have, and the newer pool/route form, are refused.
  EXPECT_THROW(importMlirBody(kNeighbours + "    aie.flow(%a, DMA : 2, %b, DMA : 0)\n"), ts::core::InputError);
  // Stream ports into a core: one on AIE-ML, two on AIE1.
  EXPECT_THROW(importMlirBody(kNeighbours + "    aie.flow(%a, DMA : 0, %b, Core : 1)\n"), ts::core::InputError);
  EXPECT_EQ(
      importMlirBody("    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n    aie.flow(%a, DMA : 0, %b, Core : 1)\n",
                     "xcvc1902")
          .design.netCount(),
      1);
  EXPECT_THROW(importMlirBody(kNeighbours + "    aie.route from [@a_dma] to [@b_dma]\n"), ts::core::InputError);
}

TEST(MlirStreams, PortNamesInIreesUpperCaseReadAsMlirAiesOwn) {
  // IREE's AIE dialect prints CORE, WEST, CTRL, TRACE where MLIR-AIE prints Core, West, ...
  MlirImport m = importMlirBody(
      "    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n"
      "    aie.flow(%a, DMA : 0, %b, CORE : 0)\n    aie.flow(%b, \"TRACE\" : 0, %a, dma : 1)\n");
  ASSERT_EQ(m.design.netCount(), 2);
  EXPECT_EQ(m.design.nets[0].port(1), PortKind::Stream);
  EXPECT_EQ(m.design.nets[1].port(0), PortKind::Stream);
  EXPECT_EQ(m.design.nets[1].port(1), PortKind::Dma);
  // A core stream port stays a compute tile's only: the spelling does not widen what is accepted.
  EXPECT_THROW(importMlirBody("    %m = aie.tile(0, 1)\n    %c = aie.tile(0, 2)\n"
                              "    aie.flow(%c, DMA : 0, %m, CORE : 0)\n"),
               ts::core::InputError);
  EXPECT_THROW(importMlirBody(kNeighbours + "    aie.flow(%a, DMA : 0, %b, Dmax : 0)\n"), ts::core::InputError);
}

TEST(MlirStreams, PacketMasksOldDeviceNamesAndLocksOfOtherTiles) {
  MlirImport mask = importMlirBody(kNeighbours +
                                   "    aie.packet_flow(8 mask 28) {\n      aie.packet_source<%a, DMA : 0>\n"
                                   "      aie.packet_dest<%b, DMA : 0>\n    }\n");
  EXPECT_EQ(mask.design.netCount(), 1);
  EXPECT_FALSE(warnedOf(mask, "share a DMA channel"));
  // The newer spelling (create-flows/find_flows_fanout_packet.mlir): `(0, mask = 0)`.
  const std::string ends = " {\n      aie.packet_source<%a, DMA : 0>\n      aie.packet_dest<%b, DMA : 0>\n    }\n";
  EXPECT_EQ(importMlirBody(kNeighbours + "    aie.packet_flow(0, mask = 0)" + ends).design.netCount(), 1);
  try {
    importMlirBody(kNeighbours + "    aie.packet_flow(0, 5)" + ends);
    ADD_FAILURE() << "a second number after the packet id was accepted";
  } catch (const ts::core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("expected 'mask = N' after the packet id, found '5'"), std::string::npos)
        << e.what();
  }
  // Two packet flows out of one DMA channel: two nets, and a warning that the file shares it.
  MlirImport shared = importMlirBody(kNeighbours +
                                     "    %c = aie.tile(3, 3)\n"
                                     "    aie.packet_flow(1) {\n      aie.packet_source<%a, DMA : 0>\n"
                                     "      aie.packet_dest<%b, DMA : 0>\n    }\n"
                                     "    aie.packet_flow(2) {\n      aie.packet_source<%a, DMA : 0>\n"
                                     "      aie.packet_dest<%c, DMA : 0>\n    }\n");
  EXPECT_EQ(shared.design.netCount(), 2);
  EXPECT_TRUE(warnedOf(shared, "packet flows share a DMA channel at 1 port(s) (e.g. %a DMA : 0 out by 2 flows)"));
  EXPECT_EQ(importMlirBody("    %a = aie.tile(0, 2)\n", "ipu").design.device, "npu1");
  // A core using another tile's lock needs that tile as a memory neighbour, like a buffer: a
  // memory use the placers keep.
  const std::string lockUse =
      "    %lock = aie.lock(%owner, 0)\n    aie.core(%user) {\n"
      "      aie.use_lock(%lock, AcquireGreaterEqual, 1)\n      aie.end\n    }\n";
  MlirImport lockShared = importMlirBody(
      "    %owner = aie.logical_tile<CoreTile>(2, 3)\n    %user = aie.logical_tile<CoreTile>(?, ?)\n" + lockUse);
  ASSERT_EQ(lockShared.design.memoryUses.size(), 1u);
  EXPECT_EQ(lockShared.design.memoryUses[0].user, 1);
  EXPECT_EQ(lockShared.design.memoryUses[0].owner, 0);
  EXPECT_EQ(importMlirBody("    %owner = aie.tile(2, 3)\n    %user = aie.tile(2, 4)\n" + lockUse).design.coreCount(),
            2);
  EXPECT_THROW(importMlirBody("    %owner = aie.tile(2, 3)\n    %user = aie.tile(5, 4)\n" + lockUse),
               ts::core::InputError);
}
