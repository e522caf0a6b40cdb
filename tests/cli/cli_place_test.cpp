// tilestudio-cli place: runs the placers as a user would.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "cli_runner.h"

using ts::test::runCli;

TEST(CliPlace, EveryPlacerWritesALegalPlacementAndAReport) {
  std::string dir = ts::test::cliOutputDir("place");
  std::string design = ts::test::writeChainDesign(dir, "npu2", 5, 3);
  for (const char* placer : {"sequential", "sa"}) {
    std::string out = dir + "/" + placer + ".yaml", report = dir + "/" + placer + ".json";
    auto r = runCli("-q place " + design + " --placer " + placer + " --seed 3 --out " + out + " --report " + report);
    ASSERT_EQ(r.exitCode, 0) << placer << ": " << r.out << r.err;
    auto j = nlohmann::json::parse(ts::test::slurp(report));
    EXPECT_TRUE(j["success"].get<bool>());
    EXPECT_EQ(j["placer"], placer);
    EXPECT_GT(j["estimate"]["estimated_runtime_us"].get<double>(), 0);
    EXPECT_NE(j["estimate"]["note"].get<std::string>().find("not measured"), std::string::npos);
    // The placement file passes the checker and keeps the pin.
    auto check = runCli("check " + design + " --placement " + out);
    EXPECT_EQ(check.exitCode, 0) << check.out;
    EXPECT_NE(ts::test::slurp(out).find("c: {tile: [5, 3], pinned: true}"), std::string::npos) << ts::test::slurp(out);
  }
}

TEST(CliPlace, IncrementalRunStartsFromAPlacement) {
  std::string dir = ts::test::cliOutputDir("place_from");
  std::string design = ts::test::writeChainDesign(dir, "npu2", 5, 3);
  ASSERT_EQ(runCli("-q place " + design + " --placer sa --out " + dir + "/p1.yaml").exitCode, 0);
  auto r = runCli("-q place " + design + " --placer sa --cost bb --from " + dir + "/p1.yaml --out " + dir +
                  "/p2.yaml --report -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["success"].get<bool>());
}

TEST(CliPlace, BadInputIsExitCodeTwo) {
  std::string dir = ts::test::cliOutputDir("place_bad");
  std::string design = ts::test::writeChainDesign(dir, "npu2", 5, 3);
  auto unknown = runCli("place " + design + " --placer nosuch --out " + dir + "/x.yaml");
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_NE(unknown.err.find("unknown placer 'nosuch'"), std::string::npos) << unknown.err;
  auto setting = runCli("place " + design + " --placer sa --set kappa=abc --out " + dir + "/x.yaml");
  EXPECT_EQ(setting.exitCode, 2);
  EXPECT_NE(setting.err.find("kappa"), std::string::npos) << setting.err;
  auto cost = runCli("place " + design + " --placer sa --cost nosuch --out " + dir + "/x.yaml");
  EXPECT_EQ(cost.exitCode, 2);
  // A failed placement is exit code 1 and still writes its best attempt.
  auto none = runCli("place " + design + " --placer blocks --out " + dir + "/b.yaml");
  EXPECT_EQ(none.exitCode, 1);
  EXPECT_NE(none.out.find("no layers"), std::string::npos) << none.out;
}

TEST(CliPlace, HelpHasAnExample) {
  auto r = runCli("place --help");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("Example"), std::string::npos);
  auto list = runCli("place x.yaml --placer sa --list-settings");
  EXPECT_EQ(list.exitCode, 0);
  EXPECT_NE(list.out.find("kappa"), std::string::npos);
}

TEST(CliPlace, CheckNamesADesignTooLargeForItsDevice) {
  // edge_detect's two mem cores on Versal AIE, which has no memory tiles: not "OK".
  auto r = runCli("check " + ts::test::sourcePath("samples/edge_detect.yaml") + " --device xcvc1902");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("problem: the design has 2 mem cores but xcvc1902 has no memory tiles"), std::string::npos)
      << r.out;
  EXPECT_EQ(runCli("check " + ts::test::sourcePath("samples/edge_detect.yaml")).exitCode, 0);
}
