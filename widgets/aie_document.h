#pragma once
// An open AIE design in the studio: design, device, the current placement and routing, their
// resource use, and the undo stack through which every edit (manual moves, pins, run results,
// loaded placements) goes. Canvas, browser, inspector and run panel all work on one document.
#include <QString>
#include <QUndoStack>
#include <memory>

#include "engine/aie/io/design_loader.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "widgets/aie_usage.h"
#include "widgets/document.h"

namespace ts::ui {

/// What dropping a core on a tile would do, computed before the drop (VPR-style manual move).
struct MoveCheck {
  bool allowed = false;  ///< the drop can be made (tile kind fits, nothing pinned in the way)
  bool legal = false;    ///< and leaves no problem involving the moved cores
  QString reason;        ///< why not allowed, or the first problem it creates
  aie::Placement after;
  std::vector<aie::CoreId> moved;  ///< the core and, for a swap, the core it displaces
  int routeLengthBefore = 0, routeLengthAfter = 0;
  int problemsBefore = 0, problemsAfter = 0;     ///< violations + warnings
  double runtimeBefore = -1, runtimeAfter = -1;  ///< estimated µs (complete placements only)
  /// "route length est. 12 → 10 (−2) · problems 0 → 1 · est. runtime 41.2 → 39.8 µs"
  QString summary() const;
};

class AieDocument : public Document {
  Q_OBJECT
 public:
  struct State {
    aie::Placement placement;
    std::shared_ptr<const aie::Routing> routing;
  };

  explicit AieDocument(QObject* parent = nullptr);
  ~AieDocument() override;

  /// Opens a design file (.yaml design, np-flow .json or MLIR-AIE .mlir; `module` picks one of an
  /// MLIR file's modules, 0 = its only one). On failure returns false, keeps the current design
  /// and sets `error` to one line ("file:line:col: problem").
  bool open(const QString& path, QString* error, const QString& deviceOverride = {}, int module = 0);
  /// Takes an already loaded design (tests, generated designs).
  void setLoaded(aie::LoadedDesign loaded);
  /// Reads a placement file and applies it as one undoable edit.
  bool loadPlacement(const QString& path, QString* error);
  Kind kind() const override { return Kind::Aie; }
  /// Writes the design with its placement. np-flow sources are saved as YAML (see saveAs).
  bool save(QString* error) override;
  /// .yaml/.yml: design + placement; .json: np-flow netlist with the placement; .mlir: the
  /// design's MLIR module with its tiles placed (or a new module for other sources).
  bool saveAs(const QString& path, QString* error) override;
  /// True when save() can write back to the opened file in its own format.
  bool canSaveInPlace() const override;
  QString saveFilter() const override;
  QString suggestedSavePath() const override;
  void close() override;
  /// Placement as .yaml, .csv, np-flow placed .json (with routing when there is one) or placed
  /// .mlir.
  bool exportPlacement(const QString& path, QString* error) const;
  /// The placement as Vitis AI Engine compiler constraints (JSON). On success `notes` (if given)
  /// says what was left out.
  bool exportVitisConstraints(const QString& path, QString* notes) const;
  /// QoR report (JSON): the Table II figures of the current state and the problem list.
  bool exportQorReport(const QString& path, QString* error) const override;

  bool isOpen() const override { return bool(loaded_); }
  QString filePath() const override { return filePath_; }
  QString title() const override;
  bool modified() const override { return !undo_.isClean(); }
  /// Marks the current state as saved (after save, or for a fresh design).
  void markSaved() { undo_.setClean(); }
  /// Document::discardChanges; re-reads the file when the saved state left the undo stack.
  void discardChanges() override;

  const aie::Design& design() const { return loaded_->design; }
  /// What the file held that was not imported (MLIR ops skipped, flow sizes assumed).
  const std::vector<std::string>& importWarnings() const { return loaded_->warnings; }
  const aie::Device& device() const { return loaded_->device; }
  const aie::Placement& placement() const { return state_.placement; }
  std::shared_ptr<const aie::Routing> routing() const { return state_.routing; }
  std::shared_ptr<const aie::RrGraph> rrGraph() const { return graph_; }
  State state() const { return state_; }
  const AieUsage& usage() const { return usage_; }
  QUndoStack* undoStack() override { return &undo_; }

  /// What moving `core` to `tile` would do (swap with a compute core already there).
  MoveCheck checkMove(aie::CoreId core, aie::TileCoord tile) const;
  /// Applies an allowed move as one undoable edit; false (and `why`) when not allowed.
  bool moveCore(aie::CoreId core, aie::TileCoord tile, QString* why = nullptr);
  bool unplaceCores(const std::vector<aie::CoreId>& cores);
  void setPinned(const std::vector<aie::CoreId>& cores, bool pinned);
  /// Replaces placement and routing as one undoable edit named `text`.
  void setState(State next, const QString& text);

  /// Used by the undo commands.
  void applyState(const State& state);

 signals:
  /// A manual edit was made (move, swap, unplace, pin): one line for the log.
  void edited(const QString& text);

 private:
  void recompute();

  std::unique_ptr<aie::LoadedDesign> loaded_;
  QString filePath_;
  State state_;
  std::shared_ptr<const aie::RrGraph> graph_;
  AieUsage usage_;
  QUndoStack undo_;
};

}  // namespace ts::ui
