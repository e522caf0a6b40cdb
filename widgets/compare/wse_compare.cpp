#include "widgets/compare/wse_compare.h"

#include <QVBoxLayout>
#include <algorithm>

#include "engine/wse/placers.h"
#include "engine/wse/snapshot.h"
#include "widgets/compare/job_run_task.h"
#include "widgets/history/wse_history.h"
#include "widgets/history/wse_run.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_job.h"
#include "widgets/wse/wse_run_panel.h"

namespace ts::ui {

WseRunView::WseRunView(WseDocument* document, QWidget* parent) : RunView(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  canvas_ = new WseCanvas(document, this);
  canvas_->setEditable(false);
  // Small canvases side by side: the legend would cover them (the table has the figures).
  WseLayers layers = canvas_->layers();
  layers.legend = false;
  canvas_->setLayers(layers);
  canvas_->setMinimumSize(160, 90);
  layout->addWidget(canvas_);
  connect(canvas_, &WseCanvas::selectionChanged, this, &RunView::selectionChanged);
}

GridCanvas* WseRunView::canvas() {
  return canvas_;
}

void WseRunView::showResult(const RunPayload& payload) {
  auto* p = dynamic_cast<const WseRunPayload*>(&payload);
  if (!p) return;
  // A run without a layout shows an empty fabric, never the document's layout.
  canvas_->showSnapshot(wse::makeLayoutSnapshot(p->graph(), p->layout(), p->evaluation(), "final"));
  canvas_->setMessage(p->found() ? QString() : tr("No legal layout"));
}

void WseRunView::showLive(std::shared_ptr<const core::Snapshot> snapshot) {
  auto snap = std::dynamic_pointer_cast<const wse::LayoutSnapshot>(snapshot);
  if (snap) canvas_->showSnapshot(snap);
}

std::vector<int> WseRunView::selection() const {
  return canvas_->selectedKernels();
}

void WseRunView::setSelection(const std::vector<int>& items) {
  canvas_->setSelectedKernels(items);
}

void WseRunView::setDifferences(const RunDifferences* d) {
  if (d)
    canvas_->setDimmed(d->sameItems, d->sameConnections);
  else
    canvas_->setDimmed({}, {});
}

WseCompareSupport::WseCompareSupport(WseHistory* history) : history_(history) {}

QString WseCompareSupport::kind() const {
  return QString::fromLatin1(WseRunPayload::kKind);
}

const std::vector<MetricColumn>& WseCompareSupport::columns() const {
  return wseMetricColumns();
}

RunView* WseCompareSupport::createView(QWidget* parent) const {
  return new WseRunView(history_->wseDocument(), parent);
}

RunDifferences WseCompareSupport::differences(const std::vector<const RunPayload*>& runs) const {
  RunDifferences d;
  std::vector<const WseRunPayload*> wse;
  for (const RunPayload* p : runs)
    if (auto* w = dynamic_cast<const WseRunPayload*>(p)) wse.push_back(w);
  if (wse.empty() || !history_->document()->isOpen()) return d;
  const wse::KernelGraph& g = history_->wseDocument()->graph();
  d.sameItems.assign(size_t(g.kernelCount()), 1);
  d.sameConnections.assign(g.kernelEdges.size(), 1);
  // A kernel differs when it sits elsewhere, turned, or with other execution arguments (shape).
  const wse::Layout& first = wse.front()->layout();
  for (int k = 0; k < g.kernelCount(); ++k) {
    const wse::PlacedKernel& a = first.kernels[size_t(k)];
    for (const WseRunPayload* p : wse) {
      const wse::PlacedKernel& b = p->layout().kernels[size_t(k)];
      if (a.placed != b.placed || (a.placed && (a.x != b.x || a.y != b.y || a.rotated != b.rotated || !(a.args == b.args))))
        d.sameItems[size_t(k)] = 0;
    }
  }
  // An edge differs when an end differs (its length or adapter may have changed).
  for (size_t e = 0; e < g.kernelEdges.size(); ++e)
    d.sameConnections[e] = d.sameItems[size_t(g.kernelEdges[e].src)] && d.sameItems[size_t(g.kernelEdges[e].dst)];
  d.differentItems = int(std::count(d.sameItems.begin(), d.sameItems.end(), 0));
  d.differentConnections = int(std::count(d.sameConnections.begin(), d.sameConnections.end(), 0));
  return d;
}

QString WseCompareSupport::differencesText(const RunDifferences& d) const {
  return QObject::tr("%1 kernels at other places or shapes · %2 kernel edges changed")
      .arg(d.differentItems)
      .arg(d.differentConnections);
}

namespace {
const QString kFromCurrent = QStringLiteral(" from current");

/// The preset names of the WSE placers: "CU.POKer", "TBS-SA", "Divide and conquer".
QString presetName(const std::string& algorithm) {
  return QString::fromStdString(algorithm == "tbs-sa" ? std::string("TBS-SA") : wse::wseAlgorithmLabel(algorithm));
}
}  // namespace

std::vector<LaunchPreset> WseCompareSupport::presets() const {
  std::vector<LaunchPreset> out;
  for (bool fromCurrent : {false, true})
    for (const std::string& a : wse::wseAlgorithms()) {
      const QString what = QString::fromStdString(wse::wseAlgorithmDescription(a));
      out.push_back({presetName(a) + (fromCurrent ? kFromCurrent : QString()), QString::fromStdString(a), {},
                     what + (fromCurrent ? QObject::tr("; starts from the current layout (kept unless it finds a "
                                                       "better one)")
                                         : QObject::tr("; starts from scratch (pinned kernels stay)"))});
    }
  return out;
}

RunTask* WseCompareSupport::createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                                       QString* error) {
  WseDocument* doc = history_->wseDocument();
  if (!doc->isOpen()) {
    if (error) *error = QObject::tr("no kernel graph is open");
    return nullptr;
  }
  if (!wse::isWseAlgorithm(preset.algorithm.toStdString())) {
    if (error) *error = QObject::tr("%1: no WSE placer %2").arg(preset.name, preset.algorithm);
    return nullptr;
  }
  const bool fromScratch = preset.name == presetName(preset.algorithm.toStdString());
  auto job = std::make_unique<WseRunJob>(wseRunRequest(*doc, preset.algorithm.toStdString(), preset.settings,
                                                       history_->wseRunPanel()->threads(), seed, timeLimit,
                                                       !fromScratch));
  return makeRecordedTask(history_, std::move(job), preset.name, parent);
}

const RunRecord* WseCompareSupport::record(int id) const {
  return history_->history()->find(id);
}

}  // namespace ts::ui
