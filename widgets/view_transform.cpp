#include "widgets/view_transform.h"

#include <algorithm>

namespace ts::ui {

Detail detailFor(double pixelsPerTile) {
  if (pixelsPerTile < 1) return Detail::Image;
  if (pixelsPerTile < 4) return Detail::Borders;
  if (pixelsPerTile < 12) return Detail::Grid;
  return Detail::Glyphs;
}

QRectF ViewTransform::toScreen(const QRectF& world) const {
  return QRectF(toScreen(world.topLeft()), world.size() * scale);
}

QRectF ViewTransform::toWorld(const QRectF& pixels) const {
  return QRectF(toWorld(pixels.topLeft()), pixels.size() / scale);
}

void ViewTransform::zoomAbout(double factor, const QPointF& anchor) {
  double next = std::clamp(scale * factor, kMinScale, kMaxScale);
  QPointF world = toWorld(anchor);
  scale = next;
  offset = anchor - world * scale;
}

ViewTransform ViewTransform::fitting(const QRectF& world, const QSizeF& pixels, double margin) {
  ViewTransform v;
  double w = std::max(1.0, pixels.width() - 2 * margin);
  double h = std::max(1.0, pixels.height() - 2 * margin);
  double ww = std::max(1e-6, world.width()), wh = std::max(1e-6, world.height());
  v.scale = std::clamp(std::min(w / ww, h / wh), kMinScale, kMaxScale);
  QPointF centrePx(pixels.width() / 2, pixels.height() / 2);
  v.offset = centrePx - world.center() * v.scale;
  return v;
}

}  // namespace ts::ui
