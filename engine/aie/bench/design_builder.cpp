#include "engine/aie/bench/design_builder.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "engine/core/error.h"

namespace ts::aie {

int computeCoreCount(const Design& design) {
  return design.countCores(CoreKind::Compute);
}

DesignBuilder::DesignBuilder(const Device& device, std::string name, std::string description) : device_(&device) {
  design_.name = std::move(name);
  design_.device = device.name();
  design_.description = std::move(description);
  for (int r = 0; r < device.rows(); ++r)
    if (device.rowRoles()[r] == TileKind::Compute) computeRows_.push_back(r);
  const size_t tiles = size_t(device.tileCount());
  outUse_.assign(tiles, 0);
  inUse_.assign(tiles, 0);
  memUse_.assign(tiles, 0);
  computeTaken_.assign(tiles, 0);
  downUse_.assign(size_t(device.columns()), 0);
}

bool DesignBuilder::computeFree(TileCoord t) const {
  return device_->contains(t) && device_->kind(t) == TileKind::Compute && !computeTaken_[device_->index(t)];
}

CoreId DesignBuilder::addCore(const std::string& name, CoreKind kind, TileCoord tile, int64_t cycles,
                              int64_t bufferBytes, const std::string& group) {
  if (!device_->canHost(tileKindFor(kind), tile))
    throw core::Error("design generator: " + design_.name + ": core '" + name + "' cannot go on " +
                      core::toString(tile));
  if (kind == CoreKind::Compute) {
    char& taken = computeTaken_[device_->index(tile)];
    if (taken)
      throw core::Error("design generator: " + design_.name + ": tile " + core::toString(tile) +
                        " already holds a compute core");
    taken = 1;
  }
  LogicalCore c;
  c.name = name;
  c.kind = kind;
  c.computeCycles = cycles;
  c.bufferBytes = bufferBytes;
  c.group = group;
  design_.cores.push_back(c);
  tiles_.push_back(tile);
  return CoreId(design_.cores.size() - 1);
}

CoreId DesignBuilder::addCompute(const std::string& name, TileCoord tile, int64_t cycles, int64_t bufferBytes,
                                 const std::string& group) {
  return addCore(name, CoreKind::Compute, tile, cycles, bufferBytes, group);
}

CoreId DesignBuilder::addMemTile(const std::string& name, TileCoord tile, const std::string& group) {
  return addCore(name, CoreKind::MemTile, tile, 0, 0, group);
}

CoreId DesignBuilder::addShim(const std::string& name, TileCoord tile, const std::string& group) {
  return addCore(name, CoreKind::Shim, tile, 0, 0, group);
}

bool DesignBuilder::canShare(CoreId source, const std::vector<CoreId>& targets) const {
  std::vector<TileCoord> tiles{tiles_[source]};
  for (CoreId t : targets) tiles.push_back(tiles_[t]);
  for (TileCoord t : tiles)
    if (device_->kind(t) != TileKind::Compute) return false;
  return device_->shareMemory(tiles);
}

bool DesignBuilder::sharesPairwise(CoreId source, const std::vector<CoreId>& targets) const {
  if (targets.size() != 1) return false;
  const TileCoord a = tiles_[source], b = tiles_[targets[0]];
  if (device_->kind(a) != TileKind::Compute || device_->kind(b) != TileKind::Compute) return false;
  auto ra = device_->memoriesReachableFrom(a), rb = device_->memoriesReachableFrom(b);
  return std::find(ra.begin(), ra.end(), b) != ra.end() || std::find(rb.begin(), rb.end(), a) != rb.end();
}

namespace {
bool sameTile(const std::vector<TileCoord>& tiles, TileCoord src, const std::vector<CoreId>& targets) {
  for (CoreId t : targets)
    if (tiles[t] != src) return false;
  return true;
}
}  // namespace

int DesignBuilder::freeOut(TileCoord t) const {
  return device_->resources(t).dmaOut - outUse_[device_->index(t)];
}

int DesignBuilder::freeIn(TileCoord t) const {
  return device_->resources(t).dmaIn - inUse_[device_->index(t)];
}

bool DesignBuilder::fits(CoreId source, const std::vector<CoreId>& targets) const {
  if (sharesPairwise(source, targets) || sameTile(tiles_, tiles_[source], targets)) return true;
  if (freeOut(tiles_[source]) < 1) return false;
  std::set<TileCoord> seen;
  for (CoreId t : targets)
    if (seen.insert(tiles_[t]).second && freeIn(tiles_[t]) < 1) return false;
  return true;
}

void DesignBuilder::bookStream(CoreId source, const std::vector<CoreId>& targets, int sign) {
  TileCoord src = tiles_[source];
  if (sharesPairwise(source, targets) || sameTile(tiles_, src, targets)) return;
  outUse(src) += sign;
  std::set<TileCoord> seen;
  for (CoreId t : targets) {
    TileCoord tt = tiles_[t];
    if (!seen.insert(tt).second) continue;
    inUse(tt) += sign;
    if (device_->kind(src) == TileKind::Compute && device_->kind(tt) != TileKind::Compute) downUse_[tt.col] += sign;
  }
  streamNets_ += sign;
}

NetId DesignBuilder::addNet(const std::string& name, CoreId source, const std::vector<CoreId>& targets, int64_t bytes,
                            int depth) {
  return addNet(name, source, targets, bytes, depth, std::vector<int>(targets.size(), depth));
}

NetId DesignBuilder::addNet(const std::string& name, CoreId source, const std::vector<CoreId>& targets, int64_t bytes,
                            int sourceDepth, const std::vector<int>& targetDepths) {
  Net n;
  n.name = name;
  n.source = source;
  n.targets = targets;
  n.bytesPerObject = bytes;
  n.sourceDepth = sourceDepth;
  n.targetDepths = targetDepths;
  design_.nets.push_back(n);
  bookStream(source, targets, +1);
  return NetId(design_.nets.size() - 1);
}

void DesignBuilder::addLink(const std::vector<NetId>& inputs, const std::vector<NetId>& outputs) {
  design_.links.push_back({inputs, outputs});
}

void DesignBuilder::addCascade(CoreId from, CoreId to) {
  design_.cascades.push_back({from, to});
}

int DesignBuilder::meanColumn(const std::vector<CoreId>& cores) const {
  if (cores.empty()) return 0;
  double sum = 0;
  for (CoreId c : cores) sum += tiles_[c].col;
  return int(std::lround(sum / double(cores.size())));
}

TileCoord DesignBuilder::pickMemTile(int preferredCol, int in, int out, int64_t bytes, int fromAbove) const {
  const int topMemRow = [&] {
    int top = -1;
    for (int r = 0; r < device_->rows(); ++r)
      if (device_->rowRoles()[r] == TileKind::Mem) top = r;
    return top;
  }();
  // Streams from the compute rows enter a memory tile through the south links of its column.
  const int downCapacity =
      computeRows_.empty() ? 0 : device_->linkCapacity({0, computeRows_.front()}, Direction::South);
  TileCoord best{-1, -1};
  int bestScore = 0;
  for (TileCoord t : device_->tilesOf(TileKind::Mem)) {
    const TileResources& res = device_->resources(t);
    if (freeIn(t) < in || freeOut(t) < out) continue;
    if (memUse_[device_->index(t)] + bytes > res.memoryBytes) continue;
    if (downUse_[t.col] + fromAbove > downCapacity) continue;
    int score = std::abs(t.col - preferredCol) * 16 + (topMemRow - t.row) * 2 + (t.col < preferredCol);
    if (best.col < 0 || score < bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (best.col < 0)
    throw core::Error("design generator: " + design_.name + ": no memory tile has " + std::to_string(in) + " in / " +
                      std::to_string(out) + " out channels free");
  return best;
}

TileCoord DesignBuilder::pickShim(int preferredCol, int in, int out) const {
  TileCoord best{-1, -1};
  int bestScore = 0;
  for (TileCoord t : device_->tilesOf(TileKind::Shim)) {
    if (!device_->canHost(TileKind::Shim, t)) continue;
    if (freeIn(t) < in || freeOut(t) < out) continue;
    int score = std::abs(t.col - preferredCol) * 2 + (t.col < preferredCol);
    if (best.col < 0 || score < bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (best.col < 0) throw core::Error("design generator: " + design_.name + ": no shim tile with free DMA channels");
  return best;
}

CoreId DesignBuilder::addInput(const std::string& prefix, const std::vector<std::vector<CoreId>>& groups, int64_t bytes,
                               int depth, const std::string& group) {
  std::vector<CoreId> all;
  for (const auto& g : groups) all.insert(all.end(), g.begin(), g.end());
  const int k = int(groups.size());
  const int64_t linkBytes = int64_t(depth) * bytes * k;
  TileCoord mt = pickMemTile(meanColumn(all), 1, k, linkBytes, 0);
  TileCoord st = pickShim(mt.col, 0, 1);
  memUse_[device_->index(mt)] += linkBytes;  // after both picks: a throw changes nothing
  CoreId shim = addShim(prefix + "_shim", st, group);
  CoreId mem = addMemTile(prefix + "_mem", mt, group);
  NetId ddr = addNet(prefix + "_ddr", shim, {mem}, bytes * k, depth);
  std::vector<NetId> outs;
  for (int i = 0; i < k; ++i)
    outs.push_back(addNet(k == 1 ? prefix : prefix + "_" + std::to_string(i), mem, groups[i], bytes, depth));
  addLink({ddr}, outs);
  return mem;
}

void DesignBuilder::addOutput(const std::string& prefix, const std::vector<CoreId>& sources, int64_t bytes, int depth,
                              int maxJoin, const std::string& group) {
  // Group the sources column by column so that each memory tile sits under its sources.
  std::vector<CoreId> order = sources;
  std::stable_sort(order.begin(), order.end(), [&](CoreId a, CoreId b) {
    return tiles_[a].col != tiles_[b].col ? tiles_[a].col < tiles_[b].col : tiles_[a].row < tiles_[b].row;
  });
  const int groups = (int(order.size()) + maxJoin - 1) / maxJoin;
  for (int g = 0; g < groups; ++g) {
    // Spread evenly: ceil division keeps every group within maxJoin.
    size_t begin = order.size() * size_t(g) / size_t(groups);
    size_t end = order.size() * size_t(g + 1) / size_t(groups);
    std::vector<CoreId> part(order.begin() + long(begin), order.begin() + long(end));
    std::string p = groups == 1 ? prefix : prefix + std::to_string(g);
    int fromAbove = 0;
    for (CoreId c : part) fromAbove += device_->kind(tiles_[c]) == TileKind::Compute;
    const int64_t linkBytes = int64_t(depth) * bytes * int64_t(part.size());
    TileCoord mt = pickMemTile(meanColumn(part), int(part.size()), 1, linkBytes, fromAbove);
    memUse_[device_->index(mt)] += linkBytes;
    TileCoord st = pickShim(mt.col, 1, 0);
    CoreId mem = addMemTile(p + "_mem", mt, group);
    std::vector<NetId> ins;
    for (CoreId c : part) ins.push_back(addNet(design_.cores[c].name + "_" + p, c, {mem}, bytes, depth));
    CoreId shim = addShim(p + "_shim", st, group);
    NetId ddr = addNet(p + "_ddr", mem, {shim}, bytes * int64_t(part.size()), depth);
    addLink(ins, {ddr});
  }
}

CoreId DesignBuilder::addRelay(const std::string& prefix, const std::vector<CoreId>& sources,
                               const std::vector<CoreId>& targets, int64_t bytes, int depth, const std::string& group) {
  std::vector<CoreId> all = sources;
  all.insert(all.end(), targets.begin(), targets.end());
  int fromAbove = 0;
  for (CoreId c : sources) fromAbove += device_->kind(tiles_[c]) == TileKind::Compute;
  const int64_t linkBytes = int64_t(depth) * bytes * int64_t(sources.size());
  TileCoord mt = pickMemTile(meanColumn(all), int(sources.size()), 1, linkBytes, fromAbove);
  memUse_[device_->index(mt)] += linkBytes;
  CoreId mem = addMemTile(prefix + "_mem", mt, group);
  std::vector<NetId> ins;
  for (CoreId c : sources) ins.push_back(addNet(design_.cores[c].name + "_" + prefix, c, {mem}, bytes, depth));
  NetId out = addNet(prefix, mem, targets, bytes * int64_t(sources.size()), depth);
  addLink(ins, {out});
  return mem;
}

void DesignBuilder::tag(const std::string& feature) {
  if (std::find(features_.begin(), features_.end(), feature) == features_.end()) features_.push_back(feature);
}

GeneratedDesign DesignBuilder::finish() {
  auto problems = design_.problems();
  if (!problems.empty()) throw core::Error("design generator: " + design_.name + ": " + problems.front());
  GeneratedDesign out;
  out.design = design_;
  out.placement = Placement(design_.coreCount());
  for (CoreId c = 0; c < design_.coreCount(); ++c) out.placement.place(c, tiles_[c]);
  out.features = features_;
  std::sort(out.features.begin(), out.features.end());
  return out;
}

}  // namespace ts::aie
