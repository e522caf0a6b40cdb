#pragma once
// Exact wirelength compaction of a legal layout along one axis at a time, kernels keeping their
// shapes and their order along that axis (beyond the paper, which stops at its row layout).
//
// With every kernel's position on the other axis fixed, the pairs that overlap there must keep
// their order along the axis: p_j >= p_i + size_i (a DAG of difference constraints, reduced to
// its transitive reduction). The wirelength along the axis is a sum of |p_a - p_b + d| over the
// edges, with d = (size_a - size_b) / 2; a half-integral d is split into two half-weight terms
// with integral offsets, which is exact at integer positions. Minimising that sum under the
// difference constraints is a linear programme whose dual is a min-cost flow, so a simplex
// vertex is integral: the LP (solved by Clp) gives the best integer positions for the given
// order, moving whole rows or columns at once where the greedy polish (wirelength_polish.h),
// which moves one kernel at a time, is stuck. Axes alternate until neither improves.
#include <functional>
#include <vector>

#include "engine/wse/layout.h"

namespace ts::wse {

struct CompactionStats {
  double wirelengthBefore = 0, wirelengthAfter = 0;
  int passes = 0;  ///< axis passes that ran an LP
};

/// One exact pass along x (`horizontal`) or y: returns whether the wirelength got shorter (the
/// layout is changed only then). Pinned kernels stay where they are.
bool compactAxis(const KernelGraph& graph, Layout& layout, bool horizontal);

/// Passes along x and y in turn until neither shortens the wires (at most maxRounds of each),
/// or `stop` (optional, polled between passes) says so. The layout stays legal and its
/// wirelength never increases; shapes, arguments, pinned and unplaced kernels are untouched.
CompactionStats compactWirelength(const KernelGraph& graph, Layout& layout, int maxRounds = 4,
                                  const std::function<bool()>& stop = {});

}  // namespace ts::wse
