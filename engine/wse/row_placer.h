#pragma once
// Data-path-aware row placement (CU.POKer Sec. III-C, Algorithm 2) for one target time.
//
// Kernels are taken in a topological order and packed row by row from the bottom of the
// fabric; each row uses, for every kernel in it, the minimum-width candidate whose height fits
// the row's height bound. Rows run in a snake (even rows left to right from x = 0, odd rows
// right to left from the right edge) so that consecutive kernels stay adjacent across a row
// turn, and kernels are centred vertically in their row.
//
// What is searched: every row option of Algorithm 2 (for each non-redundant height bound the
// maximal run of kernels that fits, i.e. redundant heights skipped) plus the tight
// non-maximal runs, with at most t_row rows where t_row is first the smallest row count that
// admits a solution (the paper's threshold) and then a few more (RowSearchConfig::extraRows),
// each budget bounded by the best layout of the smaller ones. Instead of the paper's area
// pruning this uses an exact lookahead: a dynamic programme gives, for every suffix of the
// order and every row budget, the least total height its rows need, so a partial layout that
// cannot be completed is never expanded, and the same table answers "is this target feasible"
// exactly for the row model (monotone in the target, which makes the binary search of the flow
// sound). A depth-first branch and bound with a wirelength lower bound, a dominance memo (same
// frontier geometry, worse partial wirelength) and a node budget picks the layout with the
// least wirelength.
//
// Pinned kernels (setFixed) are left out of the order and become obstacles: a row's kernels
// skip past them along the row, and edges to them count towards the wirelength. The tables
// ignore obstacles, so with obstacles feasible() is optimistic and search() may find nothing
// (it then stops at the node budget).
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/wse/kernel_graph.h"
#include "engine/wse/layout.h"
#include "engine/wse/sizing.h"

namespace ts::wse {

struct RowSearchConfig {
  /// Row expansions per row budget (branch-and-bound budget). The first solution is found after
  /// at most t_row expansions, so any budget >= t_row returns a layout.
  int maxNodes = 4000;
  /// Row budgets searched beyond the minimum: t_row = minimal rows, then minimal rows + 1, ...
  /// up to + extraRows, each bounded by the best layout of the budgets before it.
  int extraRows = 0;
};

/// A row layout: per kernel (by kernel index) the chosen candidate and its corner.
struct RowLayout {
  std::vector<int> candidate;  ///< index into the kernel's candidate list
  std::vector<int> x, y, row;
  int rows = 0;
  double wirelength = 0;  ///< kernel-to-kernel edges, centre-to-centre L1
  int64_t nodes = 0;      ///< expansions the search used
  bool complete = false;  ///< the search proved optimality within its option set
};

class RowPlacer {
 public:
  /// `order` is a topological order of the kernels to place (all kernels but the fixed ones);
  /// `candidates[k]` the sizing result of kernel k.
  RowPlacer(const KernelGraph& graph, std::vector<int> order, const std::vector<std::vector<Candidate>>& candidates);

  /// True when some row layout (any number of rows) fits the fabric.
  bool feasible() const { return feasible_; }
  /// Least total height of a row layout of all kernels (infinite when a kernel has no candidate).
  int64_t minimalHeight() const { return bestAny_.empty() ? kInf : bestAny_[0]; }

  /// Kernels that keep their place (by kernel index; a box of width 0 = not fixed). They must
  /// not be in the order. Call before search().
  void setFixed(std::vector<Box> fixedByKernel);

  /// Best row layout found; returns false when infeasible or stopped before the first layout.
  /// Kernels outside the order get candidate -1 and row -1.
  bool search(const RowSearchConfig& config, RowLayout& out, const std::function<bool()>& stop = {});

  static constexpr int64_t kInf = int64_t(1) << 40;

 private:
  struct Step {
    int height, width, candidate;
  };
  struct Option {
    int end;     ///< row holds order positions [start, end)
    int bound;   ///< height bound used to choose candidates
    int height;  ///< actual row height (max candidate height)
  };
  struct Event {
    int pos;    ///< order position whose kernel gets narrower at this height
    int width;  ///< its width from this height on
  };
  const Step* stepAt(int pos, int bound) const;
  void buildStepEvents();
  void buildRowTables();
  void buildRowBudgetTable(int maxRows);
  void nextRowLayer(const std::vector<int64_t>& prev, std::vector<int64_t>& cur) const;
  const std::vector<Option>& optionsFrom(int start);

  const KernelGraph& graph_;
  std::vector<int> order_, posOf_;
  int n_ = 0, fabricW_ = 0, fabricH_ = 0;
  std::vector<std::vector<Step>> stairs_;  ///< per position: heights up, widths strictly down
  std::vector<int> heights_;               ///< union of stair heights
  std::vector<size_t> eventStart_;         ///< stair steps at heights_[h]: [eventStart_[h], eventStart_[h+1])
  std::vector<Event> events_;
  std::vector<std::vector<int>> rowHeight_;     ///< [start][end-start-1]: least row height
  std::vector<int64_t> bestAny_;                ///< least height for positions [i, n), any rows
  std::vector<std::vector<int64_t>> bestRows_;  ///< [rows][i]: least height with at most rows rows
  std::vector<std::vector<Option>> options_;
  std::vector<bool> optionsBuilt_;
  bool feasible_ = false;
  std::vector<Box> fixed_;      ///< by kernel index (empty = none)
  std::vector<Box> obstacles_;  ///< the fixed boxes
};

}  // namespace ts::wse
