#pragma once
// The studio's GEMM tiling planner (GEMM paper Sec. 4.5): the GEMM size M×K×N, precision,
// device (npu1 XDNA / npu2 XDNA2) and layout of B as inputs; the planner's ranking of single-core
// kernels as a roofline chart (Figs. 7-8 style) and a table, kept in step (a row selects its
// point, a point its row); "Open Design" turns the selected kernel into the whole-array design
// and hands it to the studio as a new, unsaved AIE document. It runs on the GUI thread: the
// planner takes well under a millisecond (its search does not depend on M, K, N) and refreshing
// table and chart with ~470 kernels about 50 ms.
#include <QWidget>
#include <functional>
#include <optional>

#include "engine/aie/gemm/planner.h"
#include "engine/aie/io/design_loader.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class CandidateTable;
class RooflineChart;

class GemmPlannerWindow : public QWidget {
  Q_OBJECT
 public:
  /// Opens a generated design in the studio; false (with `error` set, or empty when the user
  /// cancelled, e.g. at an unsaved-changes prompt) when it was not opened.
  using OpenDesign = std::function<bool(aie::LoadedDesign design, QString* error)>;

  /// `persistent`: the last request is kept in QSettings.
  GemmPlannerWindow(OpenDesign open, QWidget* parent = nullptr, bool persistent = true);
  ~GemmPlannerWindow() override;

  /// Shows `request` in the inputs (it is planned by plan()).
  void setRequest(const aie::gemm::PlanRequest& request);
  /// Plans what the inputs say. On bad input (a size that is not a whole number, or outside what
  /// the planner takes: the engine's message) the message says why, the chart and table are
  /// emptied and false is returned.
  bool plan();
  /// Selects candidate `index` of the ranking in the table and on the chart (-1: none).
  void selectCandidate(int index);
  int selectedCandidate() const;
  /// Generates the selected kernel's design and opens it through OpenDesign.
  bool openSelected();

  const std::optional<aie::gemm::PlanResult>& result() const { return result_; }
  /// The line under the inputs: what was planned, or what is wrong.
  QString message() const;
  bool messageIsError() const { return messageIsError_; }
  RooflineChart* chart() const { return chart_; }
  CandidateTable* table() const { return table_; }
  QLineEdit* sizeEdit(int dimension) const { return size_[dimension]; }  ///< 0 = M, 1 = K, 2 = N
  QPushButton* openButton() const { return openButton_; }

 signals:
  /// A design was opened in the studio.
  void designOpened(const QString& name);

 private:
  /// The request the inputs describe, or nullopt with the message set.
  std::optional<aie::gemm::PlanRequest> readRequest();
  void showMessage(const QString& text, bool error);
  void selectionChanged(int index);
  void saveRequest(const aie::gemm::PlanRequest& request) const;
  void restoreRequest();

  OpenDesign open_;
  bool persistent_;
  QLineEdit* size_[3];
  QComboBox *precision_, *device_, *bLayout_, *kernelSet_;
  QSpinBox* top_;
  QPushButton *planButton_, *openButton_;
  QLabel *message_, *model_, *selection_;
  RooflineChart* chart_;
  CandidateTable* table_;
  std::optional<aie::gemm::PlanResult> result_;
  bool messageIsError_ = false;
};

}  // namespace ts::ui
