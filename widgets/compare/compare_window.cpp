#include "widgets/compare/compare_window.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/compare/metrics_table.h"
#include "widgets/compare/overlay_chart.h"
#include "widgets/elided_label.h"
#include "widgets/grid_canvas.h"
#include "widgets/history/series_recorder.h"
#include "widgets/theme.h"

namespace ts::ui {

namespace {
constexpr int kTickMs = 150;
}

CompareWindow::CompareWindow(std::unique_ptr<CompareSupport> support, QWidget* parent, bool persistent)
    : QMainWindow(parent), support_(std::move(support)), persistent_(persistent) {
  setWindowFlag(Qt::Window, true);
  setAttribute(Qt::WA_DeleteOnClose, false);
  setWindowTitle(tr("Compare runs — TileStudio"));
  resize(1500, 950);

  auto* tools = addToolBar(tr("Compare"));
  tools->setObjectName("compareToolbar");
  differencesOnly_ = new QCheckBox(tr("Differences only"), this);
  differencesOnly_->setToolTip(tr("Draw only what differs between the finished runs; the rest is faint"));
  tools->addWidget(differencesOnly_);
  differencesLabel_ = new QLabel(this);
  differencesLabel_->setContentsMargins(8, 0, 8, 0);
  tools->addWidget(differencesLabel_);
  tools->addSeparator();
  tools->addAction(tr("Fit"), this, [this] {
    if (!panes_.empty()) panes_.front()->view->canvas()->fitAll();
  });
  tools->addAction(tr("Export Table (CSV)…"), this, &CompareWindow::exportCsv);

  auto* split = new QSplitter(Qt::Vertical, this);
  paneArea_ = new QWidget(split);
  paneGrid_ = new QGridLayout(paneArea_);
  paneGrid_->setContentsMargins(4, 4, 4, 4);
  paneGrid_->setSpacing(6);
  auto* bottom = new QSplitter(Qt::Horizontal, split);
  table_ = new MetricsTable(bottom);
  table_->setMetricColumns(support_->columns());
  chart_ = new OverlayChart(bottom);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  // Most of the height for the canvases; the table and chart below.
  split->setSizes({650, 300});
  bottom->setSizes({1000, 400});
  setCentralWidget(split);

  // Launching runs from here.
  auto* launchBox = new QWidget(this);
  auto* launchLayout = new QVBoxLayout(launchBox);
  auto* launchTitle = new QLabel(tr("Runs to launch on this design:"), launchBox);
  launchTitle->setWordWrap(true);
  launchLayout->addWidget(launchTitle);
  presets_ = new QListWidget(launchBox);
  presetList_ = support_->presets();
  for (const LaunchPreset& p : presetList_) {
    auto* item = new QListWidgetItem(p.name, presets_);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    item->setToolTip(p.description + "\n" + p.algorithm);
  }
  launchLayout->addWidget(presets_, 1);
  auto* form = new QFormLayout();
  seed_ = new QSpinBox(launchBox);
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(1);
  form->addRow(tr("Seed"), seed_);
  timeLimit_ = new QDoubleSpinBox(launchBox);
  timeLimit_->setRange(0, 24 * 3600);
  timeLimit_->setDecimals(1);
  timeLimit_->setSuffix(tr(" s"));
  timeLimit_->setSpecialValueText(tr("no limit"));
  timeLimit_->setValue(30);
  timeLimit_->setToolTip(tr("Placer time limit of each run (the router has its own budget)"));
  form->addRow(tr("Time limit"), timeLimit_);
  launchLayout->addLayout(form);
  parallel_ = new QCheckBox(tr("Run in parallel"), launchBox);
  parallel_->setToolTip(tr("Start all runs at once (one thread each) instead of one after the other"));
  parallel_->setChecked(persistent_ && QSettings().value("compare/parallel", false).toBool());
  launchLayout->addWidget(parallel_);
  launch_ = new QPushButton(tr("Launch"), launchBox);
  launchLayout->addWidget(launch_);
  // Narrow, so that the canvases keep the width, but never narrower than the longest preset's
  // name with its check box (a vertical scroll bar included): no name is cut off.
  const int namesWidth = presets_->sizeHintForColumn(0) + 2 * presets_->frameWidth() +
                         presets_->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, presets_);
  presets_->setMinimumWidth(namesWidth);
  const QMargins margins = launchLayout->contentsMargins();
  launchBox->setMaximumWidth(std::max(240, namesWidth + margins.left() + margins.right()));
  auto* dock = new QDockWidget(tr("Launch"), this);
  dock->setObjectName("compareLaunchDock");
  dock->setWidget(launchBox);
  addDockWidget(Qt::RightDockWidgetArea, dock);

  connect(differencesOnly_, &QCheckBox::toggled, this, &CompareWindow::setDifferencesOnly);
  connect(parallel_, &QCheckBox::toggled, this, [this](bool on) {
    if (persistent_) QSettings().setValue("compare/parallel", on);
    startQueued();
  });
  connect(launch_, &QPushButton::clicked, this, &CompareWindow::launchChecked);
  connect(table_, &MetricsTable::runActivated, this, [this](int runId) {
    if (Pane* p = paneOf(runId)) p->view->canvas()->setFocus();
  });
  tick_.setInterval(kTickMs);
  connect(&tick_, &QTimer::timeout, this, &CompareWindow::tick);
  refreshTable();
}

CompareWindow::~CompareWindow() {
  tick_.stop();
  // Running tasks stop and are recorded as they go; the panes must not hear of it any more.
  for (auto& p : panes_)
    if (p->task) {
      p->task->disconnect(this);
      delete p->task;
      p->task = nullptr;
    }
}

void CompareWindow::closeEvent(QCloseEvent* e) {
  int going = runningCount() + queuedCount();
  if (going > 0) {
    QMessageBox box(QMessageBox::Question, tr("Runs are going"),
                    tr("%1 run(s) launched here are running or queued. Stop them and close?").arg(going),
                    QMessageBox::Yes | QMessageBox::Cancel, this);
    box.setDefaultButton(QMessageBox::Cancel);
    if (box.exec() != QMessageBox::Yes) {
      e->ignore();
      return;
    }
    for (auto& p : panes_)
      if (p->task) cancel(p->runId);
  }
  e->accept();
}

CompareWindow::Pane& CompareWindow::addPane(int runId, const QString& title) {
  auto pane = std::make_unique<Pane>();
  pane->runId = runId;
  pane->title = title;
  QColor colour = runColour(runId - 1);
  pane->frame = new QWidget(paneArea_);
  pane->frame->setObjectName("runPane");
  pane->frame->setStyleSheet(QStringLiteral("#runPane { border: 3px solid %1; }").arg(colour.name()));
  auto* layout = new QVBoxLayout(pane->frame);
  layout->setContentsMargins(3, 3, 3, 3);
  layout->setSpacing(2);
  auto* head = new QHBoxLayout();
  pane->header = new QLabel(
      QStringLiteral("<b style='color:%1'>■</b> <b>%2</b>").arg(colour.name(), title.toHtmlEscaped()), pane->frame);
  pane->state = new ElidedLabel(pane->frame);
  pane->state->setStyleSheet(QStringLiteral("color: %1").arg(mutedText(palette()).name()));
  pane->cancel = new QPushButton(tr("Cancel"), pane->frame);
  pane->cancel->setVisible(false);
  head->addWidget(pane->header);
  head->addWidget(pane->state, 1);
  head->addWidget(pane->cancel);
  layout->addLayout(head);
  pane->view = support_->createView(pane->frame);
  layout->addWidget(pane->view, 1);
  connect(pane->cancel, &QPushButton::clicked, this, [this, runId] { cancel(runId); });
  RunView* view = pane->view;
  connect(view->canvas(), &GridCanvas::viewChanged, this, [this, view] { syncView(view); });
  connect(view, &RunView::selectionChanged, this, [this, view] { syncSelection(view); });
  panes_.push_back(std::move(pane));
  relayoutPanes();
  // A new pane joins the others' view and selection.
  if (panes_.size() > 1) {
    Pane& first = *panes_.front();
    panes_.back()->view->setSelection(first.view->selection());
  }
  return *panes_.back();
}

CompareWindow::Pane* CompareWindow::paneOf(int runId) {
  for (auto& p : panes_)
    if (p->runId == runId) return p.get();
  return nullptr;
}

void CompareWindow::relayoutPanes() {
  const int n = int(panes_.size());
  // Two columns up to four runs, three beyond.
  const int columns = n <= 1 ? 1 : n <= 4 ? 2 : 3;
  for (auto& p : panes_) paneGrid_->removeWidget(p->frame);
  for (int i = 0; i < n; ++i) paneGrid_->addWidget(panes_[size_t(i)]->frame, i / columns, i % columns);
  for (int c = 0; c < 3; ++c) paneGrid_->setColumnStretch(c, c < columns ? 1 : 0);
  for (int r = 0; r < 4; ++r) paneGrid_->setRowStretch(r, r < (n + columns - 1) / columns ? 1 : 0);
}

void CompareWindow::syncView(RunView* from) {
  if (syncing_) return;
  syncing_ = true;
  const ViewTransform view = from->canvas()->view();
  for (auto& p : panes_)
    if (p->view != from) p->view->canvas()->setView(view);
  syncing_ = false;
}

void CompareWindow::syncSelection(RunView* from) {
  if (syncing_) return;
  syncing_ = true;
  const std::vector<int> selection = from->selection();
  for (auto& p : panes_)
    if (p->view != from) p->view->setSelection(selection);
  syncing_ = false;
}

bool CompareWindow::addRun(int recordId) {
  if (paneOf(recordId)) return true;
  const RunRecord* r = support_->record(recordId);
  if (!r || !r->payload || r->kind != support_->kind()) return false;
  Pane& pane = addPane(r->id, r->title());
  pane.record = *r;
  pane.view->showResult(*r->payload);
  updateHeader(pane);
  refreshDifferences();
  refreshTable();
  refreshChart();
  return true;
}

RunTask* CompareWindow::launch(const LaunchPreset& preset, uint64_t seed, double timeLimit) {
  QString error;
  RunTask* task = support_->createTask(preset, seed, timeLimit, this, &error);
  if (!task) {
    QMessageBox::warning(this, tr("Cannot launch"), error);
    return nullptr;
  }
  Pane& pane = addPane(task->runId(), QStringLiteral("#%1 %2").arg(task->runId()).arg(task->name()));
  pane.task = task;
  pane.cancel->setVisible(true);
  const int runId = pane.runId;
  connect(task, &RunTask::finished, this, [this, runId](int recordId) {
    if (Pane* p = paneOf(runId)) taskFinished(*p, recordId);
  });
  startQueued();
  refreshTable();
  refreshChart();
  return task;
}

void CompareWindow::setParallel(bool on) {
  parallel_->setChecked(on);
}

bool CompareWindow::parallel() const {
  return parallel_->isChecked();
}

int CompareWindow::runningCount() const {
  int n = 0;
  for (const auto& p : panes_) n += p->task && p->task->running();
  return n;
}

int CompareWindow::queuedCount() const {
  int n = 0;
  for (const auto& p : panes_) n += p->task && !p->task->started();
  return n;
}

void CompareWindow::startQueued() {
  int running = runningCount();
  const int limit = parallel() ? 1 << 20 : 1;
  for (auto& p : panes_) {
    if (running >= limit) break;
    if (p->task && !p->task->started()) {
      p->task->start();
      ++running;
    }
  }
  if (running > 0 && !tick_.isActive()) tick_.start();
  tick();
}

void CompareWindow::cancel(int runId) {
  Pane* p = paneOf(runId);
  if (!p || !p->task) return;
  if (p->task->started()) {
    p->task->cancel();
    p->state->setFullText(tr("stopping…"));
    return;
  }
  // Never started: drop it.
  delete p->task;
  p->task = nullptr;
  p->frame->deleteLater();
  panes_.erase(std::find_if(panes_.begin(), panes_.end(), [p](const auto& q) { return q.get() == p; }));
  relayoutPanes();
  refreshTable();
  refreshChart();
}

void CompareWindow::taskFinished(Pane& pane, int recordId) {
  RunTask* task = pane.task;
  pane.task = nullptr;
  pane.cancel->setVisible(false);
  if (const RunRecord* r = recordId ? support_->record(recordId) : nullptr) {
    pane.record = *r;
    if (r->payload) pane.view->showResult(*r->payload);
  }
  if (task) task->deleteLater();
  updateHeader(pane);
  refreshDifferences();
  refreshTable();
  refreshChart();
  startQueued();
  emit runFinished(recordId);
}

void CompareWindow::updateHeader(Pane& p) {
  p.state->setFullText(p.record ? stateText(p) + QStringLiteral(" · %1 s").arg(p.record->seconds, 0, 'f', 2)
                                : stateText(p));
}

QString CompareWindow::stateText(const Pane& p) const {
  if (p.task) {
    if (!p.task->started()) return tr("queued");
    return tr("running %1 s").arg(p.task->seconds(), 0, 'f', 1);
  }
  if (!p.record) return tr("not recorded");
  return p.record->endText();
}

void CompareWindow::tick() {
  bool any = false;
  for (auto& p : panes_) {
    updateHeader(*p);
    if (!p->task || !p->task->running()) continue;
    any = true;
    if (auto snap = p->task->takeSnapshot()) p->view->showLive(snap);
  }
  if (any) {
    refreshTable();
    chart_->refresh();
  } else {
    tick_.stop();
  }
}

void CompareWindow::refreshTable() {
  std::vector<MetricsTable::Row> rows;
  for (const auto& p : panes_) {
    MetricsTable::Row r;
    r.runId = p->runId;
    r.title = p->title;
    r.colour = runColour(p->runId - 1);
    r.state = stateText(*p);
    r.record = p->record ? &*p->record : nullptr;
    rows.push_back(r);
  }
  table_->setRows(rows);
}

void CompareWindow::refreshChart() {
  std::vector<OverlayChart::Run> runs;
  for (const auto& p : panes_) {
    OverlayChart::Run r;
    r.runId = p->runId;
    r.title = p->title;
    r.colour = runColour(p->runId - 1);
    r.series = p->record ? &p->record->series : p->task ? &p->task->series().all() : nullptr;
    runs.push_back(r);
  }
  chart_->setRuns(runs);
}

void CompareWindow::refreshDifferences() {
  std::vector<const RunPayload*> payloads;
  for (const auto& p : panes_)
    if (p->record && p->record->payload) payloads.push_back(p->record->payload.get());
  differences_ = payloads.size() >= 2 ? support_->differences(payloads) : RunDifferences{};
  differencesLabel_->setText(payloads.size() >= 2 ? support_->differencesText(differences_) : QString());
  setDifferencesOnly(differencesOnly_->isChecked());
}

void CompareWindow::setDifferencesOnly(bool on) {
  if (differencesOnly_->isChecked() != on) {
    differencesOnly_->setChecked(on);  // comes back here through toggled()
    return;
  }
  const bool dim = on && !differences_.sameItems.empty();
  for (auto& p : panes_) p->view->setDifferences(dim ? &differences_ : nullptr);
}

RunView* CompareWindow::view(int pane) const {
  return pane >= 0 && pane < int(panes_.size()) ? panes_[size_t(pane)]->view : nullptr;
}

int CompareWindow::paneRun(int pane) const {
  return pane >= 0 && pane < int(panes_.size()) ? panes_[size_t(pane)]->runId : 0;
}

const RunRecord* CompareWindow::paneRecord(int pane) const {
  if (pane < 0 || pane >= int(panes_.size()) || !panes_[size_t(pane)]->record) return nullptr;
  return &*panes_[size_t(pane)]->record;
}

void CompareWindow::launchChecked() {
  std::vector<LaunchPreset> chosen;
  for (int i = 0; i < presets_->count(); ++i)
    if (presets_->item(i)->checkState() == Qt::Checked) chosen.push_back(presetList_[size_t(i)]);
  if (chosen.empty()) {
    QMessageBox::information(this, tr("Launch runs"), tr("Tick the runs to launch in the list first."));
    return;
  }
  for (const LaunchPreset& p : chosen) launch(p, uint64_t(seed_->value()), timeLimit_->value());
}

void CompareWindow::exportCsv() {
  QString dir = persistent_ ? QSettings().value("compare/lastDir").toString() : QString();
  QString path =
      QFileDialog::getSaveFileName(this, tr("Export the metrics table"), dir + "/runs.csv", tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  if (persistent_) QSettings().setValue("compare/lastDir", QFileInfo(path).absolutePath());
  try {
    table_->exportCsv(path);
  } catch (const std::exception& e) {
    QMessageBox::critical(this, tr("Cannot export"), QString::fromUtf8(e.what()));
  }
}

}  // namespace ts::ui
