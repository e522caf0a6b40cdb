#pragma once
// The studio's AIE side as a Workspace: the design document, the array canvas, design browser,
// inspector, problems, run panel and QoR charts, the AIE layers and heat maps, and the
// placers, routers and flows of the run catalogue in the Run menu.
#include <memory>

#include "engine/aie/io/design_loader.h"
#include "widgets/run_panel.h"
#include "widgets/workspace.h"
#include "widgets/workspace_menus.h"

namespace ts::ui {

class AieCanvas;
class AieDocument;
class AieHistory;
class CompareController;
class DesignBrowser;
class HistoryDock;
class InspectorView;
class ProblemList;
class QorChartPanel;

class AieWorkspace : public Workspace {
  Q_OBJECT
 public:
  /// `persistent`: the run history is kept in a sidecar file next to the design.
  explicit AieWorkspace(QWidget* parent, bool persistent = true);
  ~AieWorkspace() override;

  AieDocument* aieDocument() const { return doc_; }
  AieCanvas* canvas() const { return canvas_; }
  AieHistory* runHistory() const { return history_; }
  CompareController* compare() const { return compare_; }

  Document* document() override;
  Panels panels() override;
  QString kindName() const override { return tr("AIE design"); }
  bool handles(const QString& path) const override;
  /// An MLIR file with several modules opens module `module` (1-based); -1 asks the user (the
  /// "which module?" dialog), 0 takes the only one. Applies to the next open() only.
  void setModuleToOpen(int module) { moduleToOpen_ = module; }
  /// The device the next open() uses instead of the design's own (a preset or device YAML).
  void setDeviceToOpen(const QString& device) { deviceToOpen_ = device; }
  bool open(const QString& path, QString* error) override;
  /// Opens a design that has no file yet (generated, e.g. by the GEMM planner); it is saved
  /// only through Save As.
  void openGenerated(aie::LoadedDesign design);
  bool openSolution(const QString& path, QString* error) override;
  QString solutionFilter() const override;
  QString exportFilter() const override;
  bool exportSolution(const QString& path, QString* error) override;
  /// Core names and coordinates readable at 100 % in a viewer.
  double defaultPixelsPerTile() const override { return 64; }
  QString statusText() const override;
  QString cursorText(const QPoint& cell) const override;
  QString mouseHelp() const override;
  bool hasSelection() const override;
  void selectAll() override;
  void clearSelection() override;
  void setSelectionPinned(bool pinned) override;
  QList<QAction*> editActions() override;
  QList<QAction*> runActions() override;
  LayerMenu* layersMenu() const override { return layers_.get(); }
  QMenu* algorithmMenu() const override { return algorithms_.get(); }
  RunPanel* runPanel() const override { return run_; }

 private:
  void buildMenus();
  void applyLayers();
  void logOpened(const QString& what);
  /// A run result or a run of the history is drawn but not applied (its figures and placement
  /// for the status bar and design tree), or no longer (empty, null).
  void showPreview(const QString& text, const aie::Placement* placement);

  AieDocument* doc_;
  AieCanvas* canvas_;
  DesignBrowser* browser_;
  InspectorView* inspector_;
  ProblemList* problems_;
  QorChartPanel* charts_;
  RunPanel* run_;
  std::unique_ptr<LayerMenu> layers_;
  std::unique_ptr<QMenu> algorithms_;
  QAction* unplace_ = nullptr;
  HistoryDock* historyDock_;
  AieHistory* history_;
  CompareController* compare_;
  QString previewText_;
  int moduleToOpen_ = -1;
  QString deviceToOpen_;
};

}  // namespace ts::ui
