#pragma once
// The WSE side of the compare window: each run drawn by a read-only WseCanvas on the open
// kernel graph (its final layout or, while it runs, its newest snapshot), differences by
// kernel place and shape, and CU.POKer / TBS-SA / divide-and-conquer runs launched as
// WseRunJobs with the document's pins, from scratch (to compare the algorithms themselves:
// started from a layout, a placer keeps it unless it finds a better one) or from the current
// layout, recorded in the history when they end.
#include "widgets/compare/compare_support.h"

namespace ts::ui {

class WseCanvas;
class WseDocument;
class WseHistory;

class WseRunView : public RunView {
  Q_OBJECT
 public:
  WseRunView(WseDocument* document, QWidget* parent = nullptr);
  GridCanvas* canvas() override;
  WseCanvas* wseCanvas() const { return canvas_; }
  void showResult(const RunPayload& payload) override;
  void showLive(std::shared_ptr<const core::Snapshot> snapshot) override;
  std::vector<int> selection() const override;
  void setSelection(const std::vector<int>& items) override;
  void setDifferences(const RunDifferences* differences) override;

 private:
  WseCanvas* canvas_;
};

class WseCompareSupport : public CompareSupport {
 public:
  explicit WseCompareSupport(WseHistory* history);
  QString kind() const override;
  const std::vector<MetricColumn>& columns() const override;
  RunView* createView(QWidget* parent) const override;
  RunDifferences differences(const std::vector<const RunPayload*>& runs) const override;
  QString differencesText(const RunDifferences& differences) const override;
  /// CU.POKer, TBS-SA and divide and conquer with their defaults, from scratch and from the
  /// current layout ("… from current").
  std::vector<LaunchPreset> presets() const override;
  /// With the document's pins and the run panel's thread count; from scratch for the presets
  /// that say so, else from the current layout.
  RunTask* createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                      QString* error) override;
  const RunRecord* record(int id) const override;

 private:
  WseHistory* history_;
};

}  // namespace ts::ui
