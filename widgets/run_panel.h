#pragma once
// The run dock: choose any registered placer or router, edit its settings, seed and time
// limit, start / pause / resume / stop it on a worker thread from the current placement, watch
// it on the canvas (newest snapshot, at most ~10 redraws per second) and in the QoR charts,
// then keep the result (one undoable edit) or discard it.
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <memory>

#include "widgets/aie_figures.h"
#include "widgets/history/series_recorder.h"
#include "widgets/run_catalog.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class AieCanvas;
class AieDocument;
class ParamForm;
class QorChartPanel;
class RunJob;

class RunPanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kSnapshotIntervalMs = 100;  ///< at most ~10 canvas updates per second

  RunPanel(AieDocument* document, AieCanvas* canvas, QorChartPanel* charts, QWidget* parent = nullptr);
  ~RunPanel() override;

  /// Selects an algorithm by id ("place/sa", "route/milp"); false if unknown.
  bool selectAlgorithm(const QString& id);
  QString algorithmId() const;
  ParamForm* form() const { return form_; }
  void setSeed(uint64_t seed);
  void setTimeLimit(double seconds);
  /// Sets algorithm, settings, seed and time limit at once (re-running a run of the history).
  bool configure(const QString& algorithmId, const core::ParamValues& settings, uint64_t seed, double timeLimit);
  /// The current/last run's chart series (for its history record).
  const SeriesRecorder& series() const { return series_; }
  /// Figures of the run's start and of its result (valid while hasResult()).
  const AieFigures& figuresBefore() const { return before_; }
  const AieFigures& figuresAfter() const { return after_; }
  RunJob* job() const { return job_.get(); }
  bool hasResult() const { return resultPending_; }
  /// Canvas refreshes made from snapshots during the current/last run.
  int snapshotRedraws() const { return snapshotRedraws_; }

  void saveSettings() const;
  void restoreSettings();

 public slots:
  /// Starts the selected algorithm from the document's current state. False when it cannot.
  bool start();
  void setPaused(bool paused);
  void togglePaused();
  void stop();
  /// Applies the finished run's result to the document (undoable).
  bool keepResult();
  void discardResult();

 signals:
  void started();
  void finished(bool success, const QString& summary);
  /// After finished(): the job's result is ready to be recorded (job() is still valid).
  void runEnded();
  void logMessage(const QString& text);
  /// The canvas shows a result that is not kept yet: its one-line figures and placement (for
  /// the status bar and the design tree); empty text and null when it no longer does.
  void previewChanged(const QString& text, const aie::Placement* placement);

 private:
  void algorithmChanged();
  void onSnapshotReady();
  void showNewestSnapshot();
  void onFinished();
  void updateControls();
  void tick();

  AieDocument* doc_;
  AieCanvas* canvas_;
  QorChartPanel* charts_;
  std::vector<RunAlgorithm> algorithms_;
  std::unique_ptr<RunJob> job_;
  bool resultPending_ = false;
  bool snapshotWaiting_ = false;
  int snapshotRedraws_ = 0;
  QTimer snapshotTimer_, tickTimer_;
  SeriesRecorder series_;
  AieFigures before_, after_;

  QComboBox* algorithm_;
  QLabel* description_;
  ParamForm* form_;
  QSpinBox* seed_;
  QDoubleSpinBox* timeLimit_;
  QPushButton *start_, *pause_, *stop_, *keep_, *discard_, *defaults_;
  QProgressBar* progress_;
  QLabel* status_;
  QWidget* resultBox_;
  QLabel* result_;
};

}  // namespace ts::ui
