#include "engine/aie/place/sa_placer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>

#include "engine/aie/legality.h"
#include "engine/aie/place/cascade_macros.h"
#include "engine/aie/snapshot.h"
#include "engine/core/error.h"
#include "engine/core/rng.h"

namespace ts::aie {

void SaPlacerConfig::bind(core::ParamBinder& b) {
  b.bindChoice("cost", cost, {"bb", "bbcg", "milp"},
               "cost function: bb (eq. 9), bbcg (eq. 10, with congestion) or milp (MILP router objective)");
  b.bind("milp_time_limit", milpCost.router.timeLimitSeconds, "milp cost: seconds per routing MILP solve", 0.01);
  b.bind("milp_infeasible_penalty", milpCost.infeasiblePenalty, "milp cost: cost of an unroutable placement", 0);
  b.bind("kappa", costConfig.kappa, "bbcg: weight of expected nets over a channel's capacity", 0);
  b.bind("bin_rows", costConfig.rowsPerBin,
         "bbcg: adjacent rows of the same kind whose channel segments count together (1: each segment, eq. 10; 2: "
         "pairs of rows, a coarser and faster grid)",
         1, 4);
  b.bind("wirelength_weight", costConfig.bb.wirelengthWeight, "weight of q(n) * (bbx + bby)", 0);
  b.bind("shared_wirelength", costConfig.bb.sharedWirelength,
         "multiplies the wirelength of a net whose endpoints can share a memory (1: eq. 9; such a net needs no "
         "link or DMA channel)",
         0, 1);
  b.bind("dma_penalty", costConfig.bb.dmaPenalty, "penalty per DMA channel over capacity", 0);
  b.bind("memory_penalty", costConfig.bb.memoryPenalty,
         "penalty per KiB (or part of one) of buffer memory over a tile's capacity", 0);
  b.bind("lock_penalty", costConfig.bb.lockPenalty, "penalty per lock over capacity", 0);
  b.bind("cascade_penalty", costConfig.bb.cascadePenalty, "penalty per cascade whose ends cannot cascade", 0);
  b.bind("memory_use_penalty", costConfig.bb.memoryUsePenalty,
         "penalty per memory use whose user does not reach the owner's memory", 0);
  b.bindChoice("shared_buffers", sharedBuffers, {"assign", "whole", "split"},
               "a shared-memory buffer with several candidate memories is charged to one chosen greedily "
               "(assign), to every candidate (whole) or split evenly (split)");
  b.bindChoice("dma_sharing", dmaSharing, {"auto", "on", "off"},
               "on: charge only the DMA channels streams need when they share channels as packet streams (the "
               "MILP router may; PathFinder does not); off: one channel per stream; auto: as the router that "
               "follows may (off when placing alone)");
  b.bind("inner_num", innerNum, "moves per temperature = inner_num * movable^(4/3)", 1e-3, 1e6);
  b.bind("initial_temperature", initialTemperature, "> 0: start here instead of the equilibrium search", 0);
  b.bind("equilibrium_steps", equilibriumSteps, "bisection steps of the initial-temperature search", 1, 60);
  b.bind("exit_factor", exitFactor, "stop when T < exit_factor * cost / nets", 0);
  b.bind("target_acceptance", targetAcceptance, "acceptance rate the range limit aims for", 0.01, 0.99);
  b.bind("range_limit", rangeLimit, "shrink the move window as acceptance drops");
  b.bind("swap_probability", swapProbability, "memory-tile/shim endpoints: chance to swap rather than join", 0, 1);
  b.bind("random_start", randomStart, "ignore the start positions of movable cores");
  b.bind("max_moves", maxMoves, "stop after this many moves (0 = no limit)", 0);
  b.bind("max_reheats", maxReheats, "while the best placement has overuse, anneal again from it (at most this often)",
         0, 1000);
  b.bind("reheat_acceptance", reheatAcceptance,
         "a reheat starts at the last temperature whose acceptance was at least this", 0, 1);
  b.bind("reheat_effort", reheatEffort, "each reheat multiplies the moves per temperature by this", 1, 100);
  b.bind("reheat_patience", reheatPatience, "stop reheating after this many in a row that did not lower the overuse", 1,
         1000);
  b.bind("check_incremental", checkIncremental, "debug: recompute the cost after every accepted move");
}

std::unique_ptr<PlacementCost> makePlacementCost(const PlaceModel& model, const SaPlacerConfig& config,
                                                 core::RunContext& ctx) {
  if (config.costFactory) return config.costFactory(model, ctx);
  BbcgCostConfig costConfig = config.costConfig;
  if (config.sharedBuffers == "assign")
    costConfig.bb.sharedBuffers = SharedBufferRule::Assign;
  else if (config.sharedBuffers == "whole")
    costConfig.bb.sharedBuffers = SharedBufferRule::Whole;
  else if (config.sharedBuffers == "split")
    costConfig.bb.sharedBuffers = SharedBufferRule::Split;
  else
    throw core::Error("sa: shared_buffers must be assign, whole or split, got '" + config.sharedBuffers + "'");
  if (config.dmaSharing != "auto" && config.dmaSharing != "on" && config.dmaSharing != "off")
    throw core::Error("sa: dma_sharing must be auto, on or off, got '" + config.dmaSharing + "'");
  costConfig.bb.dmaSharing = config.dmaSharing == "on";
  if (config.cost == "bb") return std::make_unique<BbCost>(model, costConfig.bb);
  if (config.cost == "bbcg") return std::make_unique<BbcgCost>(model, costConfig);
  if (config.cost == "milp") {
    MilpCostConfig milp = config.milpCost;
    milp.bb = costConfig.bb;
    return std::make_unique<MilpCost>(model, milp, ctx);
  }
  throw core::Error("sa: unknown cost '" + config.cost + "' (expected bb, bbcg or milp)");
}

namespace {

enum class Stop { None, Cancelled, TimeOut, MoveLimit, Error };

class Annealer {
 public:
  Annealer(const PlaceModel& model, const SaPlacerConfig& config, core::RunContext& ctx, PlacementCost& cost,
           std::vector<char> fixed)
      : m_(model), cfg_(config), ctx_(ctx), cost_(cost), fixed_(std::move(fixed)), rng_(ctx.seed()) {
    for (CoreKind kind : {CoreKind::Compute, CoreKind::MemTile, CoreKind::Shim}) {
      firstColumn_[int(kind)] = firstAtLeast(m_.hostColumns(kind), m_.device().columns());
      firstRow_[int(kind)] = firstAtLeast(m_.kindRows(kind), m_.device().rows());
    }
  }

  /// Completes `start` with random positions for unplaced movable cores; false (with reasons)
  /// when the device cannot hold the design.
  bool initialise(Placement start, std::vector<std::string>& reasons);
  Stop run();
  int reheats() const { return reheats_; }

  const Placement& best() const { return best_; }
  double bestCost() const { return bestCost_; }
  int64_t moves() const { return moves_; }
  int64_t accepted() const { return accepted_; }
  double initialTemperature() const { return t0_; }
  double temperature() const { return t_; }
  int temperatures() const { return steps_; }
  const std::string& error() const { return error_; }

 private:
  void occupy(CoreId c, TileCoord t, int sign);
  /// Whether memory-tile/shim endpoints may share tiles after `moves`: a shared tile must hold
  /// their DMA channels and buffers (the placement checker's rule); a move never makes a
  /// tile's overuse worse.
  bool endpointsFit(const std::vector<CoreMove>& moves) const;
  bool randomTile(CoreKind kind, TileCoord from, int range, TileCoord& out);
  /// For sorted values in 0..limit-1: per v in 0..limit, the index of the first value >= v.
  static std::vector<int> firstAtLeast(const std::vector<int>& sorted, int limit);
  bool proposeMove();
  bool proposeMacroMove(int macro, int range);
  void apply(const std::vector<CoreMove>& moves);
  enum class Outcome { NoMove, Rejected, Accepted };
  /// One Metropolis step at temperature t (t <= 0: greedy). Returns the stop reason.
  Stop step(double t, Outcome& outcome);
  Stop checkStop();
  void noteBest();
  void restore(const Placement& p);
  void publish(const char* phase, double t, double acceptance, bool force = false);
  double equilibriumTemperature(Stop& stop);
  /// Cools from t_ and range_ until the exit condition, then quenches; `effort` scales the
  /// moves per temperature.
  Stop anneal(Stop stop, double effort);

  const PlaceModel& m_;
  const SaPlacerConfig& cfg_;
  core::RunContext& ctx_;
  PlacementCost& cost_;
  std::vector<char> fixed_;
  std::vector<char> needsDma_;  // per core: some net end of it uses a DMA channel
  core::Rng rng_;

  Placement p_, best_;
  double bestCost_ = 0, bestPenalty_ = 0;
  struct Step {
    double temperature, range, acceptance;
  };
  std::vector<Step> history_;  // one entry per temperature
  int reheats_ = 0;
  std::vector<int> units_;  // what moves: a core id, or -1 - k for cascade macro k
  std::vector<CascadeMacro> macros_;
  std::vector<int> macroOf_;
  std::vector<char> macroFixed_;
  std::vector<CoreId> computeAt_;                 // per tile
  std::vector<std::vector<CoreId>> endpointsAt_;  // per tile, memory-tile and shim endpoints
  std::vector<int64_t> endpointBytes_;            // per core: its buffers as the checker counts them
  std::vector<CoreMove> moves_buf_;
  std::vector<int> firstColumn_[3], firstRow_[3];  // per core kind, firstAtLeast of its columns / rows
  double range_ = 1;
  int64_t moves_ = 0, accepted_ = 0;
  double t0_ = 0, t_ = 0;
  int steps_ = 0;
  std::string error_;
};

void Annealer::occupy(CoreId c, TileCoord t, int sign) {
  int i = m_.tileIndex(t);
  if (m_.design().cores[c].kind == CoreKind::Compute) {
    computeAt_[size_t(i)] = sign > 0 ? c : -1;
    return;
  }
  auto& list = endpointsAt_[size_t(i)];
  if (sign > 0)
    list.push_back(c);
  else
    list.erase(std::find(list.begin(), list.end(), c));
}

bool Annealer::initialise(Placement start, std::vector<std::string>& reasons) {
  const Design& d = m_.design();
  const Device& dev = m_.device();
  computeAt_.assign(size_t(m_.tileCount()), -1);
  endpointsAt_.assign(size_t(m_.tileCount()), {});
  endpointBytes_ = streamBufferBytes(d);
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (d.cores[c].kind == CoreKind::Compute) endpointBytes_[c] = 0;
  macros_ = cascadeMacros(d, dev, start, macroOf_);
  macroFixed_.assign(macros_.size(), 0);
  const std::vector<int> dmaOut = d.outgoingNetCount(), dmaIn = d.incomingNetCount();
  needsDma_.assign(size_t(d.coreCount()), 0);
  for (CoreId c = 0; c < d.coreCount(); ++c) needsDma_[c] = dmaOut[c] + dmaIn[c] > 0;

  // Fixed cores first: they claim their tiles whatever else the start says.
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (!fixed_[c]) continue;
    TileCoord t = start.tile(c);
    bool hostable = dev.canHost(tileKindFor(d.cores[c].kind), t, needsDma_[c]);
    bool taken = hostable && d.cores[c].kind == CoreKind::Compute && computeAt_[size_t(m_.tileIndex(t))] >= 0;
    if (!hostable || taken) {
      const char* why = taken                                                     ? " (tile taken by another pinned core)"
                        : dev.canHost(tileKindFor(d.cores[c].kind), t, false) ? " (the tile has no DMA, its nets need one)"
                                                                              : " (wrong tile kind)";
      reasons.push_back("pinned core '" + d.cores[c].name + "' cannot stay at " + core::toString(t) + why);
      continue;
    }
    occupy(c, t, +1);
  }
  if (!reasons.empty()) return false;

  // Cascade chains as whole shapes: around their pinned cores, where the start has them, or at
  // a random free spot.
  auto cellsFree = [&](const CascadeMacro& mc, TileCoord origin) {
    for (size_t i = 0; i < mc.cores.size(); ++i) {
      TileCoord t{origin.col + mc.offsets[i].col, origin.row + mc.offsets[i].row};
      if (!dev.canHost(TileKind::Compute, t) || !m_.allows(mc.cores[i], t)) return false;
      CoreId o = computeAt_[size_t(m_.tileIndex(t))];
      if (o >= 0 && o != mc.cores[i]) return false;
      if (fixed_[mc.cores[i]] && start.tile(mc.cores[i]) != t) return false;
    }
    return true;
  };
  // Chains with a pinned core first: a chain placed at random must not take their tiles.
  std::vector<size_t> macroOrder(macros_.size());
  std::iota(macroOrder.begin(), macroOrder.end(), size_t(0));
  auto pinnedChain = [&](size_t k) {
    return std::any_of(macros_[k].cores.begin(), macros_[k].cores.end(), [&](CoreId c) { return fixed_[c] != 0; });
  };
  std::stable_partition(macroOrder.begin(), macroOrder.end(), pinnedChain);
  for (size_t k : macroOrder) {
    const CascadeMacro& mc = macros_[k];
    std::optional<TileCoord> origin;
    for (size_t i = 0; i < mc.cores.size() && !origin; ++i)
      if (fixed_[mc.cores[i]]) {
        macroFixed_[k] = 1;
        origin =
            TileCoord{start.tile(mc.cores[i]).col - mc.offsets[i].col, start.tile(mc.cores[i]).row - mc.offsets[i].row};
      }
    if (macroFixed_[k] && !cellsFree(mc, *origin) && !mc.southOffsets.empty()) {
      // The other shape may fit around the pin (e.g. a chain pinned at the east edge).
      CascadeMacro south = mc;
      south.offsets = mc.southOffsets;
      for (size_t i = 0; i < mc.cores.size(); ++i)
        if (fixed_[mc.cores[i]]) {
          TileCoord o{start.tile(mc.cores[i]).col - south.offsets[i].col,
                      start.tile(mc.cores[i]).row - south.offsets[i].row};
          if (cellsFree(south, o)) {
            macros_[k].offsets = south.offsets;
            origin = o;
          }
          break;
        }
    }
    if (macroFixed_[k] && !cellsFree(mc, *origin)) {
      reasons.push_back("the cascade chain of '" + d.cores[mc.cores.front()].name +
                        "' does not fit around its pinned core(s)");
      return false;
    }
    if (!origin && mc.fromStart && !cfg_.randomStart && cellsFree(mc, start.tile(mc.cores.front())))
      origin = start.tile(mc.cores.front());
    if (!origin) {
      std::vector<TileCoord> options;
      for (TileCoord t : m_.hostTiles(CoreKind::Compute))
        if (cellsFree(mc, t)) options.push_back(t);
      if (options.empty()) {
        reasons.push_back("no room left for the cascade chain of '" + d.cores[mc.cores.front()].name + "' (" +
                          std::to_string(mc.cores.size()) + " cores)");
        return false;
      }
      origin = options[size_t(rng_.uniformInt(0, int(options.size()) - 1))];
    }
    for (size_t i = 0; i < mc.cores.size(); ++i) {
      if (fixed_[mc.cores[i]]) continue;
      start.place(mc.cores[i], {origin->col + mc.offsets[i].col, origin->row + mc.offsets[i].row});
      occupy(mc.cores[i], start.tile(mc.cores[i]), +1);
    }
  }

  // Other movable cores keep the start's tile when it is free.
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (fixed_[c] || macroOf_[c] >= 0 || !start.placed(c)) continue;
    TileCoord t = start.tile(c);
    bool hostable = dev.canHost(tileKindFor(d.cores[c].kind), t, needsDma_[c]);
    bool taken = hostable && d.cores[c].kind == CoreKind::Compute && computeAt_[size_t(m_.tileIndex(t))] >= 0;
    if (!hostable || taken || cfg_.randomStart || !m_.allows(c, t) || !endpointsFit({{c, Placement::kUnplaced, t}})) {
      start.unplace(c);
      continue;
    }
    occupy(c, t, +1);
  }
  // The rest on random free tiles (memory-tile/shim endpoints prefer empty tiles, then tiles
  // where their DMA channels still fit).
  std::vector<TileCoord> freeCompute;
  for (TileCoord t : m_.hostTiles(CoreKind::Compute))
    if (computeAt_[size_t(m_.tileIndex(t))] < 0) freeCompute.push_back(t);
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (start.placed(c)) continue;
    CoreKind kind = d.cores[c].kind;
    if (kind == CoreKind::Compute) {
      if (freeCompute.empty()) {
        reasons.push_back("the design has " + std::to_string(d.countCores(CoreKind::Compute)) + " compute cores but " +
                          dev.name() + " has only " + std::to_string(m_.hostTiles(CoreKind::Compute).size()) +
                          " compute tiles");
        return false;
      }
      std::vector<size_t> allowed;  // a partial pin keeps the core in its column / row
      for (size_t i = 0; i < freeCompute.size(); ++i)
        if (m_.allows(c, freeCompute[i])) allowed.push_back(i);
      if (allowed.empty()) {
        reasons.push_back("no free compute tile is left in the column / row core '" + d.cores[c].name +
                          "' is pinned to");
        return false;
      }
      size_t k = allowed[size_t(rng_.uniformInt(0, int(allowed.size()) - 1))];
      start.place(c, freeCompute[k]);
      freeCompute.erase(freeCompute.begin() + long(k));
    } else {
      std::vector<TileCoord> hosts;
      for (TileCoord t : m_.hostTiles(kind))
        if (m_.allows(c, t)) hosts.push_back(t);
      if (hosts.empty()) {
        reasons.push_back(std::string(toString(kind)) + " core '" + d.cores[c].name + "' has no " +
                          toString(tileKindFor(kind)) + " tile to go to on " + dev.name() +
                          (d.cores[c].partlyPinned() ? " within its partial pin" : ""));
        return false;
      }
      std::vector<TileCoord> empty, fitting;
      for (TileCoord t : hosts) {
        if (endpointsAt_[size_t(m_.tileIndex(t))].empty())
          empty.push_back(t);
        else if (endpointsFit({{c, Placement::kUnplaced, t}}))
          fitting.push_back(t);
      }
      const auto& pool = !empty.empty() ? empty : !fitting.empty() ? fitting : hosts;
      start.place(c, pool[size_t(rng_.uniformInt(0, int(pool.size()) - 1))]);
    }
    occupy(c, start.tile(c), +1);
  }
  p_ = std::move(start);
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (!fixed_[c] && macroOf_[c] < 0) units_.push_back(c);
  for (size_t k = 0; k < macros_.size(); ++k)
    if (!macroFixed_[k]) units_.push_back(-1 - int(k));
  range_ = std::max(dev.columns(), dev.rows());
  bestCost_ = cost_.reset(p_);
  bestPenalty_ = cost_.penalty();
  best_ = p_;
  return true;
}

bool Annealer::endpointsFit(const std::vector<CoreMove>& moves) const {
  struct Load {
    int count = 0, out = 0, in = 0;
    int64_t bytes = 0;
  };
  auto overuse = [&](int tile, const Load& l) {
    const TileResources& cap = m_.capacity(tile);
    if (l.count < 2) return std::array<int64_t, 3>{0, 0, 0};
    return std::array<int64_t, 3>{
        std::max(0, l.out - cap.dmaOut), std::max(0, l.in - cap.dmaIn),
        m_.tileKind(tile) == TileKind::Mem ? std::max<int64_t>(0, l.bytes - cap.memoryBytes) : 0};
  };
  auto load = [&](int tile) {
    Load l;
    for (CoreId o : endpointsAt_[size_t(tile)]) {
      ++l.count;
      l.out += m_.outNets(o);
      l.in += m_.inNets(o);
      l.bytes += endpointBytes_[o];
    }
    return l;
  };
  auto shift = [&](Load& l, CoreId c, int sign) {
    l.count += sign;
    l.out += sign * m_.outNets(c);
    l.in += sign * m_.inNets(c);
    l.bytes += sign * endpointBytes_[c];
  };
  for (const CoreMove& mv : moves) {
    for (TileCoord t : {mv.to, mv.from}) {
      if (t.col < 0) continue;
      int tile = m_.tileIndex(t);
      Load before = load(tile), after = before;
      for (const CoreMove& other : moves) {
        if (other.from == t) shift(after, other.core, -1);
        if (other.to == t) shift(after, other.core, +1);
      }
      auto a = overuse(tile, after), b = overuse(tile, before);
      for (int k = 0; k < 3; ++k)
        if (a[size_t(k)] > b[size_t(k)]) return false;
    }
  }
  return true;
}

std::vector<int> Annealer::firstAtLeast(const std::vector<int>& sorted, int limit) {
  std::vector<int> first;
  for (int v = 0; v <= limit; ++v)
    first.push_back(int(std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin()));
  return first;
}

bool Annealer::randomTile(CoreKind kind, TileCoord from, int range, TileCoord& out) {
  // The host columns and rows within `range` of `from` (lower / upper bounds by table).
  auto first = [](const std::vector<int>& table, int v) {
    return table[size_t(std::clamp(v, 0, int(table.size()) - 1))];
  };
  const std::vector<int>& colTable = firstColumn_[int(kind)];
  const std::vector<int>& rowTable = firstRow_[int(kind)];
  auto lo = m_.hostColumns(kind).begin() + first(colTable, from.col - range);
  auto hi = m_.hostColumns(kind).begin() + first(colTable, from.col + range + 1);
  auto rlo = m_.kindRows(kind).begin() + first(rowTable, from.row - range);
  auto rhi = m_.kindRows(kind).begin() + first(rowTable, from.row + range + 1);
  int nc = int(hi - lo), nr = int(rhi - rlo);
  if (nc * nr <= 1) return false;
  for (int attempt = 0; attempt < 8; ++attempt) {
    out = {lo[rng_.uniformInt(0, nc - 1)], rlo[rng_.uniformInt(0, nr - 1)]};
    if (out != from) return true;
  }
  return false;
}

bool Annealer::proposeMacroMove(int k, int range) {
  const CascadeMacro& mc = macros_[size_t(k)];
  const Device& dev = m_.device();
  TileCoord from = p_.tile(mc.cores.front()), to;
  if (!randomTile(CoreKind::Compute, from, range, to)) return false;
  const int dc = to.col - from.col, dr = to.row - from.row;
  // The shape moves as a whole; single cores in its way take the tiles it leaves.
  std::vector<CoreId> displaced;
  for (CoreId c : mc.cores) {
    TileCoord t{p_.tile(c).col + dc, p_.tile(c).row + dr};
    if (!dev.canHost(TileKind::Compute, t) || !m_.allows(c, t)) return false;
    moves_buf_.push_back({c, p_.tile(c), t});
    CoreId o = computeAt_[size_t(m_.tileIndex(t))];
    if (o < 0 || macroOf_[o] == k) continue;
    if (fixed_[o] || macroOf_[o] >= 0) return false;
    displaced.push_back(o);
  }
  size_t next = 0;
  for (CoreId c : mc.cores) {
    if (next == displaced.size()) break;
    TileCoord old = p_.tile(c);
    bool stillCovered = false;
    for (const CoreMove& mv : moves_buf_) stillCovered = stillCovered || mv.to == old;
    if (stillCovered) continue;
    if (!m_.allows(displaced[next], old)) return false;
    moves_buf_.push_back({displaced[next], p_.tile(displaced[next]), old});
    ++next;
  }
  return true;
}

bool Annealer::proposeMove() {
  moves_buf_.clear();
  int unit = units_[size_t(rng_.uniformInt(0, int(units_.size()) - 1))];
  int range = std::max(1, int(std::lround(range_)));
  if (unit < 0) return proposeMacroMove(-1 - unit, range);
  CoreId c = unit;
  CoreKind kind = m_.design().cores[c].kind;
  TileCoord from = p_.tile(c), to;
  if (!randomTile(kind, from, range, to) || !m_.allows(c, to)) return false;
  int i = m_.tileIndex(to);
  if (kind == CoreKind::Compute) {
    CoreId other = computeAt_[size_t(i)];
    if (other >= 0 && (fixed_[other] || macroOf_[other] >= 0 || !m_.allows(other, from))) return false;
    moves_buf_.push_back({c, from, to});
    if (other >= 0) moves_buf_.push_back({other, to, from});
    return true;
  }
  const auto& here = endpointsAt_[size_t(i)];
  int movableHere = 0;
  for (CoreId o : here) movableHere += !fixed_[o];
  moves_buf_.push_back({c, from, to});
  if (movableHere > 0 && rng_.uniform01() < cfg_.swapProbability) {
    int pick = rng_.uniformInt(0, movableHere - 1);
    for (CoreId o : here)
      if (!fixed_[o] && pick-- == 0) {
        if (m_.allows(o, from)) moves_buf_.push_back({o, to, from});
        break;
      }
  }
  return endpointsFit(moves_buf_);
}

void Annealer::apply(const std::vector<CoreMove>& moves) {
  for (const CoreMove& mv : moves) occupy(mv.core, mv.from, -1);
  for (const CoreMove& mv : moves) {
    p_.place(mv.core, mv.to);
    occupy(mv.core, mv.to, +1);
  }
}

Stop Annealer::checkStop() {
  if (ctx_.shouldStop()) return ctx_.cancel().stopRequested() ? Stop::Cancelled : Stop::TimeOut;
  if (cfg_.maxMoves > 0 && moves_ >= cfg_.maxMoves) return Stop::MoveLimit;
  return Stop::None;
}

void Annealer::noteBest() {
  // Placements without overuse first (they are the ones that route), then the lower cost.
  const double penalty = cost_.penalty();
  const bool better = (penalty > 0) != (bestPenalty_ > 0) ? penalty <= 0 : cost_.total() < bestCost_ - 1e-9;
  if (better) {
    bestPenalty_ = penalty;
    bestCost_ = cost_.total();
    best_ = p_;
  }
}

Stop Annealer::step(double t, Outcome& outcome) {
  outcome = Outcome::NoMove;
  if (Stop s = checkStop(); s != Stop::None) return s;
  if (!proposeMove()) return Stop::None;
  ++moves_;  // moves evaluated by the cost model (proposals that found no legal target do not count)
  // Metropolis with the threshold drawn first: accept when delta <= -t ln(u), which happens
  // with probability min(1, exp(-delta / t)); knowing the threshold lets the cost model give up
  // early on moves it can tell are worse.
  const double limit = t > 0 ? -t * std::log(std::max(rng_.uniform01(), 1e-300)) : 0.0;
  const double delta = cost_.proposeWithin(moves_buf_, limit);
  const bool accept = delta <= limit;
  if (!accept) {
    cost_.revert();
    outcome = Outcome::Rejected;
    return Stop::None;
  }
  cost_.commit();
  apply(moves_buf_);
  ++accepted_;
  outcome = Outcome::Accepted;
  if (cfg_.checkIncremental) {
    double again = cost_.evaluate(p_);
    if (std::abs(again - cost_.total()) > 1e-6 * std::max(1.0, std::abs(again))) {
      error_ = "incremental cost " + std::to_string(cost_.total()) + " differs from recomputed " +
               std::to_string(again) + " after move " + std::to_string(moves_);
      return Stop::Error;
    }
  }
  noteBest();
  return Stop::None;
}

void Annealer::restore(const Placement& p) {
  for (CoreId c = 0; c < p_.size(); ++c) occupy(c, p_.tile(c), -1);
  p_ = p;
  for (CoreId c = 0; c < p_.size(); ++c) occupy(c, p_.tile(c), +1);
  cost_.reset(p_);
}

void Annealer::publish(const char* phase, double t, double acceptance, bool force) {
  if (!force && !ctx_.sampleDue()) return;
  core::QorSample s;
  s.iteration = moves_;
  s.phase = phase;
  s.terms = cost_.terms();
  s.add("best", bestCost_);
  s.add("temperature", t);
  s.add("acceptance", acceptance);
  s.add("range_limit", range_);
  double secs = ctx_.elapsed();
  s.add("moves_per_s", secs > 0 ? double(moves_) / secs : 0);
  ctx_.publishSample(std::move(s), force);
  if (force || ctx_.snapshotDue()) ctx_.publishSnapshot(std::make_shared<PlacementSnapshot>(best_), force);
}

double Annealer::equilibriumTemperature(Stop& stop) {
  // Rose et al.: bisect for the temperature at which annealing from the start placement keeps
  // its cost unchanged on average. The upper end comes from a random walk (VPR: 20 sigma).
  const Placement start = p_;
  const double c0 = cost_.total();
  const int walk = std::max<int>(int(units_.size()), 20);
  double sum = 0, sumSq = 0;
  int n = 0;
  Outcome acc;
  for (int i = 0; i < walk && stop == Stop::None; ++i) {
    stop = step(1e300, acc);
    double c = cost_.total();
    sum += c;
    sumSq += c * c;
    ++n;
  }
  restore(start);
  double mean = n ? sum / n : c0;
  double sigma = n > 1 ? std::sqrt(std::max(0.0, sumSq / n - mean * mean)) : 0;
  double hi = std::max(20 * sigma, 1e-6 * std::max(1.0, std::abs(c0)));
  double lo = 0;
  const int64_t trialMoves = std::max<int64_t>(50, int64_t(cfg_.innerNum * std::pow(double(units_.size()), 4.0 / 3.0)));
  for (int k = 0; k < cfg_.equilibriumSteps && stop == Stop::None; ++k) {
    double t = 0.5 * (lo + hi);
    double tail = 0;
    int64_t tailCount = 0;
    for (int64_t i = 0; i < trialMoves && stop == Stop::None; ++i) {
      stop = step(t, acc);
      if (i >= trialMoves / 2) {
        tail += cost_.total();
        ++tailCount;
      }
      if ((i & 255) == 0) publish("equilibrium search", t, 0);
    }
    restore(start);
    if (tailCount == 0) break;
    if (tail / double(tailCount) > c0)
      hi = t;
    else
      lo = t;
  }
  return 0.5 * (lo + hi);
}

Stop Annealer::anneal(Stop stop, double effort) {
  const double maxRange = std::max(m_.device().columns(), m_.device().rows());
  const int64_t perTemp =
      std::max<int64_t>(1, int64_t(effort * cfg_.innerNum * std::pow(double(units_.size()), 4.0 / 3.0)));
  const double nets = std::max(1, m_.netCount());
  Outcome acc;
  while (stop == Stop::None) {
    // Acceptance counts evaluated moves only (proposals without a legal target are not moves).
    int64_t tried = 0, taken = 0;
    for (int64_t i = 0; i < perTemp && stop == Stop::None; ++i) {
      stop = step(t_, acc);
      tried += acc != Outcome::NoMove;
      taken += acc == Outcome::Accepted;
      if ((i & 255) == 0) publish("anneal", t_, tried ? double(taken) / double(tried) : 0);
    }
    ++steps_;
    double rate = tried ? double(taken) / double(tried) : 0;
    history_.push_back({t_, range_, rate});
    // VPR's adaptive cooling: linger where acceptance is productive.
    double alpha = rate > 0.96 ? 0.5 : rate > 0.8 ? 0.9 : rate > 0.15 ? 0.95 : 0.8;
    if (cfg_.rangeLimit) range_ = std::clamp(range_ * (1.0 - cfg_.targetAcceptance + rate), 1.0, maxRange);
    if (m_.netCount() == 0 || t_ < cfg_.exitFactor * cost_.total() / nets || t_ < 1e-12) break;
    t_ *= alpha;
  }
  // Greedy quench at the final range.
  for (int64_t i = 0; i < perTemp && stop == Stop::None; ++i) stop = step(0, acc);
  publish("quench", 0, 0, true);
  return stop;
}

Stop Annealer::run() {
  if (units_.empty()) return Stop::None;
  Stop stop = Stop::None;
  t_ = cfg_.initialTemperature > 0 ? cfg_.initialTemperature : equilibriumTemperature(stop);
  t0_ = t_;
  range_ = std::max(m_.device().columns(), m_.device().rows());
  stop = anneal(stop, 1.0);
  // Exit rule: a placement the cost still sees overuse in rarely routes, so while the best one
  // has any, anneal again from it, starting from the last temperature at which the first anneal
  // was still productive (acceptance >= reheatAcceptance), with that temperature's range.
  // Each reheat costs as much as all before it, so reheatPatience reheats in a row that did not
  // lower the overuse end them (overuse the cost overstates, such as DMA channels the router
  // packet-switches, stays anyway).
  const std::vector<Step> first = history_;
  int fruitless = 0;
  for (int k = 0; k < cfg_.maxReheats && stop == Stop::None && bestPenalty_ > 0; ++k) {
    const Step* back = &first.front();
    for (const Step& h : first)
      if (h.acceptance >= cfg_.reheatAcceptance) back = &h;
    restore(best_);
    t_ = back->temperature;
    range_ = back->range;
    ++reheats_;
    const double penaltyBefore = bestPenalty_;
    stop = anneal(stop, std::pow(cfg_.reheatEffort, reheats_));
    fruitless = bestPenalty_ < penaltyBefore ? 0 : fruitless + 1;
    if (fruitless >= cfg_.reheatPatience) break;
  }
  return stop;
}

}  // namespace

SaPlacerResult runSaPlacer(const PlaceProblem& problem, const SaPlacerConfig& config, core::RunContext& ctx) {
  SaPlacerResult result;
  const Design& d = problem.design;
  if (!acceptDesign(d, result)) return result;
  const Placement start = prepareStart(d, problem.start);
  PlaceModel model(d, problem.device);
  std::unique_ptr<PlacementCost> cost = makePlacementCost(model, config, ctx);
  result.costName = cost->name();
  Annealer sa(model, config, ctx, *cost, fixedCores(d, start));
  const double t0 = ctx.elapsed();
  if (!sa.initialise(start, result.reasons)) {
    result.status = "failed";
    result.placement = start;
    return result;
  }
  Stop stop = sa.run();
  result.seconds = ctx.elapsed() - t0;
  result.placement = sa.best();
  result.moves = sa.moves();
  result.accepted = sa.accepted();
  result.movesPerSecond = result.seconds > 0 ? double(result.moves) / result.seconds : 0;
  result.initialTemperature = sa.initialTemperature();
  result.finalTemperature = sa.temperature();
  result.temperatures = sa.temperatures();
  result.reheats = sa.reheats();
  result.cost = cost->reset(result.placement);
  result.terms = cost->terms();
  if (stop == Stop::Error) {
    result.status = "failed";
    result.reasons.push_back(sa.error());
  } else if (stop == Stop::Cancelled) {
    result.status = "cancelled";
  } else if (stop == Stop::TimeOut) {
    result.status = "time-out";
  }
  checkResult(d, problem.device, start, result);
  if (stop == Stop::Error) result.success = false;
  if (result.success && cost->penalty() > 0)
    ctx.log(core::LogLevel::Warning, "sa: the placement is legal but the " + result.costName +
                                         " cost still sees resource overuse (penalty " +
                                         std::to_string(cost->penalty()) + ")");
  ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(result.placement), true);
  return result;
}

}  // namespace ts::aie
