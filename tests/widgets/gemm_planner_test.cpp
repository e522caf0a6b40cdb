// The studio's GEMM planner window: it shows the planner's ranking in its table and as a
// roofline (ceiling, DRAM line, one point per kernel), keeps table and chart selections in step,
// opens a row's whole-array design as a new, unsaved AIE document, and says what is wrong with
// bad input instead of planning. The `tilestudio --gemm-planner` picture comes from the binary.
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>
#include <cmath>

#include "app/gui/main_window.h"
#include "engine/aie/gemm/planner.h"
#include "tests/widgets/chart_test_util.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_document.h"
#include "widgets/chart_style.h"
#include "widgets/gemm/candidate_table.h"
#include "widgets/gemm/gemm_planner_controller.h"
#include "widgets/gemm/gemm_planner_window.h"
#include "widgets/gemm/plan_text.h"
#include "widgets/gemm/roofline_chart.h"

using namespace ts;
using namespace ts::ui;
namespace gemm = ts::aie::gemm;

namespace {
gemm::PlanRequest request(gemm::Generation g, aie::GemmPrecision p, int64_t m, int64_t k, int64_t n) {
  gemm::PlanRequest r;
  r.generation = g;
  r.precision = p;
  r.size = {m, k, n};
  r.top = 0;
  return r;
}

gemm::PlanResult reference(const gemm::PlanRequest& r) {
  core::RunContext ctx;
  return gemm::plan(r, ctx);
}
}  // namespace

class GemmPlannerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);  // the main window's icons live in ts_widgets' resources
    QStandardPaths::setTestModeEnabled(true);
  }

  void tableShowsThePlannersRanking() {
    GemmPlannerWindow w(nullptr, nullptr, false);
    const gemm::PlanRequest r = request(gemm::Generation::Xdna2, aie::GemmPrecision::I8I8, 4096, 4096, 4096);
    w.setRequest(r);
    QVERIFY2(w.plan(), qPrintable(w.message()));
    QVERIFY(!w.messageIsError());
    const gemm::PlanResult ref = reference(r);
    QVERIFY(ref.ranked.size() > 10);
    QCOMPARE(w.table()->rowCount(), int(ref.ranked.size()));
    for (int row : {0, 1, 5, int(ref.ranked.size()) - 1}) {
      const gemm::Candidate& c = ref.ranked[size_t(row)];
      QCOMPARE(w.table()->item(row, CandidateTable::Rank)->text(), QString::number(c.rank));
      QCOMPARE(w.table()->item(row, CandidateTable::Kernel)->text(), kernelText(c.kernel));
      QCOMPARE(w.table()->item(row, CandidateTable::PredictedTops)->text(), QString::number(c.predictedTops, 'f', 2));
      QCOMPARE(w.table()->item(row, CandidateTable::Padded)->text(), sizeText(c.padded));
      QCOMPARE(w.table()->item(row, CandidateTable::Bound)->text(), c.computeBound ? "compute" : "memory");
    }
    // The best kernel is selected and named in the message.
    QCOMPARE(w.selectedCandidate(), 0);
    QVERIFY(w.message().contains(kernelText(ref.ranked[0].kernel)));
    QVERIFY2(w.message().contains(sizeText(ref.ranked[0].padded)), qPrintable(w.message()));
    QVERIFY(w.openButton()->isEnabled());

    // "Show" limits the ranking to the best N.
    gemm::PlanRequest top5 = r;
    top5.top = 5;
    w.setRequest(top5);
    QVERIFY(w.plan());
    QCOMPARE(w.table()->rowCount(), 5);
    QCOMPARE(w.chart()->candidatePoints()->count(), 5);
  }

  void chartDrawsTheRooflineAndOnePointPerKernel() {
    GemmPlannerWindow w(nullptr, nullptr, false);
    const gemm::PlanRequest r = request(gemm::Generation::Xdna, aie::GemmPrecision::Bf16, 2048, 4096, 1024);
    w.setRequest(r);
    QVERIFY(w.plan());
    const gemm::PlanResult ref = reference(r);
    RooflineChart* chart = w.chart();
    QCOMPARE(chart->candidatePoints()->count(), int(ref.ranked.size()));
    for (int i = 0; i < int(ref.ranked.size()); ++i) {
      QCOMPARE(chart->candidatePoints()->at(i).x(), ref.ranked[size_t(i)].arithmeticIntensity);
      QCOMPARE(chart->candidatePoints()->at(i).y(), ref.ranked[size_t(i)].predictedTops);
    }
    // Compute ceiling: flat at the array's peak; DRAM line: through 0 with the bandwidth's slope,
    // meeting the ceiling at the ridge.
    const QtCharts::QLineSeries* ceiling = chart->computeCeiling();
    QCOMPARE(ceiling->count(), 2);
    QCOMPARE(ceiling->at(0).y(), ref.roofline.peakTops);
    QCOMPARE(ceiling->at(1).y(), ref.roofline.peakTops);
    const QtCharts::QLineSeries* memory = chart->memoryLine();
    QCOMPARE(memory->count(), 2);
    QCOMPARE(memory->at(0), QPointF(0, 0));
    QVERIFY(std::abs(memory->at(1).y() / memory->at(1).x() - ref.roofline.memorySlopeTopsPerOpByte) < 1e-12);
    QCOMPARE(memory->at(1), ceiling->at(0));
    // Every point is on the chart, under the roofline.
    for (const QPointF& p : chart->candidatePoints()->points()) {
      QVERIFY(p.x() <= chart->xAxis()->max() && p.y() <= chart->yAxis()->max());
      QVERIFY(p.y() <= std::min(ref.roofline.peakTops, p.x() * ref.roofline.memorySlopeTopsPerOpByte) * (1 + 1e-9));
    }
    // Axes from zero to just above what they show (no half-empty chart).
    QCOMPARE(chart->xAxis()->min(), 0.0);
    QVERIFY(chart->yAxis()->max() >= ref.roofline.peakTops && chart->yAxis()->max() < 1.5 * ref.roofline.peakTops);
    QVERIFY(chart->xAxis()->max() < 1.5 * std::max(memory->at(1).x(), ref.ranked.front().arithmeticIntensity));
    QCOMPARE(chart->bestPoint()->count(), 1);
    QCOMPARE(chart->bestPoint()->at(0).y(), ref.ranked[0].predictedTops);
    // Titles with units, labelled as model figures.
    QVERIFY(chart->xAxis()->titleText().contains("ops per DRAM byte"));
    QVERIFY(chart->yAxis()->titleText().contains("TOPS"));
    for (const QString& t :
         {chart->xAxis()->titleText(), chart->yAxis()->titleText(), chart->chart()->title(),
          chart->computeCeiling()->name(), chart->memoryLine()->name(), chart->candidatePoints()->name()})
      QVERIFY2(t.contains("model"), qPrintable(t));

    // A row selects its point (with its own ceiling); a clicked point selects its row.
    w.selectCandidate(3);
    QCOMPARE(chart->selected(), 3);
    QCOMPARE(chart->selectedPoint()->count(), 1);
    QCOMPARE(chart->selectedPoint()->at(0).y(), ref.ranked[3].predictedTops);
    QCOMPARE(chart->selectedCeiling()->at(0).y(), ref.ranked[3].peakComputeTops);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const int target = int(ref.ranked.size()) - 1;
    emit chart->candidatePoints()->clicked(chart->candidatePoints()->at(target));
    QCOMPARE(w.selectedCandidate(), target);
    QCOMPARE(chart->selected(), target);
    QCoreApplication::processEvents();
    const QString legend = chart->chart()->legend()->markers(chart->selectedPoint()).value(0)->label();
    QVERIFY2(legend.contains(kernelText(ref.ranked[size_t(target)].kernel)), qPrintable(legend));
    QString elided;
    QVERIFY2(test::noElidedText(chart, &elided), qPrintable(elided));
    w.grab().save(test::outputPath("gemm_planner.png"));
  }

  void zeroBasedAxesEndOnRoundNumbers() {
    QtCharts::QValueAxis axis;
    const struct {
      double hi;
      int maxTicks;
      double max;
      int ticks;
    } cases[] = {{61.9, 8, 70, 8}, {8.6, 8, 10, 6}, {1274, 9, 1400, 8}, {0.3, 5, 0.3, 4}, {100, 6, 100, 6}};
    for (const auto& c : cases) {
      setZeroBasedRange(&axis, c.hi, c.maxTicks);
      QCOMPARE(axis.min(), 0.0);
      QVERIFY2(std::abs(axis.max() - c.max) < 1e-9, qPrintable(QString("%1 -> %2").arg(c.hi).arg(axis.max())));
      QCOMPARE(axis.tickCount(), c.ticks);
    }
  }

  void openDesignCreatesAnUnsavedAieDocument() {
    studio::MainWindow main(false);
    GemmPlannerWindow* w = main.gemmPlanner()->open();
    QVERIFY(w);
    for (gemm::Generation g : {gemm::Generation::Xdna2, gemm::Generation::Xdna}) {
      const gemm::PlanRequest r = request(g, aie::GemmPrecision::I8I16, 4096, 4096, 4096);
      w->setRequest(r);
      QVERIFY(w->plan());
      w->selectCandidate(2);
      const gemm::Candidate c = w->result()->ranked[2];
      QVERIFY2(w->openSelected(), qPrintable(w->message()));
      ui::AieDocument* doc = main.document();
      QVERIFY(doc->isOpen());
      QVERIFY(!main.showingWse());
      const int expectedCores = g == gemm::Generation::Xdna2 ? 4 * 8 : 4 * 4;  // the paper's mappings
      QCOMPARE(doc->design().countCores(aie::CoreKind::Compute), expectedCores);
      QCOMPARE(QString::fromStdString(doc->device().name()), QString(gemm::toString(g)));
      QVERIFY(QString::fromStdString(doc->design().name).contains(QString::fromStdString(gemm::toString(c.kernel))));
      // No file behind it: never saved over anything, Save goes to Save As, the title says so.
      QVERIFY(doc->filePath().isEmpty());
      QVERIFY(!doc->canSaveInPlace());
      QVERIFY(doc->title().contains("not saved"));
      QVERIFY(main.windowTitle().contains("not saved"));
      QVERIFY(doc->suggestedSavePath().endsWith(QString::fromStdString(doc->design().name) + ".yaml"));
      QVERIFY(w->message().contains("Opened"));
    }
    // Enter or a double click on a row opens that row's design.
    const gemm::Candidate fifth = w->result()->ranked[4];
    emit w->table()->activated(w->table()->model()->index(4, CandidateTable::Kernel));
    QCOMPARE(w->selectedCandidate(), 4);
    QVERIFY(
        QString::fromStdString(main.document()->design().name).endsWith(kernelText(fifth.kernel).replace("×", "x")));
  }

  void badInputSaysWhatIsWrong() {
    GemmPlannerWindow w(nullptr, nullptr, false);
    QVERIFY(w.plan());
    const struct {
      int dimension;
      const char* text;
      const char* says;
    } cases[] = {{0, "0", "GEMM size must be in 1..2^32, got M=0 K=4096 N=4096"},
                 {1, "-64", "got M=4096 K=-64"},
                 {2, "4k", "N: '4k' is not a whole number"},
                 {0, "", "M: '' is not a whole number"},
                 {1, "99999999999", "GEMM size must be in 1..2^32"}};
    for (const auto& c : cases) {
      w.sizeEdit(c.dimension)->setText(c.text);
      QVERIFY(!w.plan());
      QVERIFY(w.messageIsError());
      QVERIFY2(w.message().contains(c.says), qPrintable(w.message()));
      QCOMPARE(w.table()->rowCount(), 0);
      QCOMPARE(w.chart()->candidatePoints()->count(), 0);
      QVERIFY(!w.result());
      QVERIFY(!w.openButton()->isEnabled());
      QVERIFY(!w.openSelected());
      w.sizeEdit(c.dimension)->setText("4096");
    }
    QVERIFY(w.plan());
    QVERIFY(!w.messageIsError());
  }

  void commandLineOpensThePlanner() {
    const QString out = test::outputPath("gemm_planner_cli.png");
    QFile::remove(out);
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    gui.setProcessEnvironment(env);
    gui.start(TS_GUI_PATH, {"--gemm-planner", "1024x2048x512", "--gemm-device", "npu1", "--gemm-precision",
                            "int8-int32", "--screenshot", out, "--size", "1300x900", "--delay", "0"});
    QVERIFY(gui.waitForFinished(60000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    QCOMPARE(QImage(out).size(), QSize(1300, 900));
    gui.start(TS_GUI_PATH, {"--gemm-planner", "0x64x64", "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitCode(), 2);
    QVERIFY(QString(gui.readAllStandardError()).contains("--gemm-planner"));
  }
};

TS_WIDGET_TEST(GemmPlannerTest)
#include "gemm_planner_test.moc"
