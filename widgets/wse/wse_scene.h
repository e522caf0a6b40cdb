#pragma once
// What the WSE painter draws: one layout of a kernel graph with the evaluator's verdict, the
// layers the user chose and the interactive state (selection, hover). rebuild() derives once
// per layout what every repaint needs: kernel boxes, time and memory, rows and their dead
// space, adapter costs per edge, and an occupancy grid for O(1) picking.
//
// World coordinates: one unit per fabric tile, x to the right, y downwards on screen; the
// fabric's y grows upwards (placers pack rows from the bottom), so fabric row y is world
// row height - 1 - y.
#include <QPointF>
#include <QRectF>
#include <string>
#include <utility>
#include <vector>

#include "engine/wse/evaluator.h"

namespace ts::ui {

enum class WseHeat { None, Time, Memory };
/// "none", "time", "memory"; false for anything else.
bool parseWseHeat(const std::string& text, WseHeat* heat);

struct WseLayers {
  bool grid = true;      ///< tile grid (coarse when zoomed out) and coordinates
  bool rows = true;      ///< row bands and their dead space
  bool kernels = true;   ///< kernel rectangles by type (or heat)
  bool names = true;     ///< kernel names where they fit
  bool edges = true;     ///< data-path connections
  bool adapters = true;  ///< adapter mismatches on the connections that have them
  bool critical = true;  ///< the max-time kernel
  bool problems = true;  ///< overlaps, out-of-fabric and memory violations in red
  bool legend = true;
  WseHeat heat = WseHeat::None;

  /// The layer keys in menu order with their labels ("grid", "Tile grid", ...).
  static const std::vector<std::pair<std::string, std::string>>& all();
  bool* byName(const std::string& key);
};

class WseScene {
 public:
  struct KernelView {
    bool drawn = false;  ///< placed with well-formed arguments
    wse::Box box;
    double time = 0, memory = 0;
    bool pinned = false, problem = false;
  };
  struct Row {
    int floor = 0, top = 0;  ///< fabric y range [floor, top)
    std::vector<int> kernels;
    int64_t deadTiles = 0;  ///< band area not covered by kernels
    double deadFraction = 0;
  };

  /// Points the scene at a layout (the pointers must outlive the scene or the next set()).
  void set(const wse::KernelGraph* graph, const wse::Layout* layout, const wse::Evaluation* evaluation);
  void clear();
  bool valid() const { return graph_ && layout_ && evaluation_; }

  const wse::KernelGraph& graph() const { return *graph_; }
  const wse::Layout& layout() const { return *layout_; }
  const wse::Evaluation& evaluation() const { return *evaluation_; }
  const std::vector<KernelView>& kernels() const { return kernels_; }
  const std::vector<Row>& rows() const { return rows_; }
  /// Adapter cost per graph kernel edge (-1 when an end is not drawn).
  const std::vector<int>& edgeAdapterCost() const { return edgeAdapter_; }
  double maxTime() const { return maxTime_; }
  double maxMemory() const { return maxMemory_; }

  WseLayers layers;
  std::vector<char> selected;  ///< per kernel
  int hover = -1;
  bool isSelected(int k) const { return k >= 0 && size_t(k) < selected.size() && selected[size_t(k)]; }
  /// "Differences only" (compare window): kernels and kernel edges that are the same in every
  /// compared run are drawn faint (kernels) or left out (edges). Empty: nothing is dimmed.
  std::vector<char> dimKernels, dimEdges;
  bool kernelDimmed(int k) const { return k >= 0 && size_t(k) < dimKernels.size() && dimKernels[size_t(k)]; }
  bool edgeDimmed(size_t e) const { return e < dimEdges.size() && dimEdges[e]; }

  /// A fabric box as a world rectangle.
  QRectF worldRect(const wse::Box& b) const;
  QRectF kernelWorldRect(int k) const;
  /// Fabric tile under a world point; false outside the fabric.
  bool tileAtWorld(const QPointF& world, int* x, int* y) const;
  /// Kernel covering a world point, or -1.
  int kernelAtWorld(const QPointF& world) const;

 private:
  void rebuild();
  const wse::KernelGraph* graph_ = nullptr;
  const wse::Layout* layout_ = nullptr;
  const wse::Evaluation* evaluation_ = nullptr;
  std::vector<KernelView> kernels_;
  std::vector<Row> rows_;
  std::vector<int> edgeAdapter_;
  std::vector<int> owner_;  ///< width x height, kernel index or -1
  double maxTime_ = 0, maxMemory_ = 0;
};

}  // namespace ts::ui
