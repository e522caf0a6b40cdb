#include "engine/aie/place/cost/bbcg_cost.h"

#include "engine/aie/legality.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace ts::aie {

namespace {

int64_t congestionUnits(double kappa, int64_t usage, int64_t capacity) {
  if (usage <= capacity) return 0;  // the common case, without the rounding
  int64_t over = usage - capacity;
  // usage is in micro-nets, so kappa * over is already in cost micro-units.
  return std::llround(kappa * double(over) * (BbCost::kScale / ChannelUsage::kScale));
}

}  // namespace

BbcgCost::BbcgCost(const PlaceModel& model, BbcgCostConfig config)
    : BbCost(model, config.bb), cfg_(config), channels_(model.device()) {
  const int segs = channels_.segmentCount();
  usage_.assign(size_t(segs), 0);
  capUnits_.resize(size_t(segs));
  for (int s = 0; s < segs; ++s) capUnits_[size_t(s)] = int64_t(channels_.capacity(s)) * int64_t(ChannelUsage::kScale);
  netUse_.resize(size_t(model.netCount()));
  segStamp_.assign(size_t(segs), 0);
  maxScratch_.assign(size_t(segs), 0);
}

int64_t BbcgCost::segmentUnits(int seg) const {
  return congestionUnits(cfg_.kappa, usage_[size_t(seg)], capUnits_[size_t(seg)]);
}

void BbcgCost::netUsage(NetId n, Usage& out) {
  out.clear();
  if (sharedMemoryNet(n)) return;
  const auto& pins = model().pins(n);
  const int src = tileOf(pins[0]);
  touchedScratch_.clear();
  for (size_t i = 1; i < pins.size(); ++i) {
    const int dst = tileOf(pins[i]);
    if (dst == src) continue;
    channels_.forEachUnits(src, dst, [this](int seg, int64_t units) {
      int64_t& m = maxScratch_[size_t(seg)];
      if (m == 0) touchedScratch_.push_back(seg);
      m = std::max(m, units);
    });
  }
  for (int seg : touchedScratch_) {
    if (maxScratch_[size_t(seg)] > 0) out.emplace_back(seg, maxScratch_[size_t(seg)]);
    maxScratch_[size_t(seg)] = 0;
  }
}

void BbcgCost::touchSegment(int seg) {
  if (segStamp_[size_t(seg)] == stamp_) return;
  segStamp_[size_t(seg)] = stamp_;
  segJournal_.emplace_back(seg, usage_[size_t(seg)]);
  congestion_ -= segmentUnits(seg);
  overuse_ -= std::max<int64_t>(0, usage_[size_t(seg)] - capUnits_[size_t(seg)]);
}

void BbcgCost::resetExtra() {
  std::fill(usage_.begin(), usage_.end(), 0);
  for (NetId n = 0; n < model().netCount(); ++n) {
    netUsage(n, netUse_[n]);
    for (const auto& [seg, units] : netUse_[n]) usage_[size_t(seg)] += units;
  }
  congestion_ = overuse_ = 0;
  for (int s = 0; s < int(usage_.size()); ++s) {
    congestion_ += segmentUnits(s);
    overuse_ += std::max<int64_t>(0, usage_[size_t(s)] - capUnits_[size_t(s)]);
  }
  segJournal_.clear();
  netJournal_.clear();
}

void BbcgCost::proposeExtra(const std::vector<NetId>& affected) {
  if (++stamp_ == 0) {
    std::fill(segStamp_.begin(), segStamp_.end(), 0);
    stamp_ = 1;
  }
  segJournal_.clear();
  netJournal_.clear();
  savedCongestion_ = congestion_;
  savedOveruse_ = overuse_;
  for (NetId n : affected) {
    Usage fresh = spareUsage();
    netUsage(n, fresh);
    if (fresh == netUse_[n]) {
      spare_.push_back(std::move(fresh));
      continue;
    }
    for (const auto& [seg, units] : netUse_[n]) {
      touchSegment(seg);
      usage_[size_t(seg)] -= units;
    }
    for (const auto& [seg, units] : fresh) {
      touchSegment(seg);
      usage_[size_t(seg)] += units;
    }
    netJournal_.emplace_back(n, std::move(netUse_[n]));
    netUse_[n] = std::move(fresh);
  }
  for (const auto& entry : segJournal_) {
    int seg = entry.first;
    congestion_ += segmentUnits(seg);
    overuse_ += std::max<int64_t>(0, usage_[size_t(seg)] - capUnits_[size_t(seg)]);
  }
}

BbcgCost::Usage BbcgCost::spareUsage() {
  // Usage vectors are recycled so that steady-state moves allocate nothing.
  if (spare_.empty()) return {};
  Usage u = std::move(spare_.back());
  spare_.pop_back();
  u.clear();
  return u;
}

void BbcgCost::commitExtra() {
  segJournal_.clear();
  for (auto& entry : netJournal_) spare_.push_back(std::move(entry.second));
  netJournal_.clear();
}

void BbcgCost::revertExtra() {
  for (const auto& [seg, old] : segJournal_) usage_[size_t(seg)] = old;
  for (auto& [n, use] : netJournal_) {
    spare_.push_back(std::move(netUse_[n]));
    netUse_[n] = std::move(use);
  }
  congestion_ = savedCongestion_;
  overuse_ = savedOveruse_;
  segJournal_.clear();
  netJournal_.clear();
}

CostTerms BbcgCost::terms() const {
  CostTerms t = BbCost::terms();
  t.insert(t.begin() + 2, {"congestion", congestion()});
  t.push_back({"channel_overuse", double(overuse_) / ChannelUsage::kScale});
  return t;
}

double BbcgCost::evaluate(const Placement& placement) const {
  return fromScratch(model(), cfg_, placement).front().second;
}

CostTerms BbcgCost::fromScratch(const PlaceModel& m, const BbcgCostConfig& config, const Placement& p) {
  CostTerms bb = BbCost::fromScratch(m, config.bb, p);
  const Device& dev = m.device();
  ChannelUsage channels(dev);
  std::vector<int64_t> usage(size_t(channels.segmentCount()), 0);
  std::vector<std::pair<int, double>> conn;
  for (NetId n = 0; n < m.netCount(); ++n) {
    const auto& pins = m.pins(n);
    std::vector<TileCoord> tiles;
    for (CoreId c : pins) tiles.push_back(p.tile(c));
    if (sharedMemoryPossible(m.design(), dev, p, n)) continue;  // the router's rule, links included
    std::map<int, int64_t> best;  // the net's use of each segment: its likeliest connection's
    for (size_t i = 1; i < tiles.size(); ++i) {
      channels.connection(dev.index(tiles[0]), dev.index(tiles[i]), conn);
      for (const auto& [seg, prob] : conn) {
        int64_t& b = best[seg];
        b = std::max<int64_t>(b, std::llround(prob * ChannelUsage::kScale));
      }
    }
    for (const auto& [seg, units] : best) usage[size_t(seg)] += units;
  }
  int64_t cong = 0, over = 0;
  for (size_t s = 0; s < usage.size(); ++s) {
    int64_t cap = int64_t(channels.capacity(int(s))) * int64_t(ChannelUsage::kScale);
    cong += congestionUnits(config.kappa, usage[s], cap);
    over += std::max<int64_t>(0, usage[s] - cap);
  }
  CostTerms t = bb;
  double totalUnits = std::llround(bb.front().second * kScale) + double(cong);
  t.front().second = totalUnits / kScale;
  t.insert(t.begin() + 2, {"congestion", double(cong) / kScale});
  t.push_back({"channel_overuse", double(over) / ChannelUsage::kScale});
  return t;
}

}  // namespace ts::aie
