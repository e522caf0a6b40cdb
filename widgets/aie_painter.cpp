#include "widgets/aie_painter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <map>

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
struct TextStyle {
  QFont font;
  QFontMetricsF metrics;
};

const TextStyle& textStyle(int pixelSize) {
  thread_local std::map<int, TextStyle> cache;
  auto it = cache.find(pixelSize);
  if (it == cache.end()) {
    QFont f = AiePainter::font(pixelSize);
    it = cache.emplace(pixelSize, TextStyle{f, QFontMetricsF(f)}).first;
  }
  return it->second;
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

void AiePainter::paint(QPainter& p, const ViewTransform& view, const QRectF& pixelRect) const {
  p.save();
  p.setClipRect(pixelRect);
  p.fillRect(pixelRect, AiePalette::background());
  if (!scene_ || !scene_->valid()) {
    p.setPen(QColor(0x70, 0x70, 0x70));
    p.setFont(font(14));
    p.drawText(pixelRect, Qt::AlignCenter, QStringLiteral("Open a design (File > Open)"));
    p.restore();
    return;
  }
  const aie::Device& dev = *scene_->device;
  Frame f{view, pixelRect, view.detail(), view.scale, 0, 0, 0, 0, scene_};
  QRectF w = view.toWorld(pixelRect);
  f.colMin = std::max(0, int(std::floor(w.left())));
  f.colMax = std::min(dev.columns() - 1, int(std::floor(w.right())));
  int dTop = std::max(0, int(std::floor(w.top())));
  int dBottom = std::min(dev.rows() - 1, int(std::floor(w.bottom())));
  f.rowMin = dev.rows() - 1 - dBottom;
  f.rowMax = dev.rows() - 1 - dTop;

  p.setRenderHint(QPainter::Antialiasing, f.detail >= Detail::Grid);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  if (scene_->layers.tiles) paintTiles(p, f);
  if (scene_->heat == HeatMap::Links) paintLinkHeat(p, f);
  bool routed = scene_->routing && scene_->graph;
  // The link heat map is itself the picture of the routes; drawing both hides the heat.
  if (routed && scene_->layers.routes && scene_->heat != HeatMap::Links) paintRoutes(p, f);
  if ((!routed || !scene_->layers.routes) && scene_->layers.nets) paintFlylines(p, f);
  if (scene_->layers.cores) paintCores(p, f);
  if (scene_->layers.badges && f.detail == Detail::Glyphs && f.cell >= 40) paintBadges(p, f);
  paintLegend(p, f);
  p.restore();
}

double AiePainter::heatValue(int ti) const {
  const AieUsage* u = scene_->usage;
  if (!u || ti >= int(u->memoryUsed.size())) return 0;
  const aie::Device& dev = *scene_->device;
  const aie::TileResources& res = dev.resources(dev.coord(ti));
  if (scene_->heat == HeatMap::Memory)
    return res.memoryBytes > 0 ? double(u->memoryUsed[ti]) / double(res.memoryBytes) : 0;
  double in = res.dmaIn > 0 ? double(u->dmaInUsed[ti]) / res.dmaIn : (u->dmaInUsed[ti] ? 2.0 : 0.0);
  double out = res.dmaOut > 0 ? double(u->dmaOutUsed[ti]) / res.dmaOut : (u->dmaOutUsed[ti] ? 2.0 : 0.0);
  return std::max(in, out);
}

void AiePainter::paintTiles(QPainter& p, const Frame& f) const {
  const aie::Device& dev = *scene_->device;
  const bool gaps = f.detail >= Detail::Grid;
  const bool heatTiles = scene_->heat == HeatMap::Dma || scene_->heat == HeatMap::Memory;
  const double inset = gaps ? 0.04 : 0.0;
  const TextStyle& coordStyle = textStyle(int(std::lround(std::clamp(f.cell * 0.12, 7.0, 11.0))));
  if (scene_->layers.coordinates) p.setFont(coordStyle.font);
  bool coords = scene_->layers.coordinates && f.detail == Detail::Glyphs && f.cell >= 30;
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      int ti = dev.index(t);
      aie::TileKind kind = dev.kind(t);
      bool hasDma = kind != aie::TileKind::Shim || dev.shimHasDma(col);
      QColor fill = AiePalette::tile(kind, hasDma);
      if (heatTiles) {
        const aie::TileResources& res = dev.resources(t);
        bool applicable = scene_->heat == HeatMap::Memory ? res.memoryBytes > 0 : res.dmaIn + res.dmaOut > 0;
        if (applicable) fill = AiePalette::heat(heatValue(ti));
      }
      QRectF r = f.px(scene_->tileWorldRect(t).adjusted(inset, inset, -inset, -inset));
      const AieUsage* u = scene_->usage;
      bool bad = scene_->layers.violations && u && ti < int(u->tileBad.size()) && u->tileBad[ti];
      bool warn = !bad && scene_->layers.violations && u && ti < int(u->tileWarn.size()) && u->tileWarn[ti];
      if (scene_->layers.grid && f.detail >= Detail::Borders) {
        QColor border = bad ? AiePalette::violation() : warn ? AiePalette::warning() : fill.darker(125);
        p.setPen(QPen(border, bad || warn ? std::max(2.0, f.cell * 0.04) : 1.0, warn ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(fill);
        p.drawRect(r);
      } else {
        p.fillRect(r, fill);
      }
      if (QPoint(col, row) == scene_->selectedTile) {
        p.setPen(QPen(AiePalette::selection(), std::max(2.0, f.cell * 0.05)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
      }
      if (coords) {
        p.setPen(QColor(0x55, 0x5f, 0x6d));
        p.drawText(QPointF(r.left() + 3, r.top() + 1 + coordStyle.metrics.ascent()),
                   QString::number(col) + "," + QString::number(row));
      }
    }
  }
}

void AiePainter::paintBadges(QPainter& p, const Frame& f) const {
  const AieUsage* u = scene_->usage;
  if (!u) return;
  const aie::Device& dev = *scene_->device;
  const double sq = std::clamp(f.cell * 0.065, 3.0, 9.0);
  p.setRenderHint(QPainter::Antialiasing, false);
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      int ti = dev.index(t);
      const aie::TileResources& res = dev.resources(t);
      // Only tiles in use carry badges, so an empty array stays quiet.
      if (u->dmaInUsed[ti] == 0 && u->dmaOutUsed[ti] == 0 && u->memoryUsed[ti] == 0) continue;
      QRectF r = f.px(scene_->tileWorldRect(t).adjusted(0.04, 0.04, -0.04, -0.04));
      // DMA channels: S2MM squares bottom-left, MM2S squares bottom-right; filled = in use.
      auto squares = [&](int cap, int used, bool leftSide) {
        int n = std::max(cap, used);
        double side = std::min(sq, (r.width() * 0.45 - 3) / std::max(1, n) - 1.5);
        if (side < 2) return;
        for (int i = 0; i < n; ++i) {
          double x = leftSide ? r.left() + 3 + i * (side + 1.5) : r.right() - 3 - side - i * (side + 1.5);
          QRectF b(x, r.bottom() - 3 - side, side, side);
          bool over = i >= cap;
          p.setPen(over ? AiePalette::violation() : QColor(0x40, 0x48, 0x55));
          p.setBrush(i < used ? (over ? AiePalette::violation() : QColor(0x40, 0x48, 0x55))
                              : QColor(255, 255, 255, 200));
          p.drawRect(b);
        }
      };
      squares(res.dmaIn, u->dmaInUsed[ti], true);
      squares(res.dmaOut, u->dmaOutUsed[ti], false);
      // Memory: a thin bar on the right edge, filled from the bottom.
      if (res.memoryBytes > 0) {
        double frac = double(u->memoryUsed[ti]) / double(res.memoryBytes);
        QRectF bar(r.right() - 3 - sq * 0.7, r.top() + 3, sq * 0.7, r.height() - 9 - sq);
        p.setPen(QColor(0x40, 0x48, 0x55));
        p.setBrush(QColor(255, 255, 255, 200));
        p.drawRect(bar);
        double h = bar.height() * std::min(1.0, frac);
        p.fillRect(QRectF(bar.left() + 1, bar.bottom() - h, bar.width() - 1, h),
                   frac > 1.0 ? AiePalette::violation() : AiePalette::heat(frac).darker(115));
      }
    }
  }
  p.setRenderHint(QPainter::Antialiasing, true);
}

void AiePainter::paintFlylines(QPainter& p, const Frame& f) const {
  const aie::Design& d = *scene_->design;
  const aie::Placement& pl = *scene_->placement;
  const double width = std::clamp(f.cell * 0.03, 1.0, 2.5);
  auto centre = [&](CoreId c) { return f.view.toScreen(scene_->coreWorldRect(c).center()); };
  // Normal nets first, highlighted ones over them (they also go over cores, see paintCores).
  // One small path per flyline: a path with many crossing curves strokes far slower.
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(AiePalette::flyline(), width));
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    const aie::Net& net = d.nets[n];
    if (!pl.placed(net.source)) continue;
    bool hi = n < int(scene_->highlightedNets.size()) && scene_->highlightedNets[n];
    if (hi) continue;
    QPointF a = centre(net.source);
    for (CoreId t : net.targets) {
      if (!pl.placed(t)) continue;
      QPainterPath path;
      addFlyline(path, a, centre(t), n, f.cell);
      p.drawPath(path);
    }
  }
}

void AiePainter::addFlyline(QPainterPath& path, const QPointF& a, const QPointF& b, int net, double cell) {
  // A slight bow, different per net, keeps nets between the same tiles apart.
  QPointF d = b - a;
  double len = std::hypot(d.x(), d.y());
  if (len < 1) return;
  double bow = ((net % 5) - 2) * 0.06 * cell;
  QPointF mid = (a + b) / 2 + QPointF(-d.y() / len, d.x() / len) * bow;
  path.moveTo(a);
  path.quadTo(mid, b);
}

void AiePainter::paintRoutes(QPainter& p, const Frame& f) const {
  const aie::Routing& routing = *scene_->routing;
  const aie::RrGraph& g = *scene_->graph;
  const double width = std::clamp(f.cell * 0.035, 1.0, 3.0);
  const double lane = f.cell * 0.035;
  for (aie::NetId n = 0; n < int(routing.nets.size()); ++n) {
    const aie::NetRoute& r = routing.nets[n];
    if (!r.routed) continue;
    bool hi = n < int(scene_->highlightedNets.size()) && scene_->highlightedNets[n];
    QColor c = AiePalette::interconnect(r.type);
    QPen pen(c, hi ? width * 2 : width);
    if (r.type == aie::Interconnect::SharedMemory) pen.setStyle(Qt::DashLine);
    p.setPen(pen);
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
      p.drawLine(pa + normal, pb + normal);
    }
  }
}

void AiePainter::paintLinkHeat(QPainter& p, const Frame& f) const {
  const AieUsage* u = scene_->usage;
  if (!u || !u->routed) return;
  const aie::Device& dev = *scene_->device;
  const double width = std::clamp(f.cell * 0.09, 2.0, 10.0);
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      for (int d = 0; d < 4; ++d) {
        int cap = dev.linkCapacity(t, aie::Direction(d));
        if (cap <= 0) continue;
        int used = u->linkUsed[size_t(dev.index(t)) * 4 + size_t(d)];
        if (used == 0) continue;
        TileCoord n = dev.neighbour(t, aie::Direction(d));
        // The two directions of one channel are drawn side by side.
        QPointF side = (d == 0 || d == 1) ? QPointF(d == 0 ? -1 : 1, 0) : QPointF(0, d == 2 ? -1 : 1);
        QPointF off = side * (f.cell * 0.12);
        p.setPen(QPen(AiePalette::heat(double(used) / cap), width, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(f.tileCentre(t) + off, f.tileCentre(n) + off);
      }
    }
  }
}

void AiePainter::drawCoreGlyph(QPainter& p, const QRectF& r, const QColor& fill, const QString& name, bool pinned,
                               bool showName) {
  double radius = std::min(r.width(), r.height()) * 0.12;
  p.setPen(QPen(fill.darker(140), 1));
  p.setBrush(fill);
  p.drawRoundedRect(r, radius, radius);
  if (showName && r.width() >= 18 && r.height() >= 14) {
    int size = int(std::lround(std::clamp(r.height() * 0.2, 7.0, 13.0)));
    const TextStyle& style = textStyle(size);
    double lockSpace = pinned ? size : 0;
    // The name sits in the upper part; the glyph's centre stays plain fill.
    double width = r.width() - 6 - lockSpace;
    if (p.font() != style.font) p.setFont(style.font);
    p.setPen(Qt::white);
    p.drawText(QPointF(r.left() + 3, r.top() + 2 + style.metrics.ascent()),
               style.metrics.elidedText(name, Qt::ElideRight, width));
  }
  if (pinned) {
    // A small padlock in the top-right corner.
    double s = std::clamp(std::min(r.width(), r.height()) * 0.22, 4.0, 12.0);
    QRectF body(r.right() - s - 2, r.top() + 2 + s * 0.45, s, s * 0.6);
    p.setPen(QPen(Qt::white, std::max(1.0, s * 0.14)));
    p.setBrush(Qt::NoBrush);
    p.drawArc(QRectF(body.left() + s * 0.2, body.top() - s * 0.45, s * 0.6, s * 0.8), 0, 180 * 16);
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);
    p.drawRect(body);
  }
}

void AiePainter::paintCores(QPainter& p, const Frame& f) const {
  const aie::Design& d = *scene_->design;
  const aie::Device& dev = *scene_->device;
  const aie::Placement& pl = *scene_->placement;
  const bool names = scene_->layers.names && f.detail == Detail::Glyphs;
  const AieUsage* u = scene_->usage;
  for (int row = f.rowMin; row <= f.rowMax; ++row) {
    for (int col = f.colMin; col <= f.colMax; ++col) {
      TileCoord t{col, row};
      const auto& list = scene_->tileCores[size_t(dev.index(t))];
      for (size_t i = 0; i < list.size(); ++i) {
        CoreId c = list[i];
        QRectF r = f.px(scene_->coreWorldRect(t, int(i), int(list.size())));
        if (f.detail <= Detail::Borders) {
          p.fillRect(r, AiePalette::core(d.cores[c].kind));
        } else {
          drawCoreGlyph(p, r, AiePalette::core(d.cores[c].kind), QString::fromStdString(d.cores[c].name), pl.pinned(c),
                        names);
        }
        bool bad = scene_->layers.violations && u && c < int(u->coreBad.size()) && u->coreBad[c];
        bool sel = scene_->selected(c);
        bool near = c < int(scene_->neighbourCores.size()) && scene_->neighbourCores[c];
        if (bad || sel || near || c == scene_->hoverCore) {
          QPen pen(sel    ? AiePalette::selection()
                   : bad  ? AiePalette::violation()
                   : near ? AiePalette::highlight()
                          : QColor(0x20, 0x20, 0x20),
                   sel || bad ? std::max(2.0, f.cell * 0.045) : std::max(1.5, f.cell * 0.025));
          if (near && !sel && !bad) pen.setStyle(Qt::DashLine);
          p.setPen(pen);
          p.setBrush(Qt::NoBrush);
          p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 3, 3);
        }
      }
    }
  }
  // Nets of the selection go over everything so they can be followed.
  bool anyHi = false;
  for (char h : scene_->highlightedNets) anyHi = anyHi || h;
  if (!anyHi) return;
  bool routed = scene_->routing && scene_->graph && scene_->layers.routes;
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(AiePalette::highlight(), std::clamp(f.cell * 0.045, 1.5, 3.5)));
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    if (n >= int(scene_->highlightedNets.size()) || !scene_->highlightedNets[n]) continue;
    const aie::Net& net = d.nets[n];
    if (routed || !pl.placed(net.source)) continue;
    QPointF a = f.view.toScreen(scene_->coreWorldRect(net.source).center());
    for (CoreId t : net.targets) {
      if (!pl.placed(t)) continue;
      QPainterPath path;
      addFlyline(path, a, f.view.toScreen(scene_->coreWorldRect(t).center()), n, f.cell);
      p.drawPath(path);
    }
  }
}

struct AiePainter::Legend {
  struct Entry {
    QColor colour;
    QString text;
    bool dashed;
  };
  QString title;
  bool ramp = false;
  std::vector<Entry> entries;
  QSizeF size() const {
    QFontMetricsF fm(font(11));
    double w = std::max(150.0, fm.horizontalAdvance(title) + 16);
    double h = 8 + fm.height() + (ramp ? 34 : entries.size() * (fm.height() + 2)) + 6;
    return {w, h};
  }
};

AiePainter::Legend AiePainter::legend() const {
  Legend l;
  if (!scene_ || !scene_->valid() || !scene_->layers.legend) return l;
  if (scene_->heat != HeatMap::None) {
    l.ramp = true;
    l.title = scene_->heat == HeatMap::Dma      ? QStringLiteral("DMA channel use")
              : scene_->heat == HeatMap::Memory ? QStringLiteral("Memory use")
                                                : QStringLiteral("Stream link use");
    if (scene_->heat == HeatMap::Links && !(scene_->usage && scene_->usage->routed))
      l.title += QStringLiteral(" (route first)");
  } else if (scene_->routing && scene_->graph && scene_->layers.routes) {
    l.title = QStringLiteral("Interconnect");
    l.entries = {{AiePalette::interconnect(aie::Interconnect::SharedMemory), "shared memory", true},
                 {AiePalette::interconnect(aie::Interconnect::Circuit), "circuit stream", false},
                 {AiePalette::interconnect(aie::Interconnect::Packet), "packet stream", false}};
  }
  return l;
}

double AiePainter::footerHeight() const {
  Legend l = legend();
  return l.title.isEmpty() ? 0 : l.size().height() + 8;
}

void AiePainter::paintLegend(QPainter& p, const Frame& f) const {
  Legend l = legend();
  if (l.title.isEmpty()) return;
  QFont fnt = font(11);
  QFontMetricsF fm(fnt);
  QSizeF size = l.size();
  double w = size.width(), h = size.height();
  // Under the array when there is room (pictures reserve it), else over its corner.
  double arrayBottom = f.view.toScreen(QPointF(0, scene_->device->rows())).y();
  double top = arrayBottom + 8 + h <= f.pixels.bottom() ? arrayBottom + 8 : f.pixels.bottom() - h - 8;
  double arrayRight = f.view.toScreen(QPointF(scene_->device->columns(), 0)).x();
  double right = std::min(f.pixels.right() - 8, arrayRight);
  QRectF box(right - w, top, w, h);
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
    QPen pen(e.colour, 2.5);
    if (e.dashed) pen.setStyle(Qt::DashLine);
    p.setPen(pen);
    p.drawLine(QPointF(box.left() + 8, y + fm.height() / 2), QPointF(box.left() + 30, y + fm.height() / 2));
    p.setPen(AiePalette::legendText());
    p.drawText(QRectF(box.left() + 36, y, w - 44, fm.height()), Qt::AlignLeft, e.text);
    y += fm.height() + 2;
  }
}

}  // namespace ts::ui
