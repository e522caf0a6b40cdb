#pragma once
// The run dock of an AIE design: any registered placer, router or flow with its settings, run
// from the current placement (see RunPanelBase), watched on the canvas and in the QoR charts;
// the result is kept as one undoable edit or discarded.
#include <memory>

#include "widgets/aie_figures.h"
#include "widgets/run_catalog.h"
#include "widgets/run_job.h"
#include "widgets/run_panel_base.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class QorChartPanel;

class RunPanel : public RunPanelBase {
  Q_OBJECT
 public:
  RunPanel(AieDocument* document, AieCanvas* canvas, QorChartPanel* charts, QWidget* parent = nullptr);
  ~RunPanel() override;

  RunJob* job() const override;
  /// Figures of the run's start and of its result (valid while hasResult()).
  const AieFigures& figuresBefore() const { return before_; }
  const AieFigures& figuresAfter() const { return after_; }

 signals:
  /// The canvas shows a result that is not kept yet: its one-line figures and placement (for
  /// the status bar and the design tree); empty text and null when it no longer does.
  void previewChanged(const QString& text, const aie::Placement* placement);

 public slots:
  bool start() override;
  bool keepResult() override;
  void discardResult() override;

 protected:
  std::vector<core::ParamSpec> paramsOf(const QString& id) const override;
  bool presentSnapshot(std::shared_ptr<const core::Snapshot> snapshot) override;
  bool canStart() const override;

 private:
  void onFinished();

  AieDocument* doc_;
  AieCanvas* canvas_;
  QorChartPanel* charts_;
  std::vector<RunAlgorithm> algorithms_;
  std::unique_ptr<RunJob> job_;
  AieFigures before_, after_;
};

}  // namespace ts::ui
