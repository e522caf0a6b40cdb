#include "widgets/chart_style.h"

#include <QFont>
#include <QGraphicsLayout>
#include <QtCharts/QChart>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

using namespace QtCharts;

namespace ts::ui {

void styleCompactChart(QChart* chart) {
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  QFont title = chart->titleFont();
  title.setPixelSize(12);
  title.setBold(true);
  chart->setTitleFont(title);
  QFont legend = chart->legend()->font();
  legend.setPixelSize(11);
  chart->legend()->setFont(legend);
}

void styleCompactAxis(QValueAxis* axis, int ticks) {
  QFont labels = axis->labelsFont();
  labels.setPixelSize(10);
  axis->setLabelsFont(labels);
  QFont title = axis->titleFont();
  title.setPixelSize(10);
  title.setBold(false);
  axis->setTitleFont(title);
  axis->setTickCount(ticks);
  axis->setMinorTickCount(0);
  axis->setLabelFormat("%.5g");
}

void paddedRange(double lo, double hi, double* from, double* to) {
  double span = hi - lo;
  double pad = span * 0.06;
  if (!(span > 1e-9 * std::max(1.0, std::abs(hi)))) {
    // Flat: a readable band of 10 % around the value (or 0..1 around zero).
    pad = hi != 0 ? std::abs(hi) * 0.1 : 1.0;
  }
  *from = lo - pad;
  *to = hi + pad;
  // Counts and costs that cannot be negative do not get a negative axis from the padding.
  if (lo >= 0 && *from < 0) *from = 0;
}

void niceRange(double lo, double hi, int ticks, double* from, double* to) {
  *from = lo;
  *to = hi;
  if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo) return;
  const int steps = std::max(1, ticks - 1);
  double step = std::max(hi - lo, 1e-12 * std::max(1.0, std::abs(hi))) / steps;
  for (int attempt = 0; attempt < 20; ++attempt, step *= 1.2) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
      double s = m * magnitude;
      if (s < step * (1 - 1e-9)) continue;
      double f = std::floor(lo / s + 1e-9) * s;
      if (f + s * steps >= hi - 1e-9 * std::abs(hi)) {
        *from = f;
        *to = f + s * steps;
        return;
      }
      break;  // the rounded start pushed the end below hi: a wider step
    }
  }
}

void setPaddedRange(QValueAxis* axis, double lo, double hi) {
  double from, to;
  paddedRange(lo, hi, &from, &to);
  setNiceRange(axis, from, to);
}

void setNiceRange(QValueAxis* axis, double lo, double hi) {
  double from, to;
  niceRange(lo, hi, axis->tickCount(), &from, &to);
  // A padded range that started at zero stays at zero.
  if (lo >= 0 && from < 0) from = 0;
  axis->setRange(from, to);
}

void setZeroBasedRange(QValueAxis* axis, double hi, int maxTicks) {
  if (!(hi > 0) || !std::isfinite(hi)) {
    axis->setRange(0, 1);
    return;
  }
  const double wanted = hi / std::max(1, maxTicks - 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(wanted)));
  double step = 10 * magnitude;
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * magnitude >= wanted * (1 - 1e-9)) {
      step = m * magnitude;
      break;
    }
  const int steps = std::max(1, int(std::ceil(hi / step - 1e-9)));
  axis->setRange(0, steps * step);
  axis->setTickCount(steps + 1);
}

QVector<QPointF> decimatePoints(const QVector<QPointF>& points, int maxPoints) {
  if (points.size() <= maxPoints || maxPoints < 4) return points;
  QVector<QPointF> out;
  out.reserve(maxPoints);
  int buckets = (maxPoints - 2) / 2;
  double per = double(points.size() - 2) / buckets;
  out.append(points.front());
  for (int b = 0; b < buckets; ++b) {
    int from = 1 + int(b * per), to = std::min(int(points.size()) - 1, 1 + int((b + 1) * per));
    if (from >= to) continue;
    int lo = from, hi = from;
    for (int i = from; i < to; ++i) {
      if (points[i].y() < points[lo].y()) lo = i;
      if (points[i].y() > points[hi].y()) hi = i;
    }
    out.append(points[std::min(lo, hi)]);
    if (lo != hi) out.append(points[std::max(lo, hi)]);
  }
  out.append(points.back());
  return out;
}

}  // namespace ts::ui
