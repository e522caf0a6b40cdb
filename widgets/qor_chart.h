#pragma once
// Live QoR charts (QtCharts): one small chart per cost term an algorithm publishes (MILP
// incumbent and bound share one), against run time, with dashed markers at phase changes.
// Samples are buffered and pushed with one QLineSeries::replace() per series on a timer, and
// each series is decimated to about kMaxPoints points (min/max per bucket keeps the shape).
#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QVector>
#include <QWidget>
#include <vector>

#include "engine/core/run_context.h"

class QVBoxLayout;
class QLabel;
namespace QtCharts {
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
}  // namespace QtCharts

namespace ts::ui {

class QorChartPanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kMaxPoints = 2000;
  static constexpr int kRefreshMs = 200;

  explicit QorChartPanel(QWidget* parent = nullptr);

  /// Clears the charts for a new run.
  void beginRun(const QString& title);
  /// Buffers a sample; the charts catch up on the next refresh.
  void addSample(const core::QorSample& sample);
  /// Pushes buffered samples to the charts now (the timer calls this).
  void flush();

  QStringList terms() const;
  /// Points currently shown by the series of `term` (after decimation); -1 if no such term.
  int shownPoints(const QString& term) const;
  /// Samples received for `term` since beginRun.
  int receivedPoints(const QString& term) const;
  QtCharts::QChartView* chartViewFor(const QString& term) const;

  /// Keeps at most `maxPoints` of `points`: first and last, and min and max of equal buckets.
  static QVector<QPointF> decimate(const QVector<QPointF>& points, int maxPoints);

 private:
  struct Chart {
    QString key;
    QtCharts::QChartView* view = nullptr;
    QtCharts::QChart* chart = nullptr;
    QtCharts::QValueAxis* x = nullptr;
    QtCharts::QValueAxis* y = nullptr;
    std::vector<QtCharts::QLineSeries*> markers;
  };
  struct Series {
    QString term;
    QVector<QPointF> points;
    QtCharts::QLineSeries* series = nullptr;
    int chart = -1;
    bool dirty = false;
  };
  static QString chartKey(const QString& term);
  Series& seriesFor(const QString& term);
  Chart& chartFor(const QString& key);

  QVBoxLayout* layout_;
  QLabel* placeholder_;
  QTimer timer_;
  std::vector<Chart> charts_;
  std::vector<Series> series_;
  QHash<QString, int> seriesIndex_;
  std::vector<double> phaseChanges_;
  std::string lastPhase_;
  bool pending_ = false;
};

}  // namespace ts::ui
