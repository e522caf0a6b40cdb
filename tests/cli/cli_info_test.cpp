#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

using ts::test::runCli;

TEST(CliInfo, JsonHasTheDeviceFacts) {
  auto r = runCli("info --device npu2 --json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["name"], "npu2");
  EXPECT_EQ(j["columns"], 8);
  EXPECT_EQ(j["rows"], 6);
  EXPECT_EQ(j["tiles"]["compute"], 32);
  EXPECT_EQ(j["tiles"]["mem"], 8);
  EXPECT_EQ(j["tiles"]["shim"], 8);
  EXPECT_EQ(j["resources"]["mem"]["dma_out"], 6);
  EXPECT_EQ(j["resources"]["compute"]["memory_bytes"], 65536);
}

TEST(CliInfo, VersalAie1HasNoMemoryTiles) {
  auto r = runCli("info --device xcvc1902 --json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["tiles"]["compute"], 400);
  EXPECT_EQ(j["tiles"]["mem"], 0);
  EXPECT_FALSE(j["resources"].contains("mem"));
}

TEST(CliInfo, UnknownDeviceIsExitCodeTwo) {
  auto r = runCli("info --device nosuch");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("unknown device 'nosuch'"), std::string::npos) << r.err;
}

TEST(CliInfo, EveryCommandHasHelpWithAnExample) {
  for (const char* cmd : {"info", "check"}) {
    auto r = runCli(std::string(cmd) + " --help");
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("xample"), std::string::npos) << cmd << ": " << r.out;
  }
}
