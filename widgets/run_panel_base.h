#pragma once
// What the AIE and WSE run docks share: the algorithm chooser with its description and
// settings form (Config fields with their defaults), seed and time limit; Start / Pause /
// Resume / Stop with a progress bar and status line while the job runs on its worker thread;
// the newest snapshot handed to the canvas at most every kSnapshotIntervalMs; and the result
// box with Keep / Discard. A derived panel lists its algorithms, starts its own job and reads
// its result.
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <memory>
#include <vector>

#include "engine/core/params.h"
#include "engine/core/run_context.h"
#include "widgets/history/series_recorder.h"
#include "widgets/workspace_menus.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace ts::ui {

class BackgroundJob;
class ParamForm;

class RunPanelBase : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kSnapshotIntervalMs = 100;  ///< at most ~10 canvas updates per second

  /// Selects an algorithm by id; false if unknown.
  bool selectAlgorithm(const QString& id);
  QString algorithmId() const;
  ParamForm* form() const { return form_; }
  void setSeed(uint64_t seed);
  void setTimeLimit(double seconds);
  bool running() const;
  bool hasResult() const { return resultPending_; }
  /// The status line under the progress bar ("Finished: keep or discard the result", "Kept").
  QString statusText() const;
  /// Sets algorithm, settings, seed and time limit at once (re-running a run of the history);
  /// false while a run is going or for an unknown algorithm.
  virtual bool configure(const QString& algorithmId, const core::ParamValues& settings, uint64_t seed,
                         double timeLimit);
  /// The current/last run's chart series (for its history record).
  const SeriesRecorder& series() const { return series_; }
  /// Canvas refreshes made from snapshots during the current/last run.
  int snapshotRedraws() const { return snapshotRedraws_; }

  void saveSettings() const;
  void restoreSettings();

 public slots:
  /// Starts the selected algorithm from the document's current state. False when it cannot.
  virtual bool start() = 0;
  /// Starts the selected algorithm from nothing (with the pins only): a run recorded as started
  /// from scratch is re-run that way. Kinds whose runs always have a start state just start().
  virtual bool startFromScratch() { return start(); }
  void setPaused(bool paused);
  void togglePaused();
  void stop();
  /// Applies the finished run's result to the document (undoable).
  virtual bool keepResult() = 0;
  virtual void discardResult() = 0;

 signals:
  void started();
  void finished(bool success, const QString& summary);
  void logMessage(const QString& text);

 protected:
  /// Settings are kept under QSettings group `settingsGroup` (per algorithm id below it).
  RunPanelBase(const QString& settingsGroup, QWidget* parent);
  ~RunPanelBase() override;

  void setAlgorithms(const std::vector<AlgorithmEntry>& algorithms);
  virtual std::vector<core::ParamSpec> paramsOf(const QString& id) const = 0;
  /// The derived panel's job, or null.
  virtual BackgroundJob* job() const = 0;
  /// Shows a snapshot of the running job on the canvas; false when it had nothing to show.
  virtual bool presentSnapshot(std::shared_ptr<const core::Snapshot> snapshot) = 0;
  /// Whether Start may be pressed (e.g. a document is open).
  virtual bool canStart() const = 0;
  /// Extra words for the status line while running (e.g. the phase).
  virtual QString runningDetail() const { return {}; }

  QFormLayout* header() const { return header_; }
  QVBoxLayout* resultLayout() const { return resultLayout_; }
  int seed() const;
  double timeLimit() const;
  /// After the derived panel made its job: counts snapshots, records the chart series, starts
  /// the clock, logs and starts the job.
  void launched(const QString& logLine);
  /// After the job ended: the result box (when `pending`) with `text`, the status line.
  void ended(bool pending, const QString& text, const QString& status);
  /// The job of a document that is gone: it ends on its own, without blocking, and is deleted;
  /// its chart series are forgotten.
  void abandon(std::unique_ptr<BackgroundJob> job);
  void setResultPending(bool pending);
  void appendResultText(const QString& text);
  void setStatus(const QString& text);
  void setKeepEnabled(bool enabled);
  void updateControls();

 private:
  void algorithmChanged();
  void onSnapshotReady();
  void showNewestSnapshot();
  void tick();

  QString group_;
  SeriesRecorder series_;
  bool resultPending_ = false;
  bool snapshotWaiting_ = false;
  int snapshotRedraws_ = 0;
  bool keepEnabled_ = true;
  QTimer snapshotTimer_, tickTimer_;

  QFormLayout* header_;
  QComboBox* algorithm_;
  QLabel* description_;
  ParamForm* form_;
  QSpinBox* seed_;
  QDoubleSpinBox* timeLimit_;
  QPushButton *start_, *pause_, *stop_, *keep_, *discard_, *defaults_;
  QProgressBar* progress_;
  QLabel* status_;
  QWidget* resultBox_;
  QVBoxLayout* resultLayout_;
  QLabel* result_;
};

}  // namespace ts::ui
