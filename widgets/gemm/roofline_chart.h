#pragma once
// The planner's roofline (GEMM paper Figs. 7-8 style, linear axes): x = arithmetic intensity
// (ops per DRAM byte), y = predicted TOPS; the array's compute ceiling and the DRAM bandwidth
// line, every ranked kernel as a point, the best one and the selected one marked (the selected
// one with its own compute ceiling). Every figure is a model figure and says so.
#include <QtCharts/QChartView>
#include <vector>

#include "engine/aie/gemm/planner.h"

namespace QtCharts {
class QLineSeries;
class QScatterSeries;
class QValueAxis;
}  // namespace QtCharts

namespace ts::ui {

class RooflineChart : public QtCharts::QChartView {
  Q_OBJECT
 public:
  explicit RooflineChart(QWidget* parent = nullptr);

  /// Draws a plan (its ranked candidates); a plan with none leaves the lines and no points.
  void setPlan(const aie::gemm::PlanResult& plan);
  /// No plan: empty axes and `message` as the title.
  void clearPlan(const QString& message);
  /// Marks candidate `index` of the plan's ranking (-1: none).
  void setSelected(int index);
  int selected() const { return selected_; }

  QtCharts::QScatterSeries* candidatePoints() const { return candidates_; }
  QtCharts::QScatterSeries* bestPoint() const { return best_; }
  QtCharts::QScatterSeries* selectedPoint() const { return selectedPoint_; }
  QtCharts::QLineSeries* computeCeiling() const { return ceiling_; }
  QtCharts::QLineSeries* memoryLine() const { return memory_; }
  QtCharts::QLineSeries* selectedCeiling() const { return selectedCeiling_; }
  QtCharts::QValueAxis* xAxis() const { return x_; }
  QtCharts::QValueAxis* yAxis() const { return y_; }

 signals:
  /// A candidate's point was clicked (its index in the plan's ranking).
  void candidateClicked(int index);

 private:
  /// The candidate nearest to a clicked chart value (in pixels), -1 when none is close.
  int candidateAt(const QPointF& value) const;
  void updateLegend();
  void showHovered(const QPointF& value, bool entering);

  QtCharts::QChart* chart_;
  QtCharts::QValueAxis *x_, *y_;
  QtCharts::QLineSeries *ceiling_, *memory_, *selectedCeiling_;
  QtCharts::QScatterSeries *candidates_, *best_, *selectedPoint_;
  std::vector<aie::gemm::Candidate> ranked_;
  int selected_ = -1;
};

}  // namespace ts::ui
