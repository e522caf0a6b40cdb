#include "widgets/wse/wse_run_panel.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cstdlib>
#include <thread>

#include "engine/wse/snapshot.h"
#include "widgets/param_form.h"
#include "widgets/qt_text.h"
#include "widgets/theme.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_chart.h"
#include "widgets/wse/wse_run_job.h"

namespace ts::ui {

WseRunPanel::WseRunPanel(WseDocument* document, WseCanvas* canvas, WseRunChart* chart, QWidget* parent)
    : RunPanelBase(QStringLiteral("wse-run"), parent), doc_(document), canvas_(canvas), chart_(chart) {
  threads_ = new QSpinBox(this);
  threads_->setRange(0, 256);
  threads_->setSpecialValueText(tr("all cores (%1)").arg(std::max(1u, std::thread::hardware_concurrency())));
  threads_->setToolTip(tr("Worker threads of the target-time search (CU.POKer, divide and conquer)"));
  header()->addRow(tr("Threads"), threads_);
  table_ = new QTableWidget(4, 3, this);
  table_->setHorizontalHeaderLabels({tr("Before"), tr("After"), tr("Change")});
  table_->setVerticalHeaderLabels({tr("MT"), tr("WL"), tr("AC"), tr("Score")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setMaximumHeight(150);
  resultLayout()->insertWidget(1, table_);
  std::vector<AlgorithmEntry> entries;
  for (const std::string& a : wse::wseAlgorithms())
    entries.push_back({q(a), q(wse::wseAlgorithmLabel(a)), q(wse::wseAlgorithmDescription(a))});
  setAlgorithms(entries);
  connect(doc_, &WseDocument::opened, this, [this] {
    // A run of the previous graph must not land on the new one.
    abandon(std::move(job_));
    fromScratch_ = false;
    canvas_->setMessage({});
    setStatus(tr("Idle"));
    discardResult();
    chart_->beginRun({});
  });
  connect(doc_, &WseDocument::changed, this, &WseRunPanel::updateControls);
}

WseRunPanel::~WseRunPanel() = default;

void WseRunPanel::setThreads(int threads) {
  threads_->setValue(threads);
}

int WseRunPanel::threads() const {
  return threads_->value();
}

bool WseRunPanel::configure(const QString& algorithmId, const core::ParamValues& settings, uint64_t seed,
                            double timeLimit) {
  core::ParamValues values = settings;
  auto threads = values.find(kWseThreadsKey);
  if (threads != values.end()) {
    if (!running()) threads_->setValue(std::atoi(threads->second.c_str()));
    values.erase(threads);
  }
  return RunPanelBase::configure(algorithmId, values, seed, timeLimit);
}

WseRunJob* WseRunPanel::job() const {
  return job_.get();
}

bool WseRunPanel::canStart() const {
  return doc_->isOpen();
}

std::vector<core::ParamSpec> WseRunPanel::paramsOf(const QString& id) const {
  return wse::isWseAlgorithm(id.toStdString()) ? wse::wsePlacerParams(id.toStdString())
                                               : std::vector<core::ParamSpec>{};
}

QString WseRunPanel::runningDetail() const {
  QString best = canvas_->showingSnapshot() ? wseNumber(canvas_->scene().evaluation().score) : tr("none yet");
  return (phase_.isEmpty() ? QString() : phase_ + QStringLiteral(" · ")) + tr("best %1").arg(best);
}

bool WseRunPanel::start() {
  return launch(algorithm(), form()->values(), false);
}

bool WseRunPanel::startFromScratch() {
  return launch(algorithm(), form()->values(), true);
}

bool WseRunPanel::placeFromScratch() {
  return launch(QStringLiteral("cupoker"), {}, true);
}

bool WseRunPanel::launch(const QString& name, const core::ParamValues& settings, bool fromScratch) {
  if (!doc_->isOpen() || running()) return false;
  if (hasResult()) discardResult();
  job_ = std::make_unique<WseRunJob>(wseRunRequest(*doc_, name.toStdString(), settings, threads_->value(),
                                                   uint64_t(seed()), timeLimit(), !fromScratch));
  fromScratch_ = fromScratch;
  connect(job_.get(), &WseRunJob::sampleReady, chart_, &WseRunChart::addSample);
  connect(job_.get(), &WseRunJob::sampleReady, this, [this](const core::QorSample& s) {
    if (!s.phase.empty()) phase_ = q(s.phase);
  });
  connect(job_.get(), &WseRunJob::finished, this, &WseRunPanel::onFinished);
  chart_->beginRun(tr("%1 on %2").arg(job_->label(), doc_->title()));
  phase_.clear();
  if (fromScratch_) canvas_->setMessage(tr("Placing with %1… (Run > Stop keeps the best so far)").arg(job_->label()));
  QString settingsText;
  for (const auto& [k, v] : job_->request().options.settings) settingsText += QStringLiteral(" %1=%2").arg(q(k), q(v));
  launched(
      tr("Started %1 (seed %2, threads %3, time limit %4, %5 pinned kernel(s), %6)%7")
          .arg(job_->label())
          .arg(seed())
          .arg(threads_->value() > 0 ? QString::number(threads_->value()) : tr("all"))
          .arg(timeLimit() > 0 ? QString::number(timeLimit()) + " s" : tr("none"))
          .arg(doc_->pinnedKernels().size())
          .arg(job_->request().options.initial.kernels.empty() ? tr("from scratch") : tr("from the current layout"))
          .arg(settingsText.isEmpty() ? QString() : tr(", settings:") + settingsText));
  return true;
}

bool WseRunPanel::presentSnapshot(std::shared_ptr<const core::Snapshot> snapshot) {
  auto snap = std::dynamic_pointer_cast<const wse::LayoutSnapshot>(snapshot);
  if (!snap) return false;
  canvas_->showSnapshot(snap);
  return true;
}

void WseRunPanel::onFinished() {
  chart_->flush();
  const wse::WsePlaceResult& r = job_->result();
  QString summary =
      tr("%1: %2 after %3")
          .arg(job_->label(),
               r.found ? (r.stopped ? tr("stopped, best layout kept") : tr("finished")) : tr("no legal layout"),
               job_->runTimeText());
  if (!r.found && !r.message.empty()) summary += " (" + q(r.message) + ")";
  canvas_->setMessage({});
  emit logMessage(summary);
  if (fromScratch_ && doc_->layout().placedCount() == 0) {
    // Opening a graph without a layout: there is nothing to compare with, the result is the
    // layout. (Had the user loaded a layout meanwhile, the result would wait for Keep.)
    canvas_->showSnapshot(nullptr);
    if (r.found) {
      doc_->setLayout(r.layout, tr("Place with %1").arg(job_->label()), job_->label());
      emit logMessage(wseQorSummary(doc_->evaluation()));
    } else {
      canvas_->setMessage(tr("Not placed: %1").arg(q(r.message)));
    }
    ended(false, summary, summary);
  } else {
    if (r.found) {
      canvas_->showSnapshot(wse::makeLayoutSnapshot(*job_->request().graph, r.layout, r.evaluation, "final"),
                            tr("run result (not kept)"));
      fillComparison();
    } else {
      canvas_->showSnapshot(nullptr);
    }
    ended(r.found, summary, r.found ? tr("Finished: keep or discard the result") : tr("Finished without a layout"));
  }
  emit finished(r.found, summary);
}

void WseRunPanel::fillComparison() {
  const wse::Evaluation &a = job_->request().before, &b = job_->result().evaluation;
  const double before[] = {a.mt, a.wl, double(a.ac), a.score}, after[] = {b.mt, b.wl, double(b.ac), b.score};
  const bool hadBefore = !job_->request().options.initial.kernels.empty();  // a complete start layout
  for (int row = 0; row < 4; ++row) {
    const double d = after[row] - before[row];
    QString change = !hadBefore
                         ? QString()
                         : (std::abs(d) < 1e-9 ? QStringLiteral("=") : (d > 0 ? "+" : "−") + wseNumber(std::abs(d)));
    const QString cells[] = {hadBefore ? wseNumber(before[row]) : QStringLiteral("—"), wseNumber(after[row]), change};
    for (int col = 0; col < 3; ++col) {
      auto* item = new QTableWidgetItem(cells[col]);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (col == 2 && hadBefore && std::abs(d) >= 1e-9)
        item->setForeground(toneColour(d < 0 ? Tone::Ok : Tone::Error, table_->palette()));
      table_->setItem(row, col, item);
    }
  }
}

bool WseRunPanel::keepResult() {
  if (!hasResult() || !job_) return false;
  const wse::Layout& started = job_->request().options.initial;
  if (!started.kernels.empty() && !sameWseLayout(doc_->layout(), started)) {
    // Moves or pins made while it ran would be lost.
    appendResultText(tr("\nThe layout changed during the run; run again to use it."));
    setKeepEnabled(false);
    return false;
  }
  setResultPending(false);
  setStatus(tr("Kept"));
  canvas_->showSnapshot(nullptr);
  doc_->setLayout(job_->result().layout, tr("Keep %1 result").arg(job_->label()), job_->label());
  emit logMessage(tr("Kept the result of %1: %2").arg(job_->label(), wseQorSummary(doc_->evaluation())));
  return true;
}

void WseRunPanel::discardResult() {
  bool had = hasResult();
  setResultPending(false);
  canvas_->showSnapshot(nullptr);
  if (had) {
    setStatus(tr("Discarded"));
    emit logMessage(tr("Discarded the run result"));
  }
}

}  // namespace ts::ui
