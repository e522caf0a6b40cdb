// Outputs are checked before any work (a missing folder or an unknown format is exit 2 at once,
// not after a long run), --version, and the version field of every JSON report.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

using namespace ts::test;

TEST(CliOutputs, BadOutputPathsAndFormatsStopBeforeAnyWork) {
  const std::string design = sourcePath("samples/cronet_xcve2802.yaml");  // minutes of work if it started
  struct Case {
    std::string args, message;
  } cases[] = {
      {"pnr " + design + " --placer sa --out missing_folder/x.yaml", "folder 'missing_folder' does not exist"},
      {"place " + design + " --placer sa --out x.txt", "unknown placement format '.txt'"},
      {"place " + design + " --placer sa --out x.yaml --report missing_folder/r.json", "does not exist"},
      {"place " + design + " --placer sa --out x.yaml --vitis-constraints c.txt", "must end in .json"},
      {"route " + design + " --out x.yaml --lp model.txt", "--lp must end in .lp or .mps"},
      {"bench wse --dir " + sourcePath("samples/wse") + " --json missing_folder/b.json", "does not exist"},
  };
  for (const Case& c : cases) {
    auto t0 = std::chrono::steady_clock::now();
    CliResult r = runCli(c.args + " -q");
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.exitCode, 2) << c.args << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
    EXPECT_LT(seconds, 10) << c.args;
  }
}

TEST(CliOutputs, VersionFlagAndTheVersionOfEveryReport) {
  CliResult v = runCli("--version");
  ASSERT_EQ(v.exitCode, 0);
  EXPECT_EQ(v.out.rfind("tilestudio-cli ", 0), 0u) << v.out;
  const std::string version = v.out.substr(15, v.out.find('\n') - 15);
  EXPECT_FALSE(version.empty());
  const std::string dir = cliOutputDir("outputs");
  CliResult p = runCli("place " + sourcePath("samples/edge_detect.yaml") + " --placer sequential --out " + dir +
                       "/p.yaml --report " + dir + "/r.json -q");
  ASSERT_EQ(p.exitCode, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir + "/r.json"))["version"], version);
  CliResult c = runCli("check " + sourcePath("samples/edge_detect.yaml") + " --json");
  EXPECT_EQ(nlohmann::json::parse(c.out)["version"], version);
}
