#pragma once
// The WSE fabric canvas: draws the document's layout (or a running job's newest snapshot)
// through WsePainter with pan, zoom about the cursor, fit and level of detail from GridCanvas;
// selects kernels (click, ctrl-click, rubber band), shows tooltips, and moves kernels by
// dragging them, snapped to fabric tiles, with a green/red ghost and the score change of the
// move beside it; an illegal drop is refused.
#include <memory>

#include "widgets/grid_canvas.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_painter.h"

namespace ts::wse {
struct LayoutSnapshot;
}

namespace ts::ui {

class WseCanvas : public GridCanvas {
  Q_OBJECT
 public:
  explicit WseCanvas(WseDocument* document, QWidget* parent = nullptr);
  ~WseCanvas() override;

  WseDocument* document() const { return doc_; }
  const ScenePainter& scenePainter() const override { return painter_; }
  const WseScene& scene() const { return scene_; }
  WseLayers layers() const { return scene_.layers; }
  void setLayers(const WseLayers& layers);
  /// A note drawn over the fabric (e.g. "Placing with CU.POKer…"); empty = none.
  void setMessage(const QString& message);
  const QString& message() const { return painter_.message(); }

  std::vector<int> selectedKernels() const;
  void setSelectedKernels(const std::vector<int>& kernels);
  void selectAll();
  void clearSelection();

  /// Shows a running job's layout instead of the document's (nullptr: back to the document);
  /// `caption` says what it is in the legend (default: "run in progress").
  void showSnapshot(std::shared_ptr<const wse::LayoutSnapshot> snapshot, const QString& caption = {});
  bool showingSnapshot() const { return bool(live_); }
  /// What the legend calls the layout shown instead of the document's.
  const QString& snapshotCaption() const { return liveCaption_; }
  /// Read-only canvases (the compare window's) never move kernels.
  void setEditable(bool editable) { editable_ = editable; }
  /// "Differences only": kernels (and edges) marked 1 are the same in every compared run and
  /// drawn faint (edges left out). Empty vectors: nothing is dimmed.
  void setDimmed(std::vector<char> kernels, std::vector<char> edges);

  // Geometry in widget pixels; fabric tiles (x, y) with y upwards.
  QRectF fabricRect() const;
  QRectF kernelRect(int k) const;
  int kernelAt(const QPointF& pixel) const;
  bool tileAt(const QPointF& pixel, int* x, int* y) const;
  QPointF tileCenter(int x, int y) const;

  // Moves as plain methods (the mouse and tests call these).
  /// Shows the ghost of kernel k with its corner at (x, y) and returns what the drop would do.
  WseEdit previewMove(int k, int x, int y);
  void clearPreview();
  /// Moves kernel k's corner to (x, y) (undoable); false when refused.
  bool dropKernel(int k, int x, int y);

 signals:
  void selectionChanged();
  /// One line for the status bar: the score change of a move, or why it was refused.
  void editMessage(const QString& text);

 protected:
  QRectF selectionWorldRect() const override;
  bool beginItemDrag(const QPointF& pressPixel, Qt::KeyboardModifiers modifiers) override;
  void itemDragMove(const QPointF& pixel) override;
  void itemDragEnd(const QPointF& pixel, bool commit) override;
  void clickAt(const QPointF& pixel, Qt::KeyboardModifiers modifiers) override;
  void selectInWorldRect(const QRectF& world, Qt::KeyboardModifiers modifiers) override;
  void hoverAt(const QPointF& pixel) override;
  void paintDecorations(QPainter& painter) override;
  void withExportPainter(const std::function<void(const ScenePainter&)>& use) const override;
  QString tooltipAt(const QPointF& pixel) const override;

 private:
  void rebind();
  QString title() const;

  WseDocument* doc_;
  WseScene scene_;
  WsePainter painter_;
  std::shared_ptr<const wse::LayoutSnapshot> live_;
  QString liveCaption_;
  wse::Evaluation liveEvaluation_;
  bool editable_ = true;

  struct Drag {
    int kernel = -1;
    int grabX = 0, grabY = 0;  ///< tile grabbed, relative to the kernel's corner
  } drag_;
  struct Preview {
    bool active = false;
    WseEdit edit;
    QPointF cursor;
  } preview_;
};

}  // namespace ts::ui
