#include "engine/aie/place/joint_milp_placer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/aie/legality.h"
#include "engine/aie/place/sa_placer.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/snapshot.h"
#include "engine/core/error.h"

namespace ts::aie {

void bindJointPnrOptions(core::ParamBinder& b, JointPnrOptions& o) {
  b.bind("alpha", o.model.alpha, "eq. 8 weight of the routing cost (sum of edge costs)", 0);
  b.bind("beta", o.model.beta, "eq. 8 weight of congestion (packet flows sharing a channel)", 0);
  b.bind("gamma", o.model.gamma, "eq. 8 weight per KiB of buffer memory", 0);
  b.bind("margin", o.model.margin, "tiles added around each net's candidate region", 0, 64);
  b.bind("gap", o.relativeGap, "relative optimality gap accepted", 0, 1);
  b.bind("lazy_rounds", o.lazyRounds, "re-solves for lazily added arbiter rows", 0, 64);
  b.bind("preprocess", o.preprocess, "CBC preprocessing (slow on joint models, does not poll the stop flag)");
  b.bind("solver_log", o.solverLog, "print CBC's own log on stdout (diagnosis)");
  milp::bindCbcSettings(b, o.cbc);
}

void JointMilpPlacerConfig::bind(core::ParamBinder& b) {
  bindJointPnrOptions(b, formulation);
  b.bind("warm_start", warmStart, "MIP start from the start placement when it is complete and legal");
  b.bindChoice("start_placer", startPlacer, {"sa", "none"},
               "without a legal start: sa (anneal one for the MIP start) or none (CBC alone)");
  b.bind("start_placer_share", startPlacerShare, "share of the time limit the start anneal may use", 0, 1);
}

namespace {

std::string tileTag(TileCoord t) {
  return std::to_string(t.col) + "_" + std::to_string(t.row);
}

// The placement part of the joint model: pi variables, eq. 2 and the checker's placement rules.
class PlacementRows {
 public:
  PlacementRows(const Design& d, const Device& dev, milp::Model& m) : d_(d), dev_(dev), m_(m) {}

  /// False (with a reason) when a core has no candidate.
  bool addCandidates(const std::vector<std::vector<TileCoord>>& candidates, std::vector<std::string>& reasons) {
    cands_.assign(size_t(d_.coreCount()), {});
    for (CoreId c = 0; c < d_.coreCount(); ++c) {
      const auto& tiles = candidates[size_t(c)];
      if (tiles.empty()) {
        reasons.push_back("core '" + d_.cores[c].name + "' has no candidate tile");
        return false;
      }
      if (tiles.size() == 1) {
        cands_[c] = {{tiles.front(), -1}};
        continue;
      }
      milp::LinExpr one;
      for (TileCoord t : tiles) {
        int v = m_.addBinary("pi_c" + std::to_string(c) + "_" + tileTag(t));
        cands_[c].push_back({t, v});
        one.add(v);
      }
      m_.addEq("place_c" + std::to_string(c), one, 1);  // eq. 2
    }
    return true;
  }

  const std::vector<CoreCandidate>& of(CoreId c) const { return cands_[c]; }

  milp::LinExpr presence(CoreId c, TileCoord t) const {
    for (const CoreCandidate& cc : cands_[c])
      if (cc.tile == t) return cc.var < 0 ? milp::LinExpr(1.0) : milp::LinExpr::var(cc.var);
    return milp::LinExpr(0.0);
  }

  // One compute core per compute tile; memory-tile and shim endpoints share a tile only within
  // its DMA channels (nets that take turns counting once) and memory (the placement checker's
  // rules).
  void addTileRows() {
    std::map<int, std::vector<CoreId>> byTile;
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      for (const CoreCandidate& cc : cands_[c]) byTile[dev_.index(cc.tile)].push_back(c);
    const std::vector<int> outNets = d_.outgoingNetCount(), inNets = d_.incomingNetCount();
    const Design::TurnEnds turnEnds = d_.turnEnds();  // per core, its DMA ends in each turns group
    const std::vector<int64_t> bufferBytes = streamBufferBytes(d_);
    std::vector<milp::LinExpr> memTileBytes(size_t(dev_.tileCount())), memTileOwn(memTileBytes);
    std::vector<int64_t> memTileMost(size_t(dev_.tileCount()), 0);
    for (const auto& entry : byTile) {
      const std::vector<CoreId>& cores = entry.second;  // a reference, not a binding: lambdas capture it
      TileCoord t = dev_.coord(entry.first);
      if (cores.size() < 2 && dev_.kind(t) != TileKind::Mem) continue;
      const std::string tag = tileTag(t);
      if (dev_.kind(t) == TileKind::Compute) {
        milp::LinExpr sum;
        for (CoreId c : cores) sum += presence(c, t);
        m_.addLe("one_core_" + tag, sum, 1);
        continue;
      }
      const TileResources& res = dev_.resources(t);
      if (dev_.kind(t) == TileKind::Mem)
        for (CoreId c : cores) {
          const int64_t b = bufferBytes[size_t(c)] + d_.cores[size_t(c)].bufferBytes;
          memTileBytes[size_t(entry.first)] += double(b) * presence(c, t);
          memTileOwn[size_t(entry.first)] += double(d_.cores[size_t(c)].bufferBytes) * presence(c, t);
          memTileMost[size_t(entry.first)] += b;
        }
      if (cores.size() < 2) continue;
      int merged = -1;
      auto channels = [&](const std::vector<int>& nets, const std::vector<std::map<int, int>>& turnsAt, int capacity,
                          const char* dir) {
        int sum = 0, largest = 0;
        for (CoreId c : cores) {
          sum += nets[c];
          largest = std::max(largest, nets[c]);
        }
        if (sum <= capacity) return;
        // Each turns group with ends among these cores counts once: a variable at least the
        // presence of every core holding one of its ends.
        milp::LinExpr use;
        std::map<int, int> groups;
        for (CoreId c : cores) {
          int taking = 0;
          for (const auto& [g, count] : turnsAt[size_t(c)]) {
            taking += count;
            const std::string name = std::string("turns_") + dir + "_" + tag + "_" + std::to_string(g);
            auto [it, fresh] = groups.emplace(g, -1);
            if (fresh) it->second = m_.addContinuous(name, 0, 1);
            m_.addLe(name + "_c" + std::to_string(c), presence(c, t) - milp::LinExpr::var(it->second), 0);
          }
          use += double(nets[c] - taking) * presence(c, t);
        }
        for (const auto& entry : groups) use += milp::LinExpr::var(entry.second);
        if (merged < 0) {
          // merged = 1 when two or more endpoints share the tile.
          merged = m_.addBinary("merged_" + tag);
          merged_.push_back({merged, t, cores});
          milp::LinExpr count;
          for (CoreId c : cores) count += presence(c, t);
          m_.addLe("merged_def_" + tag, count - milp::LinExpr::var(merged, double(cores.size() - 1)), 1);
        }
        const double slack = std::max(0, largest - capacity);  // a lone endpoint is the router's matter
        m_.addLe(std::string("ep_") + dir + "_" + tag, use + milp::LinExpr::var(merged, slack), capacity + slack);
      };
      channels(outNets, turnEnds.out, res.dmaOut, "mm2s");
      channels(inNets, turnEnds.in, res.dmaIn, "s2mm");
    }
    // The endpoints' buffers within each memory tile's memory and what its row neighbours lend
    // (memtile_spill.h), as the placement checker counts them.
    std::vector<bool> receives;
    const std::vector<milp::LinExpr> held = addMemoryTileSpill(m_, dev_, memTileBytes, memTileOwn, "ep_", receives);
    for (int i = 0; i < dev_.tileCount(); ++i) {
      const TileCoord t = dev_.coord(i);
      const int64_t capacity = dev_.resources(t).memoryBytes;
      if (receives[size_t(i)] || memTileMost[size_t(i)] > capacity)
        m_.addLe("ep_mem_" + tileTag(t), held[size_t(i)], double(capacity));
    }
  }

  /// Cascades, and memory uses (a user sits only where a candidate of the owner is within its
  /// reach). False (with a reason) when fixed cores break one.
  bool addNeighbourRows(std::vector<std::string>& reasons) {
    auto cascades = [&](TileCoord a, TileCoord b) { return dev_.canCascade(a, b); };
    auto reach = [&](TileCoord a, TileCoord b) { return dev_.reachesMemory(a, b); };
    for (size_t k = 0; k < d_.cascades.size(); ++k)
      if (!addPairRows(d_.cascades[k].from, d_.cascades[k].to, "cascade" + std::to_string(k), "cascade", cascades,
                       reasons))
        return false;
    for (size_t k = 0; k < d_.memoryUses.size(); ++k)
      if (!addPairRows(d_.memoryUses[k].user, d_.memoryUses[k].owner, "memuse" + std::to_string(k), "memory use", reach,
                       reasons))
        return false;
    return true;
  }

  /// For each candidate tile a of `from`: x[from,a] <= sum of x[to,b] over the b with ok(a, b).
  /// A row of fixed cores only is checked here (the solver takes no empty row); false, with a
  /// reason, when it fails.
  template <typename Ok>
  bool addPairRows(CoreId from, CoreId to, const std::string& tag, const std::string& what, Ok ok,
                   std::vector<std::string>& reasons) {
    for (const CoreCandidate& a : cands_[from]) {
      milp::LinExpr row = presence(from, a.tile);
      for (const CoreCandidate& b : cands_[to])
        if (ok(a.tile, b.tile)) row -= presence(to, b.tile);
      if (!row.empty()) {
        m_.addLe(tag + "_" + tileTag(a.tile), row, 0);
      } else if (row.constant > 0) {
        reasons.push_back(what + " '" + d_.cores[from].name + "' -> '" + d_.cores[to].name +
                          "' cannot hold with its cores' candidate tiles (pinned or fixed cores break it)");
        return false;
      }
    }
    return true;
  }

  /// No-good cut excluding `p`; false when p is the only placement the candidates allow.
  bool exclude(const Placement& p, int index) {
    milp::LinExpr cut;
    int n = 0;
    for (CoreId c = 0; c < d_.coreCount(); ++c) {
      const auto& cc = cands_[c];
      if (cc.size() == 1) {
        if (cc.front().tile != p.tile(c)) return true;  // p is out of reach anyway
        continue;
      }
      auto it = std::find_if(cc.begin(), cc.end(), [&](const CoreCandidate& x) { return x.tile == p.tile(c); });
      if (it == cc.end()) return true;
      cut.add(it->var);
      ++n;
    }
    if (n == 0) return false;
    m_.addLe("nogood" + std::to_string(index), cut, n - 1);
    return true;
  }

  /// At most `k` cores leave their tile in `ref`.
  void limitMoves(const Placement& ref, int k) {
    milp::LinExpr stay;
    int variable = 0, forced = 0;
    for (CoreId c = 0; c < d_.coreCount(); ++c) {
      const auto& cc = cands_[c];
      if (cc.size() == 1) {
        forced += cc.front().tile != ref.tile(c);
        continue;
      }
      ++variable;
      auto it = std::find_if(cc.begin(), cc.end(), [&](const CoreCandidate& x) { return x.tile == ref.tile(c); });
      if (it == cc.end())
        ++forced;
      else
        stay.add(it->var);
    }
    m_.addGe("max_moved", stay, double(variable + forced - k));
  }

  /// Sets pi and the merged flags of a complete placement in a solution vector.
  void setStart(const Placement& p, std::vector<double>& values) const {
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      for (const CoreCandidate& cc : cands_[c])
        if (cc.var >= 0) values[size_t(cc.var)] = cc.tile == p.tile(c) ? 1 : 0;
    for (const Merged& m : merged_) {
      int here = 0;
      for (CoreId c : m.cores) here += p.tile(c) == m.tile;
      values[size_t(m.var)] = here > 1 ? 1 : 0;
    }
  }

  Placement extract(const std::vector<double>& values) const {
    Placement p(d_.coreCount());
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      for (const CoreCandidate& cc : cands_[c])
        if (cc.var < 0 || values[size_t(cc.var)] > 0.5) {
          p.place(c, cc.tile);
          break;
        }
    return p;
  }

 private:
  const Design& d_;
  const Device& dev_;
  milp::Model& m_;
  std::vector<std::vector<CoreCandidate>> cands_;
  struct Merged {
    int var;
    TileCoord tile;
    std::vector<CoreId> cores;
  };
  std::vector<Merged> merged_;
};

// Raises continuous variables to satisfy rows violated on their lower side (the routing
// model's linearisation rows z >= x + pi - 1, which encode() leaves at zero).
void completeLowerRows(const milp::Model& model, std::vector<double>& v) {
  for (const milp::Row& r : model.rows()) {
    double act = 0;
    for (const milp::Term& t : r.terms) act += t.coef * v[size_t(t.var)];
    if (act >= r.lb - 1e-9) continue;
    for (const milp::Term& t : r.terms) {
      const milp::Variable& var = model.var(t.var);
      if (var.type != milp::VarType::Continuous || t.coef <= 0) continue;
      double need = v[size_t(t.var)] + (r.lb - act) / t.coef;
      if (need <= var.ub + 1e-9) {
        v[size_t(t.var)] = need;
        break;
      }
    }
  }
}

// CBC polls the stop flag only between nodes, cut rounds and heuristic passes, which on joint
// models are often seconds apart. So the solve runs on a worker thread that owns all it
// touches: on a stop request the caller waits briefly for CBC to return its incumbent, then
// gives up on it and returns; the worker ends at CBC's next poll (it shares the stop flag).
// Abandoned workers are kept joinable, not detached: waitForAbandonedSolves joins them, so none
// is still exiting when the process exits (a thread in its exit path while LeakSanitizer stops
// the world at exit can hang the sanitizer build).
struct Orphans {
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> ended;  // set as the worker's last act
  };
  std::mutex mutex;
  std::vector<Worker> workers;

  /// Keeps `w`; joins the ones that have ended meanwhile, so a long session holds no dead stacks.
  void adopt(Worker w) {
    std::vector<Worker> done;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto ended = std::stable_partition(workers.begin(), workers.end(), [](const Worker& x) { return !*x.ended; });
      std::move(ended, workers.end(), std::back_inserter(done));
      workers.erase(ended, workers.end());
      workers.push_back(std::move(w));
    }
    for (auto& d : done) d.thread.join();
  }
};
Orphans& orphans() {
  static Orphans* o = new Orphans;  // never destroyed: workers may outlive static destruction
  return *o;
}

class ForwardingSink : public core::ProgressSink {
 public:
  ForwardingSink(core::ProgressSink* to, double offset) : to_(to), offset_(offset) {}
  void onSample(const core::QorSample& s) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (firstIncumbent_ < 0 && s.has("incumbent")) firstIncumbent_ = s.elapsedSeconds + offset_;
    if (!to_) return;
    core::QorSample shifted = s;
    shifted.elapsedSeconds += offset_;  // the run's clock, not the solve's
    to_->onSample(shifted);
  }
  /// When the first sample with an incumbent went by (run clock), or -1.
  double firstIncumbent() {
    std::lock_guard<std::mutex> lock(mutex_);
    return firstIncumbent_;
  }
  void onLog(core::LogLevel level, const std::string& message) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (to_) to_->onLog(level, message);
  }
  void detach() {
    std::lock_guard<std::mutex> lock(mutex_);
    to_ = nullptr;
  }

 private:
  std::mutex mutex_;
  core::ProgressSink* to_;
  double offset_;
  double firstIncumbent_ = -1;
};

milp::SolveResult solveStoppable(const milp::Model& model, const milp::SolveOptions& options, core::RunContext& ctx,
                                 double& firstIncumbent) {
  struct Job {
    milp::Model model;
    milp::SolveOptions options;
    ForwardingSink sink;
    core::RunContext ctx;
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    milp::SolveResult result;
    Job(const milp::Model& m, const milp::SolveOptions& o, core::RunContext& outer)
        : model(m),
          options(o),
          sink(outer.sink(), outer.elapsed()),
          ctx(outer.seed(), outer.timeLimitSeconds() > 0 ? std::max(1e-3, outer.remainingSeconds()) : 0,
              outer.cancelToken(), &sink) {}
  };
  auto job = std::make_shared<Job>(model, options, ctx);
  auto ended = std::make_shared<std::atomic<bool>>(false);
  std::thread worker([job, ended] {
    milp::SolveResult r;
    try {
      r = milp::solve(job->model, job->options, job->ctx);
    } catch (const std::exception& e) {  // nothing may escape a thread
      r.status = milp::Status::Error;
      job->sink.onLog(core::LogLevel::Error, std::string("MILP solver failed: ") + e.what());
    }
    {
      std::lock_guard<std::mutex> lock(job->mutex);
      job->result = std::move(r);
      job->done = true;
    }
    job->cv.notify_all();
    ended->store(true);
  });
  std::unique_lock<std::mutex> lock(job->mutex);
  auto stopSeen = std::chrono::steady_clock::time_point::max();
  while (!job->done) {
    job->cv.wait_for(lock, std::chrono::milliseconds(5));
    if (job->done || !ctx.cancel().stopRequested()) continue;
    auto now = std::chrono::steady_clock::now();
    if (stopSeen == std::chrono::steady_clock::time_point::max()) stopSeen = now;
    if (now - stopSeen > std::chrono::milliseconds(40)) {
      job->sink.detach();
      firstIncumbent = job->sink.firstIncumbent();
      lock.unlock();
      orphans().adopt({std::move(worker), ended});
      milp::SolveResult gone;
      gone.status = milp::Status::Cancelled;
      return gone;
    }
  }
  lock.unlock();
  worker.join();  // it has set done and is returning
  firstIncumbent = job->sink.firstIncumbent();
  return std::move(job->result);
}

const char* stopStatus(core::RunContext& ctx) {
  return ctx.cancel().stopRequested() ? "cancelled" : "time-out";
}

}  // namespace

void waitForAbandonedSolves() {
  std::vector<Orphans::Worker> workers;
  {
    std::lock_guard<std::mutex> lock(orphans().mutex);
    workers.swap(orphans().workers);
  }
  for (auto& w : workers) w.thread.join();
}

std::optional<Placement> annealedStart(const PlaceProblem& problem, const Placement& start, double share,
                                       const JointPnrOptions& options, core::RunContext& ctx) {
  const double limit = ctx.timeLimitSeconds() > 0 ? std::max(1e-3, share * ctx.remainingSeconds()) : 0;
  ForwardingSink sink(ctx.sink(), ctx.elapsed());
  core::RunContext sub(ctx.seed(), limit, ctx.cancelToken(), &sink);
  SaPlacerConfig sa;
  sa.cost = "bbcg";
  sa.dmaSharing = options.model.sharesDmaChannels() ? "on" : "off";
  SaPlacerResult r = runSaPlacer({problem.design, problem.device, start}, sa, sub);
  sink.detach();
  if (!r.success) return std::nullopt;
  return r.placement;
}

JointPnrSolution solveJointPnr(const Design& d, const Device& dev, const RrGraph& g, const JointPnrRequest& req,
                               const JointPnrOptions& opt, core::RunContext& ctx) {
  JointPnrSolution out;
  if (int(req.candidates.size()) != d.coreCount())
    throw core::Error("joint PnR: candidates for " + std::to_string(req.candidates.size()) + " cores, design has " +
                      std::to_string(d.coreCount()));
  const double t0 = ctx.elapsed();
  // Seconds this request may still use (0: no limit of its own).
  auto budget = [&] {
    return req.timeLimitSeconds > 0 ? std::max(1e-3, req.timeLimitSeconds - (ctx.elapsed() - t0)) : 0.0;
  };
  milp::Model model;
  PlacementRows rows(d, dev, model);
  std::vector<std::vector<TileCoord>> candidates = req.candidates;
  const Placement* start = req.start && req.start->complete() ? req.start : nullptr;
  if (start)  // the start's tile first: encode() routes targets to their first candidate
    for (CoreId c = 0; c < d.coreCount(); ++c) {
      auto& list = candidates[c];
      auto it = std::find(list.begin(), list.end(), start->tile(c));
      if (it != list.end()) std::rotate(list.begin(), it, it + 1);
    }
  if (!rows.addCandidates(candidates, out.reasons)) {
    out.status = milp::Status::Infeasible;
    return out;
  }
  rows.addTileRows();
  if (!rows.addNeighbourRows(out.reasons)) {
    out.status = milp::Status::Infeasible;
    return out;
  }
  for (size_t k = 0; k < req.excluded.size(); ++k)
    if (!rows.exclude(req.excluded[k], int(k))) {
      out.status = milp::Status::Infeasible;
      out.reasons.push_back("the only placement the candidates allow is excluded");
      return out;
    }
  if (req.reference && req.maxMoved >= 0) rows.limitMoves(*req.reference, req.maxMoved);

  RoutingModelOptions mo = opt.model;
  mo.elastic = req.elastic;
  RoutingModelBuilder builder(d, dev, g, mo, model);
  for (CoreId c = 0; c < d.coreCount(); ++c) builder.setCandidates(c, rows.of(c));
  builder.build();
  out.variables = model.varCount();
  out.rows = model.rowCount();
  out.integers = model.integerCount();
  if (!builder.unroutable().empty()) {
    out.status = milp::Status::Infeasible;
    for (const auto& [n, why] : builder.unroutable()) out.reasons.push_back("net '" + d.nets[n].name + "': " + why);
    return out;
  }

  milp::SolveOptions so;
  so.relativeGap = opt.relativeGap;
  so.phase = req.phase;
  so.preprocess = opt.preprocess;
  so.log = opt.solverLog;
  so.cbc = opt.cbc;
  if (start && !ctx.shouldStop()) {
    // MIP start: the MILP router's routing of the start placement (a small model), encoded in
    // this one with pi set to the start.
    MilpRouterConfig rc;
    rc.model = opt.model;
    rc.explainInfeasible = false;
    double limit = req.timeLimitSeconds > 0 ? budget() : ctx.timeLimitSeconds() > 0 ? ctx.remainingSeconds() : 0;
    if (limit > 0) rc.timeLimitSeconds = std::max(1e-3, limit * opt.startShare);
    MilpRouterResult routed = runMilpRouter(d, dev, g, *start, rc, ctx);
    out.solves += routed.solves;
    std::optional<std::vector<double>> v;
    if (routed.success) v = builder.encode(routed.routing);
    if (v) {
      rows.setStart(*start, *v);
      completeLowerRows(model, *v);
      auto bad = model.violations(*v, 1e-6);
      if (bad.empty())
        so.start = std::move(*v);
      else
        ctx.log(core::LogLevel::Warning, "joint pnr: the start does not fit the model (" + bad.front() + ")");
    }
  }

  auto overuseOf = [&](const std::vector<double>& v) {
    double s = 0;
    for (const ResourceRow& r : builder.resourceRows())
      if (r.slack >= 0) s += v[size_t(r.slack)];
    return s;
  };
  for (int round = 0;; ++round) {
    if (ctx.shouldStop()) {
      out.status = ctx.cancel().stopRequested() ? milp::Status::Cancelled : milp::Status::TimeOut;
      if (!out.found) out.reasons.push_back(std::string("stopped (") + stopStatus(ctx) + ") before a solution");
      return out;
    }
    so.timeLimitSeconds = budget();
    const double solveStart = ctx.elapsed();
    double sampled = -1;
    // A model without variables (every core fixed, nothing to route) is its own answer: CBC
    // takes no empty model.
    const bool empty = model.varCount() == 0;
    milp::SolveResult sr;
    if (empty) {
      sr.status = model.violations({}).empty() ? milp::Status::Optimal : milp::Status::Infeasible;
      sr.objective = sr.bound = model.objectiveOffset();
    } else {
      sr = solveStoppable(model, so, ctx, sampled);
    }
    const bool solved = sr.hasSolution() || (empty && sr.status == milp::Status::Optimal);
    so.start.clear();
    ++out.solves;
    out.nodes += sr.nodes;
    out.startAccepted = out.startAccepted || sr.startAccepted;
    if (out.firstSolutionSeconds < 0 && solved)  // the start, CBC's first sample with one, or the end
      out.firstSolutionSeconds = sr.startAccepted ? solveStart : sampled >= 0 ? sampled : ctx.elapsed();
    out.status = sr.status;
    if (!solved) {
      // A lazy re-solve that found nothing keeps the previous solution (found stays true).
      if (!out.found)
        out.reasons.push_back(sr.status == milp::Status::Infeasible
                                  ? "the joint placement-and-routing MILP is infeasible"
                                  : std::string("the MILP solver stopped without a solution (") + toString(sr.status) +
                                        ")");
      return out;
    }
    out.found = true;
    out.placement = rows.extract(sr.values);
    out.routing = builder.extract(sr.values);
    out.objective = sr.objective;
    out.bound = sr.bound;
    out.overuse = overuseOf(sr.values);
    auto violations = checkRouting(d, dev, g, out.placement, out.routing);
    out.routingLegal = violations.empty();
    bool onlyArbiters = !violations.empty() && out.overuse < 1e-6;
    for (const auto& v : violations) onlyArbiters = onlyArbiters && v.code == "arbiters" && v.tile;
    if (onlyArbiters && round < opt.lazyRounds) {
      for (const auto& v : violations) builder.addArbiterRow(*v.tile);
      continue;
    }
    out.reasons.clear();
    for (size_t k = 0; k < violations.size() && k < 5; ++k)
      out.reasons.push_back("routing check: " + violations[k].message);
    return out;
  }
}

JointMilpPlacerResult runJointMilpPlacer(const PlaceProblem& problem, const JointMilpPlacerConfig& config,
                                         core::RunContext& ctx) {
  JointMilpPlacerResult result;
  const Design& d = problem.design;
  const Device& dev = problem.device;
  if (!acceptDesign(d, result)) return result;
  const Placement start = prepareStart(d, problem.start);
  const std::vector<char> fixed = fixedCores(d, start);
  const double t0 = ctx.elapsed();
  result.placement = start;
  PlaceModel pm(d, dev);

  JointPnrRequest req;
  req.candidates.resize(size_t(d.coreCount()));
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (fixed[c]) {
      req.candidates[c] = {start.tile(c)};
      continue;
    }
    std::vector<TileCoord> hosts;
    for (TileCoord t : pm.hostTiles(d.cores[c].kind))
      if (pm.allows(c, t)) hosts.push_back(t);  // partial pins keep the core in its column / row
    if (hosts.empty()) {
      result.status = "failed";
      result.reasons.push_back(std::string(toString(d.cores[c].kind)) + " core '" + d.cores[c].name + "' has no " +
                               toString(tileKindFor(d.cores[c].kind)) + " tile to go to on " + dev.name() +
                               (d.cores[c].partlyPinned() ? " within its partial pin" : ""));
      return result;
    }
    req.candidates[c] = hosts;
  }
  if (d.countCores(CoreKind::Compute) > int(pm.hostTiles(CoreKind::Compute).size())) {
    result.status = "failed";
    result.reasons.push_back("the design has " + std::to_string(d.countCores(CoreKind::Compute)) +
                             " compute cores but " + dev.name() + " has only " +
                             std::to_string(pm.hostTiles(CoreKind::Compute).size()) + " compute tiles");
    return result;
  }
  PlacementCheckOptions copts;
  copts.reference = &start;
  const bool startLegal = start.complete() && checkPlacement(d, dev, start, copts).empty();
  std::optional<Placement> annealed;
  if (config.warmStart && startLegal) {
    req.start = &start;
    result.startFrom = "given";
  } else if (config.warmStart && config.startPlacer == "sa") {
    annealed = annealedStart(problem, start, config.startPlacerShare, config.formulation, ctx);
    if (annealed) {
      req.start = &*annealed;
      result.startFrom = "sa";
    }
  }
  if (req.start) ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(*req.start), true);
  req.phase = "joint pnr milp";
  RrGraph graph(dev);
  JointPnrSolution s = solveJointPnr(d, dev, graph, req, config.formulation, ctx);

  result.seconds = ctx.elapsed() - t0;
  result.moves = s.nodes;
  result.movesPerSecond = result.seconds > 0 ? double(s.nodes) / result.seconds : 0;
  result.variables = s.variables;
  result.rows = s.rows;
  result.integers = s.integers;
  result.startAccepted = s.startAccepted;
  if (s.firstSolutionSeconds >= 0) result.incumbentSeconds = s.firstSolutionSeconds - t0;
  if (s.found) {
    Placement p = s.placement;
    for (CoreId c = 0; c < d.coreCount(); ++c) p.setPinned(c, start.pinned(c));
    result.placement = p;
    result.routing = s.routing;
    result.objective = s.objective;
    result.bound = s.bound;
    result.gap = std::abs(s.objective) > 1e-9 ? std::max(0.0, (s.objective - s.bound) / std::abs(s.objective)) : 0.0;
  }
  switch (s.status) {
    case milp::Status::Optimal:
      result.status = "placed";
      result.optimal = s.found;
      break;
    case milp::Status::Infeasible:
      result.status = "failed";
      if (!s.found) result.reasons.push_back("no legal placement and routing exists (the joint MILP is infeasible)");
      break;
    case milp::Status::Feasible:
    case milp::Status::TimeOut:
    case milp::Status::Cancelled:
      result.status = stopStatus(ctx);
      if (!s.found && !startLegal) result.reasons.push_back("no placement found before the solver stopped");
      break;
    case milp::Status::Error:
      result.status = "failed";
      break;
  }
  // Stopped without a solution of its own: a legal start is the best so far (anytime).
  const bool startIsBest =
      !s.found && startLegal && s.status != milp::Status::Infeasible && s.status != milp::Status::Error;
  if (!s.found && !startIsBest)
    for (const auto& r : s.reasons) result.reasons.push_back(r);
  if (s.found && !s.routingLegal)
    ctx.log(core::LogLevel::Warning, "milp: the solution's own routing did not pass the check (" +
                                         (s.reasons.empty() ? std::string("?") : s.reasons.front()) + ")");
  if (!result.reasons.empty() && result.status == "placed") result.status = "failed";
  result.cost = result.objective;
  result.terms = {
      {"total", result.objective},        {"bound", result.bound}, {"gap", result.gap}, {"nodes", double(s.nodes)},
      {"variables", double(s.variables)}, {"rows", double(s.rows)}};
  checkResult(d, dev, start, result);
  if (!s.found && !startIsBest) result.success = false;
  core::QorSample sample;
  sample.phase = "joint pnr milp";
  sample.iteration = s.nodes;
  sample.terms = result.terms;
  ctx.publishSample(std::move(sample), true);
  ctx.publishSnapshot(
      std::make_shared<PlacementSnapshot>(result.placement, s.found ? std::make_shared<Routing>(s.routing) : nullptr),
      true);
  return result;
}

}  // namespace ts::aie
