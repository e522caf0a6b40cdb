#pragma once
// A run launched from the compare window as a BackgroundJob of any kind (an AIE RunJob, a WSE
// WseRunJob): its samples are kept as chart series, and when it ends (or the window closes
// while it runs: it is stopped first) the kind's recorder adds it to the history once.
#include <QPointer>
#include <functional>
#include <memory>

#include "widgets/compare/compare_support.h"
#include "widgets/history/series_recorder.h"

namespace ts::ui {

class BackgroundJob;

class JobRunTask : public RunTask {
  Q_OBJECT
 public:
  /// Adds the ended job to the history under the task's id; returns that id (0: not recorded).
  using Recorder = std::function<int(const SeriesRecorder& series)>;

  JobRunTask(std::unique_ptr<BackgroundJob> job, const QString& name, int runId, Recorder recorder, QObject* parent);
  ~JobRunTask() override;
  QString name() const override { return name_; }
  int runId() const override { return runId_; }
  void start() override;
  void cancel() override;
  bool started() const override;
  bool running() const override;
  double seconds() const override;
  std::shared_ptr<const core::Snapshot> takeSnapshot() override;
  const SeriesRecorder& series() const override { return series_; }

 private:
  void recordOnce();

  std::unique_ptr<BackgroundJob> job_;
  QString name_;
  int runId_;
  Recorder recorder_;
  SeriesRecorder series_;
  bool recorded_ = false;
};

/// A task running `job` from the document's current state, recorded by `history` (an
/// AieHistory or WseHistory: reserveId, startRunNow, record) as `name` when it ends.
template <class History, class Job>
RunTask* makeRecordedTask(History* history, std::unique_ptr<Job> job, const QString& name, QObject* parent) {
  const Job* ran = job.get();  // owned by the task, which calls the recorder
  const int id = history->history()->reserveId(), start = history->startRunNow();
  auto record = [h = QPointer<History>(history), ran, start, name, id](const SeriesRecorder& series) {
    return h ? h->record(*ran, start, name, series, id) : 0;
  };
  return new JobRunTask(std::move(job), name, id, record, parent);
}

}  // namespace ts::ui
