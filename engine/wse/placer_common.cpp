#include "engine/wse/placer_common.h"

#include <algorithm>
#include <cmath>

namespace ts::wse {

bool betterEvaluation(const Evaluation& a, const Evaluation& b) {
  const double eps = 1e-9 * std::max(1.0, std::abs(b.score));
  if (a.score < b.score - eps) return true;
  if (a.score > b.score + eps) return false;
  if (a.mt != b.mt) return a.mt < b.mt;
  if (a.wl != b.wl) return a.wl < b.wl;
  return a.ac < b.ac;
}

BestLayoutKeeper::BestLayoutKeeper(const KernelGraph& graph, core::RunContext& ctx) : graph_(graph), ctx_(ctx) {}

bool BestLayoutKeeper::better(const Evaluation& a, const Evaluation& b) const {
  return betterEvaluation(a, b);
}

Evaluation BestLayoutKeeper::offer(const Layout& layout, const std::string& phase, double target) {
  Evaluation ev = evaluate(graph_, layout);
  if (!ev.legal) return ev;
  std::shared_ptr<const LayoutSnapshot> snap;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (has_ && !better(ev, bestEval_)) return ev;
    has_ = true;
    best_ = layout;
    bestEval_ = ev;
    if (ctx_.snapshotDue()) snap = makeLayoutSnapshot(graph_, layout, ev, phase, target);
  }
  if (snap) {
    std::lock_guard<std::mutex> lock(publishMutex_);
    ctx_.publishSnapshot(snap);
  }
  return ev;
}

bool BestLayoutKeeper::has() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return has_;
}

Evaluation BestLayoutKeeper::bestEvaluation() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return bestEval_;
}

Layout BestLayoutKeeper::bestLayout() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return best_;
}

void BestLayoutKeeper::publish(core::QorSample sample, bool force) {
  if (!ctx_.sink()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (has_) {
      sample.add("mt", bestEval_.mt);
      sample.add("wl", bestEval_.wl);
      sample.add("ac", double(bestEval_.ac));
      sample.add("score", bestEval_.score);
    }
  }
  std::lock_guard<std::mutex> lock(publishMutex_);
  ctx_.publishSample(std::move(sample), force);
}

void BestLayoutKeeper::finish(WsePlaceResult& result, const std::string& algorithm) {
  result.seconds = ctx_.elapsed();
  std::lock_guard<std::mutex> lock(mutex_);
  result.found = has_;
  if (has_) {
    result.layout = best_;
    result.evaluation = bestEval_;
    std::lock_guard<std::mutex> plock(publishMutex_);
    ctx_.publishSnapshot(makeLayoutSnapshot(graph_, best_, bestEval_, "final"), true);
  } else if (result.message.empty()) {
    result.message = algorithm + " found no legal layout";
  }
}

std::vector<int> pinnedKernels(const Layout& pins) {
  std::vector<int> out;
  for (size_t k = 0; k < pins.kernels.size(); ++k)
    if (pins.kernels[k].placed) out.push_back(int(k));
  return out;
}

std::string checkPins(const KernelGraph& graph, const Layout& pins) {
  if (pins.kernels.empty()) return {};
  if (int(pins.kernels.size()) != graph.kernelCount())
    return "pins list " + std::to_string(pins.kernels.size()) + " kernels, the graph has " +
           std::to_string(graph.kernelCount());
  // The evaluator judges the pinned kernels alone; only "not placed" is expected.
  for (const Violation& v : evaluate(graph, pins).violations)
    if (v.code != "unplaced") return "pinned " + v.message;
  return {};
}

void applyPins(const KernelGraph& graph, Layout& layout, const Layout& pins) {
  if (layout.kernels.empty()) layout = Layout(graph.kernelCount());
  for (int k : pinnedKernels(pins)) {
    PlacedKernel p = pins.kernels[size_t(k)];
    p.pinned = true;
    layout.kernels[size_t(k)] = p;
  }
}

bool honoursPins(const Layout& layout, const Layout& pins) {
  for (int k : pinnedKernels(pins)) {
    if (size_t(k) >= layout.kernels.size()) return false;
    const PlacedKernel &a = layout.kernels[size_t(k)], &p = pins.kernels[size_t(k)];
    if (!a.placed || a.x != p.x || a.y != p.y || a.rotated != p.rotated || !(a.args == p.args)) return false;
  }
  return true;
}

std::vector<int> unpinnedKernels(const std::vector<int>& order, const Layout& pins) {
  std::vector<int> out;
  for (int k : order)
    if (size_t(k) >= pins.kernels.size() || !pins.kernels[size_t(k)].placed) out.push_back(k);
  return out;
}

double pinnedMaxTime(const KernelGraph& graph, const Layout& pins) {
  double t = 0;
  for (int k : pinnedKernels(pins))
    t = std::max(t, kernelPerf(graph.kernels[size_t(k)].spec, pins.kernels[size_t(k)].args).time);
  return t;
}

std::vector<Box> pinnedBoxes(const KernelGraph& graph, const Layout& pins) {
  std::vector<Box> out(size_t(graph.kernelCount()));
  for (int k : pinnedKernels(pins)) out[size_t(k)] = kernelBox(graph.kernels[size_t(k)].spec, pins.kernels[size_t(k)]);
  return out;
}

}  // namespace ts::wse
