#include "widgets/aie_workspace.h"

#include <QAction>
#include <QFileInfo>
#include <QWidget>
#include <optional>
#include <utility>

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/compare/aie_compare.h"
#include "widgets/compare/compare_controller.h"
#include "widgets/design_browser.h"
#include "widgets/history/aie_history.h"
#include "widgets/history/history_dock.h"
#include "widgets/inspector_view.h"
#include "widgets/mlir_module_dialog.h"
#include "widgets/problem_list.h"
#include "widgets/qor_chart.h"
#include "widgets/run_catalog.h"
#include "widgets/run_panel.h"
#include "widgets/workspace_menus.h"

namespace ts::ui {

AieWorkspace::AieWorkspace(QWidget* parent, bool persistent) : Workspace(parent) {
  doc_ = new AieDocument(this);
  canvas_ = new AieCanvas(doc_, parent);
  browser_ = new DesignBrowser(doc_, parent);
  inspector_ = new InspectorView(doc_, canvas_, parent);
  problems_ = new ProblemList(doc_, canvas_, parent);
  charts_ = new QorChartPanel(parent);
  run_ = new RunPanel(doc_, canvas_, charts_, parent);
  historyDock_ = new HistoryDock(parent);
  history_ = new AieHistory(doc_, canvas_, run_, historyDock_, persistent, this);
  compare_ = new CompareController(
      history_, historyDock_, [this] { return std::make_unique<AieCompareSupport>(history_); }, parent, persistent);
  buildMenus();
  connect(canvas_, &AieCanvas::moveMessage, this, &Workspace::message);
  connect(canvas_, &AieCanvas::selectionChanged, this, [this] {
    browser_->showSelectedCores(canvas_->selectedCores());
    unplace_->setEnabled(!canvas_->selectedCores().empty());
    emit selectionChanged();
  });
  connect(doc_, &AieDocument::changed, this, &Workspace::statusChanged);
  connect(browser_, &DesignBrowser::coresActivated, canvas_,
          [this](const std::vector<aie::CoreId>& c) { canvas_->setSelectedCores(c); });
  connect(browser_, &DesignBrowser::netActivated, this,
          [this](aie::NetId n) { inspector_->follow(QStringLiteral("net:%1").arg(n)); });
  connect(browser_, &DesignBrowser::tileActivated, this, [this](aie::TileCoord t) { canvas_->selectTile(t); });
  connect(run_, &RunPanel::logMessage, this, &Workspace::logMessage);
  connect(run_, &RunPanel::started, this, &Workspace::runStarted);
  connect(doc_, &AieDocument::edited, this, &Workspace::logMessage);  // manual moves go to the log
  connect(run_, &RunPanel::previewChanged, this, &AieWorkspace::showPreview);
  connect(history_, &AieHistory::previewChanged, this, &AieWorkspace::showPreview);
  connect(history_, &AieHistory::logMessage, this, &Workspace::logMessage);
}

void AieWorkspace::showPreview(const QString& text, const aie::Placement* placement) {
  previewText_ = text;
  browser_->setPreviewPlacement(placement);
  emit statusChanged();
}

AieWorkspace::~AieWorkspace() = default;

Document* AieWorkspace::document() {
  return doc_;
}

Workspace::Panels AieWorkspace::panels() {
  return {canvas_, browser_, inspector_, problems_, run_, charts_, historyDock_};
}

bool AieWorkspace::handles(const QString& path) const {
  const QString ext = QFileInfo(path).suffix().toLower();
  return ext == "yaml" || ext == "yml" || ext == "json" || ext == "mlir";
}

bool AieWorkspace::open(const QString& path, QString* error) {
  int module = std::exchange(moduleToOpen_, -1);
  QString device = std::exchange(deviceToOpen_, {});
  if (module < 0 && device.isEmpty()) {
    // Asked, like the module below: a file naming a device TileStudio does not know.
    std::optional<QString> chosen = chooseMlirDevice(canvas_, path);
    if (!chosen) {
      if (error) error->clear();
      return false;  // cancelled
    }
    device = *chosen;
  }
  if (module < 0) {
    std::optional<int> chosen = chooseMlirModule(canvas_, path, error, device);
    if (!chosen) return false;  // cancelled (error empty) or unreadable
    module = *chosen;
  }
  if (!doc_->open(path, error, device, module)) return false;
  logOpened(path);
  return true;
}

void AieWorkspace::openGenerated(aie::LoadedDesign design) {
  doc_->setLoaded(std::move(design));
  logOpened(tr("%1 (generated, not saved)").arg(QString::fromStdString(doc_->design().name)));
}

void AieWorkspace::logOpened(const QString& what) {
  const aie::Design& d = doc_->design();
  emit logMessage(tr("Opened %1: %2 cores, %3 nets on %4 (%5 placed)")
                      .arg(what)
                      .arg(d.coreCount())
                      .arg(d.netCount())
                      .arg(QString::fromStdString(doc_->device().name()))
                      .arg(doc_->placement().placedCount()));
  // Said once, where the user reads what happened: nothing in the file is dropped unseen.
  for (const std::string& w : doc_->importWarnings()) emit logMessage(tr("Warning: %1").arg(QString::fromStdString(w)));
}

bool AieWorkspace::openSolution(const QString& path, QString* error) {
  if (!doc_->loadPlacement(path, error)) return false;
  emit logMessage(tr("Loaded placement %1").arg(path));
  return true;
}

QString AieWorkspace::solutionFilter() const {
  return tr("Placements (*.yaml *.yml *.json *.csv);;All files (*)");
}

QString AieWorkspace::exportFilter() const {
  return tr("Placement YAML (*.yaml);;np-flow placed netlist (*.json);;CSV (*.csv);;MLIR-AIE, tiles placed (*.mlir)");
}

bool AieWorkspace::exportSolution(const QString& path, QString* error) {
  return doc_->exportPlacement(path, error);
}

QString AieWorkspace::statusText() const {
  if (!doc_->isOpen()) return {};
  if (!previewText_.isEmpty()) return previewText_;
  const AieUsage& u = doc_->usage();
  return tr("placed %1/%2 · %3 %4 · problems %5 · warnings %6")
      .arg(doc_->placement().placedCount())
      .arg(doc_->design().coreCount())
      .arg(u.routed ? tr("route length") : tr("route length est."))
      .arg(u.routeLength)
      .arg(u.violations.size())
      .arg(u.warnings.size());
}

QString AieWorkspace::cursorText(const QPoint& cell) const {
  if (!doc_->isOpen()) return {};
  aie::TileCoord t{cell.x(), doc_->device().rows() - 1 - cell.y()};
  return tr("%1 tile (%2,%3)").arg(aie::toString(doc_->device().kind(t))).arg(t.col).arg(t.row);
}

QString AieWorkspace::mouseHelp() const {
  return tr(
      "Wheel: zoom about the cursor · middle/right drag or arrow keys: pan · F or Ctrl+0: fit\n"
      "Click: select · Ctrl+click: add to selection · drag on empty space: rubber band\n"
      "Drag a core: move it (swap if the tile is taken); green = legal, red = problem\n"
      "Drag a core from Design > Unplaced onto a tile to place it\n"
      "Ctrl+P / Ctrl+Shift+P: pin / unpin · Ctrl+Z: undo · Ctrl+Shift+Z or Ctrl+Y: redo\n"
      "F5 start · F6 pause/resume · Shift+F5 stop the selected algorithm");
}

bool AieWorkspace::hasSelection() const {
  return !canvas_->selectedCores().empty();
}

void AieWorkspace::selectAll() {
  canvas_->selectAll();
}

void AieWorkspace::clearSelection() {
  canvas_->clearSelection();
}

void AieWorkspace::setSelectionPinned(bool pinned) {
  doc_->setPinned(canvas_->selectedCores(), pinned);
}

QList<QAction*> AieWorkspace::runActions() {
  return {compare_->action()};
}

QList<QAction*> AieWorkspace::editActions() {
  return {unplace_};
}

void AieWorkspace::buildMenus() {
  unplace_ = new QAction(tr("Unplace Selection"), this);
  unplace_->setShortcut(QKeySequence::Delete);
  unplace_->setEnabled(false);
  connect(unplace_, &QAction::triggered, this, [this] { doc_->unplaceCores(canvas_->selectedCores()); });

  LayerMenu::Entries layers;
  for (const auto& [key, label] : AieLayers::all()) layers.emplace_back(key, tr(label.c_str()));
  layers_ = std::make_unique<LayerMenu>(QStringLiteral("layers/"), layers, tr("&Heat Map"),
                                        LayerMenu::Entries{{"none", tr("None")},
                                                           {"dma", tr("DMA channel use")},
                                                           {"memory", tr("Memory use")},
                                                           {"links", tr("Stream link use")},
                                                           {"bds", tr("Buffer descriptor use")}});
  connect(layers_.get(), &LayerMenu::changed, this, &AieWorkspace::applyLayers);

  std::vector<AlgorithmEntry> entries;
  for (const RunAlgorithm& a : runAlgorithms())
    entries.push_back(
        {QString::fromStdString(a.id()), QString::fromStdString(a.label()), QString::fromStdString(a.description)});
  algorithms_ = makeAlgorithmMenu(
      entries, [this] { return run_->algorithmId(); }, [this](const QString& id) { run_->selectAlgorithm(id); });
}

void AieWorkspace::applyLayers() {
  AieLayers l;
  for (const auto& [key, on] : layers_->layers())
    if (bool* field = l.byName(key)) *field = on;
  canvas_->setLayers(l);
  HeatMap heat = HeatMap::None;
  parseHeatMap(layers_->choice(), &heat);
  canvas_->setHeatMap(heat);
}

}  // namespace ts::ui
