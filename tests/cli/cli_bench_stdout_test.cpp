// bench aie / bench wse / bench merge with --json - or --csv -: standard output holds the data
// alone (so that it can be piped), the human tables go to standard error, and two data outputs
// on "-" are refused before any work.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::textLines;

namespace {

// Two bench wse --shard outputs of one sweep, one case each.
void writeWseShards(const std::string& dir) {
  const char* head = R"({"algorithm": "cupoker", "threads": 1, "time_limit": 5, "effort": 1, "all_legal": true, )";
  std::ofstream(dir + "/s1.json") << head << R"("shard": {"index": 1, "count": 2, "designs_total": 2}, "cases": [
      {"case": "c1", "test": "t1", "kernels": 4, "found": true, "legal": true, "stopped": false,
       "mt": 100, "wl": 20, "ac": 1, "score": 121, "seconds": 0.5}]})";
  std::ofstream(dir + "/s2.json") << head << R"("shard": {"index": 2, "count": 2, "designs_total": 2}, "cases": [
      {"case": "c2", "test": "t2", "kernels": 5, "found": true, "legal": true, "stopped": false,
       "mt": 200, "wl": 30, "ac": 2, "score": 232, "seconds": 0.25}]})";
}

}  // namespace

TEST(CliBenchStdout, BenchWseCsvOnStandardOutputIsTheCsvAlone) {
  std::string dir = cliOutputDir("bench_stdout_wse");
  std::filesystem::create_directories(dir + "/graphs");
  ASSERT_EQ(runCli("-q wse generate fcnet --layers 4 --out " + dir + "/graphs/fc4.kgraph").exitCode, 0);
  auto r = runCli("-q bench wse --dir " + dir + "/graphs --effort 0.1 --threads 1 --csv -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto rows = textLines(r.out);
  ASSERT_EQ(rows.size(), 2u) << r.out;
  EXPECT_EQ(rows[0], "case,test,kernels,status,stopped,mt,wl,ac,score,seconds,published_score,ratio_to_published");
  EXPECT_EQ(rows[1].rfind("fc4,generated-fcnet,4,legal,no,", 0), 0u) << rows[1];
  // The table a user watches is still printed, on standard error.
  EXPECT_NE(r.err.find("kernels"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("fc4 generated-fcnet"), std::string::npos) << r.err;

  // Without "-" the table stays on standard output.
  auto toFile = runCli("-q bench wse --dir " + dir + "/graphs --effort 0.1 --threads 1 --csv " + dir + "/b.csv");
  ASSERT_EQ(toFile.exitCode, 0) << toFile.err;
  EXPECT_NE(toFile.out.find("fc4 generated-fcnet"), std::string::npos) << toFile.out;
}

TEST(CliBenchStdout, BenchMergeJsonOnStandardOutputParsesWhole) {
  std::string dir = cliOutputDir("bench_stdout_merge");
  writeWseShards(dir);
  auto r = runCli("-q bench merge " + dir + "/s2.json " + dir + "/s1.json --json -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json j;
  ASSERT_NO_THROW(j = nlohmann::json::parse(r.out)) << r.out;
  ASSERT_EQ(j["cases"].size(), 2u);
  EXPECT_EQ(j["cases"][0]["case"], "c1");
  EXPECT_EQ(j["merged_shards"], 2);
  EXPECT_NE(r.err.find("merged 2 shards of 2 designs"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("c2 t2"), std::string::npos) << r.err;  // the case table
}

TEST(CliBenchStdout, BenchAieCompareCsvOnStandardOutputLeavesTheTablesOnStandardError) {
  std::string dir = cliOutputDir("bench_stdout_aie");
  std::ofstream(dir + "/a.json") << R"({"label": "manual", "router": "milp", "per_design": [
      {"name": "d1", "topology": "mesh", "flow": "pipelined", "size": "small", "success": true,
       "status": "routed", "route_length": 12, "seconds": 0.25}]})";
  auto r = runCli("-q bench aie --compare " + dir + "/a.json --csv -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto rows = textLines(r.out);
  ASSERT_EQ(rows.size(), 2u) << r.out;
  EXPECT_EQ(rows[0].rfind("design,topology,flow,size,manual+milp status", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1], "d1,mesh,pipelined,small,routed,12,0.250");
  EXPECT_NE(r.err.find("Table II"), std::string::npos) << r.err;
}

TEST(CliBenchStdout, TwoDataOutputsOnStandardOutputAreRefusedBeforeAnyWork) {
  std::string dir = cliOutputDir("bench_stdout_both");
  writeWseShards(dir);
  auto merge = runCli("-q bench merge " + dir + "/s1.json " + dir + "/s2.json --json - --csv -");
  EXPECT_EQ(merge.exitCode, 2);
  EXPECT_NE(merge.err.find("--json and --csv cannot both write to standard output"), std::string::npos) << merge.err;
  EXPECT_TRUE(merge.out.empty()) << merge.out;

  auto aie = runCli("-q bench aie --suite " + dir + "/no_suite --json - --csv -");
  EXPECT_EQ(aie.exitCode, 2);
  EXPECT_NE(aie.err.find("cannot both write to standard output"), std::string::npos) << aie.err;  // not "no_suite"

  // bench wse refuses before placing: the folder's graph is never read.
  std::filesystem::create_directories(dir + "/graphs");
  std::ofstream(dir + "/graphs/broken.kgraph") << "not a kernel graph\n";
  auto wse = runCli("-q bench wse --dir " + dir + "/graphs --json - --csv -");
  EXPECT_EQ(wse.exitCode, 2);
  EXPECT_NE(wse.err.find("cannot both write to standard output"), std::string::npos) << wse.err;
  EXPECT_EQ(wse.err.find("broken.kgraph"), std::string::npos) << wse.err;
}
