#pragma once
// The AIE array canvas: draws a document (or a running job's newest snapshot) through
// AiePainter, selects cores and tiles, shows tooltips, and edits the placement by dragging
// cores (from the design browser via drag-and-drop, or placed cores with the mouse) with a
// green/red legality preview and the QoR change of the move.
#include <QMimeData>
#include <memory>

#include "widgets/aie_document.h"
#include "widgets/aie_painter.h"
#include "widgets/grid_canvas.h"

namespace ts::aie {
struct PlacementSnapshot;
}

namespace ts::ui {

class AieCanvas : public GridCanvas {
  Q_OBJECT
 public:
  /// MIME type of a dragged core: the core id as decimal text.
  static const char* const kCoreMimeType;

  explicit AieCanvas(AieDocument* document, QWidget* parent = nullptr);

  AieDocument* document() const { return doc_; }
  const ScenePainter& scenePainter() const override { return painter_; }
  const AieScene& scene() const { return scene_; }

  AieLayers layers() const { return scene_.layers; }
  void setLayers(const AieLayers& layers);
  HeatMap heatMap() const { return scene_.heat; }
  void setHeatMap(HeatMap heat);

  // Selection.
  std::vector<aie::CoreId> selectedCores() const;
  void setSelectedCores(const std::vector<aie::CoreId>& cores);
  void selectTile(aie::TileCoord tile);
  aie::TileCoord selectedTile() const;  ///< {-1,-1} when none
  void selectAll();
  void clearSelection();

  /// Shows a running job's snapshot instead of the document (nullptr: back to the document).
  void showSnapshot(std::shared_ptr<const aie::PlacementSnapshot> snapshot);
  bool showingSnapshot() const { return bool(live_); }

  // Geometry in widget pixels.
  QPointF tileCenter(aie::TileCoord tile) const;
  bool tileAt(const QPointF& pixel, aie::TileCoord* tile) const;
  aie::CoreId coreAt(const QPointF& pixel) const;

  // Placement edits as plain methods (drag-and-drop and tests call these).
  /// Shows the preview for dropping `core` on `tile` and returns what the drop would do.
  MoveCheck previewDrop(aie::CoreId core, aie::TileCoord tile);
  void clearPreview();
  /// Drops `core` on `tile` (undoable); false when the move is not allowed.
  bool dropCore(aie::CoreId core, aie::TileCoord tile);

  /// The scene without interactive state, as exports draw it.
  AieScene exportScene() const;

 signals:
  void selectionChanged();
  /// One line for the status bar: the QoR change of a move, or why it was refused.
  void moveMessage(const QString& text);

 protected:
  QRectF selectionWorldRect() const override;
  bool beginItemDrag(const QPointF& pressPixel, Qt::KeyboardModifiers modifiers) override;
  void itemDragMove(const QPointF& pixel) override;
  void itemDragEnd(const QPointF& pixel, bool commit) override;
  void clickAt(const QPointF& pixel, Qt::KeyboardModifiers modifiers) override;
  void selectInWorldRect(const QRectF& world, Qt::KeyboardModifiers modifiers) override;
  void hoverAt(const QPointF& pixel) override;
  void paintDecorations(QPainter& painter) override;
  void withExportPainter(const std::function<void(const ScenePainter&)>& use) const override;
  QString tooltipAt(const QPointF& pixel) const override;

  void dragEnterEvent(QDragEnterEvent* e) override;
  void dragMoveEvent(QDragMoveEvent* e) override;
  void dragLeaveEvent(QDragLeaveEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  void rebuildScene();
  void updateHighlights();
  static aie::CoreId coreFromMime(const QMimeData* mime);

  AieDocument* doc_;
  AiePainter painter_;
  AieScene scene_;
  std::shared_ptr<const aie::PlacementSnapshot> live_;
  std::shared_ptr<const aie::RrGraph> liveGraph_;
  AieUsage liveUsage_;

  struct Preview {
    bool active = false;
    aie::CoreId core = -1;
    aie::TileCoord tile{-1, -1};
    MoveCheck check;
    QPointF cursor;
  } preview_;
  aie::CoreId dragCore_ = -1;
};

}  // namespace ts::ui
