// tilestudio-cli wse place / eval / generate and bench wse, run as a user would.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

using ts::test::cliOutputDir;
using ts::test::runCli;
using ts::test::sharedData;
using ts::test::slurp;

TEST(CliWse, PlaceWritesALegalSolutionThatEvalConfirms) {
  std::string dir = cliOutputDir("wse_place");
  std::string graph = sharedData("ispd20/benchmarks/A.kgraph");
  auto r = runCli("-q wse place " + graph + " --algo cupoker --threads 2 --effort 0.1 --out " + dir +
                  "/A.paint --report " + dir + "/A.json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto report = nlohmann::json::parse(slurp(dir + "/A.json"));
  EXPECT_TRUE(report["found"].get<bool>());
  EXPECT_TRUE(report["evaluation"]["legal"].get<bool>());
  EXPECT_EQ(report["evaluation"]["mt"].get<double>(), 34496);
  EXPECT_LT(report["ratio_to_cupoker"].get<double>(), 1.05);
  auto e = runCli("wse eval " + graph + " " + dir + "/A.paint --json");
  ASSERT_EQ(e.exitCode, 0) << e.err;
  auto j = nlohmann::json::parse(e.out);
  EXPECT_TRUE(j["legal"].get<bool>());
  EXPECT_EQ(j["score"].get<double>(), report["evaluation"]["score"].get<double>());
  EXPECT_EQ(j["ac"].get<long long>(), report["evaluation"]["ac"].get<long long>());
}

TEST(CliWse, EvalJsonReproducesTheThirdPartySolution) {
  auto r = runCli("wse eval " + sharedData("ispd20/benchmarks/D.kgraph") + " " +
                  sharedData("ispd20/solutions/D_searsm8_ex_placement.paint") + " --json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mt"].get<double>(), 56448);
  EXPECT_EQ(j["wl"].get<double>(), 5443.5);
  EXPECT_EQ(j["ac"].get<long long>(), 62);
  EXPECT_EQ(j["problems"].size(), 0u);
}

TEST(CliWse, EvalOfAnIllegalSolutionIsExitCodeOne) {
  std::string dir = cliOutputDir("wse_illegal");
  std::string graph = sharedData("ispd20/samples/conv.kgraph");
  std::ofstream(dir + "/overlap.paint") << "k1 = conv( 14 14 1024 1024 1 1 1 1 1 1 8 8 )\nk1 : place(0 0 R0)\n"
                                           "k2 = conv( 14 14 1024 1024 3 3 1 1 1 1 8 8 )\nk2 : place(5 5 R0)\n";
  auto r = runCli("wse eval " + graph + " " + dir + "/overlap.paint --json");
  EXPECT_EQ(r.exitCode, 1) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_FALSE(j["legal"].get<bool>());
  bool overlap = false;
  for (const auto& p : j["problems"]) overlap = overlap || p["code"] == "overlap";
  EXPECT_TRUE(overlap) << r.out;
}

TEST(CliWse, MalformedInputIsExitCodeTwoWithTheLine) {
  std::string dir = cliOutputDir("wse_malformed");
  std::ofstream(dir + "/bad.kgraph") << "(*\ntest=t\n*)\nconv[1] W=8 H=8 R=1 S=1 C=16 K=sixteen T=1\n";
  auto r = runCli("wse place " + dir + "/bad.kgraph --out " + dir + "/x.paint");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("error: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bad.kgraph:4:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/x.paint"));
  std::ofstream(dir + "/bad.paint") << "k1 = conv( 14 14 1024 1024 1 1 1 1 1 1 8 8 )\nk1 : place(0 0 R7)\n";
  auto e = runCli("wse eval " + sharedData("ispd20/samples/conv.kgraph") + " " + dir + "/bad.paint");
  EXPECT_EQ(e.exitCode, 2);
  EXPECT_NE(e.err.find("bad.paint:2:"), std::string::npos) << e.err;
}

TEST(CliWse, GenerateThenPlaceWithEachBaseline) {
  std::string dir = cliOutputDir("wse_generate");
  auto g = runCli("-q wse generate resnet50 --coarse --feature-div 16 --weights 1,4,0 --out " + dir + "/lean.kgraph");
  ASSERT_EQ(g.exitCode, 0) << g.err;
  std::string text = slurp(dir + "/lean.kgraph");
  EXPECT_NE(text.find("wlength=4"), std::string::npos);
  EXPECT_NE(text.find("cblock["), std::string::npos);
  for (const char* algo : {"dnc", "tbs-sa"}) {
    auto r = runCli(std::string("-q wse place ") + dir + "/lean.kgraph --algo " + algo +
                    " --effort 0.02 --seed 3 --out " + dir + "/" + algo + ".paint");
    ASSERT_EQ(r.exitCode, 0) << algo << ": " << r.err;
    auto e = runCli("wse eval " + dir + "/lean.kgraph " + dir + "/" + algo + ".paint --json");
    EXPECT_EQ(e.exitCode, 0) << algo << ": " << e.out;
  }
  auto bad = runCli("wse generate unet --coarse --out " + dir + "/x.kgraph");
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("ResNets only"), std::string::npos) << bad.err;
}

TEST(CliWse, GraphThatCannotFitTheFabricIsExitCodeTwoWithTheReason) {
  std::string dir = cliOutputDir("wse_too_big");
  ASSERT_EQ(runCli("-q wse generate fcnet --layers 440 --out " + dir + "/fc440.kgraph").exitCode, 0);
  auto r = runCli("-q wse place " + dir + "/fc440.kgraph --threads 2 --out " + dir + "/fc440.paint");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("the 440 kernels cannot fit the 633x633 fabric"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/fc440.paint"));
}

TEST(CliWse, BenchWseReportsEveryCase) {
  std::string dir = cliOutputDir("wse_bench");
  std::filesystem::create_directories(dir + "/graphs");
  ASSERT_EQ(runCli("-q wse generate fcnet --layers 6 --out " + dir + "/graphs/fc6.kgraph").exitCode, 0);
  ASSERT_EQ(runCli("-q wse generate resnet50 --coarse --feature-div 16 --out " + dir + "/graphs/lean.kgraph").exitCode,
            0);
  auto r = runCli("-q bench wse --dir " + dir + "/graphs --algo cupoker --effort 0.1 --threads 2 --json " + dir +
                  "/bench.json --out-dir " + dir + "/solutions");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(slurp(dir + "/bench.json"));
  ASSERT_EQ(j["cases"].size(), 2u);
  EXPECT_TRUE(j["all_legal"].get<bool>());
  for (const auto& c : j["cases"]) {
    EXPECT_TRUE(c["legal"].get<bool>());
    EXPECT_GT(c["score"].get<double>(), 0);
  }
  EXPECT_TRUE(std::filesystem::exists(dir + "/solutions/fc6.paint"));
  EXPECT_NE(r.out.find("fc6"), std::string::npos);
}

TEST(CliWse, EverySubcommandHasHelpWithAnExample) {
  for (const char* cmd : {"wse", "wse place", "wse eval", "wse generate", "bench", "bench wse"}) {
    auto r = runCli(std::string(cmd) + " --help");
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("xample"), std::string::npos) << cmd << ": " << r.out;
  }
}

TEST(CliWse, PlaceHonoursPinsFromAPartialPaintAndStartsFromALayout) {
  std::string dir = cliOutputDir("wse_pins");
  std::string graph = sharedData("ispd20/benchmarks/E.kgraph");
  auto first = runCli("-q wse place " + graph + " --threads 2 --effort 0.1 --out " + dir + "/start.paint");
  ASSERT_EQ(first.exitCode, 0) << first.err;
  // Pin k5 (its own definition) at the top of the fabric, elsewhere than the first layout has it.
  std::string def, def6;
  std::ifstream start(dir + "/start.paint");
  for (std::string line; std::getline(start, line);) {
    if (line.rfind("k5 =", 0) == 0) def = line;
    if (line.rfind("k6 =", 0) == 0) def6 = line;
  }
  ASSERT_FALSE(def.empty() || def6.empty());
  std::ofstream(dir + "/pins.paint") << def << "\nk5 : place(600 0 R90)\n";
  auto r = runCli("-q wse place " + graph + " --threads 2 --effort 0.1 --set row_nodes=300 --from " + dir +
                  "/start.paint --pins " + dir + "/pins.paint --out " + dir + "/pinned.paint --report " + dir +
                  "/pinned.json");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(slurp(dir + "/pinned.paint").find("k5 : place(600 0 R90)"), std::string::npos);
  auto e = runCli("wse eval " + graph + " " + dir + "/pinned.paint --json");
  EXPECT_EQ(e.exitCode, 0) << e.out;

  // A pin without a definition, pins that overlap, an unknown setting: exit code 2, one line.
  std::ofstream(dir + "/undefined.paint") << "k5 : place(0 0 R0)\n";
  std::ofstream(dir + "/clash.paint") << def << "\nk5 : place(600 0 R90)\n" << def6 << "\nk6 : place(600 0 R90)\n";
  for (const std::string& bad :
       {"--pins " + dir + "/undefined.paint", "--pins " + dir + "/clash.paint", std::string("--set no_such_key=1")}) {
    auto b = runCli("-q wse place " + graph + " --effort 0.1 " + bad + " --out " + dir + "/bad.paint");
    EXPECT_EQ(b.exitCode, 2) << bad << ": " << b.err;
    EXPECT_NE(b.err.find("error: "), std::string::npos) << b.err;
  }
  auto u =
      runCli("-q wse place " + graph + " --effort 0.1 --pins " + dir + "/undefined.paint --out " + dir + "/b.paint");
  EXPECT_NE(u.err.find("undefined.paint:1"), std::string::npos) << u.err;
}
