#include "widgets/history/history_binding.h"

#include <QWidget>

#include "widgets/document.h"
#include "widgets/history/history_dock.h"
#include "widgets/run_panel_base.h"

namespace ts::ui {

HistoryBinding::HistoryBinding(Document* document, RunPanelBase* panel, HistoryDock* dock, bool persistent,
                               QObject* parent)
    : QObject(parent), doc_(document), panel_(panel), dock_(dock), persistent_(persistent) {}

HistoryBinding::~HistoryBinding() = default;

void HistoryBinding::bind() {
  connect(doc_, &Document::opened, this, &HistoryBinding::documentOpened);
  connect(doc_, &Document::saved, this, [this] {
    // Saved under another name: the runs go with it (a no-op when the file stays the same).
    QString error;
    if (persistent_ && !history_.moveTo(RunHistory::sidecarPath(doc_->filePath()), &error))
      emit logMessage(tr("Cannot write the run history: %1").arg(error));
  });
  connect(&history_, &RunHistory::saveFailed, this,
          [this](const QString& error) { emit logMessage(tr("Cannot write the run history: %1").arg(error)); });
  connect(&history_, &RunHistory::added, dock_, [this] {
    // The Runs dock comes forward (its stack's dock widget in the main window).
    QWidget* stack = dock_->parentWidget();
    if (QWidget* dockWidget = stack ? stack->parentWidget() : nullptr) dockWidget->raise();
  });
  connect(panel_, &RunPanelBase::started, this, [this] {
    panelStartRun_ = startRunNow();
    panelRunId_ = history_.reserveId();
    showDesign();
    dock_->setBusy(true);
  });
  connect(panel_, &RunPanelBase::finished, this, [this] {
    dock_->setBusy(false);
    recordPanelRun(panelRunId_, panelStartRun_);
  });
  connect(dock_, &HistoryDock::showRequested, this, &HistoryBinding::show);
  connect(dock_, &HistoryDock::showDesignRequested, this, &HistoryBinding::showDesign);
  connect(dock_, &HistoryDock::applyRequested, this, &HistoryBinding::apply);
  connect(dock_, &HistoryDock::rerunRequested, this, &HistoryBinding::rerun);
  connect(dock_, &HistoryDock::deleteRequested, this, &HistoryBinding::remove);
  connect(dock_, &HistoryDock::compareRequested, this, &HistoryBinding::compareRequested);
  dock_->setHistory(&history_);
  if (doc_->isOpen()) documentOpened();
}

void HistoryBinding::documentOpened() {
  emit aboutToReset();
  shown_ = 0;
  dock_->setBusy(false);  // a run of the previous file is abandoned, never recorded
  if (!doc_->isOpen()) {  // closed: nothing to keep runs of
    history_.reset(QString(), nlohmann::json::object());
    return;
  }
  history_.reset(persistent_ ? RunHistory::sidecarPath(doc_->filePath()) : QString(), identity());
  history_.addReader(makeReader());
  QString warning;
  bool read = history_.load(&warning);
  if (read && history_.count() > 0)
    emit logMessage(tr("Read %1 earlier run(s) of this file from %2").arg(history_.count()).arg(history_.sidecar()));
  if (!warning.isEmpty()) emit logMessage(tr("Run history: %1").arg(warning));
}

bool HistoryBinding::show(int id) {
  const RunRecord* r = history_.find(id);
  if (!r || !r->payload || panel_->running()) return false;
  if (panel_->hasResult()) panel_->discardResult();
  if (!drawRun(*r)) return false;
  shown_ = id;
  return true;
}

void HistoryBinding::showDesign() {
  if (!shown_) return;
  shown_ = 0;
  drawDocument();
}

bool HistoryBinding::apply(int id) {
  const RunRecord* r = history_.find(id);
  if (!r || !r->payload || !doc_->isOpen() || panel_->running()) return false;
  showDesign();
  if (!applyRun(*r)) return false;
  emit logMessage(tr("Applied %1: %2").arg(r->title(), r->payload->summary()));
  return true;
}

bool HistoryBinding::rerun(int id) {
  const RunRecord* r = history_.find(id);
  if (!r) return false;
  showDesign();
  if (!panel_->configure(r->algorithm, r->settings, r->seed, r->timeLimit)) {
    emit logMessage(
        tr("Cannot re-run %1: the algorithm %2 is not available or a run is going").arg(r->title(), r->algorithm));
    return false;
  }
  emit logMessage(tr("Re-running %1 with the same settings").arg(r->title()));
  return r->startRun == RunRecord::kStartScratch ? panel_->startFromScratch() : panel_->start();
}

void HistoryBinding::remove(const std::vector<int>& ids) {
  for (int id : ids) {
    if (id == shown_) showDesign();
    if (history_.remove(id)) emit logMessage(tr("Deleted run #%1 from the history").arg(id));
  }
}

}  // namespace ts::ui
