#include "widgets/compare/compare_controller.h"

#include "widgets/aie_document.h"
#include "widgets/compare/aie_compare.h"
#include "widgets/compare/compare_window.h"
#include "widgets/history/aie_history.h"

namespace ts::ui {

AieCompareController::AieCompareController(AieHistory* history, QWidget* owner, bool persistent)
    : QObject(owner), history_(history), owner_(owner), persistent_(persistent) {
  // The runs of the previous design mean nothing on the next one.
  connect(history_, &AieHistory::aboutToReset, this, [this] { delete window_.data(); });
}

AieCompareController::~AieCompareController() {
  delete window_.data();
}

CompareWindow* AieCompareController::window() const {
  return window_.data();
}

CompareWindow* AieCompareController::open(const std::vector<int>& ids) {
  if (!history_->document()->isOpen()) return nullptr;
  if (!window_) {
    window_ = new CompareWindow(std::make_unique<AieCompareSupport>(history_), owner_, persistent_);
    window_->setWindowTitle(tr("Compare runs — %1").arg(history_->document()->title()));
  }
  for (int id : ids) window_->addRun(id);
  window_->show();
  window_->raise();
  window_->activateWindow();
  return window_;
}

}  // namespace ts::ui
