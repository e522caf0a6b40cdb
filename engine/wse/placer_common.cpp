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

}  // namespace ts::wse
