#include "widgets/history/wse_history.h"

#include "engine/wse/snapshot.h"
#include "widgets/history/wse_run.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_job.h"
#include "widgets/wse/wse_run_panel.h"

namespace ts::ui {

WseHistory::WseHistory(WseDocument* document, WseCanvas* canvas, WseRunPanel* panel, HistoryDock* dock,
                       bool persistent, QObject* parent)
    : HistoryBinding(document, panel, dock, persistent, parent), doc_(document), canvas_(canvas), panel_(panel) {
  bind();
}

nlohmann::json WseHistory::identity() const {
  return wseDocumentIdentity(doc_->graph());
}

std::unique_ptr<RunPayloadReader> WseHistory::makeReader() const {
  return std::make_unique<WseRunReader>(doc_->sharedGraph());
}

int WseHistory::startRunNow() const {
  return doc_->isOpen() ? wseStartRun(history_.records(), doc_->graph(), doc_->layout()) : 0;
}

int WseHistory::record(const WseRunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id) {
  // A job of a graph opened before (even the same file) is not this graph's run.
  if (!doc_->isOpen() || job.request().graph != doc_->sharedGraph()) return 0;
  if (id <= 0) id = history_.nextId();
  history_.add(wseRunRecord(job, id, startRun, name, series));
  return id;
}

void WseHistory::recordPanelRun(int id, int startRun) {
  if (panel_->job()) record(*panel_->job(), startRun, QString(), panel_->series(), id);
}

bool WseHistory::drawRun(const RunRecord& r) {
  auto* p = dynamic_cast<const WseRunPayload*>(r.payload.get());
  if (!p || !p->found()) {
    emit logMessage(tr("%1 ended without a legal layout: nothing to show").arg(r.title()));
    return false;
  }
  canvas_->showSnapshot(wse::makeLayoutSnapshot(p->graph(), p->layout(), p->evaluation(), "history"),
                        tr("showing %1 (not applied)").arg(r.title()));
  emit previewChanged(tr("showing %1 (not applied): %2").arg(r.title(), p->summary()));
  return true;
}

void WseHistory::drawDocument() {
  canvas_->showSnapshot(nullptr);
  emit previewChanged({});
}

bool WseHistory::applyRun(const RunRecord& r) {
  auto* p = dynamic_cast<const WseRunPayload*>(r.payload.get());
  if (!p || !p->found()) {
    emit logMessage(tr("%1 ended without a legal layout: nothing to apply").arg(r.title()));
    return false;
  }
  doc_->setLayout(p->layout(), tr("Apply %1").arg(r.title()), r.title());
  return true;
}

}  // namespace ts::ui
