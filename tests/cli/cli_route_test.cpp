#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;

namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

// s(3,3) streams to three far cores (needs a packet-shared MM2S) and shares memory with n(3,4).
const char* kDesign = R"(design: fanout
device: npu2
cores:
  - {name: s}
  - {name: t1}
  - {name: t2}
  - {name: t3}
  - {name: n}
nets:
  - {name: n1, source: s, targets: [t1], bytes: 1024, depth: 2}
  - {name: n2, source: s, targets: [t2], bytes: 1024, depth: 2}
  - {name: n3, source: s, targets: [t3], bytes: 1024, depth: 2}
  - {name: near, source: s, targets: [n], bytes: 512, depth: 2}
placement:
  s: [3, 3]
  t1: [6, 3]
  t2: [0, 3]
  t3: [6, 5]
  n: [3, 4]
)";

}  // namespace

TEST(CliRoute, MilpRoutesAndWritesNpflowAndReport) {
  std::string dir = cliOutputDir("route_milp");
  write(dir + "/fanout.yaml", kDesign);
  auto r = runCli("-q route " + dir + "/fanout.yaml --router milp --out " + dir + "/routed.json --report " + dir +
                  "/report.json --lp " + dir + "/model.lp");
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("1 shared memory"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 packet"), std::string::npos) << r.out;
  auto routed = nlohmann::json::parse(slurp(dir + "/routed.json"));
  EXPECT_LT(routed["routing"]["routing_cost"].get<double>(), 1e9);
  EXPECT_EQ(routed["nets"][3]["routing_info"]["connection_type"], "neighbor_sharing");
  auto report = nlohmann::json::parse(slurp(dir + "/report.json"));
  EXPECT_TRUE(report["success"].get<bool>());
  EXPECT_EQ(report["qor"]["route_length"], 11);
  EXPECT_EQ(report["qor"]["packet_nets"], 2);
  EXPECT_EQ(report["routes"].size(), 4u);
  EXPECT_NE(slurp(dir + "/model.lp").find("Subject To"), std::string::npos);
}

TEST(CliRoute, PathfinderFailsWhereDmaChannelsMustBeShared) {
  std::string dir = cliOutputDir("route_pathfinder");
  write(dir + "/fanout.yaml", kDesign);
  auto r = runCli("-q route " + dir + "/fanout.yaml --router pathfinder --mode packet --out " + dir + "/routed.json");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("(3,3): 3 output streams need DMA but only 2 MM2S"), std::string::npos) << r.out;
  auto routed = nlohmann::json::parse(slurp(dir + "/routed.json"));
  EXPECT_GE(routed["routing"]["routing_cost"].get<double>(), 1e9);
}

TEST(CliRoute, InfeasibleNamesTheBindingResourceAndMalformedInputIsTwo) {
  std::string dir = cliOutputDir("route_infeasible");
  write(dir + "/fanout.yaml", kDesign);
  auto r = runCli("-q route " + dir + "/fanout.yaml --mode circuit --report " + dir + "/report.json");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("compute tile (3,3): 3 output streams need DMA but only 2 MM2S"), std::string::npos) << r.out;
  EXPECT_FALSE(nlohmann::json::parse(slurp(dir + "/report.json"))["success"].get<bool>());
  write(dir + "/bad.yaml", "design: x\ndevice: npu2\ncores: [ {name: a} \n");
  r = runCli("-q route " + dir + "/bad.yaml");
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("bad.yaml"), std::string::npos) << r.err;
  r = runCli("-q route " + dir + "/fanout.yaml --set no_such_key=1");
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("unknown setting 'no_such_key'"), std::string::npos) << r.err;
}

TEST(CliRoute, BenchAieComparesRoutersOnASuite) {
  std::string dir = cliOutputDir("bench_aie");
  write(dir + "/fanout.yaml", kDesign);
  write(dir + "/pair.yaml", R"(design: pair
device: npu2
cores: [{name: a}, {name: b}]
nets: [{name: ab, source: a, targets: [b], bytes: 256, depth: 2}]
placement: {a: [1, 2], b: [4, 2]}
)");
  write(dir + "/index.json", R"({"designs": [
    {"name": "fanout", "file": "fanout.yaml", "topology": "tree", "flow": "pipelined", "size": "small"},
    {"name": "pair", "file": "pair.yaml", "topology": "line", "flow": "pipelined", "size": "small"}]})");
  auto r = runCli("-q bench aie --suite " + dir + " --placer manual --router milp,pathfinder --jobs 2 --json " + dir +
                  "/out.json");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;  // pathfinder fails on fanout
  auto j = nlohmann::json::parse(slurp(dir + "/out.json"));
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][0]["router"], "milp");
  EXPECT_EQ(j["runs"][0]["succeeded"], 2);
  EXPECT_EQ(j["runs"][1]["succeeded"], 1);
  auto d = j["runs"][0]["per_design"][0];
  for (const char* k : {"name", "topology", "flow", "size", "success", "seconds", "route_length", "buffer_kb",
                        "shared_nets", "circuit_nets", "packet_nets", "dma_channels"})
    EXPECT_TRUE(d.contains(k)) << k;
  EXPECT_NE(r.out.find("Table II"), std::string::npos);
  EXPECT_NE(r.out.find("manual+milp"), std::string::npos);
  // A single run writes the issue's flat format, and --compare prints tables from files.
  r = runCli("-q bench aie --suite " + dir + " --router milp --json " + dir + "/milp.json");
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  auto m = nlohmann::json::parse(slurp(dir + "/milp.json"));
  EXPECT_EQ(m["placer"], "manual");
  EXPECT_EQ(m["designs"], 2);
  EXPECT_EQ(m["succeeded"], 2);
  r = runCli("bench aie --compare " + dir + "/milp.json " + dir + "/out.json");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("designs every run succeeds on"), std::string::npos) << r.out;
  // An option that shapes a run is refused with --compare rather than silently ignored.
  for (const std::string& runOnly :
       std::vector<std::string>{"--placer sa", "--time-limit 5", "--jobs 2", "--json " + dir + "/c.json"}) {
    r = runCli("bench aie --compare " + dir + "/milp.json " + runOnly);
    EXPECT_EQ(r.exitCode, 2) << runOnly;
    EXPECT_NE(r.err.find(runOnly.substr(0, runOnly.find(' ')) + " excludes --compare"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/c.json"));
}

TEST(CliRoute, BenchAieTable2RunsThePapersPairingsAndPrintsItsLayout) {
  std::string dir = cliOutputDir("bench_table2");
  write(dir + "/fanout.yaml", kDesign);
  write(dir + "/index.json", R"({"designs": [
    {"name": "fanout", "file": "fanout.yaml", "topology": "tree", "flow": "pipelined", "size": "small",
     "needs_mixed_modes": true}]})");
  auto r = runCli("-q bench aie --suite " + dir + " --table2 --time-limit 1 --json " + dir + "/t2.json");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;  // AMD's router fails the fanout
  auto j = nlohmann::json::parse(slurp(dir + "/t2.json"));
  ASSERT_EQ(j["runs"].size(), 8u);
  EXPECT_EQ(j["runs"][0]["label"], "manual");
  EXPECT_EQ(j["runs"][0]["router"], "pathfinder");
  EXPECT_EQ(j["runs"][0]["succeeded"], 0);
  EXPECT_EQ(j["runs"][1]["router"], "milp");
  EXPECT_EQ(j["runs"][1]["succeeded"], 1);
  EXPECT_EQ(j["runs"][5]["label"], "sa:cost=bbcg");
  EXPECT_EQ(j["runs"][0]["per_design"][0]["needs_mixed_modes"], true);
  for (const char* text :
       {"TABLE II", "Of the common-passing 0 cases", "Manual    Ours           1/1", "Published (Yan et al., Table II",
        "need mixed stream modes (index.json): Manual+AMD 1 (1); Manual+Ours 0 (0);", "SA+BBCG   Ours       200/202",
        "Fig. 6", "synthetic pipelined small [1]"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  // --compare prints the same tables from the file; rows not in it are marked.
  write(dir + "/one.json", nlohmann::json(j["runs"][1]).dump());
  r = runCli("bench aie --table2 --compare " + dir + "/one.json");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("(not run)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Of the common-passing 1 cases"), std::string::npos) << r.out;
  EXPECT_EQ(runCli("-q bench aie --suite " + dir + " --table2 --placer sequential").exitCode, 2);
}

TEST(CliRoute, HelpHasExamples) {
  for (const char* cmd : {"route", "bench aie"}) {
    auto r = runCli(std::string(cmd) + " --help");
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("xample"), std::string::npos) << cmd;
  }
}
