// The real `tilestudio` executable: --screenshot writes the window picture (with the design
// drawn in it), a bad file ends with a one-line error, and without any display the binary
// explains how to run instead of aborting.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "tests/widgets/wse_test_util.h"
#include "widgets/aie_painter.h"

using namespace ts;

class StudioAppTest : public QObject {
  Q_OBJECT

 private:
  static QProcessEnvironment offscreen() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    return env;
  }

 private slots:
  void screenshotShowsTheDesign() {
    QString out = test::outputPath("studio_window.png");
    QFile::remove(out);
    QProcess gui;
    gui.setProcessEnvironment(offscreen());
    gui.start(TS_GUI_PATH, {test::dataPath("edge_npu2.yaml"), "--screenshot", out, "--size", "1200x800"});
    QVERIFY(gui.waitForFinished(60000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    QImage shot(out);
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), QSize(1200, 800));
    // The canvas drew the cores: plenty of compute-core and memory-tile-core pixels.
    QRgb compute = ui::AiePalette::core(aie::CoreKind::Compute).rgb();
    QRgb mem = ui::AiePalette::core(aie::CoreKind::MemTile).rgb();
    QRgb computeTile = ui::AiePalette::tile(aie::TileKind::Compute).rgb();
    int nCompute = 0, nMem = 0, nTile = 0;
    for (int y = 0; y < shot.height(); ++y)
      for (int x = 0; x < shot.width(); ++x) {
        QRgb p = shot.pixel(x, y) | 0xff000000u;
        nCompute += p == compute;
        nMem += p == mem;
        nTile += p == computeTile;
      }
    QVERIFY2(nCompute > 4 * 400, qPrintable(QString::number(nCompute)));
    QVERIFY2(nMem > 2 * 300, qPrintable(QString::number(nMem)));
    QVERIFY2(nTile > 20 * 400, qPrintable(QString::number(nTile)));
  }

  // The desktop entry opens run histories (NAME.tsruns.json): the studio opens the design beside it.
  void aRunHistoryOpensItsDesign() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(test::dataPath("edge_npu2.yaml"), dir.filePath("edge.yaml")));
    QFile history(dir.filePath("edge.tsruns.json"));
    QVERIFY(history.open(QIODevice::WriteOnly));
    history.write("{\"runs\": []}\n");
    history.close();
    QString out = test::outputPath("studio_history.png");
    QFile::remove(out);
    QProcess gui;
    gui.setProcessEnvironment(offscreen());
    gui.start(TS_GUI_PATH, {history.fileName(), "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    QVERIFY(QFile::exists(out));

    QVERIFY(QFile::remove(dir.filePath("edge.yaml")));
    gui.start(TS_GUI_PATH, {history.fileName(), "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitCode(), 2);
    QVERIFY(QString::fromUtf8(gui.readAllStandardError()).contains("no design beside it"));
  }

  // MLIR-AIE's tests write NPUDEVICE for the device: --device gives it (it was parsed and then
  // ignored before), and without it the error names the placeholder.
  void deviceGivesTheDeviceOfAnMlirPlaceholder() {
    QTemporaryDir dir;
    QFile mlir(dir.filePath("placeholder.mlir"));
    QVERIFY(mlir.open(QIODevice::WriteOnly));
    mlir.write("module {\n  aie.device(NPUDEVICE) {\n    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n"
               "    aie.objectfifo @of(%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n  }\n}\n");
    mlir.close();
    const QString out = test::outputPath("studio_placeholder.png");
    QFile::remove(out);
    QProcess gui;
    gui.setProcessEnvironment(offscreen());
    gui.start(TS_GUI_PATH, {mlir.fileName(), "--device", "npu1", "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    QVERIFY(QFile::exists(out));
    QFile::remove(out);
    gui.start(TS_GUI_PATH, {mlir.fileName(), "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitCode(), 2);
    QVERIFY(QString::fromUtf8(gui.readAllStandardError()).contains("'NPUDEVICE' is a placeholder"));
    QVERIFY(!QFile::exists(out));
  }

  // A kernel graph without a .paint is first placed by CU.POKer in the background; --run starts
  // the run asked for once that has ended (it was refused unseen, and --keep kept the placement).
  void runWaitsForTheBackgroundPlacementOfAKernelGraph() {
    const QString kgraph =
        test::writeFile("studio_run", "lean.kgraph", test::readAll(test::wseSample("lean_resnet50_fine.kgraph")));
    QVERIFY(!QFile::exists(QFileInfo(kgraph).absolutePath() + "/lean.paint"));
    QString out = test::outputPath("studio_run.png");
    QFile::remove(out);
    QProcess gui;
    gui.setProcessEnvironment(offscreen());
    gui.start(TS_GUI_PATH, {kgraph, "--run", "dnc", "--keep", "--screenshot", out});
    QVERIFY(gui.waitForFinished(120000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    const QString printed = QString::fromUtf8(gui.readAllStandardOutput());
    QVERIFY2(printed.contains("Divide and conquer: finished"), qPrintable(printed));
    QVERIFY(QFile::exists(out));
  }

  void badDesignFailsWithOneLine() {
    QProcess gui;
    gui.setProcessEnvironment(offscreen());
    QString out = test::outputPath("studio_bad.png");
    QFile::remove(out);
    gui.start(TS_GUI_PATH, {test::dataPath("bad_design.yaml"), "--screenshot", out});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitCode(), 2);
    QString err = QString::fromUtf8(gui.readAllStandardError()).trimmed();
    QVERIFY2(err.contains("error: ") && err.contains("bad_design.yaml:5:"), qPrintable(err));
    QVERIFY(!QFile::exists(out));
  }

  void withoutDisplayExplainsHowToRun() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    QProcess gui;
    gui.setProcessEnvironment(env);
    gui.start(TS_GUI_PATH, {test::dataPath("edge_npu2.yaml")});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitStatus(), QProcess::NormalExit);  // no abort
    QVERIFY(gui.exitCode() != 0);
    QString err = QString::fromUtf8(gui.readAllStandardError());
    QVERIFY2(err.contains("QT_QPA_PLATFORM=offscreen") && err.contains("tilestudio-cli"), qPrintable(err));
  }
};

TS_WIDGET_TEST(StudioAppTest)
#include "studio_app_test.moc"
