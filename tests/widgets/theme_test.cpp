// Colours on light and dark desktop themes: the chrome's status and secondary text take their
// lightness from the palette and stay readable (WCAG contrast >= 4.5 on the list and window
// backgrounds); the canvas keeps its own colours, so its picture and its legend are the same
// and readable under both; the dark style lightens the standard icons.
#include <QListWidget>
#include <QRegularExpression>
#include <QStyle>
#include <QStyleFactory>
#include <QtTest>
#include <memory>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_painter.h"
#include "widgets/compare/metrics_table.h"
#include "widgets/inspector_view.h"
#include "widgets/problem_list.h"
#include "widgets/theme.h"
#include "widgets/wse/wse_painter.h"

using namespace ts;
using namespace ts::ui;

namespace {

/// `over` (possibly translucent) composited on opaque `under`.
QColor over(const QColor& top, const QColor& under) {
  const double a = top.alphaF();
  return QColor::fromRgbF(top.redF() * a + under.redF() * (1 - a), top.greenF() * a + under.greenF() * (1 - a),
                          top.blueF() * a + under.blueF() * (1 - a));
}

QPalette lightPalette() {
  std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion"));
  return fusion->standardPalette();
}

/// Mean HSL lightness of the opaque pixels of an icon at 24 px.
double meanLightness(const QIcon& icon) {
  QImage image = icon.pixmap(24).toImage().convertToFormat(QImage::Format_ARGB32);
  double sum = 0;
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      QColor c = QColor::fromRgba(image.pixel(x, y));
      if (c.alpha() < 128) continue;
      sum += c.lightness();
      ++n;
    }
  return n ? sum / n : -1;
}

}  // namespace

class ThemeTest : public QObject {
  Q_OBJECT

 private slots:
  void contrastRatioFollowsWcag() {
    QCOMPARE(qRound(contrastRatio(Qt::black, Qt::white) * 10), 210);
    QCOMPARE(contrastRatio(QColor(0x77, 0x80, 0x8c), QColor(0x77, 0x80, 0x8c)), 1.0);
    // Dark red on a dark background is unreadable until it is lightened.
    const QColor red(0xb0, 0x1e, 0x1e), dark(0x1e, 0x1f, 0x22);
    QVERIFY(contrastRatio(red, dark) < 3);
    const QColor fixed = readableOn(red, dark);
    QVERIFY(contrastRatio(fixed, dark) >= 4.5);
    QVERIFY(qAbs(fixed.hslHue() - red.hslHue()) <= 2);
  }

  void statusAndSecondaryTextAreReadableOnBothThemes() {
    for (const QPalette& p : {lightPalette(), darkPalette()}) {
      const char* name = isDarkPalette(p) ? "dark" : "light";
      for (Tone t : {Tone::Error, Tone::Warning, Tone::Ok})
        for (auto role : {QPalette::Base, QPalette::Window})
          QVERIFY2(contrastRatio(toneColour(t, p), p.color(role)) >= 4.5, name);
      QVERIFY2(contrastRatio(mutedText(p), p.color(QPalette::Window)) >= 4.5, name);
    }
    QVERIFY(isDarkPalette(darkPalette()));
    QVERIFY(!isDarkPalette(lightPalette()));
  }

  void problemListTextIsReadableOnADarkTheme() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(600, 400), doc, canvas, &error), qPrintable(error));
    for (const QPalette& p : {lightPalette(), darkPalette()}) {
      QApplication::setPalette(p);
      ProblemList list(doc.get(), canvas.get());
      QVERIFY(list.count() > 0);
      const QColor text = list.item(0)->foreground().color();
      QVERIFY2(contrastRatio(text, list.palette().color(QPalette::Base)) >= 4.5, qPrintable(text.name()));
    }
    QApplication::setPalette(lightPalette());
  }

  void canvasAndLegendAreTheSameOnBothThemes() {
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(700, 600), doc, canvas, &error), qPrintable(error));
    canvas->setHeatMap(HeatMap::Dma);  // draws the legend box
    QApplication::setPalette(lightPalette());
    QImage light = canvas->grab().toImage();
    QApplication::setPalette(darkPalette());
    QImage dark = canvas->grab().toImage();
    QApplication::setPalette(lightPalette());
    light.save(test::outputPath("theme_canvas_light.png"));
    dark.save(test::outputPath("theme_canvas_dark.png"));
    QCOMPARE(dark, light);
    // The legend's text on its box, over the canvas background, reads on both themes; so do the
    // WSE view's labels on its background and the interconnect lines on the legend box.
    // (The box is translucent: checked over the canvas background and the darkest heat colour.)
    const QColor box = over(AiePalette::legendBackground(), AiePalette::background());
    QVERIFY(contrastRatio(AiePalette::legendText(), box) >= 4.5);
    QVERIFY(contrastRatio(AiePalette::legendText(), over(AiePalette::legendBackground(), AiePalette::heat(1.5))) >=
            4.5);
    for (auto type : {aie::Interconnect::SharedMemory, aie::Interconnect::Circuit, aie::Interconnect::Packet})
      QVERIFY2(contrastRatio(AiePalette::interconnect(type), box) >= 3, aie::toString(type));
    QVERIFY(contrastRatio(WsePalette::text(), WsePalette::background()) >= 4.5);
    // The legend box is really drawn with these colours: where the legend covers the picture
    // drawn without it, each pixel is its background colour over what was there.
    AieLayers layers = canvas->layers();
    layers.legend = false;
    canvas->setLayers(layers);
    const QImage bare = canvas->grab().toImage();
    int covered = 0;
    for (int y = 0; y < light.height(); ++y)
      for (int x = 0; x < light.width(); ++x) {
        const QColor with(light.pixel(x, y)), without(bare.pixel(x, y));
        const QColor expected = over(AiePalette::legendBackground(), without);
        covered += with != without && qAbs(with.red() - expected.red()) <= 1 &&
                   qAbs(with.green() - expected.green()) <= 1 && qAbs(with.blue() - expected.blue()) <= 1;
      }
    QVERIFY2(covered > 2000, qPrintable(QString("legend box pixels: %1").arg(covered)));
  }

  void inspectorAndCompareTableTextIsReadableOnBothThemes() {
    // The inspector's keys and notes, and a best value in the compare table (on its green),
    // read on the light and the dark palette (they were fixed greys and a pale green under the
    // dark theme's light text).
    std::unique_ptr<AieDocument> doc;
    std::unique_ptr<AieCanvas> canvas;
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(600, 400), doc, canvas, &error), qPrintable(error));
    const QRegularExpression colour("color:\\s*(#[0-9a-fA-F]{6})");
    for (const QPalette& p : {lightPalette(), darkPalette()}) {
      QApplication::setPalette(p);
      const char* name = isDarkPalette(p) ? "dark" : "light";
      InspectorView inspector(doc.get(), canvas.get());
      const QString html = inspector.html();
      int colours = 0;
      for (auto it = colour.globalMatch(html); it.hasNext(); ++colours) {
        const QColor c(it.next().captured(1));
        QVERIFY2(contrastRatio(c, p.color(QPalette::Base)) >= 4.5, qPrintable(QString("%1 on %2").arg(c.name(), name)));
      }
      QVERIFY2(colours > 0, name);
      QVERIFY2(contrastRatio(p.color(QPalette::Text), MetricsTable::bestBackground(p)) >= 4.5, name);
    }
    QApplication::setPalette(lightPalette());
  }

  void darkStyleLightensStandardIcons() {
    std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion"));
    std::unique_ptr<QStyle> dark(darkStyle());
    for (auto icon : {QStyle::SP_MediaPlay, QStyle::SP_MediaStop, QStyle::SP_ArrowBack}) {
      const double before = meanLightness(fusion->standardIcon(icon)), after = meanLightness(dark->standardIcon(icon));
      QVERIFY2(before >= 0 && before < 128, "Fusion's icon is not dark");
      QVERIFY2(after > 128, "the dark style's icon is not light");
    }
  }
};

TS_WIDGET_TEST(ThemeTest)
#include "theme_test.moc"
