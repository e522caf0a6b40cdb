// MLIR-AIE's route form: aie.route_endpoint, aie.objectfifo.pool with its DMA and core
// endpoints, and aie.route. A route is a streamed net; a pool is memory of its tile.
#include <gtest/gtest.h>

#include "engine/aie/io/mlir_import.h"
#include "engine/core/error.h"
#include "mlir_test_util.h"

using namespace ts::aie;
using ts::test::importMlirBody;
using ts::test::mlirBodyRefusal;
using ts::test::warnedOf;

namespace {

const std::string kRouteTiles =
    "    %shim = aie.tile(1, 0)\n    %mem = aie.logical_tile<MemTile>(?, ?)\n"
    "    %c1 = aie.tile(1, 2)\n    %c3 = aie.tile(3, 2)\n";

}  // namespace

TEST(MlirRoutes, ARouteIsAStreamedNetFromItsSourceToEachDestination) {
  MlirImport m = importMlirBody(kRouteTiles +
                                "    aie.route_endpoint @host(%shim) DMA {fifoName = \"host\"}\n"
                                "    aie.route_endpoint @mem_in(%mem) DMA\n"
                                "    aie.route_endpoint @mem_out(%mem) DMA\n"
                                "    aie.route_endpoint @d1(%c1) DMA\n"
                                "    aie.route_endpoint @d3(%c3) Core {channelIndex = 0 : i32}\n"
                                "    aie.route from @host to [@mem_in]\n"
                                "    aie.route from @mem_out to [@d1, @d3]\n");
  ASSERT_EQ(m.design.netCount(), 2);
  const Net& broadcast = m.design.nets[1];
  EXPECT_EQ(m.design.cores[broadcast.source].name, "mem");
  ASSERT_EQ(broadcast.targets.size(), 2u);
  EXPECT_EQ(m.design.cores[broadcast.targets[1]].name, "c3");
  EXPECT_TRUE(broadcast.streamed);
  EXPECT_EQ(broadcast.port(1), PortKind::Dma);
  EXPECT_EQ(broadcast.port(2), PortKind::Stream);  // the core's own stream port
  EXPECT_EQ(broadcast.bytesPerObject, 1024);       // no pool: sized as a flow, and said so
  EXPECT_TRUE(warnedOf(m, "carry no object size"));
}

TEST(MlirRoutes, SeveralSourcesMergeIntoOnePacketRouteOneNetEach) {
  const std::string ends = kRouteTiles +
                           "    aie.route_endpoint @a(%shim) DMA\n    aie.route_endpoint @b(%c3) DMA\n"
                           "    aie.route_endpoint @c(%c1) Core {channelIndex = 0 : i32}\n";
  MlirImport merge = importMlirBody(ends + "    aie.route from [@a, @b] to [@c] {packet = #aie.packet_info<>}\n");
  ASSERT_EQ(merge.design.netCount(), 2);
  EXPECT_EQ(merge.design.cores[merge.design.nets[1].source].name, "c3");
  EXPECT_EQ(merge.design.nets[1].targets, merge.design.nets[0].targets);
  EXPECT_EQ(importMlirBody(ends + "    aie.route from [@a] to [@c]\n").design.netCount(), 1);  // one source, bracketed
  const auto [line, message] = mlirBodyRefusal(ends + "    aie.route from [@a, @b] to [@c]\n");
  EXPECT_EQ(line, 10) << message;
  EXPECT_NE(message.find("several sources need a packet header"), std::string::npos) << message;
  const auto [twiceLine, twice] = mlirBodyRefusal(ends + "    aie.route from [@a, @a] to [@c] {packet}\n");
  EXPECT_EQ(twiceLine, 10) << twice;
  EXPECT_NE(twice.find("@a is named twice as a source"), std::string::npos) << twice;
}

TEST(MlirRoutes, TheEarlierSpellingObjectFifoFlowIsARoute) {
  MlirImport m = importMlirBody(kRouteTiles +
                                "    aie.objectfifo.pool @p(%c1) {depth = 2 : i32} : memref<16xi32>\n"
                                "    aie.objectfifo.dma_endpoint @p_dma(%c1) drains @p\n"
                                "    aie.objectfifo.dma_endpoint @shim_in(%shim) {}\n"
                                "    aie.objectfifo.flow from @p_dma to [@shim_in]\n");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.cores[m.design.nets[0].targets[0]].name, "shim");
  EXPECT_EQ(m.design.nets[0].port(1), PortKind::Dma);
  EXPECT_EQ(m.design.nets[0].bytesPerObject, 64);
}

TEST(MlirRoutes, AnAttributeDictionaryMayGoOnOverTheNextLine) {
  // As MLIR-AIE's own tests write pools: `{depth = 2 : i32,` then the rest on the next line. A
  // `{` followed by `name =` is no region.
  MlirImport m =
      importMlirBody(kRouteTiles +
                     "    aie.objectfifo.pool @p(%c1) {depth = 2 : i32,\n"
                     "        segments = [#aie.objectfifo_segment<offset = 0, size = 16>]} : memref<16xi32>\n"
                     "    aie.objectfifo.core_endpoint @fill(%c1) fills @p\n"
                     "    aie.objectfifo.dma_endpoint @drain(%c1) drains @p {iterCount = 4 : i32}\n"
                     "    aie.objectfifo.dangling_endpoint @sink(%shim) S2MM DMA\n"
                     "    aie.objectfifo.flow from @drain to [@sink]\n");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.nets[0].sourceDepth, 2);
  EXPECT_EQ(m.design.nets[0].bytesPerObject, 64);
  EXPECT_EQ(m.design.cores[m.design.nets[0].targets[0]].name, "shim");
  // The `{` may also end its line, `name =` starting the next; a `{` then an op opens a region.
  MlirImport open = importMlirBody(kRouteTiles +
                                   "    aie.objectfifo.pool @q(%c3) {\n      depth = 3 : i32\n"
                                   "    } : memref<8xi32> {\n"
                                   "      aie.objectfifo.segment @s0 {offset = 0 : i32, size = 8 : i32}\n    }\n");
  EXPECT_EQ(open.design.cores[3].bufferBytes, 3 * 32);
}

TEST(MlirRoutes, EndpointsAndPoolsMayBeDefinedBelowTheirUses) {
  MlirImport m = importMlirBody(kRouteTiles +
                                "    aie.route from @in to [@p_dma]\n"
                                "    aie.objectfifo.dma_endpoint @p_dma(%c1) fills @p\n"
                                "    aie.objectfifo.pool @p(%c1) {depth = 2 : i32} : memref<16xi32>\n"
                                "    aie.route_endpoint @in(%shim) DMA\n");
  ASSERT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.nets[0].bytesPerObject, 64);
}

TEST(MlirRoutes, APoolIsMemoryOfItsTileAndSizesTheRoutesThatFillOrDrainIt) {
  MlirImport m = importMlirBody(
      kRouteTiles +
      "    aie.route_endpoint @in(%shim) DMA\n"
      "    aie.objectfifo.pool @p(%c1) {depth = 3 : i32} : memref<16xi32> {\n"
      "      aie.objectfifo.segment @s0 {offset = 0 : i32, size = 16 : i32}\n    }\n"
      "    aie.objectfifo.dma_endpoint @p_dma(%c1) fills @p\n"
      "    aie.objectfifo.core_endpoint @p_core(%c1) drains @p\n"
      "    aie.objectfifo.pool @ext(%shim) {depth = 1 : i32, buffers = [@b]} : memref<4096xi32> {\n    }\n"
      "    aie.route from @in to [@p_dma]\n");
  ASSERT_EQ(m.design.netCount(), 1);
  const Net& n = m.design.nets[0];
  EXPECT_EQ(n.bytesPerObject, 64);
  EXPECT_EQ(n.targetDepths, std::vector<int>{3});
  EXPECT_FALSE(warnedOf(m, "carry no object size"));
  // The pool (3 x 64 bytes) is what its endpoint holds: counted once. The shim's pool names
  // buffers declared elsewhere, so it adds nothing.
  EXPECT_EQ(m.design.cores[2].bufferBytes, 0);
  EXPECT_EQ(m.design.cores[0].bufferBytes, 0);
  EXPECT_TRUE(warnedOf(m, "1 aie.objectfifo.pool(s) (192 bytes) count as memory of their tiles"));
  // A pool that no route fills still takes its tile's memory.
  MlirImport idle = importMlirBody(kRouteTiles + "    aie.objectfifo.pool @q(%c3) {depth = 2 : i32} : memref<8xi64>\n");
  EXPECT_EQ(idle.design.cores[3].bufferBytes, 128);
}

TEST(MlirRoutes, PacketRoutesAndSharedChannelsAreLeftToTheRouterWithAWarning) {
  MlirImport m = importMlirBody(kRouteTiles +
                                "    aie.route_endpoint @a(%shim) DMA {sharesChannel = @b}\n"
                                "    aie.route_endpoint @b(%shim) DMA\n"
                                "    aie.route_endpoint @x(%c1) DMA\n    aie.route_endpoint @y(%c3) DMA\n"
                                "    aie.route from @a to [@x] {packet = #aie.packet_info<pkt_type = 1>}\n"
                                "    aie.route from @b to [@y] {packet}\n"
                                "    aie.route from @x to [@x]\n");
  EXPECT_EQ(m.design.netCount(), 2);
  EXPECT_TRUE(warnedOf(m, "2 packet-switched aie.route(s)"));
  EXPECT_TRUE(warnedOf(m, "1 route endpoint(s) ask to share a DMA channel"));
  EXPECT_TRUE(warnedOf(m, "skipped 1 aie.route inside one tile"));
}

TEST(MlirRoutes, WhatTheRouteFormCannotMeanIsRefusedWithItsLine) {
  const std::string ends = kRouteTiles +
                           "    aie.route_endpoint @a(%shim) DMA\n"
                           "    aie.objectfifo.pool @p(%c1) {depth = 2 : i32} : memref<16xi32>\n"
                           "    aie.objectfifo.dma_endpoint @fill(%c1) fills @p\n"
                           "    aie.objectfifo.core_endpoint @core(%c1) drains @p\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"    aie.route from @a to [@nowhere]\n", "unknown endpoint @nowhere"},
      {"    aie.route from @a to [@core]\n", "is a core endpoint"},
      {"    aie.route from @fill to [@a]\n", "fills its pool, so it cannot be a route's source"},
      {"    aie.route_endpoint @m(%mem) Core\n    aie.route from @a to [@m]\n", "Core"},
      {"    aie.route_endpoint @a(%c3) DMA\n", "endpoint @a is defined twice"},
      {"    aie.objectfifo.pool @q(%c3) : memref<16xi32>\n", "has no depth attribute"},
      {"    aie.objectfifo.pool @q(%c3) {\n      aie.objectfifo.segment @s0 {offset = 0 : i32, size = 16 : i32}\n"
       "    }\n",
       "expected the pool's attributes and type on this line"},
      {"    aie.objectfifo.dma_endpoint @e(%c3) fills @missing\n", "unknown pool @missing"},
      {"    aie.route @a to [@fill]\n", "expected 'from @source'"},
  };
  for (const auto& [op, expected] : cases) {
    const auto [line, message] = mlirBodyRefusal(ends + op);
    EXPECT_GE(line, 11) << op << message;
    EXPECT_NE(message.find(expected), std::string::npos) << op << message;
  }
}
