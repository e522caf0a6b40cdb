#include "app/cli/cli_common.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "engine/aie/place/joint_milp_placer.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/version.h"

namespace ts::cli {

CLI::Option* addModuleOption(CLI::App* cmd, int& module) {
  return cmd
      ->add_option("--module", module,
                   "MLIR files holding several modules ('// -----'): which one, from 1 (see 'info FILE')")
      ->check(CLI::PositiveNumber);
}

nlohmann::json statsJson(const std::vector<std::pair<std::string, double>>& stats) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : stats) j[k] = v;
  return j;
}

nlohmann::json withVersion(nlohmann::json value) {
  if (value.is_object() && !value.contains("version")) value["version"] = core::version();
  return value;
}

void writeOutput(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path == "-")
    write(std::cout);
  else
    core::writeFileAtomically(path, write);
}

void writeJson(const std::string& path, const nlohmann::json& value) {
  const std::string text = withVersion(value).dump(2) + "\n";
  writeOutput(path, [&](std::ostream& out) { out << text; });
}

std::ostream& tableStream(const std::vector<std::pair<std::string, std::string>>& dataOutputs) {
  const std::string* onStdout = nullptr;
  for (const auto& [option, path] : dataOutputs) {
    if (path != "-") {
      if (!path.empty()) core::requireWritableOutput(path);
      continue;
    }
    if (onStdout)
      throw core::Error(*onStdout + " and " + option + " cannot both write to standard output ('-'): give one a file");
    onStdout = &option;
  }
  return onStdout ? std::cerr : std::cout;
}

namespace {
// The token of the live InterruptStop; the handler only does an atomic store through it.
core::CancelToken* interruptTarget = nullptr;

extern "C" void onInterrupt(int) {
  if (core::CancelToken* t = interruptTarget) t->requestStop();
}
}  // namespace

InterruptStop::InterruptStop() : token_(std::make_shared<core::CancelToken>()) {
  interruptTarget = token_.get();
  previous_ = std::signal(SIGINT, onInterrupt);
}

InterruptStop::~InterruptStop() {
  std::signal(SIGINT, previous_);
  interruptTarget = nullptr;
  // A cancelled joint MILP leaves its CBC worker to end at the next poll: no solver thread
  // may outlive main, whichever command was interrupted.
  if (token_->stopRequested()) aie::waitForAbandonedSolves();
}

namespace {
double nowSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}
}  // namespace

ConsoleProgress::~ConsoleProgress() {
  finish();
}

void ConsoleProgress::print(const std::string& line) {
  // Redraw in place on a terminal; plain lines otherwise (logs, CI).
  static const bool tty = isatty(fileno(stderr));
  if (tty) {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

void ConsoleProgress::onSample(const core::QorSample& sample) {
  if (quiet_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  double now = nowSeconds();
  if (now - lastPrint_ < (isatty(fileno(stderr)) ? 0.5 : 5.0)) return;
  lastPrint_ = now;
  std::ostringstream s;
  s.precision(6);
  s << label_ << " " << int(sample.elapsedSeconds) << "s";
  if (!sample.phase.empty()) s << " [" << sample.phase << "]";
  s << " it=" << sample.iteration;
  for (const auto& [name, value] : sample.terms) s << " " << name << "=" << value;
  print(s.str());
}

void ConsoleProgress::onLog(core::LogLevel level, const std::string& message) {
  if (quiet_ && level != core::LogLevel::Error) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (open_) std::fprintf(stderr, "\n");
  open_ = false;
  const char* tag = level == core::LogLevel::Error ? "error: " : level == core::LogLevel::Warning ? "warning: " : "";
  std::fprintf(stderr, "%s%s\n", tag, message.c_str());
}

void ConsoleProgress::batch(int done, int total, const std::string& current) {
  if (quiet_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  double now = nowSeconds();
  bool last = done >= total;
  if (!last && now - lastPrint_ < (isatty(fileno(stderr)) ? 0.2 : 5.0)) return;
  lastPrint_ = now;
  const int width = 30;
  int filled = total > 0 ? done * width / total : width;
  std::string bar(size_t(filled), '#');
  bar.resize(width, '.');
  print(label_ + " [" + bar + "] " + std::to_string(done) + "/" + std::to_string(total) + " " + current);
}

void ConsoleProgress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (open_) std::fprintf(stderr, "\n");
  open_ = false;
}

}  // namespace ts::cli
