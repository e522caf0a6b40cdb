#include "widgets/background_job.h"

#include <QMetaObject>

namespace ts::ui {

class BackgroundJob::Sink : public core::ProgressSink {
 public:
  explicit Sink(BackgroundJob* job) : job_(job) {}
  void onSample(const core::QorSample& sample) override {
    BackgroundJob* job = job_;
    QMetaObject::invokeMethod(
        job, [job, sample] { emit job->sampleReady(sample); }, Qt::QueuedConnection);
  }
  void onSnapshot(std::shared_ptr<const core::Snapshot> snapshot) override {
    BackgroundJob* job = job_;
    bool notify = false;
    {
      std::lock_guard<std::mutex> lock(job->snapshotMutex_);
      job->snapshot_ = std::move(snapshot);
      notify = !job->snapshotSignalled_;
      job->snapshotSignalled_ = true;
    }
    if (notify)
      QMetaObject::invokeMethod(
          job, [job] { emit job->snapshotReady(); }, Qt::QueuedConnection);
  }
  void onLog(core::LogLevel level, const std::string& message) override {
    BackgroundJob* job = job_;
    QString text = QString::fromStdString(message);
    int l = int(level);
    QMetaObject::invokeMethod(
        job, [job, l, text] { emit job->logMessage(l, text); }, Qt::QueuedConnection);
  }

 private:
  BackgroundJob* job_;
};

BackgroundJob::BackgroundJob(uint64_t seed, double timeLimitSeconds, QObject* parent)
    : QObject(parent),
      seed_(seed),
      timeLimit_(timeLimitSeconds),
      cancel_(std::make_shared<core::CancelToken>()),
      sink_(std::make_unique<Sink>(this)) {
  static const int registered = qRegisterMetaType<ts::core::QorSample>("ts::core::QorSample");
  (void)registered;
}

BackgroundJob::~BackgroundJob() {
  stopAndJoin();
}

void BackgroundJob::stopAndJoin() {
  cancel_->requestStop();
  cancel_->setPaused(false);
  if (worker_.joinable()) worker_.join();
}

void BackgroundJob::start() {
  if (started_) return;
  started_ = true;
  startTime_ = Clock::now();
  startedAt_ = QDateTime::currentDateTime();
  worker_ = std::thread([this] {
    {
      core::RunContext ctx(seed_, timeLimit_, cancel_, sink_.get());
      work(ctx);
    }
    endTime_ = Clock::now();
    {
      std::lock_guard<std::mutex> lock(pauseMutex_);
      if (pausedNow_) pausedTotal_ += endTime_ - pauseStart_;
      pausedNow_ = false;
    }
    ended_.store(true);
    QMetaObject::invokeMethod(
        this, [this] { finish(); }, Qt::QueuedConnection);
  });
}

void BackgroundJob::finish() {
  if (worker_.joinable()) worker_.join();
  emit finished();
}

void BackgroundJob::requestStop() {
  if (!stopRequested_.exchange(true)) stopTime_ = Clock::now();
  setPaused(false);
  cancel_->requestStop();
}

void BackgroundJob::setPaused(bool paused) {
  {
    // The run's clock stops while it is paused.
    std::lock_guard<std::mutex> lock(pauseMutex_);
    if (paused != pausedNow_ && started_ && !ended_.load()) {
      Clock::time_point now = Clock::now();
      if (paused)
        pauseStart_ = now;
      else
        pausedTotal_ += now - pauseStart_;
      pausedNow_ = paused;
    }
  }
  cancel_->setPaused(paused);
}

double BackgroundJob::pausedSeconds() const {
  std::lock_guard<std::mutex> lock(pauseMutex_);
  Clock::duration total = pausedTotal_;
  if (pausedNow_) total += Clock::now() - pauseStart_;
  return std::chrono::duration<double>(total).count();
}

double BackgroundJob::elapsedSeconds() const {
  if (!started_) return 0;
  auto end = ended_.load() ? endTime_ : Clock::now();
  return std::max(0.0, std::chrono::duration<double>(end - startTime_).count() - pausedSeconds());
}

QString BackgroundJob::runTimeText() const {
  QString text = QStringLiteral("%1 s").arg(elapsedSeconds(), 0, 'f', 2);
  const double paused = pausedSeconds();
  if (paused > 0.005) text += tr(" (pauses of %1 s not counted)").arg(paused, 0, 'f', 1);
  return text;
}

double BackgroundJob::stopLatencySeconds() const {
  if (!stopRequested_.load() || !ended_.load()) return -1;
  return std::max(0.0, std::chrono::duration<double>(endTime_ - stopTime_).count());
}

std::shared_ptr<const core::Snapshot> BackgroundJob::takeSnapshot() {
  std::lock_guard<std::mutex> lock(snapshotMutex_);
  snapshotSignalled_ = false;
  return std::exchange(snapshot_, nullptr);
}

bool BackgroundJob::waitEnded(int milliseconds) {
  auto deadline = Clock::now() + std::chrono::milliseconds(milliseconds);
  while (!ended_.load()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace ts::ui
