#pragma once
// Mapping between grid "world" units (one unit = one tile pitch; x to the right, y downwards in
// display order) and widget pixels. Shared by every canvas and by image export.
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace ts::ui {

/// How much to draw, chosen from the size of a tile on screen (see docs/gui.md).
enum class Detail {
  Image,    ///< < 1 px per tile: colours only
  Borders,  ///< 1-4 px: item borders
  Grid,     ///< 4-12 px: grid lines
  Glyphs,   ///< >= 12 px: glyphs, names and coordinates where they fit
};
Detail detailFor(double pixelsPerTile);

struct ViewTransform {
  double scale = 32;  ///< pixels per world unit
  QPointF offset;     ///< pixel position of world (0, 0)

  QPointF toScreen(const QPointF& world) const { return offset + world * scale; }
  QPointF toWorld(const QPointF& pixel) const { return (pixel - offset) / scale; }
  QRectF toScreen(const QRectF& world) const;
  QRectF toWorld(const QRectF& pixels) const;
  Detail detail() const { return detailFor(scale); }

  /// Scales by `factor` keeping the world point under `anchor` (pixels) where it is.
  void zoomAbout(double factor, const QPointF& anchor);
  /// The transform showing `world` centred in `pixels` with `margin` pixels around it.
  static ViewTransform fitting(const QRectF& world, const QSizeF& pixels, double margin);

  static constexpr double kMinScale = 0.05;
  static constexpr double kMaxScale = 400;
};

}  // namespace ts::ui
