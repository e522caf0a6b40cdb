#pragma once
// Runs side by side: one canvas per run (framed in the run's colour) with pan, zoom and
// selection kept equal in all of them, "differences only" to dim what every run has in common,
// a metrics table (best per column marked, CSV export) and overlaid charts of one term. Runs
// come from the history or are launched here, one after the other or in parallel, each
// cancellable; launched runs are recorded in the history when they end.
#include <QMainWindow>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

#include "widgets/compare/compare_support.h"

class QCheckBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class ElidedLabel;
class MetricsTable;
class OverlayChart;

class CompareWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// Takes `support`; `persistent`: read and write QSettings (the parallel setting, folders).
  explicit CompareWindow(std::unique_ptr<CompareSupport> support, QWidget* parent = nullptr, bool persistent = true);
  ~CompareWindow() override;

  /// Adds a finished run of the history (ignored when shown already); false if unknown.
  bool addRun(int recordId);
  /// Queues a run of `preset`; it starts when the queue allows (see setParallel).
  RunTask* launch(const LaunchPreset& preset, uint64_t seed, double timeLimit);
  /// Runs launched here start together (true) or one after the other (false).
  void setParallel(bool parallel);
  bool parallel() const;
  void setDifferencesOnly(bool on);
  /// Stops a launched run (a queued one is dropped).
  void cancel(int runId);

  int paneCount() const { return int(panes_.size()); }
  RunView* view(int pane) const;
  int paneRun(int pane) const;
  /// The pane's record once the run has ended, else null.
  const RunRecord* paneRecord(int pane) const;
  MetricsTable* table() const { return table_; }
  OverlayChart* chart() const { return chart_; }
  CompareSupport* support() const { return support_.get(); }
  /// Differences of the finished runs shown ("12 cores, 30 nets differ").
  const RunDifferences& differences() const { return differences_; }
  int runningCount() const;
  int queuedCount() const;

 signals:
  /// A launched run ended (recorded in the history under `recordId`, 0 if not).
  void runFinished(int recordId);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  struct Pane {
    int runId = 0;
    QString title;
    RunTask* task = nullptr;  ///< launched here and not ended yet
    std::optional<RunRecord> record;
    QWidget* frame = nullptr;
    QLabel* header = nullptr;
    ElidedLabel* state = nullptr;  // may be a long failure reason: it must not widen the pane
    QPushButton* cancel = nullptr;
    RunView* view = nullptr;
  };
  Pane& addPane(int runId, const QString& title);
  Pane* paneOf(int runId);
  void relayoutPanes();
  void syncView(RunView* from);
  void syncSelection(RunView* from);
  void startQueued();
  void taskFinished(Pane& pane, int recordId);
  void tick();
  void refreshTable();
  void refreshChart();
  void refreshDifferences();
  void exportCsv();
  void launchChecked();
  QString stateText(const Pane& pane) const;
  void updateHeader(Pane& pane);

  std::unique_ptr<CompareSupport> support_;
  bool persistent_;
  std::vector<std::unique_ptr<Pane>> panes_;
  QWidget* paneArea_;
  QGridLayout* paneGrid_;
  MetricsTable* table_;
  OverlayChart* chart_;
  QCheckBox* differencesOnly_;
  QLabel* differencesLabel_;
  RunDifferences differences_;
  // Launching.
  QListWidget* presets_;
  QSpinBox* seed_;
  QDoubleSpinBox* timeLimit_;
  QCheckBox* parallel_;
  QPushButton* launch_;
  std::vector<LaunchPreset> presetList_;
  QTimer tick_;
  bool syncing_ = false;
};

}  // namespace ts::ui
