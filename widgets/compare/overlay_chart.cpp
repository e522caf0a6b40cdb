#include "widgets/compare/overlay_chart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>

#include "widgets/chart_style.h"
#include "widgets/theme.h"

using namespace QtCharts;

namespace ts::ui {

namespace {
constexpr int kMaxPoints = 1500;
// Terms users compare first, when runs have them.
const QStringList kPreferred = {"total", "score", "cost", "incumbent", "objective", "best", "wirelength"};
}  // namespace

OverlayChart::OverlayChart(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout();
  bar->addWidget(new QLabel(tr("Term"), this));
  terms_ = new QComboBox(this);
  terms_->setToolTip(tr("The cost term to draw for every run, against running time"));
  terms_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  bar->addWidget(terms_);
  bar->addStretch(1);
  layout->addLayout(bar);
  chart_ = new QChart();
  styleCompactChart(chart_);
  chart_->legend()->setAlignment(Qt::AlignRight);
  x_ = new QValueAxis();
  x_->setTitleText(tr("seconds"));
  styleCompactAxis(x_, 5);
  y_ = new QValueAxis();
  styleCompactAxis(y_, 5);
  chart_->addAxis(x_, Qt::AlignBottom);
  chart_->addAxis(y_, Qt::AlignLeft);
  applyPalette(chart_, palette());
  view_ = new QChartView(chart_, this);
  view_->setRenderHint(QPainter::Antialiasing, true);
  view_->setMinimumHeight(160);
  layout->addWidget(view_, 1);
  connect(terms_, &QComboBox::currentTextChanged, this, &OverlayChart::refresh);
}

void OverlayChart::setRuns(const std::vector<Run>& runs) {
  runs_ = runs;
  QStringList all;
  for (const Run& r : runs_)
    if (r.series)
      for (auto it = r.series->begin(); it != r.series->end(); ++it)
        if (!all.contains(it.key())) all << it.key();
  std::sort(all.begin(), all.end(), [](const QString& a, const QString& b) {
    int ia = kPreferred.indexOf(a), ib = kPreferred.indexOf(b);
    if ((ia >= 0) != (ib >= 0)) return ia >= 0;
    return ia >= 0 ? ia < ib : a < b;
  });
  QString current = terms_->currentText();
  {
    QSignalBlocker block(terms_);
    terms_->clear();
    terms_->addItems(all);
    int keep = terms_->findText(current);
    terms_->setCurrentIndex(keep >= 0 ? keep : 0);
  }
  refresh();
}

QStringList OverlayChart::terms() const {
  QStringList out;
  for (int i = 0; i < terms_->count(); ++i) out << terms_->itemText(i);
  return out;
}

QString OverlayChart::term() const {
  return terms_->currentText();
}

bool OverlayChart::setTerm(const QString& term) {
  int i = terms_->findText(term);
  if (i < 0) return false;
  terms_->setCurrentIndex(i);
  return true;
}

QStringList OverlayChart::seriesNames() const {
  QStringList out;
  for (QAbstractSeries* s : chart_->series()) out << s->name();
  return out;
}

void OverlayChart::refresh() {
  chart_->removeAllSeries();
  const QString term = terms_->currentText();
  chart_->setTitle(term.isEmpty() ? tr("No chart data in these runs") : term);
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const Run& r : runs_) {
    if (!r.series || !r.series->contains(term)) continue;
    const QVector<QPointF>& points = (*r.series)[term];
    if (points.isEmpty()) continue;
    auto* s = new QLineSeries();
    s->setName(r.title);
    s->setPen(QPen(r.colour, 2));
    s->replace(decimatePoints(points, kMaxPoints));
    chart_->addSeries(s);
    s->attachAxis(x_);
    s->attachAxis(y_);
    x0 = std::min(x0, points.front().x());
    x1 = std::max(x1, points.back().x());
    for (const QPointF& p : points) y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
  }
  if (x0 > x1) return;
  setNiceRange(x_, std::min(0.0, x0), std::max(x1, x0 + 1e-3));
  setPaddedRange(y_, y0, y1);
}

}  // namespace ts::ui
