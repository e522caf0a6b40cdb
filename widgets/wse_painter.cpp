#include "widgets/wse_painter.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <set>

#include "widgets/aie_painter.h"
#include "widgets/wse_solution.h"

namespace ts::ui {

namespace {

// Space around the fabric, in pixels: title line above, axis labels left and below, legend last.
constexpr double kMargin = 12, kTitle = 42, kAxisLeft = 30, kAxisBelow = 16, kLegend = 26;
constexpr double kTextPx = 12, kSmallPx = 10;

double snap(double v) {
  return std::round(v);
}

/// Kernels whose arguments the performance formulas can take (others have no shape to draw).
bool drawable(const wse::KernelGraph& g, const wse::Layout& l, int k) {
  if (size_t(k) >= l.kernels.size()) return false;
  const wse::PlacedKernel& pk = l.kernels[size_t(k)];
  size_t n = size_t(g.kernels[size_t(k)].spec.convCount());
  return pk.placed && pk.args.h >= 1 && pk.args.w >= 1 && pk.args.c.size() == n && pk.args.k.size() == n;
}

/// Coordinate grid every `step` tiles with labels on the left and below.
void paintGrid(QPainter& p, const WseFrame& f, int width, int height) {
  const QRectF fab = f.fabric();
  const int step = std::max(width, height) > 300 ? 100 : std::max(width, height) > 60 ? 20 : 5;
  p.setFont(AiePainter::font(kSmallPx));
  QFontMetricsF fm(p.font());
  for (int x = 0; x <= width; x += step) {
    double px = snap(f.point(x, 0).x());
    if (x > 0 && x < width) {
      p.setPen(QPen(WsePalette::gridLine(), 1));
      p.drawLine(QPointF(px, fab.top()), QPointF(px, fab.bottom()));
    }
    p.setPen(WsePalette::mutedText());
    QString t = QString::number(x);
    p.drawText(QPointF(px - fm.horizontalAdvance(t) / 2, fab.bottom() + fm.ascent() + 3), t);
  }
  for (int y = 0; y <= height; y += step) {
    double py = snap(f.point(0, y).y());
    if (y > 0 && y < height) {
      p.setPen(QPen(WsePalette::gridLine(), 1));
      p.drawLine(QPointF(fab.left(), py), QPointF(fab.right(), py));
    }
    p.setPen(WsePalette::mutedText());
    QString t = QString::number(y);
    p.drawText(QPointF(fab.left() - fm.horizontalAdvance(t) - 5, py + fm.ascent() / 2 - 1), t);
  }
}

/// A thin line between centres with a small arrowhead halfway, pointing along the data flow.
void paintEdge(QPainter& p, const QPointF& a, const QPointF& b) {
  p.drawLine(a, b);
  QPointF d = b - a;
  double len = std::hypot(d.x(), d.y());
  if (len < 16) return;
  QPointF u = d / len, n(-u.y(), u.x()), tip = a + d / 2 + u * 3.5;
  QPainterPath head;
  head.moveTo(tip);
  head.lineTo(tip - u * 7 + n * 3.5);
  head.lineTo(tip - u * 7 - n * 3.5);
  head.closeSubpath();
  p.fillPath(head, WsePalette::edge());
}

/// The kernel's name in its top-left corner (edges meet at the centre), when it fits.
void paintName(QPainter& p, const QRectF& r, const QString& name) {
  for (double px : {kTextPx, kSmallPx}) {
    QFont font = AiePainter::font(px, true);
    QFontMetricsF fm(font);
    if (fm.horizontalAdvance(name) + 6 > r.width() || fm.height() + 2 > r.height()) continue;
    p.setFont(font);
    p.setPen(Qt::white);
    p.drawText(QPointF(r.left() + 3, r.top() + 1 + fm.ascent()), name);
    return;
  }
}

/// Colour swatches for the graph's kernel types, a line for edges, outlines for the critical kernel and
/// problems; `top` is the legend line's top.
void paintLegend(QPainter& p, const WseSolution& s, double left, double top) {
  int counts[3] = {0, 0, 0};
  for (const wse::Kernel& k : s.graph.kernels) ++counts[int(k.spec.type)];
  p.setFont(AiePainter::font(kSmallPx + 1));
  QFontMetricsF fm(p.font());
  const double box = 12, mid = top + box / 2;
  double x = left;
  auto label = [&](const QString& text) {
    p.setPen(WsePalette::text());
    p.drawText(QPointF(x + box + 5, mid + fm.ascent() / 2 - 1), text);
    x += box + 5 + fm.horizontalAdvance(text) + 16;
  };
  for (wse::KernelType t : {wse::KernelType::Conv, wse::KernelType::DBlock, wse::KernelType::CBlock}) {
    if (!counts[int(t)]) continue;  // only the types this graph has, so the legend stays short
    p.fillRect(QRectF(x, top, box, box), WsePalette::kernel(t));
    label(QString("%1 (%2)").arg(QString::fromStdString(wse::toString(t))).arg(counts[int(t)]));
  }
  p.setPen(QPen(WsePalette::edge(), 1.4));
  p.drawLine(QPointF(x, mid), QPointF(x + box, mid));
  label(QString("data edges (%1)").arg(s.graph.kernelEdges.size()));
  p.setPen(QPen(WsePalette::critical(), 2));
  p.drawRect(QRectF(x + 1, top + 1, box - 2, box - 2));
  label("critical kernel (MT)");
  if (!s.evaluation.legal) {
    p.setPen(QPen(WsePalette::violation(), 2));
    p.drawRect(QRectF(x + 1, top + 1, box - 2, box - 2));
    label("problem");
  }
}

/// Two lines above the fabric: the file and where its layout came from, then the evaluator's QoR
/// (red when illegal). Elided to the fabric's width, never wider than the picture.
void paintTitle(QPainter& p, const WseSolution& s, const QRectF& fab) {
  QFont bold = AiePainter::font(kTextPx, true), plain = AiePainter::font(kTextPx);
  QString title = QString("%1 · %2 kernels · layout from %3")
                      .arg(QFileInfo(s.graphPath).fileName())
                      .arg(s.graph.kernelCount())
                      .arg(s.layoutSource);
  p.setFont(bold);
  p.setPen(WsePalette::text());
  p.drawText(QPointF(fab.left(), fab.top() - 26), QFontMetricsF(bold).elidedText(title, Qt::ElideRight, fab.width()));
  p.setFont(plain);
  p.setPen(s.evaluation.legal ? WsePalette::text() : WsePalette::violation());
  QString qor = QFontMetricsF(plain).elidedText(wseQorSummary(s.evaluation), Qt::ElideRight, fab.width());
  p.drawText(QPointF(fab.left(), fab.top() - 9), qor);
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

WseFrame::WseFrame(const QRectF& picture, int fabricWidth, int fabricHeight) {
  QRectF area = picture.adjusted(kMargin + kAxisLeft, kMargin + kTitle, -kMargin, -(kMargin + kAxisBelow + kLegend));
  const double w = std::max(1, fabricWidth), h = std::max(1, fabricHeight);
  scale_ = std::max(0.01, std::min(area.width() / w, area.height() / h));
  double left = snap(area.left() + (area.width() - w * scale_) / 2);
  fabric_ = QRectF(left, snap(area.top()), snap(w * scale_), snap(h * scale_));
}

QPointF WseFrame::point(double x, double y) const {
  return {fabric_.left() + x * scale_, fabric_.bottom() - y * scale_};
}

QRectF WseFrame::box(const wse::Box& b) const {
  QPointF topLeft = point(b.x, b.top()), bottomRight = point(b.right(), b.y);
  return QRectF(QPointF(snap(topLeft.x()), snap(topLeft.y())), QPointF(snap(bottomRight.x()), snap(bottomRight.y())));
}

QRectF wseKernelRect(const WseFrame& frame, const WseSolution& s, int k) {
  if (k < 0 || k >= s.graph.kernelCount() || !drawable(s.graph, s.layout, k)) return {};
  return frame.box(wse::kernelBox(s.graph.kernels[size_t(k)].spec, s.layout.kernels[size_t(k)]));
}

void paintWse(QPainter& p, const QRectF& picture, const WseSolution& s, const WseDrawOptions& options) {
  p.save();
  p.fillRect(picture, WsePalette::background());
  const wse::KernelGraph& g = s.graph;
  WseFrame frame(picture, g.width, g.height);
  const QRectF fab = frame.fabric();
  p.fillRect(fab, WsePalette::fabric());
  paintGrid(p, frame, g.width, g.height);

  std::set<int> problems;
  for (const wse::Violation& v : s.evaluation.violations) problems.insert(v.kernels.begin(), v.kernels.end());
  std::vector<QRectF> rects(size_t(g.kernelCount()));
  for (int k = 0; k < g.kernelCount(); ++k) rects[size_t(k)] = wseKernelRect(frame, s, k);

  // Crisp fills and one-pixel outlines so that colours stay exact (tests read them).
  p.setRenderHint(QPainter::Antialiasing, false);
  for (int k = 0; k < g.kernelCount(); ++k) {
    const QRectF& r = rects[size_t(k)];
    if (r.isEmpty()) continue;
    QColor fill = WsePalette::kernel(g.kernels[size_t(k)].spec.type);
    p.fillRect(r, fill);
    if (r.width() >= 4 && r.height() >= 4) {
      p.setPen(QPen(fill.darker(140), 1));
      p.drawRect(r.adjusted(0, 0, -1, -1));
    }
  }
  p.setPen(QPen(WsePalette::fabricBorder(), 1));
  p.drawRect(fab.adjusted(-1, -1, 0, 0));

  p.setRenderHint(QPainter::Antialiasing, true);
  if (options.edges) {
    p.setPen(QPen(WsePalette::edge(), 1.4));
    for (const wse::KernelEdge& e : g.kernelEdges) {
      const QRectF &a = rects[size_t(e.src)], &b = rects[size_t(e.dst)];
      if (!a.isEmpty() && !b.isEmpty()) paintEdge(p, a.center(), b.center());
    }
  }
  p.setRenderHint(QPainter::Antialiasing, false);
  auto outline = [&](int k, const QColor& c) {
    if (k < 0 || k >= g.kernelCount() || rects[size_t(k)].isEmpty()) return;
    p.setPen(QPen(c, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rects[size_t(k)].adjusted(1, 1, -1, -1));
  };
  outline(s.evaluation.criticalKernel, WsePalette::critical());
  for (int k : problems) outline(k, WsePalette::violation());
  if (options.names)
    for (int k = 0; k < g.kernelCount(); ++k)
      if (!rects[size_t(k)].isEmpty())
        paintName(p, rects[size_t(k)], QString::fromStdString(g.kernels[size_t(k)].name));

  p.setRenderHint(QPainter::TextAntialiasing, true);
  paintTitle(p, s, fab);
  paintLegend(p, s, fab.left(), fab.bottom() + kAxisBelow + 8);
  p.restore();
}

}  // namespace ts::ui
