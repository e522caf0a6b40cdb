#pragma once
// Adapter-cost post refinement (CU.POKer Sec. III-D and III-E) of a legal layout. Kernel
// widths, the maximum time, memory legality and (up to half a tile of re-centring) the
// wirelength are kept; kernels only grow into the dead space beside them.
//
// 1. (h, w) unification: per group (a row of a row layout, else the whole layout) every (h, w)
//    pair present in the group is tried as the reference for all its kernels and the reference
//    with the best weighted cost (wlength*WL + wadapter*AC, then AC) is committed. Without
//    rows, k is kept and c = floor(free height / (h*w)) - 1 (eq. 7). In a row layout k is
//    re-sized too (the narrowest legal shape with that (h, w) within the row height) and the
//    row is re-packed, which lets kernels trade width they do not need; then a per-kernel
//    local search tries the neighbours' (h, w) and c (see localSearchPasses).
// 2. c alignment: each kernel's first and last c get a valid interval (time <= MT, memory <=
//    memlimit, height within the free space); values are chosen to maximise the number of edges
//    whose c_out equals c_in. Single paths are solved exactly by interval intersection; forks by
//    iterated best responses with pair moves (covers the paper's basic forks and more).
// Both steps are committed only when the weighted cost does not get worse. Pinned kernels keep
// their arguments and place; rows re-pack around them.
#include <functional>

#include "engine/wse/layout.h"

namespace ts::wse {

struct AdapterRefineConfig {
  bool unifyHW = true;
  bool alignC = true;
  int maxLabelRounds = 50;  ///< best-response sweeps of the c alignment
  /// Row layouts only, beyond the paper: passes of a per-kernel search over the (h, w) and c of
  /// its graph neighbours with k re-sized and the row re-packed (0 = off).
  int localSearchPasses = 10;
};

struct AdapterRefineStats {
  long long acBefore = 0, acAfter = 0;
  double wlBefore = 0, wlAfter = 0;
  int changedKernels = 0;
};

/// `stop` (optional) is polled between steps; when it returns true the refinement ends early,
/// leaving a legal layout.
AdapterRefineStats refineAdapterCost(const KernelGraph& graph, Layout& layout, const AdapterRefineConfig& config = {},
                                     const std::function<bool()>& stop = {});

}  // namespace ts::wse
