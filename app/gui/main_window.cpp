#include "app/gui/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <exception>
#include <initializer_list>
#include <memory>

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/design_browser.h"
#include "widgets/inspector_view.h"
#include "widgets/mlir_module_dialog.h"
#include "widgets/problem_list.h"
#include "widgets/qor_chart.h"
#include "widgets/run_catalog.h"
#include "widgets/run_panel.h"
#include "widgets/wse_canvas.h"
#include "widgets/wse_solution.h"

namespace ts::studio {

namespace {
constexpr int kMaxRecent = 8;
const char* const kDesignFilter =
    "Designs and kernel graphs (*.yaml *.yml *.json *.mlir *.kgraph);;TileStudio design (*.yaml *.yml);;np-flow "
    "netlist (*.json);;MLIR-AIE design (*.mlir);;WSE kernel graph (*.kgraph);;All files (*)";
// Longest wait for CU.POKer when a .kgraph has no .paint beside it (the placer keeps the best
// legal layout found so far when time is up).
constexpr double kWsePlaceSeconds = 10;
}  // namespace

MainWindow::MainWindow(bool persistent, QWidget* parent)
    : QMainWindow(parent), persistent_(persistent), doc_(new ui::AieDocument(this)) {
  setWindowIcon(QIcon(":/icons/tilestudio.svg"));
  canvas_ = new ui::AieCanvas(doc_, this);
  wseCanvas_ = new ui::WseCanvas(this);
  central_ = new QStackedWidget(this);
  central_->addWidget(canvas_);
  central_->addWidget(wseCanvas_);
  setCentralWidget(central_);
  setDockNestingEnabled(true);
  createDocks();
  createActions();
  createMenus();

  cursorLabel_ = new QLabel(this);
  zoomLabel_ = new QLabel(this);
  qorLabel_ = new QLabel(this);
  cursorLabel_->setMinimumWidth(160);
  statusBar()->addPermanentWidget(qorLabel_);
  statusBar()->addPermanentWidget(cursorLabel_);
  statusBar()->addPermanentWidget(zoomLabel_);

  connect(canvas_, &ui::AieCanvas::cursorCellChanged, this, [this](const QPoint& cell, bool inside) {
    if (!inside || !doc_->isOpen()) {
      cursorLabel_->clear();
      return;
    }
    int row = doc_->device().rows() - 1 - cell.y();
    aie::TileCoord t{cell.x(), row};
    cursorLabel_->setText(tr("%1 tile (%2,%3)").arg(aie::toString(doc_->device().kind(t))).arg(t.col).arg(t.row));
  });
  connect(canvas_, &ui::AieCanvas::viewChanged, this, [this] {
    zoomLabel_->setText(doc_->isOpen() && !showingWse() ? tr("%1 px/tile").arg(canvas_->pixelsPerTile(), 0, 'f', 0)
                                                        : QString());
  });
  connect(canvas_, &ui::AieCanvas::moveMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  connect(canvas_, &ui::AieCanvas::selectionChanged, this, [this] {
    browser_->showSelectedCores(canvas_->selectedCores());
    bool any = !showingWse() && !canvas_->selectedCores().empty();
    pinAct_->setEnabled(any);
    unpinAct_->setEnabled(any);
    unplaceAct_->setEnabled(any);
  });
  connect(doc_, &ui::AieDocument::changed, this, &MainWindow::updateStatus);
  connect(doc_, &ui::AieDocument::opened, this, &MainWindow::updateTitle);
  connect(doc_, &ui::AieDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(browser_, &ui::DesignBrowser::coresActivated, canvas_,
          [this](const std::vector<aie::CoreId>& c) { canvas_->setSelectedCores(c); });
  connect(browser_, &ui::DesignBrowser::netActivated, this,
          [this](aie::NetId n) { inspector_->follow(QStringLiteral("net:%1").arg(n)); });
  connect(browser_, &ui::DesignBrowser::tileActivated, this, [this](aie::TileCoord t) { canvas_->selectTile(t); });
  connect(runPanel_, &ui::RunPanel::logMessage, this, &MainWindow::log);
  connect(runPanel_, &ui::RunPanel::started, this, [this] {
    charts_->parentWidget()->show();
    runPanel_->parentWidget()->raise();
  });

  resize(1500, 950);
  if (persistent_) {
    QSettings s;
    restoreGeometry(s.value("window/geometry").toByteArray());
    restoredState_ = restoreState(s.value("window/state").toByteArray());
    lastDir_ = s.value("window/lastDir").toString();
    runPanel_->restoreSettings();
    for (QAction* a : layerActions_) a->setChecked(s.value("layers/" + a->data().toString(), a->isChecked()).toBool());
    QString heat = s.value("layers/heat", "none").toString();
    for (QAction* a : heatGroup_->actions()) a->setChecked(a->data().toString() == heat);
    applyLayers();
  }
  updateRecentMenu();
  updateTitle();
  updateStatus();
  log(tr("TileStudio ready. Open a design with File > Open (Ctrl+O)."));
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
  auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(w);
    addDockWidget(area, d);
    return d;
  };
  browser_ = new ui::DesignBrowser(doc_, this);
  auto* browserDock = dock(tr("Design"), "designDock", browser_, Qt::LeftDockWidgetArea);
  problems_ = new ui::ProblemList(doc_, canvas_, this);
  auto* problemsDock = dock(tr("Problems"), "problemsDock", problems_, Qt::LeftDockWidgetArea);
  splitDockWidget(browserDock, problemsDock, Qt::Vertical);
  connect(problems_, &ui::ProblemList::countChanged, problemsDock, [problemsDock](int n) {
    problemsDock->setWindowTitle(n ? QObject::tr("Problems (%1)").arg(n) : QObject::tr("Problems"));
  });
  // Right: inspector and run panel as tabs above the QoR charts; bottom: the log.
  inspector_ = new ui::InspectorView(doc_, canvas_, this);
  auto* inspectorDock = dock(tr("Inspector"), "inspectorDock", inspector_, Qt::RightDockWidgetArea);
  charts_ = new ui::QorChartPanel(this);
  auto* chartDock = dock(tr("QoR charts"), "chartDock", charts_, Qt::RightDockWidgetArea);
  splitDockWidget(inspectorDock, chartDock, Qt::Vertical);
  runPanel_ = new ui::RunPanel(doc_, canvas_, charts_, this);
  auto* runDock = dock(tr("Run"), "runDock", runPanel_, Qt::RightDockWidgetArea);
  tabifyDockWidget(inspectorDock, runDock);
  inspectorDock->raise();
  log_ = new QPlainTextEdit(this);
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(5000);
  auto* logDock = dock(tr("Log"), "logDock", log_, Qt::BottomDockWidgetArea);
  // Sizes need a laid-out window; a restored state overrides them.
  QTimer::singleShot(0, this, [=] {
    if (restoredState_) return;
    resizeDocks({browserDock, inspectorDock}, {280, 400}, Qt::Horizontal);
    resizeDocks({inspectorDock, chartDock}, {height() / 2, height() / 2}, Qt::Vertical);
    resizeDocks({logDock}, {110}, Qt::Vertical);
  });
}

void MainWindow::createActions() {
  auto act = [this](const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, this);
    if (!key.isEmpty()) a->setShortcut(key);
    connect(a, &QAction::triggered, this, slot);
    return a;
  };
  openAct_ = act(tr("&Open Design…"), QKeySequence::Open, [this] {
    if (!maybeSave()) return;
    QString path = QFileDialog::getOpenFileName(this, tr("Open design"), lastDir_, tr(kDesignFilter));
    if (!path.isEmpty()) openDesign(path);
  });
  openAct_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
  openPlacementAct_ = act(tr("Open &Placement…"), QKeySequence(), [this] {
    QString path = QFileDialog::getOpenFileName(this, tr("Open placement"), lastDir_,
                                                tr("Placements (*.yaml *.yml *.json *.csv *.paint);;All files (*)"));
    if (!path.isEmpty()) openPlacement(path);
  });
  saveAct_ = act(tr("&Save"), QKeySequence::Save, [this] { save(); });
  saveAct_->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
  saveAsAct_ = act(tr("Save &As…"), QKeySequence::SaveAs, [this] { saveAs(); });
  exportPlacementAct_ =
      act(tr("Placement (YAML, np-flow JSON, CSV, MLIR)…"), QKeySequence(), [this] { exportPlacement(); });
  exportVitisAct_ = act(tr("Vitis AIE Compiler Constraints (JSON)…"), QKeySequence(), [this] { exportVitis(); });
  exportQorAct_ = act(tr("QoR Report (JSON)…"), QKeySequence(), [this] { exportQor(); });
  exportWholeAct_ =
      act(tr("Picture of the Whole Array (PNG, SVG)…"), QKeySequence(tr("Ctrl+E")), [this] { exportPicture(true); });
  exportViewAct_ = act(tr("Picture of the Visible Part (PNG, SVG)…"), QKeySequence(), [this] { exportPicture(false); });
  quitAct_ = act(tr("&Quit"), QKeySequence::Quit, [this] { close(); });

  undoAct_ = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
  undoAct_->setShortcut(QKeySequence::Undo);
  undoAct_->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
  redoAct_ = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
  redoAct_->setShortcut(QKeySequence::Redo);
  redoAct_->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
  pinAct_ = act(tr("&Pin Selection"), QKeySequence(tr("Ctrl+P")),
                [this] { doc_->setPinned(canvas_->selectedCores(), true); });
  pinAct_->setIcon(QIcon(":/icons/pin.svg"));
  unpinAct_ = act(tr("U&npin Selection"), QKeySequence(tr("Ctrl+Shift+P")),
                  [this] { doc_->setPinned(canvas_->selectedCores(), false); });
  unplaceAct_ =
      act(tr("Unplace Selection"), QKeySequence::Delete, [this] { doc_->unplaceCores(canvas_->selectedCores()); });
  selectAllAct_ = act(tr("Select &All"), QKeySequence::SelectAll, [this] { canvas_->selectAll(); });
  clearSelAct_ = act(tr("Clear Selection"), QKeySequence(), [this] { canvas_->clearSelection(); });
  for (QAction* a : {pinAct_, unpinAct_, unplaceAct_}) a->setEnabled(false);

  zoomInAct_ = act(tr("Zoom &In"), QKeySequence::ZoomIn, [this] { canvas_->zoomIn(); });
  zoomOutAct_ = act(tr("Zoom &Out"), QKeySequence::ZoomOut, [this] { canvas_->zoomOut(); });
  fitAct_ = act(tr("&Fit"), QKeySequence(tr("Ctrl+0")), [this] { canvas_->fitAll(); });
  fitAct_->setIcon(QIcon(":/icons/fit.svg"));
  zoomSelAct_ = act(tr("Zoom to &Selection"), QKeySequence(tr("Ctrl+Shift+0")), [this] { canvas_->zoomToSelection(); });

  startAct_ = act(tr("&Start"), QKeySequence(tr("F5")), [this] { runPanel_->start(); });
  startAct_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  pauseAct_ = act(tr("&Pause / Resume"), QKeySequence(tr("F6")), [this] { runPanel_->togglePaused(); });
  pauseAct_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  stopAct_ = act(tr("S&top"), QKeySequence(tr("Shift+F5")), [this] { runPanel_->stop(); });
  stopAct_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
  keepAct_ = act(tr("&Keep Result"), QKeySequence(), [this] { runPanel_->keepResult(); });
  discardAct_ = act(tr("&Discard Result"), QKeySequence(), [this] { runPanel_->discardResult(); });
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(openAct_);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addAction(openPlacementAct_);
  file->addSeparator();
  file->addAction(saveAct_);
  file->addAction(saveAsAct_);
  QMenu* exp = file->addMenu(tr("&Export"));
  exp->addAction(exportPlacementAct_);
  exp->addAction(exportVitisAct_);
  exp->addAction(exportQorAct_);
  exp->addSeparator();
  exp->addAction(exportWholeAct_);
  exp->addAction(exportViewAct_);
  file->addSeparator();
  file->addAction(quitAct_);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(undoAct_);
  edit->addAction(redoAct_);
  edit->addSeparator();
  edit->addAction(pinAct_);
  edit->addAction(unpinAct_);
  edit->addAction(unplaceAct_);
  edit->addSeparator();
  edit->addAction(selectAllAct_);
  edit->addAction(clearSelAct_);

  viewMenu_ = menuBar()->addMenu(tr("&View"));
  viewMenu_->addAction(zoomInAct_);
  viewMenu_->addAction(zoomOutAct_);
  viewMenu_->addAction(fitAct_);
  viewMenu_->addAction(zoomSelAct_);
  viewMenu_->addSeparator();
  QMenu* layers = viewMenu_->addMenu(tr("&Layers"));
  const std::pair<const char*, QString> names[] = {{"tiles", tr("Tiles")},
                                                   {"grid", tr("Tile borders")},
                                                   {"coordinates", tr("Coordinates")},
                                                   {"cores", tr("Cores")},
                                                   {"names", tr("Core names")},
                                                   {"nets", tr("Nets (flylines)")},
                                                   {"routes", tr("Routes")},
                                                   {"badges", tr("DMA and memory badges")},
                                                   {"violations", tr("Violations")},
                                                   {"legend", tr("Legend")}};
  for (const auto& [key, text] : names) {
    auto* a = layers->addAction(text);
    a->setCheckable(true);
    a->setChecked(true);
    a->setData(QString::fromLatin1(key));
    connect(a, &QAction::toggled, this, &MainWindow::applyLayers);
    layerActions_ << a;
  }
  QMenu* heat = viewMenu_->addMenu(tr("&Heat Map"));
  heatGroup_ = new QActionGroup(this);
  const std::pair<const char*, QString> heats[] = {{"none", tr("None")},
                                                   {"dma", tr("DMA channel use")},
                                                   {"memory", tr("Memory use")},
                                                   {"links", tr("Stream link use")}};
  for (const auto& [key, text] : heats) {
    auto* a = heat->addAction(text);
    a->setCheckable(true);
    a->setData(QString::fromLatin1(key));
    a->setChecked(QString::fromLatin1(key) == "none");
    heatGroup_->addAction(a);
    connect(a, &QAction::triggered, this, &MainWindow::applyLayers);
  }
  viewMenu_->addSeparator();
  QMenu* docks = viewMenu_->addMenu(tr("&Docks"));
  for (QDockWidget* d : findChildren<QDockWidget*>()) docks->addAction(d->toggleViewAction());

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  QMenu* algos = run->addMenu(tr("&Algorithm"));
  auto* algoGroup = new QActionGroup(this);
  for (const ui::RunAlgorithm& a : ui::runAlgorithms()) {
    auto* item = algos->addAction(QString::fromStdString(a.label()));
    item->setCheckable(true);
    item->setToolTip(QString::fromStdString(a.description));
    item->setData(QString::fromStdString(a.id()));
    algoGroup->addAction(item);
    connect(item, &QAction::triggered, this, [this, item] { runPanel_->selectAlgorithm(item->data().toString()); });
  }
  connect(algos, &QMenu::aboutToShow, this, [this, algoGroup] {
    for (QAction* a : algoGroup->actions()) a->setChecked(a->data().toString() == runPanel_->algorithmId());
  });
  run->addAction(tr("Se&ttings…"), this, [this] {
    runPanel_->parentWidget()->show();
    runPanel_->parentWidget()->raise();
  });
  run->addSeparator();
  run->addAction(startAct_);
  run->addAction(pauseAct_);
  run->addAction(stopAct_);
  run->addSeparator();
  run->addAction(keepAct_);
  run->addAction(discardAct_);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Mouse and Keys"), this, [this] {
    QMessageBox::information(
        this, tr("Mouse and keys"),
        tr("Wheel: zoom about the cursor · middle/right drag or arrow keys: pan · F or Ctrl+0: fit\n"
           "Click: select · Ctrl+click: add to selection · drag on empty space: rubber band\n"
           "Drag a core: move it (swap if the tile is taken); green = legal, red = problem\n"
           "Drag a core from Design > Unplaced onto a tile to place it\n"
           "Ctrl+P / Ctrl+Shift+P: pin / unpin · Ctrl+Z / Ctrl+Shift+Z: undo / redo\n"
           "F5 start · F6 pause/resume · Shift+F5 stop the selected algorithm"));
  });
  help->addAction(tr("&About TileStudio"), this, [this] {
    QMessageBox::about(this, tr("About TileStudio"),
                       tr("<b>TileStudio</b> %1<br>Place and route dataflow designs on AMD AIE arrays "
                          "and the Cerebras WSE.<br>Command line: <tt>tilestudio-cli --help</tt>")
                           .arg(QApplication::applicationVersion()));
  });

  QToolBar* tb = addToolBar(tr("Main"));
  tb->setObjectName("mainToolbar");
  tb->addAction(openAct_);
  tb->addAction(saveAct_);
  tb->addSeparator();
  tb->addAction(undoAct_);
  tb->addAction(redoAct_);
  tb->addAction(pinAct_);
  tb->addSeparator();
  tb->addAction(fitAct_);
  tb->addSeparator();
  tb->addAction(startAct_);
  tb->addAction(pauseAct_);
  tb->addAction(stopAct_);
}

void MainWindow::applyLayers() {
  ui::AieLayers l;
  for (QAction* a : layerActions_)
    if (bool* field = l.byName(a->data().toString().toStdString())) *field = a->isChecked();
  canvas_->setLayers(l);
  ui::HeatMap heat = ui::HeatMap::None;
  if (heatGroup_->checkedAction())
    ui::parseHeatMap(heatGroup_->checkedAction()->data().toString().toStdString(), &heat);
  canvas_->setHeatMap(heat);
}

bool MainWindow::report(bool ok, const QString& what, const QString& why, QString* error, bool quietErrors) {
  if (ok) return true;
  if (error) *error = why;
  log(what + ": " + why);
  if (!quietErrors) showError(what, why);
  return false;
}

bool MainWindow::openDesign(const QString& path, QString* error, bool quietErrors, int module) {
  if (QFileInfo(path).suffix().compare("kgraph", Qt::CaseInsensitive) == 0)
    return openWse(path, {}, error, quietErrors);
  QString why;
  if (module < 0 && !quietErrors) {  // an MLIR file with several modules: ask which one
    std::optional<int> chosen = ui::chooseMlirModule(this, path, &why);
    if (!chosen) return why.isEmpty() || report(false, tr("Cannot open design"), why, error, quietErrors);
    module = *chosen;
  }
  if (!report(doc_->open(path, &why, {}, std::max(module, 0)), tr("Cannot open design"), why, error, quietErrors))
    return false;
  showWseView(false);
  lastDir_ = QFileInfo(path).absolutePath();
  addRecent(QFileInfo(path).absoluteFilePath());
  const auto& d = doc_->design();
  log(tr("Opened %1: %2 cores, %3 nets on %4 (%5 placed)")
          .arg(path)
          .arg(d.coreCount())
          .arg(d.netCount())
          .arg(QString::fromStdString(doc_->device().name()))
          .arg(doc_->placement().placedCount()));
  return true;
}

bool MainWindow::openPlacement(const QString& path, QString* error, bool quietErrors) {
  if (showingWse()) return openWse(wseCanvas_->solution()->graphPath, path, error, quietErrors);
  if (!doc_->isOpen()) return false;
  QString why;
  if (!report(doc_->loadPlacement(path, &why), tr("Cannot read placement"), why, error, quietErrors)) return false;
  log(tr("Loaded placement %1").arg(path));
  return true;
}

bool MainWindow::openWse(const QString& kgraph, const QString& paint, QString* error, bool quietErrors) {
  if (paint.isEmpty() && ui::sidePaintPath(kgraph).isEmpty())
    log(tr("No .paint beside %1: placing it with CU.POKer (1 thread, at most %2 s)…")
            .arg(kgraph)
            .arg(kWsePlaceSeconds));
  std::shared_ptr<ui::WseSolution> solution;
  QString why;
  QApplication::setOverrideCursor(Qt::WaitCursor);
  try {
    solution = std::make_shared<ui::WseSolution>(ui::loadWseSolution(kgraph, paint, kWsePlaceSeconds));
  } catch (const std::exception& e) {
    why = QString::fromUtf8(e.what());
  }
  QApplication::restoreOverrideCursor();
  if (!report(bool(solution), tr("Cannot open kernel graph"), why, error, quietErrors)) return false;
  wseCanvas_->setSolution(solution);
  showWseView(true);
  lastDir_ = QFileInfo(kgraph).absolutePath();
  addRecent(QFileInfo(kgraph).absoluteFilePath());
  const wse::KernelGraph& g = solution->graph;
  log(tr("Opened %1: %2 kernels, %3 kernel edges on the %4 x %5 fabric; layout from %6")
          .arg(kgraph)
          .arg(g.kernelCount())
          .arg(g.kernelEdges.size())
          .arg(g.width)
          .arg(g.height)
          .arg(solution->layoutSource));
  log(ui::wseQorSummary(solution->evaluation));
  for (const wse::Violation& v : solution->evaluation.violations)
    log(tr("  %1: %2").arg(QString::fromStdString(v.code), QString::fromStdString(v.message)));
  return true;
}

bool MainWindow::showingWse() const {
  return central_ && central_->currentWidget() == wseCanvas_;
}

void MainWindow::showWseView(bool wse) {
  central_->setCurrentWidget(wse ? static_cast<QWidget*>(wseCanvas_) : canvas_);
  // The docks and these actions work on the AIE document, which stays open behind the WSE view.
  for (QWidget* w : std::initializer_list<QWidget*>{browser_, inspector_, problems_, runPanel_}) w->setEnabled(!wse);
  for (QAction* a : {zoomInAct_, zoomOutAct_, fitAct_, zoomSelAct_, clearSelAct_, startAct_, pauseAct_, stopAct_,
                     keepAct_, discardAct_})
    a->setEnabled(!wse);
  bool selected = !wse && !canvas_->selectedCores().empty();
  for (QAction* a : {pinAct_, unpinAct_, unplaceAct_}) a->setEnabled(selected);
  undoAct_->setEnabled(!wse && doc_->undoStack()->canUndo());
  redoAct_->setEnabled(!wse && doc_->undoStack()->canRedo());
  cursorLabel_->clear();
  zoomLabel_->clear();
  updateTitle();
  updateStatus();
}

void MainWindow::showError(const QString& title, const QString& message) {
  QMessageBox box(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
  box.exec();
}

bool MainWindow::save() {
  if (!doc_->isOpen()) return false;
  if (!doc_->canSaveInPlace()) return saveAs();
  QString why;
  if (!doc_->save(&why)) {
    showError(tr("Cannot save"), why);
    return false;
  }
  log(tr("Saved %1").arg(doc_->filePath()));
  return true;
}

bool MainWindow::saveAs() {
  if (!doc_->isOpen()) return false;
  QFileInfo fi(doc_->filePath());
  QString suggestion = fi.absolutePath() + "/" + fi.completeBaseName() + ".yaml";
  QString path = QFileDialog::getSaveFileName(this, tr("Save design as"), suggestion,
                                              tr("TileStudio design (*.yaml);;np-flow netlist (*.json)"));
  if (path.isEmpty()) return false;
  QString why;
  if (!doc_->saveAs(path, &why)) {
    showError(tr("Cannot save"), why);
    return false;
  }
  addRecent(QFileInfo(path).absoluteFilePath());
  log(tr("Saved %1").arg(path));
  return true;
}

void MainWindow::exportPlacement() {
  if (!doc_->isOpen()) return;
  QFileInfo fi(doc_->filePath());
  QString path = QFileDialog::getSaveFileName(
      this, tr("Export placement"), fi.absolutePath() + "/" + fi.completeBaseName() + ".placement.yaml",
      tr("Placement YAML (*.yaml);;np-flow placed netlist (*.json);;CSV (*.csv);;MLIR-AIE, tiles placed (*.mlir)"));
  if (path.isEmpty()) return;
  QString why;
  if (!doc_->exportPlacement(path, &why))
    showError(tr("Cannot export placement"), why);
  else
    log(tr("Exported placement to %1").arg(path));
}

void MainWindow::exportVitis() {
  if (!doc_->isOpen()) return;
  QFileInfo fi(doc_->filePath());
  QString path = QFileDialog::getSaveFileName(this, tr("Export Vitis AIE compiler constraints"),
                                              fi.absolutePath() + "/" + fi.completeBaseName() + ".constraints.json",
                                              tr("aiecompiler --constraints JSON (*.json)"));
  if (path.isEmpty()) return;
  QString why;
  if (!doc_->exportVitisConstraints(path, &why))
    showError(tr("Cannot export constraints"), why);
  else
    log(tr("Exported Vitis AIE constraints to %1").arg(path) + (why.isEmpty() ? QString() : " (" + why + ")"));
}

void MainWindow::exportQor() {
  if (!doc_->isOpen()) return;
  QFileInfo fi(doc_->filePath());
  QString path =
      QFileDialog::getSaveFileName(this, tr("Export QoR report"),
                                   fi.absolutePath() + "/" + fi.completeBaseName() + ".qor.json", tr("JSON (*.json)"));
  if (path.isEmpty()) return;
  QString why;
  if (!doc_->exportQorReport(path, &why))
    showError(tr("Cannot export QoR report"), why);
  else
    log(tr("Exported QoR report to %1").arg(path));
}

void MainWindow::exportPicture(bool whole) {
  if (!doc_->isOpen()) return;
  QFileInfo fi(doc_->filePath());
  QString path = QFileDialog::getSaveFileName(
      this, whole ? tr("Export picture of the array") : tr("Export picture of the view"),
      fi.absolutePath() + "/" + fi.completeBaseName() + ".png", tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty()) return;
  try {
    canvas_->exportPicture(path, whole);
    log(tr("Exported picture to %1").arg(path));
  } catch (const std::exception& e) {
    showError(tr("Cannot export picture"), QString::fromUtf8(e.what()));
  }
}

void MainWindow::log(const QString& text) {
  log_->appendPlainText(QDateTime::currentDateTime().toString("HH:mm:ss  ") + text);
}

void MainWindow::updateTitle() {
  const bool wse = showingWse();
  if (wse)
    setWindowTitle(QFileInfo(wseCanvas_->solution()->graphPath).fileName() + " — TileStudio");
  else
    setWindowTitle(doc_->isOpen() ? doc_->title() + (doc_->modified() ? " *" : "") + " — TileStudio"
                                  : QStringLiteral("TileStudio"));
  setWindowModified(!wse && doc_->modified());
  bool open = doc_->isOpen() && !wse;
  for (QAction* a : {saveAct_, saveAsAct_, exportPlacementAct_, exportVitisAct_, exportQorAct_, exportWholeAct_,
                     exportViewAct_, selectAllAct_})
    a->setEnabled(open);
  openPlacementAct_->setEnabled(open || wse);
}

void MainWindow::updateStatus() {
  if (showingWse()) {
    qorLabel_->setText(ui::wseQorSummary(wseCanvas_->solution()->evaluation));
    return;
  }
  if (!doc_->isOpen()) {
    qorLabel_->clear();
    return;
  }
  const ui::AieUsage& u = doc_->usage();
  qorLabel_->setText(tr("placed %1/%2 · %3 %4 · problems %5 · warnings %6")
                         .arg(doc_->placement().placedCount())
                         .arg(doc_->design().coreCount())
                         .arg(u.routed ? tr("route length") : tr("route length est."))
                         .arg(u.routeLength)
                         .arg(u.violations.size())
                         .arg(u.warnings.size()));
}

void MainWindow::addRecent(const QString& path) {
  if (!persistent_) return;
  QSettings s;
  QStringList list = s.value("recentFiles").toStringList();
  list.removeAll(path);
  list.prepend(path);
  while (list.size() > kMaxRecent) list.removeLast();
  s.setValue("recentFiles", list);
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  recentMenu_->clear();
  QStringList list = persistent_ ? QSettings().value("recentFiles").toStringList() : QStringList();
  for (const QString& path : list) {
    recentMenu_
        ->addAction(QFileInfo(path).fileName(), this,
                    [this, path] {
                      if (maybeSave()) openDesign(path);
                    })
        ->setToolTip(path);
  }
  recentMenu_->setEnabled(!list.isEmpty());
}

bool MainWindow::maybeSave() {
  if (!doc_->isOpen() || !doc_->modified()) return true;
  auto answer =
      QMessageBox::warning(this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(doc_->title()),
                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (persistent_ && !maybeSave()) {
    e->ignore();
    return;
  }
  if (persistent_) {
    QSettings s;
    s.setValue("window/geometry", saveGeometry());
    s.setValue("window/state", saveState());
    s.setValue("window/lastDir", lastDir_);
    for (QAction* a : layerActions_) s.setValue("layers/" + a->data().toString(), a->isChecked());
    if (heatGroup_->checkedAction()) s.setValue("layers/heat", heatGroup_->checkedAction()->data());
    runPanel_->saveSettings();
  }
  e->accept();
}

}  // namespace ts::studio
