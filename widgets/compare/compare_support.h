#pragma once
// What the compare window needs from a problem kind (AIE design, WSE kernel graph): the
// metric columns, a read-only view per run with synchronised
// pan/zoom (a GridCanvas) and selection, which items and connections differ between runs, and
// how to launch runs of the kind from the window.
#include <QObject>
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

#include "engine/core/params.h"
#include "engine/core/run_context.h"
#include "widgets/history/run_record.h"

namespace ts::ui {

class GridCanvas;
class SeriesRecorder;

/// Items (cores, kernels) and connections (nets, edges) that are the same in every compared
/// run: "differences only" dims them.
struct RunDifferences {
  std::vector<char> sameItems, sameConnections;
  int differentItems = 0, differentConnections = 0;
};

/// One run drawn in the compare window.
class RunView : public QWidget {
  Q_OBJECT
 public:
  using QWidget::QWidget;
  /// The canvas whose view (pan/zoom) the window keeps equal across runs.
  virtual GridCanvas* canvas() = 0;
  /// Draws a finished run's result.
  virtual void showResult(const RunPayload& payload) = 0;
  /// Draws a running run's newest snapshot.
  virtual void showLive(std::shared_ptr<const core::Snapshot> snapshot) = 0;
  /// Selected items (core ids, kernel ids).
  virtual std::vector<int> selection() const = 0;
  virtual void setSelection(const std::vector<int>& items) = 0;
  /// nullptr: draw everything.
  virtual void setDifferences(const RunDifferences* differences) = 0;

 signals:
  void selectionChanged();
};

/// A named way to run an algorithm ("SA+BBCG" = the SA placer with the bbcg cost, then the
/// MILP router).
struct LaunchPreset {
  QString name;
  QString algorithm;  ///< run catalogue id ("flow/sa+milp")
  core::ParamValues settings;
  QString description;
};

/// A run started from the compare window; recorded in the history when it ends.
class RunTask : public QObject {
  Q_OBJECT
 public:
  using QObject::QObject;
  virtual QString name() const = 0;
  /// The history id it will have (its colour).
  virtual int runId() const = 0;
  virtual void start() = 0;
  virtual void cancel() = 0;
  virtual bool started() const = 0;
  virtual bool running() const = 0;
  /// Running seconds so far.
  virtual double seconds() const = 0;
  virtual std::shared_ptr<const core::Snapshot> takeSnapshot() = 0;
  virtual const SeriesRecorder& series() const = 0;

 signals:
  void sample(const ts::core::QorSample& sample);
  void snapshotReady();
  /// Ended and recorded: `recordId` is its history id (0 when it could not be recorded).
  void finished(int recordId);
};

class CompareSupport {
 public:
  virtual ~CompareSupport() = default;
  virtual QString kind() const = 0;
  virtual const std::vector<MetricColumn>& columns() const = 0;
  virtual RunView* createView(QWidget* parent) const = 0;
  virtual RunDifferences differences(const std::vector<const RunPayload*>& runs) const = 0;
  /// The differences in words ("3 cores on different tiles · 5 nets routed differently").
  virtual QString differencesText(const RunDifferences& differences) const = 0;
  virtual std::vector<LaunchPreset> presets() const = 0;
  /// A task for `preset` (not started); nullptr (and `error`) when it cannot run now.
  virtual RunTask* createTask(const LaunchPreset& preset, uint64_t seed, double timeLimit, QObject* parent,
                              QString* error) = 0;
  /// The history the window's runs come from and go to.
  virtual const RunRecord* record(int id) const = 0;
};

}  // namespace ts::ui
