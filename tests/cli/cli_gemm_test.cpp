// tilestudio-cli gemm plan and bench gemm-tables: bad input, JSON, the written design.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "engine/aie/io/design_yaml.h"
#include "tests/cli/cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;

namespace {
const std::string kPlan = "gemm plan --device npu1 --precision int8-int8 --m 512 --k 512 --n 512 ";

int lines(const std::string& s) {
  return int(std::count(s.begin(), s.end(), '\n'));
}
}  // namespace

TEST(CliGemm, BadInputExitsTwoWithOneLine) {
  for (const std::string args :
       {"gemm plan --device npu3 --precision int8-int8 --m 64 --k 64 --n 64",
        "gemm plan --device npu2 --precision fp8 --m 64 --k 64 --n 64",
        "gemm plan --device npu2 --precision bf16-bf16 --m 0 --k 64 --n 64",
        "gemm plan --device npu2 --precision bf16-bf16 --m 64 --k -5 --n 64",
        "gemm plan --device npu2 --precision bf16-bf16 --m 64 --k 64 --n 4294967297",
        "gemm plan --device npu2 --precision bf16-bf16 --m 64 --k 64 --n 99999999999999999999",
        "gemm plan --device npu2 --precision bf16-bf16 --m 64 --k 64 --n 64 --b-layout diagonal",
        "gemm plan --device npu2 --precision bf16-bf16 --m 64 --k 64 --n 64 --candidates all"}) {
    const auto r = runCli(args);
    EXPECT_EQ(r.exitCode, 2) << args;
    EXPECT_EQ(lines(r.err), 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  }
}

TEST(CliGemm, JsonParsesAndListsRankedModelFigures) {
  const std::string dir = cliOutputDir("gemm_json");
  const auto r = runCli(kPlan + "--b-layout row --top 4 --json " + dir + "/plan.json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("model figures"), std::string::npos);
  const auto j = nlohmann::json::parse(slurp(dir + "/plan.json"));
  EXPECT_EQ(j["request"]["b_layout"], "row");
  ASSERT_EQ(j["candidates"].size(), 4u);
  EXPECT_GT(j["feasible_kernels"].get<int>(), 4);
  double previous = 1e30;
  for (const auto& c : j["candidates"]) {
    EXPECT_LE(c["model_predicted_tops"].get<double>(), previous);
    previous = c["model_predicted_tops"].get<double>();
    for (const char* key : {"model_macs_per_cycle", "l1_bytes", "l2_bytes", "model_peak_compute_tops", "padded",
                            "arithmetic_intensity_ops_per_byte", "bound"})
      EXPECT_TRUE(c.contains(key)) << key;
  }
  EXPECT_GT(j["roofline"]["peak_tops"].get<double>(), 0);
  // Stdout JSON only.
  const auto s = runCli(kPlan + "--top 2 --json -");
  ASSERT_EQ(s.exitCode, 0) << s.err;
  EXPECT_EQ(nlohmann::json::parse(s.out)["candidates"].size(), 2u);
}

TEST(CliGemm, DesignIsWrittenAndLoads) {
  const std::string dir = cliOutputDir("gemm_design");
  const auto r = runCli(kPlan + "--top 3 --design " + dir + "/gemm.yaml --design-rank 2");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("placement legal"), std::string::npos) << r.out;
  const auto f = ts::aie::loadDesignYaml(dir + "/gemm.yaml");
  EXPECT_EQ(f.design.countCores(ts::aie::CoreKind::Compute), 16);
  EXPECT_EQ(runCli(kPlan + "--top 3 --design " + dir + "/x.yaml --design-rank 0").exitCode, 2);
}

TEST(CliGemm, PaperTablesComparisonListsSixteenRows) {
  const auto r = runCli("bench gemm-tables --json -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["rows"].size(), 16u);
  for (const auto& row : j["rows"]) EXPECT_FALSE(row["planned"].is_null()) << row["kernel"];
}
