#pragma once
// Binds the run history to an open AIE design: a fresh history (read back from the design's
// sidecar file) for every design opened, a record for every run the run panel or the compare
// window finishes, and what the history dock's buttons do on the AIE canvas and document.
#include <QObject>
#include <memory>
#include <string>
#include <vector>

#include "engine/aie/placement.h"
#include "widgets/history/run_history.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class HistoryDock;
class RunJob;
class RunPanel;
class SeriesRecorder;

class AieHistory : public QObject {
  Q_OBJECT
 public:
  /// `persistent` false: runs are kept in memory only (no sidecar is read or written), for
  /// screenshots and benchmarks.
  AieHistory(AieDocument* document, AieCanvas* canvas, RunPanel* panel, HistoryDock* dock, bool persistent = true,
             QObject* parent = nullptr);

  RunHistory* history() { return &history_; }
  AieDocument* document() const { return doc_; }

  /// Adds the record of a finished job under `id` (0: the next free id); returns its id.
  int record(const RunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id = 0);
  /// The run a job started now from the document's placement starts from (0 = manual).
  int startRunNow() const;

  /// Draws run `id`'s result on the canvas (the document is not changed).
  bool show(int id);
  /// Back to the document on the canvas.
  void showDesign();
  /// Makes run `id`'s result the document's placement and routing, as one undoable edit.
  bool apply(int id);
  /// Sets the run panel to run `id`'s algorithm, settings, seed and limit and starts it.
  bool rerun(int id);
  void remove(const std::vector<int>& ids);
  int shownRun() const { return shown_; }

 signals:
  void logMessage(const QString& text);
  /// As RunPanel::previewChanged, for a run of the history drawn on the canvas.
  void previewChanged(const QString& text, const aie::Placement* placement);
  void compareRequested(const std::vector<int>& ids);
  /// Another document is being opened: the runs shown so far are about to be forgotten.
  void aboutToReset();

 private:
  void documentOpened();

  AieDocument* doc_;
  AieCanvas* canvas_;
  RunPanel* panel_;
  HistoryDock* dock_;
  RunHistory history_;
  bool persistent_;
  int panelStartRun_ = 0;
  int panelRunId_ = 0;
  std::string fingerprint_;  ///< of the open design: records of other designs are refused
  int shown_ = 0;
};

}  // namespace ts::ui
