// The studio window as a new user met it: a discarded document is never saved (and the
// unsaved-changes prompt defaults to Cancel), nothing of the previous document stays on screen
// when another is opened, Ctrl+Y redoes, "Place & route" shows its ampersand, manual moves are
// logged, pinned cores carry a drawn icon, and a run's result is shown with its before/after
// QoR and previewed in the status bar and design tree until kept or discarded.
#include <QApplication>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/main_window.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_workspace.h"
#include "widgets/compare/compare_controller.h"
#include "widgets/design_browser.h"
#include "widgets/history/aie_history.h"
#include "widgets/inspector_view.h"
#include "widgets/problem_list.h"
#include "widgets/qor_chart.h"
#include "widgets/run_job.h"
#include "widgets/run_panel.h"

using namespace ts;

namespace {

QByteArray hashOf(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1) : QByteArray();
}

/// Answers message boxes as they appear: with `button`, or by pressing Return (the default
/// button) when `button` is NoButton. Records what it saw.
class BoxAnswerer : public QObject {
 public:
  explicit BoxAnswerer(QMessageBox::StandardButton button) : button_(button) {
    timer_.setInterval(20);
    connect(&timer_, &QTimer::timeout, this, [this] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      ++seen;
      defaultButton = box->standardButton(box->defaultButton());
      if (button_ == QMessageBox::NoButton)
        QTest::keyClick(box, Qt::Key_Return);
      else
        box->button(button_)->click();
    });
    timer_.start();
  }
  int seen = 0;
  QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;

 private:
  QMessageBox::StandardButton button_;
  QTimer timer_;
};

/// Answers the next file dialogs: records the folder each one opens in, then chooses the file
/// `answers` gives (in order; none left: cancels).
class FileDialogAnswerer : public QObject {
 public:
  explicit FileDialogAnswerer(QStringList answers) : answers_(std::move(answers)) {
    timer_.setInterval(20);
    connect(&timer_, &QTimer::timeout, this, [this] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      folders << QFileInfo(dialog->directory().absolutePath()).canonicalFilePath();
      if (answers_.isEmpty()) return dialog->reject();
      // The typed name, as a user would give it (selectFile() changes folder asynchronously).
      auto* name = dialog->findChild<QLineEdit*>("fileNameEdit");
      if (!name) return dialog->reject();
      name->setText(answers_.takeFirst());
      // done(), not accept(): accept() may wait for the folder listing, which loads in the
      // background.
      static_cast<QDialog*>(dialog)->done(QDialog::Accepted);
    });
    timer_.start();
  }
  QStringList folders;

 private:
  QStringList answers_;
  QTimer timer_;
};

QString plainLog(studio::MainWindow& w) {
  return w.logView()->toPlainText();
}

}  // namespace

class StudioWindowTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString design_;

  /// A fresh window on a private copy of the test design with one unsaved move.
  std::unique_ptr<studio::MainWindow> editedWindow() {
    auto w = std::make_unique<studio::MainWindow>(false);
    QString error;
    if (!w->openDesign(design_, &error, true)) qFatal("%s", qPrintable(error));
    ui::AieDocument* doc = w->document();
    aie::CoreId gray = doc->design().findCore("gray");
    if (!doc->moveCore(gray, {3, 4})) qFatal("move refused");
    return w;
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    design_ = dir_.filePath("edge.yaml");
    QVERIFY(QFile::copy(test::dataPath("edge_npu2.yaml"), design_));
  }

  void importWarningsAreLogged() {
    // An MLIR file's skipped ops are in the log, as the CLI prints them on stderr.
    studio::MainWindow w(false);
    QString error;
    const QString file = QStringLiteral(TS_SHARED_DATA_DIR) + "/mlir-aie/Xilinx+mlir-aie/test/create-flows/broadcast.mlir";
    QVERIFY2(w.openDesign(file, &error, true), qPrintable(error));
    QVERIFY(!w.document()->importWarnings().empty());
    const QString log = plainLog(w);
    for (const std::string& warning : w.document()->importWarnings())
      QVERIFY2(log.contains(QString::fromStdString(warning)), qPrintable(log));
  }

  void discardedEditsAreNeverSaved() {
    const QByteArray original = hashOf(design_);
    auto w = editedWindow();
    QVERIFY(w->document()->modified());
    {
      // Open a kernel graph; at the prompt choose Discard.
      BoxAnswerer discard(QMessageBox::Discard);
      QVERIFY(w->openDesignAsked(QStringLiteral(TS_SOURCE_DIR) + "/samples/wse/resnet50_coarse.kgraph"));
      QCOMPARE(discard.seen, 1);
      QCOMPARE(discard.defaultButton, QMessageBox::Cancel);  // Return never saves
    }
    QVERIFY(w->showingWse());
    QVERIFY(!w->document()->modified());
    {
      // The next File > Open does not ask again, and pressing Return would not save anyway.
      BoxAnswerer returnKey(QMessageBox::NoButton);
      QVERIFY(w->openDesignAsked(design_));
      QCOMPARE(returnKey.seen, 0);
    }
    QCOMPARE(hashOf(design_), original);
    QVERIFY(!w->showingWse());
    QVERIFY(w->document()->placement().tile(w->document()->design().findCore("gray")) != aie::TileCoord({3, 4}));
  }

  void exportDialogsStartInTheLastExportFolder() {
    studio::MainWindow w(false);
    QString error;
    QVERIFY(w.openDesign(design_, &error, true));
    QAction* exportPlacement = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->text().startsWith("Placement (YAML")) exportPlacement = a;
    QVERIFY(exportPlacement);
    QTemporaryDir elsewhere;
    const QString out = elsewhere.filePath("chosen.placement.yaml");
    FileDialogAnswerer answer({out});
    exportPlacement->trigger();  // first export: beside the design; the user picks another folder
    QVERIFY2(QFile::exists(out), qPrintable(plainLog(w)));
    exportPlacement->trigger();  // the next export dialog opens there (cancelled)
    QCOMPARE(answer.folders.size(), 2);
    QCOMPARE(answer.folders[0], QFileInfo(dir_.path()).canonicalFilePath());
    QCOMPARE(answer.folders[1], QFileInfo(elsewhere.path()).canonicalFilePath());
  }

  void returnAtThePromptCancels() {
    const QByteArray original = hashOf(design_);
    auto w = editedWindow();
    BoxAnswerer returnKey(QMessageBox::NoButton);
    QVERIFY(!w->openDesignAsked(QStringLiteral(TS_SOURCE_DIR) + "/samples/edge_detect.yaml"));
    QCOMPARE(returnKey.seen, 1);
    QCOMPARE(hashOf(design_), original);
    QVERIFY(w->document()->modified());  // still open, still edited
    QCOMPARE(QFileInfo(w->document()->filePath()).fileName(), QString("edge.yaml"));
  }

  void anotherDocumentLeavesNothingBehind() {
    studio::MainWindow w(false);
    QString error;
    QVERIFY(w.openDesign(design_, &error, true));
    // A run (its charts, history entry and result), a selection in the inspector.
    QVERIFY(w.runPanel()->selectAlgorithm("place/sequential"));
    QVERIFY(w.runPanel()->start());
    QVERIFY(QTest::qWaitFor([&] { return w.aie()->runHistory()->history()->count() == 1; }, 30000));
    QVERIFY(w.runPanel()->hasResult());
    w.aie()->compare()->open({1});
    aie::CoreId gray = w.document()->design().findCore("gray");
    w.canvas()->setSelectedCores({gray});
    auto* inspector = w.findChild<ui::InspectorView*>();
    QVERIFY(inspector->html().contains("gray"));
    auto* charts = w.findChild<ui::QorChartPanel*>();
    charts->addSample([] {
      core::QorSample s;
      s.add("total", 1);
      return s;
    }());
    charts->flush();
    QVERIFY(!charts->terms().isEmpty());

    QVERIFY(w.openDesign(QStringLiteral(TS_SOURCE_DIR) + "/samples/edge_detect.yaml", &error, true));
    QVERIFY(!inspector->html().contains(">gray<"));
    QVERIFY(inspector->html().contains("edge_detect"));
    QVERIFY(charts->terms().isEmpty());
    QVERIFY(!w.runPanel()->hasResult());
    QVERIFY(!w.canvas()->showingSnapshot());
    QCOMPARE(w.aie()->runHistory()->history()->count(), 0);
    QVERIFY(!w.aie()->compare()->window());
    QVERIFY(!w.findChild<ui::DesignBrowser*>()->previewing());
  }

  void viewMenuSwitchesEveryAieLayer() {
    // The menu is built from AieLayers::all(): each layer the canvas draws can be switched off.
    studio::MainWindow w(false);
    auto* aie = w.findChild<ui::AieWorkspace*>();
    QVERIFY(aie && aie->layersMenu());
    std::vector<std::string> keys;
    for (const auto& [key, on] : aie->layersMenu()->layers()) keys.push_back(key);
    QCOMPARE(keys, ui::AieLayers::layerNames());
    QVERIFY(std::count(keys.begin(), keys.end(), "cascades") == 1);
    ui::AieLayers layers;
    for (const std::string& key : keys) QVERIFY2(layers.byName(key), key.c_str());
  }

  void problemsTitleCountsOnlyProblems() {
    // The dock title counts the rows a user can pick, never the "No problems found" line.
    studio::MainWindow w(false);
    QString error;
    int placeholders = 0, withProblems = 0;
    // A copy with two compute cores on one tile, so that the "Problems (N)" branch is taken.
    const QString overlap = dir_.filePath("overlap.yaml");
    {
      QFile in(design_), out(overlap);
      QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
      QByteArray text = in.readAll();
      QVERIFY(text.contains("thresh: [1, 3]"));
      out.write(text.replace("thresh: [1, 3]", "thresh: [0, 3]"));
    }
    for (const QString& design : {QStringLiteral(TS_SOURCE_DIR) + "/samples/edge_detect.yaml", design_, overlap}) {
      QVERIFY2(w.openDesign(design, &error, true), qPrintable(error));
      auto* list = w.findChild<ui::ProblemList*>();
      QVERIFY(list);
      QDockWidget* dock = nullptr;
      for (QWidget* p = list; p && !dock; p = p->parentWidget()) dock = qobject_cast<QDockWidget*>(p);
      QVERIFY(dock);
      int problems = 0;
      for (int i = 0; i < list->count(); ++i) problems += bool(list->item(i)->flags() & Qt::ItemIsSelectable);
      if (problems == 0) {
        ++placeholders;
        QCOMPARE(list->count(), 1);
        QCOMPARE(dock->windowTitle(), QStringLiteral("Problems"));
      } else {
        ++withProblems;
        QCOMPARE(dock->windowTitle(), QStringLiteral("Problems (%1)").arg(problems));
      }
    }
    QVERIFY(placeholders > 0);
    QVERIFY(withProblems > 0);
  }

  void ctrlYRedoes() {
    auto w = editedWindow();
    w->show();
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    aie::CoreId gray = w->document()->design().findCore("gray");
    QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(w->document()->placement().tile(gray) != aie::TileCoord({3, 4}));
    QTest::keyClick(w.get(), Qt::Key_Y, Qt::ControlModifier);
    QVERIFY(w->document()->placement().tile(gray) == aie::TileCoord({3, 4}));
    // Ctrl+Shift+Z redoes as well, whatever the platform's own redo key is.
    QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(w->document()->placement().tile(gray) != aie::TileCoord({3, 4}));
    QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(w->document()->placement().tile(gray) == aie::TileCoord({3, 4}));
    w->document()->discardChanges();
  }

  void placeAndRouteMenuShowsItsAmpersand() {
    studio::MainWindow w(false);
    int flows = 0;
    for (QAction* top : w.menuBar()->actions())
      if (top->menu())
        for (QAction* item : top->menu()->actions())
          if (item->menu())
            for (QAction* a : item->menu()->actions()) {
              if (!a->text().contains("route:")) continue;
              if (!a->text().startsWith("Place")) continue;
              QVERIFY2(a->text().startsWith("Place && route"), qPrintable(a->text()));  // drawn as "&"
              ++flows;
            }
    QVERIFY(flows > 0);
  }

  void manualMovesAreLoggedAndPinsDrawn() {
    auto w = editedWindow();
    QVERIFY2(plainLog(*w).contains("Move gray to (3,4)"), qPrintable(plainLog(*w)));
    QVERIFY(plainLog(*w).contains("route length est."));
    aie::CoreId gray = w->document()->design().findCore("gray");
    w->document()->setPinned({gray}, true);
    QVERIFY(plainLog(*w).contains("Pin gray"));
    auto* browser = w->findChild<ui::DesignBrowser*>();
    QTreeWidgetItem* item = browser->coreItem(gray);
    QVERIFY(item);
    QVERIFY(!item->icon(1).isNull());
    QVERIFY(!item->text(1).contains(QString::fromUtf8("\xF0\x9F\x94\x92")));  // no font glyph
    w->document()->discardChanges();
  }

  void runResultShowsBeforeAndAfterAndIsPreviewed() {
    studio::MainWindow w(false);
    QString error;
    QVERIFY(w.openDesign(design_, &error, true));
    QVERIFY(w.runPanel()->selectAlgorithm("place/sequential"));
    QVERIFY(w.runPanel()->start());
    QVERIFY(QTest::qWaitFor([&] { return w.runPanel()->hasResult(); }, 30000));
    QString result;
    for (QLabel* l : w.runPanel()->findChildren<QLabel*>())
      if (l->text().contains("before")) result = l->text();
    QVERIFY2(result.contains("after") && result.contains("route length"), qPrintable(result));
    QString status;
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
      if (l->text().startsWith("run result")) status = l->text();
    QVERIFY2(status.contains("route length"), qPrintable(status));
    auto* browser = w.findChild<ui::DesignBrowser*>();
    QVERIFY(browser->previewing());
    w.runPanel()->discardResult();
    QVERIFY(!browser->previewing());
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) QVERIFY(!l->text().startsWith("run result"));
  }
};

TS_WIDGET_TEST(StudioWindowTest)
#include "studio_window_test.moc"
