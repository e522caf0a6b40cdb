// The AIE canvas's paint: a cached base layer (a redraw of an unchanged scene is a copy, a
// selection is drawn over the copy), layers and glyphs the painter keeps between frames (the
// picture equals a full redraw after every kind of change), core labels that keep cores apart,
// net direction and a legend before routing.
#include <QPaintEngine>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_painter.h"
#include "widgets/core_labels.h"
#include "widgets/image_export.h"
#include "widgets/keyed_layer.h"

using namespace ts;
using namespace ts::ui;

namespace {

/// A paint device that keeps the texts drawn on it (what a picture says, not how it looks).
class TextRecorder : public QPaintDevice {
 public:
  explicit TextRecorder(const QSize& size) : size_(size) {}
  QPaintEngine* paintEngine() const override { return &engine_; }
  QStringList texts() const { return engine_.texts; }

 protected:
  int metric(PaintDeviceMetric m) const override {
    switch (m) {
      case PdmWidth:
        return size_.width();
      case PdmHeight:
        return size_.height();
      case PdmDpiX:
      case PdmDpiY:
      case PdmPhysicalDpiX:
      case PdmPhysicalDpiY:
        return 96;
      case PdmDepth:
        return 32;
      case PdmDevicePixelRatio:
        return 1;
      case PdmDevicePixelRatioScaled:
        return 1 * devicePixelRatioFScale();
      default:
        return 1000;
    }
  }

 private:
  struct Engine : QPaintEngine {
    Engine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override {}
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawPath(const QPainterPath&) override {}
    void drawTextItem(const QPointF&, const QTextItem& item) override { texts << item.text(); }
    Type type() const override { return QPaintEngine::User; }
    QStringList texts;
  };
  QSize size_;
  mutable Engine engine_;
};

}  // namespace

class CanvasPaintTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void unchangedSceneIsNotRedrawn() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(800, 600), doc, canvas, &error), qPrintable(error));
    canvas->repaint();
    const int base = canvas->sceneRedraws();
    for (int i = 0; i < 5; ++i) canvas->repaint();
    QCOMPARE(canvas->sceneRedraws(), base);

    // A selection is overlay only: no base redraw, and the outline shows on screen.
    aie::CoreId c = doc->design().findCore("filter");
    QVERIFY(c >= 0);
    canvas->setSelectedCores({c});
    canvas->repaint();
    QCOMPARE(canvas->sceneRedraws(), base);
    QImage shot = canvas->grab().toImage();
    QRectF r = canvas->view().toScreen(canvas->scene().coreWorldRect(c));
    QPoint edge = QPointF(r.left() - 1, r.center().y()).toPoint();  // nets run vertically here
    bool outlined = false;
    for (int dx = -2; dx <= 2; ++dx)
      outlined = outlined || (shot.pixel(edge + QPoint(dx, 0)) | 0xff000000u) == AiePalette::selection().rgb();
    if (!outlined) shot.save(test::outputPath("selection_overlay.png"));
    QVERIFY2(outlined,
             qPrintable(QString("%1,%2 %3").arg(edge.x()).arg(edge.y()).arg(QColor(shot.pixel(edge)).name())));

    // A move changes the scene: the base is drawn again, and the core is on its new tile.
    canvas->clearSelection();
    aie::TileCoord to{3, 4};
    QVERIFY(doc->moveCore(c, to));
    canvas->repaint();
    QCOMPARE(canvas->sceneRedraws(), base + 1);
    shot = canvas->grab().toImage();
    QPointF centre = canvas->view().toScreen(canvas->scene().coreWorldRect(c).center());
    QCOMPARE(QColor(shot.pixel(centre.toPoint())).rgb(), AiePalette::core(aie::CoreKind::Compute).rgb());

    // Zooming redraws the base once.
    canvas->zoomIn();
    canvas->repaint();
    canvas->repaint();
    QCOMPARE(canvas->sceneRedraws(), base + 2);
  }

  void keyedLayerRedrawsOnlyWhatChanged() {
    KeyedLayer layer;
    int whole = 0;
    std::vector<size_t> redrawn;
    auto draw = [&](QPainter& p) {
      ++whole;
      p.fillRect(QRect(0, 0, 4, 4), Qt::red);
    };
    auto redrawParts = [&](QPainter&, const std::vector<size_t>& parts) { redrawn = parts; };
    const QSize size(8, 8);
    KeyedLayer::Key key = {7, 1, 2, 3};  // one shared entry, then three parts
    const QImage& first = layer.get(size, key, 1, draw, redrawParts);
    QCOMPARE(whole, 1);
    QCOMPARE(QColor(first.pixel(1, 1)), QColor(Qt::red));
    QCOMPARE(first.pixel(6, 6), 0u);  // the rest is transparent
    layer.get(size, key, 1, draw, redrawParts);
    QCOMPARE(whole, 1);  // same key: a copy
    key[1] = 9;
    key[3] = 9;
    layer.get(size, key, 1, draw, redrawParts);
    QCOMPARE(whole, 1);
    QCOMPARE(redrawn, (std::vector<size_t>{0, 2}));
    QCOMPARE(layer.partRedraws(), 1);
    key[0] = 8;  // the shared entry: everything again
    layer.get(size, key, 1, draw, redrawParts);
    QCOMPARE(whole, 2);
    layer.get(QSize(9, 8), key, 1, draw, redrawParts);  // a new size too
    QCOMPARE(whole, 3);
    layer.clear();
    layer.get(QSize(9, 8), key, 1, draw, redrawParts);
    QCOMPARE(whole, 4);
    QCOMPARE(layer.draws(), 4);
    QCOMPARE(KeyedLayer::bits(0.5) == KeyedLayer::bits(0.25), false);
  }

  void keptLayersMatchAFullRedraw() {
    // The painter keeps the tile layer, core glyphs and the legend between frames. After each
    // kind of scene change its picture must equal a new painter's (which draws everything).
    AieDocument doc;
    QString error;
    QVERIFY2(doc.open(test::dataPath("edge_npu2.yaml"), &error), qPrintable(error));
    AieCanvas canvas(&doc);
    AieScene scene = canvas.scene();
    QVERIFY(scene.usage);
    AieUsage usage = *scene.usage;
    aie::Placement placement = *scene.placement;
    scene.usage = &usage;
    scene.placement = &placement;
    AiePainter kept(&scene);
    WholeSceneLayout at64 = wholeSceneLayout(kept, 64, kExportMargin);
    ViewTransform view = at64.view;
    auto render = [&](const AiePainter& painter) {
      QImage image(at64.size, QImage::Format_ARGB32_Premultiplied);
      QPainter p(&image);
      painter.paintBase(p, view, QRectF(QPointF(0, 0), QSizeF(at64.size)));
      return image;
    };
    int step = 0;
    auto same = [&](const char* what) {
      ++step;
      QImage incremental = render(kept);
      AiePainter fresh(&scene);
      QImage full = render(fresh);
      if (incremental != full) {
        incremental.save(test::outputPath(QString("kept_%1.png").arg(step)));
        full.save(test::outputPath(QString("full_%1.png").arg(step)));
      }
      return incremental == full ? QString() : QString("after %1: kept layers differ from a full redraw").arg(what);
    };
    auto check = [](const QString& failure) {
      return failure.isEmpty() ? true : (qWarning("%s", qPrintable(failure)), false);
    };
    QVERIFY(check(same("the first frame")));
    QCOMPARE(kept.tileLayer().draws(), 1);

    // A core moves: the tile layer is a copy.
    const aie::CoreId c = doc.design().findCore("filter");
    QVERIFY(c >= 0);
    placement.place(c, aie::TileCoord{4, 3});
    scene.indexPlacement();
    QVERIFY(check(same("a move")));
    QCOMPARE(kept.tileLayer().draws(), 1);
    QCOMPARE(kept.tileLayer().partRedraws(), 0);

    // A tile turns bad and another gets a warning: only those tiles are drawn again.
    const aie::Device& dev = *scene.device;
    usage.tileBad[size_t(dev.index(aie::TileCoord{2, 2}))] = 1;
    usage.tileWarn[size_t(dev.index(aie::TileCoord{5, 4}))] = 1;
    QVERIFY(check(same("new violations")));
    QCOMPARE(kept.tileLayer().draws(), 1);
    QCOMPARE(kept.tileLayer().partRedraws(), 1);
    usage.tileBad[size_t(dev.index(aie::TileCoord{2, 2}))] = 0;
    QVERIFY(check(same("a violation cleared")));

    // Usage changes the badges; a heat map recolours tiles; a pin, group colours and hidden
    // coordinates change glyphs and tiles; a zoom draws everything again.
    usage.dmaInUsed[size_t(dev.index(aie::TileCoord{4, 3}))] += 1;
    usage.memoryUsed[size_t(dev.index(aie::TileCoord{4, 3}))] += 4096;
    QVERIFY(check(same("usage")));
    scene.heat = HeatMap::Memory;
    QVERIFY(check(same("a heat map")));
    placement.setPinned(c, true);
    QVERIFY(check(same("a pin")));
    scene.layers.groups = true;
    QVERIFY(check(same("group colours")));
    scene.layers.coordinates = false;
    QVERIFY(check(same("hidden coordinates")));
    const int draws = kept.tileLayer().draws();
    view.scale *= 1.25;
    QVERIFY(check(same("a zoom")));
    QCOMPARE(kept.tileLayer().draws(), draws + 1);
    // Other zooms: close in, around where tiles stop being redrawn alone, where tiles touch
    // (no gaps) and where they are single pixels.
    const int partRedraws = kept.tileLayer().partRedraws();
    for (double scale : {180.0, 47.3, 40.0, 39.0, 8.0, 3.3, 0.7}) {
      view.scale = scale;
      QVERIFY(check(same("a zoom")));
      usage.tileWarn[size_t(dev.index(aie::TileCoord{3, 2}))] ^= 1;
      usage.tileBad[size_t(dev.index(aie::TileCoord{3, 3}))] ^= 1;
      QVERIFY2(check(same("violations")), qPrintable(QString("at %1 px per tile").arg(scale)));
    }
    QVERIFY(kept.tileLayer().partRedraws() > partRedraws);
  }

  void fittedViewFollowsResizes() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(600, 400), doc, canvas, &error), qPrintable(error));
    auto fitted = [&] {
      ViewTransform want = canvas->fittedView();
      return std::abs(canvas->pixelsPerTile() - want.scale) < 1e-6 && canvas->view().offset == want.offset;
    };
    QVERIFY(fitted());
    canvas->resize(1000, 800);
    QTRY_VERIFY(fitted());
    // A view the user zoomed stays as it is...
    canvas->zoomIn();
    double zoomed = canvas->pixelsPerTile();
    canvas->resize(900, 700);
    QTest::qWait(20);
    QCOMPARE(canvas->pixelsPerTile(), zoomed);
    // ...until they fit again.
    canvas->fitAll();
    canvas->resize(700, 500);
    QTRY_VERIFY(fitted());
  }

  void picturesNameCoresOfEveryKind() {
    // The exported picture at the dialog's default tile size names compute cores, memory-tile
    // buffers and shim endpoints alike (several share a memory or shim tile).
    AieDocument doc;
    QString error;
    QVERIFY2(doc.open(QStringLiteral(TS_SOURCE_DIR) + "/samples/gemm_npu2.yaml", &error), qPrintable(error));
    AieCanvas canvas(&doc);
    canvas.resize(800, 600);
    QSize size = canvas.exportSize(true, 64);
    TextRecorder recorder(size);
    {
      QPainter p(&recorder);
      AieScene scene = canvas.exportScene();
      AiePainter painter(&scene);
      WholeSceneLayout l = wholeSceneLayout(painter, 64, kExportMargin);
      painter.paint(p, l.view, QRectF(QPointF(0, 0), QSizeF(l.size)));
    }
    const QStringList texts = recorder.texts();
    int named[3] = {0, 0, 0}, total[3] = {0, 0, 0};
    for (aie::CoreId c = 0; c < doc.design().coreCount(); ++c) {
      int kind = int(doc.design().cores[size_t(c)].kind);
      ++total[kind];
      for (const QString& label : canvas.scene().coreLabels[size_t(c)])
        if (texts.contains(label)) {
          ++named[kind];
          break;
        }
    }
    for (int kind = 0; kind < 3; ++kind) {
      QVERIFY(total[kind] > 0);
      QVERIFY2(named[kind] == total[kind],
               qPrintable(QString("kind %1: %2 of %3 named").arg(kind).arg(named[kind]).arg(total[kind])));
    }
  }

  void dragLabelIsNeverClipped() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(700, 500), doc, canvas, &error), qPrintable(error));
    aie::CoreId gray = doc->design().findCore("gray");
    const aie::Device& dev = doc->device();
    canvas->zoomBy(1.6, QPointF(350, 250));
    int checked = 0;
    for (int col = 0; col < dev.columns(); ++col)
      for (int row = 0; row < dev.rows(); ++row) {
        aie::TileCoord t{col, row};
        if (!canvas->visibleWorldRect().intersects(canvas->scene().tileWorldRect(t))) continue;
        canvas->previewDrop(gray, t);
        QRectF box = canvas->previewLabelRect();
        if (box.isEmpty()) continue;  // its own tile: no preview
        QVERIFY2(QRectF(canvas->rect()).contains(box), qPrintable(QString("tile %1,%2: %3,%4 %5x%6")
                                                                      .arg(col)
                                                                      .arg(row)
                                                                      .arg(box.x())
                                                                      .arg(box.y())
                                                                      .arg(box.width())
                                                                      .arg(box.height())));
        ++checked;
      }
    canvas->clearPreview();
    QVERIFY(checked > 10);
  }

  void labelsKeepCoresApart() {
    std::vector<std::string> names = {"t1_conv3d_2_3",    "t2_conv3d_2_3", "t1_maxpool3d_2_3", "b2_conv2d_0_3",
                                      "b3_maxpool2d_0_3", "in_shim",       "out_shim"};
    std::vector<QStringList> labels = distinctLabels(names);
    QCOMPARE(int(labels.size()), int(names.size()));
    for (size_t i = 0; i < names.size(); ++i) QCOMPARE(labels[i].front(), QString::fromStdString(names[i]));
    // Every candidate names one core only.
    QHash<QString, int> owner;
    for (size_t i = 0; i < labels.size(); ++i)
      for (const QString& l : labels[i]) {
        QVERIFY2(!owner.contains(l) || owner[l] == int(i), qPrintable(l));
        owner[l] = int(i);
      }
    // The short forms drop what all share and keep what differs.
    QVERIFY(labels[3].contains("conv2d_0_3"));
    QVERIFY(labels[3].contains("c2d_0_3"));
    QVERIFY(labels[0].contains("t1_c3d_2_3"));
    // Fitting takes the longest that fits (a little smaller if need be), and cuts in the
    // middle when none does.
    auto advance = [](const QString& t, int size) {
      return QFontMetricsF(AiePainter::font(size)).horizontalAdvance(t);
    };
    auto elide = [](const QString& t, int size, double w) {
      return QFontMetricsF(AiePainter::font(size)).elidedText(t, Qt::ElideMiddle, w);
    };
    FittedLabel all = fitLabel(labels[3], 1000, 8, 10, advance, elide);
    QCOMPARE(all.text, QString("b2_conv2d_0_3"));
    QCOMPARE(all.pixelSize, 10);
    FittedLabel smaller = fitLabel(labels[3], advance("b2_conv2d_0_3", 9) + 0.5, 8, 10, advance, elide);
    QCOMPARE(smaller.text, QString("b2_conv2d_0_3"));
    QCOMPARE(smaller.pixelSize, 9);
    FittedLabel tail = fitLabel(labels[3], advance("c2d_0_3", 10) + 0.5, 10, 10, advance, elide);
    QCOMPARE(tail.text, QString("c2d_0_3"));
    FittedLabel cut = fitLabel(labels[0], advance("t1_c3d", 10), 10, 10, advance, elide);
    QVERIFY2(cut.text.startsWith("t1") && cut.text.contains(QChar(0x2026)), qPrintable(cut.text));
  }

  void shortenedNamesKeepTheFullNameInTheTooltip() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("../../../samples/cronet_xcve2802.yaml", QSize(900, 700), doc, canvas, &error),
             qPrintable(error));
    canvas->fitAll();
    const QString name = "b3_maxpool2d_0_0";
    const aie::CoreId core = doc->design().findCore(name.toStdString());
    QVERIFY(core >= 0);
    const QRectF rect = canvas->view().toScreen(canvas->scene().coreWorldRect(core));
    // At the fitted zoom the name does not fit its core: the canvas writes a shorter one.
    QVERIFY(QFontMetricsF(AiePainter::font(10)).horizontalAdvance(name) > rect.width());
    const QPoint at = rect.center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, canvas->mapToGlobal(at));
    QApplication::sendEvent(canvas.get(), &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains("<b>" + name + "</b>"), qPrintable(QToolTip::text()));
    QToolTip::hideText();
  }

  void legendBeforeRouting() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(900, 700), doc, canvas, &error), qPrintable(error));
    QVERIFY(!doc->routing());
    QVERIFY(canvas->scenePainter().footerHeight() > 0);  // pictures reserve room for it
    AieLayers noLegend = canvas->layers();
    noLegend.legend = false;
    canvas->setLayers(noLegend);
    QCOMPARE(canvas->scenePainter().footerHeight(), 0.0);
  }

  void flylinesPointFromSourceToTarget() {
    // One net between two cores three tiles apart on a row: nothing else is drawn near it.
    QTemporaryDir dir;
    QString path = dir.filePath("two.yaml");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "design: two\ndevice: npu2\ncores:\n  - {name: src, kind: compute}\n  - {name: dst, kind: compute}\n"
        "nets:\n  - {name: n, source: src, targets: [dst], bytes: 64, depth: 2}\n"
        "placement:\n  src: [0, 3]\n  dst: [3, 3]\n");
    f.close();
    AieDocument doc;
    QString error;
    QVERIFY2(doc.open(path, &error), qPrintable(error));
    AieCanvas canvas(&doc);
    canvas.resize(900, 700);
    AieLayers onlyNets;
    for (const std::string& name : AieLayers::layerNames()) *onlyNets.byName(name) = false;
    onlyNets.nets = true;
    canvas.setLayers(onlyNets);
    QImage shot = canvas.renderVisible();
    QPointF a = canvas.view().toScreen(canvas.scene().coreWorldRect(0).center());
    QPointF b = canvas.view().toScreen(canvas.scene().coreWorldRect(1).center());
    auto inked = [&](double t) {
      QPointF at = a + (b - a) * t;
      int n = 0;
      for (int dy = -12; dy <= 12; ++dy)
        for (int dx = -12; dx <= 12; ++dx)
          n += QColor(shot.pixel((at + QPointF(dx, dy)).toPoint())) != AiePalette::background();
      return n;
    };
    // The arrowhead sits past the middle, towards the target.
    QVERIFY2(inked(0.62) > inked(0.38) + 20, qPrintable(QString("%1 vs %2").arg(inked(0.62)).arg(inked(0.38))));
    QVERIFY(inked(0.38) > 10);  // the line itself
  }
};

TS_WIDGET_TEST(CanvasPaintTest)
#include "canvas_paint_test.moc"
