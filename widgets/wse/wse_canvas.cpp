#include "widgets/wse/wse_canvas.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <cmath>

#include "engine/wse/snapshot.h"
#include "widgets/aie_painter.h"
#include "widgets/wse/wse_describe.h"

namespace ts::ui {

WseCanvas::WseCanvas(WseDocument* document, QWidget* parent) : GridCanvas(parent), doc_(document) {
  setMinimumSize(200, 150);
  painter_.setScene(&scene_);
  connect(doc_, &WseDocument::opened, this, [this] {
    live_.reset();
    drag_ = Drag();
    preview_ = Preview();
    scene_.selected.clear();
    scene_.hover = -1;
    rebind();
    if (doc_->isOpen()) setGridSize(doc_->graph().width, doc_->graph().height);
    emit selectionChanged();
  });
  connect(doc_, &WseDocument::changed, this, [this] {
    clearPreview();
    rebind();
  });
  rebind();
  if (doc_->isOpen()) setGridSize(doc_->graph().width, doc_->graph().height);
}

WseCanvas::~WseCanvas() = default;

void WseCanvas::rebind() {
  if (!doc_->isOpen()) {
    scene_.clear();
  } else if (live_ && int(live_->layout.kernels.size()) == doc_->graph().kernelCount()) {
    scene_.set(&doc_->graph(), &live_->layout, &liveEvaluation_);
  } else {
    scene_.set(&doc_->graph(), &doc_->layout(), &doc_->evaluation());
  }
  painter_.setTitle(title());
  scheduleRepaint();
}

QString WseCanvas::title() const {
  if (!doc_->isOpen()) return {};
  return QFileInfo(doc_->filePath()).fileName() + QStringLiteral(" · ") +
         (live_ ? liveCaption_ : tr("layout from %1").arg(doc_->layoutSource()));
}

void WseCanvas::setLayers(const WseLayers& layers) {
  scene_.layers = layers;
  scheduleRepaint();
}

void WseCanvas::setMessage(const QString& message) {
  painter_.setMessage(message);
  scheduleRepaint();
}

std::vector<int> WseCanvas::selectedKernels() const {
  std::vector<int> out;
  for (size_t k = 0; k < scene_.selected.size(); ++k)
    if (scene_.selected[k]) out.push_back(int(k));
  return out;
}

void WseCanvas::setSelectedKernels(const std::vector<int>& kernels) {
  std::fill(scene_.selected.begin(), scene_.selected.end(), 0);
  for (int k : kernels)
    if (k >= 0 && size_t(k) < scene_.selected.size()) scene_.selected[size_t(k)] = 1;
  scheduleRepaint();
  emit selectionChanged();
}

void WseCanvas::selectAll() {
  std::vector<int> all;
  for (size_t k = 0; k < scene_.kernels().size(); ++k)
    if (scene_.kernels()[k].drawn) all.push_back(int(k));
  setSelectedKernels(all);
}

void WseCanvas::clearSelection() {
  setSelectedKernels({});
}

void WseCanvas::showSnapshot(std::shared_ptr<const wse::LayoutSnapshot> snapshot, const QString& caption) {
  live_ = std::move(snapshot);
  liveCaption_ = caption.isEmpty() ? tr("run in progress") : caption;
  if (live_ && doc_->isOpen()) liveEvaluation_ = wse::evaluate(doc_->graph(), live_->layout);
  clearPreview();
  rebind();
}

void WseCanvas::setDimmed(std::vector<char> kernels, std::vector<char> edges) {
  scene_.dimKernels = std::move(kernels);
  scene_.dimEdges = std::move(edges);
  scheduleRepaint();
}

QRectF WseCanvas::fabricRect() const {
  if (!scene_.valid()) return {};
  return view().toScreen(QRectF(0, 0, scene_.graph().width, scene_.graph().height));
}

QRectF WseCanvas::kernelRect(int k) const {
  QRectF world = scene_.kernelWorldRect(k);
  return world.isEmpty() ? QRectF() : view().toScreen(world);
}

int WseCanvas::kernelAt(const QPointF& pixel) const {
  return scene_.kernelAtWorld(view().toWorld(pixel));
}

bool WseCanvas::tileAt(const QPointF& pixel, int* x, int* y) const {
  return scene_.tileAtWorld(view().toWorld(pixel), x, y);
}

QPointF WseCanvas::tileCenter(int x, int y) const {
  if (!scene_.valid()) return {};
  return view().toScreen(QPointF(x + 0.5, scene_.graph().height - y - 0.5));
}

WseEdit WseCanvas::previewMove(int k, int x, int y) {
  const wse::PlacedKernel& p = doc_->layout().kernels[size_t(k)];
  if (!preview_.active || preview_.edit.kernel != k || preview_.edit.after.kernels[size_t(k)].x != x ||
      preview_.edit.after.kernels[size_t(k)].y != y) {
    preview_.edit = doc_->checkMove(k, x, y);
    emit editMessage(preview_.edit.allowed ? preview_.edit.summary() : preview_.edit.reason);
  }
  // Hovering over the kernel's own place is no move at all: no ghost.
  preview_.active = !(p.x == x && p.y == y);
  scheduleRepaint();
  return preview_.edit;
}

void WseCanvas::clearPreview() {
  if (!preview_.active && preview_.edit.kernel < 0) return;
  preview_ = Preview();
  scheduleRepaint();
}

bool WseCanvas::dropKernel(int k, int x, int y) {
  clearPreview();
  if (!editable_) return false;
  if (live_) {
    emit editMessage(tr("A run is showing; keep or discard its result first"));
    return false;
  }
  QString why;
  bool ok = doc_->moveKernel(k, x, y, &why);
  emit editMessage(
      ok ? tr("Moved %1 to (%2, %3)").arg(QString::fromStdString(doc_->graph().kernels[size_t(k)].name)).arg(x).arg(y)
         : tr("Move refused: %1").arg(why));
  return ok;
}

QRectF WseCanvas::selectionWorldRect() const {
  QRectF r;
  for (int k : selectedKernels()) r = r.united(scene_.kernelWorldRect(k));
  return r;
}

bool WseCanvas::beginItemDrag(const QPointF& pressPixel, Qt::KeyboardModifiers) {
  if (live_ || !editable_ || !doc_->isOpen()) return false;
  int k = kernelAt(pressPixel), x = 0, y = 0;
  if (k < 0 || !tileAt(pressPixel, &x, &y)) return false;
  const wse::PlacedKernel& p = doc_->layout().kernels[size_t(k)];
  drag_ = {k, x - p.x, y - p.y};
  if (!scene_.isSelected(k)) setSelectedKernels({k});
  return true;
}

void WseCanvas::itemDragMove(const QPointF& pixel) {
  if (drag_.kernel < 0) return;
  // Past the fabric's edge the ghost keeps following, shown red.
  QPointF world = view().toWorld(pixel);
  int x = int(std::floor(world.x())), y = scene_.graph().height - 1 - int(std::floor(world.y()));
  previewMove(drag_.kernel, x - drag_.grabX, y - drag_.grabY);
  preview_.cursor = pixel;
}

void WseCanvas::itemDragEnd(const QPointF& pixel, bool commit) {
  const Drag d = drag_;
  drag_ = Drag();
  clearPreview();
  if (d.kernel < 0 || !commit) return;
  // The corner keeps the offset at which the kernel was grabbed.
  QPointF world = view().toWorld(pixel);
  int x = int(std::floor(world.x())) - d.grabX;
  int y = scene_.graph().height - 1 - int(std::floor(world.y())) - d.grabY;
  const wse::PlacedKernel& p = doc_->layout().kernels[size_t(d.kernel)];
  if (x != p.x || y != p.y) dropKernel(d.kernel, x, y);
}

void WseCanvas::clickAt(const QPointF& pixel, Qt::KeyboardModifiers modifiers) {
  int k = kernelAt(pixel);
  bool add = modifiers & (Qt::ControlModifier | Qt::ShiftModifier);
  std::vector<int> sel = add ? selectedKernels() : std::vector<int>{};
  if (k >= 0) {
    auto it = std::find(sel.begin(), sel.end(), k);
    if (it != sel.end())
      sel.erase(it);
    else
      sel.push_back(k);
  }
  setSelectedKernels(sel);
}

void WseCanvas::selectInWorldRect(const QRectF& world, Qt::KeyboardModifiers modifiers) {
  std::vector<int> sel;
  if (modifiers & (Qt::ControlModifier | Qt::ShiftModifier)) sel = selectedKernels();
  for (int k = 0; k < int(scene_.kernels().size()); ++k) {
    QRectF r = scene_.kernelWorldRect(k);
    if (!r.isEmpty() && world.intersects(r) && std::find(sel.begin(), sel.end(), k) == sel.end()) sel.push_back(k);
  }
  setSelectedKernels(sel);
}

void WseCanvas::hoverAt(const QPointF& pixel) {
  int k = kernelAt(pixel);
  if (k != scene_.hover) {
    scene_.hover = k;
    scheduleRepaint();
  }
}

void WseCanvas::paintDecorations(QPainter& p) {
  if (!preview_.active || !scene_.valid()) return;
  const WseEdit& e = preview_.edit;
  const QColor c = e.allowed ? WsePalette::legal() : WsePalette::violation();
  wse::Box b = wse::kernelBox(scene_.graph().kernels[size_t(e.kernel)].spec, e.after.kernels[size_t(e.kernel)]);
  QRectF ghost = view().toScreen(scene_.worldRect(b));
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setPen(QPen(c, 2));
  p.setBrush(QColor(c.red(), c.green(), c.blue(), 70));
  p.drawRect(ghost);
  QString text = e.allowed ? e.summary() : e.reason;
  QFont f = AiePainter::font(12);
  QFontMetricsF fm(f);
  QRectF box(ghost.right() + 8, ghost.top(), fm.horizontalAdvance(text) + 14, fm.height() + 8);
  if (box.right() > width()) box.moveRight(ghost.left() - 8);
  if (box.left() < 0) box.moveLeft(4);
  box.moveTop(std::clamp(box.top(), 4.0, std::max(4.0, height() - box.height() - 4)));
  p.setPen(c);
  p.setBrush(QColor(255, 255, 255, 240));
  p.drawRoundedRect(box, 4, 4);
  p.setFont(f);
  p.setPen(QColor(0x20, 0x20, 0x20));
  p.drawText(box, Qt::AlignCenter, text);
}

void WseCanvas::withExportPainter(const std::function<void(const ScenePainter&)>& use) const {
  WseScene clean = scene_;
  std::fill(clean.selected.begin(), clean.selected.end(), 0);
  clean.hover = -1;
  WsePainter painter(&clean);
  painter.setTitle(title());
  use(painter);
}

QString WseCanvas::tooltipAt(const QPointF& pixel) const {
  int x = 0, y = 0;
  if (!scene_.valid() || !tileAt(pixel, &x, &y)) return {};
  QString s = tr("tile (%1, %2)").arg(x).arg(y);
  int k = kernelAt(pixel);
  if (k >= 0) s = wseKernelHtml(scene_.graph(), scene_.layout(), k, false) + "<hr>" + s;
  return s;
}

}  // namespace ts::ui
