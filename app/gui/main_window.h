#pragma once
// The studio's main window: the AIE canvas (or the WSE view for a .kgraph) in the middle; docks for the design browser,
// inspector, problems, run panel, QoR charts and log; File/Edit/View/Run/Help menus; window
// layout, recent files, layers and run settings kept with QSettings.
#include <QMainWindow>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QStackedWidget;

namespace ts::ui {
class AieCanvas;
class AieDocument;
class DesignBrowser;
class InspectorView;
class ProblemList;
class QorChartPanel;
class RunPanel;
class WseCanvas;
}  // namespace ts::ui

namespace ts::studio {

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// `persistent`: read and write QSettings (off for screenshots, so they are reproducible).
  explicit MainWindow(bool persistent = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a design, or a WSE kernel graph (.kgraph) in the WSE view; on failure shows a dialog
  /// (or, when `quietErrors`, only returns false and sets `error`) and keeps what was open.
  /// `module`: which module of an MLIR file holding several (1-based); -1 asks the user (or, with
  /// quietErrors, takes the only one).
  bool openDesign(const QString& path, QString* error = nullptr, bool quietErrors = false, int module = -1);
  /// An AIE placement, or a .paint layout of the open kernel graph.
  bool openPlacement(const QString& path, QString* error = nullptr, bool quietErrors = false);

  ui::AieDocument* document() const { return doc_; }
  ui::AieCanvas* canvas() const { return canvas_; }
  ui::RunPanel* runPanel() const { return runPanel_; }
  ui::WseCanvas* wseCanvas() const { return wseCanvas_; }
  /// True while the WSE view (not the AIE canvas) is in the middle.
  bool showingWse() const;
  void log(const QString& text);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  /// Reads `kgraph` with `paint` (empty: the side .paint or a CU.POKer run) into the WSE view.
  bool openWse(const QString& kgraph, const QString& paint, QString* error, bool quietErrors);
  /// Puts the WSE view or the AIE canvas in the middle; AIE-only actions and docks follow.
  void showWseView(bool wse);
  void createDocks();
  void createActions();
  void createMenus();
  void updateTitle();
  void updateStatus();
  void updateRecentMenu();
  void addRecent(const QString& path);
  bool maybeSave();
  bool save();
  bool saveAs();
  void exportPlacement();
  void exportVitis();
  void exportQor();
  void exportPicture(bool whole);
  void applyLayers();
  void showError(const QString& title, const QString& message);
  /// On failure: sets `error`, logs, and shows a dialog unless quiet. Returns `ok`.
  bool report(bool ok, const QString& what, const QString& why, QString* error, bool quietErrors);

  bool persistent_;
  ui::AieDocument* doc_;
  ui::AieCanvas* canvas_;
  QStackedWidget* central_ = nullptr;
  ui::WseCanvas* wseCanvas_ = nullptr;
  ui::DesignBrowser* browser_ = nullptr;
  ui::InspectorView* inspector_ = nullptr;
  ui::ProblemList* problems_ = nullptr;
  ui::QorChartPanel* charts_ = nullptr;
  ui::RunPanel* runPanel_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QLabel *cursorLabel_, *zoomLabel_, *qorLabel_;
  QList<QAction*> layerActions_;
  QActionGroup* heatGroup_ = nullptr;
  QAction *openAct_, *openPlacementAct_, *saveAct_, *saveAsAct_, *quitAct_;
  QAction *exportPlacementAct_, *exportVitisAct_, *exportQorAct_, *exportWholeAct_, *exportViewAct_;
  QAction *undoAct_, *redoAct_, *pinAct_, *unpinAct_, *unplaceAct_, *selectAllAct_, *clearSelAct_;
  QAction *zoomInAct_, *zoomOutAct_, *fitAct_, *zoomSelAct_;
  QAction *startAct_, *pauseAct_, *stopAct_, *keepAct_, *discardAct_;
  QString lastDir_;
  bool restoredState_ = false;
};

}  // namespace ts::studio
