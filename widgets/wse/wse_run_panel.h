#pragma once
// The run dock for a WSE kernel graph: choose CU.POKer, TBS-SA or divide and conquer, edit
// its settings (its Config fields with their defaults), seed, threads and time limit, and run
// it on a worker thread from the current layout with its pinned kernels; pause, resume or
// stop it; watch it on the canvas (newest layout, at most ~10 redraws a second) and in the
// charts; then keep the result (one undoable edit) or discard it, with the score terms
// before and after side by side. A graph opened without a layout is placed by CU.POKer the
// same way, its result applied when it ends.
#include <QTimer>
#include <QWidget>
#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace ts::ui {

class ParamForm;
class WseCanvas;
class WseDocument;
class WseRunChart;
class WseRunJob;

class WseRunPanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kSnapshotIntervalMs = 100;

  WseRunPanel(WseDocument* document, WseCanvas* canvas, WseRunChart* chart, QWidget* parent = nullptr);
  ~WseRunPanel() override;

  /// Selects an algorithm by name ("cupoker", "tbs-sa", "dnc"); false if unknown.
  bool selectAlgorithm(const QString& name);
  QString algorithm() const;
  ParamForm* form() const { return form_; }
  void setSeed(uint64_t seed);
  void setThreads(int threads);
  void setTimeLimit(double seconds);
  WseRunJob* job() const { return job_.get(); }
  bool running() const;
  bool hasResult() const { return resultPending_; }
  /// Canvas refreshes made from snapshots during the current/last run.
  int snapshotRedraws() const { return snapshotRedraws_; }
  /// The before/after table of the pending result (tests read it).
  QTableWidget* comparison() const { return table_; }

  void saveSettings() const;
  void restoreSettings();

 public slots:
  /// Starts the selected algorithm from the current layout with its pins. False when it cannot.
  bool start();
  /// Places a graph that has no layout yet: CU.POKer with its defaults; the result is applied
  /// when the run ends (stopping it keeps the best layout found so far).
  bool placeFromScratch();
  void setPaused(bool paused);
  void togglePaused();
  void stop();
  bool keepResult();
  void discardResult();

 signals:
  void started();
  void finished(bool found, const QString& summary);
  void logMessage(const QString& text);

 private:
  bool launch(const QString& algorithm, bool fromScratch);
  void algorithmChanged();
  void onSnapshotReady();
  void showNewestSnapshot();
  void onFinished();
  void forgetRun();
  void updateControls();
  void tick();
  void fillComparison();

  WseDocument* doc_;
  WseCanvas* canvas_;
  WseRunChart* chart_;
  std::unique_ptr<WseRunJob> job_;
  bool resultPending_ = false;
  bool fromScratch_ = false;
  bool snapshotWaiting_ = false;
  int snapshotRedraws_ = 0;
  QString phase_;
  QTimer snapshotTimer_, tickTimer_;

  QComboBox* algorithm_;
  QLabel* description_;
  ParamForm* form_;
  QSpinBox *seed_, *threads_;
  QDoubleSpinBox* timeLimit_;
  QPushButton *start_, *pause_, *stop_, *keep_, *discard_, *defaults_;
  QProgressBar* progress_;
  QLabel* status_;
  QWidget* resultBox_;
  QLabel* result_;
  QTableWidget* table_;
};

}  // namespace ts::ui
