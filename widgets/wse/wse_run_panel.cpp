#include "widgets/wse/wse_run_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <thread>

#include "engine/wse/snapshot.h"
#include "widgets/param_form.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_chart.h"
#include "widgets/wse/wse_run_job.h"

namespace ts::ui {

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

/// Same kernels, places, shapes and pins.
bool sameLayout(const wse::Layout& a, const wse::Layout& b) {
  if (a.kernels.size() != b.kernels.size()) return false;
  for (size_t k = 0; k < a.kernels.size(); ++k) {
    const wse::PlacedKernel &x = a.kernels[k], &y = b.kernels[k];
    if (x.placed != y.placed || x.pinned != y.pinned) return false;
    if (x.placed && (x.x != y.x || x.y != y.y || x.rotated != y.rotated || !(x.args == y.args))) return false;
  }
  return true;
}

QPushButton* button(QWidget* parent, QStyle::StandardPixmap icon, const QString& text) {
  return new QPushButton(parent->style()->standardIcon(icon), text, parent);
}

}  // namespace

WseRunPanel::WseRunPanel(WseDocument* document, WseCanvas* canvas, WseRunChart* chart, QWidget* parent)
    : QWidget(parent), doc_(document), canvas_(canvas), chart_(chart) {
  auto* column = new QVBoxLayout(this);
  auto* head = new QFormLayout();
  algorithm_ = new QComboBox(this);
  for (const std::string& a : wse::wseAlgorithms()) {
    algorithm_->addItem(q(wse::wseAlgorithmLabel(a)), q(a));
    algorithm_->setItemData(algorithm_->count() - 1, q(wse::wseAlgorithmDescription(a)), Qt::ToolTipRole);
  }
  head->addRow(tr("Algorithm"), algorithm_);
  description_ = new QLabel(this);
  description_->setWordWrap(true);
  description_->setStyleSheet("color: #555");
  head->addRow(description_);
  seed_ = new QSpinBox(this);
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);
  head->addRow(tr("Seed"), seed_);
  threads_ = new QSpinBox(this);
  threads_->setRange(0, 256);
  threads_->setSpecialValueText(tr("all cores (%1)").arg(std::max(1u, std::thread::hardware_concurrency())));
  threads_->setToolTip(tr("Worker threads of the target-time search (CU.POKer, divide and conquer)"));
  head->addRow(tr("Threads"), threads_);
  timeLimit_ = new QDoubleSpinBox(this);
  timeLimit_->setRange(0, 24 * 3600);
  timeLimit_->setDecimals(1);
  timeLimit_->setSuffix(tr(" s"));
  timeLimit_->setSpecialValueText(tr("no limit"));
  timeLimit_->setValue(60);
  head->addRow(tr("Time limit"), timeLimit_);
  column->addLayout(head);

  auto* settings = new QGroupBox(tr("Settings"), this);
  auto* settingsColumn = new QVBoxLayout(settings);
  settingsColumn->setContentsMargins(2, 2, 2, 2);
  auto* scroll = new QScrollArea(settings);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  form_ = new ParamForm(scroll);
  scroll->setWidget(form_);
  settingsColumn->addWidget(scroll);
  defaults_ = new QPushButton(tr("Defaults"), settings);
  settingsColumn->addWidget(defaults_, 0, Qt::AlignRight);
  column->addWidget(settings, 1);

  auto* controls = new QHBoxLayout();
  start_ = button(this, QStyle::SP_MediaPlay, tr("Start"));
  start_->setToolTip(tr("Run from the current layout; pinned kernels stay where they are"));
  pause_ = button(this, QStyle::SP_MediaPause, tr("Pause"));
  pause_->setCheckable(true);
  stop_ = button(this, QStyle::SP_MediaStop, tr("Stop"));
  for (QPushButton* b : {start_, pause_, stop_}) controls->addWidget(b);
  column->addLayout(controls);
  progress_ = new QProgressBar(this);
  column->addWidget(progress_);
  status_ = new QLabel(tr("Idle"), this);
  status_->setWordWrap(true);
  column->addWidget(status_);

  resultBox_ = new QGroupBox(tr("Result"), this);
  auto* resultColumn = new QVBoxLayout(resultBox_);
  result_ = new QLabel(resultBox_);
  result_->setWordWrap(true);
  result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  resultColumn->addWidget(result_);
  table_ = new QTableWidget(4, 3, resultBox_);
  table_->setHorizontalHeaderLabels({tr("Before"), tr("After"), tr("Change")});
  table_->setVerticalHeaderLabels({tr("MT"), tr("WL"), tr("AC"), tr("Score")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setMaximumHeight(150);
  resultColumn->addWidget(table_);
  auto* decide = new QHBoxLayout();
  keep_ = new QPushButton(tr("Keep"), resultBox_);
  keep_->setToolTip(tr("Use the result as the layout (undoable)"));
  discard_ = new QPushButton(tr("Discard"), resultBox_);
  decide->addWidget(keep_);
  decide->addWidget(discard_);
  resultColumn->addLayout(decide);
  resultBox_->hide();
  column->addWidget(resultBox_);

  connect(algorithm_, qOverload<int>(&QComboBox::currentIndexChanged), this, &WseRunPanel::algorithmChanged);
  connect(defaults_, &QPushButton::clicked, form_, &ParamForm::resetDefaults);
  connect(start_, &QPushButton::clicked, this, [this] { start(); });
  connect(pause_, &QPushButton::toggled, this, &WseRunPanel::setPaused);
  connect(stop_, &QPushButton::clicked, this, &WseRunPanel::stop);
  connect(keep_, &QPushButton::clicked, this, [this] { keepResult(); });
  connect(discard_, &QPushButton::clicked, this, &WseRunPanel::discardResult);
  connect(doc_, &WseDocument::opened, this, [this] {
    forgetRun();
    chart_->beginRun({});
  });
  connect(doc_, &WseDocument::changed, this, &WseRunPanel::updateControls);

  snapshotTimer_.setSingleShot(true);
  snapshotTimer_.setInterval(kSnapshotIntervalMs);
  connect(&snapshotTimer_, &QTimer::timeout, this, [this] {
    if (snapshotWaiting_) showNewestSnapshot();
  });
  tickTimer_.setInterval(250);
  connect(&tickTimer_, &QTimer::timeout, this, &WseRunPanel::tick);
  algorithmChanged();
  updateControls();
}

WseRunPanel::~WseRunPanel() = default;

bool WseRunPanel::selectAlgorithm(const QString& name) {
  int idx = algorithm_->findData(name);
  if (idx < 0) return false;
  algorithm_->setCurrentIndex(idx);
  return true;
}

QString WseRunPanel::algorithm() const {
  return algorithm_->currentData().toString();
}

void WseRunPanel::setSeed(uint64_t seed) {
  seed_->setValue(int(std::min<uint64_t>(seed, uint64_t(seed_->maximum()))));
}

void WseRunPanel::setThreads(int threads) {
  threads_->setValue(threads);
}

void WseRunPanel::setTimeLimit(double seconds) {
  timeLimit_->setValue(seconds);
}

bool WseRunPanel::running() const {
  return job_ && job_->running();
}

void WseRunPanel::algorithmChanged() {
  const std::string name = algorithm().toStdString();
  if (!wse::isWseAlgorithm(name)) return;
  description_->setText(q(wse::wseAlgorithmDescription(name)));
  form_->setSpecs(wse::wsePlacerParams(name));
  QSettings s;
  s.beginGroup("wse-run/" + algorithm());
  core::ParamValues saved;
  for (const QString& key : s.childKeys()) saved[key.toStdString()] = s.value(key).toString().toStdString();
  form_->setValues(saved);
}

void WseRunPanel::saveSettings() const {
  QSettings s;
  s.setValue("wse-run/algorithm", algorithm());
  s.setValue("wse-run/seed", seed_->value());
  s.setValue("wse-run/threads", threads_->value());
  s.setValue("wse-run/timeLimit", timeLimit_->value());
  s.remove("wse-run/" + algorithm());
  s.beginGroup("wse-run/" + algorithm());
  for (const auto& [k, v] : form_->values()) s.setValue(q(k), q(v));
}

void WseRunPanel::restoreSettings() {
  QSettings s;
  if (s.contains("wse-run/seed")) seed_->setValue(s.value("wse-run/seed").toInt());
  if (s.contains("wse-run/threads")) threads_->setValue(s.value("wse-run/threads").toInt());
  if (s.contains("wse-run/timeLimit")) timeLimit_->setValue(s.value("wse-run/timeLimit").toDouble());
  selectAlgorithm(s.value("wse-run/algorithm").toString());
  algorithmChanged();
}

bool WseRunPanel::start() {
  return launch(algorithm(), false);
}

bool WseRunPanel::placeFromScratch() {
  return launch(QStringLiteral("cupoker"), true);
}

bool WseRunPanel::launch(const QString& name, bool fromScratch) {
  if (!doc_->isOpen() || running()) return false;
  if (resultPending_) discardResult();
  WseRunRequest req;
  req.graph = doc_->sharedGraph();
  req.options.algorithm = name.toStdString();
  req.options.threads = threads_->value();
  if (!fromScratch) req.options.settings = form_->values();
  const wse::Layout& current = doc_->layout();
  if (current.placedCount() == doc_->graph().kernelCount()) req.options.initial = current;
  req.options.pins = wse::Layout(doc_->graph().kernelCount());
  for (int k : doc_->pinnedKernels()) req.options.pins.kernels[size_t(k)] = current.kernels[size_t(k)];
  req.seed = uint64_t(seed_->value());
  req.timeLimitSeconds = timeLimit_->value();
  req.before = doc_->evaluation();
  job_ = std::make_unique<WseRunJob>(std::move(req));
  fromScratch_ = fromScratch;
  connect(job_.get(), &WseRunJob::sampleReady, chart_, &WseRunChart::addSample);
  connect(job_.get(), &WseRunJob::sampleReady, this, [this](const core::QorSample& s) {
    if (!s.phase.empty()) phase_ = q(s.phase);
  });
  connect(job_.get(), &WseRunJob::snapshotReady, this, &WseRunPanel::onSnapshotReady);
  connect(job_.get(), &WseRunJob::finished, this, &WseRunPanel::onFinished);
  chart_->beginRun(tr("%1 on %2").arg(job_->label(), doc_->title()));
  snapshotRedraws_ = 0;
  snapshotWaiting_ = false;
  phase_.clear();
  if (fromScratch_) canvas_->setMessage(tr("Placing with %1… (Run > Stop keeps the best so far)").arg(job_->label()));
  QString settings;
  for (const auto& [k, v] : job_->request().options.settings) settings += QStringLiteral(" %1=%2").arg(q(k), q(v));
  emit logMessage(
      tr("Started %1 (seed %2, threads %3, time limit %4, %5 pinned kernel(s), %6)%7")
          .arg(job_->label())
          .arg(seed_->value())
          .arg(threads_->value() > 0 ? QString::number(threads_->value()) : tr("all"))
          .arg(timeLimit_->value() > 0 ? QString::number(timeLimit_->value()) + " s" : tr("none"))
          .arg(doc_->pinnedKernels().size())
          .arg(job_->request().options.initial.kernels.empty() ? tr("from scratch") : tr("from the current layout"))
          .arg(settings.isEmpty() ? QString() : tr(", settings:") + settings));
  job_->start();
  tickTimer_.start();
  updateControls();
  emit started();
  return true;
}

void WseRunPanel::setPaused(bool paused) {
  if (!running()) return;
  {
    QSignalBlocker block(pause_);
    pause_->setChecked(paused);
  }
  job_->setPaused(paused);
  emit logMessage(paused ? tr("Paused") : tr("Resumed"));
  updateControls();
}

void WseRunPanel::togglePaused() {
  setPaused(!(job_ && job_->paused()));
}

void WseRunPanel::stop() {
  if (!running()) return;
  job_->requestStop();
  status_->setText(tr("Stopping…"));
}

void WseRunPanel::onSnapshotReady() {
  snapshotWaiting_ = true;
  if (!snapshotTimer_.isActive()) showNewestSnapshot();
}

void WseRunPanel::showNewestSnapshot() {
  snapshotWaiting_ = false;
  if (!job_) return;
  auto snap = std::dynamic_pointer_cast<const wse::LayoutSnapshot>(job_->takeSnapshot());
  if (!snap) return;
  canvas_->showSnapshot(snap);
  ++snapshotRedraws_;
  snapshotTimer_.start();
}

void WseRunPanel::onFinished() {
  tickTimer_.stop();
  chart_->flush();
  const wse::WsePlaceResult& r = job_->result();
  QString summary = tr("%1: %2 after %3 s")
                        .arg(job_->label(), r.found ? (r.stopped ? tr("stopped, best layout kept") : tr("finished"))
                                                    : tr("no legal layout"))
                        .arg(job_->elapsedSeconds(), 0, 'f', 2);
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
    status_->setText(summary);
  } else {
    resultPending_ = r.found;
    if (r.found) {
      canvas_->showSnapshot(wse::makeLayoutSnapshot(*job_->request().graph, r.layout, r.evaluation, "final"));
      fillComparison();
    } else {
      canvas_->showSnapshot(nullptr);
    }
    result_->setText(summary);
    status_->setText(r.found ? tr("Finished: keep or discard the result") : tr("Finished without a layout"));
  }
  updateControls();
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
        item->setForeground(d < 0 ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
      table_->setItem(row, col, item);
    }
  }
}

bool WseRunPanel::keepResult() {
  if (!resultPending_ || !job_) return false;
  const wse::Layout& started = job_->request().options.initial;
  if (!started.kernels.empty() && !sameLayout(doc_->layout(), started)) {
    // Moves or pins made while it ran would be lost.
    result_->setText(result_->text() + tr("\nThe layout changed during the run; run again to use it."));
    keep_->setEnabled(false);
    return false;
  }
  resultPending_ = false;
  canvas_->showSnapshot(nullptr);
  doc_->setLayout(job_->result().layout, tr("Keep %1 result").arg(job_->label()), job_->label());
  emit logMessage(tr("Kept the result of %1: %2").arg(job_->label(), wseQorSummary(doc_->evaluation())));
  updateControls();
  return true;
}

void WseRunPanel::discardResult() {
  bool had = resultPending_;
  resultPending_ = false;
  canvas_->showSnapshot(nullptr);
  if (had) emit logMessage(tr("Discarded the run result"));
  updateControls();
}

void WseRunPanel::forgetRun() {
  // A run of the previous graph must not land on the new one: let it end on its own (without
  // blocking the GUI) and forget it.
  if (running()) {
    WseRunJob* old = job_.release();
    old->disconnect();
    old->setParent(this);  // a panel that goes first still waits for it
    connect(old, &WseRunJob::finished, old, &QObject::deleteLater);
    old->requestStop();
    emit logMessage(tr("Stopped the run of the previous file"));
  }
  job_.reset();
  tickTimer_.stop();
  resultPending_ = false;
  fromScratch_ = false;
  canvas_->setMessage({});
  status_->setText(tr("Idle"));
  updateControls();
}

void WseRunPanel::tick() {
  if (!running()) return;
  double t = job_->elapsedSeconds(), limit = job_->timeLimit();
  if (limit > 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(int(std::min(1.0, t / limit) * 1000));
    progress_->setFormat(QStringLiteral("%1 / %2 s").arg(t, 0, 'f', 1).arg(limit, 0, 'f', 0));
  } else {
    progress_->setRange(0, 0);
  }
  QString what = phase_.isEmpty() ? QString() : phase_ + QStringLiteral(" · ");
  status_->setText(job_->paused() ? tr("Paused at %1 s").arg(t, 0, 'f', 1)
                                  : tr("Running %1 s · %2best %3")
                                        .arg(t, 0, 'f', 1)
                                        .arg(what)
                                        .arg(canvas_->showingSnapshot() ? wseNumber(canvas_->scene().evaluation().score)
                                                                        : tr("none yet")));
}

void WseRunPanel::updateControls() {
  const bool busy = running(), open = doc_->isOpen();
  start_->setEnabled(open && !busy);
  for (QWidget* w : std::initializer_list<QWidget*>{algorithm_, form_, seed_, threads_, timeLimit_, defaults_})
    w->setEnabled(!busy);
  pause_->setEnabled(busy);
  stop_->setEnabled(busy);
  if (!busy) {
    QSignalBlocker block(pause_);
    pause_->setChecked(false);
    progress_->setRange(0, 1000);
    progress_->setValue(job_ && job_->ended() ? 1000 : 0);
    progress_->setFormat(job_ && job_->ended() ? QStringLiteral("%1 s").arg(job_->elapsedSeconds(), 0, 'f', 2)
                                               : QString());
  }
  pause_->setText(pause_->isChecked() ? tr("Resume") : tr("Pause"));
  resultBox_->setVisible(resultPending_);
  keep_->setEnabled(resultPending_);
}

}  // namespace ts::ui
