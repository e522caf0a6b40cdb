#pragma once
// The run history of an open AIE design (see HistoryBinding): a record for every run the run
// panel or the compare window finishes, a run's placement and routing drawn on the AIE canvas
// or made the design's state.
#include <string>

#include "engine/aie/placement.h"
#include "widgets/history/history_binding.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class RunJob;
class RunPanel;
class SeriesRecorder;

class AieHistory : public HistoryBinding {
  Q_OBJECT
 public:
  AieHistory(AieDocument* document, AieCanvas* canvas, RunPanel* panel, HistoryDock* dock, bool persistent = true,
             QObject* parent = nullptr);

  AieDocument* aieDocument() const { return doc_; }

  /// Adds the record of a finished job under `id` (0: the next free id); returns its id (0:
  /// the job ran on another design).
  int record(const RunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id = 0);
  int startRunNow() const override;

 signals:
  /// As RunPanel::previewChanged, for a run of the history drawn on the canvas.
  void previewChanged(const QString& text, const aie::Placement* placement);

 protected:
  nlohmann::json identity() const override;
  std::unique_ptr<RunPayloadReader> makeReader() const override;
  bool drawRun(const RunRecord& record) override;
  void drawDocument() override;
  bool applyRun(const RunRecord& record) override;
  void recordPanelRun(int id, int startRun) override;

 private:
  AieDocument* doc_;
  AieCanvas* canvas_;
  RunPanel* panel_;
};

}  // namespace ts::ui
