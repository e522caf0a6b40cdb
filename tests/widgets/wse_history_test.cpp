// WSE runs in the run history and the compare window: a CU.POKer or TBS-SA run on a kernel
// graph is recorded with its settings, layout and series, written to the sidecar next to the
// .kgraph and read back when the graph is opened again; it can be shown, applied (undoable),
// re-run and deleted; the compare window shows WSE runs side by side with the evaluator's
// legal / MT / WL / AC / score and the wall time, and runs launched from it are recorded.
#include <QFile>
#include <QListWidget>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "engine/wse/evaluator.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/wse_test_util.h"
#include "widgets/compare/compare_window.h"
#include "widgets/compare/metrics_table.h"
#include "widgets/compare/wse_compare.h"
#include "widgets/history/history_dock.h"
#include "widgets/history/run_history.h"
#include "widgets/history/wse_history.h"
#include "widgets/history/wse_run.h"
#include "widgets/param_form.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_chart.h"
#include "widgets/wse/wse_run_job.h"
#include "widgets/wse/wse_run_panel.h"

using namespace ts;
using namespace ts::ui;

namespace {

const WseRunPayload* payloadOf(const RunRecord* r) {
  return r ? dynamic_cast<const WseRunPayload*>(r->payload.get()) : nullptr;
}

// Quick settings: a narrow CU.POKer neighbour search, a short TBS-SA anneal.
const core::ParamValues kQuickCuPoker{{"range", "0.02"}, {"step", "0.01"}, {"sweep_points", "3"}, {"row_nodes", "300"}};
const core::ParamValues kQuickTbsSa{{"max_moves", "20000"}};

}  // namespace

class WseHistoryTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString graph_;
  std::unique_ptr<WseDocument> doc_;
  std::unique_ptr<WseCanvas> canvas_;
  std::unique_ptr<WseRunChart> chart_;
  std::unique_ptr<WseRunPanel> panel_;
  std::unique_ptr<HistoryDock> dock_;
  std::unique_ptr<WseHistory> history_;

  void build() {
    QString error;
    QVERIFY2(test::openWse(graph_, QSize(700, 600), doc_, canvas_, &error), qPrintable(error));
    chart_ = std::make_unique<WseRunChart>();
    panel_ = std::make_unique<WseRunPanel>(doc_.get(), canvas_.get(), chart_.get());
    dock_ = std::make_unique<HistoryDock>();
    history_ = std::make_unique<WseHistory>(doc_.get(), canvas_.get(), panel_.get(), dock_.get(), true);
  }
  void teardown() {
    history_.reset();
    dock_.reset();
    panel_.reset();
    chart_.reset();
    canvas_.reset();
    doc_.reset();
  }
  /// Runs `algorithm` from the run panel (from the current layout, or from scratch) to its end
  /// and discards its result; returns its id in the history (negative when it could not start
  /// or did not end within a minute).
  int run(const QString& algorithm, const core::ParamValues& settings, uint64_t seed, bool fromScratch = false) {
    const int before = history_->history()->count();
    if (!panel_->selectAlgorithm(algorithm)) return -1;
    panel_->form()->resetDefaults();
    panel_->form()->setValues(settings);
    panel_->setSeed(seed);
    panel_->setThreads(2);
    panel_->setTimeLimit(30);
    if (!(fromScratch ? panel_->startFromScratch() : panel_->start())) return -2;
    if (!QTest::qWaitFor([&] { return history_->history()->count() == before + 1; }, 60000)) return -3;
    panel_->discardResult();
    return history_->history()->records().back().id;
  }
  std::unique_ptr<CompareWindow> compareWindow(const std::vector<int>& runs) {
    auto w = std::make_unique<CompareWindow>(std::make_unique<WseCompareSupport>(history_.get()), nullptr, false);
    w->resize(1400, 900);
    for (int id : runs) w->addRun(id);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
    return w;
  }

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(dir_.isValid());
    graph_ = dir_.filePath("lean.kgraph");
    QVERIFY(QFile::copy(test::wseSample("lean_resnet50_fine.kgraph"), graph_));
    QVERIFY(QFile::copy(test::wseSample("lean_resnet50_fine.paint"), dir_.filePath("lean.paint")));
  }
  void init() { build(); }
  void cleanup() {
    teardown();
    QFile::remove(RunHistory::sidecarPath(graph_));
  }

  void runsAreRecordedWithTheirLayoutAndComeBackFromTheSidecar() {
    QCOMPARE(RunHistory::sidecarPath(graph_), dir_.filePath("lean.tsruns.json"));
    const int poker = run("cupoker", kQuickCuPoker, 1);
    QVERIFY2(poker > 0, qPrintable(QString::number(poker)));
    const int sa = run("tbs-sa", kQuickTbsSa, 7);
    QVERIFY2(sa > 0, qPrintable(QString::number(sa)));
    QCOMPARE(history_->history()->count(), 2);
    const RunRecord first = *history_->history()->find(poker);
    const RunRecord second = *history_->history()->find(sa);
    QCOMPARE(first.kind, QString("wse"));
    QCOMPARE(first.algorithm, QString("cupoker"));
    QCOMPARE(first.startRun, 0);  // from the .paint opened with the graph: "manual"
    QCOMPARE(first.settings.at("row_nodes"), std::string("300"));
    QCOMPARE(second.algorithm, QString("tbs-sa"));
    QCOMPARE(second.seed, uint64_t(7));
    QCOMPARE(second.settings.at("max_moves"), std::string("20000"));
    QCOMPARE(int(first.end), int(RunEnd::Finished));
    QVERIFY(first.success && second.success);
    QVERIFY(first.seconds > 0);
    QVERIFY(!first.series.isEmpty());
    QVERIFY(first.series.contains("score"));
    // The payload's figures are the evaluator's on the recorded layout.
    const WseRunPayload* p = payloadOf(&first);
    QVERIFY(p && p->found());
    QCOMPARE(p->layout().placedCount(), doc_->graph().kernelCount());
    const wse::Evaluation e = wse::evaluate(doc_->graph(), p->layout());
    QVERIFY(e.legal);
    QCOMPARE(p->evaluation().score, e.score);
    QCOMPARE(p->metric("score"), e.score);
    QVERIFY(QFile::exists(RunHistory::sidecarPath(graph_)));

    // The graph opened again: the same runs, layouts and series come back.
    teardown();
    build();
    QCOMPARE(history_->history()->count(), 2);
    for (const RunRecord* was : {&first, &second}) {
      const RunRecord* again = history_->history()->find(was->id);
      QVERIFY(again);
      QCOMPARE(again->kind, was->kind);
      QCOMPARE(again->algorithm, was->algorithm);
      QCOMPARE(again->settings, was->settings);
      QCOMPARE(again->seed, was->seed);
      QCOMPARE(int(again->end), int(was->end));
      QCOMPARE(again->seconds, was->seconds);
      QCOMPARE(again->series.keys(), was->series.keys());
      QCOMPARE(again->series.value("score").size(), was->series.value("score").size());
      const WseRunPayload* before = payloadOf(was);
      const WseRunPayload* reread = payloadOf(again);
      QVERIFY(reread && reread->found());
      QVERIFY(sameWseLayout(reread->layout(), before->layout()));
      QCOMPARE(reread->evaluation().score, before->evaluation().score);
    }
    QCOMPARE(history_->history()->nextId(), sa + 1);
  }

  void showApplyRerunAndDelete() {
    // From scratch: a placer started from the .paint keeps it unless it finds a better one.
    const int id = run("tbs-sa", kQuickTbsSa, 3, true);
    QVERIFY2(id > 0, qPrintable(QString::number(id)));
    const WseRunPayload* p = payloadOf(history_->history()->find(id));
    QVERIFY(p && p->found());
    const wse::Layout before = doc_->layout();
    QVERIFY(!sameWseLayout(before, p->layout()));

    // Show: drawn on the canvas, the document untouched.
    QSignalSpy preview(history_.get(), &WseHistory::previewChanged);
    QVERIFY(history_->show(id));
    QVERIFY(canvas_->showingSnapshot());
    QVERIFY(sameWseLayout(doc_->layout(), before));
    QCOMPARE(preview.count(), 1);
    QVERIFY(preview.front().front().toString().contains(QString("#%1").arg(id)));
    history_->showDesign();
    QVERIFY(!canvas_->showingSnapshot());

    // Apply: the run's layout becomes the document's, one undoable edit; a run started now
    // starts from it.
    QVERIFY(history_->apply(id));
    QVERIFY(sameWseLayout(doc_->layout(), p->layout()));
    QCOMPARE(doc_->evaluation().score, p->evaluation().score);
    QVERIFY(doc_->modified());
    QCOMPARE(history_->startRunNow(), id);
    doc_->undoStack()->undo();
    QVERIFY(sameWseLayout(doc_->layout(), before));
    QCOMPARE(history_->startRunNow(), 0);

    // Re-run: same algorithm, settings, seed and start (from scratch), whatever the panel was
    // set to; the same seed gives the same layout.
    QVERIFY(panel_->selectAlgorithm("dnc"));
    panel_->setSeed(99);
    QVERIFY(history_->rerun(id));
    QVERIFY(QTest::qWaitFor([&] { return history_->history()->count() == 2; }, 60000));
    panel_->discardResult();
    const RunRecord& again = history_->history()->records().back();
    QCOMPARE(again.algorithm, QString("tbs-sa"));
    QCOMPARE(again.seed, uint64_t(3));
    QCOMPARE(again.settings.at("max_moves"), std::string("20000"));
    QCOMPARE(again.startRun, RunRecord::kStartScratch);
    QVERIFY(sameWseLayout(payloadOf(&again)->layout(), p->layout()));

    // Delete: gone from the history and from the sidecar.
    history_->remove({id});
    QCOMPARE(history_->history()->count(), 1);
    QFile f(RunHistory::sidecarPath(graph_));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(int(j["runs"].size()), 1);
    QCOMPARE(j["runs"][0]["id"].get<int>(), again.id);
  }

  void compareShowsWseRunsWithTheEvaluatorsFigures() {
    const std::vector<int> runs{run("cupoker", kQuickCuPoker, 1, true), run("tbs-sa", kQuickTbsSa, 5, true)};
    for (int id : runs) QVERIFY2(id > 0, qPrintable(QString::number(id)));
    auto w = compareWindow(runs);
    QVERIFY(w);
    QCOMPARE(w->paneCount(), 2);

    // One row per run; each value is the evaluator's on that run's layout, computed here.
    MetricsTable* table = w->table();
    QCOMPARE(table->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
      const RunRecord* r = w->paneRecord(row);
      QVERIFY(r);
      const WseRunPayload* p = payloadOf(r);
      QVERIFY(p);
      const wse::Evaluation e = wse::evaluate(doc_->graph(), p->layout());
      QCOMPARE(table->value(row, "legal"), e.legal ? 1.0 : 0.0);
      QCOMPARE(table->value(row, "mt"), e.mt);
      QCOMPARE(table->value(row, "wl"), e.wl);
      QCOMPARE(table->value(row, "ac"), double(e.ac));
      QCOMPARE(table->value(row, "score"), e.score);
      QCOMPARE(table->value(row, "seconds"), r->seconds);
    }
    // The lower score is marked best.
    const int better = table->value(0, "score") <= table->value(1, "score") ? 0 : 1;
    const std::vector<int> best = table->bestRows("score");
    QVERIFY(std::find(best.begin(), best.end(), better) != best.end());

    // The two layouts differ; the count is the kernels placed differently.
    const wse::Layout& a = payloadOf(w->paneRecord(0))->layout();
    const wse::Layout& b = payloadOf(w->paneRecord(1))->layout();
    int differing = 0;
    for (size_t k = 0; k < a.kernels.size(); ++k) {
      const wse::PlacedKernel &p = a.kernels[k], &q = b.kernels[k];
      differing += p.x != q.x || p.y != q.y || p.rotated != q.rotated || !(p.args == q.args);
    }
    QVERIFY(differing > 0);
    QCOMPARE(w->differences().differentItems, differing);

    // Zoom and selection are shared by the panes.
    GridCanvas* first = w->view(0)->canvas();
    first->zoomBy(1.5, QPointF(first->width() * 0.4, first->height() * 0.5));
    QCOMPARE(w->view(1)->canvas()->pixelsPerTile(), first->pixelsPerTile());
    QCOMPARE(w->view(1)->canvas()->view().offset, first->view().offset);
    static_cast<WseRunView*>(w->view(1))->wseCanvas()->setSelectedKernels({2});
    QCOMPARE(w->view(0)->selection(), std::vector<int>{2});
  }

  void everyLaunchPresetShowsItsWholeName() {
    // The longest names ("Divide and conquer from current") were cut off in a fixed-width dock.
    auto w = compareWindow({});
    QVERIFY(w);
    auto* list = w->findChild<QListWidget*>();
    QVERIFY(list);
    QCOMPARE(list->count(), int(w->support()->presets().size()));
    QVERIFY(list->isVisible());
    QCOMPARE(list->horizontalScrollBar()->maximum(), 0);
    // The widest name with its check box fits the visible width.
    QVERIFY2(list->sizeHintForColumn(0) <= list->viewport()->width(),
             qPrintable(QString("%1 > %2 px").arg(list->sizeHintForColumn(0)).arg(list->viewport()->width())));
  }

  void runsLaunchedFromTheWindowAreRecorded() {
    auto w = compareWindow({});
    QVERIFY(w);
    const std::vector<LaunchPreset> presets = w->support()->presets();
    auto preset = [&](const QString& name) {
      auto it = std::find_if(presets.begin(), presets.end(), [&](const LaunchPreset& p) { return p.name == name; });
      return it == presets.end() ? LaunchPreset{} : *it;
    };
    LaunchPreset scratch = preset("CU.POKer");
    LaunchPreset current = preset("CU.POKer from current");
    QCOMPARE(scratch.algorithm, QString("cupoker"));
    QCOMPARE(current.algorithm, QString("cupoker"));
    scratch.settings = current.settings = kQuickCuPoker;
    QSignalSpy finished(w.get(), &CompareWindow::runFinished);
    QVERIFY(w->launch(scratch, 1, 30));
    QVERIFY(w->launch(current, 1, 30));
    QVERIFY(QTest::qWaitFor([&] { return finished.count() == 2; }, 60000));
    QCOMPARE(w->paneCount(), 2);
    QCOMPARE(history_->history()->count(), 2);
    const RunRecord* fromScratch = w->paneRecord(0);
    const RunRecord* fromCurrent = w->paneRecord(1);
    QVERIFY(fromScratch && fromCurrent);
    QCOMPARE(fromScratch->name, QString("CU.POKer"));
    QCOMPARE(fromScratch->startRun, RunRecord::kStartScratch);
    QCOMPARE(fromCurrent->startRun, 0);  // the layout opened with the graph
    QVERIFY(payloadOf(fromScratch)->found() && payloadOf(fromCurrent)->found());
    // Started from the current layout, a placer never returns a worse one.
    QVERIFY(payloadOf(fromCurrent)->evaluation().score <= doc_->evaluation().score);
    QCOMPARE(w->table()->rowCount(), 2);
  }
};

TS_WIDGET_TEST(WseHistoryTest)
#include "wse_history_test.moc"
