#pragma once
// Overlaid charts of the compare window: one chart per chosen term (e.g. "total" cost against
// time) with one series per run in the run's colour and a legend naming the runs.
#include <QColor>
#include <QMap>
#include <QPointF>
#include <QVector>
#include <QWidget>
#include <vector>

class QComboBox;
namespace QtCharts {
class QChart;
class QChartView;
class QValueAxis;
}  // namespace QtCharts

namespace ts::ui {

class OverlayChart : public QWidget {
  Q_OBJECT
 public:
  struct Run {
    int runId = 0;
    QString title;
    QColor colour;
    const QMap<QString, QVector<QPointF>>* series = nullptr;  ///< term -> points; owner keeps it alive
  };

  explicit OverlayChart(QWidget* parent = nullptr);

  /// Replaces the runs (and refreshes the term list: every term any run has).
  void setRuns(const std::vector<Run>& runs);
  /// Redraws the series (new points of running runs).
  void refresh();
  QStringList terms() const;
  QString term() const;
  bool setTerm(const QString& term);
  /// Series shown now: run titles in order.
  QStringList seriesNames() const;
  QtCharts::QChartView* view() const { return view_; }

 private:
  QComboBox* terms_;
  QtCharts::QChartView* view_;
  QtCharts::QChart* chart_;
  QtCharts::QValueAxis *x_, *y_;
  std::vector<Run> runs_;
};

}  // namespace ts::ui
