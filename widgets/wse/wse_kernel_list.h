#pragma once
// Searchable list of a kernel graph's kernels with their place (pinned ones marked with a
// padlock), time, shape and type, in that order: the dock is narrow, so what a user looks up
// first comes first. Selecting entries selects the kernels on the canvas and follows the canvas's
// selection; double-clicking zooms to them. The search matches names, types and arguments.
#include <QWidget>

class QLineEdit;
class QTreeWidget;

namespace ts::ui {

class WseCanvas;
class WseDocument;

class WseKernelList : public QWidget {
  Q_OBJECT
 public:
  enum Column { NameColumn, WhereColumn, TimeColumn, ShapeColumn, TypeColumn };

  WseKernelList(WseDocument* document, WseCanvas* canvas, QWidget* parent = nullptr);

  void setFilter(const QString& text);
  QTreeWidget* tree() const { return tree_; }
  /// Kernels whose rows are visible under the current filter (tests).
  int visibleCount() const;

 private:
  void rebuild();
  void applyFilter();
  void fromCanvas();
  void toCanvas();

  WseDocument* doc_;
  WseCanvas* canvas_;
  QLineEdit* search_;
  QTreeWidget* tree_;
  bool syncing_ = false;
};

}  // namespace ts::ui
