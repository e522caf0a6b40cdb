#pragma once
// One engine algorithm running on its own thread, whatever it computes. The engine's
// ProgressSink calls arrive on the worker thread and are forwarded to the GUI thread as queued
// signals; snapshots are not queued at all: the job keeps only the newest and says "there is
// one" once until it is taken, so a slow viewer never falls behind. Derived jobs (AIE placers
// and routers, WSE placers) hold their inputs and outputs and implement work().
#include <QDateTime>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/core/run_context.h"

Q_DECLARE_METATYPE(ts::core::QorSample)

namespace ts::ui {

class BackgroundJob : public QObject {
  Q_OBJECT
 public:
  BackgroundJob(uint64_t seed, double timeLimitSeconds, QObject* parent = nullptr);
  /// Stops the run and waits for the worker. A derived class must call stopAndJoin() in its
  /// own destructor: work() uses its members.
  ~BackgroundJob() override;

  uint64_t seed() const { return seed_; }
  double timeLimit() const { return timeLimit_; }

  void start();
  void requestStop();
  void setPaused(bool paused);
  bool paused() const { return cancel_->paused(); }
  bool running() const { return started_ && !ended_.load(); }
  /// True once the algorithm has returned (the finished() signal may still be queued).
  bool ended() const { return ended_.load(); }
  /// Running seconds from start() until now or until the algorithm returned, not counting the
  /// time spent paused (the run's clock stops while it is paused).
  double elapsedSeconds() const;
  /// Seconds spent paused so far.
  double pausedSeconds() const;
  /// "2.31 s", or "2.31 s (pauses of 1.0 s not counted)" for the logs and result boxes.
  QString runTimeText() const;
  /// True once requestStop() was called (by the user or the studio).
  bool stopRequested() const { return stopRequested_.load(); }
  /// Wall-clock time of start().
  QDateTime startedAt() const { return startedAt_; }
  /// Seconds from requestStop() until the algorithm returned (-1 when not stopped).
  double stopLatencySeconds() const;

  /// Newest snapshot not yet taken, or null; clears the "snapshot ready" state.
  std::shared_ptr<const core::Snapshot> takeSnapshot();
  /// Blocks until the worker has ended (signals are not delivered meanwhile); false on timeout.
  bool waitEnded(int milliseconds);

 signals:
  void sampleReady(const ts::core::QorSample& sample);
  void snapshotReady();
  void logMessage(int level, const QString& text);
  void finished();

 protected:
  /// Runs on the worker thread with the job's context; stores its own result. Exceptions
  /// are the derived class's to catch (an escaping one ends the program).
  virtual void work(core::RunContext& ctx) = 0;
  void stopAndJoin();

 private:
  class Sink;
  void finish();

  using Clock = std::chrono::steady_clock;
  uint64_t seed_;
  double timeLimit_;
  std::shared_ptr<core::CancelToken> cancel_;
  std::unique_ptr<Sink> sink_;
  std::thread worker_;
  bool started_ = false;
  std::atomic<bool> ended_{false};
  Clock::time_point startTime_, endTime_, stopTime_;
  std::atomic<bool> stopRequested_{false};
  QDateTime startedAt_;
  mutable std::mutex pauseMutex_;
  bool pausedNow_ = false;
  Clock::time_point pauseStart_;
  Clock::duration pausedTotal_{};

  std::mutex snapshotMutex_;
  std::shared_ptr<const core::Snapshot> snapshot_;
  bool snapshotSignalled_ = false;
};

}  // namespace ts::ui
