// Pictures: PNG export of a known design has the expected colours at tile centres; the GUI's
// whole-array export and `tilestudio-cli render` agree pixel for pixel; SVG export; failed
// exports leave no file.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QtTest>
#include <cmath>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/legality.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_render.h"
#include "widgets/aie_usage.h"

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
    // The legend (what is drawn: core kinds, nets) sits under the array.
    const double footer = canvas_->scenePainter().footerHeight();
    QVERIFY(footer > 0);
    QCOMPARE(image.height(), int(std::ceil(2 * kExportMargin + dev.rows() * kPx + footer)));

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

  void linkHeatMapOfAnUnroutedPlacementShowsExpectedUse() {
    // Five nets cross the east links of (3,2) (4 links): three for sure, one with 4 of its 5
    // shortest routes, one with half of its 8: 4.3 expected streams. Before routing, the link
    // heat map draws the congestion cost's expected use; the legend says it is an estimate.
    const QString yaml = test::outputPath("hot_row_unrouted.yaml");
    {
      QFile f(yaml);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(R"(design: hot_row
device: npu2
cores:
  - {name: s0, kind: compute}
  - {name: t0, kind: compute}
  - {name: s1, kind: compute}
  - {name: t1, kind: compute}
  - {name: s2, kind: compute}
  - {name: t2, kind: compute}
  - {name: s3, kind: compute}
  - {name: t3, kind: compute}
  - {name: s4, kind: compute}
  - {name: t4, kind: compute}
nets:
  - {name: n0, source: s0, targets: [t0], bytes: 64}
  - {name: n1, source: s1, targets: [t1], bytes: 64}
  - {name: n2, source: s2, targets: [t2], bytes: 64}
  - {name: n3, source: s3, targets: [t3], bytes: 64}
  - {name: n4, source: s4, targets: [t4], bytes: 64}
placement:
  s0: [0, 2]
  t0: [4, 2]
  s1: [1, 2]
  t1: [5, 2]
  s2: [2, 2]
  t2: [6, 2]
  s3: [3, 2]
  t3: [7, 3]
  s4: [0, 3]
  t4: [7, 2]
)");
    }
    const QString png = test::outputPath("hot_row_link_heat.png");
    QFile::remove(png);
    constexpr double px = 50;
    QProcess cli;
    cli.start(TS_CLI_PATH, {"render", yaml, "--out", png, "--px-per-tile", QString::number(px), "--heat", "links",
                            "--hide", "cores,names,nets,badges,coordinates,violations,legend,grid"});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QImage image(png);
    QVERIFY(!image.isNull());
    // The east links of (3,2) are drawn from its centre to (4,2)'s, an eighth of a tile above.
    const double y = kExportMargin + (6 - 1 - 2 + 0.5) * px - 0.12 * px;
    auto linkPixel = [&](int col) { return QColor(image.pixel(int(kExportMargin + (col + 1) * px), int(y))); };
    QCOMPARE(linkPixel(3), AiePalette::heat(4.3 / 4));
    QCOMPARE(linkPixel(2), AiePalette::heat(3.375 / 4));
    // The legend's title.
    aie::LoadedDesign loaded = aie::loadDesignFile(yaml.toStdString());
    AieRender render(loaded);
    AiePainter painter;
    painter.setScene(&render.scene());
    render.scene().heat = HeatMap::Links;  // without the estimate
    QCOMPARE(painter.legendTitle(), QStringLiteral("Stream link use (route first)"));
    render.scene().setHeatMap(HeatMap::Links);
    QCOMPARE(painter.legendTitle(), QStringLiteral("Expected stream link use (estimate)"));
    QCOMPARE(render.scene().expectedLinks.size(), size_t(loaded.device.tileCount() * 4));
    render.scene().setHeatMap(HeatMap::Dma);
    QVERIFY(render.scene().expectedLinks.empty());
  }

  void bufferDescriptorHeatMapShowsTheOverusedTile() {
    // hub7_bds.yaml: the hub at (3,3) needs 24 BDs of 16, its six partners 4 each.
    QString png = test::outputPath("hub7_bd_heat.png");
    QFile::remove(png);
    QProcess cli;
    cli.start(TS_CLI_PATH, {"render", test::dataPath("hub7_bds.yaml"), "--out", png, "--px-per-tile", "30", "--heat",
                            "bds", "--hide", "cores,names,nets,badges,coordinates,violations,legend"});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QImage image(png);
    QVERIFY(!image.isNull());
    aie::Device npu2 = aie::loadDevice("npu2");
    QCOMPARE(QColor(centrePixel(image, npu2, {3, 3}, 30)), AiePalette::heat(1.5));       // over capacity
    QCOMPARE(QColor(centrePixel(image, npu2, {0, 5}, 30)), AiePalette::heat(4.0 / 16));  // a producer
    QCOMPARE(QColor(centrePixel(image, npu2, {4, 4}, 30)), AiePalette::heat(0));         // unused
  }

  void routedUsageCountsBuffersAndBdsAsTheChecker() {
    // On a routing the badges show what the routing checker counts, not the unrouted upper
    // bound (every net a stream), so a legal routing of a memory-tight design shows no warning.
    aie::LoadedDesign d = aie::loadDesignFile(std::string(TS_SOURCE_DIR) + "/samples/edge_detect.yaml");
    aie::RrGraph graph(d.device);
    aie::MilpRouterConfig cfg;
    core::RunContext ctx;
    aie::MilpRouterResult r = aie::runMilpRouter(d.design, d.device, graph, d.placement, cfg, ctx);
    QVERIFY(r.success);
    aie::RoutingUsage exact;
    QVERIFY(aie::checkRouting(d.design, d.device, graph, d.placement, r.routing, {}, &exact).empty());
    AieUsage routed = computeAieUsage(d.design, d.device, d.placement, &r.routing, &graph);
    AieUsage estimate = computeAieUsage(d.design, d.device, d.placement);
    QVERIFY(routed.memoryUsed == exact.memory);
    QVERIFY(routed.bdsUsed == exact.bds);
    QCOMPARE(routed.violationCount("memory"), 0);
    int64_t routedTotal = 0, estimateTotal = 0;
    for (size_t i = 0; i < exact.memory.size(); ++i)
      routedTotal += routed.memoryUsed[i], estimateTotal += estimate.memoryUsed[i];
    QVERIFY(routedTotal < estimateTotal);  // shared-memory nets hold one buffer set, not two
  }

  void estimateCountsNetsTakingTurnsOnce() {
    // Three shim ends on npu2_1col's one shim tile: their nets need one MM2S channel each, or
    // one for all when they take turns (Design::turns), so only then no over-use warning.
    aie::Design d = aie::parseDesignYaml(
                        "design: t\ndevice: npu2_1col\ncores:\n"
                        "  - {name: s0, kind: shim}\n  - {name: s1, kind: shim}\n  - {name: s2, kind: shim}\n"
                        "  - {name: k0}\n  - {name: k1}\n  - {name: k2}\n"
                        "nets:\n  - {name: x0, source: s0, targets: [k0], bytes: 64}\n"
                        "  - {name: x1, source: s1, targets: [k1], bytes: 64}\n"
                        "  - {name: x2, source: s2, targets: [k2], bytes: 64}\n",
                        "t.yaml")
                        .design;
    const aie::Device dev = aie::loadDevice("npu2_1col");
    aie::Placement p(d.coreCount());
    for (int k = 0; k < 3; ++k) {
      p.place(d.findCore("s" + std::to_string(k)), {0, 0});
      p.place(d.findCore("k" + std::to_string(k)), {0, 2 + k});
    }
    const int shim = dev.index({0, 0});
    AieUsage together = computeAieUsage(d, dev, p);
    QCOMPARE(together.dmaOutUsed[size_t(shim)], 3);
    QVERIFY(!together.warnings.empty());
    d.turns.push_back({{0, 1, 2}});
    AieUsage turns = computeAieUsage(d, dev, p);
    QCOMPARE(turns.dmaOutUsed[size_t(shim)], 1);
    QVERIFY(turns.warnings.empty());
    QVERIFY(turns.violations.empty());
  }

  void estimateStreamsWhatTheEngineStreams() {
    // Two memory neighbours: their net shares memory, unless it is marked streamed (an object
    // FIFO via DMA, an aie.flow), which the checker, placers and router stream: so does the
    // estimate (one DMA channel at each end, one hop).
    const std::string yaml =
        "design: n\ndevice: npu2\ncores:\n  - {name: a}\n  - {name: b}\n"
        "nets:\n  - {name: ab, source: a, targets: [b], bytes: 64}\n";
    const aie::Device dev = aie::loadDevice("npu2");
    for (bool streamed : {false, true}) {
      aie::Design d = aie::parseDesignYaml(yaml, "n.yaml").design;
      d.nets[0].streamed = streamed;
      aie::Placement p(d.coreCount());
      p.place(0, {2, 3});
      p.place(1, {2, 4});
      QCOMPARE(aie::sharedMemoryPossible(d, dev, p, 0), !streamed);
      const AieUsage u = computeAieUsage(d, dev, p);
      QCOMPARE(u.sharedMemoryNets, streamed ? 0 : 1);
      QCOMPARE(u.streamNets, streamed ? 1 : 0);
      QCOMPARE(u.dmaOutUsed[size_t(dev.index({2, 3}))], streamed ? 1 : 0);
      QCOMPARE(u.routeLength, streamed ? 1 : 0);
    }
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
    // The visible part only: same format, at the chosen tile size whatever the zoom.
    QString view = test::outputPath("edge_npu2_view.svg");
    canvas_->zoomBy(2.0, QPointF(canvas_->width() / 2.0, canvas_->height() / 2.0));
    QRectF visible = canvas_->visibleWorldRect().intersected(QRectF(0, 0, canvas_->gridColumns(), canvas_->gridRows()));
    canvas_->exportPicture(view, false, 40);
    QSvgRenderer viewSvg(view);
    QVERIFY(viewSvg.isValid());
    QCOMPARE(viewSvg.viewBoxF().size(), QSizeF(std::ceil(visible.width() * 40), std::ceil(visible.height() * 40)));
    canvas_->fitAll();
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

TS_WIDGET_TEST(RenderExportTest)
#include "render_export_test.moc"
