#include "widgets/history/aie_history.h"

#include "engine/aie/snapshot.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/history/aie_run.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

namespace ts::ui {

AieHistory::AieHistory(AieDocument* document, AieCanvas* canvas, RunPanel* panel, HistoryDock* dock, bool persistent,
                       QObject* parent)
    : HistoryBinding(document, panel, dock, persistent, parent), doc_(document), canvas_(canvas), panel_(panel) {
  bind();
}

nlohmann::json AieHistory::identity() const {
  return aieDocumentIdentity(doc_->design(), doc_->device());
}

std::unique_ptr<RunPayloadReader> AieHistory::makeReader() const {
  return std::make_unique<AieRunReader>(doc_->design(), doc_->device(), doc_->rrGraph());
}

int AieHistory::startRunNow() const {
  return doc_->isOpen() ? aieStartRun(history_.records(), doc_->placement()) : 0;
}

int AieHistory::record(const RunJob& job, int startRun, const QString& name, const SeriesRecorder& series, int id) {
  if (!doc_->isOpen()) return 0;
  const RunInputs& in = job.inputs();
  const std::string fingerprint = history_.identity().value("fingerprint", std::string());
  if (aieDocumentIdentity(in.design, in.device).value("fingerprint", std::string()) != fingerprint) return 0;
  if (id <= 0) id = history_.nextId();
  history_.add(aieRunRecord(job, doc_->rrGraph(), id, startRun, name, series));
  return id;
}

void AieHistory::recordPanelRun(int id, int startRun) {
  if (panel_->job()) record(*panel_->job(), startRun, QString(), panel_->series(), id);
}

bool AieHistory::drawRun(const RunRecord& r) {
  auto* p = dynamic_cast<const AieRunPayload*>(r.payload.get());
  if (!p) return false;
  canvas_->showSnapshot(std::make_shared<const aie::PlacementSnapshot>(p->placement(), p->routing()));
  emit previewChanged(tr("showing %1 (not applied): %2").arg(r.title(), p->summary()), &p->placement());
  return true;
}

void AieHistory::drawDocument() {
  canvas_->showSnapshot(nullptr);
  emit previewChanged({}, nullptr);
}

bool AieHistory::applyRun(const RunRecord& r) {
  auto* p = dynamic_cast<const AieRunPayload*>(r.payload.get());
  if (!p) return false;
  doc_->setState({p->placement(), p->routing()}, tr("Apply %1").arg(r.title()));
  return true;
}

}  // namespace ts::ui
