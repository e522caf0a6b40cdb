#include "widgets/gemm/gemm_planner_controller.h"

#include <QAction>

namespace ts::ui {

GemmPlannerController::GemmPlannerController(GemmPlannerWindow::OpenDesign openDesign, QWidget* owner, bool persistent)
    : QObject(owner), openDesign_(std::move(openDesign)), owner_(owner), persistent_(persistent) {
  action_ = new QAction(tr("&GEMM Planner…"), this);
  action_->setShortcut(QKeySequence(tr("Ctrl+G")));
  action_->setToolTip(tr("Plan GEMM kernels for a Ryzen AI NPU (roofline and ranking) and open the design of one"));
  connect(action_, &QAction::triggered, this, [this] { open(); });
}

GemmPlannerController::~GemmPlannerController() {
  delete window_.data();
}

GemmPlannerWindow* GemmPlannerController::open() {
  if (!window_) {
    window_ = new GemmPlannerWindow(openDesign_, owner_, persistent_);
    window_->plan();
  }
  window_->show();
  window_->raise();
  window_->activateWindow();
  return window_;
}

}  // namespace ts::ui
