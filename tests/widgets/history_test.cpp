// The run history: every run on a design is kept with its settings, end, time without pauses,
// result and chart series; it is written next to the design (design.tsruns.json) and read back
// when the design is opened again; a run's result can be shown, applied (undoable), re-run and
// deleted.
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

#include "tests/widgets/history_fixture.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/history/aie_history.h"
#include "widgets/history/aie_run.h"
#include "widgets/history/history_dock.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

using namespace ts;
using namespace ts::ui;

class HistoryTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString design_;
  test::HistoryFixture f_;

  void build() {
    QString error;
    QVERIFY2(f_.open(design_, true, &error), qPrintable(error));
  }
  void teardown() { f_.close(); }
  int run(const QString& algorithm, const core::ParamValues& settings = {}, uint64_t seed = 1) {
    return f_.run(algorithm, settings, seed);
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(dir_.isValid());
    design_ = dir_.filePath("edge.yaml");
    QVERIFY(QFile::copy(test::dataPath("edge_npu2.yaml"), design_));
  }

  void init() { build(); }
  void cleanup() {
    teardown();
    QFile::remove(RunHistory::sidecarPath(design_));
  }

  void keepsAndReloadsRuns() {
    QCOMPARE(RunHistory::sidecarPath(design_), dir_.filePath("edge.tsruns.json"));
    int placed = run("place/sequential");
    QVERIFY2(placed > 0, qPrintable(QString::number(placed)));
    int routed = run("flow/sa+milp", {{"place.cost", "bb"}}, 3);
    QVERIFY2(routed > 0, qPrintable(QString::number(routed)));
    QCOMPARE(f_.history->history()->count(), 2);
    const RunRecord first = *f_.history->history()->find(placed);
    const RunRecord second = *f_.history->history()->find(routed);
    QCOMPARE(first.algorithm, QString("place/sequential"));
    QCOMPARE(first.startRun, 0);  // from the design's own placement: "manual"
    QCOMPARE(second.seed, uint64_t(3));
    QCOMPARE(second.settings.at("place.cost"), std::string("bb"));
    QCOMPARE(int(second.end), int(RunEnd::Finished));
    QVERIFY(second.success);
    QVERIFY(!second.series.isEmpty());
    auto* payload = dynamic_cast<const AieRunPayload*>(second.payload.get());
    QVERIFY(payload && payload->routing());
    QVERIFY(payload->figures().routed);
    QVERIFY(QFile::exists(RunHistory::sidecarPath(design_)));

    // The design opened again (a new session): the same runs come back.
    teardown();
    build();
    QCOMPARE(f_.history->history()->count(), 2);
    const RunRecord* again = f_.history->history()->find(routed);
    QVERIFY(again);
    QCOMPARE(again->algorithmLabel, second.algorithmLabel);
    QCOMPARE(again->settings, second.settings);
    QCOMPARE(again->seed, second.seed);
    QCOMPARE(int(again->end), int(second.end));
    QCOMPARE(again->seconds, second.seconds);
    QCOMPARE(again->series.keys(), second.series.keys());
    QCOMPARE(again->series.first().size(), second.series.first().size());
    auto* reread = dynamic_cast<const AieRunPayload*>(again->payload.get());
    QVERIFY(reread);
    QVERIFY(reread->placement() == payload->placement());
    QVERIFY(reread->routing());
    QCOMPARE(reread->routing()->nets.size(), payload->routing()->nets.size());
    for (size_t n = 0; n < payload->routing()->nets.size(); ++n) {
      QCOMPARE(reread->routing()->nets[n].edges, payload->routing()->nets[n].edges);
      QCOMPARE(int(reread->routing()->nets[n].type), int(payload->routing()->nets[n].type));
    }
    QCOMPARE(reread->figures().routeLength, payload->figures().routeLength);
    // New runs continue the numbering.
    QCOMPARE(f_.history->history()->nextId(), routed + 1);
  }

  void applyIsUndoableAndStartsTheNextRunsLineage() {
    int id = run("place/sequential");
    QVERIFY(id > 0);
    auto* payload = dynamic_cast<const AieRunPayload*>(f_.history->history()->find(id)->payload.get());
    aie::Placement before = f_.doc->placement();
    QVERIFY(!(before == payload->placement()));
    QVERIFY(f_.history->apply(id));
    QVERIFY(f_.doc->placement() == payload->placement());
    QVERIFY(f_.doc->modified());
    f_.doc->undoStack()->undo();
    QVERIFY(f_.doc->placement() == before);
    f_.doc->undoStack()->redo();
    // A run started now starts from run `id`.
    int next = run("place/sequential");
    QCOMPARE(f_.history->history()->find(next)->startRun, id);
  }

  void showDrawsTheRunWithoutChangingTheDesign() {
    int id = run("place/sequential");
    QVERIFY(id > 0);
    f_.panel->discardResult();
    aie::Placement before = f_.doc->placement();
    QSignalSpy preview(f_.history.get(), &AieHistory::previewChanged);
    QVERIFY(f_.history->show(id));
    QVERIFY(f_.canvas->showingSnapshot());
    QVERIFY(f_.doc->placement() == before);
    QCOMPARE(preview.count(), 1);
    QVERIFY(preview.front().front().toString().contains(QString("#%1").arg(id)));
    f_.history->showDesign();
    QVERIFY(!f_.canvas->showingSnapshot());
  }

  void rerunRepeatsTheSettings() {
    int id = run("flow/sa+milp", {{"place.cost", "bb"}}, 5);
    QVERIFY(id > 0);
    QVERIFY(f_.panel->selectAlgorithm("place/sequential"));
    f_.panel->setSeed(1);
    QVERIFY(f_.history->rerun(id));
    QVERIFY(QTest::qWaitFor([&] { return f_.history->history()->count() == 2; }, 60000));
    const RunRecord& again = f_.history->history()->records().back();
    QCOMPARE(again.algorithm, QString("flow/sa+milp"));
    QCOMPARE(again.seed, uint64_t(5));
    QCOMPARE(again.settings.at("place.cost"), std::string("bb"));
  }

  void deleteUpdatesTheSidecar() {
    int a = run("place/sequential");
    int b = run("place/sequential");
    QVERIFY(a > 0 && b > 0);
    f_.history->remove({a});
    QCOMPARE(f_.history->history()->count(), 1);
    QFile f(RunHistory::sidecarPath(design_));
    QVERIFY(f.open(QIODevice::ReadOnly));
    nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(int(j["runs"].size()), 1);
    QCOMPARE(j["runs"][0]["id"].get<int>(), b);
    f.close();
    f_.history->remove({b});
    QVERIFY(!QFile::exists(RunHistory::sidecarPath(design_)));  // no runs, no file
  }

  void stoppedRunIsRecordedAsStoppedAndPausesAreNotCounted() {
    QVERIFY(f_.panel->selectAlgorithm("place/sa"));
    // Long enough to pause and stop: never converges in this test.
    f_.panel->form()->setValues({{"inner_num", "100000"}, {"random_start", "true"}});
    f_.panel->setTimeLimit(0);
    QVERIFY(f_.panel->start());
    QTest::qWait(150);
    f_.panel->setPaused(true);
    QTest::qWait(600);
    QVERIFY(f_.panel->job()->pausedSeconds() >= 0.5);
    f_.panel->setPaused(false);
    QTest::qWait(100);
    f_.panel->stop();
    QVERIFY(QTest::qWaitFor([&] { return f_.history->history()->count() == 1; }, 10000));
    const RunRecord& r = f_.history->history()->records().back();
    QCOMPARE(int(r.end), int(RunEnd::Stopped));
    QVERIFY2(r.pausedSeconds >= 0.5, qPrintable(QString::number(r.pausedSeconds)));
    // Wall time of the run was at least 0.85 s; without the pause it ran about 0.25 s.
    QVERIFY2(r.seconds < 0.6, qPrintable(QString::number(r.seconds)));
    QVERIFY(r.endText().startsWith("stopped"));
  }

  void unreadableSidecarsAreReportedNotFatal() {
    // Written under the open document, then read when it is opened again.
    QFile f(RunHistory::sidecarPath(design_));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{ this is not json");
    f.close();
    QSignalSpy log(f_.history.get(), &AieHistory::logMessage);
    QString error;
    QVERIFY(f_.doc->open(design_, &error));
    QCOMPARE(f_.history->history()->count(), 0);
    bool reported = false;
    for (const auto& args : log) reported = reported || args.front().toString().contains("cannot read");
    QVERIFY(reported);
    // ...and set aside with its content, so that the next save cannot overwrite it.
    QFile aside(RunHistory::sidecarPath(design_) + ".unreadable");
    QVERIFY(!QFile::exists(RunHistory::sidecarPath(design_)));
    QVERIFY(aside.open(QIODevice::ReadOnly));
    QCOMPARE(aside.readAll(), QByteArray("{ this is not json"));
    aside.close();
    aside.remove();
    // A sidecar of another version of the design is set aside, not overwritten.
    nlohmann::json other{{"format", "tilestudio-runs"},
                         {"version", 1},
                         {"document", {{"fingerprint", "0000"}}},
                         {"runs", nlohmann::json::array()}};
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(other.dump()));
    f.close();
    QVERIFY(f_.doc->open(design_, &error));
    QVERIFY(QFile::exists(RunHistory::sidecarPath(design_) + ".old"));
    QFile::remove(RunHistory::sidecarPath(design_) + ".old");
  }
};

TS_WIDGET_TEST(HistoryTest)
#include "history_test.moc"
