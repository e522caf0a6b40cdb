#pragma once
// The AIE array's paint code, used by the canvas, PNG/SVG export and `tilestudio-cli render`.
// Draws in pixel coordinates (no painter transform) so line widths and text stay crisp, and
// chooses what to draw from the tile size (level of detail).
#include <QColor>
#include <QFont>
#include <QPainterPath>

#include "widgets/aie_scene.h"
#include "widgets/scene_painter.h"

namespace ts::ui {

/// Colours of the AIE canvas (tests read them to check pictures).
struct AiePalette {
  static QColor background() { return QColor(0xf4, 0xf5, 0xf7); }
  static QColor tile(aie::TileKind kind, bool hasDma = true);
  static QColor core(aie::CoreKind kind);
  /// Distinct fills for the groups of a design (golden-angle hues), by group index.
  static QColor group(int index);
  static QColor interconnect(aie::Interconnect type);
  static QColor flyline() { return QColor(0x4a, 0x5a, 0x70, 150); }
  static QColor highlight() { return QColor(0xe8, 0x71, 0x0a); }
  static QColor selection() { return QColor(0xff, 0xb0, 0x00); }
  static QColor violation() { return QColor(0xd6, 0x27, 0x28); }
  static QColor warning() { return QColor(0xe0, 0x8e, 0x0b); }
  static QColor legal() { return QColor(0x2e, 0xa0, 0x43); }
  /// Utilisation ramp: 0 green-white, 0.5 yellow, 1 red, above 1 dark red.
  static QColor heat(double utilisation);
  /// The legend box the canvas draws over or under the array, whatever the desktop theme.
  static QColor legendBackground() { return QColor(255, 255, 255, 225); }
  static QColor legendBorder() { return QColor(0xa0, 0xa8, 0xb4); }
  static QColor legendText() { return QColor(0x30, 0x30, 0x30); }
};

class AiePainter : public ScenePainter {
 public:
  explicit AiePainter(const AieScene* scene = nullptr) : scene_(scene) {}
  void setScene(const AieScene* scene) { scene_ = scene; }
  const AieScene* scene() const { return scene_; }

  QSizeF worldSize() const override;
  void paint(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const override;
  /// Tiles, heat maps, nets, cores, badges and the legend: what only a scene, view or size
  /// change alters.
  void paintBase(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const override;
  /// The selected tile, the selection's nets drawn over everything, and the outlines of
  /// selected, neighbouring and hovered cores.
  void paintOverlay(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const override;
  double footerHeight() const override;

  /// Font for text of a given pixel height (fixed family so every export looks the same).
  static QFont font(double pixelSize, bool bold = false);
  /// Draws one core glyph with the longest of `labels` that fits (used for the drag ghost too).
  static void drawCoreGlyph(QPainter& p, const QRectF& r, const QColor& fill, const QStringList& labels, bool pinned,
                            bool showName);
  /// A padlock in `r` (pinned cores; the design browser's pin icon).
  static void drawPadlock(QPainter& p, const QRectF& r, const QColor& colour);

 private:
  struct Frame;
  bool makeFrame(const ViewTransform& view, const QRectF& pixelRect, Frame* frame) const;
  void paintTiles(QPainter& p, const Frame& f) const;
  void paintBadges(QPainter& p, const Frame& f) const;
  /// Flylines of every net (`highlighted` false) or of the selection's nets only (true).
  void paintFlylines(QPainter& p, const Frame& f, bool highlighted) const;
  void paintRoutes(QPainter& p, const Frame& f, bool highlighted) const;
  void paintLinkHeat(QPainter& p, const Frame& f) const;
  void paintCores(QPainter& p, const Frame& f) const;
  void paintCoreOutlines(QPainter& p, const Frame& f) const;
  void paintLegend(QPainter& p, const Frame& f) const;
  /// Title and entries of the legend the scene needs (empty title: no legend).
  struct Legend;
  Legend legend() const;
  double heatValue(int tileIndex) const;
  bool highlighted(aie::NetId n) const;

  const AieScene* scene_;
};

}  // namespace ts::ui
