// Every shared MLIR-AIE file (every module) through the whole flow: import, place, route with
// the MILP router, export as placed MLIR and import again to the same design and placement.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/aie/device_library.h"
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

/// Modules that MLIR-AIE's own CHECK lines expect to fail placement and that cannot be placed
/// legally at all (DMA channels or tiles run out), and the xcve2302 file whose producer sits on a
/// shim tile without DMA. Every other module must place and route.
bool expectedUnplaceable(const std::string& file, size_t module) {
  if (file.find("nd_dma_distribute_AIE2_bad") != std::string::npos) return true;
  if (file.find("test_place_errors") == std::string::npos) return false;
  return module == 3 || module == 5 || module == 6 || module == 7 || module == 8;
}

Placement placeModule(const Design& d, const Device& dev, const Placement& pins) {
  ts::core::RunContext ctx(1);
  PlaceProblem problem{d, dev, pins};
  PlacerResult seq = runSequentialPlacer(problem, SequentialPlacerConfig{}, ctx);
  if (seq.success) return seq.placement;
  SaPlacerConfig sa;
  sa.maxMoves = 200000;
  PlacerResult r = runSaPlacer(problem, sa, ctx);
  return r.success ? r.placement : Placement();
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
}

}  // namespace

TEST(MlirDesigns, EverySharedFileImportsPlacesRoutesAndRoundTrips) {
  auto files = sharedMlirFiles();
  ASSERT_GE(files.size(), 25u);
  int modulesRouted = 0;
  for (const std::string& file : files) {
    auto modules = loadMlirModules(file);
    for (size_t i = 0; i < modules.size(); ++i) {
      const MlirModule& m = modules[i];
      SCOPED_TRACE(file + " module " + std::to_string(i + 1));
      if (!m.imported) {  // only test_place_errors has modules MLIR-AIE itself rejects
        EXPECT_NE(file.find("test_place_errors"), std::string::npos) << m.error->what();
        continue;
      }
      const MlirImport& imp = *m.imported;
      const Device dev = loadDevice(imp.design.device);
      const Placement placed = placeModule(imp.design, dev, imp.placement);
      if (expectedUnplaceable(file, i + 1)) {
        EXPECT_EQ(placed.size(), 0) << "places although MLIR-AIE cannot";
        continue;
      }
      ASSERT_EQ(placed.size(), imp.design.coreCount());
      ASSERT_TRUE(checkPlacement(imp.design, dev, placed).empty());
      RrGraph graph(dev);
      MilpRouterConfig rc;
      rc.timeLimitSeconds = 60;
      ts::core::RunContext ctx(1);
      MilpRouterResult routed = runMilpRouter(imp.design, dev, graph, placed, rc, ctx);
      ASSERT_TRUE(routed.success) << (routed.reasons.empty() ? routed.status : routed.reasons.front());
      EXPECT_TRUE(checkRouting(imp.design, dev, graph, placed, routed.routing).empty());
      ++modulesRouted;
      // Placed MLIR imports back to the same design, every tile now an aie.tile at its place.
      MlirImport back = parseMlirDesign(placedMlir(imp.source, imp.design, placed), "placed.mlir");
      expectSameDesign(imp.design, back.design);
      for (CoreId c = 0; c < imp.design.coreCount(); ++c) {
        EXPECT_EQ(back.design.cores[c].pin, placed.tile(c)) << back.design.cores[c].name;
        EXPECT_EQ(back.placement.tile(c), placed.tile(c));
      }
    }
  }
  EXPECT_GE(modulesRouted, 30);
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
