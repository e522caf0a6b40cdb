// bench aie / bench wse / bench merge --csv: the runs design by design (case by case for wse).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;
using ts::test::textLines;

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
  auto rows = textLines(slurp(dir + "/out.csv"));
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
  EXPECT_NE(textLines(slurp(dir + "/same.csv"))[0].find("pathfinder #2 seconds"), std::string::npos);
}

TEST(CliBenchCsv, ABenchRunWritesItsCsvAndAnUnwritablePathFailsFirst) {
  std::string dir = cliOutputDir("bench_csv_run");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir + "/suite").exitCode, 0);
  auto run = runCli("-q bench aie --suite " + dir + "/suite --limit 2 --placer manual --router milp,pathfinder " +
                    "--time-limit 20 --csv " + dir + "/run.csv");
  ASSERT_LE(run.exitCode, 1) << run.err;
  auto rows = textLines(slurp(dir + "/run.csv"));
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

TEST(CliBenchCsv, BenchWseWritesOneRowPerCaseWithThePublishedScore) {
  std::string dir = cliOutputDir("bench_csv_wse");
  std::filesystem::create_directories(dir + "/graphs");
  std::filesystem::copy_file(ts::test::sharedData("ispd20/benchmarks/A.kgraph"), dir + "/graphs/A.kgraph",
                             std::filesystem::copy_options::overwrite_existing);
  ASSERT_EQ(runCli("-q wse generate fcnet --layers 6 --out " + dir + "/graphs/fc6.kgraph").exitCode, 0);
  auto r = runCli("-q bench wse --dir " + dir + "/graphs --effort 0.1 --threads 1 --json " + dir +
                  "/bench.json --csv " + dir + "/bench.csv");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(slurp(dir + "/bench.json"));
  auto rows = textLines(slurp(dir + "/bench.csv"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], "case,test,kernels,status,stopped,mt,wl,ac,score,seconds,published_score,ratio_to_published");
  // Case A is a contest case: its published score (35810) and the ratio to it close the row.
  const auto& a = j["cases"][0];
  std::ostringstream expectA;
  expectA << std::setprecision(12) << "A," << a["test"].get<std::string>() << ",16,legal,no," << a["mt"].get<double>()
          << ',' << a["wl"].get<double>() << ',' << a["ac"].get<long long>() << ',' << a["score"].get<double>() << ','
          << std::fixed << std::setprecision(3) << a["seconds"].get<double>() << ",35810," << std::setprecision(6)
          << a["ratio_to_cupoker"].get<double>();
  EXPECT_EQ(rows[1], expectA.str());
  // A generated graph has no published score: the last two cells are empty.
  EXPECT_EQ(rows[2].rfind("fc6,generated-fcnet,6,legal,no,", 0), 0u) << rows[2];
  EXPECT_EQ(rows[2].substr(rows[2].size() - 2), ",,") << rows[2];
}

TEST(CliBenchCsv, MergedWseShardsKeepCasesWithoutALegalLayout) {
  std::string dir = cliOutputDir("bench_csv_wse_merge");
  // Two shard files as bench wse --shard writes them: a case stopped with an illegal layout and
  // one where nothing was found.
  const char* head = R"({"algorithm": "cupoker", "threads": 1, "time_limit": 5, "effort": 1, "all_legal": false, )";
  std::ofstream(dir + "/s1.json") << head << R"("shard": {"index": 1, "count": 2, "designs_total": 2}, "cases": [
      {"case": "big", "test": "t,1", "kernels": 900, "found": true, "legal": false, "stopped": true,
       "mt": 1.5e6, "wl": 20000.5, "ac": 7, "score": 1520007.5, "seconds": 5.0004}]})";
  std::ofstream(dir + "/s2.json") << head << R"("shard": {"index": 2, "count": 2, "designs_total": 2}, "cases": [
      {"case": "none", "test": "t2", "kernels": 3, "found": false, "legal": false, "stopped": false,
       "seconds": 0.25, "message": "no layout"}]})";
  auto r = runCli("-q bench merge " + dir + "/s2.json " + dir + "/s1.json --csv " + dir + "/merged.csv");
  EXPECT_EQ(r.exitCode, 1) << r.err;  // cases without a legal layout, as bench wse reports them
  auto rows = textLines(slurp(dir + "/merged.csv"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1], "big,\"t,1\",900,illegal,yes,1500000,20000.5,7,1520007.5,5.000,,");
  EXPECT_EQ(rows[2], "none,t2,3,none,no,,,,,0.250,,");

  // Written to standard output with "-".
  auto out = runCli("-q bench merge " + dir + "/s1.json " + dir + "/s2.json --csv -");
  EXPECT_NE(out.out.find("none,t2,3,none,no,,,,,0.250,,\n"), std::string::npos) << out.out;
}

TEST(CliBenchCsv, MergeRefusesAWrongTypedCaseFieldWithoutWritingTheCsv) {
  // "stopped" is read only by the CSV writer.
  std::string dir = cliOutputDir("bench_csv_wse_types");
  std::ofstream(dir + "/s1.json") << R"({"algorithm": "cupoker", "shard": {"index": 1, "count": 1, "designs_total": 1},
      "cases": [{"case": "a", "test": "t", "found": true, "legal": true, "stopped": "yes", "seconds": 1}]})";
  auto r = runCli("-q bench merge " + dir + "/s1.json --csv " + dir + "/out.csv");
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("a shard file has a field of an unexpected type"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out.csv"));
}
