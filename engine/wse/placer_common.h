#pragma once
// Shared by the WSE placers: the result every runXxx returns, and a thread-safe keeper of the
// best legal layout that checks each offer with the independent evaluator and publishes QoR
// samples and snapshots through the RunContext.
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/run_context.h"
#include "engine/wse/evaluator.h"
#include "engine/wse/layout.h"
#include "engine/wse/snapshot.h"

namespace ts::wse {

struct WsePlaceResult {
  bool found = false;     ///< `layout` passed the evaluator (legal)
  Layout layout;          ///< best legal layout (empty kernels when !found)
  Evaluation evaluation;  ///< the evaluator's verdict on `layout`
  bool stopped = false;   ///< cancel or time limit ended the run early
  double seconds = 0;
  std::string message;  ///< why nothing was found, when !found
  /// Proven that no legal layout exists (e.g. the kernels' smallest shapes cover more than
  /// the fabric), not just that the placer found none.
  bool impossible = false;
  /// Algorithm-specific figures for reports (e.g. "targets_tried", "moves").
  std::vector<std::pair<std::string, double>> stats;
};

/// Keeps the best legal layout by score (ties: lower MT, then WL, then AC). offer() may be
/// called from several threads.
class BestLayoutKeeper {
 public:
  BestLayoutKeeper(const KernelGraph& graph, core::RunContext& ctx);

  /// Evaluates `layout`; keeps it when legal and better. Returns the evaluation.
  Evaluation offer(const Layout& layout, const std::string& phase, double target = 0);
  bool has() const;
  Evaluation bestEvaluation() const;
  Layout bestLayout() const;
  /// Sends a QoR sample carrying the best MT/WL/AC/score so far besides `sample`'s own terms.
  /// Serialised; `force` bypasses the context's throttle (used once per tried target).
  void publish(core::QorSample sample, bool force);
  /// Fills a result from the best layout and publishes the final snapshot.
  void finish(WsePlaceResult& result, const std::string& algorithm);

 private:
  bool better(const Evaluation& a, const Evaluation& b) const;
  const KernelGraph& graph_;
  core::RunContext& ctx_;
  mutable std::mutex mutex_;
  std::mutex publishMutex_;
  bool has_ = false;
  Layout best_;
  Evaluation bestEval_;
};

/// True when `a` is a better evaluation than `b` (score, then MT, WL, AC).
bool betterEvaluation(const Evaluation& a, const Evaluation& b);

// Pins. A pin layout is indexed like the graph's kernels (or empty: no pins); its placed
// kernels are pinned: their corner, rotation and execution arguments are fixed and every
// placer arranges the other kernels around them.

/// Indices of the pinned kernels of `pins`.
std::vector<int> pinnedKernels(const Layout& pins);
/// Empty when the pins can be honoured (well-formed arguments, inside the fabric, within the
/// memory limit, no two overlapping); else one line saying what is wrong, naming the kernels.
std::string checkPins(const KernelGraph& graph, const Layout& pins);
/// Sets the pinned kernels of `pins` in `layout` (marked pinned); `layout` is resized to the
/// graph when it is empty.
void applyPins(const KernelGraph& graph, Layout& layout, const Layout& pins);
/// True when every pinned kernel sits in `layout` exactly as `pins` fixes it.
bool honoursPins(const Layout& layout, const Layout& pins);
/// The kernels of `order` that are not pinned, in order.
std::vector<int> unpinnedKernels(const std::vector<int>& order, const Layout& pins);
/// The largest time of a pinned kernel (0 without pins): no layout has a smaller MT.
double pinnedMaxTime(const KernelGraph& graph, const Layout& pins);
/// Boxes of the pinned kernels by kernel index (width 0 for the others).
std::vector<Box> pinnedBoxes(const KernelGraph& graph, const Layout& pins);

}  // namespace ts::wse
