#pragma once
// The AIE side of the compare window: each run drawn by a read-only AieCanvas on the open
// document (its result or, while it runs, its newest snapshot), differences by core tile and
// net route, and runs launched as RunJobs that the history records when they end.
#include <QPointer>
#include <memory>

#include "widgets/compare/compare_support.h"
#include "widgets/history/series_recorder.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class AieHistory;
class RunJob;

class AieRunView : public RunView {
  Q_OBJECT
 public:
  AieRunView(AieDocument* document, QWidget* parent = nullptr);
  GridCanvas* canvas() override;
  AieCanvas* aieCanvas() const { return canvas_; }
  void showResult(const RunPayload& payload) override;
  void showLive(std::shared_ptr<const core::Snapshot> snapshot) override;
  std::vector<int> selection() const override;
  void setSelection(const std::vector<int>& items) override;
  void setDifferences(const RunDifferences* differences) override;

 private:
  AieCanvas* canvas_;
};

class AieRunTask : public RunTask {
  Q_OBJECT
 public:
  AieRunTask(AieHistory* history, std::unique_ptr<RunJob> job, const QString& name, int runId, int startRun,
             QObject* parent);
  ~AieRunTask() override;
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

  QPointer<AieHistory> history_;
  std::unique_ptr<RunJob> job_;
  QString name_;
  int runId_, startRun_;
  SeriesRecorder series_;
  bool recorded_ = false;
};

class AieCompareSupport : public CompareSupport {
 public:
  explicit AieCompareSupport(AieHistory* history);
  QString kind() const override;
  const std::vector<MetricColumn>& columns() const override;
  RunView* createView(QWidget* parent) const override;
  RunDifferences differences(const std::vector<const RunPayload*>& runs) const override;
  std::vector<LaunchPreset> presets() const override;
  RunTask* createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                      QString* error) override;
  const RunRecord* record(int id) const override;

 private:
  AieHistory* history_;
};

}  // namespace ts::ui
