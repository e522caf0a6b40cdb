#include "widgets/compare/aie_compare.h"

#include <QVBoxLayout>
#include <algorithm>

#include "engine/aie/flow/algorithms.h"
#include "engine/aie/snapshot.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/compare/job_run_task.h"
#include "widgets/history/aie_history.h"
#include "widgets/history/aie_run.h"
#include "widgets/run_catalog.h"
#include "widgets/run_job.h"

namespace ts::ui {

AieRunView::AieRunView(AieDocument* document, QWidget* parent) : RunView(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  canvas_ = new AieCanvas(document, this);
  canvas_->setEditable(false);
  // Small canvases side by side: the legend (same colours as the main canvas) would cover them.
  AieLayers layers = canvas_->layers();
  layers.legend = false;
  canvas_->setLayers(layers);
  canvas_->setMinimumSize(160, 90);
  layout->addWidget(canvas_);
  connect(canvas_, &AieCanvas::selectionChanged, this, &RunView::selectionChanged);
}

GridCanvas* AieRunView::canvas() {
  return canvas_;
}

void AieRunView::showResult(const RunPayload& payload) {
  auto* p = dynamic_cast<const AieRunPayload*>(&payload);
  if (p) canvas_->showSnapshot(std::make_shared<const aie::PlacementSnapshot>(p->placement(), p->routing()));
}

void AieRunView::showLive(std::shared_ptr<const core::Snapshot> snapshot) {
  auto snap = std::dynamic_pointer_cast<const aie::PlacementSnapshot>(snapshot);
  if (snap) canvas_->showSnapshot(snap);
}

std::vector<int> AieRunView::selection() const {
  std::vector<aie::CoreId> cores = canvas_->selectedCores();
  return std::vector<int>(cores.begin(), cores.end());
}

void AieRunView::setSelection(const std::vector<int>& items) {
  canvas_->setSelectedCores(std::vector<aie::CoreId>(items.begin(), items.end()));
}

void AieRunView::setDifferences(const RunDifferences* d) {
  if (d)
    canvas_->setDimmed(d->sameItems, d->sameConnections);
  else
    canvas_->setDimmed({}, {});
}

AieCompareSupport::AieCompareSupport(AieHistory* history) : history_(history) {}

QString AieCompareSupport::kind() const {
  return QString::fromLatin1(AieRunPayload::kKind);
}

const std::vector<MetricColumn>& AieCompareSupport::columns() const {
  return aieMetricColumns();
}

RunView* AieCompareSupport::createView(QWidget* parent) const {
  return new AieRunView(history_->aieDocument(), parent);
}

RunDifferences AieCompareSupport::differences(const std::vector<const RunPayload*>& runs) const {
  RunDifferences d;
  std::vector<const AieRunPayload*> aie;
  for (const RunPayload* p : runs)
    if (auto* a = dynamic_cast<const AieRunPayload*>(p)) aie.push_back(a);
  if (aie.empty() || !history_->document()->isOpen()) return d;
  const aie::Design& design = history_->aieDocument()->design();
  const int cores = design.coreCount(), nets = design.netCount();
  d.sameItems.assign(size_t(cores), 1);
  d.sameConnections.assign(size_t(nets), 1);
  const aie::Placement& first = aie.front()->placement();
  for (aie::CoreId c = 0; c < cores; ++c)
    for (const AieRunPayload* p : aie)
      if (p->placement().placed(c) != first.placed(c) ||
          (first.placed(c) && !(p->placement().tile(c) == first.tile(c))))
        d.sameItems[size_t(c)] = 0;
  // A net differs when an end moved or its route (kind, or link set) is not the same.
  auto route = [](const AieRunPayload* p, aie::NetId n) -> const aie::NetRoute* {
    auto r = p->routing();
    return r && size_t(n) < r->nets.size() && r->nets[size_t(n)].routed ? &r->nets[size_t(n)] : nullptr;
  };
  for (aie::NetId n = 0; n < nets; ++n) {
    const aie::Net& net = design.nets[size_t(n)];
    bool same = d.sameItems[size_t(net.source)] != 0;
    for (aie::CoreId t : net.targets) same = same && d.sameItems[size_t(t)] != 0;
    const aie::NetRoute* r0 = route(aie.front(), n);
    std::vector<int> e0 = r0 ? r0->edges : std::vector<int>{};
    std::sort(e0.begin(), e0.end());
    for (size_t i = 1; i < aie.size() && same; ++i) {
      const aie::NetRoute* r = route(aie[i], n);
      if (bool(r) != bool(r0)) {
        same = false;
      } else if (r) {
        std::vector<int> e = r->edges;
        std::sort(e.begin(), e.end());
        same = r->type == r0->type && e == e0;
      }
    }
    d.sameConnections[size_t(n)] = same ? 1 : 0;
  }
  d.differentItems = int(std::count(d.sameItems.begin(), d.sameItems.end(), 0));
  d.differentConnections = int(std::count(d.sameConnections.begin(), d.sameConnections.end(), 0));
  return d;
}

QString AieCompareSupport::differencesText(const RunDifferences& d) const {
  return QObject::tr("%1 cores on different tiles · %2 nets routed differently")
      .arg(d.differentItems)
      .arg(d.differentConnections);
}

std::vector<LaunchPreset> AieCompareSupport::presets() const {
  // The AIE PnR paper's comparison (every placer followed by the MILP router), then a flow for
  // every other registered placer with its defaults.
  std::vector<LaunchPreset> out = {
      {"SA+BB", "flow/sa+milp", {{"place.cost", "bb"}}, "simulated annealing, bounding-box cost; MILP router"},
      {"SA+BBCG", "flow/sa+milp", {{"place.cost", "bbcg"}}, "simulated annealing, congestion cost; MILP router"},
      {"LSMO", "flow/lsmo+milp", {}, "local search with an MILP oracle; MILP router"},
      {"sequential", "flow/sequential+milp", {}, "AMD's greedy sequential placer; MILP router"},
  };
  for (const aie::PlacerInfo& p : aie::placerRegistry()) {
    QString id = QString::fromStdString("flow/" + p.name + "+milp");
    bool listed = std::any_of(out.begin(), out.end(), [&](const LaunchPreset& l) { return l.algorithm == id; });
    if (!listed && p.name != "manual")
      out.push_back({QString::fromStdString(p.name), id, {}, QString::fromStdString(p.description)});
  }
  return out;
}

RunTask* AieCompareSupport::createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                                       QString* error) {
  AieDocument* doc = history_->aieDocument();
  if (!doc->isOpen()) {
    if (error) *error = QObject::tr("no design is open");
    return nullptr;
  }
  std::optional<RunAlgorithm> algorithm = findRunAlgorithm(preset.algorithm.toStdString());
  if (!algorithm) {
    if (error) *error = QObject::tr("%1: no algorithm %2").arg(preset.name, preset.algorithm);
    return nullptr;
  }
  RunInputs in{doc->design(), doc->device(), doc->placement(), doc->routing()};
  auto job = std::make_unique<RunJob>(*algorithm, std::move(in), preset.settings, seed, timeLimit);
  return makeRecordedTask(history_, std::move(job), preset.name, parent);
}

const RunRecord* AieCompareSupport::record(int id) const {
  return history_->history()->find(id);
}

}  // namespace ts::ui
