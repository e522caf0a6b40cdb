#pragma once
// Free tiles of the fabric: an occupancy grid with 2-D prefix sums, so that "is this rectangle
// free" costs O(1) and the nearest free corner for a kernel is a scan in rings of growing L1
// distance. Used to arrange kernels around pinned ones (placers whose packing ignores pins)
// and by the studio to fit a kernel whose shape changed.
#include <vector>

#include "engine/wse/layout.h"

namespace ts::wse {

class FreeSpace {
 public:
  FreeSpace(int width, int height);

  void occupy(const Box& b);
  /// Inside the fabric and no occupied tile.
  bool isFree(const Box& b) const;
  /// The corner nearest to (x, y) in L1 distance (ties: lower y, then lower x) where a
  /// `width` x `height` box is free; false when there is none.
  bool nearestFree(int width, int height, int x, int y, int& outX, int& outY) const;

 private:
  void refresh() const;
  int occupied(int x0, int y0, int x1, int y1) const;  ///< tiles in [x0, x1) x [y0, y1)

  int width_, height_;
  std::vector<unsigned char> cells_;
  mutable std::vector<int> sums_;  ///< (width+1) x (height+1) prefix sums
  mutable bool dirty_ = true;
};

/// Moves every unpinned kernel that overlaps a pinned kernel, another kernel or the fabric's
/// edge to the nearest free place, in either orientation (its arguments are kept). Kernels are
/// kept where they are when they can, in index order; the displaced ones are placed largest
/// first. Returns the number of kernels that found no place (0: every kernel is placed
/// without overlap).
int arrangeAroundPins(const KernelGraph& graph, Layout& layout);

/// Moves kernel `k` (its shape and orientation already set in `layout`) to the free place
/// nearest its corner, with every other placed kernel as an obstacle. False (layout unchanged)
/// when there is none.
bool moveToNearestFree(const KernelGraph& graph, Layout& layout, int k);

}  // namespace ts::wse
