#include "widgets/compare/compare_controller.h"

#include <QAction>

#include "widgets/compare/compare_window.h"
#include "widgets/document.h"
#include "widgets/history/history_binding.h"
#include "widgets/history/history_dock.h"

namespace ts::ui {

CompareController::CompareController(HistoryBinding* history, HistoryDock* dock, SupportFactory support,
                                     QWidget* owner, bool persistent)
    : QObject(owner), history_(history), support_(std::move(support)), owner_(owner), persistent_(persistent) {
  // The runs of the previous document mean nothing on the next one.
  connect(history_, &HistoryBinding::aboutToReset, this, [this] { delete window_.data(); });
  connect(history_, &HistoryBinding::compareRequested, this, &CompareController::open);
  action_ = new QAction(tr("&Compare Runs…"), this);
  action_->setShortcut(QKeySequence(tr("Ctrl+K")));
  action_->setToolTip(tr("Runs side by side: the runs selected in the Runs dock, and runs launched there"));
  connect(action_, &QAction::triggered, this, [this, dock] { open(dock->selectedRuns()); });
}

CompareController::~CompareController() {
  delete window_.data();
}

CompareWindow* CompareController::window() const {
  return window_.data();
}

CompareWindow* CompareController::open(const std::vector<int>& ids) {
  if (!history_->document()->isOpen()) return nullptr;
  if (!window_) {
    window_ = new CompareWindow(support_(), owner_, persistent_);
    window_->setWindowTitle(tr("Compare runs — %1").arg(history_->document()->title()));
  }
  for (int id : ids) window_->addRun(id);
  window_->show();
  window_->raise();
  window_->activateWindow();
  return window_;
}

}  // namespace ts::ui
