#include "widgets/wse/wse_painter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <functional>

#include "widgets/aie_painter.h"
#include "widgets/wse/wse_describe.h"

namespace ts::ui {

namespace {

constexpr double kLegendText = 11;

/// A small padlock in the top-right corner of `r` (pinned kernels).
void drawLock(QPainter& p, const QRectF& r) {
  const double s = std::clamp(std::min(r.width(), r.height()) * 0.3, 6.0, 14.0);
  QRectF body(r.right() - s - 2, r.top() + 2 + s * 0.45, s, s * 0.6);
  p.setPen(QPen(QColor(0x20, 0x20, 0x20), std::max(1.0, s / 7)));
  p.setBrush(Qt::NoBrush);
  p.drawArc(QRectF(body.left() + s * 0.2, body.top() - s * 0.4, s * 0.6, s * 0.8), 0, 180 * 16);
  p.setBrush(QColor(0xff, 0xd5, 0x4f));
  p.drawRect(body);
}

/// Kernel names in two sizes, measured once per paint.
struct NameFonts {
  QFont font[2] = {AiePainter::font(12, true), AiePainter::font(10, true)};
  QFontMetricsF metrics[2] = {QFontMetricsF(font[0]), QFontMetricsF(font[1])};
  double minWidth = metrics[1].averageCharWidth() * 2 + 6;
};

/// The kernel's name in its top-left corner (edges meet at the centre), when it fits.
void drawName(QPainter& p, const NameFonts& f, const QRectF& r, const QString& name) {
  if (r.width() < f.minWidth || r.height() < f.metrics[1].height() + 2) return;
  for (int i = 0; i < 2; ++i) {
    const QFontMetricsF& fm = f.metrics[i];
    if (fm.horizontalAdvance(name) + 6 > r.width() || fm.height() + 2 > r.height()) continue;
    p.setFont(f.font[i]);
    p.setPen(Qt::white);
    p.drawText(QPointF(r.left() + 3, r.top() + 1 + fm.ascent()), name);
    return;
  }
}

/// A line from a to b with an arrowhead halfway along the data flow.
void addArrow(QPainterPath& lines, QPainterPath& heads, const QPointF& a, const QPointF& b) {
  lines.moveTo(a);
  lines.lineTo(b);
  QPointF d = b - a;
  double len = std::hypot(d.x(), d.y());
  if (len < 16) return;
  QPointF u = d / len, n(-u.y(), u.x()), tip = a + d / 2 + u * 3.5;
  heads.moveTo(tip);
  heads.lineTo(tip - u * 7 + n * 3.5);
  heads.lineTo(tip - u * 7 - n * 3.5);
  heads.closeSubpath();
}

}  // namespace

QColor WsePalette::kernel(wse::KernelType type) {
  switch (type) {
    case wse::KernelType::Conv:
      return QColor(0x3b, 0x75, 0xaf);
    case wse::KernelType::DBlock:
      return QColor(0x3a, 0x92, 0x5d);
    case wse::KernelType::CBlock:
      return QColor(0xd9, 0x7a, 0x1f);
  }
  return QColor(0x80, 0x80, 0x80);
}

struct WsePainter::Frame {
  const ViewTransform& view;
  QRectF pixels;  ///< the area painted
  QRectF fabric;  ///< the fabric in pixels
  QRectF visibleWorld;
  double cell;  ///< pixels per tile
  QRectF px(const QRectF& world) const { return view.toScreen(world); }
  bool visible(const QRectF& world) const { return visibleWorld.intersects(world); }
};

QSizeF WsePainter::worldSize() const {
  if (!scene_ || !scene_->valid()) return QSizeF(1, 1);
  return QSizeF(scene_->graph().width, scene_->graph().height);
}

QColor WsePainter::fill(int k) const {
  const WseScene::KernelView& v = scene_->kernels()[size_t(k)];
  switch (scene_->layers.heat) {
    case WseHeat::Time:
      return AiePalette::heat(scene_->maxTime() > 0 ? v.time / scene_->maxTime() : 0);
    case WseHeat::Memory:
      return AiePalette::heat(scene_->maxMemory() > 0 ? v.memory / scene_->maxMemory() : 0);
    case WseHeat::None:
      break;
  }
  return WsePalette::kernel(scene_->graph().kernels[size_t(k)].spec.type);
}

void WsePainter::paint(QPainter& p, const ViewTransform& view, const QRectF& pixelRect) const {
  p.save();
  p.setClipRect(pixelRect);
  p.fillRect(pixelRect, WsePalette::background());
  if (!scene_ || !scene_->valid()) {
    p.setPen(WsePalette::mutedText());
    p.setFont(AiePainter::font(14));
    p.drawText(pixelRect, Qt::AlignCenter, QStringLiteral("Open a WSE kernel graph (File > Open)"));
    p.restore();
    return;
  }
  const QSizeF world = worldSize();
  Frame f{view, pixelRect, view.toScreen(QRectF(QPointF(0, 0), world)), view.toWorld(pixelRect), view.scale};
  p.fillRect(f.fabric, WsePalette::fabric());
  p.setRenderHint(QPainter::TextAntialiasing, true);
  if (scene_->layers.rows) paintRows(p, f);
  if (scene_->layers.grid) paintGrid(p, f, false);
  if (scene_->layers.kernels) paintKernels(p, f);
  if (scene_->layers.edges) paintEdges(p, f);
  paintOutlines(p, f);
  if (scene_->layers.rows) paintRowLabels(p, f);
  if (scene_->layers.grid) paintGrid(p, f, true);
  p.setRenderHint(QPainter::Antialiasing, false);
  p.setPen(QPen(WsePalette::fabricBorder(), 1));
  p.setBrush(Qt::NoBrush);
  p.drawRect(f.fabric.adjusted(-1, -1, 0, 0));
  if (!message_.isEmpty()) {
    QFont font = AiePainter::font(15, true);
    QFontMetricsF fm(font);
    QRectF box(0, 0, fm.horizontalAdvance(message_) + 28, fm.height() + 16);
    box.moveCenter(f.fabric.intersected(pixelRect).center());
    p.setPen(WsePalette::rowLine());
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(box, 6, 6);
    p.setFont(font);
    p.setPen(WsePalette::text());
    p.drawText(box, Qt::AlignCenter, message_);
  }
  if (scene_->layers.legend) paintLegend(p, f);
  p.restore();
}

void WsePainter::paintRows(QPainter& p, const Frame& f) const {
  const wse::KernelGraph& g = scene_->graph();
  p.setRenderHint(QPainter::Antialiasing, false);
  for (const WseScene::Row& r : scene_->rows()) {
    QRectF world = scene_->worldRect({0, r.floor, g.width, r.top - r.floor});
    if (!f.visible(world)) continue;
    QRectF band = f.px(world);
    // Dead space: the band is hatched, kernels are drawn over it.
    p.fillRect(band, QBrush(WsePalette::deadSpace(), f.cell >= 2 ? Qt::BDiagPattern : Qt::Dense6Pattern));
    p.setPen(QPen(WsePalette::rowLine(), 1, Qt::DashLine));
    p.drawLine(band.topLeft(), band.topRight());
    p.drawLine(band.bottomLeft(), band.bottomRight());
  }
}

void WsePainter::paintRowLabels(QPainter& p, const Frame& f) const {
  const wse::KernelGraph& g = scene_->graph();
  QFont font = AiePainter::font(10);
  QFontMetricsF fm(font);
  p.setFont(font);
  for (size_t i = 0; i < scene_->rows().size(); ++i) {
    const WseScene::Row& r = scene_->rows()[i];
    QRectF world = scene_->worldRect({0, r.floor, g.width, r.top - r.floor});
    QRectF band = f.px(world);
    if (!f.visible(world) || band.height() < fm.height() + 4) continue;
    QString label = QStringLiteral("row %1 · dead %2%").arg(i + 1).arg(100 * r.deadFraction, 0, 'f', 1);
    QRectF box(std::min(band.right(), f.pixels.right()) - fm.horizontalAdvance(label) - 12,
               std::max(band.top(), f.pixels.top()) + 3, fm.horizontalAdvance(label) + 8, fm.height() + 2);
    p.setPen(WsePalette::rowLine());
    p.setBrush(QColor(255, 255, 255, 225));
    p.drawRect(box);
    p.setPen(WsePalette::text());
    p.drawText(box, Qt::AlignCenter, label);
  }
}

void WsePainter::paintGrid(QPainter& p, const Frame& f, bool labels) const {
  const wse::KernelGraph& g = scene_->graph();
  p.setRenderHint(QPainter::Antialiasing, false);
  const int x0 = std::max(0, int(std::floor(f.visibleWorld.left()))),
            x1 = std::min(g.width, int(std::ceil(f.visibleWorld.right())));
  const int r0 = std::max(0, int(std::floor(f.visibleWorld.top()))),
            r1 = std::min(g.height, int(std::ceil(f.visibleWorld.bottom())));
  if (f.cell >= 6 && !labels) {  // every tile
    p.setPen(QPen(WsePalette::gridLine(), 1));
    for (int x = x0; x <= x1; ++x) {
      double px = std::round(f.view.toScreen(QPointF(x, 0)).x());
      p.drawLine(QPointF(px, std::max(f.fabric.top(), f.pixels.top())),
                 QPointF(px, std::min(f.fabric.bottom(), f.pixels.bottom())));
    }
    for (int r = r0; r <= r1; ++r) {
      double py = std::round(f.view.toScreen(QPointF(0, r)).y());
      p.drawLine(QPointF(std::max(f.fabric.left(), f.pixels.left()), py),
                 QPointF(std::min(f.fabric.right(), f.pixels.right()), py));
    }
  }
  // Coarse lines with coordinates, about 60 pixels or more apart.
  int step = 200;
  for (int s : {1, 5, 10, 50, 100})
    if (s * f.cell >= 60) {
      step = s;
      break;
    }
  QFont font = AiePainter::font(10);
  QFontMetricsF fm(font);
  p.setFont(font);
  auto label = [&](const QPointF& at, const QString& text) {
    QRectF box(at.x(), at.y() - fm.ascent() - 1, fm.horizontalAdvance(text) + 4, fm.height());
    p.fillRect(box, QColor(255, 255, 255, 200));
    p.setPen(WsePalette::mutedText());
    p.drawText(QPointF(at.x() + 2, at.y()), text);
  };
  const QRectF shown = f.fabric.intersected(f.pixels);
  for (int x = (x0 / step) * step; x <= x1; x += step) {
    double px = std::round(f.view.toScreen(QPointF(x, 0)).x());
    p.setPen(QPen(WsePalette::coarseGridLine(), 1));
    if (!labels && x > 0 && x < g.width) p.drawLine(QPointF(px, shown.top()), QPointF(px, shown.bottom()));
    if (labels && x < g.width) label(QPointF(px + 1, shown.bottom() - 3), QString::number(x));
  }
  // Fabric y grows upwards: world row r is fabric y = height - r.
  for (int y = ((g.height - r1) / step) * step; y <= g.height - r0; y += step) {
    double py = std::round(f.view.toScreen(QPointF(0, g.height - y)).y());
    p.setPen(QPen(WsePalette::coarseGridLine(), 1));
    if (!labels && y > 0 && y < g.height) p.drawLine(QPointF(shown.left(), py), QPointF(shown.right(), py));
    if (labels && y > 0 && y < g.height) label(QPointF(shown.left() + 1, py - 3), QString::number(y));
  }
}

void WsePainter::paintKernels(QPainter& p, const Frame& f) const {
  const wse::KernelGraph& g = scene_->graph();
  // Crisp fills so that colours stay exact (tests read them).
  p.setRenderHint(QPainter::Antialiasing, false);
  const NameFonts fonts;
  for (int k = 0; k < g.kernelCount(); ++k) {
    const WseScene::KernelView& v = scene_->kernels()[size_t(k)];
    if (!v.drawn) continue;
    QRectF world = scene_->worldRect(v.box);
    if (!f.visible(world)) continue;
    QRectF r = f.px(world);
    r = QRectF(QPointF(std::round(r.left()), std::round(r.top())),
               QPointF(std::round(r.right()), std::round(r.bottom())));
    if (r.width() < 1) r.setWidth(1);
    if (r.height() < 1) r.setHeight(1);
    QColor c = fill(k);
    // The same in every compared run: a pale version of its colour.
    if (scene_->kernelDimmed(k))
      c = QColor::fromRgbF(0.8 + 0.2 * c.redF(), 0.8 + 0.2 * c.greenF(), 0.8 + 0.2 * c.blueF());
    p.fillRect(r, c);
    if (r.width() >= 3 && r.height() >= 3) {
      p.setPen(QPen(c.darker(140), 1));
      p.setBrush(Qt::NoBrush);
      p.drawRect(r.adjusted(0, 0, -1, -1));
    }
    if (v.pinned) {
      if (r.width() >= 10 && r.height() >= 12) {
        p.setRenderHint(QPainter::Antialiasing, true);
        drawLock(p, r);
        p.setRenderHint(QPainter::Antialiasing, false);
      } else {
        p.fillRect(QRectF(r.left(), r.top(), std::max(2.0, r.width()), 2), QColor(0x20, 0x20, 0x20));
      }
    }
    if (scene_->layers.names) drawName(p, fonts, r, QString::fromStdString(g.kernels[size_t(k)].name));
  }
}

void WsePainter::paintEdges(QPainter& p, const Frame& f) const {
  const wse::KernelGraph& g = scene_->graph();
  const auto& ac = scene_->edgeAdapterCost();
  QPainterPath lines, heads, badLines, badHeads, selLines, selHeads;
  struct Label {
    QPointF at;
    QString text;
    int cost;
  };
  std::vector<Label> labels;
  for (size_t i = 0; i < g.kernelEdges.size(); ++i) {
    const wse::KernelEdge& e = g.kernelEdges[i];
    if (ac[i] < 0 || scene_->edgeDimmed(i)) continue;
    QRectF a = scene_->kernelWorldRect(e.src), b = scene_->kernelWorldRect(e.dst);
    if (!f.visible(a.united(b))) continue;
    QPointF pa = f.view.toScreen(a.center()), pb = f.view.toScreen(b.center());
    const bool selected = scene_->isSelected(e.src) || scene_->isSelected(e.dst);
    const bool bad = scene_->layers.adapters && ac[i] > 0;
    addArrow(selected ? selLines : bad ? badLines : lines, selected ? selHeads : bad ? badHeads : heads, pa, pb);
    if (bad && std::hypot(pb.x() - pa.x(), pb.y() - pa.y()) >= 70) {
      const auto& args = scene_->layout().kernels;
      labels.push_back({(pa + pb) / 2,
                        QStringLiteral("AC %1: %2")
                            .arg(ac[i])
                            .arg(wseAdapterMismatch(args[size_t(e.src)].args, args[size_t(e.dst)].args)),
                        ac[i]});
    }
  }
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(WsePalette::edge(), 1.3));
  p.drawPath(lines);
  p.fillPath(heads, WsePalette::edge());
  p.setPen(QPen(WsePalette::adapterMismatch(), 1.8, Qt::DashLine));
  p.drawPath(badLines);
  p.fillPath(badHeads, WsePalette::adapterMismatch());
  p.setPen(QPen(WsePalette::selection(), 2.4));
  p.drawPath(selLines);
  p.fillPath(selHeads, WsePalette::selection());
  QFont font = AiePainter::font(10);
  QFontMetricsF fm(font);
  p.setFont(font);
  // The costliest mismatches are labelled first; a label that would cover another is left out
  // (its dashed line still marks the mismatch, the kernels' tooltips name it), so that what is written
  // stays readable when many connections mismatch.
  std::stable_sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.cost > b.cost; });
  std::vector<QRectF> boxes;
  for (const Label& l : labels) {
    QRectF box(0, 0, fm.horizontalAdvance(l.text) + 8, fm.height() + 2);
    box.moveCenter(l.at);
    box.moveLeft(
        std::clamp(box.left(), f.pixels.left() + 2, std::max(f.pixels.left() + 2, f.pixels.right() - box.width() - 2)));
    if (!placeApart(boxes, box)) continue;
    p.setPen(WsePalette::adapterMismatch());
    p.setBrush(QColor(255, 255, 255, 230));
    p.drawRoundedRect(box, 3, 3);
    p.setPen(WsePalette::text());
    p.drawText(box, Qt::AlignCenter, l.text);
  }
}

void WsePainter::paintOutlines(QPainter& p, const Frame& f) const {
  p.setRenderHint(QPainter::Antialiasing, false);
  p.setBrush(Qt::NoBrush);
  auto outline = [&](int k, const QColor& c, double width) {
    QRectF world = scene_->kernelWorldRect(k);
    if (world.isEmpty() || !f.visible(world)) return;
    QRectF r = f.px(world);
    p.setPen(QPen(c, width));
    double in = width / 2;
    p.drawRect(r.width() > 2 * width && r.height() > 2 * width ? r.adjusted(in, in, -in, -in) : r);
  };
  const wse::Evaluation& ev = scene_->evaluation();
  if (scene_->layers.critical) outline(ev.criticalKernel, WsePalette::critical(), 2);
  if (scene_->layers.problems)
    for (int k = 0; k < scene_->graph().kernelCount(); ++k)
      if (scene_->kernels()[size_t(k)].problem) outline(k, WsePalette::violation(), 2);
  if (scene_->hover >= 0 && !scene_->isSelected(scene_->hover)) outline(scene_->hover, WsePalette::selection(), 1);
  for (int k = 0; k < int(scene_->selected.size()); ++k)
    if (scene_->selected[size_t(k)]) outline(k, WsePalette::selection(), 3);
}

double WsePainter::footerHeight() const {
  if (!scene_ || !scene_->valid() || !scene_->layers.legend) return 0;
  QFontMetricsF fm(AiePainter::font(kLegendText));
  return 2 * (fm.height() + 4) + 12 + 8;
}

void WsePainter::paintLegend(QPainter& p, const Frame& f) const {
  const WseScene& s = *scene_;
  QFont plain = AiePainter::font(kLegendText), bold = AiePainter::font(kLegendText, true);
  QFontMetricsF fm(plain);
  const double line = fm.height() + 4, box = 11, h = footerHeight() - 8;
  QString qor = wseQorSummary(s.evaluation());
  QString first = title_.isEmpty() ? qor : title_ + QStringLiteral(" · ") + qor;

  // Second line: swatches, each a painter call and a label.
  struct Entry {
    std::function<void(const QRectF&)> swatch;
    QString text;
    double swatchWidth = 11;
  };
  std::vector<Entry> entries;
  if (s.layers.heat == WseHeat::None) {
    int counts[3] = {0, 0, 0};
    for (const wse::Kernel& k : s.graph().kernels) ++counts[int(k.spec.type)];
    for (wse::KernelType t : {wse::KernelType::Conv, wse::KernelType::DBlock, wse::KernelType::CBlock})
      if (counts[int(t)])
        entries.push_back(
            {[&p, t](const QRectF& r) { p.fillRect(r, WsePalette::kernel(t)); },
             QStringLiteral("%1 (%2)").arg(QString::fromStdString(wse::toString(t))).arg(counts[int(t)])});
  } else {
    const bool time = s.layers.heat == WseHeat::Time;
    entries.push_back({[&p](const QRectF& r) {
                         QLinearGradient grad(r.topLeft(), r.topRight());
                         for (double v : {0.0, 0.5, 1.0}) grad.setColorAt(v, AiePalette::heat(v));
                         p.fillRect(r, grad);
                       },
                       QStringLiteral("%1 0 → 100% of the maximum (%2)")
                           .arg(time ? QStringLiteral("time") : QStringLiteral("memory"))
                           .arg(wseNumber(time ? s.maxTime() : s.maxMemory())),
                       48});
  }
  if (s.layers.edges)
    entries.push_back({[&p](const QRectF& r) {
                         p.setPen(QPen(WsePalette::edge(), 1.4));
                         p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
                       },
                       QStringLiteral("data path")});
  if (s.layers.edges && s.layers.adapters)
    entries.push_back({[&p](const QRectF& r) {
                         p.setPen(QPen(WsePalette::adapterMismatch(), 1.8, Qt::DashLine));
                         p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
                       },
                       QStringLiteral("adapter mismatch")});
  if (s.layers.critical)
    entries.push_back({[&p](const QRectF& r) {
                         p.setPen(QPen(WsePalette::critical(), 2));
                         p.setBrush(Qt::NoBrush);
                         p.drawRect(r.adjusted(1, 1, -1, -1));
                       },
                       QStringLiteral("critical (MT)")});
  entries.push_back({[&p](const QRectF& r) { drawLock(p, r.adjusted(-2, -3, 2, 3)); }, QStringLiteral("pinned")});
  if (s.layers.rows)
    entries.push_back({[&p](const QRectF& r) { p.fillRect(r, QBrush(WsePalette::deadSpace(), Qt::BDiagPattern)); },
                       QStringLiteral("dead space")});
  if (s.layers.problems && !s.evaluation().legal)
    entries.push_back({[&p](const QRectF& r) {
                         p.setPen(QPen(WsePalette::violation(), 2));
                         p.setBrush(Qt::NoBrush);
                         p.drawRect(r.adjusted(1, 1, -1, -1));
                       },
                       QStringLiteral("problem")});

  double width = QFontMetricsF(bold).horizontalAdvance(first) + 16, second = 8;
  for (const Entry& e : entries) second += e.swatchWidth + 5 + fm.horizontalAdvance(e.text) + 14;
  width = std::min(std::max(width, second), f.pixels.width() - 16);
  // Under the fabric when there is room (pictures reserve it), else over its bottom-left corner.
  double top = f.fabric.bottom() + 8 + h <= f.pixels.bottom() ? f.fabric.bottom() + 8 : f.pixels.bottom() - h - 8;
  double left = std::max(f.pixels.left() + 8, f.fabric.left());
  QRectF frame(left, top, width, h);
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setPen(QColor(0xa0, 0xa8, 0xb4));
  p.setBrush(QColor(255, 255, 255, 230));
  p.drawRoundedRect(frame, 4, 4);
  p.setFont(bold);
  p.setPen(s.evaluation().legal ? WsePalette::text() : WsePalette::violation());
  p.drawText(QRectF(frame.left() + 8, frame.top() + 5, width - 16, line), Qt::AlignLeft | Qt::AlignVCenter,
             QFontMetricsF(bold).elidedText(first, Qt::ElideRight, width - 16));
  double x = frame.left() + 8, y = frame.top() + 6 + line;
  p.setFont(plain);
  for (const Entry& e : entries) {
    QRectF sw(x, y + (line - box) / 2, e.swatchWidth, box);
    p.save();
    e.swatch(sw);
    p.restore();
    p.setPen(WsePalette::text());
    p.drawText(QPointF(x + e.swatchWidth + 5, y + (line + fm.ascent() - fm.descent()) / 2), e.text);
    x += e.swatchWidth + 5 + fm.horizontalAdvance(e.text) + 14;
  }
}

bool placeApart(std::vector<QRectF>& placed, const QRectF& box) {
  for (const QRectF& r : placed)
    if (r.intersects(box)) return false;
  placed.push_back(box);
  return true;
}

}  // namespace ts::ui
