#include "widgets/grid_canvas.h"

#include <QApplication>
#include <QFileInfo>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

#include "widgets/image_export.h"

namespace ts::ui {

namespace {
constexpr double kFitMargin = 12;
constexpr double kWheelStep = 1.0015;  // per 1/8 degree of wheel rotation
}  // namespace

GridCanvas::GridCanvas(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setAttribute(Qt::WA_OpaquePaintEvent);
  repaintTimer_.setSingleShot(true);
  repaintTimer_.setInterval(8);
  connect(&repaintTimer_, &QTimer::timeout, this, qOverload<>(&QWidget::update));
}

void GridCanvas::setGridSize(int columns, int rows) {
  columns_ = std::max(1, columns);
  rows_ = std::max(1, rows);
  autoFit_ = true;
  fitAll();
}

void GridCanvas::setView(const ViewTransform& view) {
  view_ = view;
  emit viewChanged();
  scheduleRepaint();
}

bool GridCanvas::cellAt(const QPointF& pixel, QPoint* cell) const {
  QPointF w = view_.toWorld(pixel);
  int c = int(std::floor(w.x())), r = int(std::floor(w.y()));
  if (c < 0 || r < 0 || c >= columns_ || r >= rows_) return false;
  if (cell) *cell = QPoint(c, r);
  return true;
}

QRectF GridCanvas::cellRect(const QPoint& cell) const {
  return view_.toScreen(QRectF(cell.x(), cell.y(), 1, 1));
}

QRectF GridCanvas::visibleWorldRect() const {
  return view_.toWorld(QRectF(rect()));
}

QImage GridCanvas::renderVisible() const {
  QImage out;
  withExportPainter([&](const ScenePainter& sp) { out = renderScene(sp, view_, size()); });
  return out;
}

QImage GridCanvas::renderWhole(double pixelsPerTile) const {
  QImage out;
  withExportPainter([&](const ScenePainter& sp) { out = renderWholeScene(sp, pixelsPerTile); });
  return out;
}

void GridCanvas::exportPicture(const QString& path, bool wholeGrid, double pixelsPerTile) const {
  withExportPainter([&](const ScenePainter& sp) {
    if (wholeGrid) {
      saveWholeScene(sp, path, pixelsPerTile);
    } else {
      saveScene(sp, view_, size(), path, QFileInfo(path).completeBaseName());
    }
  });
}

void GridCanvas::zoomIn() {
  zoomBy(1.25, QRectF(rect()).center());
}
void GridCanvas::zoomOut() {
  zoomBy(1 / 1.25, QRectF(rect()).center());
}

void GridCanvas::zoomBy(double factor, const QPointF& anchorPixel) {
  autoFit_ = false;
  view_.zoomAbout(factor, anchorPixel);
  emit viewChanged();
  scheduleRepaint();
}

void GridCanvas::fitAll() {
  autoFit_ = true;
  view_ = fittedView();
  emit viewChanged();
  scheduleRepaint();
}

ViewTransform GridCanvas::fittedView() const {
  // The legend goes under the scene when there is room: leave it that room.
  const double footer = std::min(scenePainter().footerHeight(), height() / 4.0);
  return ViewTransform::fitting(worldRect(), QSizeF(width(), std::max(1.0, height() - footer)), kFitMargin);
}

void GridCanvas::zoomToWorldRect(const QRectF& world) {
  if (world.isEmpty()) return;
  autoFit_ = false;
  // Never zoom in so far that a single tile fills the whole view.
  QRectF target = world;
  if (target.width() < 3) target.adjust(-(3 - target.width()) / 2, 0, (3 - target.width()) / 2, 0);
  if (target.height() < 3) target.adjust(0, -(3 - target.height()) / 2, 0, (3 - target.height()) / 2);
  view_ = ViewTransform::fitting(target, QSizeF(size()), kFitMargin);
  emit viewChanged();
  scheduleRepaint();
}

void GridCanvas::zoomToSelection() {
  QRectF r = selectionWorldRect();
  if (r.isEmpty())
    fitAll();
  else
    zoomToWorldRect(r);
}

void GridCanvas::panBy(const QPointF& pixels) {
  autoFit_ = false;
  view_.offset += pixels;
  emit viewChanged();
  scheduleRepaint();
}

void GridCanvas::scheduleRepaint() {
  if (!repaintTimer_.isActive()) repaintTimer_.start();
}

bool GridCanvas::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    QString text = tooltipAt(help->pos());
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this);
    return true;
  }
  return QWidget::event(e);
}

void GridCanvas::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  scenePainter().paint(painter, view_, QRectF(rect()));
  paintDecorations(painter);
  if (gesture_ == Gesture::Rubber) {
    painter.setPen(QPen(QColor(30, 90, 200), 1, Qt::DashLine));
    painter.setBrush(QColor(30, 90, 200, 40));
    painter.drawRect(rubber_.normalized());
  }
}

void GridCanvas::resizeEvent(QResizeEvent*) {
  if (autoFit_) {
    view_ = fittedView();
    emit viewChanged();
  }
}

void GridCanvas::wheelEvent(QWheelEvent* e) {
  double steps = e->angleDelta().y();
  if (steps == 0) return;
  zoomBy(std::pow(kWheelStep, steps), e->position());
  e->accept();
}

void GridCanvas::mousePressEvent(QMouseEvent* e) {
  pressPos_ = lastPos_ = e->pos();
  pressModifiers_ = e->modifiers();
  if (e->button() == Qt::MiddleButton || e->button() == Qt::RightButton) {
    gesture_ = Gesture::Pan;
    setCursor(Qt::ClosedHandCursor);
  } else if (e->button() == Qt::LeftButton) {
    gesture_ = Gesture::Press;
  }
  setFocus(Qt::MouseFocusReason);
}

void GridCanvas::mouseMoveEvent(QMouseEvent* e) {
  updateCursorCell(e->localPos());
  QPoint pos = e->pos();
  switch (gesture_) {
    case Gesture::Pan:
      panBy(pos - lastPos_);
      break;
    case Gesture::Press:
      if ((e->buttons() & Qt::LeftButton) && (pos - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
        if (beginItemDrag(pressPos_, pressModifiers_)) {
          gesture_ = Gesture::ItemDrag;
          itemDragMove(e->localPos());
        } else {
          gesture_ = Gesture::Rubber;
          rubber_ = QRect(pressPos_, pos);
          scheduleRepaint();
        }
      }
      break;
    case Gesture::Rubber:
      rubber_ = QRect(pressPos_, pos);
      scheduleRepaint();
      break;
    case Gesture::ItemDrag:
      itemDragMove(e->localPos());
      break;
    case Gesture::None:
      hoverAt(e->localPos());
      break;
  }
  lastPos_ = pos;
}

void GridCanvas::mouseReleaseEvent(QMouseEvent* e) {
  Gesture g = gesture_;
  gesture_ = Gesture::None;
  unsetCursor();
  switch (g) {
    case Gesture::Press:
      if (e->button() == Qt::LeftButton) clickAt(e->localPos(), e->modifiers());
      break;
    case Gesture::Rubber:
      selectInWorldRect(view_.toWorld(QRectF(rubber_.normalized())), e->modifiers());
      scheduleRepaint();
      break;
    case Gesture::ItemDrag:
      itemDragEnd(e->localPos(), true);
      break;
    default:
      break;
  }
}

void GridCanvas::mouseDoubleClickEvent(QMouseEvent* e) {
  if (e->button() == Qt::LeftButton) zoomToSelection();
}

void GridCanvas::keyPressEvent(QKeyEvent* e) {
  const double step = 60;
  switch (e->key()) {
    case Qt::Key_Left:
      panBy(QPointF(step, 0));
      break;
    case Qt::Key_Right:
      panBy(QPointF(-step, 0));
      break;
    case Qt::Key_Up:
      panBy(QPointF(0, step));
      break;
    case Qt::Key_Down:
      panBy(QPointF(0, -step));
      break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
      zoomIn();
      break;
    case Qt::Key_Minus:
      zoomOut();
      break;
    case Qt::Key_F:
      fitAll();
      break;
    case Qt::Key_Escape:
      if (gesture_ == Gesture::ItemDrag) itemDragEnd(QPointF(lastPos_), false);
      if (gesture_ == Gesture::Rubber) scheduleRepaint();
      gesture_ = Gesture::None;
      break;
    default:
      QWidget::keyPressEvent(e);
      return;
  }
  e->accept();
}

void GridCanvas::leaveEvent(QEvent*) {
  lastCell_ = QPoint(-1, -1);
  emit cursorCellChanged(lastCell_, false);
  hoverAt(QPointF(-1e9, -1e9));
}

void GridCanvas::updateCursorCell(const QPointF& pixel) {
  QPoint cell;
  bool inside = cellAt(pixel, &cell);
  if (!inside) cell = QPoint(-1, -1);
  if (cell != lastCell_) {
    lastCell_ = cell;
    emit cursorCellChanged(cell, inside);
  }
}

}  // namespace ts::ui
