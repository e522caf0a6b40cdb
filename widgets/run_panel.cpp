#include "widgets/run_panel.h"

#include "engine/aie/snapshot.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/qt_text.h"
#include "widgets/run_job.h"

namespace ts::ui {

RunPanel::RunPanel(AieDocument* document, AieCanvas* canvas, QorChartPanel* charts, QWidget* parent)
    : RunPanelBase(QStringLiteral("run"), parent),
      doc_(document),
      canvas_(canvas),
      charts_(charts),
      algorithms_(runAlgorithms()) {
  std::vector<AlgorithmEntry> entries;
  for (const RunAlgorithm& a : algorithms_) entries.push_back({q(a.id()), q(a.label()), q(a.description)});
  setAlgorithms(entries);
  connect(doc_, &AieDocument::opened, this, [this] {
    // A run of the previous design must not offer its result for the new one.
    abandon(std::move(job_));
    discardResult();
    charts_->clear();  // nothing of the previous design's runs stays on screen
  });
}

RunPanel::~RunPanel() = default;

RunJob* RunPanel::job() const {
  return job_.get();
}

bool RunPanel::canStart() const {
  return doc_->isOpen();
}

std::vector<core::ParamSpec> RunPanel::paramsOf(const QString& id) const {
  for (const RunAlgorithm& a : algorithms_)
    if (q(a.id()) == id) return a.params ? a.params() : std::vector<core::ParamSpec>{};
  return {};
}

bool RunPanel::start() {
  if (!doc_->isOpen() || running()) return false;
  auto it = std::find_if(algorithms_.begin(), algorithms_.end(),
                         [&](const RunAlgorithm& a) { return q(a.id()) == algorithmId(); });
  if (it == algorithms_.end()) return false;
  if (hasResult()) discardResult();
  const RunAlgorithm& a = *it;
  RunInputs in{doc_->design(), doc_->device(), doc_->placement(), doc_->routing()};
  core::ParamValues values = form()->values();
  job_ = std::make_unique<RunJob>(a, std::move(in), values, uint64_t(seed()), timeLimit());
  connect(job_.get(), &RunJob::sampleReady, charts_, &QorChartPanel::addSample);
  connect(job_.get(), &RunJob::finished, this, &RunPanel::onFinished);
  charts_->beginRun(q(a.label()));
  QString settings;
  for (const auto& [k, v] : values) settings += QStringLiteral(" %1=%2").arg(q(k), q(v));
  launched(tr("Started %1 (seed %2, time limit %3)%4")
               .arg(q(a.label()))
               .arg(seed())
               .arg(timeLimit() > 0 ? QString::number(timeLimit()) + " s" : tr("none"))
               .arg(settings.isEmpty() ? QString() : tr(", settings:") + settings));
  return true;
}

bool RunPanel::presentSnapshot(std::shared_ptr<const core::Snapshot> snapshot) {
  auto shown = std::dynamic_pointer_cast<const aie::PlacementSnapshot>(snapshot);
  // A router's snapshot without a routing says nothing new about the fixed placement.
  if (!shown || (!shown->routing && job_->algorithm().kind == RunKind::Route)) return false;
  canvas_->showSnapshot(shown);
  return true;
}

void RunPanel::onFinished() {
  charts_->flush();
  const RunOutput& out = job_->output();
  const RunInputs& in = job_->inputs();
  canvas_->showSnapshot(std::make_shared<const aie::PlacementSnapshot>(out.placement, out.routing));
  // Before/after figures of this run (the start is the job's own copy of the document's state).
  const aie::RrGraph* graph = doc_->rrGraph().get();
  AieUsage usageBefore =
      computeAieUsage(in.design, in.device, in.placement, in.routing.get(), in.routing ? graph : nullptr);
  AieUsage usageAfter =
      computeAieUsage(in.design, in.device, out.placement, out.routing.get(), out.routing ? graph : nullptr);
  before_ = aieFigures(in.design, in.device, in.placement, in.routing.get(), graph, usageBefore);
  after_ = aieFigures(in.design, in.device, out.placement, out.routing.get(), graph, usageAfter);
  const bool stopped = job_->stopRequested();
  const QString ran = job_->runTimeText();
  QString summary = stopped ? tr("%1: stopped after %2 (%3)").arg(q(job_->algorithm().label()), ran, q(out.status))
                            : tr("%1: %2 after %3").arg(q(job_->algorithm().label()), q(out.status), ran);
  QString text = summary.toHtmlEscaped();
  for (const auto& r : out.reasons) text += "<br>• " + q(r).toHtmlEscaped();
  if (!out.pinsRespected) text += tr("<br><b>The result moved pinned cores; it cannot be kept.</b>");
  text += aieFiguresComparisonHtml(before_, after_);
  ended(true, text, stopped ? tr("Stopped") : out.success ? tr("Finished") : tr("Finished without success"));
  setKeepEnabled(out.pinsRespected);
  emit logMessage(summary + " · " + aieFiguresSummary(after_));
  for (const auto& r : out.reasons) emit logMessage("  " + q(r));
  emit previewChanged(tr("run result (not kept): ") + aieFiguresSummary(after_), &job_->output().placement);
  // Last: a listener may keep or discard the result at once (the studio's --keep does).
  emit finished(out.success, summary);
}

bool RunPanel::keepResult() {
  if (!hasResult() || !job_) return false;
  const RunOutput& out = job_->output();
  if (!out.pinsRespected) return false;
  if (doc_->placement() != job_->inputs().placement) {
    // Pins or moves made while it ran would be lost, and a routing would not match.
    appendResultText(tr("<br><b>The placement changed during the run; run again to use it.</b>"));
    setKeepEnabled(false);
    return false;
  }
  setResultPending(false);
  setStatus(tr("Kept"));
  canvas_->showSnapshot(nullptr);
  doc_->setState({out.placement, out.routing}, tr("Keep %1 result").arg(q(job_->algorithm().label())));
  emit logMessage(tr("Kept the result of %1").arg(q(job_->algorithm().label())));
  emit previewChanged({}, nullptr);
  return true;
}

void RunPanel::discardResult() {
  bool had = hasResult();
  setResultPending(false);
  canvas_->showSnapshot(nullptr);
  if (had) {
    setStatus(tr("Discarded"));
    emit logMessage(tr("Discarded the run result"));
    emit previewChanged({}, nullptr);
  }
}

}  // namespace ts::ui
