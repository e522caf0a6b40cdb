#include "engine/core/run_context.h"

#include <thread>

namespace ts::core {

double QorSample::get(const std::string& name, double fallback) const {
  for (const auto& [key, value] : terms)
    if (key == name) return value;
  return fallback;
}

bool QorSample::has(const std::string& name) const {
  for (const auto& term : terms)
    if (term.first == name) return true;
  return false;
}

RunContext::RunContext(uint64_t seed, double timeLimitSeconds, std::shared_ptr<CancelToken> cancel, ProgressSink* sink)
    : seed_(seed),
      timeLimit_(timeLimitSeconds),
      cancel_(cancel ? std::move(cancel) : std::make_shared<CancelToken>()),
      sink_(sink),
      start_(Clock::now()) {}

double RunContext::elapsed() const {
  auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start_).count();
  return double(nanos - pausedNanos_.load()) * 1e-9;
}

double RunContext::remainingSeconds() const {
  if (timeLimit_ <= 0) return 1e12;
  double left = timeLimit_ - elapsed();
  return left > 0 ? left : 0;
}

bool RunContext::timeUp() const {
  return timeLimit_ > 0 && elapsed() >= timeLimit_;
}

bool RunContext::shouldStop() {
  if (cancel_->paused() && !cancel_->stopRequested()) {
    auto pauseStart = Clock::now();
    while (cancel_->paused() && !cancel_->stopRequested()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    pausedNanos_ += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - pauseStart).count();
  }
  return cancel_->stopRequested() || timeUp();
}

bool RunContext::sampleDue() const {
  if (!sink_) return false;
  std::lock_guard<std::mutex> lock(publishMutex_);
  return elapsed() - lastSample_ >= kSampleInterval;
}

void RunContext::publishSample(QorSample sample, bool force) {
  if (!sink_) return;
  double now = elapsed();
  {
    std::lock_guard<std::mutex> lock(publishMutex_);
    if (!force && now - lastSample_ < kSampleInterval) return;
    lastSample_ = now;
  }
  sample.elapsedSeconds = now;
  sink_->onSample(sample);
}

bool RunContext::snapshotDue() const {
  if (!sink_) return false;
  std::lock_guard<std::mutex> lock(publishMutex_);
  return elapsed() - lastSnapshot_ >= kSnapshotInterval;
}

void RunContext::publishSnapshot(std::shared_ptr<const Snapshot> snapshot, bool force) {
  if (!sink_ || !snapshot) return;
  double now = elapsed();
  {
    std::lock_guard<std::mutex> lock(publishMutex_);
    if (!force && now - lastSnapshot_ < kSnapshotInterval) return;
    lastSnapshot_ = now;
  }
  sink_->onSnapshot(std::move(snapshot));
}

void RunContext::log(LogLevel level, const std::string& message) {
  if (sink_) sink_->onLog(level, message);
}

}  // namespace ts::core
