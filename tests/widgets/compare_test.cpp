// The compare window: runs side by side with pan, zoom and selection kept equal, a metrics
// table whose values are each run's QoR report (best per column marked, CSV export), overlaid
// charts, "differences only", and runs launched from the window one after the other or in
// parallel, each cancellable.
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/widgets/history_fixture.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/compare/aie_compare.h"
#include "widgets/compare/compare_window.h"
#include "widgets/compare/metrics_table.h"
#include "widgets/compare/overlay_chart.h"
#include "widgets/elided_label.h"
#include "widgets/grid_canvas.h"
#include "widgets/history/aie_history.h"
#include "widgets/history/aie_run.h"
#include "widgets/history/history_dock.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

using namespace ts;
using namespace ts::ui;

class CompareTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  test::HistoryFixture f_;
  std::vector<int> runs_;

  int run(const QString& algorithm, const core::ParamValues& settings) {
    int id = f_.run(algorithm, settings);
    f_.panel->discardResult();
    return id;
  }

  std::unique_ptr<CompareWindow> window() {
    auto w = std::make_unique<CompareWindow>(std::make_unique<AieCompareSupport>(f_.history.get()), nullptr, false);
    w->resize(1400, 900);
    for (int id : runs_) w->addRun(id);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
    return w;
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QString design = dir_.filePath("edge.yaml");
    QVERIFY(QFile::copy(test::dataPath("edge_npu2.yaml"), design));
    QString error;
    QVERIFY2(f_.open(design, false, &error), qPrintable(error));
    // Three runs that place differently: unrouted sequential, and SA+BB / SA+BBCG flows.
    runs_ = {run("place/sequential", {}), run("flow/sa+milp", {{"place.cost", "bb"}}),
             run("flow/sa+milp", {{"place.cost", "bbcg"}, {"place.random_start", "true"}})};
    for (int id : runs_) QVERIFY2(id > 0, qPrintable(QString::number(id)));
  }

  void bestValuesAreMarked() {
    // Fixed values: lower route length is better; a tie marks both; equal everywhere marks none.
    struct Fixed : RunPayload {
      double length;
      explicit Fixed(double l) : length(l) {}
      QString kind() const override { return "test"; }
      double metric(const QString& key) const override { return key == "route_length" ? length : std::nan(""); }
      QString summary() const override { return {}; }
      nlohmann::json toJson() const override { return {}; }
    };
    std::vector<RunRecord> records(3);
    std::vector<double> lengths{7, 5, 5};
    std::vector<MetricsTable::Row> rows;
    for (int i = 0; i < 3; ++i) {
      records[size_t(i)].id = i + 1;
      records[size_t(i)].seconds = 1.0 + i;
      records[size_t(i)].payload = std::make_shared<Fixed>(lengths[size_t(i)]);
      rows.push_back({i + 1, QString("run %1").arg(i + 1), Qt::black, "finished", &records[size_t(i)]});
    }
    MetricsTable table;
    table.setMetricColumns({{"route_length", "route length", "", MetricColumn::Better::Lower, 0},
                            {"label", "label", "", MetricColumn::Better::None, 0}});
    table.setRows(rows);
    QCOMPARE(table.bestRows("route_length"), (std::vector<int>{1, 2}));
    QCOMPARE(table.bestRows("seconds"), std::vector<int>{0});
    QVERIFY(table.bestRows("label").empty());
    int routeColumn = -1;
    for (int c = 0; c < table.columnCount(); ++c)
      if (table.horizontalHeaderItem(c)->text() == "route length") routeColumn = c;
    QVERIFY(routeColumn >= 0);
    QVERIFY(!table.item(0, routeColumn)->font().bold());
    QVERIFY(table.item(1, routeColumn)->font().bold() && table.item(2, routeColumn)->font().bold());
    for (auto& r : records) r.payload = std::make_shared<Fixed>(3);
    table.setRows(rows);
    QVERIFY(table.bestRows("route_length").empty());
  }

  void aFailedRunsFiguresDoNotWin() {
    // A run that failed stopped with a partial placement: its few DMA channels and its short wall
    // time are not the best while another run succeeded; when none did, the figures compare.
    struct Fixed : RunPayload {
      double ok, dma;
      Fixed(double s, double d) : ok(s), dma(d) {}
      QString kind() const override { return "test"; }
      double metric(const QString& key) const override {
        return key == "success" ? ok : key == "dma_channels" ? dma : std::nan("");
      }
      QString summary() const override { return {}; }
      nlohmann::json toJson() const override { return {}; }
    };
    std::vector<RunRecord> records(3);
    const double success[] = {1, 0, 1}, dma[] = {180, 119, 190}, seconds[] = {0.4, 0.01, 5.1};
    std::vector<MetricsTable::Row> rows;
    for (int i = 0; i < 3; ++i) {
      records[size_t(i)].id = i + 1;
      records[size_t(i)].seconds = seconds[i];
      records[size_t(i)].payload = std::make_shared<Fixed>(success[i], dma[i]);
      rows.push_back({i + 1, QString("run %1").arg(i + 1), Qt::black, i == 1 ? "failed: no room" : "finished",
                      &records[size_t(i)]});
    }
    MetricsTable table;
    table.setMetricColumns({{"success", "success", "", MetricColumn::Better::Higher, 0, true},
                            {"dma_channels", "DMA", "", MetricColumn::Better::Lower, 0}});
    table.setRows(rows);
    QVERIFY(table.succeeded(0) && !table.succeeded(1) && table.succeeded(2));
    QCOMPARE(table.bestRows("success"), (std::vector<int>{0, 2}));
    QCOMPARE(table.bestRows("dma_channels"), std::vector<int>{0});
    QCOMPARE(table.bestRows("seconds"), std::vector<int>{0});
    for (int i : {0, 2}) records[size_t(i)].payload = std::make_shared<Fixed>(0, dma[i]);
    table.setRows(rows);
    QCOMPARE(table.bestRows("dma_channels"), std::vector<int>{1});
    QCOMPARE(table.bestRows("seconds"), std::vector<int>{1});
  }

  void aLongFailureReasonKeepsTheMetricsInView() {
    // A failed run's state is its reason, a sentence: the table cuts it (the whole reason in the
    // tooltip) so the metric columns stay in view, and an elided label never asks for its width.
    const QString reason =
        "failed: failed to find a mem tile with free DMA channels at or right of column 1 for core 'memC7'";
    std::vector<RunRecord> records(2);
    std::vector<MetricsTable::Row> rows;
    for (int i = 0; i < 2; ++i) {
      records[size_t(i)].id = i + 1;
      rows.push_back({i + 1, QString("run %1").arg(i + 1), Qt::black, i ? reason : "finished", &records[size_t(i)]});
    }
    MetricsTable table;
    table.setMetricColumns({{"route_length", "route length", "", MetricColumn::Better::Lower, 0}});
    table.setRows(rows);
    table.resize(700, 200);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    QVERIFY2(table.columnWidth(1) <= 220, qPrintable(QString::number(table.columnWidth(1))));
    QVERIFY(table.columnWidth(1) < table.fontMetrics().horizontalAdvance(reason));
    QCOMPARE(table.item(1, 1)->toolTip(), reason);
    // Short states keep the width they need.
    rows[1].state = "stopped";
    table.setRows(rows);
    QVERIFY(table.columnWidth(1) >= table.fontMetrics().horizontalAdvance("finished"));

    ElidedLabel label;
    label.setFullText(reason);
    QCOMPARE(label.minimumSizeHint().width(), 0);
    QCOMPARE(label.sizePolicy().horizontalPolicy(), QSizePolicy::Ignored);
    label.resize(120, 20);
    label.show();
    QVERIFY(QTest::qWaitForWindowExposed(&label));
    QVERIFY(label.text().endsWith(QChar(0x2026)));
    QVERIFY(label.fontMetrics().horizontalAdvance(label.text()) <= 120);
    QCOMPARE(label.toolTip(), reason);
    label.resize(2000, 20);
    QTRY_COMPARE(label.text(), reason);
  }

  void cleanupTestCase() { f_.close(); }

  void threeRunsKeepEqualZoom() {
    auto w = window();
    QVERIFY(w);
    QCOMPARE(w->paneCount(), 3);
    GridCanvas* one = w->view(1)->canvas();
    const double fitted = w->view(0)->canvas()->pixelsPerTile();
    one->zoomBy(1.7, QPointF(one->width() * 0.3, one->height() * 0.6));
    one->panBy(QPointF(25, -10));
    for (int i = 0; i < 3; ++i) {
      GridCanvas* c = w->view(i)->canvas();
      QCOMPARE(c->pixelsPerTile(), one->pixelsPerTile());
      QCOMPARE(c->view().offset, one->view().offset);
    }
    QVERIFY(std::abs(w->view(0)->canvas()->pixelsPerTile() - 1.7 * fitted) < 1e-9);
    // Fit in one fits all.
    w->view(2)->canvas()->fitAll();
    for (int i = 0; i < 3; ++i) QCOMPARE(w->view(i)->canvas()->pixelsPerTile(), w->view(2)->canvas()->pixelsPerTile());
    w->view(0)->canvas()->grab().save(test::outputPath("compare_pane0.png"));
  }

  void selectionIsSynchronised() {
    auto w = window();
    QVERIFY(w);
    aie::CoreId filter = f_.doc->design().findCore("filter");
    auto* first = static_cast<AieRunView*>(w->view(0));
    first->aieCanvas()->setSelectedCores({filter});
    for (int i = 0; i < 3; ++i) QCOMPARE(w->view(i)->selection(), std::vector<int>{filter});
    // Clicking a core in another pane selects it everywhere.
    auto* third = static_cast<AieRunView*>(w->view(2));
    aie::CoreId gray = f_.doc->design().findCore("gray");
    QPointF at = third->aieCanvas()->view().toScreen(third->aieCanvas()->scene().coreWorldRect(gray).center());
    test::click(third->aieCanvas(), at.toPoint());
    for (int i = 0; i < 3; ++i) QCOMPARE(w->view(i)->selection(), std::vector<int>{gray});
  }

  void tableShowsEachRunsQorReport() {
    auto w = window();
    QVERIFY(w);
    MetricsTable* table = w->table();
    QCOMPARE(table->rowCount(), 3);
    for (int row = 0; row < 3; ++row) {
      const RunRecord* record = w->paneRecord(row);
      QVERIFY(record);
      // The QoR report of the same state, written by File > Export > QoR Report.
      QVERIFY(f_.history->apply(record->id));
      QString path = dir_.filePath(QString("qor%1.json").arg(row));
      QString error;
      QVERIFY2(f_.doc->exportQorReport(path, &error), qPrintable(error));
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadOnly));
      nlohmann::json report = nlohmann::json::parse(f.readAll().toStdString());
      auto value = [&](const char* key) { return table->value(row, QString::fromLatin1(key)); };
      if (report.contains("qor")) {
        QCOMPARE(value("success"), report["legal"].get<bool>() ? 1.0 : 0.0);
        const auto& q = report["qor"];
        QCOMPARE(value("route_length"), q["route_length"].get<double>());
        QVERIFY(std::abs(value("buffers_kib") - q["buffer_kb"].get<double>()) < 1e-9);
        QCOMPARE(value("shared_nets"), q["shared_memory_nets"].get<double>() + q["intra_tile_nets"].get<double>());
        QCOMPARE(value("circuit_nets"), q["circuit_nets"].get<double>());
        QCOMPARE(value("packet_nets"), q["packet_nets"].get<double>());
        QCOMPARE(value("dma_channels"), q["dma_channels"].get<double>());
        QVERIFY(std::abs(value("max_link_use") - q["max_link_utilisation"].get<double>()) < 1e-9);
      } else {
        // A placer's success: a complete placement without problems (routing comes later).
        bool legalPlacement = report["complete"].get<bool>() && report["problems"].empty();
        QCOMPARE(value("success"), legalPlacement ? 1.0 : 0.0);
        const auto& e = report["estimate"];
        QCOMPARE(value("route_length"), e["route_length_hpwl"].get<double>());
        QCOMPARE(value("dma_channels"), e["dma_channels"].get<double>());
        QVERIFY(std::isnan(value("max_link_use")));
      }
      if (report.contains("runtime_estimate"))
        QVERIFY(std::abs(value("runtime_us") - report["runtime_estimate"]["microseconds"].get<double>()) < 1e-9);
      QCOMPARE(value("seconds"), record->seconds);
      f_.doc->undoStack()->undo();
    }
    // Route length: the best is marked and is the smallest, or nothing is marked when every run
    // has the same value (the marking itself is tested on fixed values in bestValuesAreMarked).
    std::vector<int> best = table->bestRows("route_length");
    double least = 1e300, most = -1e300;
    for (int row = 0; row < 3; ++row) {
      least = std::min(least, table->value(row, "route_length"));
      most = std::max(most, table->value(row, "route_length"));
    }
    QCOMPARE(best.empty(), least == most);
    for (int row : best) QCOMPARE(table->value(row, "route_length"), least);
    // CSV: a header and a row per run, with the same numbers.
    QString csvPath = dir_.filePath("runs.csv");
    table->exportCsv(csvPath);
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QStringList header = lines[0].split(',');
    int routeField = header.indexOf("route_length");
    QVERIFY(routeField > 0);
    QCOMPARE(lines[1].split(',')[routeField].toDouble(), table->value(0, "route_length"));
  }

  void chartsOverlayOneSeriesPerRun() {
    auto w = window();
    QVERIFY(w);
    OverlayChart* chart = w->chart();
    QVERIFY(!chart->terms().isEmpty());
    QVERIFY(chart->setTerm(chart->terms().contains("total") ? "total" : chart->terms().front()));
    QStringList names = chart->seriesNames();
    QVERIFY(!names.isEmpty());
    for (const QString& n : names) QVERIFY2(n.startsWith('#'), qPrintable(n));  // named by run
  }

  void differencesOnlyDimsWhatIsTheSame() {
    auto w = window();
    QVERIFY(w);
    const RunDifferences& d = w->differences();
    QCOMPARE(int(d.sameItems.size()), f_.doc->design().coreCount());
    QVERIFY(d.differentItems > 0);
    w->setDifferencesOnly(true);
    auto* view = static_cast<AieRunView*>(w->view(0));
    QCOMPARE(view->aieCanvas()->scene().dimCores, d.sameItems);
    w->setDifferencesOnly(false);
    QVERIFY(view->aieCanvas()->scene().dimCores.empty());
  }

  void launchedRunsQueueOrRunTogetherAndCanBeCancelled() {
    auto w = window();
    QVERIFY(w);
    // SA that does not converge within the test: it ends only when cancelled.
    LaunchPreset slow{"slow SA", "place/sa", {{"inner_num", "100000"}, {"random_start", "true"}}, {}};
    int recorded = f_.history->history()->count();
    w->setParallel(false);
    RunTask* a = w->launch(slow, 1, 0);
    RunTask* b = w->launch(slow, 2, 0);
    QVERIFY(a && b);
    QCOMPARE(w->runningCount(), 1);
    QCOMPARE(w->queuedCount(), 1);
    // The parallel setting starts the queued one too.
    w->setParallel(true);
    QCOMPARE(w->runningCount(), 2);
    QCOMPARE(w->queuedCount(), 0);
    int idA = a->runId(), idB = b->runId();
    QTest::qWait(200);
    w->cancel(idA);
    w->cancel(idB);
    QVERIFY(QTest::qWaitFor([&] { return f_.history->history()->count() == recorded + 2; }, 10000));
    QCOMPARE(int(f_.history->history()->find(idA)->end), int(RunEnd::Stopped));
    QCOMPARE(int(f_.history->history()->find(idB)->end), int(RunEnd::Stopped));
    QCOMPARE(w->runningCount(), 0);
    QCOMPARE(w->paneCount(), 5);
    QVERIFY(w->paneRecord(3) && w->paneRecord(4));
    // A queued run that is cancelled never starts and leaves no pane.
    w->setParallel(false);
    RunTask* c = w->launch(slow, 3, 0);
    RunTask* d = w->launch(slow, 4, 0);
    QVERIFY(c && d);
    w->cancel(d->runId());
    QCOMPARE(w->paneCount(), 6);
    w->cancel(c->runId());
    QVERIFY(QTest::qWaitFor([&] { return w->runningCount() == 0; }, 10000));
    for (int id : {idA, idB}) f_.history->remove({id});
  }
};

TS_WIDGET_TEST(CompareTest)
#include "compare_test.moc"
