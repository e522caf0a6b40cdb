#pragma once
// Live charts of a WSE placer run: the target times tried against run time, green when a
// layout existed at that target and red when not (the annealer's current cost instead, for
// TBS-SA), and the best score, MT, WL and AC found so far. Samples are buffered and pushed to
// the series with one replace() each on a short timer; lines are decimated (see gui.md).
//
// The targets chart has a logarithmic value axis: CU.POKer's search bisects from an upper bound
// orders of magnitude above the answer, and on a linear axis every later target (the ones that
// matter) lies on the bottom line.
#include <QTimer>
#include <QVector>
#include <QWidget>
#include <array>

#include "engine/core/run_context.h"

class QLabel;
namespace QtCharts {
class QChart;
class QChartView;
class QXYSeries;
class QAbstractAxis;
class QValueAxis;
}  // namespace QtCharts

namespace ts::ui {

class WseRunChart : public QWidget {
  Q_OBJECT
 public:
  enum SeriesId { FeasibleTargets, InfeasibleTargets, Cost, Score, Mt, Wl, Ac, SeriesCount };
  static constexpr int kRefreshMs = 200;
  static constexpr int kMaxPoints = 2000;

  explicit WseRunChart(QWidget* parent = nullptr);

  /// Clears every chart for a new run (or, with an empty title, for no run).
  void beginRun(const QString& title);
  void addSample(const core::QorSample& sample);
  /// Pushes buffered points to the charts now (the timer calls this).
  void flush();
  /// Points received for a series since beginRun (before decimation).
  int points(SeriesId id) const { return int(data_[size_t(id)].size()); }
  /// Points the series shows now.
  int shownPoints(SeriesId id) const;
  QtCharts::QChartView* view(int chart) const { return charts_[size_t(chart)].view; }
  /// The value axis of a chart (0: the targets', logarithmic).
  QtCharts::QAbstractAxis* valueAxis(int chart) const { return charts_[size_t(chart)].y; }

 private:
  struct Chart {
    QtCharts::QChart* chart = nullptr;
    QtCharts::QChartView* view = nullptr;
    QtCharts::QValueAxis* x = nullptr;
    QtCharts::QAbstractAxis* y = nullptr;
  };
  void append(SeriesId id, double t, double v);
  Chart makeChart(const QString& title, bool logarithmic);

  QLabel* title_;
  std::array<Chart, 5> charts_;  ///< targets, score, MT, WL, AC
  std::array<QtCharts::QXYSeries*, SeriesCount> series_{};
  std::array<int, SeriesCount> chartOf_{};
  std::array<QVector<QPointF>, SeriesCount> data_;
  std::array<bool, SeriesCount> dirty_{};
  QTimer timer_;
};

}  // namespace ts::ui
