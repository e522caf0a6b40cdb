#pragma once
// Shared plumbing of the tilestudio-cli subcommands: registration, exit codes, progress on
// stderr and atomic JSON output.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/run_context.h"

namespace ts::cli {

/// Exit codes: 0 success, 1 the command ran but the result is a failure (illegal placement,
/// routing not found), 2 bad input or usage.
enum ExitCode { kOk = 0, kFailed = 1, kBadInput = 2 };

struct GlobalOptions {
  bool quiet = false;
  int exitCode = kOk;  ///< set by the subcommand that ran
};

// One registration function per subcommand group (each in its own cmd_*.cpp).
void addInfoCommand(CLI::App& app, GlobalOptions& global);
void addCheckCommand(CLI::App& app, GlobalOptions& global);
void addWseCommand(CLI::App& app, GlobalOptions& global);
void addBenchWseCommand(CLI::App& app, GlobalOptions& global);
void addPlaceCommand(CLI::App& app, GlobalOptions& global);
void addPnrCommand(CLI::App& app, GlobalOptions& global);
void addRouteCommand(CLI::App& app, GlobalOptions& global);
void addBenchAieCommand(CLI::App& app, GlobalOptions& global);
void addBenchMergeCommand(CLI::App& app, GlobalOptions& global);
/// The tables bench aie prints after its runs (Table II, success per category); bench merge
/// prints them for the joined shards.
void printAieBenchTables(const std::vector<nlohmann::json>& runs, std::ostream& out);
void addSuiteCommand(CLI::App& app, GlobalOptions& global);
void addNpflowCommand(CLI::App& app, GlobalOptions& global);
void addGemmCommand(CLI::App& app, GlobalOptions& global);
void addBenchGemmCommand(CLI::App& app, GlobalOptions& global);
/// The shared `bench` parent (created on first use); benchmark files attach children to it.
CLI::App* benchCommand(CLI::App& app);
/// In app/cli_render/ (needs Qt): built only when TS_BUILD_GUI is ON.
void addRenderCommand(CLI::App& app, GlobalOptions& global);

/// `--module N`: which module of an MLIR file holding several (1-based; 0 = the only one).
CLI::Option* addModuleOption(CLI::App* cmd, int& module);

/// An algorithm's named statistics (PlaceOutcome / RouteOutcome stats) as one JSON object.
nlohmann::json statsJson(const std::vector<std::pair<std::string, double>>& stats);

/// The object with a "version" field (the product version) added; every JSON report has one.
nlohmann::json withVersion(nlohmann::json value);

/// Runs `write` on standard output when `path` is "-", else on `path`, written atomically.
void writeOutput(const std::string& path, const std::function<void(std::ostream&)>& write);

/// Writes JSON (2-space indent, with the version field) atomically; "-" writes to stdout.
void writeJson(const std::string& path, const nlohmann::json& value);

/// Checks a command's data outputs (option name, path; empty = not asked for) before any work:
/// each file can be written, and at most one is "-". Returns where the command prints its
/// human-readable tables: standard output, or standard error when a data output is "-", so
/// that the data alone can be piped.
std::ostream& tableStream(const std::vector<std::pair<std::string, std::string>>& dataOutputs);

/// While alive, Ctrl-C asks the run to stop through `token()` (an anytime algorithm then
/// returns its best so far) instead of killing the process; the previous SIGINT handler comes
/// back on destruction, which, after a Ctrl-C, also waits for abandoned solver threads. One at
/// a time.
class InterruptStop {
 public:
  InterruptStop();
  ~InterruptStop();
  InterruptStop(const InterruptStop&) = delete;
  InterruptStop& operator=(const InterruptStop&) = delete;
  const std::shared_ptr<core::CancelToken>& token() const { return token_; }

 private:
  std::shared_ptr<core::CancelToken> token_;
  void (*previous_)(int);
};

/// Progress on stderr: a status line at most twice a second, built from QoR samples;
/// silent when quiet.
class ConsoleProgress : public core::ProgressSink {
 public:
  ConsoleProgress(std::string label, bool quiet) : label_(std::move(label)), quiet_(quiet) {}
  ~ConsoleProgress() override;
  void onSample(const core::QorSample& sample) override;
  void onLog(core::LogLevel level, const std::string& message) override;
  /// Progress of a batch: "label [#####.....] 12/202 name".
  void batch(int done, int total, const std::string& current);
  void finish();

 private:
  void print(const std::string& line);
  std::string label_;
  bool quiet_;
  double lastPrint_ = -1;
  bool open_ = false;
  std::mutex mutex_;
};

}  // namespace ts::cli
