#pragma once
// Properties of the WSE canvas selection: one kernel (arguments, shape, time, memory against
// the limit, adapters with each neighbour as links), several kernels, or the graph when
// nothing is selected; a pin toggle, rotate and zoom; and the selected kernel's candidate
// shapes from the sizing step (Pareto-optimal at a target time, the current MT by default)
// with their time, memory and arguments, one of which can be applied.
#include <QWidget>

#include "engine/wse/sizing.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace ts::ui {

class WseCanvas;
class WseDocument;

class WseInspector : public QWidget {
  Q_OBJECT
 public:
  WseInspector(WseDocument* document, WseCanvas* canvas, QWidget* parent = nullptr);

  QString html() const;
  /// Follows a link: "kernel:N" selects kernel N.
  void follow(const QString& link);
  /// The candidate shapes listed for the selected kernel (tests), and the table showing them.
  const std::vector<wse::Candidate>& candidates() const { return candidates_; }
  QTableWidget* candidateTable() const { return table_; }
  /// Shapes are listed for this target time (0 = the current MT).
  void setTarget(double target);
  /// Applies candidate `row` to the selected kernel (undoable); false and a message when refused.
  bool applyCandidate(int row);

 signals:
  void message(const QString& text);

 private:
  void refresh();
  void refreshCandidates();
  int selectedKernel() const;  ///< the one selected kernel, or -1

  WseDocument* doc_;
  WseCanvas* canvas_;
  QTextBrowser* text_;
  QCheckBox* pinned_;
  QPushButton *rotate_, *zoom_, *apply_;
  QDoubleSpinBox* target_;
  QLabel* shapesTitle_;
  QTableWidget* table_;
  std::vector<wse::Candidate> candidates_;
  int shownKernel_ = -1;
  bool updating_ = false;
};

}  // namespace ts::ui
