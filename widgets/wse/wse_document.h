#pragma once
// An open Cerebras WSE kernel graph (.kgraph) in the studio: the graph, the current layout
// (with pinned kernels), the independent evaluator's verdict on it, and the undo stack through
// which every edit goes (moves, shape changes, rotations, pins, loaded layouts, kept run
// results). Canvas, kernel list, inspector, problems and the run panel all work on it.
#include <QString>
#include <QUndoStack>
#include <memory>

#include "engine/wse/evaluator.h"
#include "engine/wse/kernel_graph.h"
#include "engine/wse/layout.h"
#include "engine/wse/sizing.h"
#include "widgets/document.h"

namespace ts::ui {

/// What an edit would do, computed before it is made (the live score of a drag).
struct WseEdit {
  bool allowed = false;  ///< inside the fabric, no overlap, memory within the limit, not pinned
  QString reason;        ///< why not allowed; or a note ("moved to (12, 40) to fit")
  int kernel = -1;
  wse::Layout after;
  wse::Evaluation before, evaluation;
  /// "score 36437 → 36980 (+543) · MT 34496 → 34496 · WL 1314 → 1857 (+543) · AC 15 → 15"
  QString summary() const;
};

class WseDocument : public Document {
  Q_OBJECT
 public:
  explicit WseDocument(QObject* parent = nullptr);
  ~WseDocument() override;

  /// Reads a kernel graph and the .paint beside it (same stem) when there is one. On failure
  /// returns false, keeps what was open and sets `error` to one line ("file:line: problem").
  bool open(const QString& kgraphPath, QString* error);
  /// Reads a layout (.paint) of the open graph as one undoable edit; later saves go to it.
  bool loadLayout(const QString& paintPath, QString* error);
  /// Open, but no kernel placed yet (a .kgraph without a .paint).
  bool needsPlacement() const { return isOpen() && layout_.placedCount() == 0; }

  Kind kind() const override { return Kind::Wse; }
  bool isOpen() const override { return bool(graph_); }
  QString filePath() const override { return graphPath_; }
  QString title() const override;
  QUndoStack* undoStack() override { return &undo_; }
  bool modified() const override { return !undo_.isClean(); }
  bool canSaveInPlace() const override { return isOpen() && !paintPath_.isEmpty(); }
  /// Writes the layout to its .paint (atomically); every kernel must be placed.
  bool save(QString* error) override;
  bool saveAs(const QString& path, QString* error) override;
  QString saveFilter() const override;
  QString suggestedSavePath() const override;
  bool exportQorReport(const QString& path, QString* error) const override;
  void close() override;

  const wse::KernelGraph& graph() const { return *graph_; }
  std::shared_ptr<const wse::KernelGraph> sharedGraph() const { return graph_; }
  const wse::Layout& layout() const { return layout_; }
  const wse::Evaluation& evaluation() const { return evaluation_; }
  /// The .paint the layout was read from or saved to (empty: none yet).
  QString paintPath() const { return paintPath_; }
  /// Where the layout came from: "G.paint", "CU.POKer", "not placed".
  QString layoutSource() const { return layoutSource_; }
  /// Kernels the user pinned.
  std::vector<int> pinnedKernels() const;

  /// Pareto-optimal shapes of kernel k (both orientations) meeting time <= target and the
  /// memory limit: the sizing step's candidates.
  std::vector<wse::Candidate> candidates(int k, double target) const;

  /// Moving kernel k's corner to (x, y) (fabric tiles, y upwards).
  WseEdit checkMove(int k, int x, int y) const;
  /// Giving kernel k these arguments and orientation; when the new shape does not fit at its
  /// corner it goes to the nearest free place.
  WseEdit checkShape(int k, const wse::ExecArgs& args, bool rotated) const;
  /// Apply an allowed edit (one undoable step); false (and `why`) when not allowed.
  bool moveKernel(int k, int x, int y, QString* why = nullptr);
  bool setShape(int k, const wse::ExecArgs& args, bool rotated, QString* why = nullptr);
  bool rotate(int k, QString* why = nullptr);
  void setPinned(const std::vector<int>& kernels, bool pinned);
  /// Replaces the layout as one undoable edit named `text` (run results).
  void setLayout(wse::Layout layout, const QString& text, const QString& source = {});

  /// Used by the undo commands.
  void applyLayout(const wse::Layout& layout, const QString& source);

 private:
  /// Starts an edit of kernel k from the current layout; false (and the reason) when it is
  /// not a placed, unpinned kernel.
  bool beginEdit(int k, WseEdit& e) const;
  bool apply(const WseEdit& edit, const QString& text, QString* why);
  void setCurrent(const wse::Layout& layout, const QString& source);

  std::shared_ptr<const wse::KernelGraph> graph_;
  std::unique_ptr<wse::KernelSizer> sizer_;
  QString graphPath_, paintPath_, layoutSource_;
  wse::Layout layout_;
  wse::Evaluation evaluation_;
  QUndoStack undo_;
};

/// Same kernels, places, shapes and pins.
bool sameWseLayout(const wse::Layout& a, const wse::Layout& b);

/// The .paint with the same stem beside `kgraphPath`, or empty when there is none.
QString sidePaintPath(const QString& kgraphPath);

}  // namespace ts::ui
