#include "widgets/run_panel_base.h"

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
#include <limits>

#include "widgets/background_job.h"
#include "widgets/param_form.h"
#include "widgets/theme.h"

namespace ts::ui {

RunPanelBase::RunPanelBase(const QString& settingsGroup, QWidget* parent) : QWidget(parent), group_(settingsGroup) {
  // The choice and the settings scroll, so that the dock stays small (a long result never
  // makes the window taller) while the buttons and the result with Keep/Discard stay in view.
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* page = new QScrollArea(this);
  page->setWidgetResizable(true);
  page->setFrameShape(QFrame::NoFrame);
  auto* content = new QWidget(page);
  page->setWidget(content);
  outer->addWidget(page, 1);
  auto* top = new QVBoxLayout(content);
  auto* fixed = new QVBoxLayout();
  fixed->setContentsMargins(6, 0, 6, 4);
  outer->addLayout(fixed);
  header_ = new QFormLayout();
  algorithm_ = new QComboBox(this);
  header_->addRow(tr("Algorithm"), algorithm_);
  description_ = new QLabel(this);
  description_->setWordWrap(true);
  QPalette muted = description_->palette();
  muted.setColor(QPalette::WindowText, mutedText(muted));
  description_->setPalette(muted);
  header_->addRow(description_);
  seed_ = new QSpinBox(this);
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);
  header_->addRow(tr("Seed"), seed_);
  timeLimit_ = new QDoubleSpinBox(this);
  timeLimit_->setRange(0, 24 * 3600);
  timeLimit_->setDecimals(1);
  timeLimit_->setSuffix(tr(" s"));
  timeLimit_->setSpecialValueText(tr("no limit"));
  timeLimit_->setValue(60);
  header_->addRow(tr("Time limit"), timeLimit_);
  top->addLayout(header_);

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
  fixed->addLayout(buttons);
  progress_ = new QProgressBar(this);
  progress_->setTextVisible(true);
  fixed->addWidget(progress_);
  status_ = new QLabel(tr("Idle"), this);
  status_->setWordWrap(true);
  fixed->addWidget(status_);

  resultBox_ = new QGroupBox(tr("Result"), this);
  resultLayout_ = new QVBoxLayout(resultBox_);
  result_ = new QLabel(resultBox_);
  result_->setWordWrap(true);
  result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  resultLayout_->addWidget(result_);
  auto* keepRow = new QHBoxLayout();
  keep_ = new QPushButton(tr("Keep"), resultBox_);
  keep_->setToolTip(tr("Apply the result (undoable)"));
  discard_ = new QPushButton(tr("Discard"), resultBox_);
  keepRow->addWidget(keep_);
  keepRow->addWidget(discard_);
  resultLayout_->addLayout(keepRow);
  resultBox_->hide();
  fixed->addWidget(resultBox_);

  connect(algorithm_, qOverload<int>(&QComboBox::currentIndexChanged), this, &RunPanelBase::algorithmChanged);
  connect(defaults_, &QPushButton::clicked, form_, &ParamForm::resetDefaults);
  connect(start_, &QPushButton::clicked, this, [this] { start(); });
  connect(pause_, &QPushButton::toggled, this, &RunPanelBase::setPaused);
  connect(stop_, &QPushButton::clicked, this, &RunPanelBase::stop);
  connect(keep_, &QPushButton::clicked, this, [this] { keepResult(); });
  connect(discard_, &QPushButton::clicked, this, [this] { discardResult(); });
  snapshotTimer_.setSingleShot(true);
  snapshotTimer_.setInterval(kSnapshotIntervalMs);
  connect(&snapshotTimer_, &QTimer::timeout, this, [this] {
    if (snapshotWaiting_) showNewestSnapshot();
  });
  tickTimer_.setInterval(250);
  connect(&tickTimer_, &QTimer::timeout, this, &RunPanelBase::tick);
}

RunPanelBase::~RunPanelBase() = default;

void RunPanelBase::setAlgorithms(const std::vector<AlgorithmEntry>& algorithms) {
  {
    QSignalBlocker block(algorithm_);
    algorithm_->clear();
    for (const AlgorithmEntry& a : algorithms) {
      algorithm_->addItem(a.label, a.id);
      algorithm_->setItemData(algorithm_->count() - 1, a.tooltip, Qt::ToolTipRole);
    }
  }
  algorithmChanged();
  updateControls();
}

bool RunPanelBase::selectAlgorithm(const QString& id) {
  int idx = algorithm_->findData(id);
  if (idx < 0) return false;
  algorithm_->setCurrentIndex(idx);
  return true;
}

QString RunPanelBase::algorithmId() const {
  return algorithm_->currentData().toString();
}

void RunPanelBase::setSeed(uint64_t seed) {
  seed_->setValue(int(std::min<uint64_t>(seed, uint64_t(seed_->maximum()))));
}

void RunPanelBase::setTimeLimit(double seconds) {
  timeLimit_->setValue(seconds);
}

int RunPanelBase::seed() const {
  return seed_->value();
}

double RunPanelBase::timeLimit() const {
  return timeLimit_->value();
}

bool RunPanelBase::running() const {
  return job() && job()->running();
}

void RunPanelBase::algorithmChanged() {
  if (algorithm_->currentIndex() < 0) {
    form_->setSpecs({});
    description_->setText(tr("No algorithm is registered."));
    return;
  }
  description_->setText(algorithm_->currentData(Qt::ToolTipRole).toString());
  form_->setSpecs(paramsOf(algorithmId()));
  QSettings s;
  s.beginGroup(group_ + "/" + algorithmId());
  core::ParamValues saved;
  for (const QString& key : s.childKeys()) saved[key.toStdString()] = s.value(key).toString().toStdString();
  form_->setValues(saved);
}

void RunPanelBase::saveSettings() const {
  QSettings s;
  s.setValue(group_ + "/algorithm", algorithmId());
  s.setValue(group_ + "/seed", seed_->value());
  s.setValue(group_ + "/timeLimit", timeLimit_->value());
  s.remove(group_ + "/" + algorithmId());
  s.beginGroup(group_ + "/" + algorithmId());
  for (const auto& [k, v] : form_->values()) s.setValue(QString::fromStdString(k), QString::fromStdString(v));
}

void RunPanelBase::restoreSettings() {
  QSettings s;
  if (s.contains(group_ + "/seed")) seed_->setValue(s.value(group_ + "/seed").toInt());
  if (s.contains(group_ + "/timeLimit")) timeLimit_->setValue(s.value(group_ + "/timeLimit").toDouble());
  selectAlgorithm(s.value(group_ + "/algorithm").toString());
  algorithmChanged();
}

bool RunPanelBase::configure(const QString& algorithmId, const core::ParamValues& settings, uint64_t seed,
                             double timeLimit) {
  if (running() || !selectAlgorithm(algorithmId)) return false;
  form_->resetDefaults();
  form_->setValues(settings);
  setSeed(seed);
  setTimeLimit(timeLimit);
  return true;
}

void RunPanelBase::launched(const QString& logLine) {
  BackgroundJob* j = job();
  series_.clear();
  connect(j, &BackgroundJob::sampleReady, this, [this](const core::QorSample& s) { series_.add(s); });
  connect(j, &BackgroundJob::snapshotReady, this, &RunPanelBase::onSnapshotReady);
  connect(j, &BackgroundJob::logMessage, this, [this](int, const QString& text) { emit logMessage(text); });
  snapshotRedraws_ = 0;
  snapshotWaiting_ = false;
  keepEnabled_ = true;
  emit logMessage(logLine);
  j->start();
  tickTimer_.start();
  updateControls();
  emit started();
}

void RunPanelBase::setPaused(bool paused) {
  if (!running()) return;
  {
    QSignalBlocker block(pause_);
    pause_->setChecked(paused);
  }
  job()->setPaused(paused);
  emit logMessage(paused ? tr("Paused") : tr("Resumed"));
  updateControls();
}

void RunPanelBase::togglePaused() {
  setPaused(!(job() && job()->paused()));
}

void RunPanelBase::stop() {
  if (!running()) return;
  job()->requestStop();
  status_->setText(tr("Stopping…"));
}

void RunPanelBase::onSnapshotReady() {
  // Throttle: draw now if the last draw is old enough, else once the interval has passed.
  snapshotWaiting_ = true;
  if (!snapshotTimer_.isActive()) showNewestSnapshot();
}

void RunPanelBase::showNewestSnapshot() {
  snapshotWaiting_ = false;
  // Once the job has ended its result is drawn instead: a snapshot drawn late (the throttle
  // timer firing after the end) would cover the result, or the document after Keep.
  if (!running()) return;
  auto snapshot = job()->takeSnapshot();
  if (!snapshot || !presentSnapshot(std::move(snapshot))) return;
  ++snapshotRedraws_;
  snapshotTimer_.start();
}

void RunPanelBase::ended(bool pending, const QString& text, const QString& status) {
  tickTimer_.stop();
  snapshotTimer_.stop();
  snapshotWaiting_ = false;
  resultPending_ = pending;
  result_->setText(text);
  status_->setText(status);
  updateControls();
}

void RunPanelBase::abandon(std::unique_ptr<BackgroundJob> old) {
  tickTimer_.stop();
  series_.clear();
  if (!old || !old->running()) return;
  BackgroundJob* j = old.release();
  j->disconnect();
  j->setParent(this);  // a panel that goes first still waits for it
  connect(j, &BackgroundJob::finished, j, &QObject::deleteLater);
  j->requestStop();
  emit logMessage(tr("Stopped the run of the previous file"));
}

void RunPanelBase::setResultPending(bool pending) {
  resultPending_ = pending;
  updateControls();
}

void RunPanelBase::appendResultText(const QString& text) {
  result_->setText(result_->text() + text);
}

QString RunPanelBase::statusText() const {
  return status_->text();
}

void RunPanelBase::setStatus(const QString& text) {
  status_->setText(text);
}

void RunPanelBase::setKeepEnabled(bool enabled) {
  keepEnabled_ = enabled;
  updateControls();
}

void RunPanelBase::tick() {
  if (!running()) return;
  const BackgroundJob* j = job();
  double t = j->elapsedSeconds(), limit = j->timeLimit();
  if (limit > 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(int(std::min(1.0, t / limit) * 1000));
    progress_->setFormat(QStringLiteral("%1 / %2 s").arg(t, 0, 'f', 1).arg(limit, 0, 'f', 0));
  } else {
    progress_->setRange(0, 0);  // busy indicator
  }
  const QString detail = runningDetail();
  status_->setText(j->paused() ? tr("Paused at %1 s").arg(t, 0, 'f', 1)
                               : tr("Running %1 s").arg(t, 0, 'f', 1) +
                                     (detail.isEmpty() ? QString() : QStringLiteral(" · ") + detail));
}

void RunPanelBase::updateControls() {
  const bool busy = running();
  start_->setEnabled(!busy && algorithm_->count() > 0 && canStart());
  for (QWidget* w : std::initializer_list<QWidget*>{algorithm_, form_, seed_, timeLimit_, defaults_})
    w->setEnabled(!busy);
  for (int row = 0; row < header_->rowCount(); ++row)
    if (QLayoutItem* item = header_->itemAt(row, QFormLayout::FieldRole))
      if (item->widget() && item->widget() != description_) item->widget()->setEnabled(!busy);
  pause_->setEnabled(busy);
  stop_->setEnabled(busy);
  if (!busy) {
    QSignalBlocker block(pause_);
    pause_->setChecked(false);
    const BackgroundJob* j = job();
    progress_->setRange(0, 1000);
    progress_->setValue(j && j->ended() ? 1000 : 0);
    progress_->setFormat(j && j->ended() ? QStringLiteral("%1 s").arg(j->elapsedSeconds(), 0, 'f', 2) : QString());
  }
  pause_->setText(pause_->isChecked() ? tr("Resume") : tr("Pause"));
  resultBox_->setVisible(resultPending_);
  keep_->setEnabled(resultPending_ && keepEnabled_);
}

}  // namespace ts::ui
