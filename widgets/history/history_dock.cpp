#include "widgets/history/history_dock.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "widgets/history/run_history.h"
#include "widgets/theme.h"

namespace ts::ui {

HistoryDock::HistoryDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  view_ = new QTreeView(this);
  view_->setRootIsDecorated(false);
  view_->setUniformRowHeights(true);
  view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setAlternatingRowColors(true);
  view_->header()->setStretchLastSection(true);
  layout->addWidget(view_, 1);
  empty_ = new QLabel(tr("Runs on this design appear here: every placer, router or flow you start is kept with "
                         "its settings, result and charts."),
                      this);
  empty_->setWordWrap(true);
  empty_->setStyleSheet(QStringLiteral("color: %1").arg(mutedText(palette()).name()));
  layout->addWidget(empty_);
  auto* buttons = new QHBoxLayout();
  auto button = [&](const QString& text, const QString& tip) {
    auto* b = new QPushButton(text, this);
    b->setToolTip(tip);
    buttons->addWidget(b);
    return b;
  };
  show_ = button(tr("Show"), tr("Draw the selected run's result on the canvas (double-click a run)"));
  design_ = button(tr("Design"), tr("Back to the design's own placement on the canvas"));
  apply_ = button(tr("Apply"), tr("Make the selected run's result the design's placement (undoable)"));
  rerun_ =
      button(tr("Re-run"), tr("Run the same algorithm with the same settings and seed from the current placement"));
  delete_ = button(tr("Delete"), tr("Forget the selected runs"));
  compare_ = button(tr("Compare…"), tr("Open the selected runs side by side (two or more)"));
  buttons->addStretch(1);
  layout->addLayout(buttons);

  auto one = [this](auto signal) {
    return [this, signal] {
      std::vector<int> ids = selectedRuns();
      if (ids.size() == 1) emit(this->*signal)(ids.front());
    };
  };
  connect(show_, &QPushButton::clicked, this, one(&HistoryDock::showRequested));
  connect(design_, &QPushButton::clicked, this, &HistoryDock::showDesignRequested);
  connect(apply_, &QPushButton::clicked, this, one(&HistoryDock::applyRequested));
  connect(rerun_, &QPushButton::clicked, this, one(&HistoryDock::rerunRequested));
  connect(delete_, &QPushButton::clicked, this, [this] {
    if (!selectedRuns().empty()) emit deleteRequested(selectedRuns());
  });
  connect(compare_, &QPushButton::clicked, this, [this] {
    if (selectedRuns().size() >= 2) emit compareRequested(selectedRuns());
  });
  connect(view_, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
    if (!busy_ && index.isValid()) emit showRequested(index.data(RunHistory::kIdRole).toInt());
  });
  setHistory(nullptr);
}

void HistoryDock::setHistory(RunHistory* history) {
  if (history_) history_->disconnect(this);
  history_ = history;
  view_->setModel(history);
  if (history) {
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &HistoryDock::updateButtons);
    connect(history, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int, int last) {
      view_->scrollTo(history_->index(last, 0));
      updateButtons();
    });
    connect(history, &QAbstractItemModel::rowsRemoved, this, &HistoryDock::updateButtons);
    connect(history, &QAbstractItemModel::modelReset, this, &HistoryDock::updateButtons);
    view_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->header()->setSectionResizeMode(RunHistory::ResultColumn, QHeaderView::Stretch);
  }
  updateButtons();
}

std::vector<int> HistoryDock::selectedRuns() const {
  std::vector<int> ids;
  if (!history_ || !view_->selectionModel()) return ids;
  for (const QModelIndex& row : view_->selectionModel()->selectedRows())
    ids.push_back(row.data(RunHistory::kIdRole).toInt());
  std::sort(ids.begin(), ids.end());
  return ids;
}

void HistoryDock::selectRuns(const std::vector<int>& ids) {
  if (!history_) return;
  view_->clearSelection();
  for (int row = 0; row < history_->rowCount(); ++row) {
    QModelIndex index = history_->index(row, 0);
    if (std::find(ids.begin(), ids.end(), index.data(RunHistory::kIdRole).toInt()) != ids.end())
      view_->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
  }
}

void HistoryDock::setEmptyText(const QString& text) {
  empty_->setText(text);
}

void HistoryDock::setBusy(bool busy) {
  busy_ = busy;
  updateButtons();
}

void HistoryDock::updateButtons() {
  size_t n = selectedRuns().size();
  bool any = history_ && history_->count() > 0;
  empty_->setVisible(!any);
  show_->setEnabled(n == 1 && !busy_);
  design_->setEnabled(history_ != nullptr && !busy_);
  apply_->setEnabled(n == 1 && !busy_);
  rerun_->setEnabled(n == 1 && !busy_);
  delete_->setEnabled(n >= 1);
  compare_->setEnabled(n >= 2);
}

}  // namespace ts::ui
