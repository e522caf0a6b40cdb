// bench aie / bench wse --shard K/N run by GNU parallel (as a cluster job array would run them),
// joined by bench merge: the joined output equals one unsharded run's, timings aside.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "cli_runner.h"

using nlohmann::json;
using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::sharedData;
using ts::test::slurp;

namespace {

/// The output without what differs from run to run (seconds, moves per second, job counts).
json withoutTimings(const json& j) {
  static const std::set<std::string> timing{"seconds",        "place_seconds",     "route_seconds",   "moves_per_s",
                                            "median_seconds", "total_seconds",     "wall_seconds",    "jobs",
                                            "merged_shards",  "incumbent_seconds", "dataflow_seconds"};
  if (j.is_object()) {
    json out = json::object();
    for (const auto& [key, value] : j.items())
      if (!timing.count(key)) out[key] = withoutTimings(value);
    return out;
  }
  if (j.is_array()) {
    json out = json::array();
    for (const auto& value : j) out.push_back(withoutTimings(value));
    return out;
  }
  return j;
}

/// Runs `cliArgs --shard {}/3 --json DIR/shard{}.json` for shards 1..3 with GNU parallel.
int runShardsWithParallel(const std::string& cliArgs, const std::string& dir) {
  std::string cmd = "parallel --will-cite --halt never " + std::string(TS_CLI_PATH) + " " + cliArgs +
                    " --shard {}/3 --json " + dir + "/shard{}.json ::: 1 2 3 >" + dir + "/parallel.log 2>&1";
  int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// `bench merge ARGS`, which prints the aie tables (exit code 0, or 1 when `someFail`).
ts::test::CliResult mergePrintingTables(const std::string& args, bool someFail = false) {
  auto merged = runCli("-q bench merge " + args);
  EXPECT_LE(merged.exitCode, someFail ? 1 : 0) << merged.err;
  EXPECT_NE(merged.out.find("Table II"), std::string::npos) << merged.out;
  EXPECT_NE(merged.out.find("Success per category"), std::string::npos) << merged.out;
  return merged;
}

/// The names of a run's designs, in order.
std::vector<std::string> designNames(const json& run) {
  std::vector<std::string> names;
  for (const json& d : run["per_design"]) names.push_back(d["name"]);
  return names;
}

}  // namespace

TEST(CliBenchShard, AieShardsRunByGnuParallelMergeIntoTheSingleRun) {
  std::string dir = cliOutputDir("bench_shard_aie");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir + "/suite").exitCode, 0);
  const std::string args =
      "-q bench aie --suite " + dir + "/suite --limit 7 --placer manual,sa --router milp --time-limit 20";
  ASSERT_EQ(runCli(args + " --json " + dir + "/single.json").exitCode, 0);
  ASSERT_EQ(runShardsWithParallel(args, dir), 0) << slurp(dir + "/parallel.log");
  // Shard 2 of 7 designs split 3 ways holds designs 2 and 5.
  json shard2 = json::parse(slurp(dir + "/shard2.json"));
  ASSERT_EQ(shard2["runs"][0]["per_design"].size(), 2u);
  EXPECT_EQ(shard2["shard"], json({{"index", 2}, {"count", 3}, {"designs_total", 7}}));
  mergePrintingTables(dir + "/shard3.json " + dir + "/shard1.json " + dir + "/shard2.json --json " + dir +
                      "/merged.json --csv " + dir + "/merged.csv");
  json single = json::parse(slurp(dir + "/single.json")), joined = json::parse(slurp(dir + "/merged.json"));
  EXPECT_EQ(joined["merged_shards"], 3);
  EXPECT_EQ(withoutTimings(joined), withoutTimings(single));
  // The merge's CSV is the joined runs' (as bench aie --compare writes it): 7 designs, 2 runs.
  ASSERT_EQ(runCli("-q bench aie --compare " + dir + "/merged.json --csv " + dir + "/compare.csv").exitCode, 0);
  const std::string mergedCsv = slurp(dir + "/merged.csv");
  EXPECT_EQ(mergedCsv, slurp(dir + "/compare.csv"));
  EXPECT_EQ(std::count(mergedCsv.begin(), mergedCsv.end(), '\n'), 8);
  // The tables come from the same data: bench aie --compare prints them alike for both files.
  auto a = runCli("bench aie --compare " + dir + "/single.json"),
       b = runCli("bench aie --compare " + dir + "/merged.json");
  EXPECT_EQ(a.out.substr(a.out.find("Success per category")), b.out.substr(b.out.find("Success per category")));

  // A design a run failed makes the merge exit 1, like bench aie; the output is still written.
  shard2["runs"][1]["per_design"][0]["success"] = false;
  std::ofstream(dir + "/failed2.json") << shard2.dump();
  auto failed = runCli("-q bench merge " + dir + "/shard1.json " + dir + "/failed2.json " + dir +
                       "/shard3.json --json " + dir + "/failed.json");
  EXPECT_EQ(failed.exitCode, 1) << failed.err;
  json withFailure = json::parse(slurp(dir + "/failed.json"));
  EXPECT_EQ(withFailure["runs"][0]["succeeded"], 7);
  EXPECT_EQ(withFailure["runs"][1]["succeeded"], 6);
}

TEST(CliBenchShard, PartialMergeJoinsEachRunOverTheShardsThatHoldIt) {
  std::string dir = cliOutputDir("bench_shard_partial");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir + "/suite").exitCode, 0);
  const std::string suite = "-q bench aie --suite " + dir + "/suite --limit 7 --time-limit 20";
  const std::string milp = suite + " --placer manual,sa --router milp";
  ASSERT_EQ(runCli(milp + " --json " + dir + "/single.json").exitCode, 0);
  for (int k : {1, 3})
    ASSERT_EQ(
        runCli(milp + " --shard " + std::to_string(k) + "/3 --json " + dir + "/milp" + std::to_string(k) + ".json")
            .exitCode,
        0);
  // Another run on the missing shard, as a separate sweep's file.
  ASSERT_LE(runCli(suite + " --placer manual --router pathfinder --shard 2/3 --json " + dir + "/pf2.json").exitCode, 1);

  auto whole = runCli("-q bench merge " + dir + "/milp1.json " + dir + "/milp3.json");
  EXPECT_EQ(whole.exitCode, 2);
  EXPECT_NE(whole.err.find("shard 2/3 is missing (bench merge --partial"), std::string::npos) << whole.err;

  auto merged = mergePrintingTables(
      "--partial " + dir + "/pf2.json " + dir + "/milp3.json " + dir + "/milp1.json --json " + dir + "/partial.json",
      true);
  EXPECT_NE(merged.out.find("merged all 3 shards of 7 designs"), std::string::npos) << merged.out;
  json joined = json::parse(slurp(dir + "/partial.json")), single = json::parse(slurp(dir + "/single.json"));
  EXPECT_EQ(joined["partial"], json({{"shards", {1, 2, 3}}, {"count", 3}, {"designs_total", 7}}));
  ASSERT_EQ(joined["runs"].size(), 3u);
  // Shards 1 and 3 of 7 designs hold designs 0, 3, 6 and 2, 5: in the full list's order, each
  // as the single run has it.
  for (size_t r = 0; r < 2; ++r) {
    const json& run = joined["runs"][r];  // runs in order of first appearance, files by shard
    EXPECT_EQ(run["shards"], json({1, 3}));
    ASSERT_EQ(run["per_design"].size(), 5u);
    EXPECT_EQ(run["placer"], single["runs"][r]["placer"]);
    size_t j = 0;
    for (size_t i : {0, 2, 3, 5, 6})
      EXPECT_EQ(withoutTimings(run["per_design"][j++]), withoutTimings(single["runs"][r]["per_design"][i])) << i;
  }
  const json& pf = joined["runs"][2];
  EXPECT_EQ(pf["router"], "pathfinder");
  EXPECT_EQ(pf["shards"], json({2}));
  EXPECT_EQ(designNames(pf),
            std::vector<std::string>({designNames(single["runs"][0])[1], designNames(single["runs"][0])[4]}));
  EXPECT_EQ(runCli("-q bench aie --compare " + dir + "/partial.json").exitCode, 0);

  // A run given twice in one file pairs with the other file's runs by its order.
  ASSERT_EQ(
      runCli(suite + " --placer manual,manual --router pathfinder --shard 1/3 --json " + dir + "/twice1.json").exitCode,
      0);
  ASSERT_LE(
      runCli("-q bench merge --partial " + dir + "/twice1.json " + dir + "/pf2.json --json " + dir + "/twice.json")
          .exitCode,
      1);
  json pair = json::parse(slurp(dir + "/twice.json"));
  ASSERT_EQ(pair["runs"].size(), 2u);
  EXPECT_EQ(pair["runs"][0]["shards"], json({1, 2}));
  EXPECT_EQ(pair["runs"][1]["shards"], json({1}));
  auto sample = runCli("-q bench aie --compare " + dir + "/twice.json");
  EXPECT_EQ(sample.exitCode, 0);
  EXPECT_NE(sample.out.find("twice.json: a part of a sweep, shards [1,2] of 3 (7 designs in all)"), std::string::npos)
      << sample.out;

  auto twice = runCli("-q bench merge --partial " + dir + "/milp1.json " + dir + "/milp1.json");
  EXPECT_EQ(twice.exitCode, 2);
  EXPECT_NE(twice.err.find("shard 1/3 of manual + milp is also in"), std::string::npos) << twice.err;
}

TEST(CliBenchShard, WseShardsMergeIntoTheSingleRun) {
  std::string dir = cliOutputDir("bench_shard_wse");
  std::filesystem::create_directories(dir + "/graphs");
  for (int layers : {4, 6, 8, 10})
    ASSERT_EQ(runCli("-q wse generate fcnet --layers " + std::to_string(layers) + " --out " + dir + "/graphs/fc" +
                     std::to_string(layers) + ".kgraph")
                  .exitCode,
              0);
  const std::string args = "-q bench wse --dir " + dir + "/graphs --algo cupoker --effort 0.1 --threads 1";
  ASSERT_EQ(runCli(args + " --json " + dir + "/single.json").exitCode, 0);
  ASSERT_EQ(runShardsWithParallel(args, dir), 0) << slurp(dir + "/parallel.log");
  auto merged = runCli("-q bench merge " + dir + "/shard1.json " + dir + "/shard2.json " + dir +
                       "/shard3.json --json " + dir + "/merged.json");
  ASSERT_EQ(merged.exitCode, 0) << merged.err;
  EXPECT_NE(merged.out.find("fc10"), std::string::npos) << merged.out;
  json single = json::parse(slurp(dir + "/single.json")), joined = json::parse(slurp(dir + "/merged.json"));
  EXPECT_EQ(withoutTimings(joined), withoutTimings(single));
  // Shards 1 and 3 only: cases 0, 3 and 2, in the full list's order.
  auto partial = runCli("-q bench merge --partial " + dir + "/shard3.json " + dir + "/shard1.json --json " + dir +
                        "/partial.json");
  ASSERT_EQ(partial.exitCode, 0) << partial.err;
  EXPECT_NE(partial.out.find("merged shards 1, 3 of 3 (a part of 4 designs"), std::string::npos) << partial.out;
  json part = json::parse(slurp(dir + "/partial.json"));
  ASSERT_EQ(part["cases"].size(), 3u);
  const size_t fullIndex[] = {0, 2, 3};
  for (size_t j = 0; j < 3; ++j)
    EXPECT_EQ(withoutTimings(part["cases"][j]), withoutTimings(single["cases"][fullIndex[j]])) << j;
  EXPECT_EQ(part["partial"]["shards"], json({1, 3}));
}

TEST(CliBenchShard, BadShardsAndIncompleteMergesAreExitCodeTwo) {
  std::string dir = cliOutputDir("bench_shard_bad");
  std::filesystem::create_directories(dir + "/graphs");
  ASSERT_EQ(runCli("-q wse generate fcnet --layers 4 --out " + dir + "/graphs/fc4.kgraph").exitCode, 0);
  for (const char* bad : {"0/3", "4/3", "2", "a/b"}) {
    auto r = runCli("-q bench wse --dir " + dir + "/graphs --shard " + bad);
    EXPECT_EQ(r.exitCode, 2) << bad;
    EXPECT_NE(r.err.find("--shard: expected K/N"), std::string::npos) << r.err;
  }
  const std::string args = "-q bench wse --dir " + dir + "/graphs --effort 0.1 --threads 1";
  ASSERT_EQ(runCli(args + " --shard 1/2 --json " + dir + "/s1.json").exitCode, 0);
  ASSERT_EQ(runCli(args + " --json " + dir + "/whole.json").exitCode, 0);
  auto missing = runCli("-q bench merge " + dir + "/s1.json");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("shard 2/2 is missing"), std::string::npos) << missing.err;
  auto twice = runCli("-q bench merge " + dir + "/s1.json " + dir + "/s1.json");
  EXPECT_EQ(twice.exitCode, 2);
  EXPECT_NE(twice.err.find("is also in"), std::string::npos) << twice.err;
  auto unsharded = runCli("-q bench merge " + dir + "/whole.json");
  EXPECT_EQ(unsharded.exitCode, 2);
  EXPECT_NE(unsharded.err.find("not the output of a sharded bench run"), std::string::npos) << unsharded.err;
}

// Hand-edited reports: a field of the wrong type is bad input (exit 2), not an internal error.
TEST(CliBenchShard, WrongTypedReportFieldsAreExitCodeTwo) {
  std::string dir = cliOutputDir("bench_wrong_types");
  std::ofstream(dir + "/shard.json") << R"({"shard": {"index": "1", "count": 2, "designs_total": 4}})";
  std::ofstream(dir + "/report.json") << R"({"runs": [{"per_design": [{"name": 5, "success": true}]}]})";
  std::ofstream(dir + "/overflow.json") << "{\"runs\": [],\n \"wall_seconds\": 1e999}";
  auto merge = runCli("-q bench merge " + dir + "/shard.json " + dir + "/shard.json");
  EXPECT_EQ(merge.exitCode, 2);
  EXPECT_NE(merge.err.find("shard.json:1:1: shard: index, count and designs_total must be whole numbers"),
            std::string::npos)
      << merge.err;
  auto compare = runCli("-q bench aie --compare " + dir + "/report.json");
  EXPECT_EQ(compare.exitCode, 2);
  EXPECT_NE(compare.err.find("report.json:1: per_design 0: expected an object with a string name"), std::string::npos)
      << compare.err;
  auto overflow = runCli("-q bench aie --compare " + dir + "/overflow.json");
  EXPECT_EQ(overflow.exitCode, 2);
  EXPECT_NE(overflow.err.find("overflow.json:2:18: JSON value refused: number overflow"), std::string::npos)
      << overflow.err;
}

TEST(CliBenchShard, SlurmArrayScriptRunsOneShardPerTaskAndSubmitsTheMergeOnce) {
  // Slurm is not here: each array task is run as Slurm would run it (its environment), with an
  // sbatch stand-in that records the merge job the first task submits; that job is then run.
  std::string dir = cliOutputDir("bench_shard_slurm");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir + "/suite").exitCode, 0);
  std::filesystem::create_directories(dir + "/bin");
  std::ofstream(dir + "/bin/sbatch") << "#!/usr/bin/env bash\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \""
                                     << dir << "/sbatch.log\"\n";
  std::filesystem::permissions(dir + "/bin/sbatch", std::filesystem::perms::owner_all);
  const std::string out = dir + "/results";
  for (int task = 3; task <= 5; ++task) {  // an array numbered 3-5 still gives shards 1/3..3/3
    std::string cmd =
        "PATH=" + dir + "/bin:$PATH SUITE=" + dir + "/suite OUT=" + out + " TS_CLI=" + TS_CLI_PATH +
        " BENCH_ARGS='--limit 5 --placer manual --router milp' SLURM_ARRAY_TASK_ID=" + std::to_string(task) +
        " SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=5 SLURM_ARRAY_JOB_ID=77 "
        "bash " +
        ts::test::sourcePath("tools/slurm/bench_aie.sbatch") + " >>" + dir + "/tasks.log 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << slurp(dir + "/tasks.log");
  }
  for (int k = 1; k <= 3; ++k) EXPECT_TRUE(std::filesystem::exists(out + "/shard_" + std::to_string(k) + ".json"));
  std::string log = slurp(dir + "/sbatch.log");
  EXPECT_NE(log.find("--dependency=afterany:77"), std::string::npos) << log;
  size_t wrap = log.find("--wrap=");
  ASSERT_NE(wrap, std::string::npos) << log;
  EXPECT_EQ(log.find("--wrap=", wrap + 1), std::string::npos) << "the merge was submitted twice";
  std::string mergeJob = log.substr(wrap + 7, log.find('\n', wrap) - wrap - 7);
  ASSERT_EQ(std::system(("bash -c '" + mergeJob + "'").c_str()), 0) << mergeJob;
  json merged = json::parse(slurp(out + "/merged.json"));
  EXPECT_EQ(merged["designs"], 5);
  EXPECT_EQ(merged["merged_shards"], 3);
  EXPECT_NE(slurp(out + "/tables.txt").find("Table II"), std::string::npos);
  std::string csv = slurp(out + "/per_design.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 6) << csv;  // a header and five designs
  EXPECT_EQ(csv.rfind("design,topology,flow,size,manual+milp status,", 0), 0u) << csv;
}
