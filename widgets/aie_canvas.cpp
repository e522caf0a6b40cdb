#include "widgets/aie_canvas.h"

#include <QDragEnterEvent>
#include <QFontMetricsF>
#include <QMimeData>

#include "engine/aie/snapshot.h"
#include "widgets/qt_text.h"

namespace ts::ui {

using aie::CoreId;
using aie::TileCoord;

const char* const AieCanvas::kCoreMimeType = "application/x-tilestudio-aie-core";

namespace {
QString kib(int64_t bytes) {
  return QString::number(double(bytes) / 1024.0, 'f', bytes % 1024 ? 1 : 0) + " KiB";
}
}  // namespace

AieCanvas::AieCanvas(AieDocument* document, QWidget* parent) : GridCanvas(parent), doc_(document) {
  setAcceptDrops(true);
  setMinimumSize(200, 150);
  setSceneCaching(true);
  painter_.setScene(&scene_);
  connect(doc_, &AieDocument::opened, this, [this] {
    scene_.setDesign(nullptr, nullptr);  // a new design: new core labels
    live_.reset();
    scene_.selectedCores.clear();
    scene_.selectedTile = QPoint(-1, -1);
    rebuildScene();
    if (doc_->isOpen()) setGridSize(doc_->device().columns(), doc_->device().rows());
    emit selectionChanged();
  });
  connect(doc_, &AieDocument::changed, this, [this] {
    clearPreview();
    rebuildScene();
  });
  if (doc_->isOpen()) {
    rebuildScene();
    setGridSize(doc_->device().columns(), doc_->device().rows());
  }
}

void AieCanvas::setLayers(const AieLayers& layers) {
  scene_.layers = layers;
  invalidateScene();
}

void AieCanvas::setDimmed(std::vector<char> cores, std::vector<char> nets) {
  scene_.dimCores = std::move(cores);
  scene_.dimNets = std::move(nets);
  invalidateScene();
}

void AieCanvas::setHeatMap(HeatMap heat) {
  scene_.setHeatMap(heat);
  invalidateScene();
}

void AieCanvas::rebuildScene() {
  if (!doc_->isOpen()) {
    AieScene fresh;
    fresh.layers = scene_.layers;
    fresh.heat = scene_.heat;
    scene_ = std::move(fresh);
    invalidateScene();
    return;
  }
  const bool live = live_ && live_->placement.size() == doc_->design().coreCount();
  if (scene_.design != &doc_->design() || scene_.device != &doc_->device())
    scene_.setDesign(&doc_->design(), &doc_->device());
  scene_.placement = live ? &live_->placement : &doc_->placement();
  scene_.routing = live ? live_->routing.get() : doc_->routing().get();
  scene_.graph = scene_.routing ? doc_->rrGraph().get() : nullptr;
  scene_.usage = live ? &liveUsage_ : &doc_->usage();
  scene_.selectedCores.resize(size_t(doc_->design().coreCount()), 0);
  scene_.indexPlacement();
  scene_.updateExpectedLinks();
  updateHighlights();
  invalidateScene();
}

void AieCanvas::updateHighlights() {
  if (!scene_.valid()) return;
  const aie::Design& d = *scene_.design;
  scene_.highlightedNets.assign(size_t(d.netCount()), 0);
  scene_.neighbourCores.assign(size_t(d.coreCount()), 0);
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    const aie::Net& net = d.nets[n];
    bool touches = scene_.selected(net.source);
    for (CoreId t : net.targets) touches = touches || scene_.selected(t);
    if (!touches) continue;
    scene_.highlightedNets[n] = 1;
    if (!scene_.selected(net.source)) scene_.neighbourCores[net.source] = 1;
    for (CoreId t : net.targets)
      if (!scene_.selected(t)) scene_.neighbourCores[t] = 1;
  }
}

std::vector<CoreId> AieCanvas::selectedCores() const {
  std::vector<CoreId> out;
  for (size_t c = 0; c < scene_.selectedCores.size(); ++c)
    if (scene_.selectedCores[c]) out.push_back(CoreId(c));
  return out;
}

void AieCanvas::setSelectedCores(const std::vector<CoreId>& cores) {
  std::fill(scene_.selectedCores.begin(), scene_.selectedCores.end(), 0);
  for (CoreId c : cores)
    if (c >= 0 && c < int(scene_.selectedCores.size())) scene_.selectedCores[c] = 1;
  if (!cores.empty()) scene_.selectedTile = QPoint(-1, -1);
  updateHighlights();
  scheduleRepaint();
  emit selectionChanged();
}

void AieCanvas::selectTile(TileCoord tile) {
  std::fill(scene_.selectedCores.begin(), scene_.selectedCores.end(), 0);
  scene_.selectedTile = QPoint(tile.col, tile.row);
  updateHighlights();
  scheduleRepaint();
  emit selectionChanged();
}

TileCoord AieCanvas::selectedTile() const {
  return {scene_.selectedTile.x(), scene_.selectedTile.y()};
}

void AieCanvas::selectAll() {
  std::vector<CoreId> all;
  if (scene_.valid())
    for (CoreId c = 0; c < scene_.placement->size(); ++c)
      if (scene_.placement->placed(c)) all.push_back(c);
  setSelectedCores(all);
}

void AieCanvas::clearSelection() {
  scene_.selectedTile = QPoint(-1, -1);
  setSelectedCores({});
}

void AieCanvas::showSnapshot(std::shared_ptr<const aie::PlacementSnapshot> snapshot) {
  live_ = std::move(snapshot);
  if (live_ && doc_->isOpen() && live_->placement.size() == doc_->design().coreCount()) {
    const aie::RrGraph* g = live_->routing ? doc_->rrGraph().get() : nullptr;
    liveUsage_ = computeAieUsage(doc_->design(), doc_->device(), live_->placement, live_->routing.get(), g);
  }
  rebuildScene();
}

QPointF AieCanvas::tileCenter(TileCoord tile) const {
  if (!scene_.device) return {};
  return view().toScreen(scene_.tileWorldRect(tile).center());
}

bool AieCanvas::tileAt(const QPointF& pixel, TileCoord* tile) const {
  return scene_.tileAtWorld(view().toWorld(pixel), tile);
}

CoreId AieCanvas::coreAt(const QPointF& pixel) const {
  return scene_.coreAtWorld(view().toWorld(pixel));
}

MoveCheck AieCanvas::previewDrop(CoreId core, TileCoord tile) {
  if (!preview_.active || preview_.core != core || preview_.tile != tile) {
    preview_.check = doc_->checkMove(core, tile);
    preview_.core = core;
    preview_.tile = tile;
    emit moveMessage(preview_.check.allowed
                         ? preview_.check.summary() + (preview_.check.legal ? QString() : " · " + preview_.check.reason)
                         : preview_.check.reason);
  }
  // Hovering over the core's own tile is no move at all: no preview.
  const aie::Placement& p = doc_->placement();
  preview_.active = !(p.placed(core) && p.tile(core) == tile);
  scheduleRepaint();
  return preview_.check;
}

void AieCanvas::clearPreview() {
  if (!preview_.active && preview_.core < 0) return;
  preview_ = Preview{};
  scheduleRepaint();
}

bool AieCanvas::dropCore(CoreId core, TileCoord tile) {
  QString why;
  clearPreview();
  if (!editable_) return false;
  if (live_) {
    emit moveMessage(tr("A run is showing; keep or discard its result first"));
    return false;
  }
  bool ok = doc_->moveCore(core, tile, &why);
  if (!ok) emit moveMessage(why);
  return ok;
}

QRectF AieCanvas::selectionWorldRect() const {
  QRectF r;
  for (CoreId c : selectedCores()) r = r.united(scene_.coreWorldRect(c));
  if (scene_.selectedTile.x() >= 0 && scene_.device) r = r.united(scene_.tileWorldRect(selectedTile()));
  return r;
}

bool AieCanvas::beginItemDrag(const QPointF& pressPixel, Qt::KeyboardModifiers) {
  if (live_ || !editable_) return false;
  CoreId c = coreAt(pressPixel);
  if (c < 0) return false;
  dragCore_ = c;
  return true;
}

void AieCanvas::itemDragMove(const QPointF& pixel) {
  if (dragCore_ < 0) return;
  TileCoord t;
  if (tileAt(pixel, &t)) {
    previewDrop(dragCore_, t);
    preview_.cursor = pixel;
  } else {
    clearPreview();
  }
}

void AieCanvas::itemDragEnd(const QPointF& pixel, bool commit) {
  CoreId c = dragCore_;
  dragCore_ = -1;
  TileCoord t;
  if (commit && c >= 0 && tileAt(pixel, &t) && !(doc_->placement().placed(c) && doc_->placement().tile(c) == t))
    dropCore(c, t);
  clearPreview();
}

void AieCanvas::clickAt(const QPointF& pixel, Qt::KeyboardModifiers modifiers) {
  CoreId c = coreAt(pixel);
  bool add = modifiers & (Qt::ControlModifier | Qt::ShiftModifier);
  if (c >= 0) {
    std::vector<CoreId> sel = add ? selectedCores() : std::vector<CoreId>{};
    auto it = std::find(sel.begin(), sel.end(), c);
    if (it != sel.end())
      sel.erase(it);
    else
      sel.push_back(c);
    setSelectedCores(sel);
    return;
  }
  TileCoord t;
  if (tileAt(pixel, &t))
    selectTile(t);
  else
    clearSelection();
}

void AieCanvas::selectInWorldRect(const QRectF& world, Qt::KeyboardModifiers modifiers) {
  std::vector<CoreId> sel;
  if (modifiers & (Qt::ControlModifier | Qt::ShiftModifier)) sel = selectedCores();
  if (scene_.valid())
    for (CoreId c = 0; c < scene_.placement->size(); ++c) {
      QRectF r = scene_.coreWorldRect(c);
      if (!r.isEmpty() && world.intersects(r) && std::find(sel.begin(), sel.end(), c) == sel.end()) sel.push_back(c);
    }
  setSelectedCores(sel);
}

void AieCanvas::hoverAt(const QPointF& pixel) {
  CoreId c = coreAt(pixel);
  if (c != scene_.hoverCore) {
    scene_.hoverCore = c;
    scheduleRepaint();
  }
}

void AieCanvas::paintDecorations(QPainter& p) {
  if (!preview_.active || !scene_.valid()) return;
  const bool ok = preview_.check.allowed && preview_.check.legal;
  QColor c = ok ? AiePalette::legal() : AiePalette::violation();
  QRectF tile = view().toScreen(scene_.tileWorldRect(preview_.tile));
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setPen(QPen(c, std::max(2.0, pixelsPerTile() * 0.05)));
  p.setBrush(QColor(c.red(), c.green(), c.blue(), 60));
  p.drawRect(tile.adjusted(1, 1, -1, -1));
  // A ghost of the dragged core where it would land, and the QoR change beside it.
  const aie::LogicalCore& core = scene_.design->cores[preview_.core];
  QRectF ghost = view().toScreen(scene_.coreWorldRect(preview_.tile, 0, 1));
  p.setOpacity(0.6);
  AiePainter::drawCoreGlyph(p, ghost, AiePalette::core(core.kind), scene_.coreLabels[size_t(preview_.core)], false,
                            detail() == Detail::Glyphs);
  p.setOpacity(1.0);
  QString text = previewLabelText();
  QRectF box = previewLabelRect();
  p.setPen(c);
  p.setBrush(QColor(255, 255, 255, 235));
  p.drawRoundedRect(box, 4, 4);
  p.setFont(AiePainter::font(12));
  p.setPen(QColor(0x20, 0x20, 0x20));
  p.drawText(box, Qt::AlignCenter, text);
}

QString AieCanvas::previewLabelText() const {
  return preview_.check.allowed ? preview_.check.summary() : preview_.check.reason;
}

QRectF AieCanvas::previewLabelRect() const {
  if (!preview_.active || !scene_.valid()) return {};
  QFontMetricsF fm(AiePainter::font(12));
  QRectF tile = view().toScreen(scene_.tileWorldRect(preview_.tile));
  const QRectF area = QRectF(rect()).adjusted(2, 2, -2, -2);
  // Beside the tile (right, else left), at its top; long texts wrap nowhere, so the box is
  // moved, and as a last resort shrunk, until it lies inside the canvas.
  QRectF box(tile.right() + 6, tile.top(), std::min(fm.horizontalAdvance(previewLabelText()) + 12, area.width()),
             fm.height() + 8);
  if (box.right() > area.right()) box.moveRight(tile.left() - 6);
  if (box.left() < area.left()) box.moveLeft(area.left());
  if (box.right() > area.right()) box.moveRight(area.right());
  if (box.top() < area.top()) box.moveTop(area.top());
  if (box.bottom() > area.bottom()) box.moveBottom(area.bottom());
  // Over the tile itself would hide the preview: go above or below it when there is room.
  if (box.intersects(tile)) {
    if (tile.top() - 6 - box.height() >= area.top())
      box.moveBottom(tile.top() - 6);
    else if (tile.bottom() + 6 + box.height() <= area.bottom())
      box.moveTop(tile.bottom() + 6);
  }
  return box;
}

void AieCanvas::withExportPainter(const std::function<void(const ScenePainter&)>& use) const {
  AieScene clean = exportScene();
  AiePainter painter(&clean);
  use(painter);
}

AieScene AieCanvas::exportScene() const {
  AieScene s = scene_;
  std::fill(s.selectedCores.begin(), s.selectedCores.end(), 0);
  s.highlightedNets.clear();
  s.neighbourCores.clear();
  s.hoverCore = -1;
  s.selectedTile = QPoint(-1, -1);
  return s;
}

QString AieCanvas::tooltipAt(const QPointF& pixel) const {
  TileCoord t;
  if (!scene_.valid() || !tileAt(pixel, &t)) return {};
  const aie::Device& dev = *scene_.device;
  const aie::TileResources& res = dev.resources(t);
  int ti = dev.index(t);
  QString s = QStringLiteral("<b>%1 tile %2</b>").arg(aie::toString(dev.kind(t)), q(core::toString(t)));
  if (dev.kind(t) == aie::TileKind::Shim && !dev.shimHasDma(t.col)) s += tr(" (no DMA)");
  if (const AieUsage* u = scene_.usage) {
    s += QStringLiteral("<br>DMA in %1/%2 · out %3/%4")
             .arg(u->dmaInUsed[ti])
             .arg(res.dmaIn)
             .arg(u->dmaOutUsed[ti])
             .arg(res.dmaOut);
    if (res.memoryBytes > 0)
      s += QStringLiteral("<br>memory %1 / %2").arg(kib(u->memoryUsed[ti]), kib(res.memoryBytes));
    if (!u->routed) s += tr("<br><i>estimate (not routed)</i>");
  }
  CoreId c = coreAt(pixel);
  if (c >= 0) {
    const aie::LogicalCore& core = scene_.design->cores[c];
    s += QStringLiteral("<hr><b>%1</b> (%2 core)").arg(q(core.name).toHtmlEscaped(), aie::toString(core.kind));
    s += QStringLiteral("<br>buffers %1").arg(kib(core.bufferBytes + aie::streamBufferBytes(*scene_.design, c)));
    if (core.computeCycles) s += QStringLiteral("<br>%1 cycles per object").arg(core.computeCycles);
    if (!core.group.empty()) s += QStringLiteral("<br>group %1").arg(q(core.group).toHtmlEscaped());
    if (scene_.placement->pinned(c) || core.pin) s += tr("<br>pinned");
  }
  return s;
}

CoreId AieCanvas::coreFromMime(const QMimeData* mime) {
  if (!mime || !mime->hasFormat(kCoreMimeType)) return -1;
  bool ok = false;
  int id = QString::fromLatin1(mime->data(kCoreMimeType)).toInt(&ok);
  return ok ? id : -1;
}

void AieCanvas::dragEnterEvent(QDragEnterEvent* e) {
  CoreId c = coreFromMime(e->mimeData());
  if (c >= 0 && doc_->isOpen() && c < doc_->design().coreCount() && !live_ && editable_) {
    e->setDropAction(Qt::MoveAction);
    e->accept();
  } else {
    e->ignore();
  }
}

void AieCanvas::dragMoveEvent(QDragMoveEvent* e) {
  CoreId c = coreFromMime(e->mimeData());
  TileCoord t;
  if (c < 0 || !doc_->isOpen() || c >= doc_->design().coreCount() || !tileAt(e->posF(), &t)) {
    clearPreview();
    e->ignore();
    return;
  }
  MoveCheck m = previewDrop(c, t);
  preview_.cursor = e->posF();
  e->setDropAction(Qt::MoveAction);
  if (m.allowed)
    e->accept();
  else
    e->ignore();
}

void AieCanvas::dragLeaveEvent(QDragLeaveEvent*) {
  clearPreview();
}

void AieCanvas::dropEvent(QDropEvent* e) {
  CoreId c = coreFromMime(e->mimeData());
  TileCoord t;
  if (c >= 0 && doc_->isOpen() && c < doc_->design().coreCount() && tileAt(e->posF(), &t) && dropCore(c, t)) {
    e->setDropAction(Qt::MoveAction);
    e->accept();
  } else {
    e->ignore();
  }
  clearPreview();
}

}  // namespace ts::ui
