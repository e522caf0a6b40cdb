#include "engine/aie/place/block_placer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "engine/aie/legality.h"
#include "engine/aie/place/block_memtiles.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/rr_graph.h"
#include "engine/aie/snapshot.h"

namespace ts::aie {

void BlockPlacerConfig::bind(core::ParamBinder& b) {
  b.bind("lambda", lambda, "weight of row offsets between consecutive layers", 0);
  b.bind("mu", mu, "weight of each block's top row", 0);
  b.bind("mem_weight", memWeight, "weight of a memory-tile net's columns beyond the cores it serves", 0);
  b.bind("fix_first", fixFirst, "start the first block at (first_col, first_row) as AIE4ML does");
  b.bind("first_col", firstCol, "origin column of the first block when fix_first (-1 = free)", -1, 1000);
  b.bind("first_row", firstRow, "origin row of the first block above the lowest compute row when fix_first (-1 = free)",
         -1, 1000);
  b.bind("max_nodes", maxNodes, "stop the search after this many nodes (0 = no limit)", 0);
  b.bind("search_seconds", searchSeconds,
         "without a run time limit, seconds for each branch-and-bound search; then the best layout found is "
         "used, not proven optimal (0 = until the search finishes)",
         0);
  b.bind("link_check", linkCheck,
         "prune layouts whose memory-tile columns take more streams than their links carry circuit-switched");
  b.bind("route", route, "route the best layouts with the MILP router and report the first that routes");
  b.bind("route_tries", routeTries, "layouts to route, best first", 1, 100);
  b.bind("route_seconds", routeSeconds, "MILP router seconds per layout", 0);
}

std::vector<LayerBlock> layerBlocks(const Design& d, std::vector<std::string>& problems, int maxHeight) {
  std::vector<std::string> groups;
  for (const LogicalCore& c : d.cores)
    if (c.kind == CoreKind::Compute && !c.group.empty() &&
        std::find(groups.begin(), groups.end(), c.group) == groups.end())
      groups.push_back(c.group);
  const int n = d.coreCount();
  std::vector<CoreId> next(size_t(n), -1), prev(size_t(n), -1);
  auto inBlock = [&](CoreId c) { return d.cores[c].kind == CoreKind::Compute && !d.cores[c].group.empty(); };
  for (const Cascade& k : d.cascades) {
    if (!inBlock(k.from) && !inBlock(k.to)) continue;
    const std::string& a = d.cores[k.from].name;
    const std::string& b = d.cores[k.to].name;
    if (!inBlock(k.from) || !inBlock(k.to) || d.cores[k.from].group != d.cores[k.to].group) {
      problems.push_back("cascade " + a + " -> " + b + " leaves its layer");
      continue;
    }
    if (next[k.from] >= 0 || prev[k.to] >= 0) {
      problems.push_back("cascade " + a + " -> " + b + ": a core can cascade to and from one core only");
      continue;
    }
    next[k.from] = k.to;
    prev[k.to] = k.from;
  }
  std::vector<LayerBlock> blocks;
  for (const std::string& g : groups) {
    LayerBlock block;
    block.group = g;
    std::vector<std::vector<CoreId>> chains;
    int members = 0, seen = 0, length = 0;
    for (CoreId c = 0; c < n; ++c) {
      if (!inBlock(c) || d.cores[c].group != g) continue;
      ++members;
      if (prev[c] >= 0) continue;
      chains.emplace_back();
      for (CoreId x = c; x >= 0 && int(chains.back().size()) <= n; x = next[x]) chains.back().push_back(x);
      seen += int(chains.back().size());
      length = std::max(length, int(chains.back().size()));
    }
    if (seen != members) problems.push_back("layer '" + g + "': its cascades form a loop");
    const int chainCount = int(chains.size());
    block.height = std::max(1, std::min(chainCount, maxHeight));
    const int bands = (chainCount + block.height - 1) / block.height;
    block.width = bands * length;
    for (int j = 0; j < chainCount; ++j)
      for (size_t i = 0; i < chains[size_t(j)].size(); ++i)
        block.cells.push_back({(j / block.height) * length + int(i), j % block.height, chains[size_t(j)][i]});
    blocks.push_back(std::move(block));
  }
  return blocks;
}

namespace {

double transition(const LayerBlock& a, TileCoord oa, const LayerBlock& b, TileCoord ob, double lambda) {
  return std::abs(oa.col + a.width - 1 - ob.col) + lambda * std::abs(oa.row + a.ioRow() - ob.row - b.ioRow());
}

double topCost(const LayerBlock& b, TileCoord o, double mu) {
  return mu * (o.row + b.height - 1);
}

}  // namespace

double blockObjective(const std::vector<LayerBlock>& blocks, const std::vector<TileCoord>& origins,
                      const BlockPlacerConfig& config) {
  double j = 0;
  for (size_t i = 0; i < blocks.size(); ++i) {
    j += topCost(blocks[i], origins[i], config.mu);
    if (i > 0) j += transition(blocks[i - 1], origins[i - 1], blocks[i], origins[i], config.lambda);
  }
  return j;
}

namespace {

/// Puts the cores outside blocks next to the cores they exchange data with: compute cores on
/// the nearest free compute tile that keeps their memory uses, memory-tile and shim endpoints on
/// the nearest column whose tile still has DMA channels (and memory) for them.
bool placeRest(const PlaceModel& m, Placement& p, std::vector<std::string>& reasons) {
  const Design& d = m.design();
  const Device& dev = m.device();
  std::vector<char> computeBusy(size_t(m.tileCount()), 0);
  std::vector<std::vector<CoreId>> endpoints(size_t(m.tileCount()));  // per tile: those placed there
  std::vector<int64_t> memory(size_t(m.tileCount()), 0);
  auto occupy = [&](CoreId c) {
    int i = m.tileIndex(p.tile(c));
    if (d.cores[c].kind == CoreKind::Compute) {
      computeBusy[size_t(i)] = 1;
      return;
    }
    memory[size_t(i)] += m.staticBytes(c);
    for (NetId n : m.netsOf(c))
      for (size_t k = 0; k < m.pins(n).size(); ++k)
        if (m.pins(n)[k] == c) memory[size_t(i)] += m.endpointBytes(n, int(k));
    endpoints[size_t(i)].push_back(c);
  };
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (p.placed(c)) occupy(c);
  auto centre = [&](CoreId c, double& col, double& row) {
    double sc = 0, sr = 0;
    int k = 0;
    for (NetId n : m.netsOf(c))
      for (CoreId o : m.pins(n))
        if (o != c && p.placed(o)) {
          sc += p.tile(o).col;
          sr += p.tile(o).row;
          ++k;
        }
    if (k == 0) return false;
    col = sc / k;
    row = sr / k;
    return true;
  };
  for (CoreKind kind : {CoreKind::Compute, CoreKind::MemTile, CoreKind::Shim})
    for (CoreId c = 0; c < d.coreCount(); ++c) {
      if (p.placed(c) || d.cores[c].kind != kind) continue;
      double col = 0, row = m.kindRows(kind).empty() ? 0 : m.kindRows(kind).front();
      centre(c, col, row);
      double bestScore = std::numeric_limits<double>::infinity();
      TileCoord best{-1, -1};
      for (TileCoord t : m.hostTiles(kind)) {
        if (!m.allows(c, t)) continue;
        int i = m.tileIndex(t);
        double score;
        if (kind == CoreKind::Compute) {
          if (computeBusy[size_t(i)] || !m.keepsMemoryUses(p, c, t)) continue;
          score = std::abs(t.col - col) + std::abs(t.row - row);
        } else {
          if (!endpoints[size_t(i)].empty()) {
            const TileResources& cap = m.capacity(i);
            int64_t mem = memory[size_t(i)] + m.staticBytes(c);
            for (NetId n : m.netsOf(c))
              for (size_t k = 0; k < m.pins(n).size(); ++k)
                if (m.pins(n)[k] == c) mem += m.endpointBytes(n, int(k));
            const auto [out, in] = m.endpointChannels(endpoints[size_t(i)], c);  // nets taking turns once
            if (out > cap.dmaOut || in > cap.dmaIn || (kind == CoreKind::MemTile && mem > cap.memoryBytes)) continue;
          }
          // Empty tiles first so endpoints spread out before they share; then nearest column.
          score = std::abs(t.col - col) + 0.001 * t.row + (!endpoints[size_t(i)].empty() ? 0.5 : 0);
        }
        if (score < bestScore) {
          bestScore = score;
          best = t;
        }
      }
      if (best.col < 0) {
        reasons.push_back("no " + std::string(toString(tileKindFor(kind))) + " tile left for core '" + d.cores[c].name +
                          "' on " + dev.name());
        return false;
      }
      p.place(c, best);
      occupy(c);
    }
  return true;
}

/// A complete layout the search accepted: J, block origins and the whole placement.
struct Layout {
  double objective = 0;
  std::vector<TileCoord> origins;
  Placement placement;
};

class BlockSearch {
 public:
  BlockSearch(const PlaceModel& m, const std::vector<LayerBlock>& blocks, const BlockPlacerConfig& cfg,
              core::RunContext& ctx, const Placement& start, const std::vector<char>& fixed, const RrGraph& graph)
      : m_(m),
        blocks_(blocks),
        cfg_(cfg),
        ctx_(ctx),
        start_(start),
        fixed_(fixed),
        graph_(graph),
        rows_(m.kindRows(CoreKind::Compute)),
        cols_(m.device().columns()),
        ledger_(m, cfg.linkCheck),
        colOf_(size_t(m.coreCount()), -1) {
    busy_.assign(size_t(cols_ * int(rows_.size())), 0);
    fixedOrigin_.resize(blocks.size());
    clusters_ = memTileClusters(m, blocks, fixed);
    clustersAt_.resize(blocks.size());
    for (size_t k = 0; k < clusters_.size(); ++k)
      if (clusters_[k].step >= 0) clustersAt_[size_t(clusters_[k].step)].push_back(k);
    base_ = start;
    for (CoreId c = 0; c < m.coreCount(); ++c)
      if (!fixed[size_t(c)]) base_.unplace(c);
  }

  /// Compute tile of a block-relative position, or -1 outside the compute rows.
  int cell(int col, int rel) const {
    if (col < 0 || col >= cols_ || rel < 0 || rel >= int(rows_.size())) return -1;
    return rel * cols_ + col;
  }
  int relRow(int row) const {
    auto it = std::find(rows_.begin(), rows_.end(), row);
    return it == rows_.end() ? -1 : int(it - rows_.begin());
  }
  TileCoord tileOf(int col, int rel) const { return {col, rows_[size_t(rel)]}; }

  /// Books the tiles of fixed cores outside blocks, fixes block origins from pins and the first
  /// block's origin from the settings.
  bool constrain(std::vector<std::string>& reasons) {
    std::vector<int> blockOf(size_t(m_.coreCount()), -1);
    for (size_t b = 0; b < blocks_.size(); ++b)
      for (const auto& c : blocks_[b].cells) blockOf[c.core] = int(b);
    for (CoreId c = 0; c < m_.coreCount(); ++c) {
      if (!fixed_[c]) continue;
      TileCoord t = start_.tile(c);
      const CoreKind kind = m_.design().cores[c].kind;
      if (kind == CoreKind::MemTile) ledger_.place(c, m_.tileIndex(t));
      if (kind != CoreKind::Compute) continue;
      colOf_[size_t(c)] = t.col;
      int rel = relRow(t.row);
      if (blockOf[c] < 0) {
        if (int k = cell(t.col, rel); k >= 0) busy_[size_t(k)] = 1;
        continue;
      }
      int b = blockOf[c];
      for (const auto& cl : blocks_[size_t(b)].cells)
        if (cl.core == c) {
          TileCoord o{t.col - cl.dc, rel - cl.dr};
          if (rel < 0 || (fixedOrigin_[size_t(b)] && *fixedOrigin_[size_t(b)] != o)) {
            reasons.push_back("layer '" + blocks_[size_t(b)].group + "': its pinned cores do not fit one " +
                              std::to_string(blocks_[size_t(b)].width) + "x" +
                              std::to_string(blocks_[size_t(b)].height) + " block");
            return false;
          }
          fixedOrigin_[size_t(b)] = o;
        }
    }
    // AIE4ML starts the first block at a given origin; pins on that block take precedence.
    if (cfg_.fixFirst && !blocks_.empty() && !fixedOrigin_[0]) firstOrigin_ = TileCoord{cfg_.firstCol, cfg_.firstRow};
    // Lower bound of what the blocks from i on add at least: their top rows, and each
    // transition into them. A transition is free only if the next block's input cell sat on
    // this block's output cell, which is impossible when both cells hold cores: then it costs
    // at least one column or lambda times one row. Memory tiles may add nothing.
    lowerBound_.assign(blocks_.size() + 1, 0.0);
    for (size_t i = blocks_.size(); i-- > 0;) {
      lowerBound_[i] = lowerBound_[i + 1] + cfg_.mu * (blocks_[i].height - 1);
      if (i > 0 && hasCell(blocks_[i - 1], blocks_[i - 1].width - 1) && hasCell(blocks_[i], 0))
        lowerBound_[i] += std::min(1.0, cfg_.lambda);
    }
    return true;
  }

  /// Seeds the incumbent with the start placement's layout when it is a valid block tiling
  /// whose memory-tile clusters each sit on one tile and that passes the checks.
  void seed() {
    std::vector<TileCoord> origins;
    auto undo = [&] {
      for (size_t k = 0; k < origins.size(); ++k) mark(k, origins[k], 0);
      for (size_t k = 0; k < clusters_.size(); ++k)
        if (clusters_[k].step >= 0 && ledger_.tileOf(clusters_[k].cores.front()) >= 0)
          for (CoreId c : clusters_[k].cores) ledger_.unplace(c);
    };
    for (size_t b = 0; b < blocks_.size(); ++b) {
      const auto& first = blocks_[b].cells.front();
      if (!start_.placed(first.core)) return undo();
      TileCoord o{start_.tile(first.core).col - first.dc, relRow(start_.tile(first.core).row) - first.dr};
      for (const auto& c : blocks_[b].cells)
        if (!start_.placed(c.core) || start_.tile(c.core).col != o.col + c.dc ||
            relRow(start_.tile(c.core).row) != o.row + c.dr)
          return undo();
      if (!allowed(b, o) || !fits(b, o)) return undo();
      mark(b, o, 1);
      origins.push_back(o);
    }
    double j = blockObjective(blocks_, origins, cfg_);
    for (const MemTileCluster& cl : clusters_) {
      if (cl.step < 0) continue;
      const TileCoord t = start_.placed(cl.cores.front()) ? start_.tile(cl.cores.front()) : TileCoord{-1, -1};
      bool ok = m_.device().contains(t) && m_.device().kind(t) == TileKind::Mem;
      for (CoreId c : cl.cores) ok = ok && start_.placed(c) && start_.tile(c) == t && m_.allows(c, t);
      if (!ok) return undo();
      for (CoreId c : cl.cores) ledger_.place(c, m_.tileIndex(t));
      if (!ledger_.within(m_.tileIndex(t))) return undo();
      j += cfg_.memWeight * clusterReach(m_, cl, colOf_).outside(t.col);
    }
    Placement p = start_;
    undo();
    if (!complete(p)) return;
    best_ = j;
    layouts_.push_back({j, origins, std::move(p)});
  }

  /// One branch and bound, within search_seconds when the run has no time limit (each search
  /// gets its own budget).
  void search() {
    current_.assign(blocks_.size(), TileCoord{});
    deadline_ = cfg_.searchSeconds > 0 && ctx_.timeLimitSeconds() <= 0 ? ctx_.elapsed() + cfg_.searchSeconds : 0;
    budgetSpent_ = false;
    dfsBlock(0, 0.0);
    anyBudgetSpent_ = anyBudgetSpent_ || budgetSpent_;
  }

  /// Searches again for the best layout other than the ones that did not route.
  void searchWithout(const Placement& unroutable) {
    unroutable_.push_back(unroutable);
    layouts_.clear();
    best_ = std::numeric_limits<double>::infinity();
    search();
  }

  /// Stopped by the run (time limit, cancel) or max_nodes.
  bool stopped() const { return stopped_; }
  /// Some search ended at search_seconds.
  bool budgetSpent() const { return anyBudgetSpent_; }
  int64_t nodes() const { return nodes_; }
  int64_t rejected() const { return rejected_; }
  /// Accepted layouts, best (lowest J) last.
  const std::vector<Layout>& layouts() const { return layouts_; }

 private:
  static bool hasCell(const LayerBlock& b, int dc) {
    for (const auto& c : b.cells)
      if (c.dc == dc && c.dr == b.ioRow()) return true;
    return false;
  }

  bool fits(size_t b, TileCoord o) const {
    for (const auto& c : blocks_[b].cells) {
      int k = cell(o.col + c.dc, o.row + c.dr);
      if (k < 0 || busy_[size_t(k)] || !m_.allows(c.core, tileOf(o.col + c.dc, o.row + c.dr))) return false;
    }
    return true;
  }
  void mark(size_t b, TileCoord o, char v) {
    for (const auto& c : blocks_[b].cells) {
      busy_[size_t(cell(o.col + c.dc, o.row + c.dr))] = v;
      colOf_[size_t(c.core)] = v ? o.col + c.dc : -1;
    }
  }

  bool allowed(size_t b, TileCoord o) const {
    if (fixedOrigin_[b]) return *fixedOrigin_[b] == o;
    if (b == 0 && firstOrigin_) {
      if (firstOrigin_->col >= 0 && o.col != firstOrigin_->col) return false;
      if (firstOrigin_->row >= 0 && o.row != firstOrigin_->row) return false;
    }
    return true;
  }

  bool halted() const { return stopped_ || budgetSpent_; }

  bool stop() {
    ++nodes_;
    if (ctx_.shouldStop() || (cfg_.maxNodes > 0 && nodes_ >= cfg_.maxNodes)) stopped_ = true;
    if ((nodes_ & 1023) == 0) {
      if (deadline_ > 0 && ctx_.elapsed() >= deadline_) budgetSpent_ = true;
      // The incumbent can stay for minutes: a sample now and then shows the search is alive.
      if (ctx_.sampleDue()) {
        core::QorSample s;
        s.iteration = nodes_;
        s.phase = "branch and bound";
        if (!layouts_.empty()) s.add("total", best_);
        ctx_.publishSample(std::move(s));
      }
    }
    return halted();
  }

  void dfsBlock(size_t i, double j) {
    if (halted()) return;
    if (i == blocks_.size()) return leaf(j);
    const LayerBlock& b = blocks_[i];
    std::vector<std::pair<double, TileCoord>> options;
    for (int rel = 0; rel + b.height <= int(rows_.size()); ++rel)
      for (int col = 0; col + b.width <= cols_; ++col) {
        TileCoord o{col, rel};
        if (!allowed(i, o) || !fits(i, o)) continue;
        double inc = cfg_.mu * (o.row + b.height - 1);
        if (i > 0) inc += transition(blocks_[i - 1], current_[i - 1], b, o, cfg_.lambda);
        options.emplace_back(inc, o);
      }
    std::stable_sort(options.begin(), options.end(), [](const auto& a, const auto& c) { return a.first < c.first; });
    for (const auto& [inc, o] : options) {
      if (j + inc + lowerBound_[i + 1] >= best_ - 1e-12) break;  // sorted: the rest is no better
      if (stop()) return;
      current_[i] = o;
      mark(i, o, 1);
      dfsCluster(i, 0, j + inc);
      mark(i, o, 0);
      if (halted()) return;
    }
  }

  /// Places the k-th memory-tile cluster block i completes, then the next block.
  void dfsCluster(size_t i, size_t k, double j) {
    if (k == clustersAt_[i].size()) return dfsBlock(i + 1, j);
    const MemTileCluster& cl = clusters_[clustersAt_[i][k]];
    const ClusterReach reach = clusterReach(m_, cl, colOf_);
    struct Option {
      int outside, span, busy, row, tile;
    };
    std::vector<Option> options;
    for (TileCoord t : m_.hostTiles(CoreKind::MemTile)) {
      bool ok = true;
      for (CoreId c : cl.cores) ok = ok && m_.allows(c, t);
      const int ti = m_.tileIndex(t);
      if (ok)
        options.push_back(
            {reach.outside(t.col), clusterSpan(m_, cl, t.col, colOf_), ledger_.empty(ti) ? 0 : 1, t.row, ti});
    }
    // Cheapest first; among equals the tile with the shortest streams, then an empty tile
    // (endpoints spread out before they share), then the row nearest the compute rows.
    std::sort(options.begin(), options.end(), [](const Option& a, const Option& b) {
      return std::tie(a.outside, a.span, a.busy, b.row, a.tile) < std::tie(b.outside, b.span, b.busy, a.row, b.tile);
    });
    std::vector<char> emptyColumnTried(size_t(cols_), 0);
    int triedCost = -1;
    for (const Option& o : options) {
      const double inc = cfg_.memWeight * o.outside;
      if (j + inc + lowerBound_[i + 1] >= best_ - 1e-12) break;
      if (o.outside == triedCost) continue;
      // Empty memory tiles of one column are interchangeable: try one only.
      if (!o.busy && emptyColumnTried[size_t(m_.tileAt(o.tile).col)]) continue;
      if (!o.busy) emptyColumnTried[size_t(m_.tileAt(o.tile).col)] = 1;
      if (stop()) return;
      for (CoreId c : cl.cores) ledger_.place(c, o.tile);
      if (ledger_.within(o.tile)) {
        // Equal-cost tiles are skipped only once one of them led to an accepted layout: a
        // subtree whose leaves all failed the checks says nothing about its siblings.
        const size_t accepted = layouts_.size();
        dfsCluster(i, k + 1, j + inc);
        if (layouts_.size() > accepted) triedCost = o.outside;
      }
      for (CoreId c : cl.cores) ledger_.unplace(c);
      if (halted()) return;
    }
  }

  /// A complete block and memory-tile layout: the incumbent if the rest places and it passes
  /// the placement checker and the router's resource pre-check.
  void leaf(double j) {
    if (j >= best_ - 1e-12) return;
    Placement p = base_;
    for (size_t b = 0; b < blocks_.size(); ++b)
      for (const auto& c : blocks_[b].cells) p.place(c.core, tileOf(current_[b].col + c.dc, current_[b].row + c.dr));
    for (const MemTileCluster& cl : clusters_)
      if (cl.step >= 0)
        for (CoreId c : cl.cores) p.place(c, m_.tileAt(ledger_.tileOf(c)));
    if (!complete(p) || std::find(unroutable_.begin(), unroutable_.end(), p) != unroutable_.end()) {
      ++rejected_;
      return;
    }
    best_ = j;
    layouts_.push_back({j, current_, p});
    core::QorSample s;
    s.iteration = nodes_;
    s.phase = "branch and bound";
    s.add("total", best_);
    ctx_.publishSample(std::move(s));
    ctx_.publishSnapshot(std::make_shared<PlacementSnapshot>(p));
  }

  bool complete(Placement& p) const {
    std::vector<std::string> ignored;
    if (!placeRest(m_, p, ignored)) return false;
    PlacementCheckOptions check;
    check.reference = &start_;
    return checkPlacement(m_.design(), m_.device(), p, check).empty() &&
           routingPreCheck(m_.design(), m_.device(), graph_, p, RoutingModelOptions{}).empty();
  }

  const PlaceModel& m_;
  const std::vector<LayerBlock>& blocks_;
  const BlockPlacerConfig& cfg_;
  core::RunContext& ctx_;
  const Placement& start_;
  const std::vector<char>& fixed_;
  const RrGraph& graph_;
  std::vector<int> rows_;
  int cols_;
  MemTileLedger ledger_;
  std::vector<int> colOf_;  // column of each placed compute core, else -1
  std::vector<MemTileCluster> clusters_;
  std::vector<std::vector<size_t>> clustersAt_;  // per block, the clusters placed after it
  Placement base_;                               // the start with only the fixed cores
  std::vector<char> busy_;
  std::vector<std::optional<TileCoord>> fixedOrigin_;
  std::optional<TileCoord> firstOrigin_;
  std::vector<double> lowerBound_;
  std::vector<TileCoord> current_;
  std::vector<Layout> layouts_;
  std::vector<Placement> unroutable_;  // layouts the router could not route
  double best_ = std::numeric_limits<double>::infinity();
  int64_t nodes_ = 0, rejected_ = 0;
  bool stopped_ = false;
  double deadline_ = 0;  // ctx elapsed seconds at which this search ends (0: none)
  bool budgetSpent_ = false, anyBudgetSpent_ = false;
};

}  // namespace

BlockPlacerResult runBlockPlacer(const PlaceProblem& problem, const BlockPlacerConfig& config, core::RunContext& ctx) {
  BlockPlacerResult result;
  const Design& d = problem.design;
  const Device& dev = problem.device;
  const double t0 = ctx.elapsed();
  auto fail = [&](Placement p) {
    result.status = result.status.empty() ? "failed" : result.status;
    result.success = false;
    result.placement = std::move(p);
    result.seconds = ctx.elapsed() - t0;
    return result;
  };
  if (!acceptDesign(d, result)) return fail({});
  const Placement start = prepareStart(d, problem.start);
  const PlaceModel model(d, dev);
  const std::vector<char> fixed = fixedCores(d, start);
  result.blocks = layerBlocks(d, result.reasons, int(model.kindRows(CoreKind::Compute).size()));
  if (!result.reasons.empty()) return fail(start);
  if (result.blocks.empty()) {
    result.reasons.push_back("design '" + d.name + "' has no layers (compute cores with a group) to place as blocks");
    return fail(start);
  }
  const RrGraph graph(dev);
  BlockSearch search(model, result.blocks, config, ctx, start, fixed, graph);
  if (!search.constrain(result.reasons)) return fail(start);
  search.seed();
  search.search();
  result.moves = search.nodes();
  if (search.stopped()) result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
  const std::vector<Layout> layouts = search.layouts();
  if (layouts.empty()) {
    result.reasons.push_back("no non-overlapping layout of the " + std::to_string(result.blocks.size()) +
                             " layer blocks and their memory tiles fits on " + dev.name() +
                             " within the tiles' DMA channels, memory and buffer descriptors" +
                             (search.stopped() ? " (search stopped early)" : ""));
    return fail(start);
  }
  // Route the best layout; when it does not route (or fails the routing checker), search
  // again without it, up to route_tries layouts. Without a routable one, report the best.
  Layout chosen = layouts.back();
  const bool searchFinished = !search.stopped();
  while (config.route && !ctx.shouldStop() && result.routeAttempts < config.routeTries) {
    // Each try gets route_seconds, but never more than what is left of the run's own limit.
    double limit = config.routeSeconds;
    if (ctx.timeLimitSeconds() > 0) {
      const double left = ctx.remainingSeconds();
      if (left <= 0) break;
      limit = limit > 0 ? std::min(limit, left) : left;
    }
    const Layout candidate = search.layouts().back();
    core::RunContext routeCtx(ctx.seed(), limit, ctx.cancelToken());
    MilpRouterConfig rc;
    rc.timeLimitSeconds = limit;
    MilpRouterResult r = runMilpRouter(d, dev, graph, candidate.placement, rc, routeCtx);
    ++result.routeAttempts;
    if (r.success && checkRouting(d, dev, graph, candidate.placement, r.routing).empty()) {
      chosen = candidate;
      result.routed = true;
      result.routeStatus = r.status;
      break;
    }
    if (result.routeAttempts == 1) result.routeStatus = r.status;
    {  // the user sees why the next layout is tried (each try can take route_seconds)
      std::ostringstream why;
      why << "blocks: layout " << result.routeAttempts << " (J = " << candidate.objective << ") did not route: "
          << (r.success           ? "the routing checker refused it"
              : r.reasons.empty() ? r.status
                                  : r.reasons.front());
      ctx.log(core::LogLevel::Info, why.str());
    }
    search.searchWithout(candidate.placement);
    result.moves = search.nodes();
    if (search.layouts().empty()) break;
  }
  const bool outOfTime = config.route && !result.routed && ctx.timeLimitSeconds() > 0 && ctx.remainingSeconds() <= 0;
  // Optimal: no layout outside those that did not route has a lower J.
  result.searchBudgetSpent = search.budgetSpent();
  result.optimal = searchFinished && !search.stopped() && !search.budgetSpent();
  if (result.searchBudgetSpent) {
    std::ostringstream why;
    why << "blocks: the branch and bound stopped at search_seconds (" << config.searchSeconds
        << " s); the layout is the best found, not proven optimal";
    ctx.log(core::LogLevel::Info, why.str());
  }
  if (search.stopped() || outOfTime) result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
  result.rejectedLayouts = search.rejected();
  result.origins = chosen.origins;
  result.objective = chosen.objective;
  result.placement = chosen.placement;
  result.seconds = ctx.elapsed() - t0;
  result.movesPerSecond = result.seconds > 0 ? double(result.moves) / result.seconds : 0;
  result.cost = result.objective;
  result.terms = {{"total", result.objective},
                  {"blocks", double(result.blocks.size())},
                  {"optimal", result.optimal ? 1.0 : 0.0},
                  {"search_budget_spent", result.searchBudgetSpent ? 1.0 : 0.0},
                  {"routed", result.routed ? 1.0 : 0.0}};
  checkResult(d, dev, start, result);
  core::QorSample s;
  s.iteration = result.moves;
  s.phase = "done";
  s.terms = result.terms;
  ctx.publishSample(std::move(s), true);
  ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(result.placement), true);
  return result;
}

}  // namespace ts::aie
