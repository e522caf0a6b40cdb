#include "engine/aie/place/place_model.h"

#include <algorithm>
#include <cmath>

#include "engine/aie/legality.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/snapshot.h"
#include "engine/core/error.h"

namespace ts::aie {

Placement prepareStart(const Design& design, const Placement& start) {
  if (start.size() == 0) return Placement::fromDesignPins(design);
  if (start.size() != design.coreCount())
    throw core::Error("the start placement has " + std::to_string(start.size()) + " cores but design '" + design.name +
                      "' has " + std::to_string(design.coreCount()));
  Placement p = start;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (design.cores[c].pin) {
      p.place(c, *design.cores[c].pin);
      p.setPinned(c, true);
    } else if (p.pinned(c) && !p.placed(c)) {
      p.setPinned(c, false);  // a pin without a tile constrains nothing
    }
  }
  return p;
}

bool acceptDesign(const Design& design, PlacerResult& result) {
  auto problems = design.problems();
  if (problems.empty()) return true;
  result.status = "failed";
  result.reasons.insert(result.reasons.end(), problems.begin(), problems.end());
  return false;
}

std::vector<char> fixedCores(const Design& design, const Placement& start) {
  std::vector<char> fixed(size_t(design.coreCount()), 0);
  for (CoreId c = 0; c < design.coreCount(); ++c)
    fixed[c] = design.cores[c].pin.has_value() || (start.pinned(c) && start.placed(c));
  return fixed;
}

void checkResult(const Design& design, const Device& device, const Placement& start, PlacerResult& result) {
  PlacementCheckOptions options;
  options.reference = &start;
  for (const auto& v : checkPlacement(design, device, result.placement, options)) result.reasons.push_back(v.message);
  result.success = result.reasons.empty();
  if (!result.success && result.status.empty()) result.status = "failed";
  if (result.success && result.status.empty()) result.status = "placed";
}

Placement constructiveStart(const Design& design, const Placement& start, bool keepPlaced, std::vector<char>& kept) {
  kept = fixedCores(design, start);
  Placement p = start;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    kept[size_t(c)] = kept[size_t(c)] || (keepPlaced && start.placed(c));
    if (!kept[size_t(c)]) p.unplace(c);
  }
  return p;
}

void finishConstructive(const Design& design, const Device& device, const Placement& start, const Placement& p,
                        const std::string& failure, double t0, const std::string& phase,
                        std::vector<std::pair<std::string, double>> sampleTerms, core::RunContext& ctx,
                        PlacerResult& result) {
  result.placement = p;
  result.seconds = ctx.elapsed() - t0;
  result.movesPerSecond = result.seconds > 0 ? double(result.moves) / result.seconds : 0;
  if (!failure.empty()) {
    if (result.status.empty()) result.status = "failed";
    result.reasons.push_back(failure);
    result.success = false;
  } else {
    checkResult(design, device, start, result);
  }
  ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(p), true);
  core::QorSample s;
  s.iteration = result.moves;
  s.phase = phase;
  s.terms = std::move(sampleTerms);
  s.add("success", result.success ? 1 : 0);
  ctx.publishSample(std::move(s), true);
}

double fanoutCorrection(int terminals) {
  // Cheng (1994) via VPR: expected crossings of a net's bounding box by its Steiner tree,
  // relative to the half perimeter, for 1..50 terminals; linear beyond.
  static const double kTable[50] = {1.0,    1.0,    1.0,    1.0828, 1.1536, 1.2206, 1.2823, 1.3385, 1.3991, 1.4493,
                                    1.4974, 1.5455, 1.5937, 1.6418, 1.6899, 1.7304, 1.7709, 1.8114, 1.8519, 1.8924,
                                    1.9288, 1.9652, 2.0015, 2.0379, 2.0743, 2.1061, 2.1379, 2.1698, 2.2016, 2.2334,
                                    2.2646, 2.2958, 2.3271, 2.3583, 2.3895, 2.4187, 2.4479, 2.4772, 2.5064, 2.5356,
                                    2.5610, 2.5864, 2.6117, 2.6371, 2.6625, 2.6887, 2.7148, 2.7410, 2.7671, 2.7933};
  if (terminals <= 1) return 1.0;
  if (terminals <= 50) return kTable[terminals - 1];
  return 2.7933 + 0.02616 * (terminals - 50);
}

int roundHalfEven(double value) {
  return int(std::nearbyint(value));
}

PlaceModel::PlaceModel(const Design& design, const Device& device) : design_(&design), device_(&device) {
  const int cores = design.coreCount();
  const int nets = design.netCount();
  pins_.resize(size_t(nets));
  allCompute_.assign(size_t(nets), 0);
  endpointBytes_.resize(size_t(nets));
  sharedBytes_.assign(size_t(nets), 0);
  endpointBds_.resize(size_t(nets));
  pinDma_.resize(size_t(nets));
  coreNets_.resize(size_t(cores));
  staticBytes_.assign(size_t(cores), 0);
  staticLocks_.assign(size_t(cores), 0);
  corePairs_.resize(size_t(cores));
  outNets_ = design.outgoingNetCount();
  inNets_ = design.incomingNetCount();

  // Which (net, core) pairs a link chains: their buffer is the link's, held at the via core.
  std::vector<std::vector<CoreId>> linkedCores(static_cast<size_t>(nets));
  for (const Link& link : design.links) {
    CoreId via = design.linkVia(link);
    if (via < 0) continue;
    for (const auto* list : {&link.inputs, &link.outputs})
      for (NetId n : *list)
        if (std::find(linkedCores[n].begin(), linkedCores[n].end(), via) == linkedCores[n].end()) {
          linkedCores[n].push_back(via);
          // The link's buffer holds the bytes; each chained net still takes its lock pair there
          // (the routing checker's model).
          staticLocks_[via] += kLocksPerBuffer;
        }
  }
  // Link buffers live at the via core wherever it sits; the other buffers move with the nets.
  const std::vector<int64_t> linkBytes = linkBufferBytes(design);
  for (CoreId c = 0; c < cores; ++c) {
    staticBytes_[c] = design.cores[c].bufferBytes + linkBytes[size_t(c)];
    staticLocks_[c] += design.cores[c].locks;
  }

  turnEnds_ = design.turnEnds();
  const std::vector<int> turnsOf = design.turnsOf();
  for (NetId n = 0; n < nets; ++n) {
    const Net& net = design.nets[n];
    auto& pins = pins_[n];
    pins.push_back(net.source);
    for (CoreId t : net.targets) pins.push_back(t);
    bool compute = true;
    auto& bytes = endpointBytes_[n];
    for (size_t i = 0; i < pins.size(); ++i) {
      CoreId c = pins[i];
      compute = compute && design.cores[c].kind == CoreKind::Compute;
      const int depth = net.depth(int(i));
      bool linked = std::find(linkedCores[n].begin(), linkedCores[n].end(), c) != linkedCores[n].end();
      bytes.push_back(linked ? -1 : net.usesDma(int(i)) ? int64_t(depth) * net.bytesPerObject : 0);
      endpointBds_[n].push_back(net.usesDma(int(i)) ? aie::endpointBds(depth) : 0);
      pinDma_[n].push_back(!net.usesDma(int(i)) ? kNoDma : turnsOf[size_t(n)] >= 0 ? kDmaInTurns : kDma);
      if (coreNets_[c].empty() || coreNets_[c].back() != n) coreNets_[c].push_back(n);
    }
    allCompute_[n] = compute && !net.needsStream();  // a streamed net never uses shared memory
    sharedBytes_[n] = linkedCores[n].empty() ? int64_t(net.sharedObjects()) * net.bytesPerObject : 0;
  }
  for (const Cascade& k : design.cascades) pairs_.push_back({k.from, k.to, true});
  for (const MemoryUse& u : design.memoryUses) pairs_.push_back({u.user, u.owner, false});
  for (size_t i = 0; i < pairs_.size(); ++i) {
    corePairs_[size_t(pairs_[i].from)].push_back(int(i));
    if (pairs_[i].to != pairs_[i].from) corePairs_[size_t(pairs_[i].to)].push_back(int(i));
  }

  const int tiles = device.tileCount();
  tileKinds_.resize(size_t(tiles));
  caps_.resize(size_t(tiles));
  reach_.resize(size_t(tiles));
  for (int i = 0; i < tiles; ++i) {
    TileCoord t = device.coord(i);
    tileKinds_[i] = device.kind(t);
    caps_[i] = device.resources(t);
    reach_[i].fill(-1);
    auto mems = device.memoriesReachableFrom(t);
    for (size_t k = 0; k < mems.size() && k < size_t(kMaxReach); ++k) {
      reach_[i][k] = device.index(mems[k]);
      reachSpan_.col = std::max(reachSpan_.col, std::abs(mems[k].col - t.col));
      reachSpan_.row = std::max(reachSpan_.row, std::abs(mems[k].row - t.row));
    }
  }
  for (CoreKind kind : {CoreKind::Compute, CoreKind::MemTile, CoreKind::Shim}) {
    TileKind tk = tileKindFor(kind);
    for (int r = 0; r < device.rows(); ++r)
      if (device.rowRoles()[r] == tk) kindRows_[int(kind)].push_back(r);
    for (int c = 0; c < device.columns(); ++c)
      if (kind != CoreKind::Shim || device.shimHasDma(c)) hostColumns_[int(kind)].push_back(c);
    for (TileCoord t : device.tilesOf(tk))
      if (device.canHost(tk, t)) hostTiles_[int(kind)].push_back(t);
  }
}

bool PlaceModel::reaches(int coreTile, int memoryTile) const {
  for (int m : reach_[size_t(coreTile)])
    if (m == memoryTile) return true;
  return false;
}

int PlaceModel::sharedBanks(const int* pinTiles, int count, std::array<int, kMaxReach>& banks) const {
  int found = 0;
  if (count <= 0) return 0;
  for (int m : reach_[size_t(pinTiles[0])]) {
    if (m < 0) break;
    bool all = true;
    for (int i = 1; i < count && all; ++i) all = reaches(pinTiles[i], m);
    if (all) banks[size_t(found++)] = m;
  }
  return found;
}

int PlaceModel::netSharedBanks(NetId n, const int* pinTiles, int count, std::array<int, kMaxReach>& banks) const {
  int found = sharedBanks(pinTiles, count, banks);
  int kept = 0;
  for (int k = 0; k < found; ++k) {
    bool ok = true;
    for (int i = 0; i < count && ok; ++i) ok = !linkedAt(n, i) || pinTiles[i] == banks[size_t(k)];
    if (ok) banks[size_t(kept++)] = banks[size_t(k)];
  }
  return kept;
}

std::pair<int, int> PlaceModel::endpointChannels(const std::vector<CoreId>& cores, CoreId plus) const {
  return mergedEndpointChannels(outNets_, inNets_, turnEnds_, cores, plus);  // no copy of `cores` per candidate
}

bool PlaceModel::keepsMemoryUses(const Placement& p, CoreId c, TileCoord t) const {
  for (int k : pairsOf(c)) {
    const NeighbourPair& pair = pairs_[size_t(k)];
    const CoreId other = pair.from == c ? pair.to : pair.from;
    if (pair.cascade || !p.placed(other) || !device_->contains(p.tile(other))) continue;
    const int here = tileIndex(t), there = tileIndex(p.tile(other));
    if (!(pair.from == c ? pairOk(k, here, there) : pairOk(k, there, here))) return false;
  }
  return true;
}

bool PlaceModel::cascadeOk(int fromTile, int toTile) const {
  return device_->canCascade(device_->coord(fromTile), device_->coord(toTile));
}

}  // namespace ts::aie
