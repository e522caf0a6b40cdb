#pragma once
// Runs tilestudio-cli as a user would and captures what it prints and returns.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ts::test {

struct CliResult {
  int exitCode = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> textLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

inline std::string cliOutputDir(const std::string& name) {
  std::filesystem::path p = std::filesystem::path(TS_TEST_OUTPUT_DIR) / "cli" / name;
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p.string();
}

/// `args` is appended to the executable path as written (quote paths with spaces yourself).
inline CliResult runCli(const std::string& args) {
  static int counter = 0;
  std::string base = std::filesystem::temp_directory_path().string() + "/ts_cli_" + std::to_string(::getpid()) + "_" +
                     std::to_string(counter++);
  std::string cmd = std::string(TS_CLI_PATH) + " " + args + " >" + base + ".out 2>" + base + ".err";
  int status = std::system(cmd.c_str());
  CliResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  std::filesystem::remove(base + ".out");
  std::filesystem::remove(base + ".err");
  return r;
}

/// A five-core chain shim -> a -> b -> c -> shim with c pinned at (pinCol, pinRow); the
/// placer and pnr tests share it so they exercise the same design.
inline std::string writeChainDesign(const std::string& dir, const std::string& device, int pinCol, int pinRow) {
  std::string path = dir + "/chain.yaml";
  std::ofstream(path) << "design: chain\ndevice: " << device << R"(
cores:
  - {name: in, kind: shim}
  - {name: a, cycles: 100}
  - {name: b, cycles: 100}
  - {name: c, cycles: 100, pin: [)"
                      << pinCol << ", " << pinRow << R"(]}
  - {name: out, kind: shim}
nets:
  - {name: x, source: in, targets: [a], bytes: 1024}
  - {name: ab, source: a, targets: [b], bytes: 1024}
  - {name: bc, source: b, targets: [c], bytes: 1024}
  - {name: y, source: c, targets: [out], bytes: 1024}
)";
  return path;
}

inline std::string sharedData(const std::string& rel) {
  return std::string(TS_SHARED_DATA_DIR) + "/" + rel;
}
inline std::string sourcePath(const std::string& rel) {
  return std::string(TS_SOURCE_DIR) + "/" + rel;
}

}  // namespace ts::test
