// Ctrl-C during `wse place` and `route`: the run stops and writes its best result so far (or,
// without one, the failure report) instead of dying with nothing written.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "cli_runner.h"

namespace fs = std::filesystem;
using namespace ts::test;

namespace {

/// Starts the CLI with stdout/stderr in files; returns its pid.
pid_t startCli(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
  // An earlier run's stderr would read as "started" before the child truncates it, and the
  // Ctrl-C could then come before the CLI has its handler.
  std::error_code ec;
  fs::remove(out, ec);
  fs::remove(err, ec);
  pid_t pid = fork();
  if (pid == 0) {
    FILE* o = std::freopen(out.c_str(), "w", stdout);
    FILE* e = std::freopen(err.c_str(), "w", stderr);
    if (!o || !e) _exit(127);
    std::vector<char*> argv{const_cast<char*>(TS_CLI_PATH)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(TS_CLI_PATH, argv.data());
    _exit(127);
  }
  return pid;
}

/// Every thread's stack of a hung CLI (gdb, when installed), for the failure message.
std::string hangStacks;

std::string stacksOf(pid_t pid) {
  const std::string file = cliOutputDir("hang_stacks") + "/" + std::to_string(pid) + ".txt";
  const std::string cmd =
      "timeout 60 gdb -p " + std::to_string(pid) + " -batch -ex 'thread apply all bt 20' >" + file + " 2>&1";
  if (std::system(cmd.c_str()) != 0 && !fs::exists(file)) return "(gdb could not attach)";
  return slurp(file);
}

/// Exit code after waiting at most `seconds`, -1 on a signal, -2 when it did not end (killed;
/// its stacks are then in hangStacks).
int waitFor(pid_t pid, double seconds) {
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (std::chrono::steady_clock::now() < until) {
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (seconds > 0) hangStacks = "stacks of the hung CLI:\n" + stacksOf(pid);
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -2;
}

/// Sends Ctrl-C once the CLI has written to `err` (its run, and so its interrupt handler, has
/// started) and a little later; gives the exit code as waitFor does, or -3 if it never started.
int interruptOnceStarted(pid_t pid, const std::string& err, int afterMs) {
  bool started = false;
  for (int i = 0; i < 3000 && !started; ++i) {
    std::error_code ec;
    started = fs::file_size(err, ec) > 0 && !ec;
    if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!started) {
    waitFor(pid, 0);  // kills it
    return -3;
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(afterMs));
  kill(pid, SIGINT);
  return waitFor(pid, 60);
}

}  // namespace

TEST(CliInterrupt, CtrlCStopsWsePlaceAndWritesTheBestLegalLayout) {
  std::string dir = cliOutputDir("wse_interrupt");
  std::string paint = dir + "/G.paint", out = dir + "/stdout.txt", err = dir + "/stderr.txt";
  std::string graph = sharedData("ispd20/benchmarks/G.kgraph");
  // Simulated annealing with a long time limit: only the interrupt can end it in time.
  pid_t pid = startCli(
      {"wse", "place", graph, "--algo", "tbs-sa", "--threads", "1", "--time-limit", "600", "--out", paint}, out, err);
  ASSERT_GT(pid, 0);
  EXPECT_EQ(interruptOnceStarted(pid, err, 500), 0) << slurp(err) << hangStacks;
  EXPECT_NE(slurp(out).find("[stopped early]"), std::string::npos) << slurp(out);
  ASSERT_TRUE(fs::exists(paint));
  auto eval = runCli("wse eval " + graph + " " + paint);
  EXPECT_EQ(eval.exitCode, 0) << eval.out;
}

TEST(CliInterrupt, CtrlCStopsRouteWhichWritesItsReport) {
  std::string dir = cliOutputDir("route_interrupt");
  std::string report = dir + "/report.json", out = dir + "/stdout.txt", err = dir + "/stderr.txt";
  // CRONet's routing MILP takes minutes: only the interrupt can end it in time.
  pid_t pid = startCli({"route", sourcePath("samples/cronet_xcve2802.yaml"), "--time-limit", "600", "--report", report},
                       out, err);
  ASSERT_GT(pid, 0);
  // Exit code 1 (not routed) and the report says why, or 0 with a checked routing if one came first.
  const int code = interruptOnceStarted(pid, err, 300);
  ASSERT_TRUE(code == 0 || code == 1) << code << "\n" << slurp(err) << hangStacks;
  const std::string text = slurp(report);
  EXPECT_NE(text.find("\"interrupted\": true"), std::string::npos) << text;
  if (code == 1) {
    EXPECT_NE(text.find("\"status\": \"cancelled\""), std::string::npos) << text;
  }
}

TEST(CliInterrupt, CtrlCStopsBenchAieWhichReportsWhatFinished) {
  std::string dir = cliOutputDir("bench_interrupt");
  std::string suite = dir + "/suite", json = dir + "/bench.json", out = dir + "/stdout.txt", err = dir + "/stderr.txt";
  ASSERT_EQ(runCli("-q suite generate --device npu2 --out " + suite).exitCode, 0);
  // LSMO with 600 s per design: only the interrupt ends the three runs in time.
  pid_t pid = startCli(
      {"bench", "aie", "--suite", suite, "--placer", "lsmo", "--time-limit", "600", "--limit", "3", "--json", json},
      out, err);
  ASSERT_GT(pid, 0);
  EXPECT_EQ(interruptOnceStarted(pid, err, 300), 1) << slurp(err) << hangStacks;
  EXPECT_NE(slurp(out).find("interrupted (Ctrl-C)"), std::string::npos) << slurp(out);
  const std::string text = slurp(json);
  EXPECT_NE(text.find("\"interrupted\": true"), std::string::npos) << text;
  EXPECT_NE(text.find("\"status\": \"not run\""), std::string::npos) << text;
}
