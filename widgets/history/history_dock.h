#pragma once
// The run history dock: every run on the open document with its colour, settings, start, end,
// running time and result. Show (or double-click) draws a run's result on the canvas, Apply
// makes it the design's placement (undoable), Re-run repeats it with the same settings,
// Delete forgets it, Compare opens the selected runs side by side. Kind-neutral: what the
// buttons do is up to the document's HistoryBinding (AieHistory, WseHistory).
#include <QWidget>
#include <vector>

class QLabel;
class QPushButton;
class QTreeView;

namespace ts::ui {

class RunHistory;

class HistoryDock : public QWidget {
  Q_OBJECT
 public:
  explicit HistoryDock(QWidget* parent = nullptr);

  /// Shows `history` (nullptr: nothing open). Not owned.
  void setHistory(RunHistory* history);
  RunHistory* history() const { return history_; }
  /// Selected run ids, in table order.
  std::vector<int> selectedRuns() const;
  void selectRuns(const std::vector<int>& ids);
  /// What the empty dock says (which runs it will keep).
  void setEmptyText(const QString& text);
  /// Whether Show/Apply/Re-run are possible now (not while a run is going).
  void setBusy(bool busy);
  QTreeView* view() const { return view_; }

 signals:
  void showRequested(int id);
  void showDesignRequested();
  void applyRequested(int id);
  void rerunRequested(int id);
  void deleteRequested(const std::vector<int>& ids);
  void compareRequested(const std::vector<int>& ids);

 private:
  void updateButtons();

  RunHistory* history_ = nullptr;
  QTreeView* view_;
  QLabel* empty_;
  QPushButton *show_, *design_, *apply_, *rerun_, *delete_, *compare_;
  bool busy_ = false;
};

}  // namespace ts::ui
