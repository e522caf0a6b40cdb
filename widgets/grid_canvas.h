#pragma once
// Base of every fabric canvas (AIE array now, WSE fabric later): one QWidget + QPainter, a
// world of columns x rows cells of one unit each, pan/zoom about the cursor, fit, level of
// detail, O(1) cell picking, rubber-band selection, coalesced repaints and export. A derived
// canvas supplies the ScenePainter and reacts to clicks, rubber bands and item drags.
#include <QImage>
#include <QPoint>
#include <QTimer>
#include <QWidget>
#include <functional>

#include "widgets/scene_painter.h"

namespace ts::ui {

class GridCanvas : public QWidget {
  Q_OBJECT
 public:
  explicit GridCanvas(QWidget* parent = nullptr);

  /// Grid size in cells; a cell (column, displayRow) covers world [c, c+1] x [r, r+1].
  void setGridSize(int columns, int rows);
  int gridColumns() const { return columns_; }
  int gridRows() const { return rows_; }

  const ViewTransform& view() const { return view_; }
  void setView(const ViewTransform& view);
  double pixelsPerTile() const { return view_.scale; }
  Detail detail() const { return view_.detail(); }

  /// Cell under a widget pixel (arithmetic, no search); false outside the grid.
  bool cellAt(const QPointF& pixel, QPoint* cell) const;
  QRectF cellRect(const QPoint& cell) const;  ///< in widget pixels
  QPointF cellCenter(const QPoint& cell) const { return cellRect(cell).center(); }
  /// World rectangle currently visible.
  QRectF visibleWorldRect() const;

  /// The widget's current view as an image, without transient decorations.
  QImage renderVisible() const;
  /// Whole grid (or only the visible part) to .png/.svg; throws core::Error on failure.
  void exportPicture(const QString& path, bool wholeGrid, double pixelsPerTile = 48) const;
  /// Whole grid as an image, as exportPicture draws it.
  QImage renderWhole(double pixelsPerTile = 48) const;

  virtual const ScenePainter& scenePainter() const = 0;

 public slots:
  void zoomIn();
  void zoomOut();
  void zoomBy(double factor, const QPointF& anchorPixel);
  void fitAll();
  void zoomToWorldRect(const QRectF& world);
  void zoomToSelection();
  void panBy(const QPointF& pixels);
  /// Repaint soon; many calls within one frame cost one paint.
  void scheduleRepaint();

 signals:
  void cursorCellChanged(const QPoint& cell, bool inside);
  void viewChanged();

 protected:
  /// World bounds of the selection (empty = nothing selected).
  virtual QRectF selectionWorldRect() const { return {}; }
  /// Left press + move past the drag distance: return true to take it as an item drag.
  virtual bool beginItemDrag(const QPointF& /*pressPixel*/, Qt::KeyboardModifiers) { return false; }
  virtual void itemDragMove(const QPointF& /*pixel*/) {}
  virtual void itemDragEnd(const QPointF& /*pixel*/, bool /*commit*/) {}
  /// Left click without moving.
  virtual void clickAt(const QPointF& /*pixel*/, Qt::KeyboardModifiers) {}
  /// Rubber band released; `world` is normalised.
  virtual void selectInWorldRect(const QRectF& /*world*/, Qt::KeyboardModifiers) {}
  virtual void hoverAt(const QPointF& /*pixel*/) {}
  /// Rich-text tooltip for what is under a widget pixel (empty: none).
  virtual QString tooltipAt(const QPointF& /*pixel*/) const { return {}; }
  /// Drawn over the scene on screen only (previews, hover), never exported.
  virtual void paintDecorations(QPainter&) {}
  /// Calls `use` with the painter for pictures (default: the screen's; a canvas can leave
  /// out its interactive state such as the selection).
  virtual void withExportPainter(const std::function<void(const ScenePainter&)>& use) const { use(scenePainter()); }

  bool event(QEvent* e) override;
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent*) override;
  void wheelEvent(QWheelEvent*) override;
  void mousePressEvent(QMouseEvent*) override;
  void mouseMoveEvent(QMouseEvent*) override;
  void mouseReleaseEvent(QMouseEvent*) override;
  void mouseDoubleClickEvent(QMouseEvent*) override;
  void keyPressEvent(QKeyEvent*) override;
  void leaveEvent(QEvent*) override;

 private:
  enum class Gesture { None, Press, Pan, Rubber, ItemDrag };
  QRectF worldRect() const { return QRectF(0, 0, columns_, rows_); }
  ViewTransform fittedView() const;
  void updateCursorCell(const QPointF& pixel);

  int columns_ = 1, rows_ = 1;
  ViewTransform view_;
  bool autoFit_ = true;  // refit on resize until the user zooms or pans
  Gesture gesture_ = Gesture::None;
  QPoint pressPos_, lastPos_;
  Qt::KeyboardModifiers pressModifiers_;
  QRect rubber_;
  QPoint lastCell_{-1, -1};
  QTimer repaintTimer_;
};

}  // namespace ts::ui
