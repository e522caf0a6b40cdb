#pragma once
// "bbcg" placement cost, the paper's eq. (10): bb plus kappa * sum over channel segments r of
// max(E[U(r)] - C(r), 0). E[U(r)] sums, over the streaming nets, the probability that the net
// uses r when every shortest route of each connection is equally likely (ChannelUsage). A
// multicast net's branches share links, so it uses a segment with the probability of its most
// likely connection through it. Nets on shared memory use no channel.
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/place/cost/channel_usage.h"

namespace ts::aie {

struct BbcgCostConfig {
  BbCostConfig bb;
  double kappa = 10.0;  ///< weight of each expected net over a segment's capacity
};

class BbcgCost : public BbCost {
 public:
  BbcgCost(const PlaceModel& model, BbcgCostConfig config = {});

  const char* name() const override { return "bbcg"; }
  CostTerms terms() const override;
  double evaluate(const Placement& placement) const override;

  /// kappa-weighted congestion term of the current state.
  double congestion() const { return double(congestion_) / kScale; }
  /// Expected use of a segment in the current state (nets).
  double expectedUse(int segment) const { return double(usage_[size_t(segment)]) / ChannelUsage::kScale; }

  /// All bbcg terms recomputed from scratch (the independent check the tests use).
  static CostTerms fromScratch(const PlaceModel& model, const BbcgCostConfig& config, const Placement& placement);

 protected:
  void resetExtra() override;
  void proposeExtra(const std::vector<NetId>& affected) override;
  void commitExtra() override;
  void revertExtra() override;
  int64_t extraUnits() const override { return congestion_; }

 private:
  using Usage = std::vector<std::pair<int, int64_t>>;
  void netUsage(NetId n, Usage& out);
  Usage spareUsage();
  void touchSegment(int seg);
  int64_t segmentUnits(int seg) const;

  BbcgCostConfig cfg_;
  ChannelUsage channels_;
  std::vector<int64_t> usage_, capUnits_;
  std::vector<Usage> netUse_;
  int64_t congestion_ = 0, overuse_ = 0;  // kappa-weighted cost units; raw micro-nets over

  std::vector<std::pair<int, int64_t>> segJournal_;
  std::vector<std::pair<NetId, Usage>> netJournal_;
  int64_t savedCongestion_ = 0, savedOveruse_ = 0;
  std::vector<uint32_t> segStamp_;
  uint32_t stamp_ = 0;
  std::vector<Usage> spare_;
  std::vector<int64_t> maxScratch_;
  std::vector<int> touchedScratch_;
};

}  // namespace ts::aie
