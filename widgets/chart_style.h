#pragma once
// Shared look of the studio's small QtCharts (live QoR charts, the compare window's overlays):
// compact margins, small fonts and few ticks so that axis labels stay readable in a dock, and
// value ranges that never collapse to a degenerate axis on a flat series.
#include <QPointF>
#include <QVector>

namespace QtCharts {
class QChart;
class QValueAxis;
}  // namespace QtCharts

namespace ts::ui {

/// Compact chart: no rounded background, thin margins, small title.
void styleCompactChart(QtCharts::QChart* chart);
/// Small label and title fonts, `ticks` ticks, short number format.
void styleCompactAxis(QtCharts::QValueAxis* axis, int ticks);

/// A padded range for values in [lo, hi]: a flat series gets 10 % of its value around it
/// (0..1 at zero), never ±1e-6.
void paddedRange(double lo, double hi, double* from, double* to);
/// A range covering [lo, hi] with `ticks` ticks on round numbers (1, 2, 2.5, 5 x 10^k apart).
void niceRange(double lo, double hi, int ticks, double* from, double* to);
/// Sets the axis to a nice range around `paddedRange` of [lo, hi], keeping its tick count
/// (QValueAxis::applyNiceNumbers changes the count, and a short chart then has more labels than
/// room, which QtCharts draws as "...").
void setPaddedRange(QtCharts::QValueAxis* axis, double lo, double hi);
/// Sets the axis to a nice range covering [lo, hi] (no padding; time axes).
void setNiceRange(QtCharts::QValueAxis* axis, double lo, double hi);

/// Sets the axis to 0..a round number just above `hi` with at most `maxTicks` ticks on round
/// steps (1, 2, 2.5, 5 x 10^k), changing the tick count so that no range is wasted (axes that
/// start at zero, such as a roofline's).
void setZeroBasedRange(QtCharts::QValueAxis* axis, double hi, int maxTicks);

/// Keeps at most `maxPoints` of `points`: first and last, and min and max of equal buckets.
QVector<QPointF> decimatePoints(const QVector<QPointF>& points, int maxPoints);

}  // namespace ts::ui
