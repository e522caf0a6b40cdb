#pragma once
// The one seam between a fabric's drawing code and its users: the canvas widget, PNG/SVG
// export and `tilestudio-cli render` all call the same paint() so they cannot disagree.
#include <QPainter>
#include <QRectF>
#include <QSizeF>

#include "widgets/view_transform.h"

namespace ts::ui {

class ScenePainter {
 public:
  virtual ~ScenePainter() = default;
  /// Extent of the scene in world units; the scene starts at world (0, 0).
  virtual QSizeF worldSize() const = 0;
  /// Draws everything that intersects `pixelRect` (background included) with `view`.
  /// Screen-space items (legends) are placed inside `pixelRect`.
  virtual void paint(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const = 0;
  /// paint() in two layers for canvases that cache: the base changes only when the scene, view
  /// or size changes; the overlay (selection, hover) is drawn over a copy of the base every
  /// time. paint() must equal paintBase() followed by paintOverlay().
  virtual void paintBase(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const {
    paint(painter, view, pixelRect);
  }
  virtual void paintOverlay(QPainter& /*painter*/, const ViewTransform& /*view*/, const QRectF& /*pixelRect*/) const {}
  /// Forget what the painter keeps between frames (layers, glyphs), so the next paint draws
  /// everything: for timing full redraws.
  virtual void dropCaches() const {}
  /// Pixels that whole-scene pictures reserve under the scene (for a legend); 0 = none.
  virtual double footerHeight() const { return 0; }
};

}  // namespace ts::ui
