// Editing a WSE layout in the studio: the score shown for case C with its third-party
// solution is the evaluator's; dragging a kernel shows the score change while it moves,
// refuses overlaps, and is undoable; another candidate shape changes time and memory as the
// kernel library says; rotation and pins are undoable and pinned kernels do not move; saving
// writes a .paint the reader takes back; and the main window's docks are cleared and re-bound
// when another file (AIE or WSE) is opened.
#include <algorithm>
#include <numeric>

#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/main_window.h"
#include "engine/core/run_context.h"
#include "engine/wse/free_space.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/kernel_library.h"
#include "engine/wse/placers.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/wse_test_util.h"
#include "widgets/aie_document.h"
#include "widgets/aie_workspace.h"
#include "widgets/design_browser.h"
#include "widgets/inspector_view.h"
#include "widgets/theme.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_inspector.h"
#include "widgets/wse/wse_kernel_list.h"
#include "widgets/wse/wse_problem_list.h"
#include "widgets/wse/wse_workspace.h"

using namespace ts;

namespace {

/// Press on `from`, move to `to` with the button held, without releasing.
void pressAndMove(QWidget* w, const QPoint& from, const QPoint& to) {
  QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton, {});
  QApplication::sendEvent(w, &press);
  for (int i = 1; i <= 6; ++i) {
    QPoint p = from + (to - from) * i / 6;
    QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, {});
    QApplication::sendEvent(w, &move);
  }
}

void release(QWidget* w, const QPoint& at) {
  QMouseEvent up(QEvent::MouseButtonRelease, at, w->mapToGlobal(at), Qt::LeftButton, Qt::NoButton, {});
  QApplication::sendEvent(w, &up);
}

}  // namespace

class WseEditorTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<ui::WseDocument> doc_;
  std::unique_ptr<ui::WseCanvas> canvas_;

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);  // the window's icons live in ts_widgets' resources
    QStandardPaths::setTestModeEnabled(true);
  }

  void init() {
    // 52 small kernels with free fabric around them: room to move, reshape and rotate.
    QString error;
    QVERIFY2(test::openWse(test::wseSample("lean_resnet50_fine.kgraph"), QSize(900, 800), doc_, canvas_, &error),
             qPrintable(error));
  }
  void cleanup() {
    canvas_.reset();
    doc_.reset();
  }

  void kernelTimesShowAsWholeCyclesAndSortByValue() {
    // U-Net's kernels take over a million cycles: shown as 1548200, not 1.5482e+06 (which the
    // dock's edge cut to "1.5482").
    QString error;
    auto doc = std::make_unique<ui::WseDocument>();
    QVERIFY2(doc->open(test::wseSample("unet.kgraph"), &error), qPrintable(error));
    wse::WsePlacerOptions options;
    options.algorithm = "dnc";
    options.settings = {{"range", "0.04"}, {"step", "0.02"}, {"max_shapes", "8"}};
    core::RunContext ctx(1);
    const wse::WsePlaceResult placed = wse::runWsePlacer(doc->graph(), options, ctx);
    QVERIFY(placed.found);
    doc->setLayout(placed.layout, "placed");
    ui::WseCanvas canvas(doc.get());
    ui::WseKernelList list(doc.get(), &canvas);
    QTreeWidget* tree = list.tree();
    QCOMPARE(tree->topLevelItemCount(), doc->graph().kernelCount());
    auto* delegate = qobject_cast<QStyledItemDelegate*>(tree->itemDelegate());
    QVERIFY(delegate);
    double largest = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
      const QTreeWidgetItem* item = tree->topLevelItem(i);
      const int k = doc->graph().findKernel(item->text(0).toStdString());
      QVERIFY(k >= 0);
      const double time =
          wse::kernelPerf(doc->graph().kernels[size_t(k)].spec, doc->layout().kernels[size_t(k)].args).time;
      largest = std::max(largest, time);
      // What the view draws: its delegate's text for the value (a double shows as 1.5482e+06).
      QCOMPARE(delegate->displayText(item->data(ui::WseKernelList::TimeColumn, Qt::DisplayRole), tree->locale()),
               ui::wseNumber(time));
    }
    QVERIFY2(largest >= 1e6, qPrintable(QString::number(largest)));  // where the old form went exponential
    const int time = ui::WseKernelList::TimeColumn;
    tree->sortItems(time, Qt::AscendingOrder);
    for (int i = 1; i < tree->topLevelItemCount(); ++i)
      QVERIFY(tree->topLevelItem(i - 1)->data(time, Qt::DisplayRole).toDouble() <=
              tree->topLevelItem(i)->data(time, Qt::DisplayRole).toDouble());
  }

  void kernelListShowsPlacesInANarrowDockAndDrawsPins() {
    // The studio opens the list in a dock about 280 px wide: each kernel's place must show there
    // without scrolling, and a pinned kernel gets the drawn padlock (a stock Debian desktop has
    // no font with the padlock emoji, which showed as an empty box).
    ui::WseKernelList list(doc_.get(), canvas_.get());
    list.resize(280, 400);
    list.show();
    QVERIFY(QTest::qWaitForWindowExposed(&list));
    QTreeWidget* tree = list.tree();
    const int where = ui::WseKernelList::WhereColumn;
    QCOMPARE(tree->headerItem()->text(where), QString("Where"));
    QHeaderView* header = tree->header();
    QVERIFY(header->sectionSize(where) > 0);
    QVERIFY2(header->sectionViewportPosition(where) + header->sectionSize(where) <= tree->viewport()->width(),
             qPrintable(QString("Where ends at %1 of %2 px")
                            .arg(header->sectionViewportPosition(where) + header->sectionSize(where))
                            .arg(tree->viewport()->width())));
    const int k = 5;
    const QString name = QString::fromStdString(doc_->graph().kernels[size_t(k)].name);
    auto itemOf = [&] {
      for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(ui::WseKernelList::NameColumn) == name) return tree->topLevelItem(i);
      return static_cast<QTreeWidgetItem*>(nullptr);
    };
    QVERIFY(itemOf() && itemOf()->icon(where).isNull());
    doc_->setPinned({k}, true);
    QTreeWidgetItem* item = itemOf();
    QVERIFY(item);
    QVERIFY(!item->icon(where).isNull());
    QVERIFY(item->toolTip(where).contains("pinned"));
    for (int c = 0; c < tree->columnCount(); ++c)
      QVERIFY(!item->text(c).contains(QString::fromUtf8("\xF0\x9F\x94\x92")));
    list.setFilter("pinned");
    QCOMPARE(list.visibleCount(), 1);
  }

  void problemListSaysWhenThereAreNone() {
    // A legal layout: one line that says so, which the user cannot pick (the AIE list does the
    // same; an empty dock could also mean nothing was checked).
    ui::WseProblemList list(doc_.get(), canvas_.get());
    QVERIFY(doc_->evaluation().legal);
    QCOMPARE(list.count(), 1);
    QCOMPARE(list.item(0)->text(), QString("No problems found"));
    QVERIFY(!(list.item(0)->flags() & Qt::ItemIsSelectable));
    canvas_->setSelectedKernels({3});
    emit list.itemClicked(list.item(0));
    QCOMPARE(canvas_->selectedKernels(), std::vector<int>{3});  // the line selects nothing
    // Two kernels on one spot: the overlap is listed, and picking it selects both.
    wse::Layout layout = doc_->layout();
    layout.kernels[1].x = layout.kernels[0].x;
    layout.kernels[1].y = layout.kernels[0].y;
    doc_->setLayout(layout, "overlap");
    QVERIFY(!doc_->evaluation().legal);
    QCOMPARE(list.count(), int(doc_->evaluation().violations.size()));
    QVERIFY(list.item(0)->flags() & Qt::ItemIsSelectable);
    QVERIFY(list.item(0)->text() != "No problems found");
  }

  void unplacedKernelsMakeOneLineBesideTheRealProblems() {
    // A graph opened without a layout has every kernel unplaced while CU.POKer runs: one amber
    // line for them all, which selects them; an overlap still gets its own red line.
    ui::WseProblemList list(doc_.get(), canvas_.get());
    const wse::Layout legal = doc_->layout();
    QVERIFY(doc_->evaluation().legal);
    wse::Layout layout = legal;
    const int n = doc_->graph().kernelCount();
    for (int k = 2; k < n; ++k) layout.kernels[size_t(k)].placed = false;
    layout.kernels[1].x = layout.kernels[0].x;
    layout.kernels[1].y = layout.kernels[0].y;
    doc_->setLayout(layout, "mostly unplaced");
    int unplaced = 0;
    for (const wse::Violation& v : doc_->evaluation().violations) unplaced += v.code == "unplaced";
    QCOMPARE(unplaced, n - 2);
    QCOMPARE(list.count(), int(doc_->evaluation().violations.size()) - unplaced + 1);
    QListWidgetItem* line = nullptr;
    for (int i = 0; i < list.count(); ++i)
      if (list.item(i)->text().contains("not placed")) {
        QVERIFY2(!line, "one line for the unplaced kernels");
        line = list.item(i);
      }
    QVERIFY(line);
    QVERIFY2(line->text().startsWith(QString("%1 of %2 kernels are not placed (").arg(n - 2).arg(n)),
             qPrintable(line->text()));
    QVERIFY(line->text().contains(QString::fromStdString(doc_->graph().kernels[2].name)));
    QCOMPARE(line->foreground().color(), ui::toneColour(ui::Tone::Warning, list.palette()));
    emit list.itemClicked(line);
    std::vector<int> selected = canvas_->selectedKernels();
    std::sort(selected.begin(), selected.end());
    std::vector<int> expected(size_t(n - 2));
    std::iota(expected.begin(), expected.end(), 2);
    QCOMPARE(selected, expected);
    // One unplaced kernel: named on its own line.
    layout = legal;
    layout.kernels[3].placed = false;
    doc_->setLayout(layout, "one unplaced");
    QCOMPARE(list.count(), 1);
    QCOMPARE(list.item(0)->text(),
             QString("kernel %1 is not placed").arg(QString::fromStdString(doc_->graph().kernels[3].name)));
  }

  void caseCScoreShownIsTheEvaluators() {
    const QString solution = test::sharedData("ispd20/solutions/C_searsm8_placement.paint");
    const QString kgraph =
        test::graphWithLayout("wse_case_c", test::sharedData("ispd20/benchmarks/C.kgraph"), solution);
    studio::MainWindow window(false);
    window.resize(1200, 800);
    window.show();
    QString error;
    QVERIFY2(window.openDesign(kgraph, &error, true), qPrintable(error));
    QVERIFY(window.showingWse());
    wse::KernelGraph g = wse::readKgraph(kgraph.toStdString());
    wse::Evaluation ev = wse::evaluatePaint(g, wse::readPaint(solution.toStdString(), g));
    QVERIFY(ev.legal);
    QCOMPARE(ev.mt, 144384.0);  // the data README's figures for this solution
    QCOMPARE(ev.wl, 10213.5);
    QCOMPARE(ev.ac, 161LL);
    const ui::WseDocument* doc = window.wse()->wseDocument();
    QCOMPARE(doc->evaluation().score, ev.score);
    QCOMPARE(doc->evaluation().mt, ev.mt);
    QString shown;
    for (QLabel* l : window.statusBar()->findChildren<QLabel*>()) shown += l->text() + "\n";
    QVERIFY2(shown.contains(QStringLiteral("score %1").arg(ui::wseNumber(ev.score))), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("WL 10213.5")), qPrintable(shown));
    QVERIFY(window.windowTitle().startsWith("C.kgraph"));
  }

  void dragShowsTheScoreChangeRefusesOverlapsAndIsUndoable() {
    const int k = 5;
    const wse::Layout before = doc_->layout();
    const wse::PlacedKernel p = before.kernels[k];
    // The free place nearest the top-right corner of the fabric.
    wse::FreeSpace space(doc_->graph().width, doc_->graph().height);
    for (int i = 0; i < doc_->graph().kernelCount(); ++i)
      if (i != k) space.occupy(wse::kernelBox(doc_->graph().kernels[size_t(i)].spec, before.kernels[size_t(i)]));
    wse::Box box = wse::kernelBox(doc_->graph().kernels[k].spec, p);
    int tx = 0, ty = 0;
    QVERIFY(doc_->evaluation().bboxWidth < 200);  // the free fabric right of the layout
    QVERIFY(space.nearestFree(box.width, box.height, 200, p.y, tx, ty));
    QVERIFY(tx != p.x || ty != p.y);
    wse::Box target{tx, ty, box.width, box.height};
    canvas_->zoomToWorldRect(canvas_->scene().worldRect(box).united(canvas_->scene().worldRect(target)));
    // Grab the kernel at its corner tile and let go at the free corner's tile.
    const QPoint from = canvas_->tileCenter(p.x + 1, p.y + 1).toPoint(),
                 to = canvas_->tileCenter(tx + 1, ty + 1).toPoint();
    QCOMPARE(canvas_->kernelAt(from), k);
    QSignalSpy messages(canvas_.get(), &ui::WseCanvas::editMessage);
    pressAndMove(canvas_.get(), from, to);
    QVERIFY(!messages.isEmpty());
    const QString live = messages.last().first().toString();
    QVERIFY2(live.startsWith("score ") && live.contains(" → ") && live.contains("WL "), qPrintable(live));
    QCOMPARE(doc_->layout().kernels[k].x, p.x);  // nothing moves before the drop
    release(canvas_.get(), to);
    QCOMPARE(doc_->layout().kernels[k].x, tx);
    QCOMPARE(doc_->layout().kernels[k].y, ty);
    QVERIFY(doc_->evaluation().legal);
    QVERIFY(doc_->evaluation().wl != wse::evaluate(doc_->graph(), before).wl);
    QVERIFY2(live.contains(ui::wseNumber(doc_->evaluation().score)), qPrintable(live));  // the label told the truth
    QVERIFY(doc_->modified());
    doc_->undoStack()->undo();
    QCOMPARE(doc_->layout().kernels[k].x, p.x);
    QCOMPARE(doc_->evaluation().score, wse::evaluate(doc_->graph(), before).score);
    doc_->undoStack()->redo();
    QCOMPARE(doc_->layout().kernels[k].x, tx);
    doc_->undoStack()->undo();

    // Onto another kernel: shown red, refused on drop.
    const int other = 9;
    const wse::PlacedKernel& o = doc_->layout().kernels[other];
    ui::WseEdit onto = canvas_->previewMove(k, o.x, o.y);
    QVERIFY(!onto.allowed);
    QVERIFY2(onto.reason.contains("overlap"), qPrintable(onto.reason));
    canvas_->clearPreview();
    QVERIFY(!canvas_->dropKernel(k, o.x, o.y));
    QVERIFY(!canvas_->dropKernel(k, doc_->graph().width - 1, 0));  // out of the fabric
    QCOMPARE(doc_->undoStack()->index(), 0);
  }

  void anotherCandidateShapeChangesTimeAndMemoryAsTheLibrarySays() {
    ui::WseInspector inspector(doc_.get(), canvas_.get());
    const int k = 2;
    canvas_->setSelectedKernels({k});
    const auto& cands = inspector.candidates();
    QVERIFY(cands.size() >= 2);
    QCOMPARE(inspector.candidateTable()->rowCount(), int(cands.size()));
    const wse::KernelSpec& spec = doc_->graph().kernels[k].spec;
    const double mt = doc_->evaluation().mt;
    int pick = -1;
    for (size_t i = 0; i < cands.size(); ++i) {
      QVERIFY(cands[i].time <= mt);  // listed for the current target time
      QVERIFY(cands[i].memory <= doc_->graph().memlimit);
      wse::Perf perf = wse::kernelPerf(spec, cands[i].args);
      QCOMPARE(cands[i].time, perf.time);  // the table's figures are the library's
      QCOMPARE(cands[i].memory, perf.memory);
      if (pick < 0 && !(cands[i].args == doc_->layout().kernels[k].args)) pick = int(i);
    }
    QVERIFY(pick >= 0);
    QVERIFY(inspector.applyCandidate(pick));
    const wse::PlacedKernel& now = doc_->layout().kernels[k];
    QVERIFY(now.args == cands[size_t(pick)].args);
    wse::Perf perf = wse::kernelPerf(spec, now.args);
    QCOMPARE(perf.time, cands[size_t(pick)].time);
    QCOMPARE(perf.memory, cands[size_t(pick)].memory);
    QVERIFY(doc_->evaluation().legal);  // moved to free space when it did not fit
    QVERIFY2(inspector.html().contains(ui::wseNumber(perf.time)), qPrintable(inspector.html()));
    doc_->undoStack()->undo();
    QVERIFY(!(doc_->layout().kernels[k].args == cands[size_t(pick)].args));
    // A later target lists faster shapes only.
    inspector.setTarget(mt / 4);
    for (const auto& c : inspector.candidates()) QVERIFY(c.time <= mt / 4);
  }

  void rotateAndPinAreUndoableAndPinnedKernelsDoNotMove() {
    const int k = 4;
    const wse::PlacedKernel p = doc_->layout().kernels[k];
    QString why;
    QVERIFY2(doc_->rotate(k, &why), qPrintable(why));
    QCOMPARE(doc_->layout().kernels[k].rotated, !p.rotated);
    QVERIFY(doc_->evaluation().legal);
    doc_->undoStack()->undo();
    QCOMPARE(doc_->layout().kernels[k].rotated, p.rotated);
    doc_->setPinned({k}, true);
    QVERIFY(doc_->layout().kernels[k].pinned);
    QCOMPARE(doc_->pinnedKernels(), std::vector<int>{k});
    QVERIFY(!doc_->moveKernel(k, 0, 0, &why));
    QVERIFY2(why.contains("pinned"), qPrintable(why));
    QVERIFY(!doc_->rotate(k, &why));
    doc_->undoStack()->undo();
    QVERIFY(!doc_->layout().kernels[k].pinned);
  }

  void saveWritesALayoutTheReaderTakesBackAndAQorReport() {
    const QString path = test::outputPath("wse_saved/saved.paint");
    QDir().mkpath(test::outputPath("wse_saved"));
    QString why;
    QVERIFY(doc_->rotate(4, &why));
    QVERIFY(doc_->modified());
    QVERIFY2(doc_->saveAs(path, &why), qPrintable(why));
    QVERIFY(!doc_->modified());
    QCOMPARE(doc_->paintPath(), path);
    wse::Layout back = wse::layoutFromPaint(doc_->graph(), wse::readPaint(path.toStdString(), doc_->graph()), nullptr);
    QCOMPARE(wse::evaluate(doc_->graph(), back).score, doc_->evaluation().score);
    QVERIFY(!doc_->saveAs(test::outputPath("wse_saved/saved.txt"), &why));
    QVERIFY2(why.contains(".paint"), qPrintable(why));
    const QString qor = test::outputPath("wse_saved/qor.json");
    QVERIFY(doc_->exportQorReport(qor, &why));
    QJsonObject j = QJsonDocument::fromJson(test::readAll(qor)).object();
    QCOMPARE(j["score"].toDouble(), doc_->evaluation().score);
    QCOMPARE(j["kernels"].toArray().size(), doc_->graph().kernelCount());
  }

  void docksAreClearedWhenAnotherFileIsOpened() {
    studio::MainWindow window(false);
    window.resize(1200, 800);
    window.show();
    QString error;
    QVERIFY2(window.openDesign(test::wseSample("resnet50_coarse.kgraph"), &error, true), qPrintable(error));
    ui::WseWorkspace* wse = window.wse();
    wse->canvas()->setSelectedKernels({3});
    QCOMPARE(window.dockContent("inspectorDock"), static_cast<QWidget*>(wse->inspector()));
    QVERIFY(wse->inspector()->html().contains("k4") || wse->inspector()->html().contains("k3"));
    QCOMPARE(wse->kernelList()->tree()->topLevelItemCount(), 16);
    wse->kernelList()->setFilter("cblock");
    QVERIFY(wse->kernelList()->visibleCount() > 0 && wse->kernelList()->visibleCount() < 16);
    QVERIFY(window.logView()->toPlainText().contains("resnet50_coarse.kgraph"));

    // An AIE design: every dock shows the AIE side, the kernel graph is closed everywhere.
    QVERIFY2(window.openDesign(test::dataPath("edge_npu2.yaml"), &error, true), qPrintable(error));
    QVERIFY(!window.showingWse());
    QVERIFY(!wse->wseDocument()->isOpen());
    QCOMPARE(wse->kernelList()->tree()->topLevelItemCount(), 0);
    QVERIFY(wse->inspector()->html().contains("No kernel graph open"));
    QCOMPARE(wse->problems()->count(), 0);
    QVERIFY(wse->canvas()->selectedKernels().empty());
    for (const char* dock : {"designDock", "inspectorDock", "problemsDock", "runDock", "chartDock"}) {
      QWidget* w = window.dockContent(dock);
      QVERIFY2(w && !qobject_cast<ui::WseKernelList*>(w) && !qobject_cast<ui::WseInspector*>(w) &&
                   !qobject_cast<ui::WseProblemList*>(w),
               dock);
    }
    QVERIFY(qobject_cast<ui::DesignBrowser*>(window.dockContent("designDock")));
    QVERIFY(!window.logView()->toPlainText().contains("resnet50_coarse"));
    QVERIFY(window.logView()->toPlainText().contains("edge_npu2.yaml"));
    QVERIFY(window.windowTitle().startsWith("edge_npu2.yaml"));

    // Back to a kernel graph: the AIE design is closed in turn.
    QVERIFY2(window.openDesign(test::wseSample("resnet50_coarse.kgraph"), &error, true), qPrintable(error));
    QVERIFY(!window.document()->isOpen());
    auto* browser = qobject_cast<ui::DesignBrowser*>(window.aie()->panels().browser);
    QCOMPARE(browser->tree()->topLevelItemCount(), 0);
    QCOMPARE(window.dockContent("designDock"), static_cast<QWidget*>(wse->kernelList()));
    // Another kernel graph: its own kernels, no selection carried over.
    wse->canvas()->setSelectedKernels({1});
    QVERIFY2(window.openDesign(test::wseSample("lean_resnet50_fine.kgraph"), &error, true), qPrintable(error));
    QVERIFY(wse->canvas()->selectedKernels().empty());
    QCOMPARE(wse->kernelList()->tree()->topLevelItemCount(), wse->wseDocument()->graph().kernelCount());
    QVERIFY(!window.logView()->toPlainText().contains("resnet50_coarse"));
  }
};

TS_WIDGET_TEST(WseEditorTest)
#include "wse_editor_test.moc"
