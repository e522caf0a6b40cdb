#include "widgets/theme.h"

#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QProxyStyle>
#include <QStyleFactory>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

namespace ts::ui {

namespace {

double channel(double c) {
  c /= 255.0;
  return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor& c) {
  return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

/// `a` weighted `wa` against `b` weighted `wb`.
QColor mix(const QColor& a, int wa, const QColor& b, int wb) {
  auto m = [&](int x, int y) { return (x * wa + y * wb) / (wa + wb); };
  return QColor(m(a.red(), b.red()), m(a.green(), b.green()), m(a.blue(), b.blue()));
}

}  // namespace

double contrastRatio(const QColor& a, const QColor& b) {
  double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& wanted, const QColor& background, double minRatio) {
  if (contrastRatio(wanted, background) >= minRatio) return wanted;
  // Move the HSL lightness away from the background's until the contrast suffices.
  const bool darkBackground = luminance(background) < 0.18;
  QColor c = wanted.toHsl();
  for (int step = 0; step < 100; ++step) {
    int l = std::clamp(c.lightness() + (darkBackground ? 5 : -5), 0, 255);
    c = QColor::fromHsl(c.hslHue(), c.hslSaturation(), l, c.alpha());
    if (contrastRatio(c, background) >= minRatio || l == 0 || l == 255) break;
  }
  return c.toRgb();
}

bool isDarkPalette(const QPalette& palette) {
  return luminance(palette.color(QPalette::Window)) < 0.18;
}

QColor toneColour(Tone tone, const QPalette& palette) {
  const QColor wanted = tone == Tone::Error     ? QColor(0xb0, 0x1e, 0x1e)
                        : tone == Tone::Warning ? QColor(0xa8, 0x62, 0x00)
                                                : QColor(0x2e, 0x7d, 0x32);
  // Readable on the list background and on the window (labels, tooltips sit on either).
  QColor c = readableOn(wanted, palette.color(QPalette::Base));
  return readableOn(c, palette.color(QPalette::Window));
}

QColor mutedText(const QPalette& palette) {
  const QColor text = palette.color(QPalette::WindowText), window = palette.color(QPalette::Window);
  return readableOn(mix(text, 2, window, 1), window);
}

QPalette darkPalette() {
  QPalette p;
  const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
  const QColor disabled(0x80, 0x80, 0x80), highlight(0x3d, 0x7e, 0xd6);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Light, window.lighter(150));
  p.setColor(QPalette::Midlight, window.lighter(125));
  p.setColor(QPalette::Mid, window.darker(120));
  p.setColor(QPalette::Dark, window.darker(150));
  p.setColor(QPalette::Shadow, Qt::black);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

namespace {

/// Dark pixels of an icon made light (lightness mirrored, hue and alpha kept); colours stay.
QIcon lightened(const QIcon& icon) {
  QIcon out;
  for (int size : {16, 22, 24, 32, 48}) {
    QImage image = icon.pixmap(size).toImage().convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) {
        QColor c = QColor::fromRgba(image.pixel(x, y));
        if (c.alpha() == 0 || c.lightness() >= 128) continue;
        image.setPixel(x, y, QColor::fromHsl(c.hslHue(), c.hslSaturation(), 255 - c.lightness(), c.alpha()).rgba());
      }
    out.addPixmap(QPixmap::fromImage(image));
  }
  return out;
}

class DarkStyle : public QProxyStyle {
 public:
  DarkStyle() : QProxyStyle(QStyleFactory::create("Fusion")) {}
  QIcon standardIcon(StandardPixmap icon, const QStyleOption* option, const QWidget* widget) const override {
    return lightened(QProxyStyle::standardIcon(icon, option, widget));
  }
};

}  // namespace

QStyle* darkStyle() {
  return new DarkStyle;
}

void applyPalette(QtCharts::QChart* chart, const QPalette& palette) {
  const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
  const QColor grid = mix(text, 1, base, 6);
  chart->setBackgroundBrush(base);
  chart->setPlotAreaBackgroundVisible(false);
  chart->setTitleBrush(text);
  chart->legend()->setLabelColor(text);
  for (QtCharts::QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsColor(text);
    axis->setTitleBrush(text);
    axis->setLinePenColor(mutedText(palette));
    axis->setGridLineColor(grid);
  }
}

}  // namespace ts::ui
