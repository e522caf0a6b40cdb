#include "widgets/qor_chart.h"

#include <QGraphicsLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/theme.h"

using namespace QtCharts;

namespace ts::ui {

QorChartPanel::QorChartPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* inner = new QWidget(scroll);
  layout_ = new QVBoxLayout(inner);
  layout_->setContentsMargins(2, 2, 2, 2);
  placeholder_ = new QLabel(tr("Charts of the cost terms appear here while an algorithm runs."), inner);
  placeholder_->setWordWrap(true);
  placeholder_->setAlignment(Qt::AlignCenter);
  layout_->addWidget(placeholder_);
  layout_->addStretch(1);
  scroll->setWidget(inner);
  outer->addWidget(scroll);
  timer_.setInterval(kRefreshMs);
  connect(&timer_, &QTimer::timeout, this, &QorChartPanel::flush);
}

void QorChartPanel::beginRun(const QString& title) {
  flush();
  for (Chart& c : charts_) {
    layout_->removeWidget(c.view);
    delete c.view;  // owns the chart, which owns series and axes
  }
  charts_.clear();
  series_.clear();
  seriesIndex_.clear();
  phaseChanges_.clear();
  lastPhase_.clear();
  placeholder_->setText(title.isEmpty() ? tr("Waiting for samples…") : title + tr(": waiting for samples…"));
  placeholder_->show();
}

QString QorChartPanel::chartKey(const QString& term) {
  // Terms read against each other share a chart.
  static const QStringList objective = {"incumbent", "bound", "best_bound", "objective"};
  return objective.contains(term) ? QStringLiteral("objective") : term;
}

QorChartPanel::Chart& QorChartPanel::chartFor(const QString& key) {
  for (Chart& c : charts_)
    if (c.key == key) return c;
  Chart c;
  c.key = key;
  c.chart = new QChart();
  c.chart->setTitle(key);
  c.chart->legend()->setVisible(key == QLatin1String("objective"));
  c.chart->setMargins(QMargins(2, 2, 2, 2));
  c.chart->layout()->setContentsMargins(0, 0, 0, 0);
  c.chart->setBackgroundRoundness(0);
  c.x = new QValueAxis();
  c.x->setTitleText(tr("seconds"));
  c.x->setLabelFormat("%.3g");
  c.y = new QValueAxis();
  c.y->setLabelFormat("%.4g");
  c.chart->addAxis(c.x, Qt::AlignBottom);
  c.chart->addAxis(c.y, Qt::AlignLeft);
  applyPalette(c.chart, palette());
  c.view = new QChartView(c.chart);
  c.view->setRenderHint(QPainter::Antialiasing, true);
  c.view->setMinimumHeight(170);
  layout_->insertWidget(layout_->count() - 1, c.view);
  placeholder_->hide();
  charts_.push_back(c);
  return charts_.back();
}

QorChartPanel::Series& QorChartPanel::seriesFor(const QString& term) {
  auto it = seriesIndex_.find(term);
  if (it != seriesIndex_.end()) return series_[size_t(*it)];
  Series s;
  s.term = term;
  Chart& c = chartFor(chartKey(term));
  s.chart = int(&c - charts_.data());
  s.series = new QLineSeries();
  s.series->setName(term);
  c.chart->addSeries(s.series);
  s.series->attachAxis(c.x);
  s.series->attachAxis(c.y);
  seriesIndex_.insert(term, int(series_.size()));
  series_.push_back(s);
  return series_.back();
}

void QorChartPanel::addSample(const core::QorSample& sample) {
  if (!sample.phase.empty() && sample.phase != lastPhase_) {
    if (!lastPhase_.empty()) phaseChanges_.push_back(sample.elapsedSeconds);
    lastPhase_ = sample.phase;
  }
  for (const auto& [name, value] : sample.terms) {
    if (!std::isfinite(value)) continue;
    Series& s = seriesFor(QString::fromStdString(name));
    s.points.append(QPointF(sample.elapsedSeconds, value));
    s.dirty = true;
  }
  pending_ = true;
  if (!timer_.isActive()) timer_.start();
}

QVector<QPointF> QorChartPanel::decimate(const QVector<QPointF>& points, int maxPoints) {
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

void QorChartPanel::flush() {
  if (!pending_) {
    timer_.stop();
    return;
  }
  pending_ = false;
  for (Series& s : series_) {
    if (!s.dirty) continue;
    s.dirty = false;
    s.series->replace(decimate(s.points, kMaxPoints));
  }
  for (Chart& c : charts_) {
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (const Series& s : series_) {
      if (&charts_[size_t(s.chart)] != &c || s.points.isEmpty()) continue;
      x0 = std::min(x0, s.points.front().x());
      x1 = std::max(x1, s.points.back().x());
      for (const QPointF& pt : s.points) y0 = std::min(y0, pt.y()), y1 = std::max(y1, pt.y());
    }
    if (x0 > x1) continue;
    if (x1 - x0 < 1e-3) x1 = x0 + 1e-3;
    double pad = (y1 - y0) * 0.05;
    if (pad <= 0) pad = std::max(1e-6, std::abs(y1) * 0.05 + 1e-6);
    c.x->setRange(x0, x1);
    c.y->setRange(y0 - pad, y1 + pad);
    // Phase markers: vertical dashed lines over the current value range.
    for (QLineSeries* m : c.markers) {
      c.chart->removeSeries(m);
      delete m;
    }
    c.markers.clear();
    for (double t : phaseChanges_) {
      auto* m = new QLineSeries();
      m->setPen(QPen(mutedText(palette()), 1, Qt::DashLine));
      m->append(t, y0 - pad);
      m->append(t, y1 + pad);
      c.chart->addSeries(m);
      m->attachAxis(c.x);
      m->attachAxis(c.y);
      if (c.chart->legend()->isVisible())
        for (auto* marker : c.chart->legend()->markers(m)) marker->setVisible(false);
      c.markers.push_back(m);
    }
  }
}

QStringList QorChartPanel::terms() const {
  QStringList out;
  for (const Series& s : series_) out << s.term;
  return out;
}

int QorChartPanel::shownPoints(const QString& term) const {
  auto it = seriesIndex_.find(term);
  return it == seriesIndex_.end() ? -1 : series_[size_t(*it)].series->count();
}

int QorChartPanel::receivedPoints(const QString& term) const {
  auto it = seriesIndex_.find(term);
  return it == seriesIndex_.end() ? 0 : series_[size_t(*it)].points.size();
}

QChartView* QorChartPanel::chartViewFor(const QString& term) const {
  auto it = seriesIndex_.find(term);
  return it == seriesIndex_.end() ? nullptr : charts_[size_t(series_[size_t(*it)].chart)].view;
}

}  // namespace ts::ui
