#pragma once
// The AIE side of the compare window: each run drawn by a read-only AieCanvas on the open
// document (its result or, while it runs, its newest snapshot), differences by core tile and
// net route, and runs launched as RunJobs that the history records when they end.
#include "widgets/compare/compare_support.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class AieHistory;

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

class AieCompareSupport : public CompareSupport {
 public:
  explicit AieCompareSupport(AieHistory* history);
  QString kind() const override;
  const std::vector<MetricColumn>& columns() const override;
  RunView* createView(QWidget* parent) const override;
  RunDifferences differences(const std::vector<const RunPayload*>& runs) const override;
  QString differencesText(const RunDifferences& differences) const override;
  std::vector<LaunchPreset> presets() const override;
  RunTask* createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                      QString* error) override;
  const RunRecord* record(int id) const override;

 private:
  AieHistory* history_;
};

}  // namespace ts::ui
