#include "engine/wse/target_search.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <iomanip>
#include <limits>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace ts::wse {

namespace {

/// ctx.shouldStop() is not meant for concurrent callers (it accounts pauses); this serialises
/// it and latches the answer so that every worker sees the stop at once.
class StopLatch {
 public:
  explicit StopLatch(core::RunContext& ctx) : ctx_(ctx) {}
  bool operator()() {
    if (stopped_.load()) return true;
    std::lock_guard<std::mutex> lock(mutex_);
    if (ctx_.shouldStop()) stopped_.store(true);
    return stopped_.load();
  }
  bool stopped() const { return stopped_.load(); }

 private:
  core::RunContext& ctx_;
  std::mutex mutex_;
  std::atomic<bool> stopped_{false};
};

struct Placed {
  double target = 0;
  Evaluation evaluation;
  Evaluation raw;
  int rows = 0;
  Layout layout;
};

class Search {
 public:
  Search(const KernelGraph& g, const TargetSearchConfig& cfg, const TargetSearchCallbacks& cb, core::RunContext& ctx)
      : g_(g), cfg_(cfg), cb_(cb), sizing_(g), keeper_(g, ctx), stop_(ctx) {
    threads_ = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  }

  TargetSearchResult run(const Layout& initial, const std::string& name) {
    name_ = name;
    TargetSearchResult res;
    double hiBound = 0;
    if (int(initial.kernels.size()) == g_.kernelCount() && initial.placedCount() == g_.kernelCount()) {
      Evaluation ev = keeper_.offer(initial, "initial");
      if (ev.legal) hiBound = ev.mt;
    }
    double tb = binarySearch(hiBound, res);
    res.binarySearchTarget = tb;
    if (tb > 0) {
      double centre = sweep(tb);
      neighbourSearch(tb, centre);
      finalists();
    }
    res.targetsTried = tried_;
    res.targetsSkipped = skipped_;
    res.targetsFeasible = feasibleCount_;
    res.stopped = stop_.stopped();
    keeper_.finish(res, name);
    if (const Placed* best = bestPlaced()) {
      res.bestTarget = best->target;
      res.rows = best->rows;
      res.beforeRefinement = best->raw;
    }
    res.stats = {{"binary_search_target", res.binarySearchTarget},
                 {"best_target", res.bestTarget},
                 {"targets_tried", res.targetsTried},
                 {"targets_skipped", res.targetsSkipped},
                 {"targets_feasible", res.targetsFeasible},
                 {"rows", res.rows},
                 {"unrefined_mt", res.beforeRefinement.mt},
                 {"unrefined_wl", res.beforeRefinement.wl},
                 {"unrefined_ac", double(res.beforeRefinement.ac)}};
    return res;
  }

 private:
  void publishTarget(const char* phase, double target, bool feasible, int rows) {
    core::QorSample s;
    s.phase = phase;
    s.iteration = ++samples_;
    s.add("target", target).add("feasible", feasible ? 1 : 0).add("rows", rows);
    keeper_.publish(std::move(s), true);
  }

  double binarySearch(double hiBound, TargetSearchResult& res) {
    // With p threads every round probes p targets at once: p successive doublings, then p
    // points splitting the interval evenly (p = 1 is the plain binary search). Feasibility is
    // monotone in the target, so the answer does not depend on p.
    const int p = std::max(1, threads_);
    // Beyond the saturation target no kernel's candidates change: when it admits no layout,
    // no target does, and the reason is reported at once.
    const double top = std::max(1.0, std::ceil(sizing_.saturationTarget()));
    {
      if (stop_()) return 0;
      SizedGraph sized = sizing_.size(top);
      bool ok = sized.unsizable < 0 && cb_.feasible(sized);
      publishTarget("binary search", top, ok, 0);
      if (!ok) {
        res.message = whyNoLayout(sized);
        res.impossible = sized.unsizable >= 0 || sized.smallestTotalArea() > double(g_.width) * g_.height;
        return 0;
      }
    }
    // A feasible upper end by doubling, from the warm start's MT if there is one.
    double lo = 0, hi = std::min(top, hiBound > 0 ? std::ceil(hiBound) : 1024);
    for (bool found = false; !found && hi < top;) {
      if (stop_()) return 0;
      std::vector<double> probes{hi};
      while (int(probes.size()) < p && probes.back() < top) probes.push_back(std::min(top, probes.back() * 2));
      const std::vector<char> ok = probeAll(probes);
      for (size_t i = 0; i < probes.size() && !found; ++i) {
        found = ok[i];
        (found ? hi : lo) = probes[i];
      }
      if (!found) hi = std::min(top, lo * 2);
    }
    // A quick layout at the upper end so that a cancel always has something legal to return.
    placeTarget(hi, "binary search", Effort::Quick);
    while (hi - lo > 1) {
      if (stop_()) return hi;
      std::vector<double> probes;
      for (int i = 1; i <= p; ++i) {
        double m = std::floor(lo + (hi - lo) * i / (p + 1));
        if (m > lo && m < hi && (probes.empty() || m > probes.back())) probes.push_back(m);
      }
      const std::vector<char> ok = probeAll(probes);
      for (size_t i = 0; i < probes.size(); ++i) {
        if (ok[i]) {
          hi = probes[i];
          break;
        }
        lo = probes[i];
      }
    }
    return hi;
  }

  /// Feasibility of each target, over the worker threads.
  std::vector<char> probeAll(const std::vector<double>& targets) {
    std::vector<char> ok(targets.size(), 0);
    parallelFor(targets.size(), [&](size_t i) {
      SizedGraph sized = sizing_.size(targets[i]);
      ok[i] = sized.unsizable < 0 && cb_.feasible(sized);
      publishTarget("binary search", targets[i], ok[i], 0);
    });
    return ok;
  }

  /// Why no target admits a layout, given the graph sized at the saturation target.
  std::string whyNoLayout(const SizedGraph& sized) const {
    if (sized.unsizable >= 0)
      return "kernel " + g_.kernels[size_t(sized.unsizable)].name +
             " has no shape within the fabric and the memory limit at any target time";
    const double fabric = double(g_.width) * g_.height, area = sized.smallestTotalArea();
    std::ostringstream s;
    if (area > fabric)
      s << "the " << g_.kernelCount() << " kernels cannot fit the " << g_.width << "x" << g_.height
        << " fabric: even their smallest shapes within the memory limit (" << g_.memlimit << " per tile) cover " << area
        << " tiles, more than its " << fabric;
    else
      s << name_ << " finds no layout of the " << g_.kernelCount() << " kernels on the " << g_.width << "x" << g_.height
        << " fabric at any target time: their smallest shapes within the memory limit already cover " << std::fixed
        << std::setprecision(1) << 100 * area / fabric << "% of its area";
    return s.str();
  }

  enum class Effort { Quick, Normal, Finalist };

  void placeTarget(double target, const char* phase, Effort effort = Effort::Normal) {
    SizedGraph sized = sizing_.size(target);
    // A quick layout does not stand for its target (it may be placed again); a finalist is
    // placed again on purpose.
    if (effort == Effort::Normal) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!fingerprints_.insert(sized.fingerprint).second) {
        ++skipped_;
        return;
      }
      ++tried_;
    }
    bool feasible = false;
    int rows = 0;
    if (sized.unsizable < 0) {
      double best = keeper_.has() ? keeper_.bestEvaluation().score : std::numeric_limits<double>::infinity();
      PlaceRequest req{sized, effort == Effort::Quick, effort == Effort::Finalist, [this] { return stop_(); }, best};
      for (auto& t : cb_.place(req)) {
        Evaluation ev = keeper_.offer(t.layout, phase, target);
        if (!ev.legal) continue;  // never expected: the evaluator disagrees with the placer
        feasible = true;
        rows = t.rows;
        std::lock_guard<std::mutex> lock(mutex_);
        placed_.push_back({target, ev, t.raw, t.rows, std::move(t.layout)});
      }
    }
    if (feasible && effort == Effort::Normal) {
      std::lock_guard<std::mutex> lock(mutex_);
      ++feasibleCount_;
    }
    publishTarget(phase, target, feasible, rows);
  }

  /// Runs job(0) .. job(count-1) over the worker threads (each index once, until a stop).
  void parallelFor(size_t count, const std::function<void(size_t)>& job) {
    int threads = std::max(1, std::min(threads_, int(count)));
    std::atomic<size_t> next{0};
    auto worker = [&] {
      for (;;) {
        size_t i = next.fetch_add(1);
        if (i >= count || stop_()) return;
        job(i);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
  }

  /// Places `targets` over the worker threads.
  void placeAll(const std::vector<double>& targets, const char* phase) {
    parallelFor(targets.size(), [&](size_t i) { placeTarget(targets[i], phase); });
  }

  /// Indices into placed_ of the best `count` distinct layouts (by their evaluation).
  std::vector<size_t> bestDistinct(int count) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<size_t> idx;
    for (size_t i = 0; i < placed_.size(); ++i) idx.push_back(i);
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
      return betterEvaluation(placed_[a].evaluation, placed_[b].evaluation);
    });
    auto same = [&](size_t a, size_t b) {
      const Evaluation &x = placed_[a].evaluation, &y = placed_[b].evaluation;
      return x.score == y.score && x.mt == y.mt && x.wl == y.wl && x.ac == y.ac;
    };
    idx.erase(std::unique(idx.begin(), idx.end(), same), idx.end());
    if (idx.size() > size_t(std::max(0, count))) idx.resize(size_t(std::max(0, count)));
    return idx;
  }

  /// The targets of the best layouts placed again with more effort, then the placer's
  /// costlier improvement of the best distinct layouts.
  void finalists() {
    std::vector<double> targets;
    for (size_t i : bestDistinct(cfg_.finalists)) {
      const double t = placed_[i].target;
      if (std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    }
    if (cb_.deeperForFinalists)
      parallelFor(targets.size(), [&](size_t i) { placeTarget(targets[i], "finalists", Effort::Finalist); });
    if (!cb_.improve) return;
    const std::vector<size_t> idx = bestDistinct(cfg_.finalists);
    // placed_ does not grow any more: entries can be worked on without the lock.
    parallelFor(idx.size(), [&](size_t i) {
      Placed& p = placed_[idx[i]];
      if (!cb_.improve(p.layout, [this] { return stop_(); })) return;
      Evaluation ev = keeper_.offer(p.layout, "finalists", p.target);
      std::lock_guard<std::mutex> lock(mutex_);
      if (ev.legal) p.evaluation = ev;
    });
  }

  const Placed* bestPlaced() {
    std::lock_guard<std::mutex> lock(mutex_);
    const Placed* best = nullptr;
    for (const auto& p : placed_)
      if (!best || betterEvaluation(p.evaluation, best->evaluation)) best = &p;
    return best;
  }

  /// Coarse geometric sweep above T_b: returns the best layout's target so far.
  double sweep(double tb) {
    std::vector<double> targets;
    for (double t = tb; int(targets.size()) < cfg_.sweepPoints; t *= 1 + cfg_.sweepGrowth) targets.push_back(t);
    // No barrier between targets: a worker takes the next target as soon as it is free, and
    // the end test uses the best score at that moment.
    parallelFor(targets.size(), [&](size_t i) {
      // A layout's MT is close to its target: beyond this no layout can win.
      if (keeper_.has() && g_.wdeltat * targets[i] > keeper_.bestEvaluation().score) return;
      placeTarget(targets[i], "sweep");
    });
    const Placed* best = bestPlaced();
    return best ? best->target : tb;
  }

  void neighbourSearch(double tb, double centre) {
    std::vector<double> targets;
    const double step = std::max(1e-6, cfg_.step);
    const int n = int(std::floor(cfg_.range / step + 1e-9));
    for (int s = 0; s <= n; ++s)
      for (int sign : {1, -1}) {
        if (s == 0 && sign < 0) continue;
        double t = centre * (1 + sign * s * step);
        if (t >= tb) targets.push_back(t);
      }
    placeAll(targets, "neighbour search");
  }

  const KernelGraph& g_;
  const TargetSearchConfig& cfg_;
  const TargetSearchCallbacks& cb_;
  GraphSizer sizing_;
  BestLayoutKeeper keeper_;
  StopLatch stop_;
  int threads_ = 1;
  std::string name_;
  std::mutex mutex_;
  std::set<uint64_t> fingerprints_;
  std::vector<Placed> placed_;
  int tried_ = 0, skipped_ = 0, feasibleCount_ = 0;
  std::atomic<int64_t> samples_{0};
};

}  // namespace

TargetSearchResult runTargetSearch(const KernelGraph& graph, const TargetSearchConfig& config,
                                   const TargetSearchCallbacks& callbacks, const Layout& initial,
                                   const std::string& name, core::RunContext& ctx) {
  Search search(graph, config, callbacks, ctx);
  return search.run(initial, name);
}

}  // namespace ts::wse
