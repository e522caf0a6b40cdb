#pragma once
// Opens the compare window on runs of a document's run history (one window at a time, raised
// when asked again), offers Run > Compare Runs for the runs selected in the Runs dock, and
// closes the window when another document is opened. Kind-neutral: the kind's CompareSupport
// comes from a factory.
#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>
#include <vector>

class QAction;

namespace ts::ui {

class CompareSupport;
class CompareWindow;
class HistoryBinding;
class HistoryDock;

class CompareController : public QObject {
  Q_OBJECT
 public:
  using SupportFactory = std::function<std::unique_ptr<CompareSupport>()>;

  /// `persistent`: the window reads and writes QSettings.
  CompareController(HistoryBinding* history, HistoryDock* dock, SupportFactory support, QWidget* owner,
                    bool persistent = true);
  ~CompareController() override;

  /// Opens (or raises) the window and adds these runs of the history to it.
  CompareWindow* open(const std::vector<int>& ids);
  CompareWindow* window() const;
  /// Run > Compare Runs (Ctrl+K): the runs selected in the Runs dock.
  QAction* action() const { return action_; }

 private:
  HistoryBinding* history_;
  SupportFactory support_;
  QWidget* owner_;
  bool persistent_;
  QAction* action_;
  QPointer<CompareWindow> window_;
};

}  // namespace ts::ui
