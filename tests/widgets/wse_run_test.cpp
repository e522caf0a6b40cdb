// WSE placers run from the studio: a pinned kernel survives a CU.POKer run started from the
// current layout and the kept result is legal, with the score terms before and after; a live
// run feeds the charts and the canvas; stopping a run returns within 100 ms; Discard goes back
// to the document; and a .kgraph without a .paint opens at once while CU.POKer places it in
// the background.
#include <QElapsedTimer>
#include <QTableWidget>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLogValueAxis>
#include <QtTest>
#include <iterator>

#include "app/gui/main_window.h"
#include "engine/wse/free_space.h"
#include "engine/wse/snapshot.h"
#include "tests/widgets/chart_test_util.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/wse_test_util.h"
#include "widgets/param_form.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_run_chart.h"
#include "widgets/wse/wse_run_job.h"
#include "widgets/wse/wse_run_panel.h"
#include "widgets/wse/wse_workspace.h"

using namespace ts;

class WseRunTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<ui::WseDocument> doc_;
  std::unique_ptr<ui::WseCanvas> canvas_;
  std::unique_ptr<ui::WseRunChart> chart_;
  std::unique_ptr<ui::WseRunPanel> panel_;

  /// Quick CU.POKer settings: a narrow neighbour search and a small row-search budget.
  void quickCuPoker() {
    QVERIFY(panel_->selectAlgorithm("cupoker"));
    panel_->form()->setValues({{"range", "0.02"}, {"step", "0.01"}, {"sweep_points", "3"}, {"row_nodes", "300"}});
    panel_->setThreads(2);
    panel_->setTimeLimit(30);
  }

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);
    QStandardPaths::setTestModeEnabled(true);
  }

  void init() {
    QString error;
    QVERIFY2(test::openWse(test::wseSample("lean_resnet50_fine.kgraph"), QSize(900, 700), doc_, canvas_, &error),
             qPrintable(error));
    chart_ = std::make_unique<ui::WseRunChart>();
    // The chart dock's default size, shown while the run feeds it (as in the studio).
    chart_->resize(400, 420);
    chart_->show();
    QVERIFY(QTest::qWaitForWindowExposed(chart_.get()));
    panel_ = std::make_unique<ui::WseRunPanel>(doc_.get(), canvas_.get(), chart_.get());
  }
  void cleanup() {
    panel_.reset();
    chart_.reset();
    canvas_.reset();
    doc_.reset();
  }

  void pinnedKernelSurvivesACuPokerRunThatFeedsTheChart() {
    // Move k10 into the empty fabric and pin it there: CU.POKer would never put it there.
    const int k = 9;
    wse::FreeSpace space(doc_->graph().width, doc_->graph().height);
    for (int i = 0; i < doc_->graph().kernelCount(); ++i)
      space.occupy(wse::kernelBox(doc_->graph().kernels[size_t(i)].spec, doc_->layout().kernels[size_t(i)]));
    wse::Box box = wse::kernelBox(doc_->graph().kernels[k].spec, doc_->layout().kernels[k]);
    int x = 0, y = 0;
    QVERIFY(space.nearestFree(box.width, box.height, 400, 300, x, y));
    QString why;
    QVERIFY2(doc_->moveKernel(k, x, y, &why), qPrintable(why));
    doc_->setPinned({k}, true);
    const wse::PlacedKernel pin = doc_->layout().kernels[k];
    const wse::Evaluation before = doc_->evaluation();
    quickCuPoker();
    QVERIFY(panel_->start());
    QVERIFY(panel_->running());
    // The job ends on its thread before the panel hears of it (a queued call): a quick run can
    // be over at the first look, so wait for the result itself.
    QTRY_VERIFY_WITH_TIMEOUT(panel_->hasResult(), 60000);
    QVERIFY(!panel_->running());
    const wse::WsePlaceResult& r = panel_->job()->result();
    QVERIFY2(r.found, r.message.c_str());
    // The live run reached the charts (targets and best score) and the canvas.
    chart_->flush();
    QVERIFY(chart_->points(ui::WseRunChart::FeasibleTargets) > 0);
    QVERIFY(chart_->points(ui::WseRunChart::InfeasibleTargets) > 0);  // the binary search's lower end
    QVERIFY(chart_->points(ui::WseRunChart::Score) > 0);
    QVERIFY(chart_->shownPoints(ui::WseRunChart::Score) > 0);
    // Readable at the dock's size: no axis label or title cut short.
    QTest::qWait(50);
    for (int c = 0; c < 5; ++c) {
      chart_->view(c)->grab();  // lays the chart out as it is shown
      QString elided;
      QVERIFY2(test::noElidedText(chart_->view(c), &elided),
               qPrintable(QString::number(c) + ": " + elided + " / " + test::chartTexts(chart_->view(c)).join("|")));
    }
    QVERIFY(panel_->snapshotRedraws() > 0);
    QVERIFY(canvas_->showingSnapshot());
    // The result stays drawn as the result: no late live snapshot covers it.
    QTest::qWait(3 * ui::RunPanelBase::kSnapshotIntervalMs);
    QCOMPARE(canvas_->snapshotCaption(), QString("run result (not kept)"));
    QCOMPARE(canvas_->scene().evaluation().score, r.evaluation.score);
    // Keep/Discard shows the terms before and after.
    QTableWidget* table = panel_->comparison();
    QCOMPARE(table->item(3, 0)->text(), ui::wseNumber(before.score));
    QCOMPARE(table->item(3, 1)->text(), ui::wseNumber(r.evaluation.score));
    QVERIFY(panel_->keepResult());
    QVERIFY(!canvas_->showingSnapshot());
    const wse::PlacedKernel& now = doc_->layout().kernels[k];
    QCOMPARE(now.x, pin.x);
    QCOMPARE(now.y, pin.y);
    QCOMPARE(now.rotated, pin.rotated);
    QVERIFY(now.args == pin.args);
    QVERIFY(now.pinned);
    QVERIFY(doc_->evaluation().legal);
    QCOMPARE(doc_->evaluation().score, r.evaluation.score);
    doc_->undoStack()->undo();  // the kept result is one edit
    QCOMPARE(doc_->evaluation().score, before.score);
  }

  void targetsOrdersOfMagnitudeApartStayReadable() {
    // CU.POKer bisects from an upper bound far above the answer: the targets near the answer
    // must not all land on the chart's bottom line.
    chart_->beginRun("targets");
    const double targets[] = {1.2e8, 6e7, 4.0e4, 5.0e4, 4.2e4};
    for (size_t i = 0; i < std::size(targets); ++i) {
      core::QorSample s;
      s.elapsedSeconds = 0.01 * double(i + 1);
      s.add("target", targets[i]).add("feasible", 1);
      chart_->addSample(s);
    }
    chart_->flush();
    QtCharts::QChart* chart = chart_->view(0)->chart();
    QtCharts::QAbstractSeries* feasible = chart->series().front();
    QCOMPARE(feasible->name(), QString("feasible"));
    auto y = [&](double t, double v) { return chart->mapToPosition(QPointF(t, v), feasible).y(); };
    // 4e4 and 5e4 a visible share of the height between 4e4 and 1.2e8 (2.8 % on a log axis; on a
    // linear one, 0.008 %).
    const double near = y(0.03, 4.0e4) - y(0.04, 5.0e4), whole = y(0.03, 4.0e4) - y(0.01, 1.2e8);
    QVERIFY2(near > 0.01 * whole, qPrintable(QString("%1 of %2 px").arg(near).arg(whole)));
    for (size_t i = 0; i < std::size(targets); ++i) {
      const QPointF at = chart->mapToPosition(QPointF(0.01 * double(i + 1), targets[i]), feasible);
      QVERIFY2(chart->plotArea().adjusted(-1, -1, 1, 1).contains(at), qPrintable(QString::number(targets[i])));
    }
    auto* axis = qobject_cast<QtCharts::QLogValueAxis*>(chart_->valueAxis(0));
    QVERIFY(axis);
    QVERIFY(axis->min() <= 4.0e4 && axis->max() >= 1.2e8);
  }

  void resultKeptAsTheRunEndsStaysKept() {
    // Keep pressed (here: scripted) as soon as the run ends: the throttled live view must not
    // draw a last snapshot over the kept document afterwards.
    quickCuPoker();
    bool ended = false, kept = false;
    connect(panel_.get(), &ui::RunPanelBase::finished, this, [&] {
      ended = true;
      kept = panel_->keepResult();
    });
    QVERIFY(panel_->start());
    // Not running() alone: the job ends on its thread before the panel hears of it.
    QTRY_VERIFY_WITH_TIMEOUT(ended, 60000);
    QVERIFY(kept);
    QCOMPARE(panel_->statusText(), QString("Kept"));
    QTest::qWait(3 * ui::RunPanelBase::kSnapshotIntervalMs);
    QVERIFY(!canvas_->showingSnapshot());
    QCOMPARE(canvas_->scene().evaluation().score, doc_->evaluation().score);
  }

  void stoppingARunReturnsWithin100ms() {
    // Long runs: TBS-SA with many moves, CU.POKer with a full neighbour search on a larger graph.
    for (const char* algorithm : {"tbs-sa", "cupoker"}) {
      QVERIFY(panel_->selectAlgorithm(algorithm));
      panel_->form()->resetDefaults();
      // A neighbour search in 0.01% steps: long enough to be running after 400 ms however
      // fast the placer gets.
      if (std::string(algorithm) == "cupoker") panel_->form()->setValues({{"step", "0.0001"}});
      panel_->setTimeLimit(0);
      QVERIFY(panel_->start());
      QTest::qWait(400);
      QVERIFY2(panel_->running(), algorithm);
      panel_->stop();
      QVERIFY(panel_->job()->waitEnded(5000));
      const double latency = panel_->job()->stopLatencySeconds();
      QVERIFY2(latency >= 0 && latency < 0.1, qPrintable(QString("%1: %2 s").arg(algorithm).arg(latency)));
      QTRY_VERIFY(!panel_->running());
      panel_->discardResult();
      QVERIFY(!canvas_->showingSnapshot());
    }
  }

  void kgraphWithoutPaintOpensAtOnceAndIsPlacedInTheBackground() {
    QString kgraph =
        test::writeFile("wse_unplaced", "r75.kgraph", test::readAll(test::wseSample("resnet75_coarse.kgraph")));
    QVERIFY(ui::sidePaintPath(kgraph).isEmpty());
    studio::MainWindow window(false);
    window.resize(1200, 800);
    window.show();
    ui::WseWorkspace* wse = window.wse();
    wse->runPanel()->setTimeLimit(20);
    QElapsedTimer clock;
    clock.start();
    QString error;
    QVERIFY2(window.openDesign(kgraph, &error, true), qPrintable(error));
    const qint64 openMs = clock.elapsed();
    QVERIFY2(openMs < 2000, qPrintable(QString::number(openMs)));  // reading only; the placer runs elsewhere
    QVERIFY(wse->wseDocument()->needsPlacement());
    QTRY_VERIFY(wse->runPanel()->running());
    QVERIFY2(wse->canvas()->message().startsWith("Placing with CU.POKer"), qPrintable(wse->canvas()->message()));
    // The best layout so far arrives when the user stops the run.
    QTRY_VERIFY_WITH_TIMEOUT(wse->runPanel()->snapshotRedraws() > 0, 30000);
    wse->runPanel()->stop();
    QTRY_VERIFY_WITH_TIMEOUT(!wse->runPanel()->running(), 5000);
    QTRY_VERIFY(!wse->wseDocument()->needsPlacement());
    QVERIFY(wse->wseDocument()->evaluation().legal);
    QCOMPARE(wse->wseDocument()->undoStack()->count(), 1);  // "Place with CU.POKer", undoable
    QVERIFY(wse->wseDocument()->modified());
    QCOMPARE(wse->wseDocument()->suggestedSavePath(), QFileInfo(kgraph).absolutePath() + "/r75.paint");
  }
};

TS_WIDGET_TEST(WseRunTest)
#include "wse_run_test.moc"
