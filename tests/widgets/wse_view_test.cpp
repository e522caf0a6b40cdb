// The studio's WSE view: kernels are drawn where the layout puts them in their type's colour
// with edges ending at their centres, the main window switches between the AIE canvas and the
// WSE view, bad .kgraph / .paint files are reported without a dialog and keep what was open,
// a .kgraph without a .paint is placed by CU.POKer, and `tilestudio X.kgraph --screenshot`
// draws the layout.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <QtTest>
#include <map>

#include "app/gui/main_window.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_document.h"
#include "widgets/wse_canvas.h"
#include "widgets/wse_solution.h"

using namespace ts;

namespace {

QString sample(const QString& name) {
  return QStringLiteral(TS_SOURCE_DIR) + "/samples/wse/" + name;
}

/// Writes `text` to a file under the test output folder (sub-folder `dir`) and returns its path.
QString writeFile(const QString& dir, const QString& name, const QByteArray& text) {
  QString folder = test::outputPath(dir);
  QDir().mkpath(folder);
  QFile f(folder + "/" + name);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(f.fileName()));
  f.write(text);
  return f.fileName();
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QImage render(ui::WseCanvas& canvas) {
  QImage image(canvas.size(), QImage::Format_ARGB32);
  canvas.render(&image);
  return image;
}

}  // namespace

class WseViewTest : public QObject {
  Q_OBJECT

 private:
  /// Closes any modal dialog the window opens (tests must never block on one) and remembers it.
  bool sawDialog_ = false;
  QTimer dialogWatch_;

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);  // the window's icons live in ts_widgets' resources
    dialogWatch_.setInterval(50);
    connect(&dialogWatch_, &QTimer::timeout, this, [this] {
      if (QWidget* w = QApplication::activeModalWidget()) {
        sawDialog_ = true;
        w->close();
      }
    });
    dialogWatch_.start();
  }

  void canvasDrawsKernelsInTheirTypeColour() {
    auto s = std::make_shared<ui::WseSolution>(ui::loadWseSolution(sample("resnet50_coarse.kgraph"), {}, 5));
    QCOMPARE(s->layoutSource, QStringLiteral("resnet50_coarse.paint"));
    QVERIFY(s->evaluation.legal);
    ui::WseCanvas canvas;
    canvas.resize(900, 800);
    canvas.setSolution(s);
    QImage shown = render(canvas);
    shown.save(test::outputPath("wse_canvas.png"));
    canvas.setShowEdges(false);
    QImage plain = render(canvas);

    // Outside the fabric: background; every placed kernel is inside the fabric.
    const QRectF fabric = canvas.fabricRect();
    const QRgb background = ui::WsePalette::background().rgb();
    QCOMPARE(plain.pixel(2, plain.height() / 2), background);
    QCOMPARE(plain.pixel(int(fabric.right()) + 4, int(fabric.center().y())), background);
    QCOMPARE(shown.pixel(int(fabric.right()) + 4, int(fabric.center().y())), background);

    // The largest kernel of each type (its name sits in a corner, far from the centre).
    std::map<wse::KernelType, int> largest;
    for (int k = 0; k < s->graph.kernelCount(); ++k) {
      QRectF r = canvas.kernelRect(k);
      QVERIFY2(!r.isEmpty() && fabric.contains(r), s->graph.kernels[size_t(k)].name.c_str());
      auto type = s->graph.kernels[size_t(k)].spec.type;
      auto it = largest.find(type);
      auto area = [&](int i) { return canvas.kernelRect(i).width() * canvas.kernelRect(i).height(); };
      if (it == largest.end() || area(k) > area(it->second)) largest[type] = k;
    }
    QCOMPARE(int(largest.size()), 2);  // dblocks and cblocks
    for (auto [type, k] : largest) {
      const QPoint centre = canvas.kernelRect(k).center().toPoint();
      const QRgb fill = ui::WsePalette::kernel(type).rgb();
      QVERIFY2(plain.pixel(centre) == fill, s->graph.kernels[size_t(k)].name.c_str());
      // Data edges run between centres, so with edges shown the centre is covered.
      QVERIFY2(!s->graph.succ[size_t(k)].empty() || !s->graph.pred[size_t(k)].empty(), "kernel has edges");
      QVERIFY2(shown.pixel(centre) != fill, s->graph.kernels[size_t(k)].name.c_str());
    }
    // A dblock is not drawn in the cblock colour and vice versa (the colours tell types apart).
    QVERIFY(ui::WsePalette::kernel(wse::KernelType::DBlock) != ui::WsePalette::kernel(wse::KernelType::CBlock));
  }

  void kgraphWithoutPaintIsPlaced() {
    // resnet75_coarse has no .paint beside it: CU.POKer places it within the time limit.
    QString kgraph = writeFile("wse_unplaced", "r75.kgraph", readAll(sample("resnet75_coarse.kgraph")));
    QVERIFY(ui::sidePaintPath(kgraph).isEmpty());
    ui::WseSolution s = ui::loadWseSolution(kgraph, {}, 20);
    QVERIFY2(s.layoutSource.startsWith("CU.POKer"), qPrintable(s.layoutSource));
    QVERIFY2(s.evaluation.legal, qPrintable(ui::wseQorSummary(s.evaluation)));
    QCOMPARE(s.layout.placedCount(), s.graph.kernelCount());
  }

  void windowSwitchesViewsAndKeepsDocumentsOnBadInput() {
    studio::MainWindow window(false);
    window.resize(1200, 800);
    window.show();
    QString error;
    QVERIFY2(window.openDesign(test::dataPath("edge_npu2.yaml"), &error, true), qPrintable(error));
    QVERIFY(!window.showingWse());

    // A malformed graph: one-line error with file and line, the AIE design stays.
    QString badGraph = writeFile("wse_bad", "bad.kgraph",
                                 "(*\ntest=bad\nwidth=633\nheight=633\n*)\n"
                                 "input[0] n=[8 8 8] name='x'\nconv[1] h=oops w=8 name='k1'\n");
    error.clear();
    QVERIFY(!window.openDesign(badGraph, &error, true));
    QVERIFY2(QRegularExpression("bad\\.kgraph:\\d+").match(error).hasMatch(), qPrintable(error));
    QVERIFY(!error.contains('\n'));
    QVERIFY(!window.showingWse());
    QVERIFY(window.document()->isOpen());
    QCOMPARE(QFileInfo(window.document()->filePath()).fileName(), QStringLiteral("edge_npu2.yaml"));

    // A good graph with its .paint: the WSE view, the evaluator's QoR in the window.
    QVERIFY2(window.openDesign(sample("resnet50_coarse.kgraph"), &error, true), qPrintable(error));
    QVERIFY(window.showingWse());
    const ui::WseSolution* shown = window.wseCanvas()->solution();
    QVERIFY(shown);
    QCOMPARE(shown->graph.kernelCount(), 16);
    QVERIFY(window.wseCanvas()->isVisible());
    QVERIFY(!window.canvas()->isVisible());
    QVERIFY(window.windowTitle().startsWith("resnet50_coarse.kgraph"));

    // A malformed .paint beside a good graph: error, the previous WSE layout stays.
    QString copy = writeFile("wse_bad_paint", "resnet50_coarse.kgraph", readAll(sample("resnet50_coarse.kgraph")));
    writeFile("wse_bad_paint", "resnet50_coarse.paint", "k1 = cblock( 112 oops )\n");
    error.clear();
    QVERIFY(!window.openDesign(copy, &error, true));
    QVERIFY2(QRegularExpression("resnet50_coarse\\.paint:\\d+").match(error).hasMatch(), qPrintable(error));
    QVERIFY(window.showingWse());
    QCOMPARE(window.wseCanvas()->solution(), shown);

    // Opening an AIE design switches back.
    QVERIFY2(window.openDesign(test::dataPath("edge_npu2.yaml"), &error, true), qPrintable(error));
    QVERIFY(!window.showingWse());
    QVERIFY(window.canvas()->isVisible());
    QVERIFY(!sawDialog_);
  }

  void screenshotDrawsTheLayout() {
    QString out = test::outputPath("studio_wse.png");
    QFile::remove(out);
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    gui.setProcessEnvironment(env);
    gui.start(TS_GUI_PATH, {sample("resnet50_coarse.kgraph"), "--screenshot", out, "--size", "1200x800"});
    QVERIFY(gui.waitForFinished(60000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    QImage shot(out);
    QCOMPARE(shot.size(), QSize(1200, 800));
    int dblock = 0, cblock = 0;
    const QRgb d = ui::WsePalette::kernel(wse::KernelType::DBlock).rgb();
    const QRgb c = ui::WsePalette::kernel(wse::KernelType::CBlock).rgb();
    for (int y = 0; y < shot.height(); ++y)
      for (int x = 0; x < shot.width(); ++x) {
        QRgb p = shot.pixel(x, y) | 0xff000000u;
        dblock += p == d;
        cblock += p == c;
      }
    QVERIFY2(dblock > 2000 && cblock > 1000, qPrintable(QString("%1 %2").arg(dblock).arg(cblock)));
  }

  void badKgraphOnCommandLineFailsWithOneLine() {
    QString bad = writeFile("wse_bad", "bad_cli.kgraph", "(*\nwidth=wide\n*)\n");
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    gui.setProcessEnvironment(env);
    gui.start(TS_GUI_PATH, {bad, "--screenshot", test::outputPath("studio_wse_bad.png")});
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitCode(), 2);
    QString err = QString::fromUtf8(gui.readAllStandardError()).trimmed();
    QVERIFY2(err.contains("error: ") && err.contains("bad_cli.kgraph:2"), qPrintable(err));
  }
};

QTEST_MAIN(WseViewTest)
#include "wse_view_test.moc"
