#pragma once
// Binds the run history to an open document of one kind, whatever the kind: a fresh history
// (read back from the document's sidecar file) for every document opened, a record for every
// run the run panel finishes (started from which run, under the id it got when it started),
// the history dock's buttons (show, apply, re-run, delete, compare), and the sidecar moved
// along when the document is saved elsewhere. A kind (AieHistory, WseHistory) says what its
// document's identity is, how its payloads are read back, drawn and applied, and how a
// finished job becomes a record.
#include <QObject>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "widgets/history/run_history.h"

namespace ts::ui {

class Document;
class HistoryDock;
class RunPanelBase;

class HistoryBinding : public QObject {
  Q_OBJECT
 public:
  ~HistoryBinding() override;

  RunHistory* history() { return &history_; }
  Document* document() const { return doc_; }
  RunPanelBase* runPanel() const { return panel_; }

  /// The run a job started now from the document's state starts from: the newest run whose
  /// result it is, else 0 ("manual"), or RunRecord::kStartScratch.
  virtual int startRunNow() const = 0;

  /// Draws run `id`'s result on the canvas (the document is not changed).
  bool show(int id);
  /// Back to the document on the canvas.
  void showDesign();
  /// Makes run `id`'s result the document's state, as one undoable edit.
  bool apply(int id);
  /// Sets the run panel to run `id`'s algorithm, settings, seed and limit and starts it.
  bool rerun(int id);
  void remove(const std::vector<int>& ids);
  int shownRun() const { return shown_; }

 signals:
  void logMessage(const QString& text);
  void compareRequested(const std::vector<int>& ids);
  /// Another document is being opened: the runs shown so far are about to be forgotten.
  void aboutToReset();

 protected:
  /// `persistent` false: runs are kept in memory only (no sidecar is read or written), for
  /// screenshots and benchmarks. The derived constructor calls bind() last.
  HistoryBinding(Document* document, RunPanelBase* panel, HistoryDock* dock, bool persistent, QObject* parent);
  void bind();

  /// What the runs belong to; its "fingerprint" must match for a sidecar to be read.
  virtual nlohmann::json identity() const = 0;
  virtual std::unique_ptr<RunPayloadReader> makeReader() const = 0;
  /// Draws a record's result on the canvas; false when it has nothing to draw.
  virtual bool drawRun(const RunRecord& record) = 0;
  /// Draws the document again (a drawn run is gone).
  virtual void drawDocument() = 0;
  /// Sets the document's state to a record's result (one undoable edit); false if it has none.
  virtual bool applyRun(const RunRecord& record) = 0;
  /// The panel's job has ended: records it under `id`, started from `startRun`.
  virtual void recordPanelRun(int id, int startRun) = 0;

  RunHistory history_;

 private:
  void documentOpened();

  Document* doc_;
  RunPanelBase* panel_;
  HistoryDock* dock_;
  bool persistent_;
  int panelStartRun_ = 0;
  int panelRunId_ = 0;
  int shown_ = 0;
};

}  // namespace ts::ui
