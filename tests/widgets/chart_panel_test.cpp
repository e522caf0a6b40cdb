// The live QoR charts as a new user meets them: readable axis labels at the dock's default
// size, several terms at once, a sensible axis for a flat series, an MILP's incumbent next to
// its bound, and an empty panel for a new document.
#include <QStandardPaths>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>
#include <cmath>

#include "tests/widgets/chart_test_util.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/chart_style.h"
#include "widgets/qor_chart.h"
#include "widgets/run_panel.h"

using namespace ts;
using namespace ts::ui;
using namespace QtCharts;

namespace {

/// Every text drawn in a chart (titles, axis labels, legend).
core::QorSample sample(double t, std::initializer_list<std::pair<const char*, double>> terms) {
  core::QorSample s;
  s.elapsedSeconds = t;
  for (const auto& [k, v] : terms) s.add(k, v);
  return s;
}

}  // namespace

class ChartPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void labelsAreReadableAtTheDocksDefaultSize() {
    // The main window gives the chart dock about 400 x 420 px.
    QorChartPanel panel;
    panel.resize(400, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.beginRun("SA");
    // Samples arrive over time, as from a running placer: the ranges grow between refreshes.
    for (int i = 0; i < 200; ++i) {
      double wirelength = i < 3 ? 698 + i * 1800 : 4304 - i * 11.1;
      panel.addSample(sample(i * 0.05, {{"total", 20370 - i * 97.3},
                                        {"wirelength", wirelength},
                                        {"temperature", 1e-3 * std::exp(-i * 0.03)},
                                        {"acceptance", 0.44}}));
      if (i % 20 == 0) {
        panel.flush();
        QTest::qWait(5);
      }
    }
    panel.flush();
    QTest::qWait(50);
    int checked = 0;
    for (const QString& term : panel.terms()) {
      QChartView* view = panel.chartViewFor(term);
      view->grab();  // lays the chart out as it is shown
      QStringList texts = test::chartTexts(view);
      QVERIFY2(!texts.isEmpty(), qPrintable(term));
      for (const QString& t : texts)
        QVERIFY2(!t.contains(QChar(0x2026)) && !t.contains("..."), qPrintable(term + ": " + t));
      ++checked;
    }
    QCOMPARE(checked, 4);
    // Several terms at once: at least two whole charts are in view without scrolling.
    int visible = 0;
    for (const QString& term : panel.terms()) {
      QChartView* view = panel.chartViewFor(term);
      QRect r(view->mapTo(&panel, QPoint(0, 0)), view->size());
      visible += panel.rect().contains(r);
    }
    QVERIFY2(visible >= 2, qPrintable(QString::number(visible)));
    // Terms can be hidden to make room for the others.
    panel.setTermShown("wirelength", false);
    QVERIFY(!panel.chartViewFor("wirelength")->isVisible());
    panel.setTermShown("wirelength", true);
    QVERIFY(panel.chartViewFor("wirelength")->isVisible());
  }

  void flatSeriesGetsAReadableAxis() {
    double from = 0, to = 0;
    paddedRange(0.44, 0.44, &from, &to);
    QVERIFY2(to - from >= 0.08 && to - from <= 0.2, qPrintable(QString("%1 %2").arg(from).arg(to)));
    QVERIFY(from <= 0.44 && to >= 0.44);
    paddedRange(0, 0, &from, &to);
    QCOMPARE(from, 0.0);  // counts never get a negative axis
    QVERIFY(to >= 1);
    paddedRange(5000, 5000, &from, &to);
    QVERIFY(to - from >= 500);
    paddedRange(-3, 7, &from, &to);
    QVERIFY(from < -3 && to > 7);
    // Round ticks, the tick count kept (more labels than a short chart has room for are "...").
    niceRange(3.7, 41.2, 4, &from, &to);
    QVERIFY(from <= 3.7 && to >= 41.2);
    double step = (to - from) / 3;
    QVERIFY2(std::abs(step - std::round(step)) < 1e-9, qPrintable(QString::number(step)));
    niceRange(0, 0.101, 4, &from, &to);
    QVERIFY(from == 0 && to >= 0.101 && to <= 0.2);

    QorChartPanel panel;
    panel.beginRun("flat");
    for (int i = 0; i < 10; ++i) panel.addSample(sample(i * 0.1, {{"acceptance", 0.44}}));
    panel.flush();
    auto* y = qobject_cast<QValueAxis*>(panel.chartViewFor("acceptance")->chart()->axes(Qt::Vertical).front());
    QVERIFY(y->max() - y->min() >= 0.08);
  }

  void milpIncumbentIsShownNextToItsBound() {
    QorChartPanel panel;
    panel.beginRun("MILP");
    // Before the first incumbent only a bound exists: the chart says so.
    panel.addSample(sample(0.1, {{"bound", 40}}));
    panel.flush();
    QChartView* view = panel.chartViewFor("bound");
    QVERIFY(view->chart()->title().contains("no incumbent"));
    panel.addSample(sample(0.5, {{"incumbent", 60}, {"bound", 45}, {"gap", 0.25}}));
    panel.addSample(sample(0.9, {{"incumbent", 50}, {"bound", 47}, {"gap", 0.06}}));
    panel.flush();
    QCOMPARE(panel.chartViewFor("incumbent"), view);  // one chart, both series
    QCOMPARE(view->chart()->title(), QString("objective"));
    QStringList names;
    for (QAbstractSeries* s : view->chart()->series()) names << s->name();
    QVERIFY(names.contains("incumbent") && names.contains("bound"));
    QVERIFY(view->chart()->legend()->isVisible());
  }

  void newDocumentStartsWithEmptyCharts() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(400, 300), doc, canvas, &error), qPrintable(error));
    QorChartPanel charts;
    RunPanel panel(doc.get(), canvas.get(), &charts);
    charts.beginRun("SA");
    charts.addSample(sample(0.1, {{"total", 3}}));
    charts.flush();
    QCOMPARE(charts.terms().size(), 1);
    QVERIFY2(doc->open(test::dataPath("edge_npu2.yaml"), &error), qPrintable(error));
    QVERIFY(charts.terms().isEmpty());
    QCOMPARE(charts.shownPoints("total"), -1);
  }
};

TS_WIDGET_TEST(ChartPanelTest)
#include "chart_panel_test.moc"
