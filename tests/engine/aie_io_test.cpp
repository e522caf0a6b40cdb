// Round trips of the AIE file formats: design YAML, placement YAML/CSV, np-flow JSON.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/mlir_export.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/rr_graph.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;

namespace {

const char* kPipeline = R"(design: pipe
device: npu2
description: shim -> mem -> two cores -> mem -> shim
cores:
  - {name: shim_in, kind: shim}
  - {name: mem_in, kind: mem}
  - {name: a, kind: compute, cycles: 1000, buffer_bytes: 2048, locks: 3}
  - {name: b, kind: compute, cycles: 900, pin: [1, 3], group: stage2}
  - {name: mem_out, kind: mem}
  - {name: shim_out, kind: shim}
nets:
  - {name: in0, source: shim_in, targets: [mem_in], bytes: 4096, depth: 2}
  - {name: in1, source: mem_in, targets: [a, b], bytes: 1024, depths: [2, 1, 3]}
  - {name: ab, source: a, targets: [b], bytes: 512}
  - {name: out0, source: b, targets: [mem_out], bytes: 1024}
  - {name: out1, source: mem_out, targets: [shim_out], bytes: 4096}
links:
  - {inputs: [in0], outputs: [in1]}
  - {inputs: [out0], outputs: [out1]}
cascades:
  - [a, b]
placement:
  shim_in: [1, 0]
  mem_in: {tile: [1, 1], pinned: true}
  a: [1, 2]
  b: [1, 3]
  mem_out: [2, 1]
  shim_out: [2, 0]
)";

void expectSameDesign(const Design& x, const Design& y) {
  EXPECT_EQ(x.name, y.name);
  EXPECT_EQ(x.device, y.device);
  ASSERT_EQ(x.coreCount(), y.coreCount());
  for (int i = 0; i < x.coreCount(); ++i) {
    EXPECT_EQ(x.cores[i].name, y.cores[i].name);
    EXPECT_EQ(x.cores[i].kind, y.cores[i].kind);
    EXPECT_EQ(x.cores[i].bufferBytes, y.cores[i].bufferBytes);
    EXPECT_EQ(x.cores[i].locks, y.cores[i].locks);
    EXPECT_EQ(x.cores[i].computeCycles, y.cores[i].computeCycles);
    EXPECT_EQ(x.cores[i].pin.has_value(), y.cores[i].pin.has_value());
    EXPECT_EQ(x.cores[i].group, y.cores[i].group);
  }
  ASSERT_EQ(x.netCount(), y.netCount());
  for (int i = 0; i < x.netCount(); ++i) {
    EXPECT_EQ(x.nets[i].name, y.nets[i].name);
    EXPECT_EQ(x.nets[i].source, y.nets[i].source);
    EXPECT_EQ(x.nets[i].targets, y.nets[i].targets);
    EXPECT_EQ(x.nets[i].bytesPerObject, y.nets[i].bytesPerObject);
    EXPECT_EQ(x.nets[i].sourceDepth, y.nets[i].sourceDepth);
    EXPECT_EQ(x.nets[i].targetDepths, y.nets[i].targetDepths);
  }
  ASSERT_EQ(x.links.size(), y.links.size());
  for (size_t i = 0; i < x.links.size(); ++i) {
    EXPECT_EQ(x.links[i].inputs, y.links[i].inputs);
    EXPECT_EQ(x.links[i].outputs, y.links[i].outputs);
  }
  EXPECT_EQ(x.cascades.size(), y.cascades.size());
}

}  // namespace

TEST(DesignYaml, ReadsEveryField) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  const Design& d = f.design;
  EXPECT_EQ(d.coreCount(), 6);
  EXPECT_EQ(d.netCount(), 5);
  EXPECT_EQ(d.cores[d.findCore("a")].computeCycles, 1000);
  EXPECT_EQ(d.cores[d.findCore("a")].bufferBytes, 2048);
  EXPECT_EQ(d.cores[d.findCore("a")].locks, 3);
  EXPECT_EQ(d.cores[d.findCore("b")].group, "stage2");
  const Net& in1 = d.nets[d.findNet("in1")];
  EXPECT_EQ(in1.sourceDepth, 2);
  EXPECT_EQ(in1.targetDepths, (std::vector<int>{1, 3}));
  EXPECT_EQ(d.nets[d.findNet("ab")].targetDepths, (std::vector<int>{2}));  // default depth 2
  EXPECT_EQ(d.links[0].kind(), LinkKind::Copy);
  EXPECT_EQ(d.linkVia(d.links[0]), d.findCore("mem_in"));
  ASSERT_TRUE(f.placement);
  EXPECT_TRUE(f.placement->complete());
  EXPECT_TRUE(f.placement->pinned(d.findCore("mem_in")));
  EXPECT_TRUE(f.placement->pinned(d.findCore("b")));  // pinned by the design's pin
  EXPECT_FALSE(f.placement->pinned(d.findCore("a")));
  EXPECT_TRUE(d.problems().empty());
}

TEST(DesignYaml, RoundTripKeepsDesignAndPlacement) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  std::string text = designToYaml(f.design, &*f.placement);
  DesignFile g = parseDesignYaml(text, "again.yaml");
  expectSameDesign(f.design, g.design);
  ASSERT_TRUE(g.placement);
  EXPECT_EQ(*f.placement, *g.placement);
  // And a second write is byte-identical.
  EXPECT_EQ(designToYaml(g.design, &*g.placement), text);
}

TEST(PlacementYaml, RoundTripAndCsv) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  std::string text = placementToYaml(f.design, *f.placement);
  Placement p = parsePlacementYaml(text, "p.yaml", f.design);
  EXPECT_EQ(p, *f.placement);
  std::string dir = ts::test::outputDir("placement_csv");
  ts::core::writeFileAtomically(dir + "/p.csv", placementToCsv(f.design, *f.placement));
  EXPECT_EQ(loadPlacementFile(dir + "/p.csv", f.design), *f.placement);
}

TEST(PlacementFile, SavedByExtensionAndReadBack) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  std::string dir = ts::test::outputDir("placement_save");
  for (const char* name : {"p.yaml", "p.yml", "p.csv", "p.json", "p.mlir"}) {
    const std::string path = dir + "/" + name;
    savePlacementFile(path, f.design, *f.placement);
    Placement back = loadPlacementFile(path, f.design);
    for (CoreId c = 0; c < f.design.coreCount(); ++c) {
      ASSERT_EQ(back.placed(c), f.placement->placed(c)) << name << " core " << c;
      if (back.placed(c)) {
        EXPECT_EQ(back.tile(c), f.placement->tile(c)) << name << " core " << c;
      }
    }
  }
  EXPECT_THROW(savePlacementFile(dir + "/p.txt", f.design, *f.placement), ts::core::Error);
  EXPECT_FALSE(std::filesystem::exists(dir + "/p.txt"));
}

TEST(Npflow, NetlistRoundTrip) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  std::string json = npflowNetlistJson(f.design, nullptr);
  NpflowNetlist n = parseNpflowNetlist(json, "netlist.json", "npu2");
  EXPECT_EQ(n.design.coreCount(), f.design.coreCount());
  EXPECT_EQ(n.design.cores[2].name, "comp2");
  EXPECT_EQ(n.design.cores[1].name, "mem1");
  EXPECT_EQ(n.design.cores[0].name, "shim0");
  EXPECT_EQ(n.placement.placedCount(), 0);
  for (int i = 0; i < f.design.netCount(); ++i) {
    EXPECT_EQ(n.design.nets[i].name, f.design.nets[i].name);
    EXPECT_EQ(n.design.nets[i].targets, f.design.nets[i].targets);
    EXPECT_EQ(n.design.nets[i].targetDepths, f.design.nets[i].targetDepths);
    EXPECT_EQ(n.design.nets[i].bytesPerObject, f.design.nets[i].bytesPerObject);
  }
  ASSERT_EQ(n.design.links.size(), 2u);
  EXPECT_EQ(n.design.links[1].outputs, f.design.links[1].outputs);
  // A second conversion gives the same text.
  EXPECT_EQ(npflowNetlistJson(n.design, nullptr), json);
}

TEST(Npflow, GroupsTravelAsATileStudioExtension) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  const std::string json = npflowNetlistJson(f.design, nullptr);
  EXPECT_NE(json.find("\"group\": \"stage2\""), std::string::npos);
  NpflowNetlist n = parseNpflowNetlist(json, "netlist.json", "npu2");
  for (CoreId c = 0; c < f.design.coreCount(); ++c) EXPECT_EQ(n.design.cores[c].group, f.design.cores[c].group);
  EXPECT_EQ(n.design.cores[3].group, "stage2");
  // The placed netlist keeps them too, and YAML written from the np-flow design has them.
  NpflowNetlist placed = parseNpflowNetlist(npflowPlacedJson(f.design, *f.placement), "placed.json", "npu2");
  EXPECT_EQ(placed.design.cores[3].group, "stage2");
  EXPECT_EQ(parseDesignYaml(designToYaml(placed.design, nullptr), "g.yaml").design.cores[3].group, "stage2");
}

TEST(Mlir, GroupIsOnlyAnExportedComment) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  const std::string mlir = designToMlir(f.design, *f.placement);
  EXPECT_NE(mlir.find("// group: stage2"), std::string::npos);
  MlirImport back = parseMlirDesign(mlir, "pipe.mlir");  // MLIR-AIE has no subgraphs: not read back
  ASSERT_EQ(back.design.coreCount(), f.design.coreCount());
  for (const LogicalCore& c : back.design.cores) EXPECT_EQ(c.group, "");
}

TEST(Npflow, ReadsTheIronShapeWithIdsOutOfOrder) {
  const char* text = R"({"nodes": [{"id": 1, "type": "COMP", "col_x": -1, "row_y": -1},
    {"id": 0, "type": "SHIM", "col_x": 2, "row_y": 0}],
    "nets": [{"net_id": 0, "net_name": "of_in", "src_id": 0, "dst_ids": [1],
              "depths": [2, 2], "byte_size_per_depth": 1920}],
    "links": []})";
  NpflowNetlist n = parseNpflowNetlist(text, "netlist.json", "npu2");
  EXPECT_EQ(n.design.cores[0].kind, CoreKind::Shim);
  EXPECT_EQ(n.design.cores[1].kind, CoreKind::Compute);
  EXPECT_TRUE(n.placement.placed(0));
  EXPECT_TRUE(n.placement.pinned(0));
  EXPECT_FALSE(n.placement.placed(1));
  EXPECT_EQ(n.design.nets[0].bytesPerObject, 1920);
}

TEST(Npflow, PlacedOutputHasTheFieldsIronReads) {
  DesignFile f = parseDesignYaml(kPipeline, "pipe.yaml");
  Device dev = loadDevice("npu2");
  RrGraph graph(dev);
  const Design& d = f.design;
  const Placement& p = *f.placement;
  // Hand-made routing: net "ab" from a(1,2) to b(1,3) over one link north; the rest in-place
  // shared memory for the sake of the format test.
  Routing r;
  r.nets.resize(size_t(d.netCount()));
  for (auto& nr : r.nets) {
    nr.routed = true;
    nr.type = Interconnect::SharedMemory;
    nr.bufferTiles = {{1, 2}};
  }
  NetRoute& ab = r.nets[size_t(d.findNet("ab"))];
  ab.type = Interconnect::Circuit;
  ab.bufferTiles = {{1, 2}, {1, 3}};
  ab.edges = {graph.dmaOutEdge({1, 2}), graph.linkEdge({1, 2}, Direction::North), graph.dmaInEdge({1, 3})};
  for (int e : graph.outEdges(graph.switchIn({1, 2}, Port::Dma)))
    if (graph.edge(e).to == graph.switchOut({1, 2}, Port::North)) ab.edges.push_back(e);
  for (int e : graph.outEdges(graph.switchIn({1, 3}, Port::South)))
    if (graph.edge(e).to == graph.switchOut({1, 3}, Port::Dma)) ab.edges.push_back(e);
  r.cost = 12.5;
  auto j = nlohmann::json::parse(npflowPlacedJson(d, p, &graph, &r));
  EXPECT_EQ(j["routing"]["routing_cost"], 12.5);
  ASSERT_EQ(j["nodes"].size(), 6u);
  EXPECT_EQ(j["nodes"][2]["col_x"], 1);
  EXPECT_EQ(j["nodes"][2]["row_y"], 2);
  const auto& info = j["nets"][d.findNet("ab")]["routing_info"];
  EXPECT_EQ(info["connection_type"], "circuit_switch");
  EXPECT_TRUE(info["intermediates"].empty());  // adjacent: no hop tiles between the endpoints
  EXPECT_EQ(info["allocation_tiles"].size(), 2u);
  EXPECT_EQ(j["nets"][0]["routing_info"]["connection_type"], "neighbor_sharing");
  // Failure is signalled with routing_cost >= 1e9.
  auto failed = nlohmann::json::parse(npflowPlacedJson(d, p, nullptr, nullptr, true));
  EXPECT_GE(failed["routing"]["routing_cost"].get<double>(), 1e9);
  // And the placed file reads back as a placement of the same design.
  Placement back = readNpflowPlacement(j.dump(), "placed.json", d);
  for (int c = 0; c < d.coreCount(); ++c) EXPECT_EQ(back.tile(c), p.tile(c));
}

TEST(DesignLoader, OpensYamlAndNetlistJson) {
  std::string dir = ts::test::outputDir("loader");
  ts::core::writeFileAtomically(dir + "/pipe.yaml", kPipeline);
  LoadedDesign a = loadDesignFile(dir + "/pipe.yaml");
  EXPECT_EQ(a.device.name(), "npu2");
  EXPECT_TRUE(a.placement.complete());
  ts::core::writeFileAtomically(dir + "/netlist.json", npflowNetlistJson(a.design, &a.placement));
  LoadedDesign b = loadDesignFile(dir + "/netlist.json", "npu1");
  EXPECT_EQ(b.device.name(), "npu1");
  EXPECT_EQ(b.placement.placedCount(), 6);
  applyPlacementFile(b, dir + "/netlist.json");
  EXPECT_EQ(b.placement.placedCount(), 6);
}

TEST(AtomicFile, FailedWriteLeavesNoFileAndKeepsTheOldOne) {
  std::string dir = ts::test::outputDir("atomic");
  std::string path = dir + "/out.txt";
  ts::core::writeFileAtomically(path, "old");
  EXPECT_THROW(ts::core::writeFileAtomically(path,
                                             [](std::ostream& out) {
                                               out << "half";
                                               throw ts::core::Error("boom");
                                             }),
               ts::core::Error);
  EXPECT_EQ(ts::core::readFile(path), "old");
  int files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1);
  EXPECT_THROW(ts::core::writeFileAtomically(dir + "/no/such/dir/x.txt", "x"), ts::core::Error);
}

TEST(PlacementCsv, ACoreNameWithACommaOrQuoteReadsBack) {
  Design d;
  d.name = "q";
  d.device = "npu2";
  d.cores.push_back({"conv, 3x3", CoreKind::Compute, 0, 0, std::nullopt, ""});
  d.cores.push_back({"say \"hi\"", CoreKind::Compute, 0, 0, std::nullopt, ""});
  Placement p(d.coreCount());
  p.place(0, {1, 2});
  p.place(1, {2, 3});
  p.setPinned(1, true);
  std::string dir = ts::test::outputDir("placement_csv_quotes");
  savePlacementFile(dir + "/q.csv", d, p);
  EXPECT_EQ(loadPlacementFile(dir + "/q.csv", d), p);
}
