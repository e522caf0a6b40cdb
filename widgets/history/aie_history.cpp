#include "widgets/history/aie_history.h"

#include "engine/aie/snapshot.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/history/aie_run.h"
#include "widgets/history/history_dock.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

namespace ts::ui {

AieHistory::AieHistory(AieDocument* document, AieCanvas* canvas, RunPanel* panel, HistoryDock* dock, bool persistent,
                       QObject* parent)
    : QObject(parent), doc_(document), canvas_(canvas), panel_(panel), dock_(dock), persistent_(persistent) {
  connect(doc_, &AieDocument::opened, this, &AieHistory::documentOpened);
  connect(doc_, &AieDocument::saved, this, [this](const QString& path) {
    QString error;
    if (persistent_ && !history_.moveTo(RunHistory::sidecarPath(path), &error))
      emit logMessage(tr("Cannot write the run history: %1").arg(error));
  });
  connect(&history_, &RunHistory::saveFailed, this,
          [this](const QString& error) { emit logMessage(tr("Cannot write the run history: %1").arg(error)); });
  connect(panel_, &RunPanel::started, this, [this] {
    panelStartRun_ = startRunNow();
    panelRunId_ = history_.reserveId();
    if (shown_) showDesign();
    dock_->setBusy(true);
  });
  connect(panel_, &RunPanel::runEnded, this, [this] {
    dock_->setBusy(false);
    if (panel_->job()) record(*panel_->job(), panelStartRun_, QString(), panel_->series(), panelRunId_);
  });
  connect(dock_, &HistoryDock::showRequested, this, &AieHistory::show);
  connect(dock_, &HistoryDock::showDesignRequested, this, &AieHistory::showDesign);
  connect(dock_, &HistoryDock::applyRequested, this, &AieHistory::apply);
  connect(dock_, &HistoryDock::rerunRequested, this, &AieHistory::rerun);
  connect(dock_, &HistoryDock::deleteRequested, this, &AieHistory::remove);
  connect(dock_, &HistoryDock::compareRequested, this, &AieHistory::compareRequested);
  dock_->setHistory(&history_);
  if (doc_->isOpen()) documentOpened();
}

void AieHistory::documentOpened() {
  emit aboutToReset();
  shown_ = 0;
  if (!doc_->isOpen()) {  // closed: nothing to keep runs of
    fingerprint_.clear();
    history_.reset(QString(), nlohmann::json::object());
    return;
  }
  nlohmann::json identity = aieDocumentIdentity(doc_->design(), doc_->device());
  fingerprint_ = identity.value("fingerprint", std::string());
  history_.reset(persistent_ ? RunHistory::sidecarPath(doc_->filePath()) : QString(), identity);
  history_.addReader(std::make_unique<AieRunReader>(doc_->design(), doc_->device(), doc_->rrGraph()));
  QString warning;
  bool read = history_.load(&warning);
  if (read && history_.count() > 0)
    emit logMessage(tr("Read %1 earlier run(s) of this design from %2").arg(history_.count()).arg(history_.sidecar()));
  if (!warning.isEmpty()) emit logMessage(tr("Run history: %1").arg(warning));
}

int AieHistory::startRunNow() const {
  return doc_->isOpen() ? aieStartRun(history_.records(), doc_->placement()) : 0;
}

int AieHistory::record(const RunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id) {
  if (!doc_->isOpen()) return 0;
  const RunInputs& in = job.inputs();
  if (aieDocumentIdentity(in.design, in.device).value("fingerprint", std::string()) != fingerprint_) return 0;
  if (id <= 0) id = history_.nextId();
  history_.add(aieRunRecord(job, doc_->rrGraph(), id, startRun, name, series));
  return id;
}

bool AieHistory::show(int id) {
  const RunRecord* r = history_.find(id);
  auto* p = r ? dynamic_cast<const AieRunPayload*>(r->payload.get()) : nullptr;
  if (!p || (panel_->job() && panel_->job()->running())) return false;
  if (panel_->hasResult()) panel_->discardResult();
  canvas_->showSnapshot(std::make_shared<const aie::PlacementSnapshot>(p->placement(), p->routing()));
  shown_ = id;
  emit previewChanged(tr("showing %1 (not applied): %2").arg(r->title(), p->summary()), &p->placement());
  return true;
}

void AieHistory::showDesign() {
  if (!shown_) return;
  shown_ = 0;
  canvas_->showSnapshot(nullptr);
  emit previewChanged({}, nullptr);
}

bool AieHistory::apply(int id) {
  const RunRecord* r = history_.find(id);
  auto* p = r ? dynamic_cast<const AieRunPayload*>(r->payload.get()) : nullptr;
  if (!p || !doc_->isOpen() || (panel_->job() && panel_->job()->running())) return false;
  showDesign();
  doc_->setState({p->placement(), p->routing()}, tr("Apply %1").arg(r->title()));
  emit logMessage(tr("Applied %1: %2").arg(r->title(), p->summary()));
  return true;
}

bool AieHistory::rerun(int id) {
  const RunRecord* r = history_.find(id);
  if (!r) return false;
  showDesign();
  if (!panel_->configure(r->algorithm, r->settings, r->seed, r->timeLimit)) {
    emit logMessage(
        tr("Cannot re-run %1: the algorithm %2 is not available or a run is going").arg(r->title(), r->algorithm));
    return false;
  }
  emit logMessage(tr("Re-running %1 with the same settings").arg(r->title()));
  return panel_->start();
}

void AieHistory::remove(const std::vector<int>& ids) {
  for (int id : ids) {
    if (id == shown_) showDesign();
    if (history_.remove(id)) emit logMessage(tr("Deleted run #%1 from the history").arg(id));
  }
}

}  // namespace ts::ui
