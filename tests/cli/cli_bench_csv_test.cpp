// bench aie --csv: the runs design by design, from a run and from --compare.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(CliBenchCsv, CompareWritesOneRowPerDesignAndAColumnTripletPerRun) {
  std::string dir = cliOutputDir("bench_csv_compare");
  // Two runs with one label (told apart by their time limits), a failed design, a design one
  // run lacks, and a label that needs quoting.
  std::ofstream(dir + "/a.json") << R"({"runs": [
    {"label": "sa:cost=bbcg", "router": "milp", "time_limit": 60, "per_design": [
      {"name": "d1", "topology": "mesh", "flow": "pipelined", "size": "small", "success": true,
       "status": "routed", "route_length": 12, "seconds": 0.25},
      {"name": "d2", "topology": "tree", "flow": "feedback", "size": "large", "success": false,
       "status": "infeasible", "route_length": 0, "seconds": 3.5}]},
    {"label": "sa:cost=bbcg", "router": "milp", "time_limit": 600, "per_design": [
      {"name": "d1", "topology": "mesh", "flow": "pipelined", "size": "small", "success": true,
       "status": "routed", "route_length": 11, "seconds": 1.125}]}]})";
  std::ofstream(dir + "/b.json") << R"({"label": "odd,\"name\"", "router": "pathfinder", "per_design": [
      {"name": "d2", "topology": "tree", "flow": "feedback", "size": "large", "success": true,
       "status": "routed", "route_length": 30, "seconds": 0.004}]})";
  auto r = runCli("-q bench aie --compare " + dir + "/a.json " + dir + "/b.json --csv " + dir + "/out.csv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Table II"), std::string::npos);  // the tables still print
  auto rows = lines(slurp(dir + "/out.csv"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0],
            "design,topology,flow,size,"
            "sa:cost=bbcg+milp @60s status,sa:cost=bbcg+milp @60s route_length,sa:cost=bbcg+milp @60s seconds,"
            "sa:cost=bbcg+milp @600s status,sa:cost=bbcg+milp @600s route_length,sa:cost=bbcg+milp @600s seconds,"
            "\"odd,\"\"name\"\"+pathfinder status\",\"odd,\"\"name\"\"+pathfinder route_length\","
            "\"odd,\"\"name\"\"+pathfinder seconds\"");
  EXPECT_EQ(rows[1], "d1,mesh,pipelined,small,routed,12,0.250,routed,11,1.125,,,");
  EXPECT_EQ(rows[2], "d2,tree,feedback,large,infeasible,,3.500,,,,routed,30,0.004");

  // Runs with the same label and time limit are numbered.
  auto same = runCli("-q bench aie --compare " + dir + "/b.json " + dir + "/b.json --csv " + dir + "/same.csv");
  ASSERT_EQ(same.exitCode, 0) << same.err;
  EXPECT_NE(lines(slurp(dir + "/same.csv"))[0].find("pathfinder #2 seconds"), std::string::npos);
}

TEST(CliBenchCsv, ABenchRunWritesItsCsvAndAnUnwritablePathFailsFirst) {
  std::string dir = cliOutputDir("bench_csv_run");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir + "/suite").exitCode, 0);
  auto run = runCli("-q bench aie --suite " + dir + "/suite --limit 2 --placer manual --router milp,pathfinder " +
                    "--time-limit 20 --csv " + dir + "/run.csv");
  ASSERT_LE(run.exitCode, 1) << run.err;
  auto rows = lines(slurp(dir + "/run.csv"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].rfind("design,topology,flow,size,manual+milp status,", 0), 0u) << rows[0];
  EXPECT_NE(rows[0].find("manual+pathfinder seconds"), std::string::npos) << rows[0];
  for (size_t i = 1; i < rows.size(); ++i) EXPECT_NE(rows[i].find(",routed,"), std::string::npos) << rows[i];

  // Checked before any design runs: no folder, no output.
  auto bad = runCli("-q bench aie --suite " + dir + "/suite --limit 2 --csv " + dir + "/missing/run.csv");
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("missing"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/missing"));
}

TEST(CliBenchCsv, CompareRefusesRunsWithoutADesignListAtTheirLine) {
  std::string dir = cliOutputDir("bench_csv_bad");
  std::ofstream(dir + "/bad.json") << "{\"runs\": [\n  {\"label\": \"x\"}]}";
  auto r = runCli("-q bench aie --compare " + dir + "/bad.json --csv " + dir + "/bad.csv");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("bad.json:2: expected a bench aie run (an object with a per_design list)"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/bad.csv"));
  std::ofstream(dir + "/twice.json") << "{\"per_design\": [{\"name\": \"d1\"},\n {\"name\": \"d1\"}]}";
  auto twice = runCli("-q bench aie --compare " + dir + "/twice.json");
  EXPECT_EQ(twice.exitCode, 2);
  EXPECT_NE(twice.err.find("twice.json:2: per_design 1: design 'd1' is listed twice in one run"), std::string::npos)
      << twice.err;
}
