#pragma once
// Opens the compare window on runs of the AIE run history (one window at a time, raised when
// asked again) and closes it when another design is opened.
#include <QObject>
#include <QPointer>
#include <vector>

namespace ts::ui {

class AieHistory;
class CompareWindow;

class AieCompareController : public QObject {
  Q_OBJECT
 public:
  AieCompareController(AieHistory* history, QWidget* owner, bool persistent = true);
  ~AieCompareController() override;

  /// Opens (or raises) the window and adds these runs of the history to it.
  CompareWindow* open(const std::vector<int>& ids);
  CompareWindow* window() const;

 private:
  AieHistory* history_;
  QWidget* owner_;
  bool persistent_;
  QPointer<CompareWindow> window_;
};

}  // namespace ts::ui
