// Every shared MLIR-AIE file (every module) through the whole flow: import, place, route with
// the MILP router, export as placed MLIR and import again to the same design and placement.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/given_routing.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/place/sequential_placer.h"
#include "engine/aie/qor.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/route/pathfinder_router.h"
#include "engine/aie/routing_legality.h"
#include "test_util.h"

using namespace ts::aie;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> sharedMlirFiles() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(ts::test::sharedData("mlir-aie")))
    if (e.path().extension() == ".mlir") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

/// Modules the importer refuses with a file:line error: an unplaced ShimPLTile (module 4 of
/// test_place_errors) and an L1 buffer shared by two pinned cores that are not neighbours (10).
bool expectedImportError(const std::string& file, size_t module) {
  return file.find("test_place_errors") != std::string::npos && (module == 4 || module == 10);
}

/// Modules that MLIR-AIE's own CHECK lines expect to fail placement and that cannot be placed
/// legally at all (DMA channels or tiles run out; 11 and 12: no tile within reach of a shared
/// buffer's owner is left), and the xcve2302 file whose producer sits on a shim tile without
/// DMA. Every other module must place and route.
bool expectedUnplaceable(const std::string& file, size_t module) {
  if (file.find("nd_dma_distribute_AIE2_bad") != std::string::npos) return true;
  if (file.find("test_place_errors") == std::string::npos) return false;
  return module == 3 || module == 5 || module == 6 || module == 7 || module == 8 || module == 11 || module == 12;
}

/// The sequential placer (MLIR-AIE's baseline) and SA (the CLI's default); a failed one gives an
/// empty placement.
std::vector<Placement> placeModule(const Design& d, const Device& dev, const Placement& pins) {
  ts::core::RunContext ctx(1);
  PlaceProblem problem{d, dev, pins};
  PlacerResult seq = runSequentialPlacer(problem, SequentialPlacerConfig{}, ctx);
  SaPlacerConfig sa;
  sa.maxMoves = 50000;
  PlacerResult r = runSaPlacer(problem, sa, ctx);
  return {seq.success ? seq.placement : Placement(), r.success ? r.placement : Placement()};
}

void expectSameDesign(const Design& a, const Design& b) {
  ASSERT_EQ(a.coreCount(), b.coreCount());
  for (CoreId c = 0; c < a.coreCount(); ++c) {
    EXPECT_EQ(a.cores[c].name, b.cores[c].name);
    EXPECT_EQ(a.cores[c].kind, b.cores[c].kind);
  }
  ASSERT_EQ(a.netCount(), b.netCount());
  for (NetId n = 0; n < a.netCount(); ++n) {
    const Net &x = a.nets[n], &y = b.nets[n];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.source, y.source);
    EXPECT_EQ(x.targets, y.targets);
    EXPECT_EQ(x.bytesPerObject, y.bytesPerObject);
    EXPECT_EQ(x.sourceDepth, y.sourceDepth);
    EXPECT_EQ(x.targetDepths, y.targetDepths);
    EXPECT_EQ(x.sourcePort, y.sourcePort);
    EXPECT_EQ(x.targetPorts, y.targetPorts);
  }
  ASSERT_EQ(a.links.size(), b.links.size());
  for (size_t i = 0; i < a.links.size(); ++i) {
    EXPECT_EQ(a.links[i].inputs, b.links[i].inputs);
    EXPECT_EQ(a.links[i].outputs, b.links[i].outputs);
  }
  ASSERT_EQ(a.cascades.size(), b.cascades.size());
  ASSERT_EQ(a.memoryUses.size(), b.memoryUses.size());
  for (size_t i = 0; i < a.memoryUses.size(); ++i) {
    EXPECT_EQ(a.memoryUses[i].user, b.memoryUses[i].user);
    EXPECT_EQ(a.memoryUses[i].owner, b.memoryUses[i].owner);
  }
}

}  // namespace

TEST(MlirDesigns, EverySharedFileImportsPlacesRoutesAndRoundTrips) {
  auto files = sharedMlirFiles();
  ASSERT_GE(files.size(), 25u);
  int modules = 0, imported = 0, placed = 0, routed = 0;
  for (const std::string& file : files) {
    auto mods = loadMlirModules(file);
    for (size_t i = 0; i < mods.size(); ++i) {
      const MlirModule& m = mods[i];
      SCOPED_TRACE(file + " module " + std::to_string(i + 1));
      ++modules;
      ASSERT_EQ(!m.imported, expectedImportError(file, i + 1)) << (m.error ? m.error->what() : "imports");
      if (!m.imported) continue;
      ++imported;
      const MlirImport& imp = *m.imported;
      const Device dev = loadDevice(imp.design.device);
      for (const Placement& p : placeModule(imp.design, dev, imp.placement)) {
        if (expectedUnplaceable(file, i + 1)) {
          EXPECT_EQ(p.size(), 0) << "places although MLIR-AIE cannot";
          continue;
        }
        ASSERT_EQ(p.size(), imp.design.coreCount()) << "sequential and SA must both place it";
        ASSERT_TRUE(checkPlacement(imp.design, dev, p).empty());
        ++placed;
        RrGraph graph(dev);
        MilpRouterConfig rc;
        rc.timeLimitSeconds = 60;
        ts::core::RunContext ctx(1);
        MilpRouterResult r = runMilpRouter(imp.design, dev, graph, p, rc, ctx);
        ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
        EXPECT_TRUE(checkRouting(imp.design, dev, graph, p, r.routing).empty());
        ++routed;
        // Placed MLIR imports back to the same design, every tile now an aie.tile at its place.
        MlirImport back = parseMlirDesign(placedMlir(imp.source, imp.design, p), "placed.mlir");
        expectSameDesign(imp.design, back.design);
        for (CoreId c = 0; c < imp.design.coreCount(); ++c) {
          EXPECT_EQ(back.design.cores[c].pin, p.tile(c)) << back.design.cores[c].name;
          EXPECT_EQ(back.placement.tile(c), p.tile(c));
        }
      }
    }
  }
  // 26 files, 44 modules; 42 import; 34 place (twice: sequential and SA) and route.
  std::cout << files.size() << " files, " << modules << " modules, " << imported << " imported, " << placed
            << " placements (sequential + SA), " << routed << " routed and round-tripped\n";
  EXPECT_EQ(modules, 44);
  EXPECT_EQ(imported, 42);
  EXPECT_EQ(routed, 2 * 34);
}

TEST(MlirDesigns, AnUnchangedPlacementExportsTheFileByteForByte) {
  const std::string path = ts::test::sharedData("mlir-aie/Xilinx+mlir-aie/test/create-flows/vecmul_4x4.mlir");
  MlirImport m = loadMlirDesign(path);
  EXPECT_EQ(placedMlir(m.source, m.design, m.placement), *m.source.text);
}

TEST(MlirDesigns, GivenPnrFlowRoutesPassTheRoutingChecker) {
  for (const char* name : {"basic_cct.mlir", "mem_constraint.mlir"}) {
    MlirImport m =
        loadMlirDesign(ts::test::sharedData(std::string("mlir-aie/ueqri+mlir-aie/pnr_test/fine_grain_router/") + name));
    const Device dev = loadDevice(m.design.device);
    int length = 0;
    EXPECT_TRUE(checkGivenRoutes(m.design, dev, m.placement, m.givenPaths, &length).empty()) << name;
    EXPECT_GT(length, 0);
  }
  // A path through a memory tile's missing east link is named.
  MlirImport bad = parseMlirDesign(
      "module {\n  aie.device(npu2) {\n    %a = aie.tile(0, 1)\n    %b = aie.tile(1, 1)\n"
      "    aie.pnr_flow(%a, DMA : 0, {%b}, DMA : [0]) {hop_tile_ids = [[[0,1],[1,1]]]}\n  }\n}\n",
      "t.mlir");
  auto problems = checkGivenRoutes(bad.design, loadDevice("npu2"), bad.placement, bad.givenPaths);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems.front().find("no stream link from (0,1) to (1,1)"), std::string::npos) << problems.front();
}

TEST(MlirDesigns, CorePortFlowsRouteWithoutDmaChannels) {
  // Four flows out of one core's stream ports: MLIR-AIE routes them; they take no MM2S channel.
  std::string flows;
  for (int ch = 0; ch < 4; ++ch)
    flows += "    aie.flow(%a, Core : " + std::to_string(ch) + ", %b" + std::to_string(ch) + ", Core : 0)\n";
  MlirImport m = parseMlirDesign(
      "module {\n  aie.device(npu2) {\n    %a = aie.tile(2, 3)\n    %b0 = aie.tile(2, 4)\n"
      "    %b1 = aie.tile(3, 3)\n    %b2 = aie.tile(1, 3)\n    %b3 = aie.tile(2, 2)\n" +
          flows + "  }\n}\n",
      "t.mlir");
  const Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  ts::core::RunContext ctx(1);
  PathfinderConfig pc;
  PathfinderResult pf = runPathfinderRouter(m.design, dev, graph, m.placement, pc, ctx);
  ASSERT_TRUE(pf.success) << (pf.reasons.empty() ? pf.status : pf.reasons.front());
  MilpRouterResult milp = runMilpRouter(m.design, dev, graph, m.placement, MilpRouterConfig{}, ctx);
  ASSERT_TRUE(milp.success);
  for (const Routing* r : {&pf.routing, &milp.routing}) {
    RoutingUsage usage;
    EXPECT_TRUE(checkRouting(m.design, dev, graph, m.placement, *r, {}, &usage).empty());
    EXPECT_EQ(usage.dmaOut[size_t(dev.index({2, 3}))], 0);
    for (const NetRoute& nr : r->nets) EXPECT_NE(nr.type, Interconnect::SharedMemory);
  }
}

TEST(MlirDesigns, TheMilpRouterRoutesADesignWithoutNets) {
  MlirImport m = parseMlirDesign("module {\n  aie.device(npu2) {\n    %a = aie.tile(2, 3)\n  }\n}\n", "t.mlir");
  const Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  ts::core::RunContext ctx(1);
  MilpRouterResult r = runMilpRouter(m.design, dev, graph, m.placement, MilpRouterConfig{}, ctx);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  EXPECT_EQ(r.status, "routed");
}

TEST(MlirDesigns, EveryPlacerKeepsFixedTilesOnShimsWithoutDma) {
  // xcvc1902 columns 0 and 1 are PL shims (no DMA). A fixed tile there with no net or only a
  // PLIO end is legal (the checker says so); every placer must keep it, as broadcast.mlir needs.
  MlirImport m = parseMlirDesign(
      "module {\n  aie.device(xcvc1902) {\n    %t00 = aie.tile(0, 0)\n    %t10 = aie.tile(1, 0)\n"
      "    %t22 = aie.tile(2, 2)\n    %c = aie.logical_tile<CoreTile>(?, ?)\n"
      "    aie.flow(%t10, PLIO : 0, %t22, DMA : 0)\n    aie.flow(%t22, DMA : 0, %c, DMA : 0)\n  }\n}\n",
      "t.mlir");
  const Device dev = loadDevice("xcvc1902");
  ASSERT_FALSE(dev.shimHasDma(0));
  ASSERT_TRUE(checkPlacement(m.design, dev, m.placement, {false}).empty());
  for (const PlacerInfo& placer : placerRegistry()) {
    if (placer.name == "manual" || placer.name == "blocks") continue;  // blocks needs layers
    SCOPED_TRACE(placer.name);
    ts::core::RunContext ctx(1, 20);
    PlaceOutcome r = placer.run(m.design, dev, m.placement, {}, ctx);
    ASSERT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_TRUE(checkPlacement(m.design, dev, r.placement).empty());
    EXPECT_EQ(r.placement.tile(m.design.findCore("t00")), (TileCoord{0, 0}));
    EXPECT_EQ(r.placement.tile(m.design.findCore("t10")), (TileCoord{1, 0}));
  }
}
