#include "app/gui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>
#include <exception>

#include "widgets/aie_document.h"
#include "widgets/aie_workspace.h"
#include "widgets/gemm/gemm_planner_controller.h"
#include "widgets/grid_canvas.h"
#include "widgets/picture_export_dialog.h"
#include "widgets/run_panel_base.h"
#include "widgets/wse/wse_workspace.h"

namespace ts::studio {

namespace {
constexpr int kMaxRecent = 8;
const char* const kDesignFilter =
    "Designs and kernel graphs (*.yaml *.yml *.json *.mlir *.kgraph);;TileStudio design (*.yaml *.yml);;np-flow "
    "netlist (*.json);;MLIR-AIE design (*.mlir);;WSE kernel graph (*.kgraph);;All files (*)";
}  // namespace

MainWindow::MainWindow(bool persistent, QWidget* parent) : QMainWindow(parent), persistent_(persistent) {
  setWindowIcon(QIcon(":/icons/tilestudio.svg"));
  aie_ = new ui::AieWorkspace(this, persistent);
  wse_ = new ui::WseWorkspace(this, persistent);
  gemm_ = new ui::GemmPlannerController([this](aie::LoadedDesign d, QString*) { return openGenerated(std::move(d)); },
                                        this, persistent);
  undoGroup_ = new QUndoGroup(this);
  central_ = new QStackedWidget(this);
  for (ui::Workspace* w : {static_cast<ui::Workspace*>(aie_), static_cast<ui::Workspace*>(wse_)}) {
    undoGroup_->addStack(w->document()->undoStack());
    central_->addWidget(w->panels().canvas);
  }
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

  for (ui::Workspace* w : {static_cast<ui::Workspace*>(aie_), static_cast<ui::Workspace*>(wse_)}) {
    ui::GridCanvas* canvas = w->panels().canvas;
    connect(canvas, &ui::GridCanvas::cursorCellChanged, this, [this, w](const QPoint& cell, bool inside) {
      if (w == current_) cursorLabel_->setText(inside ? w->cursorText(cell) : QString());
    });
    connect(canvas, &ui::GridCanvas::viewChanged, this, [this, w, canvas] {
      if (w == current_)
        zoomLabel_->setText(w->document()->isOpen() ? tr("%1 px/tile").arg(canvas->pixelsPerTile(), 0, 'f', 1)
                                                    : QString());
    });
    connect(w, &ui::Workspace::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(w, &ui::Workspace::logMessage, this, &MainWindow::log);
    connect(w, &ui::Workspace::selectionChanged, this, &MainWindow::updateActions);
    connect(w, &ui::Workspace::statusChanged, this, &MainWindow::updateStatus);
    connect(w, &ui::Workspace::runStarted, this, [this] {
      chartDock_.dock->show();
      runDock_.dock->show();
      runDock_.dock->raise();
    });
    connect(w->document(), &ui::Document::opened, this, &MainWindow::updateTitle);
    connect(w->document(), &ui::Document::saved, this, &MainWindow::updateTitle);
    connect(w->document(), &ui::Document::modifiedChanged, this, &MainWindow::updateTitle);
  }

  resize(1500, 950);
  if (persistent_) {
    QSettings s;
    restoreGeometry(s.value("window/geometry").toByteArray());
    restoredState_ = restoreState(s.value("window/state").toByteArray());
    lastDir_ = s.value("window/lastDir").toString();
    exportDir_ = s.value("window/exportDir").toString();
    exportTileSize_ = s.value("window/exportTileSize", 0.0).toDouble();
    aie_->restoreSettings();
    wse_->restoreSettings();
  }
  setCurrent(aie_);
  updateRecentMenu();
  log(tr("TileStudio ready. Open a design or a WSE kernel graph with File > Open (Ctrl+O)."));
}

MainWindow::~MainWindow() {
  // The documents go after this window's members (a modified one still says so on its way out).
  for (ui::Workspace* w : {static_cast<ui::Workspace*>(aie_), static_cast<ui::Workspace*>(wse_)}) {
    w->disconnect(this);
    w->document()->disconnect(this);
  }
}

ui::AieDocument* MainWindow::document() const {
  return aie_->aieDocument();
}
ui::AieCanvas* MainWindow::canvas() const {
  return aie_->canvas();
}
ui::RunPanel* MainWindow::runPanel() const {
  return aie_->runPanel();
}
ui::WseCanvas* MainWindow::wseCanvas() const {
  return wse_->canvas();
}
bool MainWindow::showingWse() const {
  return current_ == wse_;
}

QWidget* MainWindow::dockContent(const QString& dockName) const {
  for (const DockSlot* d : {&browserDock_, &inspectorDock_, &problemsDock_, &runDock_, &chartDock_})
    if (d->dock->objectName() == dockName) return d->stack->currentWidget();
  return nullptr;
}

void MainWindow::createDocks() {
  auto dock = [this](const QString& title, const QString& name, Qt::DockWidgetArea area) {
    DockSlot slot;
    slot.dock = new QDockWidget(title, this);
    slot.dock->setObjectName(name);
    slot.stack = new QStackedWidget(slot.dock);
    slot.dock->setWidget(slot.stack);
    addDockWidget(area, slot.dock);
    return slot;
  };
  browserDock_ = dock(tr("Design"), "designDock", Qt::LeftDockWidgetArea);
  problemsDock_ = dock(tr("Problems"), "problemsDock", Qt::LeftDockWidgetArea);
  splitDockWidget(browserDock_.dock, problemsDock_.dock, Qt::Vertical);
  // Right: inspector and run panel as tabs above the charts; bottom: the log.
  inspectorDock_ = dock(tr("Inspector"), "inspectorDock", Qt::RightDockWidgetArea);
  chartDock_ = dock(tr("QoR charts"), "chartDock", Qt::RightDockWidgetArea);
  splitDockWidget(inspectorDock_.dock, chartDock_.dock, Qt::Vertical);
  runDock_ = dock(tr("Run"), "runDock", Qt::RightDockWidgetArea);
  tabifyDockWidget(inspectorDock_.dock, runDock_.dock);
  inspectorDock_.dock->raise();
  historyDock_ = dock(tr("Runs"), "historyDock", Qt::BottomDockWidgetArea);
  for (ui::Workspace* w : {static_cast<ui::Workspace*>(aie_), static_cast<ui::Workspace*>(wse_)}) {
    ui::Workspace::Panels p = w->panels();
    browserDock_.stack->addWidget(p.browser);
    inspectorDock_.stack->addWidget(p.inspector);
    problemsDock_.stack->addWidget(p.problems);
    runDock_.stack->addWidget(p.run);
    chartDock_.stack->addWidget(p.charts);
    if (p.history) historyDock_.stack->addWidget(p.history);
  }
  log_ = new QPlainTextEdit(this);
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(5000);
  auto* logDock = new QDockWidget(tr("Log"), this);
  logDock->setObjectName("logDock");
  logDock->setWidget(log_);
  addDockWidget(Qt::BottomDockWidgetArea, logDock);
  tabifyDockWidget(logDock, historyDock_.dock);
  logDock->raise();
  // Sizes need a laid-out window; a restored state overrides them.
  QTimer::singleShot(0, this, [=] {
    if (restoredState_) return;
    resizeDocks({browserDock_.dock, inspectorDock_.dock}, {280, 420}, Qt::Horizontal);
    resizeDocks({inspectorDock_.dock, chartDock_.dock}, {height() / 2, height() / 2}, Qt::Vertical);
    resizeDocks({logDock}, {150}, Qt::Vertical);
  });
}

void MainWindow::createActions() {
  auto act = [this](const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, this);
    if (!key.isEmpty()) a->setShortcut(key);
    connect(a, &QAction::triggered, this, slot);
    return a;
  };
  openAct_ = act(tr("&Open…"), QKeySequence::Open, [this] {
    QString path = QFileDialog::getOpenFileName(this, tr("Open design or kernel graph"), lastDir_, tr(kDesignFilter));
    if (!path.isEmpty()) openDesignAsked(path);
  });
  openAct_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
  openPlacementAct_ = act(tr("Open &Placement / Layout…"), QKeySequence(), [this] {
    QString path =
        QFileDialog::getOpenFileName(this, tr("Open placement or layout"), lastDir_, current_->solutionFilter());
    if (!path.isEmpty()) openPlacement(path);
  });
  saveAct_ = act(tr("&Save"), QKeySequence::Save, [this] { save(); });
  saveAct_->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
  saveAsAct_ = act(tr("Save &As…"), QKeySequence::SaveAs, [this] { saveAs(); });
  exportSolutionAct_ =
      act(tr("Placement (YAML, np-flow JSON, CSV, MLIR)…"), QKeySequence(), [this] { exportSolution(); });
  exportVitisAct_ = act(tr("Vitis AIE Compiler Constraints (JSON)…"), QKeySequence(), [this] { exportVitis(); });
  exportQorAct_ = act(tr("QoR Report (JSON)…"), QKeySequence(), [this] { exportQor(); });
  exportWholeAct_ =
      act(tr("Picture of the Whole Fabric (PNG, SVG)…"), QKeySequence(tr("Ctrl+E")), [this] { exportPicture(true); });
  exportViewAct_ = act(tr("Picture of the Visible Part (PNG, SVG)…"), QKeySequence(), [this] { exportPicture(false); });
  quitAct_ = act(tr("&Quit"), QKeySequence::Quit, [this] { close(); });

  undoAct_ = undoGroup_->createUndoAction(this, tr("&Undo"));
  undoAct_->setShortcut(QKeySequence::Undo);
  undoAct_->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
  redoAct_ = undoGroup_->createRedoAction(this, tr("&Redo"));
  // The platform's redo keys and both that users of other tools press, each once (a key bound
  // twice is ambiguous and does nothing).
  QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
  for (const QKeySequence& k : {QKeySequence(tr("Ctrl+Shift+Z")), QKeySequence(tr("Ctrl+Y"))})
    if (!redoKeys.contains(k)) redoKeys << k;
  redoAct_->setShortcuts(redoKeys);
  redoAct_->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
  pinAct_ = act(tr("&Pin Selection"), QKeySequence(tr("Ctrl+P")), [this] { current_->setSelectionPinned(true); });
  pinAct_->setIcon(QIcon(":/icons/pin.svg"));
  unpinAct_ =
      act(tr("U&npin Selection"), QKeySequence(tr("Ctrl+Shift+P")), [this] { current_->setSelectionPinned(false); });
  selectAllAct_ = act(tr("Select &All"), QKeySequence::SelectAll, [this] { current_->selectAll(); });
  clearSelAct_ = act(tr("Clear Selection"), QKeySequence(), [this] { current_->clearSelection(); });

  auto canvas = [this] { return current_->panels().canvas; };
  zoomInAct_ = act(tr("Zoom &In"), QKeySequence::ZoomIn, [canvas] { canvas()->zoomIn(); });
  zoomOutAct_ = act(tr("Zoom &Out"), QKeySequence::ZoomOut, [canvas] { canvas()->zoomOut(); });
  fitAct_ = act(tr("&Fit"), QKeySequence(tr("Ctrl+0")), [canvas] { canvas()->fitAll(); });
  fitAct_->setIcon(QIcon(":/icons/fit.svg"));
  zoomSelAct_ =
      act(tr("Zoom to &Selection"), QKeySequence(tr("Ctrl+Shift+0")), [canvas] { canvas()->zoomToSelection(); });

  startAct_ = act(tr("&Start"), QKeySequence(tr("F5")), [this] { current_->runPanel()->start(); });
  startAct_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  pauseAct_ = act(tr("&Pause / Resume"), QKeySequence(tr("F6")), [this] { current_->runPanel()->togglePaused(); });
  pauseAct_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  stopAct_ = act(tr("S&top"), QKeySequence(tr("Shift+F5")), [this] { current_->runPanel()->stop(); });
  stopAct_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
  keepAct_ = act(tr("&Keep Result"), QKeySequence(), [this] { current_->runPanel()->keepResult(); });
  discardAct_ = act(tr("&Discard Result"), QKeySequence(), [this] { current_->runPanel()->discardResult(); });
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(openAct_);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addAction(openPlacementAct_);
  file->addAction(gemm_->action());
  file->addSeparator();
  file->addAction(saveAct_);
  file->addAction(saveAsAct_);
  QMenu* exp = file->addMenu(tr("&Export"));
  exp->addAction(exportSolutionAct_);
  exp->addAction(exportVitisAct_);
  exp->addAction(exportQorAct_);
  exp->addSeparator();
  exp->addAction(exportWholeAct_);
  exp->addAction(exportViewAct_);
  file->addSeparator();
  file->addAction(quitAct_);

  editMenu_ = menuBar()->addMenu(tr("&Edit"));
  editMenu_->addAction(undoAct_);
  editMenu_->addAction(redoAct_);
  editMenu_->addSeparator();
  editMenu_->addAction(pinAct_);
  editMenu_->addAction(unpinAct_);
  editSeparator_ = editMenu_->addSeparator();  // the current kind's own edit actions go after it
  editMenu_->addAction(selectAllAct_);
  editMenu_->addAction(clearSelAct_);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(zoomInAct_);
  view->addAction(zoomOutAct_);
  view->addAction(fitAct_);
  view->addAction(zoomSelAct_);
  view->addSeparator();
  layersAct_ = view->addAction(tr("&Layers"));
  view->addSeparator();
  QMenu* docks = view->addMenu(tr("&Docks"));
  for (QDockWidget* d : findChildren<QDockWidget*>()) docks->addAction(d->toggleViewAction());

  QMenu* run = runMenu_ = menuBar()->addMenu(tr("&Run"));
  algorithmsAct_ = run->addAction(tr("&Algorithm"));
  run->addAction(tr("Se&ttings…"), this, [this] {
    runDock_.dock->show();
    runDock_.dock->raise();
  });
  run->addSeparator();
  run->addAction(startAct_);
  run->addAction(pauseAct_);
  run->addAction(stopAct_);
  run->addSeparator();
  run->addAction(keepAct_);
  run->addAction(discardAct_);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Mouse and Keys"), this,
                  [this] { QMessageBox::information(this, tr("Mouse and keys"), current_->mouseHelp()); });
  help->addAction(tr("&About TileStudio"), this, [this] {
    QMessageBox::about(this, tr("About TileStudio"),
                       tr("<b>TileStudio</b> %1<br>Place and route dataflow designs on AMD AIE arrays "
                          "and floorplan kernel graphs on the Cerebras WSE.<br>Command line: "
                          "<tt>tilestudio-cli --help</tt>")
                           .arg(QApplication::applicationVersion()));
  });

  QToolBar* tb = addToolBar(tr("Main"));
  tb->setObjectName("mainToolbar");
  for (QAction* a :
       {openAct_, saveAct_, static_cast<QAction*>(nullptr), undoAct_, redoAct_, pinAct_, static_cast<QAction*>(nullptr),
        fitAct_, static_cast<QAction*>(nullptr), startAct_, pauseAct_, stopAct_}) {
    if (a)
      tb->addAction(a);
    else
      tb->addSeparator();
  }
}

ui::Workspace* MainWindow::workspaceFor(const QString& path) const {
  // Anything that is not a kernel graph goes to the AIE side, whose reader names the formats it takes.
  return wse_->handles(path) ? static_cast<ui::Workspace*>(wse_) : static_cast<ui::Workspace*>(aie_);
}

void MainWindow::setCurrent(ui::Workspace* w) {
  if (current_ && current_ != w) current_->document()->close();  // nothing of it stays on screen
  current_ = w;
  const ui::Workspace::Panels p = w->panels();
  central_->setCurrentWidget(p.canvas);
  browserDock_.stack->setCurrentWidget(p.browser);
  inspectorDock_.stack->setCurrentWidget(p.inspector);
  problemsDock_.stack->setCurrentWidget(p.problems);
  runDock_.stack->setCurrentWidget(p.run);
  chartDock_.stack->setCurrentWidget(p.charts);
  browserDock_.dock->setWindowTitle(showingWse() ? tr("Kernels") : tr("Design"));
  undoGroup_->setActiveStack(w->document()->undoStack());
  layersAct_->setMenu(w->layersMenu());
  algorithmsAct_->setMenu(w->algorithmMenu());
  for (QAction* a : kindEditActions_) editMenu_->removeAction(a);
  kindEditActions_ = w->editActions();
  for (QAction* a : kindEditActions_) editMenu_->insertAction(editSeparator_, a);
  for (QAction* a : kindRunActions_) runMenu_->removeAction(a);
  kindRunActions_ = w->runActions();
  runMenu_->addActions(kindRunActions_);
  if (p.history) historyDock_.stack->setCurrentWidget(p.history);
  historyDock_.dock->setVisible(p.history != nullptr);
  exportSolutionAct_->setVisible(!w->exportFilter().isEmpty());
  exportVitisAct_->setVisible(!showingWse());
  cursorLabel_->clear();
  zoomLabel_->clear();
  updateTitle();
}

void MainWindow::log(const QString& text) {
  const QString line = QDateTime::currentDateTime().toString("HH:mm:ss  ") + text;
  if (holdLog_)
    heldLog_ << line;
  else
    log_->appendPlainText(line);
}

bool MainWindow::report(bool ok, const QString& what, const QString& why, QString* error, bool quietErrors) {
  if (ok) return true;
  if (error) *error = why;
  log(what + ": " + why);
  if (!quietErrors) showError(what, why);
  return false;
}

bool MainWindow::openDesign(const QString& path, QString* error, bool quietErrors, int module,
                            const QString& device) {
  ui::Workspace* w = workspaceFor(path);
  // An MLIR file with several modules: the AIE side asks which one unless told (or quiet).
  aie_->setModuleToOpen(module >= 0 ? module : quietErrors ? 0 : -1);
  aie_->setDeviceToOpen(device);
  QString why;
  holdLog_ = true;
  const bool ok = w->open(path, &why);
  holdLog_ = false;
  if (!ok && why.isEmpty()) return false;  // the user cancelled
  // The log follows the open document: a new file starts a fresh log.
  if (ok) log_->clear();
  for (const QString& line : std::exchange(heldLog_, {})) log_->appendPlainText(line);
  if (!report(ok, tr("Cannot open %1").arg(w->kindName()), why, error, quietErrors)) return false;
  setCurrent(w);
  lastDir_ = QFileInfo(path).absolutePath();
  addRecent(QFileInfo(path).absoluteFilePath());
  return true;
}

bool MainWindow::openPlacement(const QString& path, QString* error, bool quietErrors) {
  if (!current_->document()->isOpen()) return false;
  QString why;
  return report(current_->openSolution(path, &why), tr("Cannot read placement"), why, error, quietErrors);
}

bool MainWindow::openGenerated(aie::LoadedDesign design) {
  if (!maybeSave()) return false;
  log_->clear();  // as for a file: the log follows the open document
  aie_->openGenerated(std::move(design));
  setCurrent(aie_);
  raise();
  activateWindow();
  return true;
}

void MainWindow::showError(const QString& title, const QString& message) {
  QMessageBox box(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
  box.exec();
}

bool MainWindow::save() {
  ui::Document* d = current_->document();
  if (!d->isOpen()) return false;
  if (!d->canSaveInPlace()) return saveAs();
  QString why;
  if (!d->save(&why)) {
    showError(tr("Cannot save"), why);
    return false;
  }
  log(tr("Saved %1").arg(d->title()));
  return true;
}

bool MainWindow::saveAs() {
  ui::Document* d = current_->document();
  if (!d->isOpen()) return false;
  QString path = QFileDialog::getSaveFileName(this, tr("Save as"), d->suggestedSavePath(), d->saveFilter());
  if (path.isEmpty()) return false;
  QString why;
  if (!d->saveAs(path, &why)) {
    showError(tr("Cannot save"), why);
    return false;
  }
  if (!showingWse()) addRecent(QFileInfo(path).absoluteFilePath());
  log(tr("Saved %1").arg(path));
  return true;
}

QString MainWindow::exportPath(const QString& suffix) const {
  const ui::Document* d = current_->document();  // a generated design has no file: its suggested one
  QFileInfo fi(d->filePath().isEmpty() ? d->suggestedSavePath() : d->filePath());
  return (exportDir_.isEmpty() ? fi.absolutePath() : exportDir_) + "/" + fi.completeBaseName() + suffix;
}

void MainWindow::exported(bool ok, const QString& path, const QString& what, const QString& why) {
  if (!ok) return showError(tr("Cannot export %1").arg(what), why);
  exportDir_ = QFileInfo(path).absolutePath();
  log(tr("Exported %1 to %2").arg(what, path));
}

void MainWindow::exportSolution() {
  if (!current_->document()->isOpen() || current_->exportFilter().isEmpty()) return;
  QString path = QFileDialog::getSaveFileName(this, tr("Export placement"), exportPath(".placement.yaml"),
                                              current_->exportFilter());
  QString why;
  if (!path.isEmpty()) exported(current_->exportSolution(path, &why), path, tr("placement"), why);
}

void MainWindow::exportVitis() {
  ui::AieDocument* doc = aie_->aieDocument();
  if (showingWse() || !doc->isOpen()) return;
  QFileInfo fi(doc->filePath().isEmpty() ? doc->suggestedSavePath() : doc->filePath());
  QString path = QFileDialog::getSaveFileName(this, tr("Export Vitis AIE compiler constraints"),
                                              fi.absolutePath() + "/" + fi.completeBaseName() + ".constraints.json",
                                              tr("aiecompiler --constraints JSON (*.json)"));
  if (path.isEmpty()) return;
  QString why;
  if (!doc->exportVitisConstraints(path, &why))
    showError(tr("Cannot export constraints"), why);
  else
    log(tr("Exported Vitis AIE constraints to %1").arg(path) + (why.isEmpty() ? QString() : " (" + why + ")"));
}

void MainWindow::exportQor() {
  ui::Document* d = current_->document();
  if (!d->isOpen()) return;
  QString path =
      QFileDialog::getSaveFileName(this, tr("Export QoR report"), exportPath(".qor.json"), tr("JSON (*.json)"));
  QString why;
  if (!path.isEmpty()) exported(d->exportQorReport(path, &why), path, tr("QoR report"), why);
}

void MainWindow::exportPicture(bool whole) {
  if (!current_->document()->isOpen()) return;
  ui::GridCanvas* canvas = current_->panels().canvas;
  ui::PictureExportDialog dialog(canvas, whole, exportPath(".png"),
                                 exportTileSize_ > 0 ? exportTileSize_ : current_->defaultPixelsPerTile(), this);
  if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
  exportTileSize_ = dialog.pixelsPerTile();
  QString why;
  try {
    canvas->exportPicture(dialog.path(), dialog.whole(), dialog.pixelsPerTile());
  } catch (const std::exception& e) {
    why = QString::fromUtf8(e.what());
  }
  exported(why.isEmpty(), dialog.path(), tr("picture"), why);
}

void MainWindow::updateTitle() {
  ui::Document* d = current_->document();
  setWindowTitle(d->isOpen() ? d->title() + (d->modified() ? " *" : "") + " — TileStudio"
                             : QStringLiteral("TileStudio"));
  updateActions();
  updateStatus();
}

void MainWindow::updateStatus() {
  qorLabel_->setText(current_->statusText());
  // Both problem lists are list widgets refreshed before this runs (they connect to the document first).
  auto* list = qobject_cast<QListWidget*>(problemsDock_.stack->currentWidget());
  int problems = 0;  // rows the user can pick; "No problems found" is a placeholder that cannot be
  for (int i = 0; list && i < list->count(); ++i) problems += bool(list->item(i)->flags() & Qt::ItemIsSelectable);
  problemsDock_.dock->setWindowTitle(problems ? tr("Problems (%1)").arg(problems) : tr("Problems"));
}

void MainWindow::updateActions() {
  const bool open = current_->document()->isOpen(), selected = open && current_->hasSelection();
  for (QAction* a : {saveAct_, saveAsAct_, exportSolutionAct_, exportVitisAct_, exportQorAct_, exportWholeAct_,
                     exportViewAct_, selectAllAct_, clearSelAct_, openPlacementAct_, zoomInAct_, zoomOutAct_, fitAct_,
                     zoomSelAct_, startAct_, pauseAct_, stopAct_, keepAct_, discardAct_})
    a->setEnabled(open);
  for (QAction* a : {pinAct_, unpinAct_}) a->setEnabled(selected);
  for (QAction* a : kindEditActions_) a->setEnabled(selected);
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
    recentMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] { openDesignAsked(path); })->setToolTip(path);
  }
  recentMenu_->setEnabled(!list.isEmpty());
}

bool MainWindow::maybeSave() {
  ui::Document* d = current_->document();
  if (!d->isOpen() || !d->modified()) return true;
  QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(d->title()),
                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
  box.setDefaultButton(QMessageBox::Cancel);  // Return never overwrites the file
  box.setEscapeButton(QMessageBox::Cancel);
  const int answer = box.exec();
  if (answer == QMessageBox::Save) return save();
  if (answer != QMessageBox::Discard) return false;
  // Discarded for good: whatever opens next, these edits can no longer be saved over the file.
  d->discardChanges();
  log(tr("Discarded the unsaved changes of %1").arg(d->title()));
  return true;
}

bool MainWindow::openDesignAsked(const QString& path) {
  return maybeSave() && openDesign(path);
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
    s.setValue("window/exportDir", exportDir_);
    s.setValue("window/exportTileSize", exportTileSize_);
    aie_->saveSettings();
    wse_->saveSettings();
  }
  e->accept();
}

}  // namespace ts::studio
