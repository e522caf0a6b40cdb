// tilestudio-cli pnr: place + route as a user would; outputs, report and exit codes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

using ts::test::runCli;

TEST(CliPnr, EveryPlacerWritesAPlacementAndAReport) {
  std::string dir = ts::test::cliOutputDir("pnr");
  std::string design = ts::test::writeChainDesign(dir, "npu1", 2, 3);
  for (const char* placer : {"sequential", "sa", "lsmo", "milp"}) {
    std::string out = dir + "/" + placer + ".yaml", report = dir + "/" + placer + ".report.json";
    auto r = runCli("-q pnr " + design + " --placer " + placer + " --router milp --seed 2 --time-limit 60 --out " +
                    out + " --report " + report);
    ASSERT_EQ(r.exitCode, 0) << placer << ": " << r.out << r.err;
    auto j = nlohmann::json::parse(ts::test::slurp(report));
    EXPECT_TRUE(j["success"].get<bool>()) << placer;
    EXPECT_EQ(j["placer"], placer);
    EXPECT_EQ(j["router"], "milp");
    EXPECT_EQ(j["status"], "routed");
    EXPECT_GE(j["seconds"]["place"].get<double>(), 0);
    EXPECT_GT(j["seconds"]["route"].get<double>(), 0);
    EXPECT_GT(j["qor"]["route_length"].get<int>(), 0);  // the shims stream
    EXPECT_EQ(j["qor"]["nets_by_interconnect"]["shared_memory"].get<int>() +
                  j["qor"]["nets_by_interconnect"]["intra_tile"].get<int>() +
                  j["qor"]["nets_by_interconnect"]["circuit"].get<int>() +
                  j["qor"]["nets_by_interconnect"]["packet"].get<int>(),
              4);
    EXPECT_TRUE(j["qor"].contains("dma_channels"));
    EXPECT_TRUE(j["qor"].contains("max_link_utilisation"));
    EXPECT_TRUE(j["estimate"]["from_routing"].get<bool>());
    EXPECT_GT(j["estimate"]["estimated_runtime_us"].get<double>(), 0);
    auto check = runCli("check " + design + " --placement " + out);
    EXPECT_EQ(check.exitCode, 0) << check.out;
    EXPECT_NE(ts::test::slurp(out).find("c: {tile: [2, 3], pinned: true}"), std::string::npos) << ts::test::slurp(out);
  }
}

TEST(CliPnr, WritesNpflowJsonWithRoutingAndCsv) {
  std::string dir = ts::test::cliOutputDir("pnr_formats");
  std::string design = ts::test::writeChainDesign(dir, "npu1", 2, 3);
  auto r = runCli("-q pnr " + design + " --placer sa --cost bb --out " + dir + "/placed.json --report -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["cost"], "bb");
  auto placed = nlohmann::json::parse(ts::test::slurp(dir + "/placed.json"));
  ASSERT_TRUE(placed.contains("nets"));
  for (const auto& net : placed["nets"]) EXPECT_TRUE(net.contains("routing_info")) << net.dump();
  r = runCli("-q pnr " + design + " --placer sa --from " + dir + "/placed.json --out " + dir + "/placed.csv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(ts::test::slurp(dir + "/placed.csv").find("core,kind,col,row"), std::string::npos);
}

TEST(CliPnr, ExitsOneWhenNoLegalResultExists) {
  std::string dir = ts::test::cliOutputDir("pnr_impossible");
  std::string design = dir + "/cascade.yaml";
  // A cascade whose source is pinned where no cascade neighbour exists.
  std::ofstream(design) << R"(design: impossible
device: npu1
cores:
  - {name: a, pin: [3, 2]}
  - {name: b}
nets:
  - {name: ab, source: a, targets: [b], bytes: 1024}
cascades:
  - [a, b]
)";
  for (const char* placer : {"milp", "sa"}) {
    auto r = runCli("-q pnr " + design + " --placer " + std::string(placer) + " --out " + dir + "/p.yaml --report " +
                    dir + "/r.json");
    EXPECT_EQ(r.exitCode, 1) << placer << ": " << r.out << r.err;
    auto j = nlohmann::json::parse(ts::test::slurp(dir + "/r.json"));
    EXPECT_FALSE(j["success"].get<bool>());
    EXPECT_FALSE(j["reasons"].empty());
  }
}

TEST(CliPnr, ExitsTwoOnBadInput) {
  std::string dir = ts::test::cliOutputDir("pnr_bad");
  std::string design = ts::test::writeChainDesign(dir, "npu1", 2, 3);
  std::string broken = dir + "/broken.yaml";
  std::ofstream(broken) << "design: x\ndevice: npu1\ncores:\n  - {name: a, kind: compute\n";
  auto r = runCli("-q pnr " + broken + " --placer sa --out " + dir + "/p.yaml");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("broken.yaml"), std::string::npos) << r.err;
  EXPECT_EQ(runCli("-q pnr " + design + " --placer nosuch --out " + dir + "/p.yaml").exitCode, 2);
  EXPECT_EQ(runCli("-q pnr " + design + " --placer sa --out " + dir + "/p.txt").exitCode, 2);
  EXPECT_EQ(runCli("-q pnr " + design + " --placer lsmo --set nosuch=1 --out " + dir + "/p.yaml").exitCode, 2);
  EXPECT_EQ(runCli("-q pnr " + design + " --placer lsmo --cost bb --out " + dir + "/p.yaml").exitCode, 2);
  EXPECT_FALSE(std::filesystem::exists(dir + "/p.yaml"));
}

TEST(CliPnr, BenchAieComparesPlacerVariantsOnACommonSet) {
  std::string dir = ts::test::cliOutputDir("pnr_bench");
  ts::test::writeChainDesign(dir, "npu1", 2, 3);
  std::ofstream(dir + "/index.json") << R"({"designs": [
    {"name": "chain", "file": "chain.yaml", "topology": "line", "flow": "pipelined", "size": "small"}]})";
  auto r = runCli("-q bench aie --suite " + dir +
                  " --placer sequential,sa:cost=bb,sa:cost=bbcg:inner_num=2 "
                  "--time-limit 30 --route-time-limit 30 --json " +
                  dir + "/out.json");
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(ts::test::slurp(dir + "/out.json"));
  ASSERT_EQ(j["runs"].size(), 3u);
  EXPECT_EQ(j["runs"][1]["label"], "sa:cost=bb");
  EXPECT_EQ(j["runs"][2]["settings"]["inner_num"], "2");
  EXPECT_EQ(j["runs"][2]["start"], "pins");
  auto d = j["runs"][1]["per_design"][0];
  EXPECT_GT(d["estimated_runtime_us"].get<double>(), 0);
  EXPECT_GT(d["moves_per_s"].get<double>(), 0);
  // The algorithms' own statistics come along: the placer's final cost terms, the router's MILP.
  EXPECT_EQ(d["placer_stats"]["moves"], d["moves"]);
  EXPECT_GT(d["placer_stats"]["cost_wirelength"].get<double>(), 0);
  EXPECT_TRUE(j["runs"][2]["per_design"][0]["placer_stats"].contains("cost_congestion"));
  EXPECT_FALSE(d["placer_stats"].contains("cost_congestion"));
  EXPECT_GE(d["router_stats"]["objective"].get<double>(), d["router_stats"]["bound"].get<double>() - 1e-6);
  for (const char* text : {"sa:cost=bb+milp", "est.us", "len/1st", "Success per category"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  // A setting one placer does not have is bad input before any work.
  EXPECT_EQ(runCli("-q bench aie --suite " + dir + " --placer sequential:radius=2").exitCode, 2);
}

TEST(CliPnr, ManualPlacerUsesThePlacementWrittenInTheDesignFile) {
  std::string dir = ts::test::cliOutputDir("pnr_manual");
  std::string design = ts::test::sourcePath("samples/edge_detect.yaml");
  auto r = runCli("pnr " + design + " --placer manual --out " + dir + "/p.yaml --report " + dir + "/r.json --quiet");
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << "--quiet after the command must silence progress: " << r.err;
  // The result is the file's own placement, core for core.
  auto check = runCli("check " + design + " --placement " + dir + "/p.yaml");
  EXPECT_EQ(check.exitCode, 0) << check.out;
  auto mine = runCli("-q route " + design + " --report " + dir + "/own.json");
  auto again = runCli("-q route " + design + " --placement " + dir + "/p.yaml --report " + dir + "/placed.json");
  ASSERT_EQ(mine.exitCode, 0) << mine.err;
  ASSERT_EQ(again.exitCode, 0) << again.err;
  auto a = nlohmann::json::parse(ts::test::slurp(dir + "/own.json"));
  auto b = nlohmann::json::parse(ts::test::slurp(dir + "/placed.json"));
  EXPECT_EQ(a["qor"], b["qor"]);
}

TEST(CliPnr, ImportWarningsAreSaidByEveryCommandThatReadsTheDesign) {
  // What a file held that was not imported (here a hand route and an assumed flow size) must not
  // vanish just because the command places or routes instead of checking.
  std::string dir = ts::test::cliOutputDir("pnr_warnings");
  const std::string design = dir + "/vias.mlir";
  std::ofstream(design) << "module {\n  aie.device(npu2) {\n    %a = aie.tile(2, 3)\n    %b = aie.tile(2, 4)\n"
                           "    aie.flow(%a, DMA : 0, %b, DMA : 0) via (%a : DMA : 0 -> North : 4, %b : South : 4 "
                           "-> DMA : 0)\n  }\n}\n";
  const std::string skipped = "warning: " + design + ": skipped 1 aie.flow via route";
  for (const std::string& command : {"pnr " + design + " --placer sa --time-limit 5 --route-time-limit 20 --out " +
                                         dir + "/pnr.yaml",
                                    "place " + design + " --placer sa --time-limit 5 --out " + dir + "/p.yaml",
                                    "route " + design + " --time-limit 20"}) {
    auto r = runCli(command);
    ASSERT_EQ(r.exitCode, 0) << command << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(skipped), std::string::npos) << command << "\n" << r.err;
    auto quiet = runCli("-q " + command);
    EXPECT_EQ(quiet.err.find("warning:"), std::string::npos) << command << "\n" << quiet.err;
  }
  // The flow is streamed between the two neighbours, not put in shared memory.
  auto r = runCli("-q pnr " + design + " --placer sa --time-limit 5 --route-time-limit 20 --out " + dir +
                  "/pnr.yaml --report " + dir + "/r.json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(ts::test::slurp(dir + "/r.json"));
  EXPECT_EQ(j["qor"]["nets_by_interconnect"]["shared_memory"], 0);
  EXPECT_EQ(j["qor"]["nets_by_interconnect"]["circuit"].get<int>() + j["qor"]["nets_by_interconnect"]["packet"].get<int>(),
            1);
}
