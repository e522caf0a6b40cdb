#pragma once
// Wirelength polish of a legal layout without changing any kernel's shape or arguments: each
// unpinned kernel in turn slides along x, then y, within the free space around it to the integer
// position that minimises the L1 length of its edges (a clamped weighted median). Legality is
// kept by construction and the total wirelength never increases; sweeps repeat until nothing
// moves. Used by the CU.POKer flow on every target's row layout (row ends and turns settle
// where their neighbours are).
#include "engine/wse/layout.h"

namespace ts::wse {

struct PolishStats {
  double wirelengthBefore = 0, wirelengthAfter = 0;
  int moves = 0;
  int sweeps = 0;
};

PolishStats polishWirelength(const KernelGraph& graph, Layout& layout, int maxSweeps = 20);

}  // namespace ts::wse
