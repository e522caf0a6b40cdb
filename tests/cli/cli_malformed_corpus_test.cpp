// The malformed-input corpus: every file tests/data/malformed/<format>/NAME.ext is given to every
// command that reads that format (tests/data/malformed/commands.txt). Each must end with the
// exit code and a message containing the fragment of NAME.ext.expect (line 1: exit code, line 2:
// fragment), in one error line that names the file and line, and must write no output file.
// The same test runs against the sanitizer build's CLI there. An instrumented CLI run costs about
// 0.12 s (mostly start-up), so test.sh's quick mode sets TS_MALFORMED_COMMANDS=rotate for the
// sanitizer stage: case k then runs only command k mod n of its format, and `rotate:1` for the
// release build, which runs command (k + 1) mod n there. Every reader still sees every case in
// both builds, and every command every n-th case in each (n counts `render` in the release build
// only, so the two builds' pairs are mostly different ones).
// TS_MALFORMED_COMMANDS=all (the default) runs every pair.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "cli_runner.h"

namespace fs = std::filesystem;
using ts::test::runCli;

namespace {

const fs::path kCorpus = fs::path(TS_SOURCE_DIR) / "tests" / "data" / "malformed";

struct Case {
  std::string format;  ///< folder name
  fs::path file;
  size_t indexInFormat = 0;  ///< position among the format's cases, in file-name order
};

std::vector<Case> listCases() {
  std::vector<Case> out;
  for (const auto& dir : fs::directory_iterator(kCorpus)) {
    if (!dir.is_directory() || dir.path().filename() == "fixtures") continue;
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.path().extension() != ".expect") out.push_back({dir.path().filename().string(), f.path()});
  }
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.file < b.file; });
  std::map<std::string, size_t> seen;
  for (Case& c : out) c.indexInFormat = seen[c.format]++;
  return out;
}

std::map<std::string, std::vector<std::string>> commandsByFormat() {
  std::map<std::string, std::vector<std::string>> out;
  std::ifstream in(kCorpus / "commands.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string format, args;
    if (!(s >> format) || format[0] == '#') continue;
    std::getline(s >> std::ws, args);
    out[format].push_back(args);
  }
  return out;
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

// Printed by GoogleTest instead of the object's bytes.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.file.string();
}

// True when the case numbered `caseIndex` (within its format) runs the command numbered
// `commandIndex` of its format's `commandCount` commands.
bool runsCommand(size_t caseIndex, size_t commandIndex, size_t commandCount) {
  const char* env = std::getenv("TS_MALFORMED_COMMANDS");
  const std::string mode = env ? env : "all";
  if (mode == "all") return true;
  static const std::regex rotation(R"(rotate(:([0-9]{1,3}))?)");
  std::smatch m;
  if (!std::regex_match(mode, m, rotation)) {
    ADD_FAILURE() << "TS_MALFORMED_COMMANDS must be all, rotate or rotate:OFFSET, got '" << mode << "'";
    return true;
  }
  const size_t offset = m[2].matched ? std::stoul(m[2].str()) : 0;
  return (caseIndex + offset) % commandCount == commandIndex;
}

class MalformedCorpus : public ::testing::TestWithParam<Case> {};

TEST_P(MalformedCorpus, EveryReaderGivesTheExpectedLocatedError) {
  const Case& c = GetParam();
  std::ifstream expectFile(c.file.string() + ".expect");
  ASSERT_TRUE(expectFile) << c.file << " has no .expect file (line 1: exit code, line 2: message fragment)";
  int expectedCode = -1;
  std::string fragment;
  expectFile >> expectedCode;
  std::getline(expectFile >> std::ws, fragment);
  ASSERT_FALSE(fragment.empty()) << c.file << ".expect has no message fragment";

  const auto commands = commandsByFormat();
  auto it = commands.find(c.format);
  ASSERT_TRUE(it != commands.end()) << "no commands for format folder '" << c.format << "' in commands.txt";
  const std::string outDir = ts::test::cliOutputDir("malformed_" + c.format + "_" + c.file.filename().string());
  const std::regex located(
      std::regex_replace(c.file.filename().string(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + ":[1-9]");
  // `render` exists only in builds with the GUI; the build says which (asking the CLI would
  // cost every case one more run).
  std::vector<std::string> runnable;
  for (const std::string& tmpl : it->second)
    if (tmpl.rfind("render", 0) != 0 || TS_CLI_HAS_RENDER) runnable.push_back(tmpl);
  int ran = 0;
  for (size_t i = 0; i < runnable.size(); ++i) {
    if (!runsCommand(c.indexInFormat, i, runnable.size())) continue;
    const std::string& tmpl = runnable[i];
    const std::string out = outDir + "/out" + std::to_string(ran++);
    std::string args =
        replaceAll(replaceAll(replaceAll(tmpl, "{case}", c.file.string()), "{out}", out), "{src}", TS_SOURCE_DIR);
    auto r = runCli("-q " + args);
    SCOPED_TRACE("tilestudio-cli " + args + "\nstderr: " + r.err);
    EXPECT_EQ(r.exitCode, expectedCode);
    EXPECT_NE(r.err.find(fragment), std::string::npos) << "expected the message to contain: " << fragment;
    EXPECT_TRUE(std::regex_search(r.err, located)) << "the message does not name the file and a line";
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "expected one error line";
    for (const auto& f : fs::directory_iterator(outDir)) ADD_FAILURE() << "an output file was written: " << f.path();
  }
  EXPECT_GT(ran, 0);
}

// The rotation above reaches every command only if each format has at least as many cases.
TEST(MalformedCorpusRotation, EveryFormatHasACaseForEachOfItsCommands) {
  std::map<std::string, size_t> cases;
  for (const Case& c : listCases()) ++cases[c.format];
  for (const auto& [format, commands] : commandsByFormat())
    EXPECT_GE(cases[format], commands.size()) << format << ": add cases, or some command is never run under "
                                              << "TS_MALFORMED_COMMANDS=rotate";
}

// test.sh gives the two builds different offsets so that they run different pairs.
TEST(MalformedCorpusRotation, AnOffsetShiftsWhichCommandEachCaseRuns) {
  const char* before = std::getenv("TS_MALFORMED_COMMANDS");
  const std::string saved = before ? before : "";
  setenv("TS_MALFORMED_COMMANDS", "rotate", 1);
  EXPECT_TRUE(runsCommand(0, 0, 5));
  EXPECT_TRUE(runsCommand(7, 2, 5));
  EXPECT_FALSE(runsCommand(7, 3, 5));
  setenv("TS_MALFORMED_COMMANDS", "rotate:1", 1);
  EXPECT_FALSE(runsCommand(0, 0, 5));
  EXPECT_TRUE(runsCommand(0, 1, 5));
  EXPECT_TRUE(runsCommand(4, 0, 5));
  EXPECT_TRUE(runsCommand(7, 3, 5));
  setenv("TS_MALFORMED_COMMANDS", "all", 1);
  EXPECT_TRUE(runsCommand(7, 3, 5) && runsCommand(7, 4, 5));
  if (before)
    setenv("TS_MALFORMED_COMMANDS", saved.c_str(), 1);
  else
    unsetenv("TS_MALFORMED_COMMANDS");
}

INSTANTIATE_TEST_SUITE_P(Corpus, MalformedCorpus, ::testing::ValuesIn(listCases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.format + "_" + info.param.file.filename().string();
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

}  // namespace
