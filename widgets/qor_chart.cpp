#include "widgets/qor_chart.h"

#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/chart_style.h"
#include "widgets/theme.h"

using namespace QtCharts;

namespace ts::ui {

namespace {
const char* const kEmptyText = "Charts of the cost terms appear here while an algorithm runs.";
}

QorChartPanel::QorChartPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->setSpacing(0);
  auto* bar = new QHBoxLayout();
  bar->setContentsMargins(4, 2, 4, 2);
  termsButton_ = new QToolButton(this);
  termsButton_->setText(tr("Terms"));
  termsButton_->setToolTip(tr("Choose the cost terms to chart"));
  termsButton_->setPopupMode(QToolButton::InstantPopup);
  termsButton_->setMenu(new QMenu(termsButton_));
  termsButton_->setEnabled(false);
  connect(termsButton_->menu(), &QMenu::aboutToShow, this, &QorChartPanel::fillTermsMenu);
  bar->addStretch(1);
  bar->addWidget(termsButton_);
  outer->addLayout(bar);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* inner = new QWidget(scroll);
  grid_ = new QGridLayout(inner);
  grid_->setContentsMargins(2, 2, 2, 2);
  grid_->setSpacing(4);
  placeholder_ = new QLabel(tr(kEmptyText), inner);
  placeholder_->setWordWrap(true);
  placeholder_->setAlignment(Qt::AlignCenter);
  grid_->addWidget(placeholder_, 0, 0);
  grid_->setRowStretch(100, 1);
  scroll->setWidget(inner);
  outer->addWidget(scroll);
  timer_.setInterval(kRefreshMs);
  connect(&timer_, &QTimer::timeout, this, &QorChartPanel::flush);
}

void QorChartPanel::beginRun(const QString& title) {
  flush();
  for (Chart& c : charts_) {
    grid_->removeWidget(c.view);
    delete c.view;  // owns the chart, which owns series and axes
  }
  charts_.clear();
  series_.clear();
  seriesIndex_.clear();
  phaseChanges_.clear();
  lastPhase_.clear();
  termsButton_->setEnabled(false);
  placeholder_->setText(title.isEmpty() ? tr("Waiting for samples…") : title + tr(": waiting for samples…"));
  placeholder_->show();
}

void QorChartPanel::clear() {
  beginRun(QString());
  timer_.stop();
  pending_ = false;
  placeholder_->setText(tr(kEmptyText));
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
  styleCompactChart(c.chart);
  c.chart->legend()->setVisible(key == QLatin1String("objective"));
  c.chart->legend()->setAlignment(Qt::AlignTop);
  c.x = new QValueAxis();
  c.x->setTitleText(tr("seconds"));
  styleCompactAxis(c.x, 4);
  c.y = new QValueAxis();
  styleCompactAxis(c.y, 4);
  c.chart->addAxis(c.x, Qt::AlignBottom);
  c.chart->addAxis(c.y, Qt::AlignLeft);
  applyPalette(c.chart, palette());
  c.view = new QChartView(c.chart);
  c.view->setRenderHint(QPainter::Antialiasing, true);
  c.view->setMinimumSize(220, 135);
  placeholder_->hide();
  charts_.push_back(c);
  termsButton_->setEnabled(true);
  relayout();
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

void QorChartPanel::relayout() {
  for (Chart& c : charts_) grid_->removeWidget(c.view);
  int shown = 0;
  for (Chart& c : charts_) {
    bool visible = !hiddenCharts_.contains(c.key);
    c.view->setVisible(visible);
    if (!visible) continue;
    grid_->addWidget(c.view, shown / columns_, shown % columns_);
    ++shown;
  }
  for (int col = 0; col < 4; ++col) grid_->setColumnStretch(col, col < columns_ ? 1 : 0);
}

void QorChartPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  int columns = std::clamp(e->size().width() / kChartWidth, 1, 4);
  if (columns != columns_) {
    columns_ = columns;
    relayout();
  }
}

void QorChartPanel::fillTermsMenu() {
  QMenu* menu = termsButton_->menu();
  menu->clear();
  for (const Chart& c : charts_) {
    QAction* a = menu->addAction(c.key);
    a->setCheckable(true);
    a->setChecked(!hiddenCharts_.contains(c.key));
    connect(a, &QAction::toggled, this, [this, key = c.key](bool on) { setTermShown(key, on); });
  }
}

void QorChartPanel::setTermShown(const QString& term, bool shown) {
  QString key = chartKey(term);
  if (shown)
    hiddenCharts_.remove(key);
  else
    hiddenCharts_.insert(key);
  relayout();
}

bool QorChartPanel::termShown(const QString& term) const {
  return !hiddenCharts_.contains(chartKey(term));
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
  return decimatePoints(points, maxPoints);
}

void QorChartPanel::updateTitles() {
  // An MILP publishes a bound from the start but an incumbent only once it has found one.
  for (Chart& c : charts_) {
    if (c.key != QLatin1String("objective")) continue;
    bool incumbent = seriesIndex_.contains("incumbent") && !series_[size_t(seriesIndex_["incumbent"])].points.isEmpty();
    c.chart->setTitle(incumbent ? QStringLiteral("objective") : tr("objective (no incumbent yet)"));
  }
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
  updateTitles();
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
    setNiceRange(c.x, std::min(0.0, x0), x1);
    setPaddedRange(c.y, y0, y1);
    // Phase markers: vertical dashed lines over the current value range.
    for (QLineSeries* m : c.markers) {
      c.chart->removeSeries(m);
      delete m;
    }
    c.markers.clear();
    for (double t : phaseChanges_) {
      auto* m = new QLineSeries();
      m->setPen(QPen(mutedText(palette()), 1, Qt::DashLine));
      m->append(t, c.y->min());
      m->append(t, c.y->max());
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
