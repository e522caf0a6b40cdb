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
  std::unique_ptr<AieDocument> doc_;
  std::unique_ptr<AieCanvas> canvas_;
  std::unique_ptr<QorChartPanel> charts_;
  std::unique_ptr<RunPanel> panel_;
  std::unique_ptr<HistoryDock> dock_;
  std::unique_ptr<AieHistory> history_;

  void build() {
    doc_ = std::make_unique<AieDocument>();
    QString error;
    QVERIFY2(doc_->open(design_, &error), qPrintable(error));
    canvas_ = std::make_unique<AieCanvas>(doc_.get());
    canvas_->resize(600, 400);
    charts_ = std::make_unique<QorChartPanel>();
    panel_ = std::make_unique<RunPanel>(doc_.get(), canvas_.get(), charts_.get());
    dock_ = std::make_unique<HistoryDock>();
    history_ = std::make_unique<AieHistory>(doc_.get(), canvas_.get(), panel_.get(), dock_.get());
  }

  void teardown() {
    history_.reset();
    dock_.reset();
    panel_.reset();
    charts_.reset();
    canvas_.reset();
    doc_.reset();
  }

  /// Runs `algorithm` from the run panel to its end; returns the id it got in the history.
  int run(const QString& algorithm, const core::ParamValues& settings = {}, uint64_t seed = 1) {
    int before = history_->history()->count();
    if (!panel_->selectAlgorithm(algorithm)) return -1;
    panel_->form()->resetDefaults();
    panel_->form()->setValues(settings);
    panel_->setSeed(seed);
    panel_->setTimeLimit(30);
    if (!panel_->start()) return -2;
    if (!QTest::qWaitFor([&] { return history_->history()->count() == before + 1; }, 60000)) return -3;
    return history_->history()->records().back().id;
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
    QCOMPARE(history_->history()->count(), 2);
    const RunRecord first = *history_->history()->find(placed);
    const RunRecord second = *history_->history()->find(routed);
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
    QCOMPARE(history_->history()->count(), 2);
    const RunRecord* again = history_->history()->find(routed);
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
    QCOMPARE(history_->history()->nextId(), routed + 1);
  }

  void applyIsUndoableAndStartsTheNextRunsLineage() {
    int id = run("place/sequential");
    QVERIFY(id > 0);
    auto* payload = dynamic_cast<const AieRunPayload*>(history_->history()->find(id)->payload.get());
    aie::Placement before = doc_->placement();
    QVERIFY(!(before == payload->placement()));
    QVERIFY(history_->apply(id));
    QVERIFY(doc_->placement() == payload->placement());
    QVERIFY(doc_->modified());
    doc_->undoStack()->undo();
    QVERIFY(doc_->placement() == before);
    doc_->undoStack()->redo();
    // A run started now starts from run `id`.
    int next = run("place/sequential");
    QCOMPARE(history_->history()->find(next)->startRun, id);
  }

  void showDrawsTheRunWithoutChangingTheDesign() {
    int id = run("place/sequential");
    QVERIFY(id > 0);
    panel_->discardResult();
    aie::Placement before = doc_->placement();
    QSignalSpy preview(history_.get(), &AieHistory::previewChanged);
    QVERIFY(history_->show(id));
    QVERIFY(canvas_->showingSnapshot());
    QVERIFY(doc_->placement() == before);
    QCOMPARE(preview.count(), 1);
    QVERIFY(preview.front().front().toString().contains(QString("#%1").arg(id)));
    history_->showDesign();
    QVERIFY(!canvas_->showingSnapshot());
  }

  void rerunRepeatsTheSettings() {
    int id = run("flow/sa+milp", {{"place.cost", "bb"}}, 5);
    QVERIFY(id > 0);
    QVERIFY(panel_->selectAlgorithm("place/sequential"));
    panel_->setSeed(1);
    QVERIFY(history_->rerun(id));
    QVERIFY(QTest::qWaitFor([&] { return history_->history()->count() == 2; }, 60000));
    const RunRecord& again = history_->history()->records().back();
    QCOMPARE(again.algorithm, QString("flow/sa+milp"));
    QCOMPARE(again.seed, uint64_t(5));
    QCOMPARE(again.settings.at("place.cost"), std::string("bb"));
  }

  void deleteUpdatesTheSidecar() {
    int a = run("place/sequential");
    int b = run("place/sequential");
    QVERIFY(a > 0 && b > 0);
    history_->remove({a});
    QCOMPARE(history_->history()->count(), 1);
    QFile f(RunHistory::sidecarPath(design_));
    QVERIFY(f.open(QIODevice::ReadOnly));
    nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(int(j["runs"].size()), 1);
    QCOMPARE(j["runs"][0]["id"].get<int>(), b);
    f.close();
    history_->remove({b});
    QVERIFY(!QFile::exists(RunHistory::sidecarPath(design_)));  // no runs, no file
  }

  void stoppedRunIsRecordedAsStoppedAndPausesAreNotCounted() {
    QVERIFY(panel_->selectAlgorithm("place/sa"));
    // Long enough to pause and stop: never converges in this test.
    panel_->form()->setValues({{"inner_num", "100000"}, {"random_start", "true"}});
    panel_->setTimeLimit(0);
    QVERIFY(panel_->start());
    QTest::qWait(150);
    panel_->setPaused(true);
    QTest::qWait(600);
    QVERIFY(panel_->job()->pausedSeconds() >= 0.5);
    panel_->setPaused(false);
    QTest::qWait(100);
    panel_->stop();
    QVERIFY(QTest::qWaitFor([&] { return history_->history()->count() == 1; }, 10000));
    const RunRecord& r = history_->history()->records().back();
    QCOMPARE(int(r.end), int(RunEnd::Stopped));
    QVERIFY2(r.pausedSeconds >= 0.5, qPrintable(QString::number(r.pausedSeconds)));
    // Wall time of the run was at least 0.85 s; without the pause it ran about 0.25 s.
    QVERIFY2(r.seconds < 0.6, qPrintable(QString::number(r.seconds)));
    QVERIFY(r.endText().startsWith("stopped"));
  }

  void unreadableSidecarsAreReportedNotFatal() {
    teardown();
    QFile f(RunHistory::sidecarPath(design_));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ this is not json");
    f.close();
    build();
    QSignalSpy log(history_.get(), &AieHistory::logMessage);
    QString error;
    QVERIFY(doc_->open(design_, &error));
    QCOMPARE(history_->history()->count(), 0);
    bool reported = false;
    for (const auto& args : log) reported = reported || args.front().toString().contains("cannot read");
    QVERIFY(reported);
    // A sidecar of another version of the design is set aside, not overwritten.
    nlohmann::json other{{"format", "tilestudio-runs"},
                         {"version", 1},
                         {"document", {{"fingerprint", "0000"}}},
                         {"runs", nlohmann::json::array()}};
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(other.dump()));
    f.close();
    QVERIFY(doc_->open(design_, &error));
    QVERIFY(QFile::exists(RunHistory::sidecarPath(design_) + ".old"));
    QFile::remove(RunHistory::sidecarPath(design_) + ".old");
  }
};

QTEST_MAIN(HistoryTest)
#include "history_test.moc"
