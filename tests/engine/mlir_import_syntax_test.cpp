// The MLIR importer on what real files contain (layout clauses, several modules, pnr_flow,
// stream ports, skipped ops, pins) and on hostile input (huge statements, deep or unclosed
// brackets, out-of-range numbers, files cut short).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/aie/device_library.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/legality.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;
using ts::test::sharedData;

namespace {

const std::string kXilinx = "mlir-aie/Xilinx+mlir-aie/";
const std::string kFork = "mlir-aie/ueqri+mlir-aie/";

std::string device(const std::string& body, const std::string& dev = "npu2") {
  return "module {\n  aie.device(" + dev + ") {\n" + body + "  }\n}\n";
}

/// The InputError parsing `text` gives (fails the test when there is none).
ts::core::InputError errorOf(const std::string& text, int module = 0) {
  try {
    parseMlirDesign(text, "t.mlir", module);
  } catch (const ts::core::InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text.substr(0, 400);
  return ts::core::InputError("", 0, 0, "");
}

bool mentions(const ts::core::InputError& e, const std::string& s) {
  return std::string(e.what()).find(s) != std::string::npos;
}

bool hasWarning(const MlirImport& m, const std::string& s) {
  return std::any_of(m.warnings.begin(), m.warnings.end(),
                     [&](const std::string& w) { return w.find(s) != std::string::npos; });
}

}  // namespace

TEST(MlirSyntax, A31KilobyteDenseConstantImports) {
  std::string values;
  for (int i = 0; values.size() < 31 * 1024; ++i) values += (i ? ", " : "") + std::to_string(i % 1000);
  std::string text = device("    memref.global \"private\" constant @lut : memref<8000xi32> = dense<[" + values +
                            "]>\n    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n"
                            "    aie.objectfifo @of (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n");
  MlirImport m = parseMlirDesign(text, "t.mlir");
  EXPECT_EQ(m.design.netCount(), 1);
  EXPECT_TRUE(hasWarning(m, "skipped 1 memref.global"));
}

TEST(MlirSyntax, DeepBracketsAreReadWithoutRecursion) {
  std::string deep(200000, '(');
  deep += std::string(200000, ')');
  MlirImport m = parseMlirDesign(device("    %x = arith.addi " + deep + " : i32\n    %a = aie.tile(0, 2)\n"), "t");
  EXPECT_EQ(m.design.coreCount(), 1);
  // Unclosed: the error points at the bracket, not at the end of the file.
  auto e = errorOf(device("    %a = aie.tile(0, 2)\n    %x = foo.op " + std::string(100000, '(') + "\n"));
  EXPECT_EQ(e.line(), 4);
  EXPECT_TRUE(mentions(e, "never closed")) << e.what();
}

TEST(MlirSyntax, AnUnclosedParenthesisNamesItsLineAndColumn) {
  std::string text = device(
      "    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n    aie.flow(%a, DMA : 0, %b, DMA : 0\n"
      "    aie.flow(%b, DMA : 0, %a, DMA : 0)\n");
  auto e = errorOf(text);
  EXPECT_EQ(e.line(), 5);
  EXPECT_EQ(e.column(), 13);
  EXPECT_TRUE(mentions(e, "'(' is never closed")) << e.what();
  // A half-open range `[8, 24)` (MLIR-AIE's BD pool partitions) closes its '['; other mixed
  // brackets are still refused.
  const std::string pool =
      "    %t = aie.tile(0, 2)\n    aie.runtime_sequence() {\n"
      "      %bd = aiex.dma_bd_pool_pop(0, 2) partition [8, 24) : i32\n    }\n";
  EXPECT_EQ(parseMlirDesign(device(pool), "t.mlir").design.coreCount(), 1);
  for (const char* bad : {"[8, 24, 2)", "[8)", "[%x, 24)"}) {
    std::string text = pool;
    text.replace(text.find("[8, 24)"), 7, bad);
    EXPECT_TRUE(mentions(errorOf(device(text)), "'[' is never closed")) << bad;
  }
}

TEST(MlirSyntax, AFileCutAnywhereInsideIsAnErrorNotASmallerDesign) {
  std::string text =
      ts::core::readFile(sharedData(kXilinx + "test/place-tiles/sequential_placer/test_place_edge_detect.mlir"));
  MlirImport whole = parseMlirDesign(text, "t.mlir");
  size_t device = text.find("aie.device");
  size_t last = text.rfind('}');
  int cuts = 0;
  for (size_t at = text.find('\n', device); at != std::string::npos && at < last; at = text.find('\n', at + 1)) {
    ++cuts;
    EXPECT_THROW(parseMlirDesign(text.substr(0, at), "t.mlir"), ts::core::InputError) << "cut at " << at;
  }
  EXPECT_GT(cuts, 50);
  EXPECT_EQ(whole.design.netCount(), 7);
}

TEST(MlirSyntax, OutOfRangeNumbersAndEmptyObjectsNameTheirPosition) {
  auto col = errorOf(device("    %a = aie.tile(99999999999, 2)\n"));
  EXPECT_EQ(col.line(), 3);
  EXPECT_EQ(col.column(), 19);
  EXPECT_TRUE(mentions(col, "column 99999999999 is out of range: expected 0..7")) << col.what();
  auto huge = errorOf(device("    %a = aie.tile(999999999999999999999999, 2)\n"));
  EXPECT_TRUE(mentions(huge, "out of range")) << huge.what();
  const std::string tiles = "    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n";
  auto depth = errorOf(device(tiles + "    aie.objectfifo @of (%a, {%b}, 99999999999 : i32) : "
                                      "!aie.objectfifo<memref<16xi32>>\n"));
  EXPECT_EQ(depth.line(), 5);
  EXPECT_TRUE(mentions(depth, "depth 99999999999 is out of range: expected 1..64")) << depth.what();
  auto zeroDepth =
      errorOf(device(tiles + "    aie.objectfifo @of (%a, {%b}, [2, 0]) : !aie.objectfifo<memref<16xi32>>\n"));
  EXPECT_TRUE(mentions(zeroDepth, "depth 0 is out of range")) << zeroDepth.what();
  auto empty = errorOf(device(tiles + "    aie.objectfifo @of (%a, {%b}, 2) : !aie.objectfifo<memref<16x0xi32>>\n"));
  EXPECT_EQ(empty.line(), 5);
  EXPECT_TRUE(mentions(empty, "zero-size memref")) << empty.what();
  auto big = errorOf(device(tiles + "    aie.objectfifo @of (%a, {%b}, 2) : "
                                    "!aie.objectfifo<memref<100000000000x100000000000xi32>>\n"));
  EXPECT_TRUE(mentions(big, "larger than 2^40 bytes")) << big.what();
}

TEST(MlirSyntax, EveryModuleOfASplitFileIsADesign) {
  const std::string path = sharedData(kXilinx + "test/place-tiles/sa_placer/test_sa_cascade.mlir");
  auto modules = loadMlirModules(path);
  ASSERT_EQ(modules.size(), 4u);
  EXPECT_EQ(modules[0].title, "@cascade_pinned_src");
  EXPECT_EQ(modules[3].title, "@two_cascade_pairs_pinned");
  for (const auto& m : modules) ASSERT_TRUE(m.imported) << m.title;
  MlirImport second = loadMlirDesign(path, 2);
  EXPECT_EQ(second.design.name, "cascade_pinned_dst");
  const LogicalCore& dst = second.design.cores[second.design.findCore("dst")];
  ASSERT_TRUE(dst.pin);
  EXPECT_EQ(*dst.pin, (TileCoord{3, 4}));
  EXPECT_TRUE(mentions(errorOf(ts::core::readFile(path)), "holds 4 modules"));
  EXPECT_TRUE(mentions(errorOf(ts::core::readFile(path), 5), "there is no module 5"));
  // The export section of a module is its own `// -----` part.
  const std::string& text = *second.source.text;
  std::string section = text.substr(second.source.begin, second.source.end - second.source.begin);
  EXPECT_NE(section.find("@cascade_pinned_dst"), std::string::npos);
  EXPECT_EQ(section.find("@cascade_pinned_src"), std::string::npos);
  EXPECT_EQ(section.find("// -----"), std::string::npos);
}

TEST(MlirSyntax, AnErrorInOneModuleLeavesTheOthers) {
  std::string text = device("    %a = aie.tile(0, 2)\n") + "// -----\n" + device("    %a = aie.tile(0, 9)\n") +
                     "// -----\n" + device("    %b = aie.tile(1, 2)\n");
  auto modules = parseMlirModules(text, "t.mlir");
  ASSERT_EQ(modules.size(), 3u);
  EXPECT_TRUE(modules[0].imported);
  ASSERT_TRUE(modules[1].error);
  EXPECT_EQ(modules[1].error->line(), 9);
  EXPECT_TRUE(modules[2].imported);
  EXPECT_NE(modules[0].imported->design.name, modules[2].imported->design.name);
  // Unnamed modules are not titled "module N": listings already number them ("module 1 module 1").
  EXPECT_EQ(modules[0].title, "unnamed");
  EXPECT_EQ(describeMlirModules(modules).substr(0, 20), "1 unnamed (line 2), ");
}

TEST(MlirSyntax, AnEmptyDeviceOnOneLineIsAnEmptyModule) {
  // As in MLIR-AIE's scratchpad_addr_offset test: `aie.device(npu2) @empty { }` beside a design.
  const std::string text =
      "module {\n  aie.device(npu2) @empty { }\n  aie.device(npu2) @test {\n    %a = aie.tile(0, 2)\n  }\n}\n";
  auto modules = parseMlirModules(text, "t.mlir");
  ASSERT_EQ(modules.size(), 2u);
  ASSERT_TRUE(modules[0].imported) << modules[0].error->what();
  EXPECT_EQ(modules[0].title, "@empty");
  EXPECT_EQ(modules[0].imported->design.coreCount(), 0);
  ASSERT_TRUE(modules[1].imported) << modules[1].error->what();
  EXPECT_EQ(modules[1].imported->design.coreCount(), 1);
  // Anything but an empty body on the device's line is still refused.
  auto cut = parseMlirModules("module {\n  aie.device(npu2) @x { %a }\n}\n", "t.mlir");
  ASSERT_TRUE(cut.size() == 1 && cut[0].error);
  EXPECT_EQ(cut[0].error->line(), 2);
  EXPECT_TRUE(mentions(*cut[0].error, "expected '{' and the device body")) << cut[0].error->what();
}

TEST(MlirSyntax, ObjectFifoLayoutClausesDepthArraysAndAttributes) {
  MlirImport andra =
      loadMlirDesign(sharedData(kXilinx + "programming_examples/basic/dma_test_for_Andra/build/aie.mlir"));
  EXPECT_EQ(andra.design.netCount(), 4);
  EXPECT_EQ(andra.design.links.size(), 2u);
  EXPECT_EQ(andra.design.nets[1].name, "mem_to_comp");
  EXPECT_EQ(andra.design.nets[1].bytesPerObject, 8 * 20 * 4);
  MlirImport old =
      loadMlirDesign(sharedData(kXilinx + "test/objectFifo-stateful-transform/nd_dma_distribute_AIE2_bad.mlir"));
  EXPECT_EQ(old.design.device, "xcve2302");
  EXPECT_EQ(old.design.netCount(), 3);
  ASSERT_EQ(old.design.links.size(), 1u);
  EXPECT_EQ(old.design.links[0].kind(), LinkKind::Distribute);
  MlirImport cct = loadMlirDesign(sharedData(kFork + "test/pnr_tests/fifo-to-path/basic_cct.mlir"));
  ASSERT_EQ(cct.design.netCount(), 2);
  EXPECT_EQ(cct.design.nets[0].targets.size(), 3u);
  EXPECT_EQ(cct.design.nets[0].targetDepths, (std::vector<int>{2, 2, 2}));
}

TEST(MlirSyntax, PnrFlowsAreNetsWithTheirGivenHops) {
  MlirImport m = loadMlirDesign(sharedData(kFork + "pnr_test/fine_grain_router/basic_cct.mlir"));
  ASSERT_EQ(m.design.netCount(), 2);
  EXPECT_EQ(m.design.nets[0].targets.size(), 2u);
  ASSERT_EQ(m.givenPaths.size(), 3u);
  EXPECT_EQ(m.givenPaths[1].hops, (std::vector<TileCoord>{{1, 2}, {1, 3}, {0, 3}}));
  EXPECT_EQ(m.design.cores[m.givenPaths[1].target].name, "tile03");
  auto jump =
      errorOf(device("    %a = aie.tile(1, 2)\n    %b = aie.tile(3, 3)\n"
                     "    aie.pnr_flow(%a, DMA : 0, {%b}, DMA : [0]) {hop_tile_ids = [[[1,2],[3,3]]]}\n"));
  EXPECT_TRUE(mentions(jump, "(1,2) -> (3,3) is not a step to a neighbouring tile")) << jump.what();
}

TEST(MlirSyntax, SkippedOpsAreListedOncePerKind) {
  MlirImport m = loadMlirDesign(sharedData(kXilinx + "test/create-flows/find_flows_shim_mux_vestigial.mlir"));
  EXPECT_TRUE(hasWarning(m, "skipped 3 aie.switchbox: hand-routed connections are not imported"));
  EXPECT_TRUE(hasWarning(m, "skipped 1 aie.shim_mux"));
  EXPECT_TRUE(hasWarning(m, "skipped 5 aie.wire"));
  MlirImport v = loadMlirDesign(sharedData(kXilinx + "test/create-flows/vecmul_4x4.mlir"));
  EXPECT_TRUE(hasWarning(v, "skipped 16 aie.mem: DMA programs"));
}

TEST(MlirSyntax, OpsOutsideTheDeviceAreListedToo) {
  // Module-level host declarations beside aie.device are said once per kind, never dropped silently;
  // ops inside a skipped region (the function's body) are not counted again.
  const std::string text =
      "module {\n"
      "  memref.global \"public\" @in0 : memref<16xi32>\n"
      "  memref.global \"public\" @out0 : memref<16xi32>\n"
      "  aie.device(npu2) {\n"
      "    %t = aie.tile(1, 2)\n"
      "    %c = aie.core(%t) { aie.end }\n"
      "  }\n"
      "  func.func @host() {\n"
      "    memref.global \"private\" @inner : memref<4xi32>\n"
      "    return\n"
      "  }\n"
      "}\n";
  MlirImport m = parseMlirDesign(text, "t.mlir");
  EXPECT_TRUE(hasWarning(m, "skipped 2 memref.global outside aie.device: host buffer declarations"));
  EXPECT_TRUE(hasWarning(m, "skipped 1 func.func outside aie.device"));
  EXPECT_FALSE(hasWarning(m, "skipped 3 memref.global"));
}

TEST(MlirSyntax, FixedTilesArePinsAndLogicalTilesMayBePartlyPinned) {
  MlirImport fixed = loadMlirDesign(sharedData(kXilinx + "test/npu-xrt/add_one_objFifo/aie.mlir"));
  ASSERT_GT(fixed.design.coreCount(), 0);
  for (CoreId c = 0; c < fixed.design.coreCount(); ++c) {
    EXPECT_TRUE(fixed.design.cores[c].pin) << fixed.design.cores[c].name;
    EXPECT_TRUE(fixed.placement.pinned(c));
  }
  const std::string path = sharedData(kXilinx + "test/place-tiles/sequential_placer/partial_constraints_ignored.mlir");
  MlirImport col = loadMlirDesign(path, 1);
  const LogicalCore& c = col.design.cores[col.design.findCore("tile")];
  EXPECT_EQ(c.pinColumn, 1);
  EXPECT_EQ(c.pinRow, -1);
  EXPECT_TRUE(c.allows({1, 4}));
  EXPECT_FALSE(c.allows({0, 2}));
  MlirImport mem = loadMlirDesign(path, 3);  // MemTile(2, ?) on npu1: one memory row, so a full pin
  int memTiles = 0;
  for (const LogicalCore& core : mem.design.cores) {
    if (core.kind == CoreKind::MemTile) {
      ++memTiles;
      EXPECT_EQ(core.pin, (TileCoord{2, 1}));
    }
  }
  EXPECT_EQ(memTiles, 1);
  auto wrongKind = errorOf(device("    %a = aie.logical_tile<CoreTile>(0, 1)\n"));
  EXPECT_TRUE(mentions(wrongKind, "npu2 has no CoreTile at (0, 1)")) << wrongKind.what();
}

TEST(MlirSyntax, CorePortFlowsTakeNoDmaChannel) {
  std::string flows;
  for (int ch = 0; ch < 4; ++ch)
    flows += "    aie.flow(%a, Core : " + std::to_string(ch) + ", %b" + std::to_string(ch) + ", Core : 0)\n";
  std::string text = device(
      "    %a = aie.tile(2, 3)\n    %b0 = aie.tile(2, 4)\n    %b1 = aie.tile(3, 3)\n"
      "    %b2 = aie.tile(1, 3)\n    %b3 = aie.tile(2, 2)\n" +
      flows);
  MlirImport m = parseMlirDesign(text, "t.mlir");
  ASSERT_EQ(m.design.netCount(), 4);
  EXPECT_EQ(m.design.nets[0].sourcePort, PortKind::Stream);
  EXPECT_EQ(m.design.outgoingNetCount()[0], 0);
  EXPECT_EQ(streamBufferBytes(m.design, 0), 0);
  MlirImport shim = loadMlirDesign(sharedData(kXilinx + "test/create-flows/simple_flows_shim.mlir"), 2);
  ASSERT_EQ(shim.design.netCount(), 1);
  EXPECT_EQ(shim.design.nets[0].sourcePort, PortKind::Stream);  // Core : 0
  EXPECT_TRUE(shim.design.nets[0].usesDma(1));                  // DMA : 1 of the shim
}

TEST(MlirSyntax, CoresSharingABufferAreAMemoryUse) {
  const std::string path = sharedData(kXilinx + "test/place-tiles/sequential_placer/test_place_errors.mlir");
  auto far = errorOf(ts::core::readFile(path), 10);  // both pinned, not neighbours
  EXPECT_TRUE(mentions(far, "not one of its memory-affinity neighbours")) << far.what();
  auto movable = parseMlirModules(ts::core::readFile(path), "t.mlir")[10];  // the owner pinned, the user not
  ASSERT_TRUE(movable.imported) << movable.error->what();
  const Design& d = movable.imported->design;
  ASSERT_EQ(d.memoryUses.size(), 1u);
  EXPECT_EQ(d.cores[size_t(d.memoryUses[0].user)].name, "consumer");
  EXPECT_EQ(d.cores[size_t(d.memoryUses[0].owner)].name, "owner");
  const std::string use =
      "    aie.core(%u) {\n      %v = memref.load %buf[%c0] : memref<16xi32>\n      aie.end\n    }\n";
  MlirImport near = parseMlirDesign(
      device("    %o = aie.tile(1, 3)\n    %buf = aie.buffer(%o) : memref<16xi32>\n    %u = aie.tile(1, 4)\n" + use),
      "t.mlir");
  EXPECT_EQ(near.design.coreCount(), 2);
  EXPECT_EQ(near.design.memoryUses.size(), 1u);
  // A core reaches only compute tiles' memories: a memory tile's buffer is refused where it is used.
  auto memTile =
      errorOf(device("    %o = aie.logical_tile<MemTile>(?, ?)\n    %buf = aie.buffer(%o) : memref<16xi32>\n"
                     "    %u = aie.logical_tile<CoreTile>(?, ?)\n" +
                     use));
  EXPECT_EQ(memTile.line(), 7);
  EXPECT_TRUE(mentions(memTile, "a core reaches only compute tiles' memories")) << memTile.what();
}

TEST(MlirSyntax, ADmaProgramReadingAnotherTilesBufferNeedsBothTilesPlaced) {
  // A memory tile's DMA program reads its west neighbour's buffer and lock.
  const std::string dma =
      "    %buf = aie.buffer(%w) : memref<16xi32>\n    %lk = aie.lock(%w, 0)\n"
      "    %d = aie.memtile_dma(%m) {\n      %s = aie.dma_start(MM2S, 0, ^bd0, ^end)\n"
      "    ^bd0:\n      aie.use_lock(%lk, AcquireGreaterEqual, 1)\n"
      "      aie.dma_bd(%buf : memref<16xi32>, 0, 16)\n      aie.next_bd ^bd0\n"
      "    ^end:\n      aie.end\n    }\n";
  MlirImport pinned = parseMlirDesign(device("    %w = aie.tile(1, 1)\n    %m = aie.tile(2, 1)\n" + dma), "t.mlir");
  EXPECT_EQ(pinned.design.coreCount(), 2);
  auto movable = errorOf(device("    %w = aie.logical_tile<MemTile>(?, ?)\n    %m = aie.tile(2, 1)\n" + dma));
  EXPECT_TRUE(mentions(movable, "the DMA program of %m uses %lk, a lock of tile %w")) << movable.what();
  EXPECT_EQ(movable.line(), 10) << movable.what();  // the first use, in the DMA body
}

TEST(MlirSyntax, PacketFlowsWrittenOnOneLineOrWithSeveralSources) {
  MlirImport m = parseMlirDesign(
      device("    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n    %c = aie.tile(1, 3)\n"
             "    aie.packet_flow(0x1) { aie.packet_source<%a, DMA : 0> aie.packet_dest<%c, DMA : 0> }\n"
             "    aie.packet_flow(2) {\n      aie.packet_source<%a, DMA : 1>\n      aie.packet_source<%b, DMA : 0>\n"
             "      aie.packet_dest<%c, DMA : 1>\n    } {keep_pkt_header = true}\n"),
      "t.mlir");
  ASSERT_EQ(m.design.netCount(), 3);
  EXPECT_EQ(m.design.nets[0].name, "packet_1");
  EXPECT_EQ(m.design.nets[1].name, "packet_2");
  EXPECT_EQ(m.design.nets[2].name, "packet_2_2");
  EXPECT_EQ(m.design.cores[m.design.nets[2].source].name, "b");
}

TEST(MlirSyntax, WindowsLineEndsAndLegacyPrefixes) {
  std::string text =
      ts::core::readFile(sharedData(kXilinx + "test/place-tiles/sequential_placer/test_place_edge_detect.mlir"));
  std::string crlf;
  for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  MlirImport a = parseMlirDesign(text, "a.mlir"), b = parseMlirDesign(crlf, "b.mlir");
  EXPECT_EQ(a.design.netCount(), b.design.netCount());
  EXPECT_EQ(a.design.coreCount(), b.design.coreCount());
  MlirImport legacy = loadMlirDesign(sharedData(kXilinx + "test/create-flows/maxiter_err_test.mlir"));
  ASSERT_FALSE(legacy.source.tileOps.empty());
  EXPECT_EQ(legacy.source.tileOps.front().dialect, "AIE");
}

TEST(MlirSyntax, ADesignProblemNamesTheOpThatMadeIt) {
  // Two links into one object FIFO (MLIR-AIE's external_mangle_collision test): the second link.
  const std::string body =
      "    %s = aie.tile(0, 0)\n    %m = aie.tile(0, 1)\n    %a = aie.tile(0, 2)\n"
      "    aie.objectfifo @in(%a, {%m}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo @in2(%a, {%m}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo @out(%m, {%s}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
      "    aie.objectfifo.link [@in] -> [@out] ([] [])\n"
      "    aie.objectfifo.link [@in2] -> [@out] ([] [])\n";
  ts::core::InputError e = errorOf(device(body));
  EXPECT_EQ(e.line(), 10) << e.what();
  EXPECT_TRUE(mentions(e, "is already the output of link")) << e.what();
}

TEST(MlirSyntax, KnownDevicesAreThePresetsAndMlirAiesOlderNames) {
  // The studio asks for a device when a file names one it does not know.
  for (const char* name : {"npu1", "npu2", "xcve2802", "npu", "ipu"}) EXPECT_TRUE(knownMlirDevice(name)) << name;
  for (const char* name : {"NPUDEVICE", "npu9", ""}) EXPECT_FALSE(knownMlirDevice(name)) << name;
  EXPECT_EQ(mlirDevicePreset("ipu"), "npu1");
  EXPECT_EQ(mlirDevicePreset("npu2"), "npu2");
}

TEST(MlirSyntax, ADevicePlaceholderSaysWhatToWriteInstead) {
  ts::core::InputError e = errorOf(device("    %a = aie.tile(0, 2)\n", "NPUDEVICE"));
  EXPECT_EQ(e.line(), 2);
  EXPECT_TRUE(mentions(e, "'NPUDEVICE' is a placeholder")) << e.what();
  EXPECT_TRUE(mentions(errorOf(device("    %a = aie.tile(0, 2)\n", "npu9")), "unknown device 'npu9'"));
  // --device gives the device instead; the file's tiles are then checked against it.
  const Device npu1 = loadDevice("npu1");
  MlirImport m = parseMlirDesign(device("    %a = aie.tile(3, 5)\n", "NPUDEVICE"), "t.mlir", 0, &npu1);
  EXPECT_EQ(m.design.device, "npu1");
  EXPECT_TRUE(hasWarning(m, "the file's device 'NPUDEVICE' is replaced by 'npu1' (--device)"));
  EXPECT_THROW(parseMlirDesign(device("    %a = aie.tile(4, 5)\n", "NPUDEVICE"), "t.mlir", 0, &npu1),
               ts::core::InputError);  // npu1 has four columns
}

TEST(MlirSyntax, AModuleWithoutADeviceOpIsADesignOnTheArrayMlirAieTookThen) {
  // Before aie.device existed the ops sat in the module, on the VC1902 array (MLIR-AIE's
  // create-flows/simple.mlir, and a current example for the VCK5000).
  const std::string text = "module @old {\n  func.func private @k()\n  %01 = AIE.tile(0, 1)\n  %12 = AIE.tile(1, 2)\n"
                           "  AIE.flow(%01, DMA : 0, %12, Core : 0)\n}\n";
  MlirImport m = parseMlirDesign(text, "old.mlir");
  EXPECT_EQ(m.design.device, "xcvc1902");
  EXPECT_EQ(m.design.coreCount(), 2);
  EXPECT_EQ(m.design.netCount(), 1);
  EXPECT_EQ(m.design.cores[0].kind, CoreKind::Compute);  // row 1 is a compute row on VC1902
  EXPECT_TRUE(hasWarning(m, "no aie.device op: the ops in the module are one design on xcvc1902"));
  EXPECT_TRUE(hasWarning(m, "skipped 1 func.func outside aie.device"));
  const Device npu1 = loadDevice("npu1");
  EXPECT_EQ(parseMlirDesign(text, "old.mlir", 0, &npu1).design.cores[0].kind, CoreKind::MemTile);
  // A file with an aie.device is read as before, and one with no AIE op at all is still refused.
  EXPECT_TRUE(mentions(errorOf("module {\n  func.func private @k()\n}\n"), "no aie.device(...) found"));
}

TEST(MlirSyntax, BroadcastPacketsArePacketFlowsAndMulticastsAreFlows) {
  // One packet flow per bp_id (its own lines, or one line), one net of flows per multicast source
  // port, which later aie.flows from the same port join.
  const std::string tiles =
      "    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 4)\n    %c = aie.tile(1, 4)\n"
      "    %d = aie.tile(2, 4)\n";
  MlirImport m = parseMlirDesign(
      device(tiles +
             "    aiex.broadcast_packet(%a, DMA : 0) {\n      aiex.bp_id(0x3) {\n        aiex.bp_dest<%b, DMA : 0>\n"
             "        aiex.bp_dest<%c, DMA : 1>\n      }\n      aiex.bp_id(4) {\n        aiex.bp_dest<%d, DMA : 0>\n"
             "      }\n    }\n"
             "    aie.broadcast_packet(%b, DMA : 1) { aie.bp_id(5) { aie.bp_dest<%a, DMA : 1> } }\n"
             "    aie.multicast(%c, DMA : 0) {\n      aie.multi_dest<%a, DMA : 0>\n      aie.multi_dest<%d, Core : 0>\n"
             "    }\n    aie.flow(%c, DMA : 0, %b, DMA : 1)\n"),
      "t.mlir");
  ASSERT_EQ(m.design.netCount(), 4);
  auto name = [&](CoreId c) { return m.design.cores[c].name; };
  const Net& p3 = m.design.nets[0];
  EXPECT_EQ(p3.name, "packet_3");
  EXPECT_EQ(name(p3.source), "a");
  ASSERT_EQ(p3.targets.size(), 2u);
  EXPECT_EQ(name(p3.targets[0]), "b");
  EXPECT_EQ(name(p3.targets[1]), "c");
  EXPECT_EQ(m.design.nets[1].name, "packet_4");
  EXPECT_EQ(name(m.design.nets[1].targets.at(0)), "d");
  EXPECT_EQ(m.design.nets[2].name, "packet_5");
  EXPECT_EQ(name(m.design.nets[2].source), "b");
  const Net& mc = m.design.nets[3];
  EXPECT_EQ(name(mc.source), "c");
  ASSERT_EQ(mc.targets.size(), 3u);
  EXPECT_EQ(name(mc.targets[2]), "b");  // the aie.flow from the same port
  EXPECT_EQ(mc.targetPorts[1], PortKind::Stream);
  EXPECT_TRUE(mc.streamed);
  EXPECT_TRUE(hasWarning(m, "packet flows share a DMA channel at 1 port(s) (e.g. %a DMA : 0 out by 2 flows)"));
  // An empty op, a destination of the other op's kind, or one outside a bp_id is refused.
  EXPECT_TRUE(mentions(errorOf(device(tiles + "    aie.multicast(%a, DMA : 0) {\n    }\n")),
                       "aie.multicast: no aie.multi_dest"));
  EXPECT_TRUE(mentions(errorOf(device(tiles + "    aie.broadcast_packet(%a, DMA : 0) { aie.bp_dest<%b, DMA : 0> }\n")),
                       "a bp_dest outside an aie.bp_id"));
  ts::core::InputError e =
      errorOf(device(tiles + "    aie.broadcast_packet(%a, DMA : 0) {\n      aie.multi_dest<%b, DMA : 0>\n    }\n"));
  EXPECT_EQ(e.line(), 8);
  EXPECT_TRUE(mentions(e, "does not belong in aie.broadcast_packet")) << e.what();
}
