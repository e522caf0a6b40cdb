#pragma once
// The run history of an open WSE kernel graph (see HistoryBinding): a record for every
// CU.POKer, TBS-SA or divide-and-conquer run the run panel (including the placement of a
// graph opened without a layout) or the compare window finishes; a run's layout drawn on the
// fabric canvas or made the current layout. The sidecar belongs to the .kgraph: saving the
// layout to a .paint leaves it where it is.
#include "widgets/history/history_binding.h"

namespace ts::ui {

class SeriesRecorder;
class WseCanvas;
class WseDocument;
class WseRunJob;
class WseRunPanel;

class WseHistory : public HistoryBinding {
  Q_OBJECT
 public:
  WseHistory(WseDocument* document, WseCanvas* canvas, WseRunPanel* panel, HistoryDock* dock, bool persistent = true,
             QObject* parent = nullptr);

  WseDocument* wseDocument() const { return doc_; }
  WseRunPanel* wseRunPanel() const { return panel_; }

  /// Adds the record of a finished job under `id` (0: the next free id); returns its id (0:
  /// the job ran on another graph).
  int record(const WseRunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id = 0);
  int startRunNow() const override;

 signals:
  /// A run of the history is drawn on the canvas (its figures for the status bar), or no
  /// longer (empty).
  void previewChanged(const QString& text);

 protected:
  nlohmann::json identity() const override;
  std::unique_ptr<RunPayloadReader> makeReader() const override;
  bool drawRun(const RunRecord& record) override;
  void drawDocument() override;
  bool applyRun(const RunRecord& record) override;
  void recordPanelRun(int id, int startRun) override;

 private:
  WseDocument* doc_;
  WseCanvas* canvas_;
  WseRunPanel* panel_;
};

}  // namespace ts::ui
