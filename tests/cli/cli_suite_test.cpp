// tilestudio-cli suite: generate, the single AIE-ML designs, samples, check, and bad arguments.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;
namespace fs = std::filesystem;

TEST(CliSuite, GenerateWritesTheTableISuite) {
  const std::string dir = cliOutputDir("suite_npu2");
  auto r = runCli("-q suite generate --device npu2 --out " + dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("wrote 202 designs"), std::string::npos) << r.out;
  auto index = nlohmann::json::parse(slurp(dir + "/index.json"));
  ASSERT_EQ(index["designs"].size(), 202u);
  int designs = 0, placements = 0;
  for (const auto& f : fs::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    placements += name.size() > 12 && name.substr(name.size() - 12) == ".manual.yaml";
    designs += name.size() > 5 && name.substr(name.size() - 5) == ".yaml";
  }
  EXPECT_EQ(placements, 202);
  EXPECT_EQ(designs - placements, 202);
  // The written suite passes its own check, and a design passes the general check.
  auto check = runCli("-q suite check " + dir);
  EXPECT_EQ(check.exitCode, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("202 designs checked on npu2: 202 sound"), std::string::npos) << check.out;
  auto one = runCli("check " + dir + "/mesh_f_l_00.yaml --placement " + dir + "/mesh_f_l_00.manual.yaml");
  EXPECT_EQ(one.exitCode, 0) << one.out;
}

TEST(CliSuite, SameSeedSameBytes) {
  const std::string a = cliOutputDir("suite_seed_a"), b = cliOutputDir("suite_seed_b");
  ASSERT_EQ(runCli("-q suite generate --device npu1 --seed 9 --out " + a).exitCode, 0);
  ASSERT_EQ(runCli("-q suite generate --device npu1 --seed 9 --out " + b).exitCode, 0);
  for (const auto& f : fs::directory_iterator(a))
    EXPECT_EQ(slurp(f.path().string()), slurp(b + "/" + f.path().filename().string())) << f.path().filename();
}

TEST(CliSuite, CheckFindsATamperedSuite) {
  const std::string dir = cliOutputDir("suite_tampered");
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + dir).exitCode, 0);
  // Put two cores of a design on one tile.
  const std::string path = dir + "/line_p_s_00.manual.yaml";
  std::string text = slurp(path);
  const auto s1 = text.find("s1: ["), s0 = text.find("s0: [");
  ASSERT_NE(s1, std::string::npos);
  const std::string s0tile = text.substr(s0 + 4, text.find(']', s0) - s0 - 3);
  text.replace(s1 + 4, text.find(']', s1) - s1 - 3, s0tile);
  std::ofstream(path) << text;
  auto r = runCli("-q suite check " + dir);
  EXPECT_EQ(r.exitCode, 1) << r.out;
  EXPECT_NE(r.out.find("line_p_s_00: manual placement"), std::string::npos) << r.out;
}

TEST(CliSuite, Xcve2802GetsTheAieMlDesigns) {
  const std::string dir = cliOutputDir("suite_ml");
  auto r = runCli("-q suite generate --device xcve2802 --out " + dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto index = nlohmann::json::parse(slurp(dir + "/index.json"));
  ASSERT_EQ(index["designs"].size(), 2u);
  EXPECT_EQ(index["designs"][1]["compute_cores"], 223);
  EXPECT_TRUE(index["designs"][1]["needs_mixed_modes"].get<bool>());

  const std::string out = cliOutputDir("suite_one");
  auto cronet = runCli("suite cronet --out " + out + "/cronet.yaml");
  EXPECT_EQ(cronet.exitCode, 0) << cronet.err;
  EXPECT_NE(cronet.out.find("223 compute"), std::string::npos) << cronet.out;
  auto check = runCli("check " + out + "/cronet.yaml");  // placement embedded
  EXPECT_EQ(check.exitCode, 0) << check.out;
  EXPECT_NE(check.out.find("251 placed"), std::string::npos) << check.out;

  auto mlp =
      runCli("suite mlp --layers 8x4,4x8,4x4 --out " + out + "/mlp.yaml --placement " + out + "/mlp.manual.yaml");
  EXPECT_EQ(mlp.exitCode, 0) << mlp.err;
  EXPECT_NE(mlp.out.find("80 compute"), std::string::npos) << mlp.out;
  EXPECT_EQ(runCli("check " + out + "/mlp.yaml --placement " + out + "/mlp.manual.yaml").exitCode, 0);
}

TEST(CliSuite, BundledSamplesAreWhatTheGeneratorWrites) {
  const std::string dir = cliOutputDir("suite_samples");
  auto r = runCli("suite samples --out " + dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  int n = 0;
  for (const auto& f : fs::directory_iterator(dir)) {
    ++n;
    const std::string bundled = ts::test::sourcePath("samples/" + f.path().filename().string());
    ASSERT_TRUE(fs::exists(bundled)) << bundled;
    EXPECT_EQ(slurp(f.path().string()), slurp(bundled))
        << "regenerate with: tilestudio-cli suite samples --out samples";
    EXPECT_EQ(runCli("check " + f.path().string()).exitCode, 0) << f.path();
  }
  EXPECT_EQ(n, 6);
}

TEST(CliSuite, BadArgumentsExitWithTwo) {
  const std::string dir = cliOutputDir("suite_bad");
  EXPECT_EQ(runCli("suite generate --device nosuch --out " + dir).exitCode, 2);
  EXPECT_EQ(runCli("suite generate --device npu2").exitCode, 2);  // --out is required
  EXPECT_EQ(runCli("suite generate --device npu2 --set other --out " + dir).exitCode, 2);
  EXPECT_EQ(runCli("suite generate --device npu2 --seed -3 --out " + dir).exitCode, 2);
  auto aie1 = runCli("suite generate --device xcvc1902 --set table1 --out " + dir);
  EXPECT_EQ(aie1.exitCode, 2);
  EXPECT_NE(aie1.err.find("error: "), std::string::npos) << aie1.err;
  EXPECT_EQ(runCli("suite generate --device xcve2802 --set table1 --out " + dir).exitCode, 2);
  EXPECT_EQ(runCli("suite generate --device npu2 --set ml --out " + dir).exitCode, 2);
  auto layers = runCli("suite mlp --layers 4x --out " + dir + "/m.yaml");
  EXPECT_EQ(layers.exitCode, 2);
  EXPECT_NE(layers.err.find("4x"), std::string::npos) << layers.err;
  EXPECT_EQ(runCli("suite cronet --device npu2 --out " + dir + "/c.yaml").exitCode, 2);
  EXPECT_EQ(runCli("suite check " + dir + "/nowhere").exitCode, 2);
  EXPECT_EQ(runCli("suite").exitCode, 2);
  // A file where the output folder should be.
  std::ofstream(dir + "/file") << "x";
  EXPECT_EQ(runCli("suite generate --device npu2 --out " + dir + "/file").exitCode, 2);
  EXPECT_FALSE(fs::exists(dir + "/m.yaml"));
}

TEST(CliSuite, HelpHasExamples) {
  for (const char* cmd : {"suite", "suite generate", "suite mlp", "suite cronet", "suite samples", "suite check"}) {
    auto r = runCli(std::string(cmd) + " --help");
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("xample"), std::string::npos) << cmd << ": " << r.out;
  }
}

TEST(CliSuite, DeviceWithoutASuiteIsExitCodeTwoWithTheReason) {
  std::string dir = ts::test::cliOutputDir("suite_none");
  auto r = runCli("-q suite generate --device xcvc1902 --out " + dir + "/s");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no benchmark suite fits xcvc1902"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("needs memory tiles"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/s/index.json"));
}
