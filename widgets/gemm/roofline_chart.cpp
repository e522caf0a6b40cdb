#include "widgets/gemm/roofline_chart.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/chart_style.h"
#include "widgets/gemm/plan_text.h"
#include "widgets/theme.h"

using namespace QtCharts;

namespace ts::ui {

namespace {
constexpr double kPickPixels = 12;  ///< a click this close to a point picks it

QLineSeries* line(const QColor& colour, Qt::PenStyle style, double width) {
  auto* s = new QLineSeries();
  QPen pen(colour, width, style);
  s->setPen(pen);
  return s;
}

QScatterSeries* points(QScatterSeries::MarkerShape shape, double size, const QColor& fill, const QColor& border,
                       double borderWidth) {
  auto* s = new QScatterSeries();
  s->setMarkerShape(shape);
  s->setMarkerSize(size);
  s->setBrush(fill);
  s->setPen(QPen(border, borderWidth));
  return s;
}
}  // namespace

RooflineChart::RooflineChart(QWidget* parent) : QChartView(parent) {
  chart_ = new QChart();
  styleCompactChart(chart_);
  chart_->setMargins(QMargins(8, 6, 14, 6));
  chart_->legend()->setAlignment(Qt::AlignRight);
  x_ = new QValueAxis();
  x_->setTitleText(tr("Arithmetic intensity: ops per DRAM byte of the padded GEMM (model)"));
  styleCompactAxis(x_, 9);
  x_->setLabelFormat("%.0f");
  y_ = new QValueAxis();
  y_->setTitleText(tr("Throughput, TOPS (model)"));
  styleCompactAxis(y_, 7);
  y_->setLabelFormat("%.3g");
  chart_->addAxis(x_, Qt::AlignBottom);
  chart_->addAxis(y_, Qt::AlignLeft);

  ceiling_ = line(QColor(170, 30, 30), Qt::SolidLine, 2.5);
  memory_ = line(QColor(30, 90, 180), Qt::SolidLine, 2.5);
  selectedCeiling_ = line(QColor(220, 110, 0), Qt::DashLine, 1.5);
  candidates_ = points(QScatterSeries::MarkerShapeCircle, 8, QColor(90, 150, 90, 200), QColor(40, 90, 40), 1);
  best_ = points(QScatterSeries::MarkerShapeRectangle, 13, QColor(200, 30, 160), QColor(90, 0, 70), 1);
  selectedPoint_ = points(QScatterSeries::MarkerShapeCircle, 22, Qt::transparent, QColor(220, 110, 0), 3);
  for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{ceiling_, memory_, selectedCeiling_, candidates_,
                                                                    best_, selectedPoint_}) {
    chart_->addSeries(s);
    s->attachAxis(x_);
    s->attachAxis(y_);
  }
  applyPalette(chart_, palette());
  setChart(chart_);
  setRenderHint(QPainter::Antialiasing, true);
  setMinimumSize(420, 300);

  for (QScatterSeries* s : {candidates_, best_, selectedPoint_}) {
    connect(s, &QScatterSeries::clicked, this, [this](const QPointF& p) {
      const int i = candidateAt(p);
      if (i >= 0) emit candidateClicked(i);
    });
    connect(s, &QScatterSeries::hovered, this, &RooflineChart::showHovered);
  }
  clearPlan(tr("Roofline: no plan yet"));
}

void RooflineChart::clearPlan(const QString& message) {
  ranked_.clear();
  selected_ = -1;
  for (QXYSeries* s :
       std::initializer_list<QXYSeries*>{ceiling_, memory_, selectedCeiling_, candidates_, best_, selectedPoint_}) {
    s->clear();
    s->setName(QString());
  }
  updateLegend();
  chart_->setTitle(message);
  x_->setRange(0, 1);
  y_->setRange(0, 1);
}

void RooflineChart::setPlan(const aie::gemm::PlanResult& plan) {
  clearPlan(QString());
  ranked_ = plan.ranked;
  const aie::gemm::Roofline& roof = plan.roofline;
  double maxAi = 0;
  QVector<QPointF> pts;
  for (const aie::gemm::Candidate& c : ranked_) {
    pts << QPointF(c.arithmeticIntensity, c.predictedTops);
    maxAi = std::max(maxAi, c.arithmeticIntensity);
  }
  // The ridge (where the DRAM line meets the ceiling) is always on the chart, so both lines show.
  const double ridge = roof.memorySlopeTopsPerOpByte > 0 ? roof.peakTops / roof.memorySlopeTopsPerOpByte : maxAi;
  setZeroBasedRange(x_, std::max(maxAi, ridge) * 1.05, 9);
  setZeroBasedRange(y_, roof.peakTops * 1.05, 8);
  memory_->replace(QVector<QPointF>{{0, 0}, {ridge, roof.peakTops}});
  ceiling_->replace(QVector<QPointF>{{ridge, roof.peakTops}, {x_->max(), roof.peakTops}});
  candidates_->replace(pts);
  ceiling_->setName(tr("Peak compute, %1 TOPS (model)").arg(roof.peakTops, 0, 'f', 2));
  memory_->setName(tr("DRAM bound, %1 GB/s (model)").arg(roof.dramBytesPerSecond / 1e9, 0, 'f', 0));
  candidates_->setName(tr("%n kernel(s), predicted (model)", "", int(ranked_.size())));
  if (!ranked_.empty()) {
    const aie::gemm::Candidate& b = ranked_.front();
    best_->replace(QVector<QPointF>{{b.arithmeticIntensity, b.predictedTops}});
    best_->setName(tr("Best: %1, %2 TOPS").arg(kernelText(b.kernel)).arg(b.predictedTops, 0, 'f', 2));
  }
  updateLegend();
  chart_->setTitle(
      tr("Roofline of the ranked kernels: %1 (model figures, not measurements)").arg(requestText(plan.request)));
}

void RooflineChart::setSelected(int index) {
  selected_ = index >= 0 && index < int(ranked_.size()) ? index : -1;
  selectedPoint_->clear();
  selectedCeiling_->clear();
  selectedPoint_->setName(QString());
  selectedCeiling_->setName(QString());
  if (selected_ >= 0) {
    const aie::gemm::Candidate& c = ranked_[size_t(selected_)];
    selectedPoint_->replace(QVector<QPointF>{{c.arithmeticIntensity, c.predictedTops}});
    selectedCeiling_->replace(QVector<QPointF>{{0, c.peakComputeTops}, {x_->max(), c.peakComputeTops}});
    selectedPoint_->setName(
        tr("Selected #%1: %2, %3 TOPS").arg(c.rank).arg(kernelText(c.kernel)).arg(c.predictedTops, 0, 'f', 2));
    selectedCeiling_->setName(tr("Its peak, %1 TOPS (model)").arg(c.peakComputeTops, 0, 'f', 2));
  }
  updateLegend();
}

void RooflineChart::updateLegend() {
  // Series without a name (nothing planned or selected) have no legend entry.
  for (QLegendMarker* m : chart_->legend()->markers()) m->setVisible(!m->series()->name().isEmpty());
}

int RooflineChart::candidateAt(const QPointF& value) const {
  const QPointF at = chart_->mapToPosition(value, candidates_);
  int found = -1;
  double bestDistance = kPickPixels;
  for (size_t i = 0; i < ranked_.size(); ++i) {
    const QPointF p =
        chart_->mapToPosition(QPointF(ranked_[i].arithmeticIntensity, ranked_[i].predictedTops), candidates_);
    const double d = std::hypot(p.x() - at.x(), p.y() - at.y());
    // Of points drawn on top of each other, the selected one stays selected.
    if (d < bestDistance || (d <= bestDistance && int(i) == selected_)) {
      bestDistance = d;
      found = int(i);
    }
  }
  return found;
}

void RooflineChart::showHovered(const QPointF& value, bool entering) {
  const int i = entering ? candidateAt(value) : -1;
  if (i < 0) {
    QToolTip::hideText();
    return;
  }
  QToolTip::showText(QCursor::pos(), candidateTooltip(ranked_[size_t(i)]), this);
}

}  // namespace ts::ui
