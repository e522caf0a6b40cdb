#pragma once
// The run dock for a WSE kernel graph (see RunPanelBase): CU.POKer, TBS-SA or divide and
// conquer with their settings, seed, threads and time limit, run from the current layout with
// its pinned kernels, watched on the canvas and in the charts; the result is kept (one undoable
// edit) or discarded, with the score terms before and after side by side. A graph opened
// without a layout is placed by CU.POKer the same way, its result applied when it ends.
#include <memory>

#include "widgets/run_panel_base.h"
#include "widgets/wse/wse_run_job.h"

class QSpinBox;
class QTableWidget;

namespace ts::ui {

class WseCanvas;
class WseDocument;
class WseRunChart;

class WseRunPanel : public RunPanelBase {
  Q_OBJECT
 public:
  WseRunPanel(WseDocument* document, WseCanvas* canvas, WseRunChart* chart, QWidget* parent = nullptr);
  ~WseRunPanel() override;

  /// "cupoker", "tbs-sa" or "dnc".
  QString algorithm() const { return algorithmId(); }
  void setThreads(int threads);
  /// Worker threads of the next run (0: all cores).
  int threads() const;
  /// As RunPanelBase::configure; the thread count comes from the settings' "threads".
  bool configure(const QString& algorithmId, const core::ParamValues& settings, uint64_t seed,
                 double timeLimit) override;
  WseRunJob* job() const override;
  /// The before/after table of the pending result (tests read it).
  QTableWidget* comparison() const { return table_; }

 public slots:
  /// Starts the selected algorithm from the current layout with its pins. False when it cannot.
  bool start() override;
  bool startFromScratch() override;
  /// Places a graph that has no layout yet: CU.POKer with its defaults; the result is applied
  /// when the run ends (stopping it keeps the best layout found so far).
  bool placeFromScratch();
  bool keepResult() override;
  void discardResult() override;

 protected:
  std::vector<core::ParamSpec> paramsOf(const QString& id) const override;
  bool presentSnapshot(std::shared_ptr<const core::Snapshot> snapshot) override;
  bool canStart() const override;
  QString runningDetail() const override;

 private:
  bool launch(const QString& algorithm, const core::ParamValues& settings, bool fromScratch);
  void onFinished();
  void fillComparison();

  WseDocument* doc_;
  WseCanvas* canvas_;
  WseRunChart* chart_;
  std::unique_ptr<WseRunJob> job_;
  bool fromScratch_ = false;
  QString phase_;
  QSpinBox* threads_;
  QTableWidget* table_;
};

}  // namespace ts::ui
