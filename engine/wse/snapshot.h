#pragma once
// What WSE placers publish while they run: an immutable layout with its kernel rectangles and
// QoR, so that a viewer (the studio's WSE canvas) can draw each kernel as a rectangle and show
// MT / WL / AC / score without touching the engine's state. Viewers receive it as
// core::Snapshot and dynamic_pointer_cast to wse::LayoutSnapshot.
#include <memory>
#include <string>
#include <vector>

#include "engine/core/run_context.h"
#include "engine/wse/evaluator.h"
#include "engine/wse/layout.h"

namespace ts::wse {

/// One kernel as drawn: its rectangle on the fabric (rotation applied), rotation flag,
/// execution arguments and performance.
struct KernelRect {
  int kernel = -1;  ///< index into KernelGraph::kernels
  int x = 0, y = 0, width = 0, height = 0;
  bool rotated = false;
  ExecArgs args;
  double time = 0, memory = 0;
};

struct LayoutSnapshot : core::Snapshot {
  LayoutSnapshot(const KernelGraph& graph, Layout layout, const Evaluation& evaluation, std::string phase,
                 double targetTime = 0);

  const int fabricWidth, fabricHeight;
  const Layout layout;                  ///< the full solution (can be written as .paint)
  const std::vector<KernelRect> rects;  ///< placed kernels only
  const double mt, wl;
  const long long ac;
  const double score;
  const bool legal;
  const std::string phase;  ///< e.g. "binary search", "neighbour search", "final"
  const double targetTime;  ///< the target time that produced it (0 when not applicable)
};

std::shared_ptr<const LayoutSnapshot> makeLayoutSnapshot(const KernelGraph& graph, const Layout& layout,
                                                         const Evaluation& evaluation, const std::string& phase,
                                                         double targetTime = 0);

}  // namespace ts::wse
