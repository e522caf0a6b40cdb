// Pictures: PNG export of a known design has the expected colours at tile centres; the GUI's
// whole-array export and `tilestudio-cli render` agree pixel for pixel; SVG export; failed
// exports leave no file.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QtTest>

#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_render.h"

using namespace ts;
using namespace ts::ui;

namespace {

QString colourName(QRgb c) {
  return QColor(c).name();
}

/// Pixel at the centre of a tile in a whole-array picture drawn at `pixelsPerTile`.
QRgb centrePixel(const QImage& image, const aie::Device& dev, aie::TileCoord t, double pixelsPerTile) {
  double x = kExportMargin + (t.col + 0.5) * pixelsPerTile;
  double y = kExportMargin + (dev.rows() - 1 - t.row + 0.5) * pixelsPerTile;
  return image.pixel(int(x), int(y));
}

}  // namespace

class RenderExportTest : public QObject {
  Q_OBJECT

 private:
  AieDocument doc_;
  std::unique_ptr<AieCanvas> canvas_;
  static constexpr double kPx = 48;

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QString error;
    QVERIFY2(doc_.open(test::dataPath("edge_npu2.yaml"), &error), qPrintable(error));
    canvas_ = std::make_unique<AieCanvas>(&doc_);
    canvas_->resize(900, 700);
    canvas_->show();
    QVERIFY(QTest::qWaitForWindowExposed(canvas_.get()));
  }

  void pngHasExpectedColoursAtTileCentres() {
    QString path = test::outputPath("edge_npu2_export.png");
    QFile::remove(path);
    // Select a core first: exports must not show the selection.
    canvas_->setSelectedCores({doc_.design().findCore("filter")});
    canvas_->exportPicture(path, true, kPx);
    QImage image(path);
    QVERIFY2(!image.isNull(), qPrintable(path));
    const aie::Device& dev = doc_.device();
    QCOMPARE(image.width(), int(2 * kExportMargin + dev.columns() * kPx));
    QCOMPARE(image.height(), int(2 * kExportMargin + dev.rows() * kPx));

    const aie::Design& d = doc_.design();
    const aie::Placement& p = doc_.placement();
    int placedChecked = 0, emptyChecked = 0;
    for (int i = 0; i < dev.tileCount(); ++i) {
      aie::TileCoord t = dev.coord(i);
      std::vector<aie::CoreId> cores = p.coresAt(t);
      QColor want = cores.empty() ? AiePalette::tile(dev.kind(t), dev.shimHasDma(t.col))
                                  : AiePalette::core(d.cores[cores.front()].kind);
      QRgb got = centrePixel(image, dev, t, kPx);
      QVERIFY2(
          got == want.rgb(),
          qPrintable(QString("tile %1,%2: got %3, want %4").arg(t.col).arg(t.row).arg(colourName(got), want.name())));
      (cores.empty() ? emptyChecked : placedChecked)++;
    }
    QCOMPARE(placedChecked, 8);
    QCOMPARE(emptyChecked, dev.tileCount() - 8);
    // The colours mean what the legend says: compute cores blue, memory-tile cores purple.
    QColor compute = QColor(centrePixel(image, dev, p.tile(d.findCore("gray")), kPx));
    QVERIFY(compute.blue() > compute.red() + 60);
    QColor mem = QColor(centrePixel(image, dev, p.tile(d.findCore("mem_in")), kPx));
    QVERIFY(mem.red() > 80 && mem.blue() > mem.green() + 60);
    canvas_->clearSelection();
  }

  void movedCoreShowsUpInTheExport() {
    aie::CoreId filter = doc_.design().findCore("filter");
    aie::TileCoord from = doc_.placement().tile(filter), to{6, 4};
    QVERIFY(doc_.moveCore(filter, to));
    QImage image = canvas_->renderWhole(kPx);
    QCOMPARE(QColor(centrePixel(image, doc_.device(), to, kPx)), AiePalette::core(aie::CoreKind::Compute));
    QCOMPARE(QColor(centrePixel(image, doc_.device(), from, kPx)), AiePalette::tile(aie::TileKind::Compute));
    doc_.undoStack()->undo();
    image = canvas_->renderWhole(kPx);
    QCOMPARE(QColor(centrePixel(image, doc_.device(), from, kPx)), AiePalette::core(aie::CoreKind::Compute));
  }

  void guiRenderAndCliRenderAgree() {
    QString cliPng = test::outputPath("edge_npu2_cli.png");
    QFile::remove(cliPng);
    QProcess cli;
    cli.start(TS_CLI_PATH,
              {"render", test::dataPath("edge_npu2.yaml"), "--out", cliPng, "--px-per-tile", QString::number(kPx)});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QImage fromCli(cliPng);
    QVERIFY(!fromCli.isNull());
    QString guiPng = test::outputPath("edge_npu2_gui.png");
    canvas_->exportPicture(guiPng, true, kPx);
    QImage fromGui(guiPng);
    QCOMPARE(fromGui.size(), fromCli.size());
    QCOMPARE(test::differingPixels(fromGui, fromCli), 0);

    // Also with a heat map and some layers hidden, through the same options on both sides.
    QString cliHeat = test::outputPath("edge_npu2_cli_dma.png");
    cli.start(TS_CLI_PATH, {"render", test::dataPath("edge_npu2.yaml"), "--out", cliHeat, "--px-per-tile", "30",
                            "--heat", "dma", "--hide", "names,coordinates"});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    AieLayers layers = canvas_->layers();
    AieLayers hidden = layers;
    hidden.names = hidden.coordinates = false;
    canvas_->setLayers(hidden);
    canvas_->setHeatMap(HeatMap::Dma);
    QImage gui = canvas_->renderWhole(30);
    canvas_->setLayers(layers);
    canvas_->setHeatMap(HeatMap::None);
    QCOMPARE(test::differingPixels(gui, QImage(cliHeat)), 0);
  }

  void svgExportIsAValidDrawing() {
    QString path = test::outputPath("edge_npu2_export.svg");
    QFile::remove(path);
    canvas_->exportPicture(path, true, kPx);
    QSvgRenderer svg(path);
    QVERIFY(svg.isValid());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    QVERIFY(text.contains("filter"));  // core names are text, not pixels
    QVERIFY(text.contains(AiePalette::core(aie::CoreKind::Compute).name().toLatin1()));
    // The visible part only: same format, the widget's size.
    QString view = test::outputPath("edge_npu2_view.svg");
    canvas_->exportPicture(view, false);
    QSvgRenderer viewSvg(view);
    QVERIFY(viewSvg.isValid());
    QCOMPARE(viewSvg.viewBoxF().size(), QSizeF(canvas_->size()));
  }

  void badPictureFormatFailsAndWritesNothing() {
    QString path = test::outputPath("edge_npu2_export.bmp");
    QFile::remove(path);
    bool threw = false;
    try {
      canvas_->exportPicture(path, true, kPx);
    } catch (const std::exception& e) {
      threw = QString(e.what()).contains("expected .png or .svg");
    }
    QVERIFY(threw);
    QVERIFY(!QFile::exists(path));
  }

  void cliRenderRejectsBadInputWithOneLine() {
    QProcess cli;
    cli.start(TS_CLI_PATH, {"render", test::dataPath("bad_design.yaml"), "--out", test::outputPath("bad.png")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 2);
    QString err = QString::fromUtf8(cli.readAllStandardError()).trimmed();
    QVERIFY2(err.startsWith("error: ") && err.contains("bad_design.yaml:5:"), qPrintable(err));
    QVERIFY(!QFile::exists(test::outputPath("bad.png")));
  }
};

QTEST_MAIN(RenderExportTest)
#include "render_export_test.moc"
