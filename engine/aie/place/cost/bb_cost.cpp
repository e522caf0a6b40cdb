#include "engine/aie/place/cost/bb_cost.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/stream_bandwidth.h"
#include "engine/core/error.h"

namespace ts::aie {

ChannelSharing::ChannelSharing(const PlaceModel& model) {
  const StreamDemand demand = streamDemand(model.design(), model.device());
  if (demand.bounded()) interval = demand.intervalCycles;
  cycles.assign(size_t(model.netCount()), 0);
  for (NetId n = 0; n < model.netCount(); ++n)
    if (interval > 0) cycles[size_t(n)] = std::min(demand.packetCycles[size_t(n)], interval);  // a lone stream fits
  const Device& dev = model.device();
  for (int t = 0; t < dev.tileCount(); ++t)
    flowsPerChannel.push_back(std::max(1, dmaFlowsPerChannel(dev, dev.coord(t))));
}

int ChannelSharing::channels(int tile, int flows, int64_t cyclesSum, int longFlows) const {
  if (flows <= 1) return flows;
  const int per = flowsPerChannel[size_t(tile)];
  int need = (flows + per - 1) / per;
  if (interval > 0) need = std::max({need, longFlows, int((cyclesSum + interval - 1) / interval)});
  return std::min(need, flows);
}

namespace {

struct Overuse {
  int dma = 0, locks = 0, bds = 0;
  int64_t memory = 0;
};

// The penalty rules of one tile, shared by the incremental state and the from-scratch check.
// `memoryOver` >= 0: a memory tile's bytes that fit nowhere once its neighbours lent theirs.
inline Overuse tileOveruse(TileKind kind, const TileResources& cap, int dmaOut, int dmaIn, int endpoints,
                           int64_t memory, int locks, int bds, int64_t memoryOver = -1) {
  Overuse o;
  o.bds = std::max(0, bds - cap.bufferDescriptors);  // shim DMAs have BDs too
  bool dmaCounts = kind == TileKind::Compute || endpoints > 1;
  if (dmaCounts) o.dma = std::max(0, dmaOut - cap.dmaOut) + std::max(0, dmaIn - cap.dmaIn);
  if (kind != TileKind::Shim) {  // shim buffers live in external memory
    o.memory = memoryOver >= 0 ? memoryOver : std::max<int64_t>(0, memory - cap.memoryBytes);
    o.locks = std::max(0, locks - cap.locks);
  }
  return o;
}

// Memory is charged per KiB or part of one: a tile a few bytes over fails the router as surely
// as one a KiB over, so a small overuse must not be cheaper than a little wirelength.
inline int64_t penaltyUnits(const BbCostConfig& c, const Overuse& o) {
  if (o.dma == 0 && o.locks == 0 && o.memory == 0 && o.bds == 0) return 0;  // common: skip the rounding
  return std::llround(c.dmaPenalty * BbCost::kScale) * o.dma + std::llround(c.lockPenalty * BbCost::kScale) * o.locks +
         std::llround(c.bdPenalty * BbCost::kScale) * o.bds +
         std::llround(c.memoryPenalty * BbCost::kScale) * ((o.memory + 1023) / 1024);
}

/// Bytes of a shared buffer set that bank i of k is charged: an even split (remainder to the
/// first), or, when `whole`, the whole set in every candidate so any bank the router picks fits.
int64_t bankShare(int64_t bytes, int k, int i, bool whole) {
  if (whole) return bytes;
  return bytes / k + (i == 0 ? bytes % k : 0);
}

int64_t wirelengthUnits(double weight, int bbx, int bby) {
  return std::llround(weight * (bbx + bby));
}

/// A net's wirelength units once it can use shared memory (the same arithmetic incrementally
/// and from scratch, so the two agree exactly; units stay far below 2^53, so 1.0 is exact).
int64_t sharedWirelengthUnits(int64_t units, double factor) {
  return std::llround(double(units) * factor);
}

std::vector<double> netWeights(const PlaceModel& m, const BbCostConfig& c) {
  std::vector<double> w(size_t(m.netCount()));
  for (NetId n = 0; n < m.netCount(); ++n)
    w[n] = c.wirelengthWeight * fanoutCorrection(int(m.pins(n).size())) * BbCost::kScale;
  return w;
}

}  // namespace

BbCost::BbCost(const PlaceModel& model, BbCostConfig config)
    : model_(model),
      config_(config),
      sharing_(config.dmaSharing ? ChannelSharing(model) : ChannelSharing()),
      netWeight_(netWeights(model, config)) {
  assignedTile_.assign(size_t(model.netCount()), -1);
  candidateOf_.assign(size_t(model.tileCount()), 0);
  assignedLoad_.assign(size_t(model.tileCount()), 0);
  passTally_.assign(size_t(model.tileCount()), 0);
  passStampOf_.assign(size_t(model.tileCount()), 0);
  pos_.assign(size_t(model.coreCount()), -1);
  tiles_.resize(size_t(model.tileCount()));
  netState_.resize(size_t(model.netCount()));
  pairBad_.assign(model.neighbourPairs().size(), 0);
  tileStamp_.assign(tiles_.size(), 0);
  netStamp_.assign(netState_.size(), 0);
  pairStamp_.assign(pairBad_.size(), 0);
  const Device& dev = model.device();
  for (int t = 0; t < dev.tileCount(); ++t) {
    colOf_.push_back(dev.coord(t).col);
    rowOf_.push_back(dev.coord(t).row);
  }
  spans_ = dev.columns() + dev.rows() - 1;
  wirelengthOf_.resize(size_t(model.netCount()) * size_t(spans_));
  for (NetId n = 0; n < model.netCount(); ++n)
    for (int span = 0; span < spans_; ++span)
      wirelengthOf_[size_t(n) * size_t(spans_) + size_t(span)] = wirelengthUnits(netWeight_[n], span, 0);
  movedStamp_.assign(pos_.size(), 0);
  movedFrom_.assign(pos_.size(), -1);
  MemoryTileRuns runs = memoryTileRuns(dev);
  memRuns_ = std::move(runs.runs);
  runOf_ = std::move(runs.runOf);
  for (CoreId c = 0; c < model.coreCount(); ++c)
    if (model.design().cores[size_t(c)].kind == CoreKind::MemTile && model.design().cores[size_t(c)].bufferBytes > 0)
      ownDataCores_.push_back(c);
  runStamp_.assign(memRuns_.size(), 0);
  runOverTiles_.assign(memRuns_.size(), 0);
  runSpillStamp_.assign(memRuns_.size(), 0);
  spillOver_.assign(tiles_.size(), 0);
  turnsOf_ = model.design().turnsOf();
  turnGroups_ = int(model.design().turns.size());
  turnsAt_.assign(size_t(model.tileCount()) * size_t(turnGroups_) * 2, 0);
  turnsStamp_.assign(turnsAt_.size(), 0);
}

BbCost::TileState& BbCost::touchTile(int tile) {
  assert(tile >= 0 && size_t(tile) < tiles_.size());
  if (tileStamp_[size_t(tile)] != stamp_) {
    tileStamp_[size_t(tile)] = stamp_;
    tileJournal_.emplace_back(tile, tiles_[size_t(tile)]);
  }
  return tiles_[size_t(tile)];
}

void BbCost::applyCore(CoreId c, int sign) {
  TileState& s = touchTile(pos_[c]);
  s.endpoints += sign;
  s.memory += sign * model_.staticBytes(c);
  s.locks += sign * model_.staticLocks(c);
}

__attribute__((noinline)) int BbCost::channelChange(NetId n, int pin, int tile, int sign) {
  const int g = turnsOf_[size_t(n)];
  if (g < 0) return sign;
  const size_t k = (size_t(tile) * size_t(turnGroups_) + size_t(g)) * 2 + size_t(pin != 0);
  if (turnsStamp_[k] != stamp_) {
    turnsStamp_[k] = stamp_;
    turnsJournal_.emplace_back(k, turnsAt_[k]);
  }
  const int before = turnsAt_[k];
  turnsAt_[k] += sign;
  return int(turnsAt_[k] > 0) - int(before > 0);
}

void BbCost::applyPin(NetId n, int pin, int tile, int sign) {
  const PlaceModel::DmaKind dma = model_.dmaKind(n, pin);
  if (dma == PlaceModel::kNoDma) return;  // a stream-port end takes no channel and no buffer
  TileState& s = touchTile(tile);
  // Out of line and marked rare: this runs for every moved end, and few designs have turns.
  const int channels = __builtin_expect(dma == PlaceModel::kDmaInTurns, 0) ? channelChange(n, pin, tile, sign) : sign;
  if (pin == 0)
    s.dmaOut += channels;
  else
    s.dmaIn += channels;
  if (config_.dmaSharing) {  // kept only when used: this runs for every moved end
    const int64_t cycles = sign * sharing_.cycles[size_t(n)];
    const int isLong = sign * int(sharing_.isLong(n));
    (pin == 0 ? s.cyclesOut : s.cyclesIn) += cycles;
    (pin == 0 ? s.longOut : s.longIn) += isLong;
  }
  s.bds += sign * model_.endpointBds(n, pin);
  if (!model_.linkedAt(n, pin)) {
    s.memory += sign * model_.endpointBytes(n, pin);
    s.locks += sign * kLocksPerBuffer;
  }
}

bool BbCost::assignedNet(const NetState& ns, NetId n) const {
  return config_.sharedBuffers == SharedBufferRule::Assign && ns.banks > 1 && model_.sharedBytes(n) > 0;
}

void BbCost::countCandidates(const NetState& ns, int sign) {
  for (int i = 0; i < ns.banks; ++i) candidateOf_[size_t(ns.bank[size_t(i)])] += sign;
}

bool BbCost::candidateLoadChanged() const {
  for (const auto& [tile, before] : tileJournal_)
    if (candidateOf_[size_t(tile)] > 0 && tiles_[size_t(tile)].memory != before.memory) return true;
  return false;
}

void BbCost::chargeAssigned(NetId n, int tile, int sign) {
  TileState& s = touchTile(tile);
  const int64_t bytes = model_.sharedBytes(n);
  s.memory += sign * bytes;
  s.locks += sign * kLocksPerBuffer;
  assignedLoad_[size_t(tile)] += sign * bytes;
}

void BbCost::moveAssigned(NetId n, int to) {
  const int from = assignedTile_[n];
  if (from == to) return;
  if (from >= 0) chargeAssigned(n, from, -1);
  if (to >= 0) chargeAssigned(n, to, +1);
  assignedJournal_.emplace_back(n, from);
  assignedTile_[n] = to;
}

void BbCost::assignSharedBuffers() {
  // The choices are made against a scratch tally (what this pass has assigned so far per tile)
  // over each tile's memory without its assigned buffers, so only the nets whose choice changes
  // touch a tile.
  if (++passStamp_ == 0) {
    std::fill(passStampOf_.begin(), passStampOf_.end(), 0);
    passStamp_ = 1;
  }
  auto tally = [&](int tile) -> int64_t& {
    if (passStampOf_[size_t(tile)] != passStamp_) {
      passStampOf_[size_t(tile)] = passStamp_;
      passTally_[size_t(tile)] = 0;
    }
    return passTally_[size_t(tile)];
  };
  auto left = [&](int tile) {
    return model_.capacity(tile).memoryBytes -
           (tiles_[size_t(tile)].memory - assignedLoad_[size_t(tile)] + tally(tile));
  };
  choices_.clear();
  for (NetId n : assignedNets_) {
    const NetState& ns = netState_[n];
    int best = ns.bank[0];
    int64_t bestLeft = left(best);
    for (int i = 1; i < ns.banks; ++i) {
      const int64_t l = left(ns.bank[size_t(i)]);
      if (l > bestLeft) {
        best = ns.bank[size_t(i)];
        bestLeft = l;
      }
    }
    tally(best) += model_.sharedBytes(n);
    if (best != assignedTile_[n]) choices_.emplace_back(n, best);
  }
  for (const auto& [n, tile] : choices_) moveAssigned(n, tile);
}

void BbCost::applyNet(NetId n, const NetState& ns, int sign, bool before) {
  if (ns.banks > 0) {
    if (assignedNet(ns, n)) return;  // assignSharedBuffers() charges it
    const int64_t bytes = model_.sharedBytes(n);
    const bool whole = config_.sharedBuffers != SharedBufferRule::Split;  // one candidate: whole either way
    for (int i = 0; i < ns.banks; ++i)
      touchTile(ns.bank[size_t(i)]).memory += sign * bankShare(bytes, ns.banks, i, whole);
    if (bytes > 0) touchTile(ns.bank[0]).locks += sign * kLocksPerBuffer;
    return;
  }
  const auto& pins = model_.pins(n);
  for (size_t i = 0; i < pins.size(); ++i) applyPin(n, int(i), before ? tileBefore(pins[i]) : pos_[pins[i]], sign);
}

BbCost::NetState BbCost::computeNet(NetId n) const {
  const auto& pins = model_.pins(n);
  int tiles[64];
  int count = 0;
  int minC = 1 << 30, maxC = -1, minR = 1 << 30, maxR = -1;
  for (CoreId c : pins) {
    const int col = colOf_[size_t(pos_[c])], row = rowOf_[size_t(pos_[c])];
    minC = std::min(minC, col);
    maxC = std::max(maxC, col);
    minR = std::min(minR, row);
    maxR = std::max(maxR, row);
    if (count < 64) tiles[count] = pos_[c];
    ++count;
  }
  NetState ns;
  ns.wirelength = wirelengthOf_[size_t(n) * size_t(spans_) + size_t(maxC - minC + maxR - minR)];
  // A net with more endpoints than one memory can serve (5) never shares memory anyway, nor one
  // whose endpoints lie too far apart to reach a common memory.
  const TileCoord span = model_.reachSpan();
  if (model_.allCompute(n) && count <= 64 && maxC - minC <= 2 * span.col && maxR - minR <= 2 * span.row)
    ns.banks = model_.netSharedBanks(n, tiles, count, ns.bank);
  if (ns.banks > 0) ns.wirelength = sharedWirelengthUnits(ns.wirelength, config_.sharedWirelength);
  return ns;
}

void BbCost::refreshTile(int tile) {
  TileState& s = tiles_[size_t(tile)];
  int dmaOut = s.dmaOut, dmaIn = s.dmaIn;
  if (config_.dmaSharing) {
    dmaOut = sharing_.channels(tile, dmaOut, s.cyclesOut, s.longOut);
    dmaIn = sharing_.channels(tile, dmaIn, s.cyclesIn, s.longIn);
  }
  const int run = runOf_[size_t(tile)];
  int64_t memoryOver = -1;
  if (run >= 0) {
    const bool over = s.memory > model_.capacity(tile).memoryBytes;
    runOverTiles_[size_t(run)] += int(over) - int(s.overMemory);
    s.overMemory = over;
    if (runSpillStamp_[size_t(run)] == stamp_) memoryOver = spillOver_[size_t(tile)];
  }
  Overuse o = tileOveruse(model_.tileKind(tile), model_.capacity(tile), dmaOut, dmaIn, s.endpoints, s.memory, s.locks,
                          s.bds, memoryOver);
  int64_t pen = penaltyUnits(config_, o);
  totals_.dmaOver += o.dma - s.dmaOver;
  totals_.lockOver += o.locks - s.lockOver;
  totals_.bdOver += o.bds - s.bdOver;
  s.bdOver = o.bds;
  totals_.memOver += o.memory - s.memOver;
  totals_.penalty += pen - s.penalty;
  s.dmaOver = o.dma;
  s.lockOver = o.locks;
  s.memOver = o.memory;
  s.penalty = pen;
}

void BbCost::spillRuns(bool all) {
  std::vector<int>& runs = spillRunsToDo_;
  runs.clear();
  if (all) {
    for (size_t r = 0; r < memRuns_.size(); ++r) runs.push_back(int(r));
  } else {
    for (const auto& entry : tileJournal_) {
      const int r = runOf_[size_t(entry.first)];
      if (r < 0 || runStamp_[size_t(r)] == stamp_) continue;
      runStamp_[size_t(r)] = stamp_;
      runs.push_back(r);
    }
  }
  for (int r : runs) {
    const std::vector<int>& run = memRuns_[size_t(r)];
    // No tile over its own memory before the move or after it: nothing spilled and nothing
    // spills, and each tile's own rule (refreshTile) gives the same as the run's. (Bytes left
    // unplaced before needed some tile over its memory then.)
    bool spills = all || runOverTiles_[size_t(r)] > 0;
    for (size_t j = 0; j < tileJournal_.size() && !spills; ++j) {
      const int t = tileJournal_[j].first;
      spills = runOf_[size_t(t)] == r && tiles_[size_t(t)].memory > model_.capacity(t).memoryBytes;
    }
    if (!spills) continue;
    std::vector<int64_t> use(run.size()), own(run.size(), 0), capacity(run.size());
    for (size_t k = 0; k < run.size(); ++k) {
      use[k] = touchTile(run[k]).memory;  // touching adds to the journal: refreshed with the rest
      capacity[k] = model_.capacity(run[k]).memoryBytes;
    }
    for (CoreId c : ownDataCores_)
      if (runOf_[size_t(pos_[c])] == r)
        own[size_t(colOf_[size_t(pos_[c])] - colOf_[size_t(run.front())])] +=
            model_.design().cores[size_t(c)].bufferBytes;
    const std::vector<int64_t> over = spillRunOveruse(use, own, capacity);
    for (size_t k = 0; k < run.size(); ++k) spillOver_[size_t(run[k])] = over[k];
    runSpillStamp_[size_t(r)] = stamp_;
  }
}

bool BbCost::pairBad(int k) const {
  const PlaceModel::NeighbourPair& pair = model_.neighbourPairs()[size_t(k)];
  return !model_.pairOk(k, pos_[pair.from], pos_[pair.to]);
}

void BbCost::countBadPair(int k, int sign) {
  const bool cascade = model_.neighbourPairs()[size_t(k)].cascade;
  (cascade ? totals_.badCascades : totals_.badMemoryUses) += sign;
  totals_.penalty += sign * std::llround((cascade ? config_.cascadePenalty : config_.memoryUsePenalty) * kScale);
}

double BbCost::reset(const Placement& placement) {
  const Device& dev = model_.device();
  for (CoreId c = 0; c < model_.coreCount(); ++c) {
    if (!placement.placed(c) || !dev.contains(placement.tile(c)))
      throw core::Error("cost model: core '" + model_.design().cores[c].name + "' is not placed on the device");
    pos_[c] = dev.index(placement.tile(c));
  }
  std::fill(tiles_.begin(), tiles_.end(), TileState{});
  std::fill(runOverTiles_.begin(), runOverTiles_.end(), 0);
  std::fill(turnsAt_.begin(), turnsAt_.end(), 0);
  totals_ = Totals{};
  ++stamp_;
  for (CoreId c = 0; c < model_.coreCount(); ++c) applyCore(c, +1);
  assignedNets_.clear();
  std::fill(candidateOf_.begin(), candidateOf_.end(), 0);
  std::fill(assignedTile_.begin(), assignedTile_.end(), -1);
  std::fill(assignedLoad_.begin(), assignedLoad_.end(), 0);
  for (NetId n = 0; n < model_.netCount(); ++n) {
    netState_[n] = computeNet(n);
    totals_.wirelength += netState_[n].wirelength;
    applyNet(n, netState_[n], +1, false);
    if (assignedNet(netState_[n], n)) {
      countCandidates(netState_[n], +1);
      assignedNets_.push_back(n);
    }
  }
  assignSharedBuffers();
  for (size_t k = 0; k < pairBad_.size(); ++k) {
    pairBad_[k] = pairBad(int(k));
    if (pairBad_[k]) countBadPair(int(k), +1);
  }
  spillRuns(true);
  for (int t = 0; t < int(tiles_.size()); ++t) refreshTile(t);
  clearJournal();
  resetExtra();
  return total();
}

double BbCost::propose(const std::vector<CoreMove>& moves) {
  return proposeWithin(moves, std::numeric_limits<double>::infinity());
}

double BbCost::proposeWithin(const std::vector<CoreMove>& moves, double limit) {
  if (++stamp_ == 0) {  // wrapped: old stamps could collide
    std::fill(tileStamp_.begin(), tileStamp_.end(), 0);
    std::fill(netStamp_.begin(), netStamp_.end(), 0);
    std::fill(pairStamp_.begin(), pairStamp_.end(), 0);
    std::fill(movedStamp_.begin(), movedStamp_.end(), 0);
    std::fill(runStamp_.begin(), runStamp_.end(), 0);
    std::fill(runSpillStamp_.begin(), runSpillStamp_.end(), 0);
    std::fill(turnsStamp_.begin(), turnsStamp_.end(), 0);
    stamp_ = 1;
  }
  clearJournal();
  affected_.clear();
  moved_ = moves;
  savedTotals_ = totals_;
  const int64_t before = totalUnits();
  const Device& dev = model_.device();

  for (const CoreMove& m : moves)
    for (NetId n : model_.netsOf(m.core))
      if (netStamp_[n] != stamp_) {
        netStamp_[n] = stamp_;
        affected_.push_back(n);
      }
  bool assignedMoved = false;  // an assigned net (before or after) has a moved end
  toggled_.clear();
  for (const CoreMove& m : moves) applyCore(m.core, -1);
  for (const CoreMove& m : moves) {
    assert(m.core >= 0 && m.core < model_.coreCount() && dev.contains(m.to));
    if (movedStamp_[m.core] != stamp_) {
      movedStamp_[m.core] = stamp_;
      movedFrom_[m.core] = pos_[m.core];
    }
    pos_[m.core] = dev.index(m.to);
  }
  for (const CoreMove& m : moves) applyCore(m.core, +1);
  for (NetId n : affected_) {
    NetState ns = computeNet(n);
    netJournal_.emplace_back(n, netState_[n]);
    totals_.wirelength += ns.wirelength - netState_[n].wirelength;
    if (netState_[n].banks == 0 && ns.banks == 0) {
      // Streaming before and after: only the moved ends change tiles.
      const auto& pins = model_.pins(n);
      for (size_t i = 0; i < pins.size(); ++i) {
        if (movedStamp_[pins[i]] != stamp_ || movedFrom_[pins[i]] == pos_[pins[i]]) continue;
        applyPin(n, int(i), movedFrom_[pins[i]], -1);
        applyPin(n, int(i), pos_[pins[i]], +1);
      }
    } else {
      applyNet(n, netState_[n], -1, true);
      applyNet(n, ns, +1, false);
    }
    const bool was = assignedNet(netState_[n], n), is = assignedNet(ns, n);
    if (was) countCandidates(netState_[n], -1);
    if (is) countCandidates(ns, +1);
    if (was != is) toggled_.emplace_back(n, is);
    assignedMoved = assignedMoved || was || is;
    netState_[n] = ns;
  }
  if (assignedMoved || (!assignedNets_.empty() && candidateLoadChanged())) {
    for (const auto& [n, is] : toggled_) {
      if (!assignedNetsChanged_) savedAssignedNets_ = assignedNets_;
      assignedNetsChanged_ = true;
      auto at = std::lower_bound(assignedNets_.begin(), assignedNets_.end(), n);
      if (is) {
        assignedNets_.insert(at, n);
      } else {
        assignedNets_.erase(at);
        moveAssigned(n, -1);  // its buffer set now goes where applyNet puts it
      }
    }
    assignSharedBuffers();
  }
  for (const CoreMove& m : moves)
    for (int k : model_.pairsOf(m.core)) {
      if (pairStamp_[size_t(k)] == stamp_) continue;
      pairStamp_[size_t(k)] = stamp_;
      pairJournal_.emplace_back(k, pairBad_[size_t(k)]);
      const char bad = pairBad(k);
      if (bad != pairBad_[size_t(k)]) countBadPair(k, bad ? +1 : -1);
      pairBad_[size_t(k)] = bad;
    }
  for (const auto& entry : tileJournal_)
    if (runOf_[size_t(entry.first)] >= 0) {  // a memory tile: its row may spill (memtile_spill.h)
      spillRuns(false);
      break;
    }
  for (const auto& entry : tileJournal_) refreshTile(entry.first);
  const int64_t bbChange = totals_.wirelength + totals_.penalty - savedTotals_.wirelength - savedTotals_.penalty;
  int64_t extraAtLeast = 0;
  if (!proposeExtra(affected_, limit * kScale - double(bbChange), extraAtLeast)) {
    ++boundRejections_;
    return double(bbChange + extraAtLeast) / kScale;
  }
  return double(totalUnits() - before) / kScale;
}

void BbCost::clearJournal() {
  tileJournal_.clear();
  netJournal_.clear();
  pairJournal_.clear();
  assignedJournal_.clear();
  turnsJournal_.clear();
  assignedNetsChanged_ = false;
  moved_.clear();
}

void BbCost::commit() {
  clearJournal();
  commitExtra();
}

void BbCost::revert() {
  const Device& dev = model_.device();
  for (const CoreMove& m : moved_) pos_[m.core] = dev.index(m.from);
  for (const auto& [tile, state] : tileJournal_) {
    const int run = runOf_[size_t(tile)];
    if (run >= 0) runOverTiles_[size_t(run)] += int(state.overMemory) - int(tiles_[size_t(tile)].overMemory);
    tiles_[size_t(tile)] = state;
  }
  for (const auto& [net, state] : netJournal_) {
    if (assignedNet(netState_[net], net)) countCandidates(netState_[net], -1);
    if (assignedNet(state, net)) countCandidates(state, +1);
    netState_[net] = state;
  }
  for (const auto& [k, bad] : pairJournal_) pairBad_[size_t(k)] = bad;
  for (const auto& [k, count] : turnsJournal_) turnsAt_[k] = count;
  for (auto it = assignedJournal_.rbegin(); it != assignedJournal_.rend(); ++it) {  // newest first
    const auto& [n, from] = *it;
    const int64_t bytes = model_.sharedBytes(n);
    if (assignedTile_[n] >= 0) assignedLoad_[size_t(assignedTile_[n])] -= bytes;
    if (from >= 0) assignedLoad_[size_t(from)] += bytes;
    assignedTile_[n] = from;
  }
  if (assignedNetsChanged_) assignedNets_.swap(savedAssignedNets_);
  totals_ = savedTotals_;
  clearJournal();
  revertExtra();
}

CostTerms BbCost::terms() const {
  return {{"total", total()},
          {"wirelength", wirelength()},
          {"penalty", penalty()},
          {"dma_overuse", double(totals_.dmaOver)},
          {"memory_overuse_kib", double(totals_.memOver) / 1024.0},
          {"lock_overuse", double(totals_.lockOver)},
          {"bd_overuse", double(totals_.bdOver)},
          {"bad_cascades", double(totals_.badCascades)},
          {"bad_memory_uses", double(totals_.badMemoryUses)}};
}

double BbCost::evaluate(const Placement& placement) const {
  return fromScratch(model_, config_, placement).front().second;
}

CostTerms BbCost::fromScratch(const PlaceModel& m, const BbCostConfig& config, const Placement& p) {
  const Device& dev = m.device();
  const int tiles = m.tileCount();
  std::vector<int> dmaOut(size_t(tiles), 0), dmaIn(size_t(tiles), 0), endpoints(size_t(tiles), 0),
      locks(size_t(tiles), 0), bds(size_t(tiles), 0);
  std::vector<int64_t> memory(size_t(tiles), 0), ownData(size_t(tiles), 0);
  // Per tile, out and in: the streams' cycles per object and how many are long (dmaSharing).
  std::vector<int64_t> cycles[2] = {std::vector<int64_t>(size_t(tiles), 0), std::vector<int64_t>(size_t(tiles), 0)};
  std::vector<int> longFlows[2] = {std::vector<int>(size_t(tiles), 0), std::vector<int>(size_t(tiles), 0)};
  const ChannelSharing sharing = config.dmaSharing ? ChannelSharing(m) : ChannelSharing();
  const std::vector<int> turnsOf = m.design().turnsOf();
  std::map<std::tuple<int, int, bool>, int> turnEnds;  // (tile, turns group, in) -> ends there
  auto tileOf = [&](CoreId c) { return dev.index(p.tile(c)); };
  for (CoreId c = 0; c < m.coreCount(); ++c) {
    int t = tileOf(c);
    ++endpoints[t];
    memory[t] += m.staticBytes(c);
    ownData[t] += m.design().cores[size_t(c)].bufferBytes;
    locks[t] += m.staticLocks(c);
  }
  int64_t wl = 0;
  std::vector<double> weights = netWeights(m, config);
  const SharedBufferRule rule = config.sharedBuffers;
  std::vector<std::pair<NetId, std::vector<int>>> assigned;  // in net order
  for (NetId n = 0; n < m.netCount(); ++n) {
    const auto& pins = m.pins(n);
    std::vector<TileCoord> coords;
    std::vector<int> idx;
    for (CoreId c : pins) {
      coords.push_back(p.tile(c));
      idx.push_back(tileOf(c));
    }
    auto [minC, maxC] =
        std::minmax_element(coords.begin(), coords.end(), [](TileCoord a, TileCoord b) { return a.col < b.col; });
    auto [minR, maxR] =
        std::minmax_element(coords.begin(), coords.end(), [](TileCoord a, TileCoord b) { return a.row < b.row; });
    const int64_t netWl = wirelengthUnits(weights[n], maxC->col - minC->col, maxR->row - minR->row);
    // Shared memory: the memories every endpoint reaches, in the source's order; a core the
    // net is linked at must hold it in its own tile (straight from the design's links).
    std::vector<int> banks;
    if (m.allCompute(n)) {
      for (TileCoord mem : dev.memoriesReachableFrom(coords[0])) {
        bool all = true;
        for (size_t i = 0; i < coords.size() && all; ++i) {
          auto r = dev.memoriesReachableFrom(coords[i]);
          all = std::find(r.begin(), r.end(), mem) != r.end();
          if (all && m.design().linkedAt(n, pins[i])) all = mem == coords[i];
        }
        if (all) banks.push_back(dev.index(mem));
      }
    }
    wl += banks.empty() ? netWl : sharedWirelengthUnits(netWl, config.sharedWirelength);
    if (!banks.empty()) {
      const int k = int(banks.size());
      if (rule == SharedBufferRule::Assign && k > 1 && m.sharedBytes(n) > 0) {
        assigned.emplace_back(n, banks);  // charged once everything else is
        continue;
      }
      for (int i = 0; i < k; ++i)
        memory[size_t(banks[size_t(i)])] += bankShare(m.sharedBytes(n), k, i, rule != SharedBufferRule::Split);
      if (m.sharedBytes(n) > 0) locks[size_t(banks[0])] += kLocksPerBuffer;
      continue;
    }
    const Net& net = m.design().nets[n];
    for (size_t i = 0; i < idx.size(); ++i) {
      if (!net.usesDma(int(i))) continue;  // a stream-port end takes no channel, buffer or BD
      // A net that takes turns adds a channel only as its group's first end at the tile.
      if (turnsOf[size_t(n)] < 0 || turnEnds[{idx[i], turnsOf[size_t(n)], i != 0}]++ == 0)
        ++(i == 0 ? dmaOut : dmaIn)[idx[i]];
      if (config.dmaSharing) {
        cycles[i == 0 ? 0 : 1][idx[i]] += sharing.cycles[size_t(n)];
        longFlows[i == 0 ? 0 : 1][idx[i]] += sharing.isLong(n);
      }
      bds[idx[i]] += endpointBds(net.depth(int(i)));
      if (!m.linkedAt(n, int(i))) {
        memory[idx[i]] += m.endpointBytes(n, int(i));
        locks[idx[i]] += kLocksPerBuffer;
      }
    }
  }
  // Each assigned net takes the candidate with the most memory left (the first on a tie).
  for (const auto& [n, banks] : assigned) {
    auto left = [&](int tile) { return m.capacity(tile).memoryBytes - memory[size_t(tile)]; };
    int best = *std::max_element(banks.begin(), banks.end(), [&](int a, int b) { return left(a) < left(b); });
    memory[size_t(best)] += m.sharedBytes(n);
    locks[size_t(best)] += kLocksPerBuffer;
  }
  const std::vector<int64_t> memoryOver = memoryOveruseWithSpill(dev, memory, ownData);
  int64_t pen = 0;
  Overuse sum;
  for (int t = 0; t < tiles; ++t) {
    int out = dmaOut[t], in = dmaIn[t];
    if (config.dmaSharing) {  // the bound is the incremental state's; the counts are summed afresh
      out = sharing.channels(t, out, cycles[0][t], longFlows[0][t]);
      in = sharing.channels(t, in, cycles[1][t], longFlows[1][t]);
    }
    Overuse o = tileOveruse(m.tileKind(t), m.capacity(t), out, in, endpoints[t], memory[t], locks[t], bds[t],
                            memoryOver[size_t(t)]);
    pen += penaltyUnits(config, o);
    sum.dma += o.dma;
    sum.locks += o.locks;
    sum.bds += o.bds;
    sum.memory += o.memory;
  }
  int bad = 0, badUses = 0;
  for (const Cascade& c : m.design().cascades) bad += !dev.canCascade(p.tile(c.from), p.tile(c.to));
  pen += std::llround(config.cascadePenalty * kScale) * bad;
  for (const MemoryUse& u : m.design().memoryUses) badUses += !dev.reachesMemory(p.tile(u.user), p.tile(u.owner));
  pen += std::llround(config.memoryUsePenalty * kScale) * badUses;
  return {{"total", double(wl + pen) / kScale},
          {"wirelength", double(wl) / kScale},
          {"penalty", double(pen) / kScale},
          {"dma_overuse", double(sum.dma)},
          {"memory_overuse_kib", double(sum.memory) / 1024.0},
          {"lock_overuse", double(sum.locks)},
          {"bd_overuse", double(sum.bds)},
          {"bad_cascades", double(bad)},
          {"bad_memory_uses", double(badUses)}};
}

}  // namespace ts::aie
