#pragma once
// Live QoR charts (QtCharts): small multiples, one chart per cost term an algorithm publishes
// (an MILP's incumbent and bound share one), against run time, with dashed markers at phase
// changes. The charts sit in a grid that takes as many columns as the dock's width allows;
// "Terms" chooses which are shown. Samples are buffered and pushed with one
// QLineSeries::replace() per series on a timer, each series decimated to about kMaxPoints.
#include <QHash>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <QVector>
#include <QWidget>
#include <vector>

#include "engine/core/run_context.h"

class QGridLayout;
class QLabel;
class QToolButton;
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
  static constexpr int kChartWidth = 300;  ///< grid column width that keeps labels readable

  explicit QorChartPanel(QWidget* parent = nullptr);

  /// Clears the charts for a new run.
  void beginRun(const QString& title);
  /// Back to the empty panel (another document was opened).
  void clear();
  /// Buffers a sample; the charts catch up on the next refresh.
  void addSample(const core::QorSample& sample);
  /// Pushes buffered samples to the charts now (the timer calls this).
  void flush();

  QStringList terms() const;
  /// Shows or hides the chart of a term (and remembers it for the next runs).
  void setTermShown(const QString& term, bool shown);
  bool termShown(const QString& term) const;
  /// Points currently shown by the series of `term` (after decimation); -1 if no such term.
  int shownPoints(const QString& term) const;
  /// Samples received for `term` since beginRun.
  int receivedPoints(const QString& term) const;
  QtCharts::QChartView* chartViewFor(const QString& term) const;
  /// Columns of the small-multiples grid.
  int columns() const { return columns_; }

  /// Keeps at most `maxPoints` of `points`: first and last, and min and max of equal buckets.
  static QVector<QPointF> decimate(const QVector<QPointF>& points, int maxPoints);

 protected:
  void resizeEvent(QResizeEvent* e) override;

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
  void relayout();
  void updateTitles();
  void fillTermsMenu();

  QGridLayout* grid_;
  QLabel* placeholder_;
  QToolButton* termsButton_;
  QTimer timer_;
  std::vector<Chart> charts_;
  std::vector<Series> series_;
  QHash<QString, int> seriesIndex_;
  QSet<QString> hiddenCharts_;  ///< chart keys the user turned off
  std::vector<double> phaseChanges_;
  std::string lastPhase_;
  bool pending_ = false;
  int columns_ = 1;
};

}  // namespace ts::ui
