#pragma once
// The studio's main window: the current document's canvas in the middle; docks for its list,
// inspector, problems, run panel, charts and the log; File/Edit/View/Run/Help menus; window
// layout, recent files, layers and run settings kept with QSettings. What is shown for each
// kind of document (AIE design, WSE kernel graph) comes from its Workspace; opening a file of
// the other kind closes the previous document, so nothing of it stays on screen.
#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QStackedWidget;
class QUndoGroup;

namespace ts::aie {
struct LoadedDesign;
}

namespace ts::ui {
class AieCanvas;
class AieDocument;
class AieWorkspace;
class GemmPlannerController;
class RunPanel;
class WseCanvas;
class WseWorkspace;
class Workspace;
}  // namespace ts::ui

namespace ts::studio {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// `persistent`: read and write QSettings (off for screenshots, so they are reproducible).
  explicit MainWindow(bool persistent = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens an AIE design or a WSE kernel graph (.kgraph); on failure shows a dialog (or, when
  /// `quietErrors`, only returns false and sets `error`) and keeps what was open.
  /// `module`: which module of an MLIR file holding several (1-based); -1 asks the user (or, with
  /// quietErrors, takes the only one).
  bool openDesign(const QString& path, QString* error = nullptr, bool quietErrors = false, int module = -1,
                  const QString& device = {});
  /// File > Open after its dialog: the unsaved-changes prompt, then openDesign().
  bool openDesignAsked(const QString& path);
  /// An AIE placement, or a .paint layout of the open kernel graph.
  bool openPlacement(const QString& path, QString* error = nullptr, bool quietErrors = false);
  /// Opens a generated AIE design (no file yet) after the unsaved-changes prompt; false when cancelled.
  bool openGenerated(aie::LoadedDesign design);

  ui::AieWorkspace* aie() const { return aie_; }
  ui::WseWorkspace* wse() const { return wse_; }
  /// File > GEMM Planner: its window opens generated designs here.
  ui::GemmPlannerController* gemmPlanner() const { return gemm_; }
  ui::Workspace* current() const { return current_; }
  ui::AieDocument* document() const;
  ui::AieCanvas* canvas() const;
  ui::RunPanel* runPanel() const;
  ui::WseCanvas* wseCanvas() const;
  /// True while the WSE workspace (not the AIE one) is current.
  bool showingWse() const;
  /// What a dock shows now ("designDock", "inspectorDock", "problemsDock", "runDock", "chartDock").
  QWidget* dockContent(const QString& dockName) const;
  QPlainTextEdit* logView() const { return log_; }
  void log(const QString& text);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  struct DockSlot {
    QDockWidget* dock = nullptr;
    QStackedWidget* stack = nullptr;
  };
  ui::Workspace* workspaceFor(const QString& path) const;
  void setCurrent(ui::Workspace* workspace);
  void createDocks();
  void createActions();
  void createMenus();
  void updateTitle();
  void updateStatus();
  void updateActions();
  void updateRecentMenu();
  void addRecent(const QString& path);
  /// Asks about unsaved changes (Cancel is the default). Save saves; Discard drops the edits
  /// for good (they can never be saved over the file afterwards); false on Cancel.
  bool maybeSave();
  bool save();
  bool saveAs();
  void exportSolution();
  void exportVitis();
  void exportQor();
  void exportPicture(bool whole);
  /// The open file's name with `suffix` in the folder of the last export (else the file's).
  QString exportPath(const QString& suffix) const;
  /// After an export: remembers its folder and logs, or shows why it failed.
  void exported(bool ok, const QString& path, const QString& what, const QString& why);
  void showError(const QString& title, const QString& message);
  /// On failure: sets `error`, logs, and shows a dialog unless quiet. Returns `ok`.
  bool report(bool ok, const QString& what, const QString& why, QString* error, bool quietErrors);

  bool persistent_;
  ui::AieWorkspace* aie_;
  ui::WseWorkspace* wse_;
  ui::GemmPlannerController* gemm_;
  ui::Workspace* current_ = nullptr;
  QUndoGroup* undoGroup_;
  QStackedWidget* central_ = nullptr;
  DockSlot browserDock_, inspectorDock_, problemsDock_, runDock_, chartDock_, historyDock_;
  QPlainTextEdit* log_ = nullptr;
  bool holdLog_ = false;  ///< while a file opens: its lines wait until it is known to have opened
  QStringList heldLog_;
  QMenu *recentMenu_ = nullptr, *editMenu_ = nullptr;
  QLabel *cursorLabel_, *zoomLabel_, *qorLabel_;
  QAction *openAct_, *openPlacementAct_, *saveAct_, *saveAsAct_, *quitAct_;
  QAction *exportSolutionAct_, *exportVitisAct_, *exportQorAct_, *exportWholeAct_, *exportViewAct_;
  QAction *undoAct_, *redoAct_, *pinAct_, *unpinAct_, *selectAllAct_, *clearSelAct_, *editSeparator_;
  QAction *zoomInAct_, *zoomOutAct_, *fitAct_, *zoomSelAct_, *layersAct_, *algorithmsAct_;
  QAction *startAct_, *pauseAct_, *stopAct_, *keepAct_, *discardAct_;
  QList<QAction*> kindEditActions_, kindRunActions_;
  QMenu* runMenu_ = nullptr;
  QString lastDir_, exportDir_;  ///< the export dialogs start where the last export went
  double exportTileSize_ = 0;
  bool restoredState_ = false;
};

}  // namespace ts::studio
