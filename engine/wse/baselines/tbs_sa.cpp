#include "engine/wse/baselines/tbs_sa.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/core/rng.h"
#include "engine/wse/graph_sizing.h"

namespace ts::wse {

namespace {

struct State {
  std::vector<int> pi;                     ///< blocks: 0..n-1 kernels, n.. dummies
  std::vector<uint8_t> alpha;              ///< per insertion (pi[1..]): 0 = right of, 1 = above
  std::vector<int> cover;                  ///< per insertion: boundary blocks spanned (>= 1)
  std::vector<int> choice;                 ///< per kernel: candidate index
  std::vector<std::pair<int, int>> dummy;  ///< per dummy: width, height
};

struct Cost {
  double total = 0, score = 0, mt = 0, wl = 0;
  long long ac = 0;
  bool inside = false;
  int over = 0;  ///< tiles of the packing outside the fabric (width + height)
};

class Annealer {
 public:
  Annealer(const KernelGraph& g, const TbsSaConfig& cfg, core::RunContext& ctx)
      : g_(g), cfg_(cfg), ctx_(ctx), rng_(ctx.seed()), keeper_(g, ctx), n_(g.kernelCount()) {
    pinned_ = pinnedKernels(cfg.pins);
    for (int k : pinned_) obstacles_.push_back(kernelBox(g.kernels[size_t(k)].spec, cfg.pins.kernels[size_t(k)]));
  }

  TbsSaResult run() {
    TbsSaResult res;
    if (!buildCandidates(res.message)) {
      keeper_.finish(res, "tbs-sa");
      return res;
    }
    // Start from the smallest shapes meeting a target at which the greedy packing fits.
    const size_t blocks = size_t(n_ + dummyCount());
    x_.assign(blocks, 0);
    y_.assign(blocks, 0);
    w_.assign(blocks, 0);
    h_.assign(blocks, 0);
    for (size_t i = 0; i < pinned_.size(); ++i) {  // fixed for good: decode() never sets them
      const int k = pinned_[i];
      const Box& b = obstacles_[i];
      x_[size_t(k)] = b.x;
      y_[size_t(k)] = b.y;
      w_[size_t(k)] = b.width;
      h_[size_t(k)] = b.height;
    }
    // The start layout (with the pins) is the first incumbent, so the result is never worse.
    if (int(cfg_.initial.kernels.size()) == n_ && cfg_.initial.placedCount() == n_) {
      Layout start = cfg_.initial;
      applyPins(g_, start, cfg_.pins);
      keeper_.offer(start, "initial");
    }
    if (unpinnedKernels(depthFirstTopologicalOrder(g_, 0), cfg_.pins).empty()) {  // nothing to move
      Layout pins;
      applyPins(g_, pins, cfg_.pins);
      keeper_.offer(pins, "pinned");
      keeper_.finish(res, "tbs-sa");
      return res;
    }
    State s;
    for (double target = base_;; target *= 1.25) {
      s = initialState(target);
      if (shapeInitialPacking(s) || target > base_ * 64 || ctx_.shouldStop()) break;
    }
    penalty_ = 1;  // provisional, for the first evaluation
    Cost start = evaluateState(s);
    // Each tile outside the fabric costs 0.5% of the starting score at first, growing 50-fold
    // as the run cools: early on the search may cross outside to reach better topologies,
    // at the end trading MT for overflow never pays.
    penalty_ = std::max(1.0, start.score) * 0.005;
    const double basePenalty = penalty_;
    Cost cur = evaluateState(s);
    State best = s;
    Cost bestCost;
    bool haveBest = false;
    auto consider = [&](const State& st, const Cost& c) {
      if (!c.inside || (haveBest && c.score >= bestCost.score)) return;
      best = st;
      bestCost = c;
      haveBest = true;
      if (ctx_.snapshotDue()) keeper_.offer(layoutOf(best), "anneal");
    };
    consider(s, cur);
    double temp = initialTemperature(s, cur);
    const int stage = cfg_.movesPerStage > 0 ? cfg_.movesPerStage : 30 * int(s.pi.size());
    const double t0 = temp;
    // Progress of the run: moves against maxMoves, or time against the time limit when that
    // comes first, so that a time-limited run still cools down completely.
    auto progress = [&](int64_t moves) {
      double p = double(moves) / double(std::max<int64_t>(1, cfg_.maxMoves));
      if (ctx_.timeLimitSeconds() > 0) p = std::max(p, ctx_.elapsed() / ctx_.timeLimitSeconds());
      return std::min(1.0, p);
    };
    int64_t moves = 0, accepted = 0;
    int frozen = 0;
    while (moves < cfg_.maxMoves) {
      int64_t acceptedHere = 0;
      for (int m = 0; m < stage && moves < cfg_.maxMoves; ++m, ++moves) {
        if ((moves & 255) == 0 && ctx_.shouldStop()) {
          res.stopped = true;
          break;
        }
        State next = s;
        perturb(next);
        Cost c = evaluateState(next);
        double delta = c.total - cur.total;
        if (delta <= 0 || rng_.uniform01() < std::exp(-delta / temp)) {
          s = std::move(next);
          cur = c;
          ++accepted;
          ++acceptedHere;
          consider(s, cur);
        }
      }
      if (res.stopped) break;
      // The overflow penalty grows as the run cools so that it ends inside the fabric.
      const double p = progress(moves);
      penalty_ = basePenalty * (1 + 50 * p);
      cur = evaluateState(s);
      core::QorSample q;
      q.phase = "anneal";
      q.iteration = moves;
      q.add("temperature", temp).add("cost", cur.total).add("overflow", cur.over);
      q.add("acceptance", double(acceptedHere) / stage);
      keeper_.publish(std::move(q), false);
      frozen = acceptedHere * 1000 < stage ? frozen + 1 : 0;
      if (frozen >= 3 || p >= 1) break;
      // Geometric cooling from T0 to 1e-6 T0 over the run (or a fixed factor per stage).
      temp = cfg_.cooling > 0 ? temp * cfg_.cooling : t0 * std::pow(1e-6, p);
    }
    if (haveBest)
      keeper_.offer(layoutOf(best), "anneal");
    else
      res.message = "tbs-sa ended after " + std::to_string(moves) + " moves without a packing inside the " +
                    std::to_string(g_.width) + "x" + std::to_string(g_.height) + " fabric (its starting shapes cover " +
                    percentOfFabric(baseArea_) + " of it); a longer --time-limit or cupoker may place it";
    res.annealerScore = haveBest ? bestCost.score : 0;
    res.moves = moves;
    res.accepted = accepted;
    res.finalTemperature = temp;
    res.stats = {{"moves", double(moves)},
                 {"accepted", double(accepted)},
                 {"final_temperature", temp},
                 {"dummy_blocks", double(dummyCount())}};
    keeper_.finish(res, "tbs-sa");
    return res;
  }

 private:
  std::string percentOfFabric(double area) const {
    return std::to_string(int(std::lround(100 * area / (double(g_.width) * g_.height)))) + "%";
  }

  /// Dummy blocks in the sequences: up to maxDummies, at most one per two kernels (each one
  /// costs decoding time on every move).
  int dummyCount() const { return std::min(cfg_.maxDummies, (n_ + 1) / 2); }

  /// Candidate shapes of every kernel: the Pareto sets of a ladder of target times around the
  /// time at which the smallest shapes fill three quarters of the fabric.
  bool buildCandidates(std::string& message) {
    GraphSizer sizer(g_);
    const double fill = 0.75 * double(g_.width) * g_.height;
    double lo = 0, hi = 1024;
    for (;;) {
      if (ctx_.shouldStop()) {
        message = "stopped before the first layout";
        return false;
      }
      SizedGraph sz = sizer.size(hi);
      if (sz.unsizable < 0 && sz.smallestTotalArea() <= fill) break;
      lo = hi;
      hi *= 2;
      if (hi > 1e15) {
        message = sz.unsizable >= 0 ? "kernel " + g_.kernels[size_t(sz.unsizable)].name +
                                          " has no shape within the fabric and memory limit"
                                    : "the kernels' smallest shapes cover " + percentOfFabric(sz.smallestTotalArea()) +
                                          " of the fabric at every target time, more than the 75% tbs-sa "
                                          "starts from (cupoker packs denser)";
        return false;
      }
    }
    while (hi - lo > std::max(1.0, hi * 0.01) && !ctx_.shouldStop()) {
      double mid = (lo + hi) / 2;
      SizedGraph sz = sizer.size(mid);
      (sz.unsizable < 0 && sz.smallestTotalArea() <= fill ? hi : lo) = mid;
    }
    base_ = hi;
    baseArea_ = sizer.size(base_).smallestTotalArea();
    cands_.assign(size_t(n_), {});
    for (int i = -4; i < cfg_.targetLevels - 4 && !ctx_.shouldStop(); ++i) {
      SizedGraph sz = sizer.size(base_ * std::pow(2.0, i / 4.0));
      for (int k = 0; k < n_; ++k)
        for (const auto& c : sz.candidates[size_t(k)]) {
          auto& list = cands_[size_t(k)];
          bool dup = std::any_of(list.begin(), list.end(),
                                 [&](const Candidate& o) { return o.rotated == c.rotated && o.args == c.args; });
          if (!dup) list.push_back(c);
        }
    }
    for (auto& list : cands_)
      std::stable_sort(list.begin(), list.end(),
                       [](const Candidate& a, const Candidate& b) { return a.time < b.time; });
    // A pinned kernel has one shape: its own.
    for (size_t i = 0; i < pinned_.size(); ++i) {
      const int k = pinned_[i];
      const PlacedKernel& p = cfg_.pins.kernels[size_t(k)];
      Perf perf = kernelPerf(g_.kernels[size_t(k)].spec, p.args);
      cands_[size_t(k)] = {
          Candidate{p.args, obstacles_[i].height, obstacles_[i].width, p.rotated, perf.time, perf.memory}};
    }
    if (ctx_.shouldStop()) {
      message = "stopped before the first layout";
      return false;
    }
    for (int k = 0; k < n_; ++k)
      if (cands_[size_t(k)].empty()) {
        message = "kernel " + g_.kernels[size_t(k)].name + " has no shape at any sizing target";
        return false;
      }
    return true;
  }

  State initialState(double target) {
    State s;
    const int dummies = dummyCount();
    // Unpinned kernels in data-flow order with the dummies spread evenly between them.
    s.pi = unpinnedKernels(depthFirstTopologicalOrder(g_, 0), cfg_.pins);
    for (int d = 0; d < dummies; ++d) {
      size_t at = size_t((int64_t(d) + 1) * int64_t(s.pi.size()) / (dummies + 1));
      s.pi.insert(s.pi.begin() + long(at), n_ + d);
    }
    s.dummy.assign(size_t(dummies), {0, 0});
    for (size_t i = 1; i < s.pi.size(); ++i) {
      s.alpha.push_back(uint8_t(rng_.uniformInt(0, 1)));
      s.cover.push_back(1);
    }
    // Each kernel starts with its smallest-area shape that meets the base target, or the
    // warm start's arguments when they are among the candidates.
    s.choice.assign(size_t(n_), 0);
    for (int k = 0; k < n_; ++k) {
      const auto& list = cands_[size_t(k)];
      int pick = -1;
      double bestArea = std::numeric_limits<double>::infinity();
      for (size_t c = 0; c < list.size(); ++c) {
        if (int(cfg_.initial.kernels.size()) == n_ && cfg_.initial.kernels[size_t(k)].placed &&
            list[c].args == cfg_.initial.kernels[size_t(k)].args) {
          pick = int(c);
          break;
        }
        double a = double(list[c].width) * list[c].height;
        if (list[c].time <= target && a < bestArea) {
          bestArea = a;
          pick = int(c);
        }
      }
      s.choice[size_t(k)] = std::max(0, pick);
    }
    return s;
  }

  /// Corner-insertion decoding (see the header) into x_, y_, w_, h_ by block id. The
  /// boundary stacks give each block its topological anchor (the block below it for a
  /// right-hand insertion, the block left of it for an insertion on top); the other coordinate
  /// comes from the packing's contour over the block's span, which keeps every pair of
  /// blocks apart (adjacency constraints alone do not relate all pairs of a mosaic packing).
  void decode(const State& s) {
    for (int b : s.pi) {
      if (b < n_) {
        const Candidate& c = cands_[size_t(b)][size_t(s.choice[size_t(b)])];
        w_[size_t(b)] = c.width;
        h_[size_t(b)] = c.height;
      } else {
        w_[size_t(b)] = s.dummy[size_t(b - n_)].first;
        h_[size_t(b)] = s.dummy[size_t(b - n_)].second;
      }
    }
    right_.clear();  // right boundary, bottom to top
    top_.clear();    // top boundary, left to right
    placed_.clear();
    int b0 = s.pi[0];
    x_[size_t(b0)] = y_[size_t(b0)] = 0;
    right_.push_back(b0);
    top_.push_back(b0);
    placed_.push_back(b0);
    // Axis 0 is x, axis 1 is y. A right-hand insertion is anchored on the right boundary
    // along y and pushed along x by the contour; an insertion on top is the mirror image.
    std::vector<int>* pos[2] = {&x_, &y_};
    std::vector<int>* len[2] = {&w_, &h_};
    for (size_t k = 1; k < s.pi.size(); ++k) {
      const int b = s.pi[k];
      const bool onTop = s.alpha[k - 1] != 0;
      const int a = onTop ? 0 : 1, c = 1 - a;  // anchor axis, contour axis
      std::vector<int>& boundary = onTop ? top_ : right_;
      std::vector<int>& other = onTop ? right_ : top_;
      const size_t t = std::min(size_t(s.cover[k - 1]), boundary.size());
      int anchor = 0;
      if (t < boundary.size()) {
        int d = boundary[boundary.size() - 1 - t];
        anchor = (*pos[a])[size_t(d)] + (*len[a])[size_t(d)];
      }
      const int extent = (*len[a])[size_t(b)];
      int contour = 0;
      for (int o : placed_)
        if ((*pos[a])[size_t(o)] < anchor + extent && anchor < (*pos[a])[size_t(o)] + (*len[a])[size_t(o)])
          contour = std::max(contour, (*pos[c])[size_t(o)] + (*len[c])[size_t(o)]);
      // Pinned kernels are fixed obstacles: the block moves on along the contour axis past them.
      if (extent > 0 && (*len[c])[size_t(b)] > 0)
        for (bool moved = true; moved;) {
          moved = false;
          for (const Box& ob : obstacles_) {
            const int oa = onTop ? ob.x : ob.y, oaLen = onTop ? ob.width : ob.height;
            const int oc = onTop ? ob.y : ob.x, ocLen = onTop ? ob.height : ob.width;
            if (oa < anchor + extent && anchor < oa + oaLen && oc < contour + (*len[c])[size_t(b)] &&
                contour < oc + ocLen) {
              contour = oc + ocLen;
              moved = true;
            }
          }
        }
      (*pos[a])[size_t(b)] = anchor;
      (*pos[c])[size_t(b)] = contour;
      boundary.resize(boundary.size() - t);
      boundary.push_back(b);
      other.push_back(b);
      if (w_[size_t(b)] > 0 && h_[size_t(b)] > 0) placed_.push_back(b);
    }
  }

  Cost evaluateState(const State& s) {
    decode(s);
    Cost c;
    int width = 0, height = 0;
    for (int b : s.pi) {
      width = std::max(width, x_[size_t(b)] + w_[size_t(b)]);
      height = std::max(height, y_[size_t(b)] + h_[size_t(b)]);
    }
    for (int k = 0; k < n_; ++k) c.mt = std::max(c.mt, cands_[size_t(k)][size_t(s.choice[size_t(k)])].time);
    for (const auto& e : g_.kernelEdges) {
      c.wl += std::fabs(x_[size_t(e.src)] + w_[size_t(e.src)] / 2.0 - x_[size_t(e.dst)] - w_[size_t(e.dst)] / 2.0) +
              std::fabs(y_[size_t(e.src)] + h_[size_t(e.src)] / 2.0 - y_[size_t(e.dst)] - h_[size_t(e.dst)] / 2.0);
      c.ac += adapterCost(cands_[size_t(e.src)][size_t(s.choice[size_t(e.src)])].args,
                          cands_[size_t(e.dst)][size_t(s.choice[size_t(e.dst)])].args);
    }
    c.score = g_.wdeltat * c.mt + g_.wlength * c.wl + g_.wadapter * double(c.ac);
    int over = std::max(0, width - g_.width) + std::max(0, height - g_.height);
    c.inside = over == 0;
    c.over = over;
    c.total = c.score + penalty_ * over;
    return c;
  }

  void perturb(State& s) {
    const int blocks = int(s.pi.size());
    switch (rng_.uniformInt(0, 2)) {
      case 0: {  // sizing
        // A new candidate for one kernel (or, now and then, all of them). Retiming moves keep
        // the shape as close as possible so that the packing's topology stays meaningful.
        double mt = 0;
        int critical = 0;
        for (int k = 0; k < n_; ++k) {
          double t = cands_[size_t(k)][size_t(s.choice[size_t(k)])].time;
          if (t > mt) {
            mt = t;
            critical = k;
          }
        }
        int kind = rng_.uniformInt(0, 9);
        if (kind == 0) {
          double target = mt * (0.95 + 0.07 * rng_.uniform01());
          for (int k = 0; k < n_; ++k) retime(s, k, target);
          break;
        }
        if (kind <= 2) {
          retime(s, critical, mt * (0.9 + 0.099 * rng_.uniform01()));
          break;
        }
        int b = s.pi[size_t(rng_.uniformInt(0, blocks - 1))];
        if (b < n_) {
          const auto& list = cands_[size_t(b)];
          if (kind <= 6)
            retime(s, b, list[size_t(s.choice[size_t(b)])].time * (0.9 + 0.2 * rng_.uniform01()));
          else
            s.choice[size_t(b)] = rng_.uniformInt(0, int(list.size()) - 1);
        } else {
          static const int sizes[] = {0, 0, 2, 4, 8, 16, 32};
          s.dummy[size_t(b - n_)] = {sizes[rng_.uniformInt(0, 6)], sizes[rng_.uniformInt(0, 6)]};
        }
        break;
      }
      case 1: {  // swapping
        if (blocks < 2) break;
        int a = rng_.uniformInt(0, blocks - 1), b = rng_.uniformInt(0, blocks - 2);
        if (b >= a) ++b;
        std::swap(s.pi[size_t(a)], s.pi[size_t(b)]);
        break;
      }
      default: {  // rotation of the twin trees: one orientation bit or one cover count
        if (blocks < 2) break;
        size_t k = size_t(rng_.uniformInt(0, blocks - 2));
        if (rng_.uniformInt(0, 1) == 0)
          s.alpha[k] ^= 1;
        else
          s.cover[k] = std::clamp(s.cover[k] + (rng_.uniformInt(0, 1) ? 1 : -1), 1, blocks);
        break;
      }
    }
  }

  /// Kernel k takes, among its candidates with time <= target (or its fastest one), the one
  /// that grows its current footprint least in either direction (then the smaller area).
  void retime(State& s, int k, double target) const {
    const auto& list = cands_[size_t(k)];
    const Candidate& cur = list[size_t(s.choice[size_t(k)])];
    double best = std::numeric_limits<double>::infinity();
    int pick = 0;  // the fastest candidate when none meets the target
    for (size_t c = 0; c < list.size() && (list[c].time <= target || c == 0); ++c) {
      double grow = std::max(double(list[c].width) / cur.width, double(list[c].height) / cur.height);
      double key = grow + 1e-9 * double(list[c].width) * list[c].height;
      if (key < best) {
        best = key;
        pick = int(c);
      }
    }
    s.choice[size_t(k)] = pick;
  }

  /// T0 from the median uphill change of random moves (the median ignores the rare moves that
  /// throw the packing far outside the fabric).
  double initialTemperature(const State& s, const Cost& cur) {
    std::vector<double> uphill;
    for (int i = 0; i < 300; ++i) {
      State t = s;
      perturb(t);
      Cost c = evaluateState(t);
      double d = c.total - cur.total;
      if (d > 0 && c.inside) uphill.push_back(d);
    }
    double typical = std::max(1.0, cur.total * 0.001);
    if (!uphill.empty()) {
      std::nth_element(uphill.begin(), uphill.begin() + long(uphill.size() / 2), uphill.end());
      typical = uphill[uphill.size() / 2];
    }
    return -typical / std::log(std::clamp(cfg_.initialAcceptance, 0.01, 0.999));
  }

  /// Orientation bits and cover counts chosen greedily, insertion by insertion, so that the
  /// initial packing grows evenly relative to the fabric (a random start is far outside it).
  /// Returns whether the packing fits the fabric.
  bool shapeInitialPacking(State& s) {
    double spread = 0;
    for (size_t k = 0; k < s.alpha.size(); ++k) {
      double best = std::numeric_limits<double>::infinity();
      uint8_t bestBit = 0;
      int bestCover = 1;
      State prefix;
      prefix.pi.assign(s.pi.begin(), s.pi.begin() + long(k) + 2);
      prefix.alpha.assign(s.alpha.begin(), s.alpha.begin() + long(k) + 1);
      prefix.cover.assign(s.cover.begin(), s.cover.begin() + long(k) + 1);
      prefix.choice = s.choice;
      prefix.dummy = s.dummy;
      for (uint8_t bit : {uint8_t(0), uint8_t(1)})
        for (int cover = 1; cover <= std::min<int>(8, int(k) + 1); ++cover) {
          prefix.alpha[k] = bit;
          prefix.cover[k] = cover;
          decode(prefix);
          int width = 0, height = 0;
          for (int b : prefix.pi) {
            width = std::max(width, x_[size_t(b)] + w_[size_t(b)]);
            height = std::max(height, y_[size_t(b)] + h_[size_t(b)]);
          }
          double sp = std::max(double(width) / g_.width, double(height) / g_.height) +
                      1e-3 * double(width) * height / (double(g_.width) * g_.height);
          if (sp < best) {
            best = sp;
            bestBit = bit;
            bestCover = cover;
          }
        }
      s.alpha[k] = bestBit;
      s.cover[k] = bestCover;
      spread = best;
    }
    return spread <= 1.0;
  }

  Layout layoutOf(const State& s) {
    decode(s);
    Layout l(n_);
    for (int k = 0; k < n_; ++k) {
      const Candidate& c = cands_[size_t(k)][size_t(s.choice[size_t(k)])];
      l.kernels[size_t(k)] = {c.args, x_[size_t(k)], y_[size_t(k)], c.rotated, true};
    }
    applyPins(g_, l, cfg_.pins);
    return l;
  }

  const KernelGraph& g_;
  const TbsSaConfig& cfg_;
  core::RunContext& ctx_;
  core::Rng rng_;
  BestLayoutKeeper keeper_;
  const int n_;
  double base_ = 0, penalty_ = 1;
  double baseArea_ = 0;  ///< the smallest shapes' total area at base_
  std::vector<std::vector<Candidate>> cands_;
  std::vector<int> pinned_;     ///< pinned kernels
  std::vector<Box> obstacles_;  ///< their boxes, same order
  std::vector<int> x_, y_, w_, h_, right_, top_, placed_;
};

}  // namespace

TbsSaResult runTbsSa(const KernelGraph& graph, const TbsSaConfig& config, core::RunContext& ctx) {
  Annealer a(graph, config, ctx);
  return a.run();
}

}  // namespace ts::wse
