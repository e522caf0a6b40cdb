#pragma once
// What every engine algorithm receives: seed, time limit, stop/pause flags and an observer.
// Algorithms poll shouldStop() in their loops and publish QoR samples and snapshots through
// the context, which throttles them (about 20 samples and 10 snapshots per second) so that a
// viewer is never flooded. Nothing here knows about Qt.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ts::core {

/// Stop and pause flags shared between a running job and whoever controls it.
class CancelToken {
 public:
  void requestStop() { stop_.store(true); }
  void setPaused(bool paused) { paused_.store(paused); }
  bool stopRequested() const { return stop_.load(); }
  bool paused() const { return paused_.load(); }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> paused_{false};
};

/// An immutable picture of an algorithm's current best state. Domain types derive from it
/// (aie::PlacementSnapshot, wse::LayoutSnapshot) and viewers dynamic_pointer_cast.
struct Snapshot {
  virtual ~Snapshot() = default;
};

/// One point of the live QoR charts: named cost terms at a moment of the run.
struct QorSample {
  double elapsedSeconds = 0;
  int64_t iteration = 0;
  std::string phase;  ///< e.g. "anneal", "binary search"; a change marks a phase boundary
  std::vector<std::pair<std::string, double>> terms;

  QorSample& add(std::string name, double value) {
    terms.emplace_back(std::move(name), value);
    return *this;
  }
  /// Value of a term, or `fallback` when the sample does not carry it.
  double get(const std::string& name, double fallback = 0) const;
  bool has(const std::string& name) const;
};

enum class LogLevel { Info, Warning, Error };

/// Observer of a running algorithm. Called on the algorithm's thread(s); implementations
/// forward to their own thread (the GUI uses queued signals) and must be cheap.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void onSample(const QorSample&) {}
  virtual void onSnapshot(std::shared_ptr<const Snapshot>) {}
  virtual void onLog(LogLevel, const std::string&) {}
};

class RunContext {
 public:
  explicit RunContext(uint64_t seed = 1, double timeLimitSeconds = 0, std::shared_ptr<CancelToken> cancel = nullptr,
                      ProgressSink* sink = nullptr);

  uint64_t seed() const { return seed_; }
  /// <= 0 means no limit.
  double timeLimitSeconds() const { return timeLimit_; }
  CancelToken& cancel() { return *cancel_; }
  std::shared_ptr<CancelToken> cancelToken() const { return cancel_; }
  ProgressSink* sink() const { return sink_; }

  /// Seconds of running time since construction, not counting time spent paused.
  double elapsed() const;
  /// Seconds left before the time limit (a large number when there is none).
  double remainingSeconds() const;
  bool timeUp() const;
  /// True when the run must end (stop requested or time limit reached). While the job is
  /// paused this blocks, so a paused algorithm sits at its next poll.
  bool shouldStop();

  /// True when a sample published now would not be throttled away; lets loops skip
  /// building samples nobody will see.
  bool sampleDue() const;
  /// Sends a sample (elapsedSeconds is filled in) unless one went out within 50 ms.
  void publishSample(QorSample sample, bool force = false);
  bool snapshotDue() const;
  /// Sends a snapshot unless one went out within 100 ms. Use force for the final result.
  void publishSnapshot(std::shared_ptr<const Snapshot> snapshot, bool force = false);
  void log(LogLevel level, const std::string& message);

  static constexpr double kSampleInterval = 0.05;
  static constexpr double kSnapshotInterval = 0.1;

 private:
  using Clock = std::chrono::steady_clock;
  uint64_t seed_;
  double timeLimit_;
  std::shared_ptr<CancelToken> cancel_;
  ProgressSink* sink_;
  Clock::time_point start_;
  std::atomic<int64_t> pausedNanos_{0};
  mutable std::mutex publishMutex_;  // engine-internal threads may publish concurrently
  double lastSample_ = -1e9;
  double lastSnapshot_ = -1e9;
};

}  // namespace ts::core
