#include "engine/aie/place/block_memtiles.h"

#include <algorithm>
#include <numeric>

#include "engine/aie/legality.h"
#include "engine/aie/place/block_placer.h"

namespace ts::aie {

MemTileLedger::MemTileLedger(const PlaceModel& m, bool linkCheck)
    : m_(m),
      linkCheck_(linkCheck),
      bytes_(streamBufferBytes(m.design())),
      tileOf_(size_t(m.coreCount()), -1),
      runs_(memoryTileRuns(m.device())),
      cores_(size_t(m.tileCount())) {
  for (CoreId c = 0; c < m.coreCount(); ++c) bytes_[size_t(c)] += m.design().cores[size_t(c)].bufferBytes;
}

void MemTileLedger::place(CoreId c, int tile) {
  tileOf_[size_t(c)] = tile;
  cores_[size_t(tile)].push_back(c);
}

void MemTileLedger::unplace(CoreId c) {
  auto& list = cores_[size_t(tileOf_[size_t(c)])];
  list.erase(std::find(list.begin(), list.end(), c));
  tileOf_[size_t(c)] = -1;
}

bool MemTileLedger::within(int tile) const {
  const auto& cores = cores_[size_t(tile)];
  const TileResources& cap = m_.capacity(tile);
  int bds = 0;
  for (CoreId c : cores) {
    for (NetId n : m_.netsOf(c)) {
      const auto& pins = m_.pins(n);
      // A net between memory-tile endpoints of this one tile stays inside it: no BDs.
      bool inside = true;
      for (CoreId p : pins) inside = inside && tileOf_[size_t(p)] == tile;
      if (inside) continue;
      for (size_t k = 0; k < pins.size(); ++k)
        if (pins[k] == c && m_.dmaAt(n, int(k))) bds += m_.endpointBds(n, int(k));
    }
  }
  const bool merged = cores.size() > 1;
  const auto [out, in] = merged ? m_.endpointChannels(cores) : std::pair<int, int>{0, 0};  // nets taking turns once
  return (!merged || (out <= cap.dmaOut && in <= cap.dmaIn)) && memoryWithin(tile) && bds <= cap.bufferDescriptors &&
         (!linkCheck_ || linksWithin(m_.tileAt(tile).col));
}

bool MemTileLedger::memoryWithin(int tile) const {
  auto sum = [&](int t, bool ownOnly) {
    int64_t s = 0;
    for (CoreId c : cores_[size_t(t)]) s += ownOnly ? m_.design().cores[size_t(c)].bufferBytes : bytes_[size_t(c)];
    return s;
  };
  const int r = runs_.runOf[size_t(tile)];
  if (r < 0) return sum(tile, false) <= m_.capacity(tile).memoryBytes;
  const std::vector<int>& run = runs_.runs[size_t(r)];
  std::vector<int64_t> use, own, capacity;
  for (int t : run) {
    use.push_back(sum(t, false));
    own.push_back(sum(t, true));
    capacity.push_back(m_.capacity(t).memoryBytes);
  }
  const std::vector<int64_t> over = spillRunOveruse(use, own, capacity);
  return std::all_of(over.begin(), over.end(), [](int64_t o) { return o == 0; });
}

bool MemTileLedger::linksWithin(int col) const {
  const auto& computeRows = m_.kindRows(CoreKind::Compute);
  const auto& memRows = m_.kindRows(CoreKind::MemTile);
  if (computeRows.empty() || memRows.empty()) return true;
  // Memory tiles have no east-west links: every stream between a memory tile of this column
  // and a core (or a memory tile of another column) crosses the links between the column's
  // top memory tile and lowest compute tile, down into the column or up out of it.
  const Design& d = m_.design();
  auto column = [&](CoreId c) { return tileOf_[size_t(c)] < 0 ? -1 : m_.tileAt(tileOf_[size_t(c)]).col; };
  auto outside = [&](CoreId c) {
    return d.cores[c].kind == CoreKind::Compute ||
           (d.cores[c].kind == CoreKind::MemTile && column(c) >= 0 && column(c) != col);
  };
  std::vector<NetId> down, up;
  std::vector<CoreId> here;
  for (int row : memRows)
    for (CoreId c : cores_[size_t(m_.tileIndex({col, row}))]) {
      here.push_back(c);
      for (NetId n : m_.netsOf(c)) {
        const auto& pins = m_.pins(n);
        if (pins.front() == c) {
          bool leaves = false;
          for (size_t k = 1; k < pins.size(); ++k) leaves = leaves || outside(pins[k]);
          if (leaves && std::find(up.begin(), up.end(), n) == up.end()) up.push_back(n);
        } else if (outside(pins.front()) && std::find(down.begin(), down.end(), n) == down.end()) {
          down.push_back(n);
        }
      }
    }
  const Device& dev = m_.device();
  if (int(down.size()) <= dev.linkCapacity({col, computeRows.front()}, Direction::South) &&
      int(up.size()) <= dev.linkCapacity({col, memRows.back()}, Direction::North))
    return true;
  // Over the links: only a merger is refused. Endpoints joined by nets (one cluster) need
  // those streams wherever they sit, and the router may share links by packets.
  std::vector<CoreId> reached{here.front()};
  for (size_t k = 0; k < reached.size(); ++k)
    for (NetId n : m_.netsOf(reached[k]))
      for (CoreId p : m_.pins(n))
        if (std::find(here.begin(), here.end(), p) != here.end() &&
            std::find(reached.begin(), reached.end(), p) == reached.end())
          reached.push_back(p);
  return reached.size() == here.size();
}

std::vector<MemTileCluster> memTileClusters(const PlaceModel& m, const std::vector<LayerBlock>& blocks,
                                            const std::vector<char>& fixed) {
  const Design& d = m.design();
  std::vector<int> blockOf(size_t(m.coreCount()), -1);
  for (size_t b = 0; b < blocks.size(); ++b)
    for (const auto& c : blocks[b].cells) blockOf[size_t(c.core)] = int(b);
  auto movable = [&](CoreId c) { return d.cores[c].kind == CoreKind::MemTile && !fixed[size_t(c)]; };
  // Union-find over the movable memory-tile cores that share a net.
  std::vector<CoreId> root(size_t(m.coreCount()));
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](CoreId c) {
    while (root[size_t(c)] != c) c = root[size_t(c)] = root[size_t(root[size_t(c)])];
    return c;
  };
  for (NetId n = 0; n < m.netCount(); ++n) {
    CoreId first = -1;
    for (CoreId p : m.pins(n))
      if (movable(p)) {
        if (first < 0)
          first = p;
        else
          root[size_t(find(p))] = find(first);
      }
  }
  std::vector<MemTileCluster> clusters;
  std::vector<int> index(size_t(m.coreCount()), -1);
  for (CoreId c = 0; c < m.coreCount(); ++c) {
    if (!movable(c)) continue;
    int& k = index[size_t(find(c))];
    if (k < 0) {
      k = int(clusters.size());
      clusters.emplace_back();
    }
    MemTileCluster& cl = clusters[size_t(k)];
    cl.cores.push_back(c);
    for (NetId n : m.netsOf(c))
      for (CoreId p : m.pins(n)) cl.step = std::max(cl.step, blockOf[size_t(p)]);
  }
  // A cluster that does not fit an empty memory tile is placed core by core.
  const auto& memTiles = m.hostTiles(CoreKind::MemTile);
  std::vector<MemTileCluster> out;
  MemTileLedger ledger(m, false);
  for (MemTileCluster& cl : clusters) {
    bool fits = !memTiles.empty();
    if (fits && cl.cores.size() > 1) {
      const int t = m.tileIndex(memTiles.front());
      for (CoreId c : cl.cores) ledger.place(c, t);
      fits = ledger.within(t);
      for (CoreId c : cl.cores) ledger.unplace(c);
    }
    if (fits || cl.cores.size() == 1) {
      out.push_back(std::move(cl));
      continue;
    }
    for (CoreId c : cl.cores) out.push_back({{c}, cl.step});
  }
  return out;
}

ClusterReach clusterReach(const PlaceModel& m, const MemTileCluster& cl, const std::vector<int>& colOf) {
  ClusterReach r;
  for (CoreId c : cl.cores)
    for (NetId n : m.netsOf(c))
      for (CoreId p : m.pins(n))
        if (colOf[size_t(p)] >= 0) {
          r.lo = std::min(r.lo, colOf[size_t(p)]);
          r.hi = std::max(r.hi, colOf[size_t(p)]);
        }
  return r;
}

int clusterSpan(const PlaceModel& m, const MemTileCluster& cl, int col, const std::vector<int>& colOf) {
  int span = 0;
  std::vector<NetId> seen;
  for (CoreId c : cl.cores)
    for (NetId n : m.netsOf(c)) {
      if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
      seen.push_back(n);
      ClusterReach r;
      for (CoreId p : m.pins(n))
        if (colOf[size_t(p)] >= 0) {
          r.lo = std::min(r.lo, colOf[size_t(p)]);
          r.hi = std::max(r.hi, colOf[size_t(p)]);
        }
      span += r.outside(col);
    }
  return span;
}

}  // namespace ts::aie
