#include "widgets/aie_painter.h"

#include <QFontMetricsF>
#include <QHash>
#include <QLinearGradient>
#include <QPaintEngine>
#include <QPainterPath>
#include <QPixmap>
#include <QStaticText>
#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/aie_cascade_layer.h"
#include "widgets/aie_memory_use_layer.h"
#include "widgets/core_labels.h"

namespace ts::ui {

using aie::CoreId;
using aie::TileCoord;

QColor AiePalette::tile(aie::TileKind kind, bool hasDma) {
  switch (kind) {
    case aie::TileKind::Compute:
      return QColor(0xcf, 0xe0, 0xf3);
    case aie::TileKind::Mem:
      return QColor(0xe2, 0xd9, 0xf3);
    case aie::TileKind::Shim:
      return hasDma ? QColor(0xf1, 0xe3, 0xc4) : QColor(0xe0, 0xe0, 0xe0);
  }
  return Qt::white;
}

QColor AiePalette::core(aie::CoreKind kind) {
  switch (kind) {
    case aie::CoreKind::Compute:
      return QColor(0x2f, 0x6d, 0xb5);
    case aie::CoreKind::MemTile:
      return QColor(0x6a, 0x4f, 0xb3);
    case aie::CoreKind::Shim:
      return QColor(0xb0, 0x7a, 0x1e);
  }
  return Qt::gray;
}

QColor AiePalette::group(int index) {
  // Successive hues 137.5 degrees apart stay distinct for a dozen groups; alternate the
  // value so that neighbours in hue differ in brightness too.
  return QColor::fromHsv(int(std::lround(index * 137.508)) % 360, 170, index % 2 ? 170 : 215);
}

QColor AiePalette::interconnect(aie::Interconnect type) {
  switch (type) {
    case aie::Interconnect::SharedMemory:
      return QColor(0x2e, 0x9e, 0x44);
    case aie::Interconnect::Circuit:
      return QColor(0x1f, 0x5f, 0xd1);
    case aie::Interconnect::Packet:
      return QColor(0xd9, 0x48, 0x0f);
    case aie::Interconnect::IntraTile:
      return QColor(0x8e, 0x44, 0xad);
  }
  return Qt::black;
}

QColor AiePalette::heat(double u) {
  if (u > 1.0) return QColor(0x8b, 0x00, 0x00);
  u = std::clamp(u, 0.0, 1.0);
  // Piecewise linear through three stops.
  QColor a(0xe6, 0xf4, 0xe4), b(0xff, 0xd8, 0x5c), c(0xe5, 0x39, 0x35);
  QColor from = u < 0.5 ? a : b, to = u < 0.5 ? b : c;
  double t = u < 0.5 ? u / 0.5 : (u - 0.5) / 0.5;
  return QColor(int(from.red() + (to.red() - from.red()) * t), int(from.green() + (to.green() - from.green()) * t),
                int(from.blue() + (to.blue() - from.blue()) * t));
}

namespace {

/// Fonts and their metrics by pixel size: building them per glyph cost more than drawing.
/// Texts drawn before are kept laid out (QStaticText) with their width: shaping the same core
/// names and coordinates again on every redraw was most of the text cost.
struct TextStyle {
  QFont font;
  QFontMetricsF metrics;
  struct Laid {
    QStaticText text;
    double width = 0;
  };
  mutable QHash<QString, Laid> laid;

  const Laid& layout(const QString& s) const {
    auto it = laid.find(s);
    if (it != laid.end()) return *it;
    if (laid.size() > 50000) laid.clear();
    Laid l;
    l.text = QStaticText(s);
    l.text.setTextFormat(Qt::PlainText);
    l.text.setPerformanceHint(QStaticText::AggressiveCaching);
    l.text.prepare(QTransform(), font);
    l.width = metrics.horizontalAdvance(s);
    return *laid.insert(s, l);
  }
  double width(const QString& s) const { return layout(s).width; }
  /// `s` cut in the middle to `w` pixels (remembered per text and width).
  QString elide(const QString& s, double w) const {
    QString key = s + QChar(0) + QString::number(int(w * 4));
    auto it = elided.find(key);
    if (it != elided.end()) return *it;
    if (elided.size() > 50000) elided.clear();
    return *elided.insert(key, metrics.elidedText(s, Qt::ElideMiddle, w));
  }
  mutable QHash<QString, QString> elided;
  /// Draws `s` with its baseline's left end at `baseline`.
  void draw(QPainter& p, const QPointF& baseline, const QString& s) const {
    if (p.font() != font) p.setFont(font);
    p.drawStaticText(QPointF(baseline.x(), baseline.y() - metrics.ascent()), layout(s).text);
  }
};

const TextStyle& textStyle(int pixelSize) {
  thread_local std::map<int, TextStyle> cache;
  auto it = cache.find(pixelSize);
  if (it == cache.end()) {
    QFont f = AiePainter::font(pixelSize);
    it = cache.emplace(pixelSize, TextStyle{f, QFontMetricsF(f), {}, {}}).first;
  }
  return it->second;
}

/// True when `p` paints pixels 1:1 (screen, PNG): there, whole-pixel rectangles take Qt's
/// solid-fill path, while fractional ones go through its general rasteriser (about four times
/// the cost for CRONet's tiles). Vector pictures (SVG) keep exact coordinates.
bool pixelExact(const QPainter& p) {
  return p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster && p.transform().isIdentity() &&
         p.device() && p.device()->devicePixelRatioF() == 1.0;
}

/// `r` rounded to the pixels it covers without antialiasing.
QRect wholePixels(const QRectF& r) {
  return QRect(QPoint(qRound(r.left()), qRound(r.top())), QPoint(qRound(r.right()) - 1, qRound(r.bottom()) - 1));
}

/// A filled rectangle with a 1 px outline; on pixel-exact devices in whole pixels.
void drawBox(QPainter& p, const QRectF& r, const QColor& fill, const QColor& outline) {
  if (!pixelExact(p) || p.testRenderHint(QPainter::Antialiasing)) {
    p.setPen(QPen(outline, 1.0));
    p.setBrush(fill);
    p.drawRect(r);
    return;
  }
  const QRect box = wholePixels(r);
  if (box.width() < 1 || box.height() < 1) return;
  p.fillRect(box, fill);
  p.setPen(QPen(outline, 0));  // cosmetic: exactly one pixel
  p.setBrush(Qt::NoBrush);
  p.drawRect(box.adjusted(0, 0, -1, -1));
}

}  // namespace

QFont AiePainter::font(double pixelSize, bool bold) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setPixelSize(std::max(1, int(std::lround(pixelSize))));
  f.setBold(bold);
  f.setHintingPreference(QFont::PreferNoHinting);
  return f;
}

// Everything that depends on the view, computed once per paint.
struct AiePainter::Frame {
  ViewTransform view;
  QRectF pixels;
  Detail detail;
  double cell;                         // pixels per tile
  int colMin, colMax, rowMin, rowMax;  // visible device tiles (inclusive)
  const AieScene* s;

  QRectF px(const QRectF& world) const { return view.toScreen(world); }
  QPointF tileCentre(TileCoord t) const { return view.toScreen(QPointF(t.col + 0.5, s->displayRow(t.row) + 0.5)); }
  bool visible(TileCoord t) const { return t.col >= colMin && t.col <= colMax && t.row >= rowMin && t.row <= rowMax; }
};

QSizeF AiePainter::worldSize() const {
  if (!scene_ || !scene_->device) return QSizeF(1, 1);
  return QSizeF(scene_->device->columns(), scene_->device->rows());
}

bool AiePainter::makeFrame(const ViewTransform& view, const QRectF& pixelRect, Frame* f) const {
  if (!scene_ || !scene_->valid()) return false;
  const aie::Device& dev = *scene_->device;
  *f = Frame{view, pixelRect, view.detail(), view.scale, 0, 0, 0, 0, scene_};
  QRectF w = view.toWorld(pixelRect);
  f->colMin = std::max(0, int(std::floor(w.left())));
  f->colMax = std::min(dev.columns() - 1, int(std::floor(w.right())));
  int dTop = std::max(0, int(std::floor(w.top())));
  int dBottom = std::min(dev.rows() - 1, int(std::floor(w.bottom())));
  f->rowMin = dev.rows() - 1 - dBottom;
  f->rowMax = dev.rows() - 1 - dTop;
  return true;
}

void AiePainter::paint(QPainter& p, const ViewTransform& view, const QRectF& pixelRect) const {
  paintBase(p, view, pixelRect);
  paintOverlay(p, view, pixelRect);
}

void AiePainter::paintBase(QPainter& p, const ViewTransform& view, const QRectF& pixelRect) const {
  p.save();
  p.setClipRect(pixelRect);
  Frame f;
  if (!makeFrame(view, pixelRect, &f)) {
    p.fillRect(pixelRect, AiePalette::background());
    p.setPen(QColor(0x70, 0x70, 0x70));
    p.setFont(font(14));
    p.drawText(pixelRect, Qt::AlignCenter, QStringLiteral("Open a design (File > Open)"));
    p.restore();
    return;
  }
  p.setRenderHint(QPainter::Antialiasing, f.detail >= Detail::Grid);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  if (scene_->layers.tiles && pixelExact(p) && pixelRect.topLeft() == QPointF(0, 0)) {
    // The tiles change far less often than cores and nets: keep their layer and copy it, and
    // redraw only the tiles whose look changed (violations and heat follow the placement).
    size_t firstTile = 0;
    const KeyedLayer::Key key = tileLayerKey(f, &firstTile);
    // Tiles are redrawn alone only when the gaps between them are wider than half a violation
    // border (from 40 px per tile); closer, a border reaches into the neighbour's pixels.
    if (f.cell < 40 || f.detail < Detail::Grid) firstTile = key.size();
    auto drawAll = [&](QPainter& q) {
      q.setRenderHints(p.renderHints());
      q.fillRect(pixelRect.toAlignedRect(), AiePalette::background());
      paintTiles(q, f);
    };
    auto redrawTiles = [&](QPainter& q, const std::vector<size_t>& parts) {
      q.setRenderHints(p.renderHints());
      std::vector<char> only(size_t(scene_->device->tileCount()), 0);
      QRegion cells;
      const int columns = f.colMax - f.colMin + 1;
      for (size_t part : parts) {
        const TileCoord t{f.colMin + int(part) % columns, f.rowMin + int(part) / columns};
        only[size_t(scene_->device->index(t))] = 1;
        cells += wholePixels(f.px(scene_->tileWorldRect(t)));
      }
      q.setClipRegion(cells);
      q.fillRect(pixelRect.toAlignedRect(), AiePalette::background());
      paintTiles(q, f, &only);
    };
    const QImage& layer = tileLayer_.get(pixelRect.size().toSize(), key, firstTile, drawAll, redrawTiles);
    p.save();
    p.setCompositionMode(QPainter::CompositionMode_Source);  // the layer is opaque: a plain copy
    p.drawImage(QPointF(0, 0), layer);
    p.restore();
  } else {
    p.fillRect(pixelRect, AiePalette::background());
    if (scene_->layers.tiles) paintTiles(p, f);
  }
  if (scene_->heat == HeatMap::Links) paintLinkHeat(p, f);
  bool routed = scene_->routing && scene_->graph;
  // The link heat map is itself the picture of the routes; drawing both hides the heat.
  if (routed && scene_->layers.routes && scene_->heat != HeatMap::Links) paintRoutes(p, f, false);
  if ((!routed || !scene_->layers.routes) && scene_->layers.nets) paintFlylines(p, f, false);
  if (scene_->layers.cores) paintCores(p, f);
  if (scene_->layers.cascades) paintCascades(p, *scene_, f.view);
  if (scene_->layers.memoryUses) paintMemoryUses(p, *scene_, f.view);
  if (scene_->layers.badges && f.detail == Detail::Glyphs && f.cell >= 40) paintBadges(p, f);
  paintLegend(p, f);
  p.restore();
}

void AiePainter::dropCaches() const {
  tileLayer_.clear();
  glyphMemo_.clear();
  legendMemo_ = LegendMemo{};
}

void AiePainter::paintOverlay(QPainter& p, const ViewTransform& view, const QRectF& pixelRect) const {
  Frame f;
  if (!makeFrame(view, pixelRect, &f)) return;
  p.save();
  p.setClipRect(pixelRect);
  p.setRenderHint(QPainter::Antialiasing, f.detail >= Detail::Grid);
  const QPoint st = scene_->selectedTile;
  if (st.x() >= 0 && scene_->device->contains(TileCoord{st.x(), st.y()})) {
    p.setPen(QPen(AiePalette::selection(), std::max(2.0, f.cell * 0.05)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(f.px(scene_->tileWorldRect(TileCoord{st.x(), st.y()})));
  }
  // Nets of the selection go over everything so they can be followed.
  if (std::find(scene_->highlightedNets.begin(), scene_->highlightedNets.end(), 1) != scene_->highlightedNets.end()) {
    bool routed = scene_->routing && scene_->graph && scene_->layers.routes;
    if (routed)
      paintRoutes(p, f, true);
    else
      paintFlylines(p, f, true);
  }
  if (scene_->layers.cores) paintCoreOutlines(p, f);
  p.restore();
}

bool AiePainter::highlighted(aie::NetId n) const {
  return n < int(scene_->highlightedNets.size()) && scene_->highlightedNets[size_t(n)];
}

double AiePainter::heatValue(int ti) const {
  const AieUsage* u = scene_->usage;
  if (!u || ti >= int(u->memoryUsed.size())) return 0;
  const aie::Device& dev = *scene_->device;
  const aie::TileResources& res = dev.resources(dev.coord(ti));
  if (scene_->heat == HeatMap::Memory)
    return res.memoryBytes > 0 ? double(u->memoryUsed[ti]) / double(res.memoryBytes) : 0;
  if (scene_->heat == HeatMap::Bds)
    return res.bufferDescriptors > 0 ? double(u->bdsUsed[ti]) / res.bufferDescriptors : (u->bdsUsed[ti] ? 2.0 : 0.0);
  double in = res.dmaIn > 0 ? double(u->dmaInUsed[ti]) / res.dmaIn : (u->dmaInUsed[ti] ? 2.0 : 0.0);
  double out = res.dmaOut > 0 ? double(u->dmaOutUsed[ti]) / res.dmaOut : (u->dmaOutUsed[ti] ? 2.0 : 0.0);
  return std::max(in, out);
}

AiePainter::TileLook AiePainter::tileLook(TileCoord t) const {
  const aie::Device& dev = *scene_->device;
  const int ti = dev.index(t);
  const aie::TileKind kind = dev.kind(t);
  TileLook look;
  look.fill = AiePalette::tile(kind, kind != aie::TileKind::Shim || dev.shimHasDma(t.col));
  if (scene_->heat == HeatMap::Dma || scene_->heat == HeatMap::Memory || scene_->heat == HeatMap::Bds) {
    const aie::TileResources& res = dev.resources(t);
    bool applicable = scene_->heat == HeatMap::Memory ? res.memoryBytes > 0
                      : scene_->heat == HeatMap::Bds  ? res.bufferDescriptors > 0
                                                      : res.dmaIn + res.dmaOut > 0;
    if (applicable) look.fill = AiePalette::heat(heatValue(ti));
  }
  const AieUsage* u = scene_->usage;
  look.bad = scene_->layers.violations && u && ti < int(u->tileBad.size()) && u->tileBad[ti];
  look.warn = !look.bad && scene_->layers.violations && u && ti < int(u->tileWarn.size()) && u->tileWarn[ti];
  return look;
}

KeyedLayer::Key AiePainter::tileLayerKey(const Frame& f, size_t* firstTile) const {
  const AieLayers& l = scene_->layers;
  KeyedLayer::Key key = {
      KeyedLayer::bits(f.view.scale),
      KeyedLayer::bits(f.view.offset.x()),
      KeyedLayer::bits(f.view.offset.y()),
      KeyedLayer::bits(f.pixels.width()),
      KeyedLayer::bits(f.pixels.height()),
      quint64(scene_->device->columns()) << 32 | quint64(scene_->device->rows()),
      quint64(f.colMin) << 48 | quint64(f.colMax) << 32 | quint64(f.rowMin) << 16 | quint64(f.rowMax),
      quint64(l.grid) | quint64(l.coordinates) << 1 | quint64(l.violations) << 2,
      AiePalette::background().rgba()};
  *firstTile = key.size();
  for (int row = f.rowMin; row <= f.rowMax; ++row)
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileLook look = tileLook(TileCoord{col, row});
      key.push_back(quint64(look.fill.rgba()) << 2 | quint64(look.bad) << 1 | quint64(look.warn));
    }
  return key;
}

void AiePainter::paintTiles(QPainter& p, const Frame& f, const std::vector<char>* only) const {
  const bool gaps = f.detail >= Detail::Grid;
  const double inset = gaps ? 0.04 : 0.0;
  const TextStyle& coordStyle = textStyle(int(std::lround(std::clamp(f.cell * 0.12, 7.0, 11.0))));
  if (scene_->layers.coordinates) p.setFont(coordStyle.font);
  bool coords = scene_->layers.coordinates && f.detail == Detail::Glyphs && f.cell >= 30;
  // Axis-aligned rectangles need no antialiasing (crisp edges, a third of the cost of a frame).
  const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::Antialiasing, false);
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      if (only && !(*only)[size_t(scene_->device->index(t))]) continue;
      const TileLook look = tileLook(t);
      QRectF r = f.px(scene_->tileWorldRect(t).adjusted(inset, inset, -inset, -inset));
      if (scene_->layers.grid && f.detail >= Detail::Borders && !look.bad && !look.warn) {
        drawBox(p, r, look.fill, look.fill.darker(125));
      } else if (scene_->layers.grid && f.detail >= Detail::Borders) {
        p.setPen(QPen(look.bad ? AiePalette::violation() : AiePalette::warning(), std::max(2.0, f.cell * 0.04),
                      look.warn ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(look.fill);
        p.drawRect(r);
      } else if (pixelExact(p)) {
        p.fillRect(wholePixels(r), look.fill);  // tiles that touch share no pixel
      } else {
        p.fillRect(r, look.fill);
      }
      if (coords) {
        p.setPen(QColor(0x55, 0x5f, 0x6d));
        coordStyle.draw(p, QPointF(r.left() + 3, r.top() + 1 + coordStyle.metrics.ascent()),
                        QString::number(col) + "," + QString::number(row));
      }
    }
  }
  p.setRenderHint(QPainter::Antialiasing, antialiased);
}

void AiePainter::paintTileBadges(QPainter& p, const QRectF& r, int ti, double sq, int bdTextPx) const {
  const AieUsage* u = scene_->usage;
  const aie::Device& dev = *scene_->device;
  const aie::TileResources& res = dev.resources(dev.coord(ti));
  // DMA channels: S2MM squares bottom-left, MM2S squares bottom-right; filled = in use.
  auto squares = [&](int cap, int used, bool leftSide) {
    int n = std::max(cap, used);
    double side = std::min(sq, (r.width() * 0.45 - 3) / std::max(1, n) - 1.5);
    if (side < 2) return;
    for (int i = 0; i < n; ++i) {
      double x = leftSide ? r.left() + 3 + i * (side + 1.5) : r.right() - 3 - side - i * (side + 1.5);
      QRectF b(x, r.bottom() - 3 - side, side, side);
      bool over = i >= cap;
      QColor ink = over ? AiePalette::violation() : QColor(0x40, 0x48, 0x55);
      drawBox(p, b, i < used ? ink : QColor(255, 255, 255, 200), ink);
    }
  };
  squares(res.dmaIn, u->dmaInUsed[ti], true);
  squares(res.dmaOut, u->dmaOutUsed[ti], false);
  // Memory: a thin bar on the right edge, filled from the bottom.
  if (res.memoryBytes > 0) {
    double frac = double(u->memoryUsed[ti]) / double(res.memoryBytes);
    QRectF bar(r.right() - 3 - sq * 0.7, r.top() + 3, sq * 0.7, r.height() - 9 - sq);
    drawBox(p, bar, QColor(255, 255, 255, 200), QColor(0x40, 0x48, 0x55));
    double h = bar.height() * std::min(1.0, frac);
    QRectF level(bar.left() + 1, bar.bottom() - h, bar.width() - 1, h);
    QColor levelColour = frac > 1.0 ? AiePalette::violation() : AiePalette::heat(frac).darker(115);
    if (pixelExact(p))
      p.fillRect(wholePixels(level), levelColour);
    else
      p.fillRect(level, levelColour);
  }
  // Buffer descriptors: "BD used/capacity" between the DMA squares, red when over.
  if (bdTextPx > 0 && res.bufferDescriptors > 0 && u->bdsUsed[ti] > 0) {
    const bool over = u->bdsUsed[ti] > res.bufferDescriptors;
    p.save();
    p.setFont(font(bdTextPx));
    p.setPen(over ? AiePalette::violation() : QColor(0x40, 0x48, 0x55));
    p.drawText(QRectF(r.left(), r.bottom() - 2 - bdTextPx - 2, r.width(), bdTextPx + 2),
               Qt::AlignHCenter | Qt::AlignBottom,
               QStringLiteral("BD %1/%2").arg(u->bdsUsed[ti]).arg(res.bufferDescriptors));
    p.restore();
  }
}

void AiePainter::paintBadges(QPainter& p, const Frame& f) const {
  const AieUsage* u = scene_->usage;
  if (!u) return;
  const aie::Device& dev = *scene_->device;
  const double sq = std::clamp(f.cell * 0.065, 3.0, 9.0);
  const int bdTextPx = f.cell >= 56 ? int(std::clamp(f.cell * 0.09, 8.0, 11.0)) : 0;
  p.setRenderHint(QPainter::Antialiasing, false);
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      int ti = dev.index(t);
      // Only tiles in use carry badges, so an empty array stays quiet.
      if (u->dmaInUsed[ti] == 0 && u->dmaOutUsed[ti] == 0 && u->memoryUsed[ti] == 0) continue;
      paintTileBadges(p, f.px(scene_->tileWorldRect(t).adjusted(0.04, 0.04, -0.04, -0.04)), ti, sq, bdTextPx);
    }
  }
  p.setRenderHint(QPainter::Antialiasing, true);
}

namespace {

/// A filled arrowhead with its tip at `tip`, pointing along `dir` (legend).
void addArrowhead(QPainterPath& path, const QPointF& tip, const QPointF& dir, double size) {
  double len = std::hypot(dir.x(), dir.y());
  if (len < 1e-9) return;
  QPointF u = dir / len, n(-u.y(), u.x());
  QPointF back = tip - u * size;
  path.moveTo(tip);
  path.lineTo(back + n * (size * 0.5));
  path.lineTo(back - n * (size * 0.5));
  path.closeSubpath();
}

/// An open arrowhead (a chevron of two lines) with its tip at `tip`, pointing along `dir`: it
/// joins the lines' batch, where filling hundreds of small triangles cost as much as the lines.
void addChevron(QVector<QLineF>& lines, const QPointF& tip, const QPointF& dir, double size) {
  double len = std::hypot(dir.x(), dir.y());
  if (len < 1e-9) return;
  QPointF u = dir / len, n(-u.y(), u.x());
  QPointF back = tip - u * size;
  lines.append(QLineF(tip, back + n * (size * 0.55)));
  lines.append(QLineF(tip, back - n * (size * 0.55)));
}

/// A flyline from `a` to `b`: a slight bow, different per net, keeps nets between the same
/// tiles apart. The bow is a quadratic curve cut into a few straight pieces: Qt strokes a batch
/// of lines one by one (fast), while stroking one path of hundreds of crossing curves builds and
/// fills their whole outline (about ten times slower on CRONet). With `arrow` > 0 an arrowhead
/// past the middle shows the direction.
void addFlyline(QVector<QLineF>& lines, const QPointF& a, const QPointF& b, int net, double cell, double arrow) {
  QPointF d = b - a;
  double len = std::hypot(d.x(), d.y());
  if (len < 1) return;
  double bow = ((net % 5) - 2) * 0.06 * cell;
  QPointF mid = (a + b) / 2 + QPointF(-d.y() / len, d.x() / len) * bow;
  auto at = [&](double t) { return (1 - t) * (1 - t) * a + 2 * (1 - t) * t * mid + t * t * b; };
  const int pieces = bow == 0 ? 1 : std::clamp(int(len / 24), 2, 8);
  QPointF from = a;
  for (int i = 1; i <= pieces; ++i) {
    QPointF to = at(double(i) / pieces);
    lines.append(QLineF(from, to));
    from = to;
  }
  if (arrow > 0 && len > 3 * arrow) {
    const double t = 0.62;
    QPointF tangent = 2 * (1 - t) * (mid - a) + 2 * t * (b - mid);
    addChevron(lines, at(t), tangent, arrow);
  }
}

}  // namespace

void AiePainter::paintFlylines(QPainter& p, const Frame& f, bool hi) const {
  const aie::Design& d = *scene_->design;
  const aie::Placement& pl = *scene_->placement;
  // Up to 60 px per tile plain flylines are 1 px wide: Qt draws those with its fast cosmetic
  // line stroker (wider ones are filled polygons, three times the cost on CRONet).
  const double width = hi            ? std::clamp(f.cell * 0.045, 1.5, 3.5)
                       : f.cell < 60 ? 1.0
                                     : std::clamp(f.cell * 0.025, 1.0, 2.5);
  const double arrow = f.detail >= Detail::Grid ? std::clamp(f.cell * 0.14, 5.0, 11.0) : 0;
  const QRectF visible = f.pixels.adjusted(-2, -2, 2, 2);
  auto centre = [&](CoreId c) { return f.view.toScreen(scene_->coreWorldRect(c).center()); };
  // One batch of lines (arrowheads included) per colour.
  QVector<QLineF> lines;
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    if ((hi && !highlighted(n)) || scene_->netDimmed(n)) continue;
    const aie::Net& net = d.nets[n];
    if (!pl.placed(net.source)) continue;
    QPointF a = centre(net.source);
    for (CoreId t : net.targets) {
      if (!pl.placed(t)) continue;
      QPointF b = centre(t);
      if (!visible.intersects(QRectF(a, b).normalized().adjusted(-f.cell, -f.cell, f.cell, f.cell))) continue;
      addFlyline(lines, a, b, n, f.cell, arrow);
    }
  }
  QColor colour = hi ? AiePalette::highlight() : AiePalette::flyline();
  // Flat caps: round ones turn every line into a curved outline (three times slower).
  p.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
  p.drawLines(lines);
}

void AiePainter::paintRoutes(QPainter& p, const Frame& f, bool hi) const {
  const aie::Routing& routing = *scene_->routing;
  const aie::RrGraph& g = *scene_->graph;
  const double width = std::clamp(f.cell * 0.035, 1.0, 3.0) * (hi ? 2 : 1);
  const double lane = f.cell * 0.035;
  const double arrow = f.detail == Detail::Glyphs ? std::clamp(f.cell * 0.1, 4.0, 9.0) : 0;
  // One batch of lines per interconnect type (see addFlyline for why not one path).
  constexpr int kTypes = 4;
  QVector<QLineF> lines[kTypes], heads[kTypes];
  for (aie::NetId n = 0; n < int(routing.nets.size()); ++n) {
    const aie::NetRoute& r = routing.nets[n];
    if (!r.routed || (hi && !highlighted(n)) || scene_->netDimmed(n)) continue;
    int type = int(r.type);
    double offset = ((n % 7) - 3) * lane;
    for (int e : r.edges) {
      if (e < 0 || e >= g.edgeCount()) continue;
      const aie::RrEdge& edge = g.edge(e);
      TileCoord a = g.node(edge.from).tile, b = g.node(edge.to).tile;
      if (a == b) continue;
      if (edge.kind != aie::RrEdgeKind::Link && edge.kind != aie::RrEdgeKind::SharedWrite &&
          edge.kind != aie::RrEdgeKind::SharedRead)
        continue;
      if (!f.visible(a) && !f.visible(b)) continue;
      QPointF pa = f.tileCentre(a), pb = f.tileCentre(b);
      QPointF dir = pb - pa;
      double len = std::hypot(dir.x(), dir.y());
      QPointF normal = len > 0 ? QPointF(-dir.y() / len, dir.x() / len) * offset : QPointF();
      lines[type].append(QLineF(pa + normal, pb + normal));
      // Data flows from `from` to `to`: an arrowhead a little past the middle of the hop.
      if (arrow > 0) addChevron(heads[type], pa + normal + dir * 0.62, dir, arrow);
    }
  }
  for (int type = 0; type < kTypes; ++type) {
    if (lines[type].isEmpty()) continue;
    QColor c = AiePalette::interconnect(aie::Interconnect(type));
    QPen pen(c, width);
    if (aie::Interconnect(type) == aie::Interconnect::SharedMemory) pen.setStyle(Qt::DashLine);
    p.setPen(pen);
    p.drawLines(lines[type]);
    p.setPen(QPen(c, width, Qt::SolidLine, Qt::FlatCap));  // arrowheads never dashed
    p.drawLines(heads[type]);
  }
}

void AiePainter::paintLinkHeat(QPainter& p, const Frame& f) const {
  const AieUsage* u = scene_->usage;
  const bool routed = u && u->routed;
  if (!routed && scene_->expectedLinks.empty()) return;
  // Expected use spreads thin tails over every box: below a twentieth of a stream is not drawn.
  const double least = routed ? 1 : 0.05;
  const aie::Device& dev = *scene_->device;
  const double width = std::clamp(f.cell * 0.09, 2.0, 10.0);
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      for (int d = 0; d < 4; ++d) {
        int cap = dev.linkCapacity(t, aie::Direction(d));
        if (cap <= 0) continue;
        const size_t slot = size_t(dev.index(t)) * 4 + size_t(d);
        const double used = routed ? double(u->linkUsed[slot]) : scene_->expectedLinks[slot];
        if (used < least) continue;
        TileCoord n = dev.neighbour(t, aie::Direction(d));
        // The two directions of one channel are drawn side by side.
        QPointF side = (d == 0 || d == 1) ? QPointF(d == 0 ? -1 : 1, 0) : QPointF(0, d == 2 ? -1 : 1);
        QPointF off = side * (f.cell * 0.12);
        p.setPen(QPen(AiePalette::heat(used / cap), width, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(f.tileCentre(t) + off, f.tileCentre(n) + off);
      }
    }
  }
}

void AiePainter::drawPadlock(QPainter& p, const QRectF& r, const QColor& colour) {
  const double s = std::min(r.width(), r.height() / 1.05);
  QRectF body(r.center().x() - s / 2, r.bottom() - s * 0.6, s, s * 0.6);
  p.save();
  p.setPen(QPen(colour, std::max(1.0, s * 0.14)));
  p.setBrush(Qt::NoBrush);
  p.drawArc(QRectF(body.left() + s * 0.2, body.top() - s * 0.45, s * 0.6, s * 0.8), 0, 180 * 16);
  p.setPen(Qt::NoPen);
  p.setBrush(colour);
  p.drawRect(body);
  p.restore();
}

namespace {

void paintGlyphBody(QPainter& p, const QRectF& r, const QColor& fill) {
  double radius = std::min(r.width(), r.height()) * 0.12;
  p.setPen(QPen(fill.darker(140), 1));
  p.setBrush(fill);
  p.drawRoundedRect(r, radius, radius);
}

/// A whole glyph: body, name (already fitted) and, with `lock` > 0, the padlock of a pinned core.
void paintGlyph(QPainter& p, const QRectF& r, const QColor& fill, const FittedLabel& label, double lock) {
  paintGlyphBody(p, r, fill);
  if (!label.text.isEmpty()) {
    const TextStyle& style = textStyle(label.pixelSize);
    p.setPen(Qt::white);
    style.draw(p, QPointF(r.left() + 2.5, r.top() + 1 + style.metrics.ascent()), label.text);
  }
  if (lock > 0) AiePainter::drawPadlock(p, QRectF(r.right() - lock - 2, r.top() + 2, lock, lock * 1.05), Qt::white);
}

/// The name a glyph of `r` shows: the longest of `labels` that fits (empty when names are off).
FittedLabel glyphName(const QRectF& r, const QStringList& labels, double lock, bool showName) {
  if (!showName || r.width() < 14 || r.height() < 10 || labels.isEmpty()) return {};
  // The name sits in the upper part; the glyph's centre stays plain fill. A longer, clearer
  // label may be drawn up to a third smaller (not below 7 px) before a shorter one is used.
  const int maxSize = int(std::lround(std::clamp(r.height() * 0.2, 7.0, 13.0)));
  const int minSize = std::max(7, int(std::ceil(maxSize * 0.67)));
  const double width = r.width() - 5 - (lock > 0 ? lock + 2 : 0);
  return fitLabel(
      labels, width, minSize, maxSize, [](const QString& t, int size) { return textStyle(size).width(t); },
      [](const QString& t, int size, double w) { return textStyle(size).elide(t, w); });
}

double padlockSize(const QRectF& r, bool pinned) {
  return pinned ? std::clamp(std::min(r.width(), r.height()) * 0.22, 4.0, 12.0) : 0;
}

/// Glyphs can be copies on pixel-exact devices (not when huge: zoomed far in).
bool glyphAsPixmap(const QPainter& p, const QRectF& r) {
  return pixelExact(p) && r.width() < 400 && r.height() < 400;
}

/// The whole glyph of `r` as a pixmap to draw at floor(r.topLeft()). A glyph of a given size,
/// colour, name and pin is drawn once and copied after that: its antialiased rounded body and
/// its text cost ten times the copy.
QPixmap glyphPixmap(const QPainter& p, const QRectF& r, const QColor& fill, const QStringList& labels, bool pinned,
                    bool showName) {
  const double lock = padlockSize(r, pinned);
  const FittedLabel label = glyphName(r, labels, lock, showName);
  thread_local QHash<QString, QPixmap> cache;
  // Sub-pixel position matters to antialiasing: key on the quarter pixel.
  const QPointF at(std::floor(r.x()), std::floor(r.y()));
  const QPointF phase = (r.topLeft() - at) * 4;
  QString key = QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9")
                    .arg(qRound(r.width() * 4))
                    .arg(qRound(r.height() * 4))
                    .arg(fill.rgba())
                    .arg(qRound(phase.x()))
                    .arg(qRound(phase.y()))
                    .arg(p.testRenderHint(QPainter::Antialiasing))
                    .arg(lock)
                    .arg(label.pixelSize)
                    .arg(label.text);
  auto it = cache.find(key);
  if (it == cache.end()) {
    if (cache.size() > 4000) cache.clear();
    QPixmap pm(int(std::ceil(r.width() + r.x() - at.x())) + 2, int(std::ceil(r.height() + r.y() - at.y())) + 2);
    pm.fill(Qt::transparent);
    QPainter q(&pm);
    q.setRenderHint(QPainter::Antialiasing, p.testRenderHint(QPainter::Antialiasing));
    q.setRenderHint(QPainter::TextAntialiasing, p.testRenderHint(QPainter::TextAntialiasing));
    paintGlyph(q, r.translated(-at), fill, label, lock);
    q.end();
    it = cache.insert(key, pm);
  }
  return *it;
}

}  // namespace

void AiePainter::drawCoreGlyph(QPainter& p, const QRectF& r, const QColor& fill, const QStringList& labels, bool pinned,
                               bool showName) {
  if (glyphAsPixmap(p, r)) {
    p.drawPixmap(QPointF(std::floor(r.x()), std::floor(r.y())), glyphPixmap(p, r, fill, labels, pinned, showName));
  } else {
    // Vector pictures (SVG) get the shapes.
    const double lock = padlockSize(r, pinned);
    paintGlyph(p, r, fill, glyphName(r, labels, lock, showName), lock);
  }
}

void AiePainter::drawKeptGlyph(QPainter& p, aie::CoreId c, const QRectF& r, const QStringList& labels, bool pinned,
                               bool names) const {
  const QColor fill = scene_->coreColour(c);
  if (!glyphAsPixmap(p, r) || c < 0) {
    drawCoreGlyph(p, r, fill, labels, pinned, names);
    return;
  }
  if (size_t(c) >= glyphMemo_.size()) glyphMemo_.resize(size_t(c) + 1);
  GlyphMemo& m = glyphMemo_[size_t(c)];
  const QPointF at(std::floor(r.x()), std::floor(r.y()));
  const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
  // QStringList compares shared data first: the same labels cost a pointer compare.
  if (m.pixmap.isNull() || m.size != r.size() || m.phase != r.topLeft() - at || m.fill != fill.rgba() ||
      m.pinned != pinned || m.names != names || m.antialiased != antialiased || m.labels != labels) {
    m = GlyphMemo{r.size(), r.topLeft() - at, fill.rgba(), pinned,
                  names,    antialiased,      labels,      glyphPixmap(p, r, fill, labels, pinned, names)};
  }
  p.drawPixmap(at, m.pixmap);
}

void AiePainter::paintCores(QPainter& p, const Frame& f) const {
  const aie::Device& dev = *scene_->device;
  const aie::Placement& pl = *scene_->placement;
  const bool names = scene_->layers.names && f.detail == Detail::Glyphs;
  const AieUsage* u = scene_->usage;
  static const QStringList kNoLabel;
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      const auto& list = scene_->tileCores[size_t(dev.index(t))];
      for (size_t i = 0; i < list.size(); ++i) {
        CoreId c = list[i];
        QRectF r = f.px(scene_->coreWorldRect(t, int(i), int(list.size())));
        if (scene_->coreDimmed(c)) {
          // Same in every compared run: a faint outline keeps the context.
          p.setPen(QPen(scene_->coreColour(c).lighter(160), 1));
          p.setBrush(Qt::NoBrush);
          p.drawRect(r);
          continue;
        }
        if (f.detail <= Detail::Borders) {
          p.fillRect(r, scene_->coreColour(c));
        } else {
          const QStringList& labels = size_t(c) < scene_->coreLabels.size() ? scene_->coreLabels[size_t(c)] : kNoLabel;
          drawKeptGlyph(p, c, r, labels, pl.pinned(c), names);
        }
        if (scene_->layers.violations && u && c < int(u->coreBad.size()) && u->coreBad[c]) {
          p.setPen(QPen(AiePalette::violation(), std::max(2.0, f.cell * 0.045)));
          p.setBrush(Qt::NoBrush);
          p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 3, 3);
        }
      }
    }
  }
}

void AiePainter::paintCoreOutlines(QPainter& p, const Frame& f) const {
  p.setBrush(Qt::NoBrush);
  auto outline = [&](CoreId c, const QPen& pen) {
    const aie::Placement& pl = *scene_->placement;
    if (c < 0 || c >= pl.size() || !pl.placed(c) || !f.visible(pl.tile(c))) return;
    p.setPen(pen);
    p.drawRoundedRect(f.px(scene_->coreWorldRect(c)).adjusted(-1, -1, 1, 1), 3, 3);
  };
  QPen nearPen(AiePalette::highlight(), std::max(1.5, f.cell * 0.025), Qt::DashLine);
  for (size_t c = 0; c < scene_->neighbourCores.size(); ++c)
    if (scene_->neighbourCores[c] && !scene_->selected(CoreId(c))) outline(CoreId(c), nearPen);
  if (scene_->hoverCore >= 0 && !scene_->selected(scene_->hoverCore))
    outline(scene_->hoverCore, QPen(QColor(0x20, 0x20, 0x20), std::max(1.5, f.cell * 0.025)));
  QPen selPen(AiePalette::selection(), std::max(2.0, f.cell * 0.045));
  for (size_t c = 0; c < scene_->selectedCores.size(); ++c)
    if (scene_->selectedCores[c]) outline(CoreId(c), selPen);
}

struct AiePainter::Legend {
  enum class Mark { Line, Dashed, Arrow, Box, Outline };
  struct Entry {
    QColor colour;
    QString text;
    Mark mark;
  };
  QString title;
  bool ramp = false;
  std::vector<Entry> entries;
  QSizeF size() const {
    QFontMetricsF fm(font(11));
    double w = std::max(150.0, fm.horizontalAdvance(title) + 16);
    for (const Entry& e : entries) w = std::max(w, fm.horizontalAdvance(e.text) + 44);
    double h = 8 + fm.height() + (ramp ? 34 : entries.size() * (fm.height() + 2)) + 6;
    return {w, h};
  }
  /// Everything the legend's pixels depend on besides its position.
  QString signature() const {
    QString out = title + QChar(0x1f) + QChar(ramp ? '1' : '0');
    for (const Entry& e : entries)
      out += QChar(0x1f) + QString::number(e.colour.rgba()) + QChar(0x1e) + QString::number(int(e.mark)) + QChar(0x1e) +
             e.text;
    return out;
  }
};

QString AiePainter::legendTitle() const {
  return legend().title;
}

AiePainter::Legend AiePainter::legend() const {
  using Mark = Legend::Mark;
  Legend l;
  if (!scene_ || !scene_->valid() || !scene_->layers.legend) return l;
  if (scene_->heat != HeatMap::None) {
    l.ramp = true;
    l.title = scene_->heat == HeatMap::Dma      ? QStringLiteral("DMA channel use")
              : scene_->heat == HeatMap::Memory ? QStringLiteral("Memory use")
              : scene_->heat == HeatMap::Bds    ? QStringLiteral("Buffer descriptor use")
                                                : QStringLiteral("Stream link use");
    if (scene_->heat == HeatMap::Links && !(scene_->usage && scene_->usage->routed))
      l.title = scene_->expectedLinks.empty() ? l.title + QStringLiteral(" (route first)")
                                              : QStringLiteral("Expected stream link use (estimate)");
    return l;
  }
  // What is drawn: the kinds of cores placed, then routes by interconnect or flylines.
  const aie::Design& d = *scene_->design;
  const aie::Placement& pl = *scene_->placement;
  if (scene_->layers.cores) {
    const std::pair<aie::CoreKind, const char*> kinds[] = {{aie::CoreKind::Compute, "compute core"},
                                                           {aie::CoreKind::MemTile, "memory-tile buffer"},
                                                           {aie::CoreKind::Shim, "shim (DDR) endpoint"}};
    for (const auto& [kind, text] : kinds) {
      bool any = false;
      for (CoreId c = 0; c < d.coreCount() && !any; ++c) any = d.cores[c].kind == kind && pl.placed(c);
      if (any) l.entries.push_back({AiePalette::core(kind), QString::fromLatin1(text), Mark::Box});
    }
    if (scene_->layers.groups) {  // the first groups (a legend of dozens would hide the array)
      constexpr size_t kMaxGroups = 16;
      for (size_t g = 0; g < std::min(kMaxGroups, scene_->groupNames.size()); ++g)
        l.entries.push_back({AiePalette::group(int(g)), QString::fromStdString(scene_->groupNames[g]), Mark::Box});
      if (scene_->groupNames.size() > kMaxGroups)
        l.entries.push_back({AiePalette::core(aie::CoreKind::Compute),
                             QStringLiteral("+ %1 more groups").arg(scene_->groupNames.size() - kMaxGroups),
                             Mark::Box});
    }
  }
  const bool routed = scene_->routing && scene_->graph;
  if (routed && scene_->layers.routes) {
    l.title = QStringLiteral("Routed");
    bool used[4] = {false, false, false, false};
    for (const aie::NetRoute& r : scene_->routing->nets)
      if (r.routed) used[int(r.type)] = true;
    const std::pair<aie::Interconnect, const char*> types[] = {{aie::Interconnect::SharedMemory, "shared memory"},
                                                               {aie::Interconnect::Circuit, "circuit stream"},
                                                               {aie::Interconnect::Packet, "packet stream"},
                                                               {aie::Interconnect::IntraTile, "inside a memory tile"}};
    for (const auto& [type, text] : types)
      if (used[int(type)] && type != aie::Interconnect::IntraTile)
        l.entries.push_back({AiePalette::interconnect(type), QString::fromLatin1(text),
                             type == aie::Interconnect::SharedMemory ? Mark::Dashed : Mark::Arrow});
  } else if (scene_->layers.nets) {
    l.title = pl.placedCount() ? QStringLiteral("Not routed yet") : QStringLiteral("Nothing placed yet");
    if (pl.placedCount())
      l.entries.push_back({AiePalette::flyline(), QStringLiteral("net, source → target"), Mark::Arrow});
  } else {
    l.title = routed ? QStringLiteral("Routed") : QStringLiteral("Not routed yet");
  }
  if (scene_->layers.memoryUses && !d.memoryUses.empty() && pl.placedCount())
    l.entries.push_back({AiePalette::memoryUse(), QStringLiteral("memory use, core • memory it uses"), Mark::Dashed});
  const AieUsage* u = scene_->usage;
  if (scene_->layers.violations && u && !u->violations.empty())
    l.entries.push_back({AiePalette::violation(), QStringLiteral("problem (see Problems)"), Mark::Outline});
  if (scene_->layers.violations && u && !u->warnings.empty())
    l.entries.push_back({AiePalette::warning(), QStringLiteral("likely over-use (estimate)"), Mark::Outline});
  if (l.entries.empty()) l.title.clear();
  return l;
}

double AiePainter::footerHeight() const {
  Legend l = legend();
  return l.title.isEmpty() ? 0 : l.size().height() + 8;
}

void AiePainter::paintLegend(QPainter& p, const Frame& f) const {
  Legend l = legend();
  if (l.title.isEmpty()) return;
  // The legend's text is measured and drawn again only when its content changes.
  const QString signature = l.signature();
  if (signature != legendMemo_.signature) legendMemo_ = LegendMemo{signature, l.size(), {}, false, {}};
  double w = legendMemo_.size.width(), h = legendMemo_.size.height();
  // Under the array when there is room (pictures reserve it), else over its corner.
  double arrayBottom = f.view.toScreen(QPointF(0, scene_->device->rows())).y();
  double top = arrayBottom + 8 + h <= f.pixels.bottom() ? arrayBottom + 8 : f.pixels.bottom() - h - 8;
  double arrayRight = f.view.toScreen(QPointF(scene_->device->columns(), 0)).x();
  double right = std::min(f.pixels.right() - 8, arrayRight);
  const QRectF box(right - w, top, w, h);
  if (!pixelExact(p)) {
    drawLegend(p, l, box);
    return;
  }
  const QPointF at(std::floor(box.x()), std::floor(box.y()));
  const QPointF phase = box.topLeft() - at;
  const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
  if (legendMemo_.image.isNull() || legendMemo_.phase != phase || legendMemo_.antialiased != antialiased) {
    legendMemo_.image = QImage(int(std::ceil(w + phase.x())) + 2, int(std::ceil(h + phase.y())) + 2,
                               QImage::Format_ARGB32_Premultiplied);
    legendMemo_.image.fill(Qt::transparent);
    QPainter q(&legendMemo_.image);
    q.setClipRect(legendMemo_.image.rect());
    q.setRenderHints(p.renderHints());
    drawLegend(q, l, box.translated(-at));
    legendMemo_.phase = phase;
    legendMemo_.antialiased = antialiased;
  }
  p.drawImage(at, legendMemo_.image);
}

void AiePainter::drawLegend(QPainter& p, const Legend& l, const QRectF& box) const {
  QFont fnt = font(11);
  QFontMetricsF fm(fnt);
  const double w = box.width();
  p.setPen(AiePalette::legendBorder());
  p.setBrush(AiePalette::legendBackground());
  p.drawRoundedRect(box, 4, 4);
  p.setFont(fnt);
  p.setPen(AiePalette::legendText());
  p.drawText(QRectF(box.left() + 8, box.top() + 4, w - 16, fm.height()), Qt::AlignLeft, l.title);
  double y = box.top() + 6 + fm.height();
  if (l.ramp) {
    QRectF bar(box.left() + 8, y + 2, w - 50, 12);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    for (double s : {0.0, 0.25, 0.5, 0.75, 1.0}) g.setColorAt(s, AiePalette::heat(s));
    p.fillRect(bar, g);
    p.fillRect(QRectF(bar.right() + 6, bar.top(), 20, 12), AiePalette::heat(1.5));
    p.setPen(AiePalette::legendText());
    p.drawText(QPointF(bar.left(), bar.bottom() + fm.ascent() + 2), QStringLiteral("0%"));
    QString full = QStringLiteral("100%");
    p.drawText(QPointF(bar.right() - fm.horizontalAdvance(full), bar.bottom() + fm.ascent() + 2), full);
    p.drawText(QPointF(bar.right() + 6, bar.bottom() + fm.ascent() + 2), QStringLiteral(">"));
    return;
  }
  for (const auto& e : l.entries) {
    const double cy = y + fm.height() / 2, x0 = box.left() + 8, x1 = box.left() + 30;
    switch (e.mark) {
      case Legend::Mark::Box:
        p.setPen(QPen(e.colour.darker(140), 1));
        p.setBrush(e.colour);
        p.drawRoundedRect(QRectF(x0 + 4, cy - 5, 14, 10), 2, 2);
        break;
      case Legend::Mark::Outline:
        p.setPen(QPen(e.colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(x0 + 4, cy - 5, 14, 10), 2, 2);
        break;
      default: {
        QPen pen(e.colour, 2.5);
        if (e.mark == Legend::Mark::Dashed) pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(x0, cy), QPointF(x1, cy));
        if (e.mark == Legend::Mark::Arrow) {
          QPainterPath head;
          addArrowhead(head, QPointF(x1 + 2, cy), QPointF(1, 0), 7);
          p.fillPath(head, e.colour);
        }
      }
    }
    p.setPen(AiePalette::legendText());
    p.drawText(QRectF(box.left() + 36, y, w - 44, fm.height()), Qt::AlignLeft, e.text);
    y += fm.height() + 2;
  }
}

}  // namespace ts::ui
