#include "engine/aie/place/cost/bbcg_cost.h"

#include "engine/aie/legality.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace ts::aie {

namespace {

// Pair patterns kept before the cache is trimmed to those in use (values, 2 bytes each).
constexpr size_t kMaxPairCacheValues = size_t(8) << 20;

int64_t congestionUnits(double kappa, int64_t overuse, int32_t unitsPerNet) {
  if (overuse <= 0) return 0;
  // Rounded half up like llround (the value is positive), without its library call: this runs
  // several times per move.
  return int64_t(kappa * double(overuse) * (BbCost::kScale / unitsPerNet) + 0.5);
}

int64_t positive(int64_t x) {
  return x > 0 ? x : 0;
}

}  // namespace

BbcgCost::BbcgCost(const PlaceModel& model, BbcgCostConfig config)
    : BbCost(model, config.bb),
      cfg_(config),
      channels_(model.device(), ChannelUsage::unitsPerNet(model.netCount(), config.rowsPerBin), config.rowsPerBin) {
  columns_ = model.device().columns();
  rowStride_ = 4 * columns_;
  const size_t values = size_t(channels_.bins()) * size_t(rowStride_);
  excess_.assign(values + 4, 0);
  binCapacity_.assign(values, 0);
  for (int s = 0; s < channels_.segmentCount(); ++s) binCapacity_[lane(s)] += channels_.capacity(s);
  for (unsigned dirs = 0; dirs < 16; ++dirs)
    for (int d = 0; d < 4; ++d)
      if (dirs >> d & 1) excessLanes_[dirs].offset[excessLanes_[dirs].count++] = d * columns_;
  current_.resize(size_t(model.netCount()));
  merged_.resize(size_t(model.netCount()));
  for (NetId n = 0; n < model.netCount(); ++n) {
    connFirst_.push_back(int(connTile_.size()));
    connTile_.resize(connTile_.size() + model.pins(n).size() - 1, -1);
  }
  connSource_.assign(size_t(model.netCount()), -1);
  connPattern_.assign(connTile_.size(), PatternRef{});
  rowOveruse_.assign(size_t(channels_.bins()), 0);
}

int64_t BbcgCost::congestionOf(int64_t overuse) const {
  return congestionUnits(cfg_.kappa, overuse, channels_.units());
}

size_t BbcgCost::lane(int segment) const {
  const int tile = segment / 4;
  return size_t((channels_.binOf(tile / columns_) * 4 + segment % 4) * columns_ + tile % columns_);
}

int64_t BbcgCost::replace(const Placed& from, const Placed& to) {
  const int32_t unit = channels_.maxValue();
  const PatternRef& a = from.pattern;
  const PatternRef& b = to.pattern;
  if (!a.empty() && !b.empty() && a.firstRow == b.firstRow && a.rows == b.rows && a.tiles == b.tiles &&
      a.dirs == b.dirs && from.anchor + a.col0 == to.anchor + b.col0) {
    // The same rectangle (typical of a multicast net whose target moved inside it): one pass.
    return kernels::addDifferenceCounting(excessAt(b, to.anchor), rowStride_, excessLanes_[b.dirs], b.values, a.values,
                                          b.rows, b.span(), unit, rowOveruse_.data() + b.firstRow);
  }
  int64_t change = 0;
  if (!a.empty())
    change += kernels::addCounting(excessAt(a, from.anchor), rowStride_, excessLanes_[a.dirs], a.values, a.rows,
                                   a.span(), -1, unit, rowOveruse_.data() + a.firstRow);
  if (!b.empty())
    change += kernels::addCounting(excessAt(b, to.anchor), rowStride_, excessLanes_[b.dirs], b.values, b.rows, b.span(),
                                   +1, unit, rowOveruse_.data() + b.firstRow);
  return change;
}

PatternRef BbcgCost::mergeConnections(std::vector<PatternValue>& buffer) const {
  // Absolute columns (anchor 0), on the rectangle holding every connection.
  int top = 1 << 30, bottom = -1, left = 1 << 30, right = -1;
  unsigned dirs = 0;
  for (const PatternRef* pl : conns_) {
    const PatternRef& p = *pl;
    top = std::min(top, int(p.firstRow));
    bottom = std::max(bottom, p.firstRow + p.rows - 1);
    left = std::min(left, int(p.col0));
    right = std::max(right, p.col0 + p.tiles - 1);
    dirs |= p.dirs;
  }
  left += connAnchor_;
  right += connAnchor_;
  PatternRef out;
  out.firstRow = int16_t(top);
  out.rows = int16_t(bottom - top + 1);
  out.col0 = int16_t(left);
  out.tiles = int16_t(right - left + 1);
  out.dirs = uint8_t(dirs);
  // Each direction's lane in the merged rows.
  int laneOf[4] = {};
  for (int d = 0, k = 0; d < 4; ++d)
    if (dirs >> d & 1) laneOf[d] = out.span() * k++;
  // The buffer only grows (resize would zero what clear() zeroes again); four values more for
  // the padding of the last lane of a connection at the merged columns' end.
  const size_t size = size_t(out.size());
  if (buffer.size() < size + 4) buffer.resize(size + 4);
  kernels::clear(buffer.data(), int(size));
  for (const PatternRef* pl : conns_) {
    const PatternRef& p = *pl;
    kernels::LaneOffsets lanes;
    for (int d = 0; d < 4; ++d)
      if (p.dirs >> d & 1) lanes.offset[lanes.count++] = laneOf[d];
    PatternValue* at = buffer.data() + size_t(p.firstRow - top) * size_t(out.width()) + (connAnchor_ + p.col0 - left);
    kernels::maxInto(at, out.width(), lanes, p.values, p.rows, p.span());
  }
  out.values = buffer.data();
  return out;
}

void BbcgCost::lookUp(NetId n) {
  const auto& pins = model().pins(n);
  const int src = tileOf(pins[0]);
  connAnchor_ = src % model().device().columns();
  const bool sameSource = connSource_[size_t(n)] == src;
  connSource_[size_t(n)] = src;
  for (size_t i = 1; i < pins.size(); ++i) {
    const size_t k = size_t(connFirst_[size_t(n)]) + i - 1;
    const int to = tileOf(pins[i]);
    if (!sameSource || connTile_[k] != to) {
      connTile_[k] = to;
      connPattern_[k] = channels_.pattern(src, to);
    }
    if (!connPattern_[k].empty()) conns_.push_back(&connPattern_[k]);
  }
}

void BbcgCost::stage(NetId n, bool skipUnchanged) {
  conns_.clear();
  if (!sharedMemoryNet(n)) lookUp(n);
  const Placed& old = current_[n];
  Change c{n, {}, -1};
  if (conns_.size() == 1) {
    c.next = {*conns_.front(), connAnchor_};
    if (skipUnchanged && old.pattern == c.next.pattern && old.anchor == c.next.anchor) return;
  } else if (conns_.size() > 1) {
    // A multicast net uses a segment with the probability of its likeliest connection there.
    if (mergeUsed_ == int(mergePool_.size())) mergePool_.emplace_back();
    c.merged = mergeUsed_++;
    c.next = {mergeConnections(mergePool_[size_t(c.merged)]), 0};
  } else if (skipUnchanged && old.pattern.empty()) {
    return;
  }
  overuse_ += replace(old, c.next);
  changes_.push_back(c);
}

void BbcgCost::trimCache() {
  if (channels_.pairCacheValues() <= kMaxPairCacheValues) return;
  std::vector<const PatternValue*> inUse;
  for (NetId n = 0; n < model().netCount(); ++n)
    if (!current_[n].pattern.empty()) inUse.push_back(current_[n].pattern.values);
  channels_.trimPairCache(inUse);
  std::fill(connSource_.begin(), connSource_.end(), -1);  // the dropped patterns may be among them
}

void BbcgCost::resetExtra() {
  std::fill(excess_.begin(), excess_.end(), 0);
  for (size_t i = 0; i < binCapacity_.size(); ++i) excess_[i] = -binCapacity_[i] * channels_.units();
  std::fill(current_.begin(), current_.end(), Placed{});
  changes_.clear();
  mergeUsed_ = 0;
  for (NetId n = 0; n < model().netCount(); ++n) stage(n, false);
  commitExtra();
  overuse_ = 0;
  std::fill(rowOveruse_.begin(), rowOveruse_.end(), 0);
  for (size_t i = 0; i < binCapacity_.size(); ++i) {
    overuse_ += positive(excess_[i]);
    rowOveruse_[i / size_t(rowStride_)] += positive(excess_[i]);
  }
  congestion_ = congestionOf(overuse_);
}

bool BbcgCost::beyondBudget(const std::vector<NetId>& affected, double budget, int64_t& atLeast) const {
  // The least the congestion can change is by removing every unit of overuse in reach: first the
  // overuse of the rows the nets' current patterns cover (cheap), then, per net, what its
  // pattern can remove where it lies (min(overuse, use) per segment), until that is enough.
  auto change = [&](int64_t relief) { return relief > 0 ? congestionOf(overuse_ - relief) - congestion_ : 0; };
  if (rowOveruse_.size() <= 64) {
    atLeast = change(rowRelief(affected));
    if (double(atLeast) > budget) return true;
  }
  int64_t relief = 0;
  for (NetId n : affected) {
    const Placed& pl = current_[n];
    const PatternRef& p = pl.pattern;
    if (p.empty()) continue;
    relief += kernels::relief(excessAt(p, pl.anchor), rowStride_, excessLanes_[p.dirs], p.values, p.rows, p.span(),
                              channels_.maxValue());
    if (double(change(relief)) <= budget) return false;
  }
  atLeast = change(relief);
  return true;
}

int64_t BbcgCost::rowRelief(const std::vector<NetId>& affected) const {
  // Moving nets can only remove overuse where their current patterns lie: at most the overuse
  // of the rows those cover.
  uint64_t rows = 0;
  for (NetId n : affected) {
    const PatternRef& p = current_[n].pattern;
    if (!p.empty()) rows |= ((p.rows < 64 ? (uint64_t(1) << p.rows) : 0) - 1) << p.firstRow;
  }
  int64_t relief = 0;
  for (; rows; rows &= rows - 1) relief += rowOveruse_[size_t(__builtin_ctzll(rows))];
  return relief;
}

bool BbcgCost::proposeExtra(const std::vector<NetId>& affected, double budget, int64_t& atLeast) {
  trimCache();
  savedOveruse_ = overuse_;
  savedCongestion_ = congestion_;
  changes_.clear();
  if (budget < 0 && beyondBudget(affected, budget, atLeast)) return false;
  mergeUsed_ = 0;
  // One-target nets first (cheap). If the move is then over budget, multicast nets can only
  // bring it back by what removing their current use relieves (adding their new use never
  // lowers the overuse): when even that is not enough, the move is rejected before any merge.
  bool multicast = false;
  for (NetId n : affected) {
    if (model().pins(n).size() > 2)
      multicast = true;
    else
      stage(n, true);
  }
  if (multicast && multicastCannotHelp(affected, budget, atLeast)) {
    revertExtra();
    return false;
  }
  for (NetId n : affected)
    if (model().pins(n).size() > 2) stage(n, true);
  if (!changes_.empty()) congestion_ = congestionOf(overuse_);
  return true;
}

bool BbcgCost::multicastCannotHelp(const std::vector<NetId>& affected, double budget, int64_t& atLeast) const {
  auto change = [&](int64_t relief) { return congestionOf(overuse_ - relief) - savedCongestion_; };
  if (double(change(0)) <= budget) return false;
  int64_t relief = 0;
  for (NetId n : affected) {
    const Placed& pl = current_[n];
    const PatternRef& p = pl.pattern;
    if (p.empty() || model().pins(n).size() <= 2) continue;
    relief += kernels::relief(excessAt(p, pl.anchor), rowStride_, excessLanes_[p.dirs], p.values, p.rows, p.span(),
                              channels_.maxValue());
    if (double(change(relief)) <= budget) return false;
  }
  atLeast = change(relief);
  return true;
}

void BbcgCost::commitExtra() {
  for (const Change& c : changes_) {
    if (c.merged < 0) {
      current_[c.net] = c.next;
      continue;
    }
    std::swap(mergePool_[size_t(c.merged)], merged_[c.net]);  // the old buffers are reused next time
    current_[c.net] = c.next;                                 // its values moved with the buffer
  }
  changes_.clear();
}

void BbcgCost::revertExtra() {
  // Integer sums: taking the changes back in any order restores the excess and row overuse exactly.
  for (const Change& c : changes_) replace(c.next, current_[c.net]);
  overuse_ = savedOveruse_;
  congestion_ = savedCongestion_;
  changes_.clear();
}

CostTerms BbcgCost::terms() const {
  CostTerms t = BbCost::terms();
  t.insert(t.begin() + 2, {"congestion", congestion()});
  t.push_back({"channel_overuse", double(overuse_) / channels_.units()});
  return t;
}

double BbcgCost::evaluate(const Placement& placement) const {
  return fromScratch(model(), cfg_, placement).front().second;
}

CostTerms BbcgCost::fromScratch(const PlaceModel& m, const BbcgCostConfig& config, const Placement& p) {
  CostTerms bb = BbCost::fromScratch(m, config.bb, p);
  const Device& dev = m.device();
  const int32_t unit = ChannelUsage::unitsPerNet(m.netCount(), config.rowsPerBin);
  ChannelUsage channels(dev, unit, config.rowsPerBin);
  // A segment's bin: (bin row, direction, column); each segment its own without binning.
  auto binOf = [&](int seg) {
    const TileCoord t = dev.coord(seg / 4);
    return std::make_tuple(channels.binOf(t.row), seg % 4, t.col);
  };
  using Bin = std::tuple<int, int, int>;
  std::map<Bin, int64_t> usage, capacity;
  for (int s = 0; s < channels.segmentCount(); ++s) capacity[binOf(s)] += channels.capacity(s);
  std::vector<std::pair<int, double>> conn;
  for (NetId n = 0; n < m.netCount(); ++n) {
    const auto& pins = m.pins(n);
    std::vector<TileCoord> tiles;
    for (CoreId c : pins) tiles.push_back(p.tile(c));
    if (sharedMemoryPossible(m.design(), dev, p, n)) continue;  // the router's rule, links included
    std::map<Bin, int64_t> best;                                // the net's use of each bin: its likeliest connection's
    for (size_t i = 1; i < tiles.size(); ++i) {
      channels.connection(dev.index(tiles[0]), dev.index(tiles[i]), conn);
      std::map<Bin, int64_t> use;  // this connection's, each segment rounded on its own
      for (const auto& [seg, prob] : conn) use[binOf(seg)] += std::llround(prob * unit);
      for (const auto& [bin, units] : use) best[bin] = std::max(best[bin], units);
    }
    for (const auto& [bin, units] : best) usage[bin] += units;
  }
  int64_t over = 0;
  for (const auto& [bin, units] : usage) over += positive(units - capacity[bin] * unit);
  const int64_t cong = congestionUnits(config.kappa, over, unit);
  CostTerms t = bb;
  double totalUnits = std::llround(bb.front().second * kScale) + double(cong);
  t.front().second = totalUnits / kScale;
  t.insert(t.begin() + 2, {"congestion", double(cong) / kScale});
  t.push_back({"channel_overuse", double(over) / unit});
  return t;
}

}  // namespace ts::aie
