#pragma once
// The AIE array's paint code, used by the canvas, PNG/SVG export and `tilestudio-cli render`.
// Draws in pixel coordinates (no painter transform) so line widths and text stay crisp, and
// chooses what to draw from the tile size (level of detail).
#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QPixmap>
#include <QStringList>
#include <vector>

#include "widgets/aie_scene.h"
#include "widgets/keyed_layer.h"
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
  static QColor memoryUse() { return QColor(0x00, 0x89, 0x7b); }
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
  void dropCaches() const override;
  /// The legend's title as drawn (empty: no legend, or one without a title).
  QString legendTitle() const;
  /// The tile layer (background, tiles, coordinates) kept between frames: its counts of whole
  /// draws and of tile redraws tell tests a copy from a redraw.
  const KeyedLayer& tileLayer() const { return tileLayer_; }

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
  /// What a tile's rectangle shows besides its coordinates.
  struct TileLook {
    QColor fill;
    bool bad = false, warn = false;
  };
  TileLook tileLook(aie::TileCoord t) const;
  /// Every input of the tile layer's pixels for this frame; the visible tiles' looks, one entry
  /// each, start at `*firstTile`.
  KeyedLayer::Key tileLayerKey(const Frame& f, size_t* firstTile) const;
  /// The visible tiles, or of those only the ones `only` marks (by Device::index).
  void paintTiles(QPainter& p, const Frame& f, const std::vector<char>* only = nullptr) const;
  void paintBadges(QPainter& p, const Frame& f) const;
  /// The DMA, memory and BD badges of tile `ti` in its (inset) rectangle `r` (`bdTextPx` 0: no
  /// "BD used/capacity" text).
  void paintTileBadges(QPainter& p, const QRectF& r, int ti, double squareSize, int bdTextPx) const;
  /// Flylines of every net (`highlighted` false) or of the selection's nets only (true).
  void paintFlylines(QPainter& p, const Frame& f, bool highlighted) const;
  void paintRoutes(QPainter& p, const Frame& f, bool highlighted) const;
  void paintLinkHeat(QPainter& p, const Frame& f) const;
  void paintCores(QPainter& p, const Frame& f) const;
  /// drawCoreGlyph() for core c, reusing c's glyph when nothing about it changed.
  void drawKeptGlyph(QPainter& p, aie::CoreId c, const QRectF& r, const QStringList& labels, bool pinned,
                     bool names) const;
  void paintCoreOutlines(QPainter& p, const Frame& f) const;
  void paintLegend(QPainter& p, const Frame& f) const;
  /// Title and entries of the legend the scene needs (empty title: no legend).
  struct Legend;
  Legend legend() const;
  /// The legend `l` in `box`.
  void drawLegend(QPainter& p, const Legend& l, const QRectF& box) const;
  double heatValue(int tileIndex) const;
  bool highlighted(aie::NetId n) const;

  const AieScene* scene_;

  // Kept between frames (screen and PNG only): the tile layer; per core the pixmap of its glyph
  // with what it was drawn from, so unchanged cores skip fitting their names; the legend.
  struct GlyphMemo {
    QSizeF size;
    QPointF phase;  ///< position within its first pixel
    QRgb fill = 0;
    bool pinned = false, names = false, antialiased = false;
    QStringList labels;
    QPixmap pixmap;  ///< null: nothing kept
  };
  struct LegendMemo {
    QString signature;  ///< Legend::signature() of what `size` and `image` show
    QSizeF size;
    QPointF phase;  ///< the box's position within its first pixel, for `image`
    bool antialiased = false;
    QImage image;  ///< null: not drawn yet
  };
  mutable KeyedLayer tileLayer_{KeyedLayer::Fill::Opaque};
  mutable LegendMemo legendMemo_;
  mutable std::vector<GlyphMemo> glyphMemo_;
};

}  // namespace ts::ui
