#include "widgets/wse/wse_run_chart.h"

#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <cmath>

#include "widgets/chart_style.h"
#include "widgets/qor_chart.h"
#include "widgets/theme.h"

using namespace QtCharts;

namespace ts::ui {

WseRunChart::WseRunChart(QWidget* parent) : QWidget(parent) {
  auto* top = new QVBoxLayout(this);
  top->setContentsMargins(2, 2, 2, 2);
  title_ = new QLabel(tr("Charts of the target times and the best MT, WL, AC and score appear here while a "
                         "placer runs."),
                      this);
  title_->setWordWrap(true);
  top->addWidget(title_);
  // The charts scroll so that the dock can stay small.
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* body = new QWidget(scroll);
  auto* grid = new QGridLayout(body);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(2);
  scroll->setWidget(body);
  top->addWidget(scroll, 1);
  const QString titles[] = {tr("Targets tried (green: feasible)"), tr("Best score"), tr("Best MT"), tr("Best WL"),
                            tr("Best AC")};
  for (int c = 0; c < 5; ++c) {
    charts_[size_t(c)] = makeChart(titles[c], c == 0);
    // One column: side by side, a chart in the dock is too narrow for its title and labels.
    grid->addWidget(charts_[size_t(c)].view, c, 0);
  }
  struct Spec {
    SeriesId id;
    int chart;
    bool scatter;
    QColor colour;
    const char* name;
  };
  const Spec specs[] = {{FeasibleTargets, 0, true, QColor(0x2e, 0xa0, 0x43), "feasible"},
                        {InfeasibleTargets, 0, true, QColor(0xd6, 0x27, 0x28), "infeasible"},
                        {Cost, 0, false, QColor(0x60, 0x6a, 0x78), "annealing cost"},
                        {Score, 1, false, QColor(0x1e, 0x63, 0xd6), "score"},
                        {Mt, 2, false, QColor(0x6a, 0x1b, 0x9a), "MT"},
                        {Wl, 3, false, QColor(0x00, 0x79, 0x6b), "WL"},
                        {Ac, 4, false, QColor(0xef, 0x6c, 0x00), "AC"}};
  for (const Spec& s : specs) {
    QXYSeries* series = nullptr;
    if (s.scatter) {
      auto* scatter = new QScatterSeries();
      scatter->setMarkerSize(6);
      scatter->setBorderColor(s.colour);
      series = scatter;
    } else {
      series = new QLineSeries();
    }
    series->setColor(s.colour);
    series->setName(tr(s.name));
    Chart& c = charts_[size_t(s.chart)];
    c.chart->addSeries(series);
    series->attachAxis(c.x);
    series->attachAxis(c.y);
    series_[size_t(s.id)] = series;
    chartOf_[size_t(s.id)] = s.chart;
  }
  timer_.setSingleShot(true);
  timer_.setInterval(kRefreshMs);
  connect(&timer_, &QTimer::timeout, this, &WseRunChart::flush);
}

WseRunChart::Chart WseRunChart::makeChart(const QString& title, bool logarithmic) {
  Chart c;
  c.chart = new QChart();
  c.chart->setTitle(title);
  c.chart->legend()->setVisible(false);
  styleCompactChart(c.chart);
  c.x = new QValueAxis();
  styleCompactAxis(c.x, 4);
  c.x->setTitleText(tr("s"));
  if (logarithmic) {
    auto* y = new QLogValueAxis();
    y->setBase(10);
    y->setLabelFormat("%.3g");
    y->setLabelsFont(c.x->labelsFont());
    y->setMinorTickCount(0);
    c.y = y;
  } else {
    auto* y = new QValueAxis();
    styleCompactAxis(y, 4);
    c.y = y;
  }
  c.chart->addAxis(c.x, Qt::AlignBottom);
  c.chart->addAxis(c.y, Qt::AlignLeft);
  applyPalette(c.chart, palette());
  c.view = new QChartView(c.chart);
  c.view->setRenderHint(QPainter::Antialiasing, true);
  c.view->setMinimumHeight(150);
  return c;
}

void WseRunChart::beginRun(const QString& title) {
  timer_.stop();
  for (auto& d : data_) d.clear();
  dirty_.fill(true);
  title_->setText(title.isEmpty() ? tr("Charts of the target times and the best MT, WL, AC and score appear here "
                                       "while a placer runs.")
                                  : title);
  flush();
}

void WseRunChart::append(SeriesId id, double t, double v) {
  if (!std::isfinite(v)) return;
  data_[size_t(id)].append(QPointF(t, v));
  dirty_[size_t(id)] = true;
}

void WseRunChart::addSample(const core::QorSample& s) {
  const double t = s.elapsedSeconds;
  if (s.has("target")) append(s.get("feasible") > 0 ? FeasibleTargets : InfeasibleTargets, t, s.get("target"));
  if (s.has("cost")) append(Cost, t, s.get("cost"));
  if (s.has("score")) {
    append(Score, t, s.get("score"));
    append(Mt, t, s.get("mt"));
    append(Wl, t, s.get("wl"));
    append(Ac, t, s.get("ac"));
  }
  if (!timer_.isActive()) timer_.start();
}

void WseRunChart::flush() {
  std::array<bool, 5> touched{};
  for (int i = 0; i < SeriesCount; ++i) {
    if (!dirty_[size_t(i)]) continue;
    dirty_[size_t(i)] = false;
    series_[size_t(i)]->replace(QorChartPanel::decimate(data_[size_t(i)], kMaxPoints));
    touched[size_t(chartOf_[size_t(i)])] = true;
  }
  for (int c = 0; c < 5; ++c) {
    if (!touched[size_t(c)]) continue;
    auto* log = qobject_cast<QLogValueAxis*>(charts_[size_t(c)].y);
    double x1 = 1e-3, y0 = 0, y1 = 0;
    bool any = false;
    for (int i = 0; i < SeriesCount; ++i) {
      if (chartOf_[size_t(i)] != c) continue;
      for (const QPointF& p : data_[size_t(i)]) {
        x1 = std::max(x1, p.x());
        if (log && p.y() <= 0) continue;  // off a log axis (target times and costs are positive)
        y0 = any ? std::min(y0, p.y()) : p.y();
        y1 = any ? std::max(y1, p.y()) : p.y();
        any = true;
      }
    }
    // Round ticks and a padded range, as in the other charts: labels fit without "…" and a flat
    // series gets a readable axis.
    setNiceRange(charts_[size_t(c)].x, 0, x1);
    if (log) {
      // Whole powers of the base around the values, so that the labels are round, and a base
      // large enough that a short chart has room for every label (QtCharts draws labels that
      // overlap as "...").
      const double first = any ? std::floor(std::log10(y0)) : 0;
      const double last = std::max(first + 1, any ? std::ceil(std::log10(y1 * 1.0001)) : 1);
      const int step = last - first <= 3 ? 1 : last - first <= 6 ? 2 : 3;  // decades per label
      const double from = std::floor(first / step) * step, to = std::ceil(last / step) * step;
      log->setBase(std::pow(10.0, step));
      log->setRange(std::pow(10.0, from), std::pow(10.0, to));
    } else {
      setPaddedRange(static_cast<QValueAxis*>(charts_[size_t(c)].y), any ? y0 : 0, any ? y1 : 1);
    }
  }
}

int WseRunChart::shownPoints(SeriesId id) const {
  return series_[size_t(id)]->count();
}

}  // namespace ts::ui
