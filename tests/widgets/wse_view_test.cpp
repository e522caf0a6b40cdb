// The WSE canvas and its pictures: kernels are drawn where the layout puts them in their
// type's colour with edges ending at their centres, heat colours follow time, wheel zoom keeps
// the tile under the cursor, picking and the cursor tile follow the view, the whole-fabric
// export equals `tilestudio-cli render` pixel for pixel, bad .kgraph / .paint files are one-line
// errors, and `tilestudio X.kgraph --screenshot` draws the layout.
#include <QtTest>
#include <map>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/wse_test_util.h"
#include "widgets/aie_painter.h"
#include "widgets/wse/wse_painter.h"

using namespace ts;

class WseViewTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<ui::WseDocument> doc_;
  std::unique_ptr<ui::WseCanvas> canvas_;

  QImage render() {
    QImage image(canvas_->size(), QImage::Format_ARGB32);
    canvas_->render(&image);
    return image;
  }

 private slots:
  void init() {
    QString error;
    QVERIFY2(test::openWse(test::wseSample("resnet50_coarse.kgraph"), QSize(900, 800), doc_, canvas_, &error),
             qPrintable(error));
  }
  void cleanup() {
    canvas_.reset();
    doc_.reset();
  }

  void adapterLabelsNeverCoverEachOther() {
    // Labels are kept in the order given (costliest first); one that would cover a kept one
    // is left out, touching edges are not an overlap.
    std::vector<QRectF> kept;
    QVERIFY(ui::placeApart(kept, QRectF(0, 0, 60, 14)));
    QVERIFY(!ui::placeApart(kept, QRectF(50, 5, 60, 14)));
    QVERIFY(ui::placeApart(kept, QRectF(60, 0, 60, 14)));
    QVERIFY(ui::placeApart(kept, QRectF(0, 14, 60, 14)));
    QVERIFY(!ui::placeApart(kept, QRectF(10, 3, 5, 5)));
    QCOMPARE(int(kept.size()), 3);
  }

  void canvasDrawsKernelsInTheirTypeColour() {
    QCOMPARE(doc_->layoutSource(), QStringLiteral("resnet50_coarse.paint"));
    QVERIFY(doc_->evaluation().legal);
    QImage shown = render();
    shown.save(test::outputPath("wse_canvas.png"));
    ui::WseLayers plainLayers = canvas_->layers();
    plainLayers.edges = plainLayers.names = plainLayers.rows = plainLayers.grid = false;
    canvas_->setLayers(plainLayers);
    QImage plain = render();
    const QRectF fabric = canvas_->fabricRect();
    QCOMPARE(plain.pixel(2, plain.height() / 2), ui::WsePalette::background().rgb());
    std::map<wse::KernelType, int> largest;  // the largest kernel of each type
    auto area = [&](int i) { return canvas_->kernelRect(i).width() * canvas_->kernelRect(i).height(); };
    for (int k = 0; k < doc_->graph().kernelCount(); ++k) {
      QRectF r = canvas_->kernelRect(k);
      QVERIFY2(!r.isEmpty() && fabric.adjusted(-1, -1, 1, 1).contains(r),
               doc_->graph().kernels[size_t(k)].name.c_str());
      auto type = doc_->graph().kernels[size_t(k)].spec.type;
      auto it = largest.find(type);
      if (it == largest.end() || area(k) > area(it->second)) largest[type] = k;
    }
    QCOMPARE(int(largest.size()), 2);  // dblocks and cblocks
    for (auto [type, k] : largest) {
      const QPoint centre = canvas_->kernelRect(k).center().toPoint();
      QCOMPARE(plain.pixel(centre), ui::WsePalette::kernel(type).rgb());
      QVERIFY2(!doc_->graph().succ[size_t(k)].empty() || !doc_->graph().pred[size_t(k)].empty(), "kernel has edges");
      QVERIFY2(shown.pixel(centre) != ui::WsePalette::kernel(type).rgb(), "edges meet at the centre");
    }
    // Heat by time: the critical kernel is the hottest colour.
    plainLayers.heat = ui::WseHeat::Time;
    canvas_->setLayers(plainLayers);
    const int critical = doc_->evaluation().criticalKernel;
    QCOMPARE(render().pixel(canvas_->kernelRect(critical).center().toPoint()), ui::AiePalette::heat(1.0).rgb());
  }

  void wheelZoomKeepsTheTileUnderTheCursorAndPickingFollows() {
    const int k = 3;
    const QPointF centre = canvas_->kernelRect(k).center();
    QCOMPARE(canvas_->kernelAt(centre), k);
    int x0 = 0, y0 = 0;
    QVERIFY(canvas_->tileAt(centre, &x0, &y0));
    const double before = canvas_->pixelsPerTile();
    QWheelEvent wheel(centre, canvas_->mapToGlobal(centre.toPoint()), QPoint(), QPoint(0, 480), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas_.get(), &wheel);
    QVERIFY(canvas_->pixelsPerTile() > before * 1.5);
    int x1 = 0, y1 = 0;
    QVERIFY(canvas_->tileAt(centre, &x1, &y1));
    QCOMPARE(x1, x0);
    QCOMPARE(y1, y0);
    QCOMPARE(canvas_->kernelAt(centre), k);
    // The tile's centre on screen is where picking says it is; fabric y grows upwards.
    QPointF c = canvas_->tileCenter(x0, y0);
    QVERIFY(canvas_->tileAt(c, &x1, &y1) && x1 == x0 && y1 == y0);
    QVERIFY(canvas_->tileCenter(x0, y0 + 1).y() < c.y());
    canvas_->setSelectedKernels({k});
    canvas_->zoomToSelection();
    QVERIFY(canvas_->rect().contains(canvas_->kernelRect(k).toRect()));
  }

  void rubberBandAndCtrlClickSelect() {
    QRectF a = canvas_->kernelRect(0), b = canvas_->kernelRect(1);
    test::click(canvas_.get(), a.center().toPoint());
    QCOMPARE(canvas_->selectedKernels(), std::vector<int>{0});
    test::click(canvas_.get(), b.center().toPoint(), Qt::ControlModifier);
    QCOMPARE(canvas_->selectedKernels().size(), size_t(2));
    // A band over the whole widget from outside the fabric selects every kernel.
    test::mouseDrag(canvas_.get(), QPoint(2, 2), QPoint(canvas_->width() - 2, canvas_->height() - 2));
    QCOMPARE(int(canvas_->selectedKernels().size()), doc_->graph().kernelCount());
  }

  void wholeFabricExportEqualsCliRender() {
    const QString kgraph = test::wseSample("resnet50_coarse.kgraph");
    const QString cliPng = test::outputPath("wse_cli.png"), guiPng = test::outputPath("wse_gui.png");
    QString err;
    QCOMPARE(test::runProgram(
                 TS_CLI_PATH,
                 {"render", kgraph, "--px-per-tile", "2", "--heat", "memory", "--hide", "grid,names", "--out", cliPng},
                 &err),
             0);
    ui::WseLayers layers = canvas_->layers();
    layers.heat = ui::WseHeat::Memory;
    layers.grid = layers.names = false;
    canvas_->setLayers(layers);
    canvas_->setSelectedKernels({2});  // interactive state is left out of pictures
    canvas_->exportPicture(guiPng, true, 2);
    QImage gui(guiPng), cli(cliPng);
    QVERIFY(!gui.isNull());
    QCOMPARE(gui.size(), cli.size());
    QCOMPARE(test::differingPixels(gui, cli), 0);
    const QString svg = test::outputPath("wse_export.svg");
    canvas_->exportPicture(svg, false);
    QVERIFY(test::readAll(svg).contains("k1"));  // names are text in the drawing
    // Without a layout the CLI says what to do, exit 2, no file.
    QString bare = test::writeFile("wse_bare", "bare.kgraph", test::readAll(kgraph));
    QCOMPARE(test::runProgram(TS_CLI_PATH, {"render", bare, "--out", test::outputPath("wse_bare/none.png")}, &err), 2);
    QVERIFY2(err.contains("--placement"), qPrintable(err));
    QVERIFY(!QFile::exists(test::outputPath("wse_bare/none.png")));
  }

  void badFilesAreOneLineErrorsAndKeepTheDocument() {
    QString bad = test::writeFile("wse_bad", "bad.kgraph",
                                  "(*\ntest=bad\nwidth=633\nheight=633\n*)\ninput[0] n=[8 8 8] name='x'\n"
                                  "conv[1] h=oops w=8 name='k1'\n");
    QString error;
    QVERIFY(!doc_->open(bad, &error));
    QVERIFY2(QRegularExpression("bad\\.kgraph:\\d+").match(error).hasMatch(), qPrintable(error));
    QVERIFY(!error.contains('\n'));
    QCOMPARE(QFileInfo(doc_->filePath()).fileName(), QStringLiteral("resnet50_coarse.kgraph"));
    QString copy = test::writeFile("wse_bad_paint", "resnet50_coarse.kgraph",
                                   test::readAll(test::wseSample("resnet50_coarse.kgraph")));
    test::writeFile("wse_bad_paint", "resnet50_coarse.paint", "k1 = cblock( 112 oops )\n");
    error.clear();
    QVERIFY(!doc_->open(copy, &error));
    QVERIFY2(QRegularExpression("resnet50_coarse\\.paint:\\d+").match(error).hasMatch(), qPrintable(error));
    QVERIFY(doc_->evaluation().legal);
    QVERIFY(!doc_->loadLayout(test::outputPath("wse_bad_paint/resnet50_coarse.paint"), &error));
    QCOMPARE(doc_->undoStack()->count(), 0);
    // On the command line: exit code 2 and the file and line.
    QString bad2 = test::writeFile("wse_bad", "bad_cli.kgraph", "(*\nwidth=wide\n*)\n");
    QCOMPARE(test::runProgram(TS_GUI_PATH, {bad2, "--screenshot", test::outputPath("studio_wse_bad.png")}, &error), 2);
    QVERIFY2(error.contains("error: ") && error.contains("bad_cli.kgraph:2"), qPrintable(error));
  }

  void screenshotDrawsTheLayout() {
    QString out = test::outputPath("studio_wse.png");
    QFile::remove(out);
    QString err;
    QCOMPARE(test::runProgram(TS_GUI_PATH,
                              {test::wseSample("resnet50_coarse.kgraph"), "--select", "k3", "--screenshot", out,
                               "--size", "1200x800"},
                              &err),
             0);
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
};

TS_WIDGET_TEST(WseViewTest)
#include "wse_view_test.moc"
