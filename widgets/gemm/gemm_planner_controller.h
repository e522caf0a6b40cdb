#pragma once
// Owns the GEMM planner window (one at a time, raised when asked again) and offers it as a menu
// action; the studio passes how a generated design is opened (as a new AIE document).
#include <QObject>
#include <QPointer>

#include "widgets/gemm/gemm_planner_window.h"

class QAction;

namespace ts::ui {

class GemmPlannerController : public QObject {
  Q_OBJECT
 public:
  /// `persistent`: the window keeps its last request in QSettings.
  GemmPlannerController(GemmPlannerWindow::OpenDesign openDesign, QWidget* owner, bool persistent = true);
  ~GemmPlannerController() override;

  /// Opens (or raises) the window; the first time it plans what its inputs say.
  GemmPlannerWindow* open();
  GemmPlannerWindow* window() const { return window_.data(); }
  /// File > GEMM Planner… (Ctrl+G).
  QAction* action() const { return action_; }

 private:
  GemmPlannerWindow::OpenDesign openDesign_;
  QWidget* owner_;
  bool persistent_;
  QAction* action_;
  QPointer<GemmPlannerWindow> window_;
};

}  // namespace ts::ui
