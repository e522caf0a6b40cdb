// One version everywhere: `tilestudio-cli --version` and every JSON report carry the version
// compiled into the engine from CMake's project(VERSION).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "engine/core/version.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::slurp;

TEST(CliVersion, VersionFlagPrintsTheProjectVersion) {
  auto r = runCli("--version");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, std::string("tilestudio-cli ") + ts::core::version() + "\n");
  EXPECT_NE(std::string(ts::core::version()).find('.'), std::string::npos);
}

TEST(CliVersion, ReportsCarryTheVersion) {
  const std::string dir = cliOutputDir("version");
  auto r = runCli("-q place " TS_SOURCE_DIR "/samples/edge_detect.yaml --placer sequential --out " + dir +
                  "/p.yaml --report " + dir + "/r.json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(dir + "/r.json"))["version"], ts::core::version());
}
