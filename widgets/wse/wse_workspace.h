#pragma once
// The studio's WSE floorplan editor as a Workspace: a kernel graph document, the fabric
// canvas, the kernel list, inspector with candidate shapes, problems, run panel and live
// charts, the run history (Runs dock) with the compare window, the layers (incl. heat by
// time or memory) and the WSE placers in the Run menu.
// Opening a .kgraph without a .paint never waits: it opens at once and CU.POKer places it in
// the background.
#include <memory>

#include "widgets/workspace.h"
#include "widgets/workspace_menus.h"
#include "widgets/wse/wse_run_panel.h"

namespace ts::ui {

class CompareController;
class HistoryDock;
class WseCanvas;
class WseHistory;
class WseDocument;
class WseInspector;
class WseKernelList;
class WseProblemList;
class WseRunChart;

class WseWorkspace : public Workspace {
  Q_OBJECT
 public:
  /// `persistent`: the run history is kept in a sidecar file next to the kernel graph.
  explicit WseWorkspace(QWidget* parent, bool persistent = true);
  ~WseWorkspace() override;

  WseDocument* wseDocument() const { return doc_; }
  WseCanvas* canvas() const { return canvas_; }
  WseKernelList* kernelList() const { return list_; }
  WseInspector* inspector() const { return inspector_; }
  WseProblemList* problems() const { return problems_; }
  WseRunChart* chart() const { return chart_; }
  WseHistory* runHistory() const { return history_; }
  CompareController* compare() const { return compare_; }

  Document* document() override;
  Panels panels() override;
  QString kindName() const override { return tr("WSE kernel graph"); }
  bool handles(const QString& path) const override;
  bool open(const QString& path, QString* error) override;
  bool openSolution(const QString& path, QString* error) override;
  QString solutionFilter() const override;
  double defaultPixelsPerTile() const override { return 3; }
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
  WseRunPanel* runPanel() const override { return run_; }

 private:
  void buildMenus();
  void applyLayers();

  WseDocument* doc_;
  WseCanvas* canvas_;
  WseKernelList* list_;
  WseInspector* inspector_;
  WseProblemList* problems_;
  WseRunChart* chart_;
  WseRunPanel* run_;
  HistoryDock* historyDock_;
  WseHistory* history_;
  CompareController* compare_;
  QString previewText_;  ///< a run of the history drawn on the canvas, not applied
  std::unique_ptr<LayerMenu> layers_;
  std::unique_ptr<QMenu> algorithms_;
  QAction* rotate_ = nullptr;
};

}  // namespace ts::ui
