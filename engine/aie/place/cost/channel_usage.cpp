#include "engine/aie/place/cost/channel_usage.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <deque>

namespace ts::aie {

namespace {

constexpr Direction kDirs[] = {Direction::North, Direction::South, Direction::East, Direction::West};

// The lowest source row cs from which the rows cs, cs + step, ... have the same links as sr, sr +
// step, ..., tr (step towards tr): the box from cs has the same probabilities (sr itself at worst).
int lowestMatchingSource(const std::vector<int>& rowLinks, int sr, int tr) {
  const int rows = int(rowLinks.size()), step = tr >= sr ? 1 : -1, n = std::abs(tr - sr) + 1;
  auto matches = [&](int cs) {
    for (int j = 0; j < n; ++j)
      if (rowLinks[size_t(sr + step * j)] != rowLinks[size_t(cs + step * j)]) return false;
    return true;
  };
  for (int cs = 0; cs < rows; ++cs) {
    const int ct = cs + step * (n - 1);
    if (ct >= 0 && ct < rows && matches(cs)) return cs;
  }
  return sr;
}

}  // namespace

int32_t ChannelUsage::unitsPerNet(int nets, int rowsPerBin) {
  // A bin's total stays below 2^31 units even if every net used all its segments.
  const int k = std::max(1, rowsPerBin);
  int32_t units = 50000 / k;
  while (units > 1 && int64_t(nets + 64) * units * k >= (int64_t(1) << 31)) units /= 10;
  return units;
}

ChannelUsage::ChannelUsage(const Device& device, int32_t unitsPerNet, int rowsPerBin)
    : device_(&device),
      columns_(device.columns()),
      rows_(device.rows()),
      units_(unitsPerNet),
      rowsPerBin_(std::max(1, rowsPerBin)) {
  assert(int64_t(unitsPerNet) * rowsPerBin_ > 0 && int64_t(unitsPerNet) * rowsPerBin_ <= 65535);  // fits a PatternValue
  // Bins from the bottom: a row joins the bin below it while that holds fewer than rowsPerBin
  // rows of the same kind.
  const std::vector<TileKind>& roles = device.rowRoles();
  std::vector<int> binSize, posInBin;  // per row: its bin's rows and its place there
  for (int r = 0, start = 0; r < rows_; ++r) {
    if (r > start && (r - start == rowsPerBin_ || roles[size_t(r)] != roles[size_t(start)])) {
      start = r;
      ++bins_;
    }
    binOf_.push_back(bins_);
    posInBin.push_back(r - start);
  }
  bins_ = rows_ > 0 ? bins_ + 1 : 0;
  for (int r = 0; r < rows_; ++r) binSize.push_back(int(std::count(binOf_.begin(), binOf_.end(), binOf_[size_t(r)])));
  capacity_.assign(size_t(device.tileCount()) * 4, 0);
  for (int i = 0; i < device.tileCount(); ++i) {
    rowOf_.push_back(i / columns_);
    colOf_.push_back(i % columns_);
  }
  for (int i = 0; i < device.tileCount(); ++i)
    for (Direction d : kDirs) capacity_[size_t(segment(i, d))] = device.linkCapacity(device.coord(i), d);
  // Shift invariance needs every link a route inside a box can take to exist or not alike along
  // a row: north and south everywhere, east but from the last column, west but from the first.
  rowUniform_ = true;
  std::vector<int> rowLinks(size_t(rows_), 0);  // per row, a bit per direction that has links, and its bin's shape
  for (int r = 0; r < rows_; ++r) {
    for (Direction d : kDirs) {
      const int first = d == Direction::West ? 1 : 0, last = d == Direction::East ? columns_ - 2 : columns_ - 1;
      if (first > last) continue;
      const bool has = link(device.index({first, r}), d);
      for (int c = first; c <= last; ++c) rowUniform_ = rowUniform_ && link(device.index({c, r}), d) == has;
      rowLinks[size_t(r)] |= int(has) << int(d);
    }
    // Boxes share values only where their rows also fall alike into bins.
    rowLinks[size_t(r)] |= posInBin[size_t(r)] << 4 | binSize[size_t(r)] << 12;
  }
  if (rowUniform_) {
    byShape_.resize(size_t(rows_) * size_t(rows_) * size_t(2 * columns_ - 1));
    shapeState_.assign(byShape_.size(), kUnknown);
    // A box's probabilities depend on the links of its rows in route order (and their bins), not
    // on where those rows are: boxes between the compute rows, say, look alike at every height
    // (with bins of two rows, at every other height). Each pair of source and target rows maps
    // to the lowest pair whose rows match, which holds the values.
    canonicalRow_.assign(size_t(rows_) * size_t(rows_), 0);
    for (int sr = 0; sr < rows_; ++sr)
      for (int tr = 0; tr < rows_; ++tr)
        canonicalRow_[size_t(sr * rows_ + tr)] = lowestMatchingSource(rowLinks, sr, tr);
  }
}

PatternRef ChannelUsage::build(int fromTile, int toTile, std::vector<PatternValue>& values, bool* viaWholeArray) {
  connection(fromTile, toTile, scratch_, viaWholeArray);
  PatternRef p;
  values.clear();
  if (scratch_.empty()) return p;
  const int anchor = fromTile % columns_;
  int binLo = bins_, binHi = -1, colLo = columns_, colHi = -1;
  for (const auto& entry : scratch_) {
    const int tile = entry.first / 4, bin = binOf_[size_t(tile / columns_)], col = tile % columns_;
    binLo = std::min(binLo, bin);
    binHi = std::max(binHi, bin);
    colLo = std::min(colLo, col);
    colHi = std::max(colHi, col);
    p.dirs = uint8_t(p.dirs | 1u << (entry.first % 4));
  }
  p.firstRow = int16_t(binLo);
  p.rows = int16_t(binHi - binLo + 1);
  p.col0 = int16_t(colLo - anchor);
  p.tiles = int16_t(colHi - colLo + 1);
  values.assign(size_t(p.size()), 0);
  // Each segment's use rounded on its own, then summed over its bin (the from-scratch check's order).
  for (const auto& [seg, prob] : scratch_) {
    const int tile = seg / 4, bin = binOf_[size_t(tile / columns_)], col = tile % columns_;
    values[size_t(p.index(bin - binLo, col - colLo, seg % 4))] += PatternValue(std::llround(prob * units_));
  }
  return p;
}

PatternValue* ChannelUsage::allocate(size_t n) {
  // Blocks of 64 Ki values (128 KiB), or one of its own for a larger pattern; not zeroed (the
  // caller fills what it takes).
  constexpr size_t kBlock = size_t(1) << 16;
  if (blockUsed_ + n > blockSize_) {
    blockSize_ = std::max(kBlock, n);
    blocks_.emplace_back(new PatternValue[blockSize_]);
    blockUsed_ = 0;
  }
  PatternValue* at = blocks_.back().get() + blockUsed_;
  blockUsed_ += n;
  return at;
}

PatternRef ChannelUsage::pattern(int fromTile, int toTile) {
  if (fromTile == toTile) return {};
  if (rowUniform_) {
    const int sr = rowOf_[size_t(fromTile)], tr = rowOf_[size_t(toTile)];
    const int dc = colOf_[size_t(toTile)] - colOf_[size_t(fromTile)];
    const size_t key = shapeKey(sr, tr, dc);
    if (shapeState_[key] == kBuilt) return byShape_[key];
    const int cs = canonicalRow_[size_t(sr * rows_ + tr)];
    if (shapeState_[key] == kUnknown && cs != sr) {
      // The same values as the box with the same rows lower down, moved up (built first if
      // need be; when its routes leave the box, this pair's own are counted below).
      const int shift = sr - cs;
      const size_t canonical = shapeKey(cs, tr - shift, dc);
      PatternRef p;
      if (shapeState_[canonical] != kLeavesBox)
        p = pattern(cs * columns_ + colOf_[size_t(fromTile)], (tr - shift) * columns_ + colOf_[size_t(toTile)]);
      shapeState_[key] = shapeState_[canonical];
      if (shapeState_[key] == kBuilt) {
        if (!p.empty()) p.firstRow = int16_t(p.firstRow + binOf_[size_t(sr)] - binOf_[size_t(cs)]);
        return byShape_[key] = p;
      }
    }
    if (shapeState_[key] == kUnknown) {
      bool leaves = false;
      PatternRef p = build(fromTile, toTile, buildValues_, &leaves);
      if (!leaves) {
        if (!p.empty()) {
          PatternValue* at = allocate(buildValues_.size());
          std::copy(buildValues_.begin(), buildValues_.end(), at);
          p.values = at;
        }
        shapeState_[key] = kBuilt;
        return byShape_[key] = p;
      }
      shapeState_[key] = kLeavesBox;  // depends on the ends' columns: cached per pair below
    }
  }
  const int64_t key = int64_t(fromTile) * device_->tileCount() + toTile;
  auto it = byPair_.find(key);
  if (it != byPair_.end()) return it->second.ref;
  PairPattern& entry = byPair_[key];
  entry.ref = build(fromTile, toTile, entry.values, nullptr);
  entry.ref.values = entry.values.empty() ? nullptr : entry.values.data();
  pairValues_ += entry.values.size();
  return entry.ref;
}

void ChannelUsage::trimPairCache(const std::vector<const PatternValue*>& keep) {
  std::vector<const PatternValue*> sorted = keep;
  std::sort(sorted.begin(), sorted.end());
  pairValues_ = 0;
  for (auto it = byPair_.begin(); it != byPair_.end();) {
    if (!it->second.values.empty() && std::binary_search(sorted.begin(), sorted.end(), it->second.values.data())) {
      pairValues_ += it->second.values.size();
      ++it;
    } else {
      it = byPair_.erase(it);
    }
  }
}

void ChannelUsage::connection(int fromTile, int toTile, std::vector<std::pair<int, double>>& out,
                              bool* viaWholeArray) const {
  out.clear();
  if (viaWholeArray) *viaWholeArray = false;
  if (fromTile == toTile) return;
  const Device& dev = *device_;
  TileCoord s = dev.coord(fromTile), t = dev.coord(toTile);
  const int dc = t.col - s.col, dr = t.row - s.row;
  const int w = std::abs(dc) + 1, h = std::abs(dr) + 1;
  const int sx = dc > 0 ? 1 : -1, sy = dr > 0 ? 1 : -1;
  const Direction hd = dc > 0 ? Direction::East : Direction::West;
  const Direction vd = dr > 0 ? Direction::North : Direction::South;
  auto tileAt = [&](int i, int j) { return dev.index({s.col + i * sx, s.row + j * sy}); };
  // Monotone routes inside the box are exactly the shortest ones when any exists.
  std::vector<double> f(size_t(w * h), 0.0), g(size_t(w * h), 0.0);
  auto at = [w](int i, int j) { return size_t(j * w + i); };
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) {
      if (i == 0 && j == 0) {
        f[0] = 1;
        continue;
      }
      double v = 0;
      if (i > 0 && link(tileAt(i - 1, j), hd)) v += f[at(i - 1, j)];
      if (j > 0 && link(tileAt(i, j - 1), vd)) v += f[at(i, j - 1)];
      f[at(i, j)] = v;
    }
  const double total = f[at(w - 1, h - 1)];
  if (total <= 0) {
    if (viaWholeArray) *viaWholeArray = true;
    wholeArray(fromTile, toTile, out);
    return;
  }
  for (int j = h - 1; j >= 0; --j)
    for (int i = w - 1; i >= 0; --i) {
      if (i == w - 1 && j == h - 1) {
        g[at(i, j)] = 1;
        continue;
      }
      double v = 0;
      if (i < w - 1 && link(tileAt(i, j), hd)) v += g[at(i + 1, j)];
      if (j < h - 1 && link(tileAt(i, j), vd)) v += g[at(i, j + 1)];
      g[at(i, j)] = v;
    }
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) {
      int tile = tileAt(i, j);
      if (i < w - 1 && link(tile, hd)) {
        double p = f[at(i, j)] * g[at(i + 1, j)] / total;
        if (p > 0) out.emplace_back(segment(tile, hd), p);
      }
      if (j < h - 1 && link(tile, vd)) {
        double p = f[at(i, j)] * g[at(i, j + 1)] / total;
        if (p > 0) out.emplace_back(segment(tile, vd), p);
      }
    }
}

void ChannelUsage::wholeArray(int fromTile, int toTile, std::vector<std::pair<int, double>>& out) const {
  // Shortest-route counting by breadth-first search from both ends.
  const Device& dev = *device_;
  const int n = dev.tileCount();
  auto bfs = [&](int start, bool forward, std::vector<int>& dist, std::vector<double>& count) {
    dist.assign(size_t(n), -1);
    count.assign(size_t(n), 0.0);
    std::deque<int> queue{start};
    dist[size_t(start)] = 0;
    count[size_t(start)] = 1;
    while (!queue.empty()) {
      int u = queue.front();
      queue.pop_front();
      for (Direction d : kDirs) {
        TileCoord nb = dev.neighbour(dev.coord(u), d);
        if (nb.col < 0) continue;
        int v = dev.index(nb);
        // Backwards we follow links v -> u, i.e. leaving the neighbour towards u.
        bool ok = forward ? link(u, d) : capacity_[size_t(segment(v, Direction(int(d) ^ 1)))] > 0;
        if (!ok) continue;
        if (dist[size_t(v)] < 0) {
          dist[size_t(v)] = dist[size_t(u)] + 1;
          queue.push_back(v);
        }
        if (dist[size_t(v)] == dist[size_t(u)] + 1) count[size_t(v)] += count[size_t(u)];
      }
    }
  };
  std::vector<int> ds, dt;
  std::vector<double> cs, ct;
  bfs(fromTile, true, ds, cs);
  if (ds[size_t(toTile)] < 0) return;
  bfs(toTile, false, dt, ct);
  const int len = ds[size_t(toTile)];
  const double total = cs[size_t(toTile)];
  for (int u = 0; u < n; ++u) {
    if (ds[size_t(u)] < 0) continue;
    for (Direction d : kDirs) {
      if (!link(u, d)) continue;
      int v = dev.index(dev.neighbour(dev.coord(u), d));
      if (dt[size_t(v)] < 0 || ds[size_t(u)] + 1 + dt[size_t(v)] != len) continue;
      out.emplace_back(segment(u, d), cs[size_t(u)] * ct[size_t(v)] / total);
    }
  }
}

}  // namespace ts::aie
