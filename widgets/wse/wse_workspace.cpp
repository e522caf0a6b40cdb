#include "widgets/wse/wse_workspace.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QTimer>
#include <QWidget>

#include "engine/wse/placers.h"
#include "widgets/compare/compare_controller.h"
#include "widgets/compare/wse_compare.h"
#include "widgets/history/history_dock.h"
#include "widgets/history/wse_history.h"
#include "widgets/workspace_menus.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_inspector.h"
#include "widgets/wse/wse_kernel_list.h"
#include "widgets/wse/wse_problem_list.h"
#include "widgets/wse/wse_run_chart.h"
#include "widgets/wse/wse_run_panel.h"

namespace ts::ui {

WseWorkspace::WseWorkspace(QWidget* parent, bool persistent) : Workspace(parent) {
  doc_ = new WseDocument(this);
  canvas_ = new WseCanvas(doc_, parent);
  list_ = new WseKernelList(doc_, canvas_, parent);
  inspector_ = new WseInspector(doc_, canvas_, parent);
  problems_ = new WseProblemList(doc_, canvas_, parent);
  chart_ = new WseRunChart(parent);
  run_ = new WseRunPanel(doc_, canvas_, chart_, parent);
  historyDock_ = new HistoryDock(parent);
  historyDock_->setEmptyText(
      tr("Runs on this kernel graph appear here: every CU.POKer, TBS-SA or divide-and-conquer run is kept with its "
         "settings, layout, scores and charts."));
  history_ = new WseHistory(doc_, canvas_, run_, historyDock_, persistent, this);
  compare_ = new CompareController(
      history_, historyDock_, [this] { return std::make_unique<WseCompareSupport>(history_); }, parent, persistent);
  buildMenus();
  connect(canvas_, &WseCanvas::selectionChanged, this, [this] {
    rotate_->setEnabled(canvas_->selectedKernels().size() == 1);
    emit selectionChanged();
  });
  connect(canvas_, &WseCanvas::editMessage, this, &Workspace::message);
  connect(inspector_, &WseInspector::message, this, &Workspace::message);
  connect(doc_, &WseDocument::changed, this, &Workspace::statusChanged);
  connect(run_, &WseRunPanel::logMessage, this, &Workspace::logMessage);
  connect(run_, &WseRunPanel::started, this, &Workspace::runStarted);
  connect(history_, &WseHistory::logMessage, this, &Workspace::logMessage);
  connect(history_, &WseHistory::previewChanged, this, [this](const QString& text) {
    previewText_ = text;
    emit statusChanged();
  });
}

WseWorkspace::~WseWorkspace() = default;

Document* WseWorkspace::document() {
  return doc_;
}

Workspace::Panels WseWorkspace::panels() {
  return {canvas_, list_, inspector_, problems_, run_, chart_, historyDock_};
}

bool WseWorkspace::handles(const QString& path) const {
  return QFileInfo(path).suffix().compare("kgraph", Qt::CaseInsensitive) == 0;
}

bool WseWorkspace::open(const QString& path, QString* error) {
  if (!doc_->open(path, error)) return false;
  const wse::KernelGraph& g = doc_->graph();
  emit logMessage(tr("Opened %1: %2 kernels, %3 kernel edges on the %4 × %5 fabric")
                      .arg(path)
                      .arg(g.kernelCount())
                      .arg(g.kernelEdges.size())
                      .arg(g.width)
                      .arg(g.height));
  if (doc_->needsPlacement()) {
    emit logMessage(
        tr("No .paint beside it: placing it with CU.POKer in the background (Run > Stop keeps the best "
           "layout found so far)"));
    // After the first frame: the placer's threads would otherwise compete with it.
    QTimer::singleShot(0, run_, [this] {
      if (doc_->needsPlacement() && !run_->running()) run_->placeFromScratch();
    });
  } else {
    emit logMessage(tr("Layout from %1: %2").arg(doc_->layoutSource(), wseQorSummary(doc_->evaluation())));
    for (const wse::Violation& v : doc_->evaluation().violations)
      emit logMessage(tr("  %1: %2").arg(QString::fromStdString(v.code), QString::fromStdString(v.message)));
  }
  return true;
}

bool WseWorkspace::openSolution(const QString& path, QString* error) {
  if (!doc_->loadLayout(path, error)) return false;
  emit logMessage(tr("Loaded layout %1: %2").arg(path, wseQorSummary(doc_->evaluation())));
  return true;
}

QString WseWorkspace::solutionFilter() const {
  return tr("WSE layout (*.paint);;All files (*)");
}

QString WseWorkspace::statusText() const {
  if (!doc_->isOpen()) return {};
  if (!previewText_.isEmpty()) return previewText_;
  if (doc_->needsPlacement()) return tr("not placed yet");
  QString s = wseQorSummary(doc_->evaluation());
  const size_t pinned = doc_->pinnedKernels().size();
  if (pinned) s += tr(" · %1 pinned").arg(pinned);
  return s;
}

QString WseWorkspace::cursorText(const QPoint& cell) const {
  if (!doc_->isOpen()) return {};
  const int x = cell.x(), y = doc_->graph().height - 1 - cell.y();
  QString s = tr("tile (%1, %2)").arg(x).arg(y);
  int k = canvas_->scene().kernelAtWorld(QPointF(cell.x() + 0.5, cell.y() + 0.5));
  if (k >= 0) s += QStringLiteral(" · ") + QString::fromStdString(doc_->graph().kernels[size_t(k)].name);
  return s;
}

QString WseWorkspace::mouseHelp() const {
  return tr(
      "Wheel: zoom about the cursor · middle/right drag or arrow keys: pan · F or Ctrl+0: fit\n"
      "Click: select a kernel · Ctrl+click: add to the selection · drag on empty space: rubber band\n"
      "Drag a kernel: move it tile by tile; green = legal, red = overlap or outside (refused on drop)\n"
      "R: rotate the selected kernel · Inspector: pick another candidate shape\n"
      "Ctrl+P / Ctrl+Shift+P: pin / unpin (runs keep pinned kernels in place) · Ctrl+Z / Ctrl+Shift+Z: "
      "undo / redo\n"
      "F5: run CU.POKer / TBS-SA / divide and conquer from the current layout · F6 pause · Shift+F5 stop");
}

bool WseWorkspace::hasSelection() const {
  return !canvas_->selectedKernels().empty();
}

void WseWorkspace::selectAll() {
  canvas_->selectAll();
}

void WseWorkspace::clearSelection() {
  canvas_->clearSelection();
}

void WseWorkspace::setSelectionPinned(bool pinned) {
  doc_->setPinned(canvas_->selectedKernels(), pinned);
}

QList<QAction*> WseWorkspace::runActions() {
  return {compare_->action()};
}

QList<QAction*> WseWorkspace::editActions() {
  return {rotate_};
}

void WseWorkspace::buildMenus() {
  rotate_ = new QAction(tr("&Rotate Kernel (R0 / R90)"), this);
  rotate_->setShortcut(QKeySequence(tr("R")));
  rotate_->setEnabled(false);
  connect(rotate_, &QAction::triggered, this, [this] {
    std::vector<int> sel = canvas_->selectedKernels();
    QString why;
    if (sel.size() == 1 && !doc_->rotate(sel.front(), &why)) emit message(tr("Rotate refused: %1").arg(why));
  });

  LayerMenu::Entries layers;
  for (const auto& [key, label] : WseLayers::all()) layers.emplace_back(key, tr(label.c_str()));
  layers_ = std::make_unique<LayerMenu>(QStringLiteral("wse-layers/"), layers, QString(),
                                        LayerMenu::Entries{{"none", tr("Colour by kernel type")},
                                                           {"time", tr("Heat: time / max")},
                                                           {"memory", tr("Heat: memory / max")}});
  connect(layers_.get(), &LayerMenu::changed, this, &WseWorkspace::applyLayers);

  std::vector<AlgorithmEntry> entries;
  for (const std::string& name : wse::wseAlgorithms())
    entries.push_back({QString::fromStdString(name), QString::fromStdString(wse::wseAlgorithmLabel(name)),
                       QString::fromStdString(wse::wseAlgorithmDescription(name))});
  algorithms_ = makeAlgorithmMenu(
      entries, [this] { return run_->algorithm(); }, [this](const QString& id) { run_->selectAlgorithm(id); });
}

void WseWorkspace::applyLayers() {
  WseLayers l;
  for (const auto& [key, on] : layers_->layers())
    if (bool* field = l.byName(key)) *field = on;
  parseWseHeat(layers_->choice(), &l.heat);
  canvas_->setLayers(l);
}

}  // namespace ts::ui
