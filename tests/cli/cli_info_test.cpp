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

TEST(CliInfo, MemoryUsesAreCountedAndCheckedOutOfReach) {
  // A core using its owner's memory from east of it: out of an AIE2 core's reach.
  const std::string dir = ts::test::cliOutputDir("memory_uses");
  std::ofstream(dir + "/uses.yaml") << "design: uses\ndevice: npu1\ncores:\n  - {name: owner, pin: [1, 3]}\n"
                                       "  - {name: user}\nmemory_uses:\n  - [user, owner]\nplacement:\n"
                                       "  owner: [1, 3]\n  user: [2, 3]\n";
  auto info = runCli("info " + dir + "/uses.yaml --json");
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["modules"][0]["memory_uses"], 1);
  auto near = runCli("check " + dir + "/uses.yaml");
  EXPECT_EQ(near.exitCode, 0) << near.out << near.err;
  EXPECT_NE(near.out.find("0 cascades, 1 memory uses, 2 placed"), std::string::npos) << near.out;
  std::ofstream(dir + "/far.yaml") << "design: far\ndevice: npu1\ncores:\n  - {name: owner, pin: [1, 3]}\n"
                                      "  - {name: user}\nmemory_uses:\n  - [user, owner]\nplacement:\n"
                                      "  owner: [1, 3]\n  user: [0, 3]\n";
  auto far = runCli("check " + dir + "/far.yaml");
  EXPECT_EQ(far.exitCode, 1);
  EXPECT_NE(far.out.find("memory use 'user' -> 'owner': the memory of (1,3) is not one that a core at (0,3) reaches"),
            std::string::npos)
      << far.out;
}
