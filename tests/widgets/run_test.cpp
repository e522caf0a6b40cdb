// Background runs through the studio's run panel with the engine's real algorithms: the panel
// lists whatever is registered, the QoR charts receive points while a job runs, stop ends a
// run within 100 ms, pause holds it, snapshots are throttled, pinned cores survive a run and
// keep/discard are (un)doable; a router's result is drawn as routes.
#include <QComboBox>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtCharts/QChartView>
#include <QtTest>
#include <set>

#include "engine/aie/bench/cronet.h"
#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_figures.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

using namespace ts;
using namespace ts::ui;

class RunTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<AieDocument> doc_;
  std::unique_ptr<AieCanvas> canvas_;
  std::unique_ptr<QorChartPanel> charts_;
  std::unique_ptr<RunPanel> panel_;

  /// The 223-core CRONet layer graph on xcve2802: large enough that SA runs for seconds.
  void openCronet() {
    aie::LoadedDesign loaded;
    loaded.device = aie::loadDevice("xcve2802");
    aie::GeneratedDesign g = aie::generateCronet(loaded.device);
    loaded.design = g.design;
    loaded.placement = g.placement;
    doc_->setLoaded(std::move(loaded));
  }

  void startLongSa() {
    QVERIFY(panel_->selectAlgorithm("place/sa"));
    panel_->form()->setValues({{"random_start", "true"}, {"inner_num", "50"}});
    panel_->setTimeLimit(0);
    panel_->setSeed(7);
    QVERIFY(panel_->start());
    QVERIFY(panel_->job() && panel_->job()->running());
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() {
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(900, 650), doc_, canvas_, &error), qPrintable(error));
    charts_ = std::make_unique<QorChartPanel>();
    charts_->resize(500, 700);
    panel_ = std::make_unique<RunPanel>(doc_.get(), canvas_.get(), charts_.get());
  }

  void cleanup() {
    panel_.reset();  // stops a running job
    charts_.reset();
    canvas_.reset();
    doc_.reset();
  }

  void panelListsEveryRegisteredAlgorithm() {
    std::vector<RunAlgorithm> all = runAlgorithms();
    std::set<std::string> ids;
    for (const auto& a : all) ids.insert(a.id());
    for (const auto& p : aie::placerRegistry()) QVERIFY(ids.count("place/" + p.name));
    for (const auto& r : aie::routerRegistry()) QVERIFY(ids.count("route/" + r.name));
    QVERIFY(!aie::placerRegistry().empty());
    QVERIFY(!aie::routerRegistry().empty());
    // The settings form shows each algorithm's own parameters with their defaults.
    QVERIFY(panel_->selectAlgorithm("place/sa"));
    std::vector<core::ParamSpec> want = aie::findPlacer("sa")->params();
    QCOMPARE(panel_->form()->specs().size(), want.size());
    QVERIFY(panel_->form()->values().empty());  // all at their defaults
    QVERIFY(panel_->form()->editor("inner_num"));
    QVERIFY(!panel_->selectAlgorithm("place/no-such-placer"));
  }

  void chartReceivesPointsFromRunningJob() {
    openCronet();
    startLongSa();
    RunJob* job = panel_->job();
    // Points arrive in batches (refresh timer) while the algorithm is still running.
    QTRY_VERIFY_WITH_TIMEOUT(charts_->shownPoints("temperature") >= 3, 20000);
    QVERIFY(job->running());
    QVERIFY(charts_->shownPoints("best") >= 3);
    QVERIFY(charts_->receivedPoints("best") >= charts_->shownPoints("best"));
    QVERIFY(charts_->chartViewFor("acceptance"));
    charts_->chartViewFor("temperature")->grab().save(test::outputPath("run_chart_temperature.png"));
    panel_->stop();
    QTRY_VERIFY_WITH_TIMEOUT(panel_->hasResult(), 5000);
  }

  void stopEndsRunWithin100ms() {
    openCronet();
    startLongSa();
    RunJob* job = panel_->job();
    QSignalSpy finished(panel_.get(), &RunPanel::finished);
    // Let it get well into annealing, then stop.
    QTRY_VERIFY_WITH_TIMEOUT(charts_->receivedPoints("temperature") >= 2, 20000);
    QTest::qWait(200);
    QVERIFY(job->running());
    panel_->stop();
    QVERIFY(job->waitEnded(5000));
    double latency = job->stopLatencySeconds();
    QVERIFY2(latency >= 0 && latency < 0.1, qPrintable(QString("stop took %1 ms").arg(latency * 1000)));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(QString::fromStdString(job->output().status), QString("cancelled"));
    QVERIFY(panel_->hasResult());  // a stopped run still offers its best placement
  }

  void pauseHoldsTheRun() {
    openCronet();
    startLongSa();
    RunJob* job = panel_->job();
    QTRY_VERIFY_WITH_TIMEOUT(charts_->receivedPoints("best") >= 2, 20000);
    panel_->setPaused(true);
    QVERIFY(job->paused());
    QTest::qWait(150);  // anything already queued arrives
    int held = charts_->receivedPoints("best");
    QTest::qWait(400);
    QCOMPARE(charts_->receivedPoints("best"), held);
    QVERIFY(job->running());
    panel_->setPaused(false);
    QTRY_VERIFY_WITH_TIMEOUT(charts_->receivedPoints("best") > held, 5000);
    panel_->stop();
    QVERIFY(job->waitEnded(2000));
  }

  void snapshotsAreThrottled() {
    openCronet();
    startLongSa();
    QElapsedTimer t;
    t.start();
    QTest::qWait(1500);
    double seconds = t.elapsed() / 1000.0;
    int redraws = panel_->snapshotRedraws();
    panel_->stop();
    QVERIFY(redraws >= 1);
    QVERIFY2(redraws <= 10 * seconds + 2, qPrintable(QString("%1 redraws in %2 s").arg(redraws).arg(seconds)));
    QVERIFY(canvas_->showingSnapshot());
  }

  void pinnedCoresSurviveRun() {
    openCronet();
    const aie::Design& d = doc_->design();
    aie::Placement before = doc_->placement();
    std::vector<aie::CoreId> pins;
    for (aie::CoreId c = 0; c < d.coreCount() && pins.size() < 12; c += 19)
      if (before.placed(c) && !before.pinned(c)) pins.push_back(c);
    doc_->setPinned(pins, true);
    aie::Placement pinned = doc_->placement();

    QVERIFY(panel_->selectAlgorithm("place/sa"));
    // A scattered start and a short time limit: the best-so-far moves nearly every free core.
    panel_->form()->setValues({{"random_start", "true"}, {"inner_num", "1"}});
    panel_->setTimeLimit(1.5);
    QSignalSpy finished(panel_.get(), &RunPanel::finished);
    QVERIFY(panel_->start());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(panel_->hasResult());
    const RunOutput& out = panel_->job()->output();
    QVERIFY(out.pinsRespected);
    int undo = doc_->undoStack()->count();
    QVERIFY(panel_->keepResult());
    QCOMPARE(doc_->undoStack()->count(), undo + 1);

    const aie::Placement& after = doc_->placement();
    int moved = 0;
    for (aie::CoreId c = 0; c < d.coreCount(); ++c) {
      if (pinned.pinned(c)) {
        QVERIFY2(after.tile(c) == pinned.tile(c), d.cores[c].name.c_str());
        QVERIFY(after.pinned(c));
      } else {
        moved += after.tile(c) != pinned.tile(c);
      }
    }
    QVERIFY2(moved > 20, qPrintable(QString("only %1 unpinned cores moved").arg(moved)));
    // Keeping is one undoable edit.
    doc_->undoStack()->undo();
    QCOMPARE(doc_->placement(), pinned);
  }

  void openingAnotherDesignDropsTheRun() {
    openCronet();
    startLongSa();
    QPointer<RunJob> old = panel_->job();
    QString error;
    QVERIFY2(doc_->open(test::dataPath("edge_npu2.yaml"), &error), qPrintable(error));
    QVERIFY(!panel_->job());
    QTRY_VERIFY_WITH_TIMEOUT(old.isNull(), 5000);  // it ended and was deleted
    QVERIFY(!panel_->hasResult());
    QVERIFY(!canvas_->showingSnapshot());
    QCOMPARE(doc_->undoStack()->count(), 0);
    QCOMPARE(QString::fromStdString(doc_->design().name), QString("edge_small"));
  }

  void discardLeavesTheDocumentAlone() {
    aie::Placement before = doc_->placement();
    QVERIFY(panel_->selectAlgorithm("place/sa"));
    panel_->form()->setValues({{"random_start", "true"}});
    QSignalSpy finished(panel_.get(), &RunPanel::finished);
    QVERIFY(panel_->start());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(canvas_->showingSnapshot());  // the result is previewed
    panel_->discardResult();
    QCOMPARE(panel_->statusText(), QString("Discarded"));  // not "Finished" any more
    QVERIFY(!canvas_->showingSnapshot());
    QCOMPARE(doc_->placement(), before);
    QCOMPARE(doc_->undoStack()->count(), 0);
  }

  void figuresTellProblemsFromEstimatedWarnings() {
    // CRONet's sample placement, unrouted: its memory tiles likely need more S2MM channels than
    // they have (an estimate, a warning), and nothing is a definite problem. Run summaries said
    // "5 problems" where the status bar said "problems 0 · warnings 5".
    QString error;
    QVERIFY2(doc_->open(QStringLiteral(TS_SOURCE_DIR) + "/samples/cronet_xcve2802.yaml", &error), qPrintable(error));
    const AieUsage& u = doc_->usage();
    QVERIFY(!u.routed);
    QVERIFY(u.violations.empty());
    QVERIFY(!u.warnings.empty());
    const AieFigures f = aieFigures(doc_->design(), doc_->device(), doc_->placement(), nullptr, nullptr, u);
    QCOMPARE(f.problems, 0);
    QCOMPARE(f.warnings, int(u.warnings.size()));
    QVERIFY(!f.legal);  // not routed
    const QString summary = aieFiguresSummary(f);
    QVERIFY2(summary.contains(QString("0 problems · %1 warnings").arg(u.warnings.size())), qPrintable(summary));
    QVERIFY2(aieFiguresComparisonHtml(f, f).contains("warnings"), qPrintable(aieFiguresComparisonHtml(f, f)));
  }

  void keptWhenItEndsLeavesNoPreview() {
    // A result kept as soon as the run ends (the studio's --keep does so) leaves no "run result
    // (not kept)" preview behind in the status bar and the design browser.
    QVERIFY(panel_->selectAlgorithm("place/sa"));
    bool kept = false;
    connect(panel_.get(), &RunPanel::finished, this, [&] { kept = panel_->keepResult(); });
    QString preview = "none yet";
    connect(panel_.get(), &RunPanel::previewChanged, this, [&](const QString& text) { preview = text; });
    QSignalSpy finished(panel_.get(), &RunPanel::finished);
    QVERIFY(panel_->start());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(kept);
    QCOMPARE(panel_->statusText(), QString("Kept"));
    QVERIFY2(preview.isEmpty(), qPrintable(preview));
    QVERIFY(!canvas_->showingSnapshot());
  }

  void routerResultIsDrawnAsRoutes() {
    // A router needs a complete placement: it refuses this one with a reason.
    QVERIFY(panel_->selectAlgorithm("route/milp"));
    QSignalSpy refused(panel_.get(), &RunPanel::finished);
    QVERIFY(panel_->start());
    QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, 60000);
    QVERIFY(!refused.first().first().toBool());
    panel_->discardResult();
    QVERIFY(doc_->moveCore(doc_->design().findCore("spare"), {2, 2}));
    panel_->setTimeLimit(60);
    QSignalSpy finished(panel_.get(), &RunPanel::finished);
    QVERIFY(panel_->start());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY2(finished.first().first().toBool(), qPrintable(finished.first().last().toString()));
    QVERIFY(panel_->keepResult());
    QVERIFY(doc_->routing());
    QVERIFY(doc_->usage().routed);
    QVERIFY(doc_->usage().routeLength >= 0);
    // Routed nets are drawn in their interconnect colours.
    QImage image = canvas_->renderWhole(64);
    image.save(test::outputPath("edge_npu2_routed.png"));
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) colours.insert(image.pixel(x, y) | 0xff000000u);
    int kinds = 0;
    for (auto type : {aie::Interconnect::SharedMemory, aie::Interconnect::Circuit, aie::Interconnect::Packet})
      kinds += colours.count(AiePalette::interconnect(type).rgb()) > 0;
    QVERIFY(kinds >= 1);
    QString report = test::outputPath("edge_npu2_qor.json");
    QString error;
    QVERIFY2(doc_->exportQorReport(report, &error), qPrintable(error));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("\"route_length\""));
  }

  void chartDecimatesLongSeries() {
    QorChartPanel panel;
    panel.beginRun("synthetic");
    for (int i = 0; i < 20000; ++i) {
      core::QorSample s;
      s.elapsedSeconds = i * 0.001;
      s.add("total", std::sin(i * 0.01) * 100 + (i == 12345 ? 1000 : 0));
      panel.addSample(s);
    }
    panel.flush();
    QCOMPARE(panel.receivedPoints("total"), 20000);
    int shown = panel.shownPoints("total");
    QVERIFY2(shown <= QorChartPanel::kMaxPoints && shown >= QorChartPanel::kMaxPoints / 2,
             qPrintable(QString::number(shown)));
    // Decimation keeps extremes: the spike survives.
    QVector<QPointF> pts;
    for (int i = 0; i < 20000; ++i) pts.append(QPointF(i, i == 777 ? 1e6 : 0));
    QVector<QPointF> d = QorChartPanel::decimate(pts, 2000);
    bool spike = false;
    for (const QPointF& p : d) spike = spike || p.y() == 1e6;
    QVERIFY(spike);
    QCOMPARE(d.front(), pts.front());
    QCOMPARE(d.back(), pts.back());
  }
};

TS_WIDGET_TEST(RunTest)
#include "run_test.moc"
