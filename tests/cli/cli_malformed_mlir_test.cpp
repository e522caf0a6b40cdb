// Data-driven: every tests/data/malformed/mlir/NAME.mlir with its NAME.mlir.expect (line 1: the
// exit code, line 2: a fragment of the message) through each command that reads MLIR designs.
// A stand-in until the shared runner over tests/data/malformed/<format>/ covers this folder.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_runner.h"

using namespace ts::test;
namespace fs = std::filesystem;

TEST(CliMalformedMlir, EveryCaseGivesItsExitCodeAndMessage) {
  const fs::path dir = sourcePath("tests/data/malformed/mlir");
  const std::string out = cliOutputDir("malformed_mlir");
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".mlir") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_GE(cases.size(), 20u);
  for (const fs::path& file : cases) {
    std::ifstream expect(file.string() + ".expect");
    int code = -1;
    std::string fragment;
    expect >> code;
    std::getline(expect, fragment);
    std::getline(expect, fragment);
    ASSERT_FALSE(fragment.empty()) << file << ".expect has no message fragment";
    for (const std::string& command :
         {std::string("check"), std::string("place --placer sequential --out " + out + "/p.yaml")}) {
      CliResult r = runCli(command.substr(0, command.find(' ')) + " '" + file.string() + "'" +
                           (command.find(' ') == std::string::npos ? "" : command.substr(command.find(' '))));
      EXPECT_EQ(r.exitCode, code) << file.filename() << " (" << command << "): " << r.err;
      EXPECT_NE(r.err.find(fragment), std::string::npos) << file.filename() << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    }
  }
}
