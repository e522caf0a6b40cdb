#include "engine/aie/place/dataflow_placer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/place/cascade_macros.h"
#include "engine/aie/place/dataflow_regions.h"
#include "engine/aie/snapshot.h"

namespace ts::aie {

void DataflowPlacerConfig::bind(core::ParamBinder& b) {
  b.bind("fuse_pointwise", fusePointwise,
         "place two consecutive subgraphs paired one to one by direct nets as one interleaved region");
  b.bind("spread", spread, "fraction of the spare compute tiles shared out between the regions (0 packs them)", 0, 1);
  b.bind("swap_passes", swapPasses, "passes of wirelength-reducing swaps within each region (0 = none)", 0);
  b.bind("keep_start", keepStartPlacement, "keep every core the start placement places (false: only pinned cores)");
}

namespace {

class DataflowPlacement {
 public:
  DataflowPlacement(const PlaceModel& m, Placement& p, const std::vector<char>& keep)
      : m_(m), d_(m.design()), p_(p), keep_(keep), computeTaken_(size_t(m.tileCount()), 0) {
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      if (p_.placed(c) && d_.cores[size_t(c)].kind == CoreKind::Compute && m_.device().contains(p_.tile(c)))
        computeTaken_[size_t(m_.tileIndex(p_.tile(c)))] = 1;
    macros_ = cascadeMacros(d_, m_.device(), p_, macroOf_);
  }

  /// Free compute tiles as a column snake.
  std::vector<TileCoord> snake() const {
    std::vector<TileCoord> out;
    const auto& tiles = m_.hostTiles(CoreKind::Compute);
    size_t begin = 0;
    int columnIndex = 0;
    while (begin < tiles.size()) {
      size_t end = begin;
      while (end < tiles.size() && tiles[end].col == tiles[begin].col) ++end;
      std::vector<TileCoord> column(tiles.begin() + long(begin), tiles.begin() + long(end));
      if (columnIndex++ % 2 == 1) std::reverse(column.begin(), column.end());
      for (TileCoord t : column)
        if (!taken(t)) out.push_back(t);
      begin = end;
    }
    return out;
  }

  /// Places the region's unplaced compute cores, preferably on `run`; false with a reason.
  bool placeRegion(const DataflowRegion& region, const std::vector<TileCoord>& run, std::string& reason) {
    std::set<TileCoord> inRun(run.begin(), run.end());
    for (CoreId c : region.cores) {
      const int k = macroOf_[size_t(c)];
      if (k < 0 || macroDone(k)) continue;
      if (!placeMacro(macros_[size_t(k)], run, inRun)) {
        reason = "no room for the cascade chain of '" + d_.cores[size_t(macros_[size_t(k)].cores.front())].name +
                 "' (" + std::to_string(macros_[size_t(k)].cores.size()) + " cores) with every cascade south or east";
        return false;
      }
    }
    size_t next = 0;
    for (CoreId c : region.cores) {
      if (p_.placed(c)) continue;
      TileCoord t{-1, -1};
      const bool sharesMemory = usesMemory(c);
      if (!d_.cores[size_t(c)].partlyPinned() && !sharesMemory) {
        while (next < run.size() && taken(run[next])) ++next;
        if (next < run.size()) t = run[next];
      } else {
        for (TileCoord r : run)
          if (fitsOn(c, r)) {
            t = r;
            break;
          }
      }
      if (t.col < 0) t = nearestFree(c, run.empty() ? TileCoord{0, 0} : run.back());
      if (t.col < 0) {
        const std::string& name = d_.cores[size_t(c)].name;
        if (nearestFree(c, {0, 0}, false).col >= 0)
          reason = "no free compute tile for core '" + name +
                   "' is within reach of the memories it shares with cores already placed";
        else
          reason = d_.cores[size_t(c)].partlyPinned()
                       ? "no compute tile available matching the partial pin of core '" + name + "'"
                       : "ran out of compute tiles for core '" + name + "'";
        return false;
      }
      put(c, t);
    }
    return true;
  }

  /// Memory-tile and shim cores next to their nets' placed ends (see the header).
  bool placeEndpoints(std::string& reason) {
    const size_t tiles = size_t(m_.tileCount());
    std::vector<std::vector<CoreId>> at(tiles);            // per tile: the endpoints placed there
    std::vector<int64_t> memory(tiles, 0), own(tiles, 0);  // own: cores' own data, which stays put
    auto occupy = [&](CoreId c) {
      const size_t i = size_t(m_.tileIndex(p_.tile(c)));
      at[i].push_back(c);
      memory[i] += endpointMemory(c);
      own[i] += d_.cores[size_t(c)].bufferBytes;
    };
    // The bytes on the memory tiles that fit nowhere, some lent by row neighbours (memtile_spill.h).
    auto unplaced = [&] {
      int64_t sum = 0;
      for (int64_t o : memoryOveruseWithSpill(m_.device(), memory, own)) sum += o;
      return sum;
    };
    std::vector<CoreId> order;
    for (CoreId c = 0; c < d_.coreCount(); ++c) {
      if (d_.cores[size_t(c)].kind == CoreKind::Compute) continue;
      if (p_.placed(c)) {
        if (m_.device().contains(p_.tile(c))) occupy(c);
      } else {
        order.push_back(c);
      }
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](CoreId a, CoreId b) { return m_.outNets(a) + m_.inNets(a) > m_.outNets(b) + m_.inNets(b); });
    for (CoreId c : order) {
      const CoreKind kind = d_.cores[size_t(c)].kind;
      const int64_t need = endpointMemory(c), ownNeed = d_.cores[size_t(c)].bufferBytes;
      std::optional<int64_t> unplacedBefore;  // worked out for the first tile c does not fit alone
      // Whether c's buffers on memory tile i leave no more bytes unplaced than before.
      auto memoryFits = [&](size_t i) {
        if (memory[i] + need <= m_.capacity(int(i)).memoryBytes) return true;
        if (!unplacedBefore) unplacedBefore = unplaced();
        memory[i] += need;
        own[i] += ownNeed;
        const int64_t after = unplaced();
        memory[i] -= need;
        own[i] -= ownNeed;
        return after <= *unplacedBefore;
      };
      double bestScore = std::numeric_limits<double>::infinity();
      TileCoord best{-1, -1};
      for (TileCoord t : m_.hostTiles(kind)) {
        if (!m_.allows(c, t)) continue;
        const size_t i = size_t(m_.tileIndex(t));
        const TileResources& cap = m_.capacity(int(i));
        if (kind == CoreKind::MemTile && !memoryFits(i)) continue;
        if (!at[i].empty()) {  // merged endpoints within the tile's channels (nets taking turns once)
          const auto [out, in] = m_.endpointChannels(at[i], c);
          if (out > cap.dmaOut || in > cap.dmaIn) continue;
        }
        // Column distance first (streams run up and down columns cheaply); a shared tile last.
        double score = !at[i].empty() ? 2.0 : 0.0;
        for (NetId n : m_.netsOf(c)) {
          int k = 0;
          double sum = 0;
          for (CoreId o : m_.pins(n))
            if (o != c && p_.placed(o)) {
              sum += std::abs(t.col - p_.tile(o).col) + 0.1 * std::abs(t.row - p_.tile(o).row);
              ++k;
            }
          if (k > 0) score += sum / k;
        }
        if (score < bestScore) {
          bestScore = score;
          best = t;
        }
      }
      if (best.col < 0) {
        reason = "no " + std::string(toString(tileKindFor(kind))) +
                 " tile with DMA channels and memory left for core '" + d_.cores[size_t(c)].name + "'";
        return false;
      }
      p_.place(c, best);
      occupy(c);
    }
    return true;
  }

  void unplaceEndpoints() {
    for (CoreId c = 0; c < d_.coreCount(); ++c)
      if (d_.cores[size_t(c)].kind != CoreKind::Compute && !keep_[size_t(c)]) p_.unplace(c);
  }

  double netLength(NetId n) const {
    int c0 = std::numeric_limits<int>::max(), c1 = -1, r0 = std::numeric_limits<int>::max(), r1 = -1;
    for (CoreId c : m_.pins(n)) {
      if (!p_.placed(c)) continue;
      const TileCoord t = p_.tile(c);
      c0 = std::min(c0, t.col);
      c1 = std::max(c1, t.col);
      r0 = std::min(r0, t.row);
      r1 = std::max(r1, t.row);
    }
    return c1 < 0 ? 0.0 : double(c1 - c0 + r1 - r0);
  }

  double wirelength() const {
    double sum = 0;
    for (NetId n = 0; n < m_.netCount(); ++n) sum += netLength(n);
    return sum;
  }

  /// One pass of improving swaps / moves within each region; returns the moves made.
  int64_t improve(const std::vector<DataflowRegion>& regions, const std::vector<std::vector<TileCoord>>& runs,
                  core::RunContext& ctx, bool& stopped) {
    int64_t made = 0;
    for (size_t r = 0; r < regions.size(); ++r) {
      std::vector<CoreId> movable;
      for (CoreId c : regions[r].cores)
        if (!keep_[size_t(c)] && macroOf_[size_t(c)] < 0) movable.push_back(c);
      std::vector<TileCoord> slots;  // tiles of the region's cores and its spare tiles
      for (CoreId c : movable) slots.push_back(p_.tile(c));
      for (TileCoord t : runs[r])
        if (!taken(t)) slots.push_back(t);
      for (CoreId a : movable) {
        if (stopped || (stopped = ctx.shouldStop())) return made;
        for (TileCoord t : slots)
          if (t != p_.tile(a) && trySwap(a, t, regions[r].cores)) ++made;
      }
    }
    return made;
  }

 private:
  bool taken(TileCoord t) const { return computeTaken_[size_t(m_.tileIndex(t))] != 0; }

  void put(CoreId c, TileCoord t) {
    p_.place(c, t);
    computeTaken_[size_t(m_.tileIndex(t))] = 1;
  }

  bool macroDone(int k) const {
    for (CoreId c : macros_[size_t(k)].cores)
      if (!p_.placed(c)) return false;
    return true;
  }

  int64_t endpointMemory(CoreId c) const {
    int64_t bytes = m_.staticBytes(c);
    for (NetId n : m_.netsOf(c))
      for (size_t k = 0; k < m_.pins(n).size(); ++k)
        if (m_.pins(n)[k] == c) bytes += m_.endpointBytes(n, int(k));
    return bytes;
  }

  /// Whether c has memory uses (cores whose memory it reads or that read its memory).
  bool usesMemory(CoreId c) const {
    for (int k : m_.pairsOf(c))
      if (!m_.neighbourPairs()[size_t(k)].cascade) return true;
    return false;
  }

  /// Whether core c may take free tile t: its pin allows it and it keeps c's memory uses.
  bool fitsOn(CoreId c, TileCoord t) const { return !taken(t) && m_.allows(c, t) && m_.keepsMemoryUses(p_, c, t); }

  /// The nearest free compute tile core c may take (keeping its memory uses unless told not
  /// to), or {-1,-1}.
  TileCoord nearestFree(CoreId c, TileCoord from, bool keepUses = true) const {
    TileCoord best{-1, -1};
    int bestDistance = std::numeric_limits<int>::max();
    for (TileCoord t : m_.hostTiles(CoreKind::Compute))
      if ((keepUses ? fitsOn(c, t) : !taken(t) && m_.allows(c, t)) && manhattan(t, from) < bestDistance) {
        best = t;
        bestDistance = manhattan(t, from);
      }
    return best;
  }

  /// The chain at the first origin of its run where it fits (south shape first), else at the
  /// free origin nearest to the run.
  bool placeMacro(const CascadeMacro& mc, const std::vector<TileCoord>& run, const std::set<TileCoord>& inRun) {
    std::vector<const std::vector<TileCoord>*> shapes;
    if (!mc.southOffsets.empty()) shapes.push_back(&mc.southOffsets);
    shapes.push_back(&mc.offsets);
    auto originFor = [&](const std::vector<TileCoord>& shape, TileCoord origin) {
      for (size_t i = 0; i < mc.cores.size(); ++i)  // a kept core fixes the origin
        if (p_.placed(mc.cores[i]))
          return TileCoord{p_.tile(mc.cores[i]).col - shape[i].col, p_.tile(mc.cores[i]).row - shape[i].row};
      return origin;
    };
    auto fits = [&](const std::vector<TileCoord>& shape, TileCoord o, bool withinRun) {
      for (size_t i = 0; i < mc.cores.size(); ++i) {
        const TileCoord t{o.col + shape[i].col, o.row + shape[i].row};
        if (p_.placed(mc.cores[i])) {
          if (p_.tile(mc.cores[i]) != t) return false;
          continue;
        }
        if (!m_.device().canHost(TileKind::Compute, t) || taken(t) || !m_.allows(mc.cores[i], t)) return false;
        if (withinRun && !inRun.count(t)) return false;
      }
      return true;
    };
    auto commit = [&](const std::vector<TileCoord>& shape, TileCoord o) {
      for (size_t i = 0; i < mc.cores.size(); ++i)
        if (!p_.placed(mc.cores[i])) put(mc.cores[i], {o.col + shape[i].col, o.row + shape[i].row});
    };
    for (TileCoord origin : run)
      for (const auto* shape : shapes) {
        const TileCoord o = originFor(*shape, origin);
        if (fits(*shape, o, true)) {
          commit(*shape, o);
          return true;
        }
      }
    const TileCoord anchor = run.empty() ? TileCoord{0, 0} : run.front();
    const std::vector<TileCoord>* bestShape = nullptr;
    TileCoord best{-1, -1};
    int bestDistance = std::numeric_limits<int>::max();
    for (TileCoord origin : m_.hostTiles(CoreKind::Compute))
      for (const auto* shape : shapes) {
        const TileCoord o = originFor(*shape, origin);
        if (manhattan(o, anchor) < bestDistance && fits(*shape, o, false)) {
          bestShape = shape;
          best = o;
          bestDistance = manhattan(o, anchor);
        }
      }
    if (!bestShape) return false;
    commit(*bestShape, best);
    return true;
  }

  /// Whether the tiles of these cores form one 4-connected set.
  bool connected(const std::vector<CoreId>& cores) const {
    std::set<TileCoord> tiles;
    for (CoreId c : cores) tiles.insert(p_.tile(c));
    std::set<TileCoord> seen{*tiles.begin()};
    std::vector<TileCoord> stack{*tiles.begin()};
    while (!stack.empty()) {
      const TileCoord t = stack.back();
      stack.pop_back();
      for (TileCoord n : {TileCoord{t.col + 1, t.row}, TileCoord{t.col - 1, t.row}, TileCoord{t.col, t.row + 1},
                          TileCoord{t.col, t.row - 1}})
        if (tiles.count(n) && seen.insert(n).second) stack.push_back(n);
    }
    return seen.size() == tiles.size();
  }

  /// Moves core a to tile t (swapping with t's movable core, if any) when that shortens the
  /// wirelength; the tiles of fixed cores and chains are never offered. A move onto a spare
  /// tile must leave the region's cores 4-connected when they were.
  bool trySwap(CoreId a, TileCoord t, const std::vector<CoreId>& region) {
    const TileCoord from = p_.tile(a);
    CoreId b = -1;
    for (CoreId c : coresOn(t)) b = c;
    if (!m_.allows(a, t) || (b >= 0 && !m_.allows(b, from))) return false;
    std::vector<NetId> nets = m_.netsOf(a);
    if (b >= 0) nets.insert(nets.end(), m_.netsOf(b).begin(), m_.netsOf(b).end());
    std::sort(nets.begin(), nets.end());
    nets.erase(std::unique(nets.begin(), nets.end()), nets.end());
    auto length = [&] {
      double sum = 0;
      for (NetId n : nets) sum += netLength(n);
      return sum;
    };
    const double before = length();
    const bool wasConnected = b < 0 && connected(region);
    p_.place(a, t);
    if (b >= 0) p_.place(b, from);
    const bool usesKept = m_.keepsMemoryUses(p_, a, t) && (b < 0 || m_.keepsMemoryUses(p_, b, from));
    if (usesKept && length() < before - 1e-9 && (!wasConnected || connected(region))) {
      computeTaken_[size_t(m_.tileIndex(t))] = 1;
      coreOnTile_[t] = a;
      if (b >= 0) {
        coreOnTile_[from] = b;
      } else {
        computeTaken_[size_t(m_.tileIndex(from))] = 0;
        coreOnTile_.erase(from);
      }
      return true;
    }
    p_.place(a, from);
    if (b >= 0) p_.place(b, t);
    return false;
  }

  std::vector<CoreId> coresOn(TileCoord t) {
    if (coreOnTile_.empty())
      for (CoreId c = 0; c < d_.coreCount(); ++c)
        if (p_.placed(c) && d_.cores[size_t(c)].kind == CoreKind::Compute) coreOnTile_[p_.tile(c)] = c;
    auto it = coreOnTile_.find(t);
    return it == coreOnTile_.end() ? std::vector<CoreId>{} : std::vector<CoreId>{it->second};
  }

  const PlaceModel& m_;
  const Design& d_;
  Placement& p_;
  const std::vector<char>& keep_;
  std::vector<char> computeTaken_;
  std::vector<CascadeMacro> macros_;
  std::vector<int> macroOf_;
  std::map<TileCoord, CoreId> coreOnTile_;  // compute cores by tile, built at the first swap
};

}  // namespace

DataflowPlacerResult runDataflowPlacer(const PlaceProblem& problem, const DataflowPlacerConfig& config,
                                       core::RunContext& ctx) {
  DataflowPlacerResult result;
  const Design& d = problem.design;
  const Device& dev = problem.device;
  if (!acceptDesign(d, result)) return result;
  const double t0 = ctx.elapsed();
  const Placement start = prepareStart(d, problem.start);
  const PlaceModel model(d, dev);
  std::vector<char> keep;
  Placement p = constructiveStart(d, start, config.keepStartPlacement, keep);
  DataflowPlacement work(model, p, keep);

  auto finish = [&](const std::string& failure) {
    result.wirelength = work.wirelength();
    result.cost = result.wirelength;
    result.terms = {{"wirelength", result.wirelength}, {"regions", double(result.regions)}};
    finishConstructive(d, dev, start, p, failure, t0, "dataflow", {{"wirelength", result.wirelength}}, ctx, result);
    return result;
  };

  const std::vector<DataflowRegion> regions = dataflowRegions(d, config.fusePointwise);
  result.regions = int(regions.size());
  for (const DataflowRegion& r : regions) result.fused += r.groups.size() > 1;
  const std::vector<TileCoord> snake = work.snake();
  std::vector<int> toPlace;
  int total = 0;
  for (const DataflowRegion& r : regions) {
    int k = 0;
    for (CoreId c : r.cores) k += !p.placed(c);
    toPlace.push_back(k);
    total += k;
  }
  if (total > int(snake.size()))
    return finish("the design has " + std::to_string(total) + " compute cores to place but only " +
                  std::to_string(snake.size()) + " compute tiles are free on " + dev.name());
  const double spare = config.spread * double(int(snake.size()) - total);
  std::vector<std::vector<TileCoord>> runs;
  size_t at = 0;
  for (size_t r = 0; r < regions.size(); ++r) {
    size_t length = size_t(toPlace[r]) + (total > 0 ? size_t(std::floor(spare * toPlace[r] / total)) : 0);
    length = std::min(length, snake.size() - at);
    runs.emplace_back(snake.begin() + long(at), snake.begin() + long(at + length));
    at += length;
  }
  for (size_t r = 0; r < regions.size(); ++r) {
    if (ctx.shouldStop()) {
      result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
      return finish("stopped before every core was placed");
    }
    std::string reason;
    if (!work.placeRegion(regions[r], runs[r], reason)) return finish(reason);
    result.moves += toPlace[r];
  }
  std::string reason;
  if (!work.placeEndpoints(reason)) return finish(reason);
  result.initialWirelength = work.wirelength();
  ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(p));

  bool stopped = false;
  for (int pass = 0; pass < config.swapPasses && !stopped; ++pass) {
    const int64_t made = work.improve(regions, runs, ctx, stopped);
    result.moves += made;
    if (ctx.sampleDue()) {
      core::QorSample s;
      s.iteration = result.moves;
      s.phase = "swaps";
      s.add("wirelength", work.wirelength());
      ctx.publishSample(std::move(s));
    }
    if (made == 0) break;
  }
  // The endpoints again, next to where the swaps left their compute cores; kept only when
  // that is shorter (their rule is a column-first distance, not the wirelength).
  const Placement swapped = p;
  const double swappedLength = work.wirelength();
  work.unplaceEndpoints();
  if (!work.placeEndpoints(reason) || work.wirelength() > swappedLength) p = swapped;
  if (stopped) result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
  return finish("");
}

}  // namespace ts::aie
