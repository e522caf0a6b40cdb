#include "widgets/run_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "engine/aie/snapshot.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/run_job.h"
#include "widgets/theme.h"

namespace ts::ui {

namespace {
QString q(const std::string& s) {
  return QString::fromStdString(s);
}
}  // namespace

RunPanel::RunPanel(AieDocument* document, AieCanvas* canvas, QorChartPanel* charts, QWidget* parent)
    : QWidget(parent), doc_(document), canvas_(canvas), charts_(charts), algorithms_(runAlgorithms()) {
  auto* top = new QVBoxLayout(this);
  auto* chooser = new QFormLayout();
  algorithm_ = new QComboBox(this);
  for (const RunAlgorithm& a : algorithms_) {
    algorithm_->addItem(q(a.label()), q(a.id()));
    algorithm_->setItemData(algorithm_->count() - 1, q(a.description), Qt::ToolTipRole);
  }
  chooser->addRow(tr("Algorithm"), algorithm_);
  description_ = new QLabel(this);
  description_->setWordWrap(true);
  QPalette muted = description_->palette();
  muted.setColor(QPalette::WindowText, mutedText(muted));
  description_->setPalette(muted);
  chooser->addRow(description_);
  seed_ = new QSpinBox(this);
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);
  chooser->addRow(tr("Seed"), seed_);
  timeLimit_ = new QDoubleSpinBox(this);
  timeLimit_->setRange(0, 24 * 3600);
  timeLimit_->setDecimals(1);
  timeLimit_->setSuffix(tr(" s"));
  timeLimit_->setSpecialValueText(tr("no limit"));
  timeLimit_->setValue(60);
  chooser->addRow(tr("Time limit"), timeLimit_);
  top->addLayout(chooser);

  // The settings can be long (a flow has the placer's and the router's): they scroll, so the
  // dock stays small and the buttons stay in view.
  auto* settings = new QGroupBox(tr("Settings"), this);
  auto* settingsLayout = new QVBoxLayout(settings);
  settingsLayout->setContentsMargins(2, 2, 2, 2);
  auto* scroll = new QScrollArea(settings);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  form_ = new ParamForm(scroll);
  scroll->setWidget(form_);
  settingsLayout->addWidget(scroll);
  defaults_ = new QPushButton(tr("Defaults"), settings);
  settingsLayout->addWidget(defaults_, 0, Qt::AlignRight);
  top->addWidget(settings, 1);

  auto* buttons = new QHBoxLayout();
  start_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Start"), this);
  pause_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPause), tr("Pause"), this);
  pause_->setCheckable(true);
  stop_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Stop"), this);
  buttons->addWidget(start_);
  buttons->addWidget(pause_);
  buttons->addWidget(stop_);
  top->addLayout(buttons);
  progress_ = new QProgressBar(this);
  progress_->setTextVisible(true);
  top->addWidget(progress_);
  status_ = new QLabel(tr("Idle"), this);
  status_->setWordWrap(true);
  top->addWidget(status_);

  resultBox_ = new QGroupBox(tr("Result"), this);
  auto* resultLayout = new QVBoxLayout(resultBox_);
  result_ = new QLabel(resultBox_);
  result_->setWordWrap(true);
  result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  resultLayout->addWidget(result_);
  auto* keepRow = new QHBoxLayout();
  keep_ = new QPushButton(tr("Keep"), resultBox_);
  keep_->setToolTip(tr("Apply the result to the design (undoable)"));
  discard_ = new QPushButton(tr("Discard"), resultBox_);
  keepRow->addWidget(keep_);
  keepRow->addWidget(discard_);
  resultLayout->addLayout(keepRow);
  resultBox_->hide();
  top->addWidget(resultBox_);

  connect(algorithm_, qOverload<int>(&QComboBox::currentIndexChanged), this, &RunPanel::algorithmChanged);
  connect(defaults_, &QPushButton::clicked, form_, &ParamForm::resetDefaults);
  connect(start_, &QPushButton::clicked, this, [this] { start(); });
  connect(pause_, &QPushButton::toggled, this, &RunPanel::setPaused);
  connect(stop_, &QPushButton::clicked, this, &RunPanel::stop);
  connect(keep_, &QPushButton::clicked, this, [this] { keepResult(); });
  connect(discard_, &QPushButton::clicked, this, &RunPanel::discardResult);
  connect(doc_, &AieDocument::opened, this, [this] {
    // A run of the previous design must not offer its result for the new one: let it end on
    // its own (without blocking the GUI) and forget it.
    if (job_ && job_->running()) {
      RunJob* old = job_.release();
      old->disconnect();
      old->setParent(this);  // a panel that goes first still waits for it
      connect(old, &RunJob::finished, old, &QObject::deleteLater);
      old->requestStop();
      tickTimer_.stop();
      emit logMessage(tr("Stopped the run of the previous design"));
    }
    discardResult();
    updateControls();
  });

  snapshotTimer_.setSingleShot(true);
  snapshotTimer_.setInterval(kSnapshotIntervalMs);
  connect(&snapshotTimer_, &QTimer::timeout, this, [this] {
    if (snapshotWaiting_) showNewestSnapshot();
  });
  tickTimer_.setInterval(250);
  connect(&tickTimer_, &QTimer::timeout, this, &RunPanel::tick);
  algorithmChanged();
  updateControls();
}

RunPanel::~RunPanel() = default;

bool RunPanel::selectAlgorithm(const QString& id) {
  int idx = algorithm_->findData(id);
  if (idx < 0) return false;
  algorithm_->setCurrentIndex(idx);
  return true;
}

QString RunPanel::algorithmId() const {
  return algorithm_->currentData().toString();
}

void RunPanel::setSeed(uint64_t seed) {
  seed_->setValue(int(std::min<uint64_t>(seed, uint64_t(seed_->maximum()))));
}
void RunPanel::setTimeLimit(double seconds) {
  timeLimit_->setValue(seconds);
}

void RunPanel::algorithmChanged() {
  int idx = algorithm_->currentIndex();
  if (idx < 0 || idx >= int(algorithms_.size())) {
    form_->setSpecs({});
    description_->setText(tr("No algorithm is registered."));
    return;
  }
  const RunAlgorithm& a = algorithms_[size_t(idx)];
  description_->setText(q(a.description));
  form_->setSpecs(a.params ? a.params() : std::vector<core::ParamSpec>{});
  QSettings s;
  s.beginGroup("run/" + q(a.id()));
  core::ParamValues saved;
  for (const QString& key : s.childKeys()) saved[key.toStdString()] = s.value(key).toString().toStdString();
  form_->setValues(saved);
}

void RunPanel::saveSettings() const {
  QSettings s;
  s.setValue("run/algorithm", algorithmId());
  s.setValue("run/seed", seed_->value());
  s.setValue("run/timeLimit", timeLimit_->value());
  s.remove("run/" + algorithmId());
  s.beginGroup("run/" + algorithmId());
  for (const auto& [k, v] : form_->values()) s.setValue(q(k), q(v));
}

void RunPanel::restoreSettings() {
  QSettings s;
  if (s.contains("run/seed")) seed_->setValue(s.value("run/seed").toInt());
  if (s.contains("run/timeLimit")) timeLimit_->setValue(s.value("run/timeLimit").toDouble());
  selectAlgorithm(s.value("run/algorithm").toString());
  algorithmChanged();
}

bool RunPanel::start() {
  if (!doc_->isOpen() || (job_ && job_->running())) return false;
  int idx = algorithm_->currentIndex();
  if (idx < 0 || idx >= int(algorithms_.size())) return false;
  if (resultPending_) discardResult();
  const RunAlgorithm& a = algorithms_[size_t(idx)];
  RunInputs in{doc_->design(), doc_->device(), doc_->placement(), doc_->routing()};
  core::ParamValues values = form_->values();
  job_ = std::make_unique<RunJob>(a, std::move(in), values, uint64_t(seed_->value()), timeLimit_->value());
  connect(job_.get(), &RunJob::sampleReady, charts_, &QorChartPanel::addSample);
  connect(job_.get(), &RunJob::snapshotReady, this, &RunPanel::onSnapshotReady);
  connect(job_.get(), &RunJob::logMessage, this, [this](int, const QString& text) { emit logMessage(text); });
  connect(job_.get(), &RunJob::finished, this, &RunPanel::onFinished);
  charts_->beginRun(q(a.label()));
  snapshotRedraws_ = 0;
  snapshotWaiting_ = false;
  QString settings;
  for (const auto& [k, v] : values) settings += QStringLiteral(" %1=%2").arg(q(k), q(v));
  emit logMessage(tr("Started %1 (seed %2, time limit %3)%4")
                      .arg(q(a.label()))
                      .arg(seed_->value())
                      .arg(timeLimit_->value() > 0 ? QString::number(timeLimit_->value()) + " s" : tr("none"))
                      .arg(settings.isEmpty() ? QString() : tr(", settings:") + settings));
  job_->start();
  tickTimer_.start();
  updateControls();
  emit started();
  return true;
}

void RunPanel::setPaused(bool paused) {
  if (!job_ || !job_->running()) return;
  {
    QSignalBlocker block(pause_);
    pause_->setChecked(paused);
  }
  job_->setPaused(paused);
  emit logMessage(paused ? tr("Paused") : tr("Resumed"));
  updateControls();
}

void RunPanel::togglePaused() {
  setPaused(!(job_ && job_->paused()));
}

void RunPanel::stop() {
  if (!job_ || !job_->running()) return;
  job_->requestStop();
  status_->setText(tr("Stopping…"));
}

void RunPanel::onSnapshotReady() {
  // Throttle: draw now if the last draw is old enough, else once the interval has passed.
  snapshotWaiting_ = true;
  if (!snapshotTimer_.isActive()) showNewestSnapshot();
}

void RunPanel::showNewestSnapshot() {
  snapshotWaiting_ = false;
  if (!job_) return;
  auto snap = std::dynamic_pointer_cast<const aie::PlacementSnapshot>(job_->takeSnapshot());
  if (!snap) return;
  std::shared_ptr<const aie::PlacementSnapshot> shown = snap;
  // A router's snapshot without a routing says nothing new about the fixed placement.
  if (!shown->routing && job_->algorithm().kind == RunKind::Route) return;
  canvas_->showSnapshot(shown);
  ++snapshotRedraws_;
  snapshotTimer_.start();
}

void RunPanel::onFinished() {
  tickTimer_.stop();
  charts_->flush();
  const RunOutput& out = job_->output();
  resultPending_ = true;
  auto snap = std::make_shared<const aie::PlacementSnapshot>(out.placement, out.routing);
  canvas_->showSnapshot(snap);
  QString summary =
      tr("%1: %2 after %3 s").arg(q(job_->algorithm().label()), q(out.status)).arg(job_->elapsedSeconds(), 0, 'f', 2);
  QString text = summary;
  for (const auto& r : out.reasons) text += "\n• " + q(r);
  if (!out.pinsRespected) text += tr("\nThe result moved pinned cores; it cannot be kept.");
  result_->setText(text);
  status_->setText(out.success ? tr("Finished") : tr("Finished without success"));
  emit logMessage(text);
  updateControls();
  emit finished(out.success, summary);
}

bool RunPanel::keepResult() {
  if (!resultPending_ || !job_) return false;
  const RunOutput& out = job_->output();
  if (!out.pinsRespected) return false;
  if (doc_->placement() != job_->inputs().placement) {
    // Pins or moves made while it ran would be lost, and a routing would not match.
    result_->setText(result_->text() + tr("\nThe placement changed during the run; run again to use it."));
    keep_->setEnabled(false);
    return false;
  }
  resultPending_ = false;
  canvas_->showSnapshot(nullptr);
  doc_->setState({out.placement, out.routing}, tr("Keep %1 result").arg(q(job_->algorithm().label())));
  emit logMessage(tr("Kept the result of %1").arg(q(job_->algorithm().label())));
  updateControls();
  return true;
}

void RunPanel::discardResult() {
  bool had = resultPending_;
  resultPending_ = false;
  canvas_->showSnapshot(nullptr);
  if (had) emit logMessage(tr("Discarded the run result"));
  updateControls();
}

void RunPanel::tick() {
  if (!job_ || !job_->running()) return;
  double t = job_->elapsedSeconds();
  double limit = job_->timeLimit();
  if (limit > 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(int(std::min(1.0, t / limit) * 1000));
    progress_->setFormat(QStringLiteral("%1 / %2 s").arg(t, 0, 'f', 1).arg(limit, 0, 'f', 0));
  } else {
    progress_->setRange(0, 0);  // busy indicator
  }
  status_->setText(job_->paused() ? tr("Paused at %1 s").arg(t, 0, 'f', 1) : tr("Running %1 s").arg(t, 0, 'f', 1));
}

void RunPanel::updateControls() {
  bool running = job_ && job_->running();
  bool open = doc_->isOpen();
  start_->setEnabled(open && !running && algorithm_->count() > 0);
  algorithm_->setEnabled(!running);
  form_->setEnabled(!running);
  seed_->setEnabled(!running);
  timeLimit_->setEnabled(!running);
  defaults_->setEnabled(!running);
  pause_->setEnabled(running);
  stop_->setEnabled(running);
  if (!running) {
    QSignalBlocker block(pause_);
    pause_->setChecked(false);
    progress_->setRange(0, 1000);
    progress_->setValue(job_ && job_->ended() ? 1000 : 0);
    progress_->setFormat(job_ && job_->ended() ? QStringLiteral("%1 s").arg(job_->elapsedSeconds(), 0, 'f', 2)
                                               : QString());
  }
  pause_->setText(pause_->isChecked() ? tr("Resume") : tr("Pause"));
  resultBox_->setVisible(resultPending_);
  keep_->setEnabled(resultPending_ && job_ && job_->output().pinsRespected);
}

}  // namespace ts::ui
