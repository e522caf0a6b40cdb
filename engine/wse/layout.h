#pragma once
// A WSE solution: for every kernel its execution arguments, its lower-left corner and its
// rotation. This is what placers produce, what .paint files hold and what viewers draw.
#include <vector>

#include "engine/wse/kernel_graph.h"

namespace ts::wse {

/// One kernel of a layout. (x, y) is the corner with minimum x and y; x runs along the fabric
/// width, y along its height. With rotated (R90) width and height are swapped.
struct PlacedKernel {
  ExecArgs args;
  int x = 0, y = 0;
  bool rotated = false;
  bool placed = false;
  /// Fixed by the user: placers keep its corner, rotation and execution arguments.
  bool pinned = false;
};

/// Axis-aligned rectangle in fabric tiles.
struct Box {
  int x = 0, y = 0, width = 0, height = 0;
  int right() const { return x + width; }
  int top() const { return y + height; }
  double cx() const { return x + width / 2.0; }
  double cy() const { return y + height / 2.0; }
  bool overlaps(const Box& o) const { return x < o.right() && o.x < right() && y < o.top() && o.y < top(); }
};

struct Layout {
  std::vector<PlacedKernel> kernels;  ///< indexed like KernelGraph::kernels
  /// Optional: the row each kernel sits in for row-based layouts (adapter refinement uses
  /// rows as groups); empty for layouts without rows.
  std::vector<int> row;

  explicit Layout(int kernelCount = 0) : kernels(size_t(kernelCount)) {}
  int placedCount() const;
};

/// Placed rectangle of a kernel (its performance shape, rotated when R90).
Box kernelBox(const KernelSpec& spec, const PlacedKernel& k);

// Placer-side metrics over placed kernels (the evaluator computes its own, independently).
double layoutWirelength(const KernelGraph& graph, const Layout& layout);
long long layoutAdapterCost(const KernelGraph& graph, const Layout& layout);
double layoutMaxTime(const KernelGraph& graph, const Layout& layout);

/// Free span around box `i` along one axis: the largest [lo, hi] containing boxes[i]'s extent
/// on that axis (x when `horizontal`, else y) that no other box overlapping it on the other
/// axis intrudes into, clipped to [0, limit). Boxes with `skip[j]` set are ignored.
struct Span {
  int lo = 0, hi = 0;
};
Span freeSpan(const std::vector<Box>& boxes, const std::vector<bool>& skip, int i, bool horizontal, int limit);

}  // namespace ts::wse
