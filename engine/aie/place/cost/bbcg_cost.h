#pragma once
// "bbcg" placement cost, the paper's eq. (10): bb plus kappa * sum over channel segments r of
// max(E[U(r)] - C(r), 0). E[U(r)] sums, over the streaming nets, the probability that the net
// uses r when every shortest route of each connection is equally likely (ChannelUsage). A
// multicast net's branches share links, so it uses a segment with the probability of its most
// likely connection through it. Nets on shared memory use no channel.
//
// The congestion term is kappa times the total overuse (rounded once, so the sum of units is
// exact and the kappa weighting cannot drift).
//
// Incremental evaluation. The state is the excess E(r) = E[U(r)] - C(r) per segment in fixed
// point, laid out by row, then direction, then column (a lane per row and direction), like the
// connection patterns (ChannelUsage::pattern). With row bins (rowsPerBin) r is a bin: the
// segments of one column and direction over the bin's rows, summed. propose() applies each moved
// net's change to E in place (old pattern out, new one in; a multicast net's connections merged
// by maximum), and the same pass sums the change of max(E, 0) (vector loops over eight segments
// at a time; segment_kernels.h): the overuse change telescopes, so it is exact whatever the order.
// commit() keeps E, revert() applies the changes back. Between propose() and commit()/revert()
// E holds the staged move.
//
// Memory, not arithmetic, bounds a move: the patterns of a large array (thousands of shapes,
// megabytes) live in the outer caches. So pattern values are 16 bits (PatternValue), each
// connection keeps a copy of its pattern's shape (PatternRef) next to its tile, and shapes'
// values sit side by side in blocks. (A pass that prefetched every line a move would read
// helped with 32-bit values; with 16-bit ones it cost more than it saved: CRONet 0.71 M moves/s
// with it, 0.81 M without.)
//
// Early rejection (the annealer gives a budget): before staging, when the bb change alone is
// over it and the overuse the moved nets' current patterns could relieve cannot make up for it;
// after staging the one-target nets, when the multicast nets (the costly merges) could not
// bring the change back within it even by removing their current use.
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/place/cost/channel_usage.h"
#include "engine/aie/place/cost/segment_kernels.h"

namespace ts::aie {

struct BbcgCostConfig {
  BbCostConfig bb;
  double kappa = 10.0;  ///< weight of each expected net over a segment's capacity
  /// Adjacent array rows of the same kind counted together (ChannelUsage's bins): 1 counts each
  /// segment (eq. 10 as written); 2 counts a pair of rows' segments of one column and direction
  /// against their summed capacity, half the passes per pattern.
  int rowsPerBin = 1;
};

class BbcgCost : public BbCost {
 public:
  BbcgCost(const PlaceModel& model, BbcgCostConfig config = {});

  const char* name() const override { return "bbcg"; }
  CostTerms terms() const override;
  double evaluate(const Placement& placement) const override;

  /// kappa-weighted congestion term of the current state.
  double congestion() const { return double(congestion_) / kScale; }
  /// Expected use in the current state (nets) of the bin holding a segment (the segment itself
  /// unless rows are binned), and its capacity (links).
  double expectedUse(int segment) const {
    return double(int64_t(excess_[size_t(lane(segment))]) + int64_t(binCapacity_[lane(segment)]) * channels_.units()) /
           channels_.units();
  }
  int binCapacity(int segment) const { return binCapacity_[lane(segment)]; }

  /// Channel overuse per bin row (units), as the early rejection bound sees it.
  const std::vector<int64_t>& rowOveruse() const { return rowOveruse_; }

  /// All bbcg terms recomputed from scratch (the independent check the tests use).
  static CostTerms fromScratch(const PlaceModel& model, const BbcgCostConfig& config, const Placement& placement);

 protected:
  void resetExtra() override;
  bool proposeExtra(const std::vector<NetId>& affected, double budget, int64_t& atLeast) override;
  void commitExtra() override;
  void revertExtra() override;
  int64_t extraUnits() const override { return congestion_; }

 private:
  /// A pattern placed on the array: its columns are relative to `anchor`.
  struct Placed {
    PatternRef pattern;
    int anchor = 0;
  };
  /// A net changed by the staged move and what it will add; `merged` >= 0 names the slot of
  /// mergePool_ holding a multicast net's new pattern.
  struct Change {
    NetId net;
    Placed next;
    int merged;
  };

  int64_t congestionOf(int64_t overuse) const;
  /// excess_'s index of a segment: (bin * 4 + direction) * columns + column.
  size_t lane(int segment) const;
  /// Where pattern p, anchored at `anchor`, starts in excess_.
  int32_t* excessAt(const PatternRef& p, int anchor) {
    return excess_.data() + p.firstRow * rowStride_ + anchor + p.col0;
  }
  const int32_t* excessAt(const PatternRef& p, int anchor) const {
    return excess_.data() + p.firstRow * rowStride_ + anchor + p.col0;
  }
  /// Brings net n's memo of connection patterns up to date with its ends' tiles, and appends
  /// its connections that use a channel to conns_ (anchored at connAnchor_).
  void lookUp(NetId n);
  void stage(NetId n, bool skipUnchanged);
  /// Applies `to` in place of `from` (either may be empty) to the excess; returns the overuse
  /// change and adds each row's part to rowOveruse_.
  int64_t replace(const Placed& from, const Placed& to);
  /// The maximum of conns_ (anchored at connAnchor_) into `buffer`: a pattern with absolute columns.
  PatternRef mergeConnections(std::vector<PatternValue>& buffer) const;
  /// Whether the congestion change of moving `affected` nets must exceed `budget`, from bounds on
  /// the overuse their current patterns can relieve; `atLeast` then gets a lower bound of it.
  bool beyondBudget(const std::vector<NetId>& affected, double budget, int64_t& atLeast) const;
  int64_t rowRelief(const std::vector<NetId>& affected) const;
  /// Whether, with the one-target nets of `affected` staged, the congestion change must exceed
  /// `budget` whatever the multicast nets do; `atLeast` then gets a lower bound of it.
  bool multicastCannotHelp(const std::vector<NetId>& affected, double budget, int64_t& atLeast) const;
  void trimCache();

  BbcgCostConfig cfg_;
  ChannelUsage channels_;
  // E[U(r)] - C(r) in units, per segment (lane()), and a few zeros after the last for the
  // padding of a pattern at the array's end.
  std::vector<int32_t> excess_;
  std::vector<int> binCapacity_;          // links per excess_ value
  int columns_ = 0, rowStride_ = 0;       // excess_ values per lane and per row
  kernels::LaneOffsets excessLanes_[16];  // per set of directions, their lanes in a row
  std::vector<Placed> current_;           // per net: what it adds to the excess now (empty: nothing)
  // Per multicast net, the values of its max over connections (current_ points into it).
  std::vector<std::vector<PatternValue>> merged_;
  // Per net, the patterns last looked up for its connections (the source's tile they are for,
  // -1 for none; per target pin its tile and pattern), so that unmoved ends need no lookup.
  std::vector<int> connFirst_, connSource_, connTile_;
  std::vector<PatternRef> connPattern_;
  int64_t overuse_ = 0, congestion_ = 0;  // units over capacity; congestionOf(overuse_)

  // The staged move.
  std::vector<Change> changes_;
  std::vector<const PatternRef*> conns_;  // scratch: one net's new connections (in connPattern_),
  int connAnchor_ = 0;                    // all anchored at its source's column
  // Buffers for staged multicast patterns; a commit swaps them with merged_ (the buffers, and
  // the values the changes point to, never move).
  std::vector<std::vector<PatternValue>> mergePool_;
  int mergeUsed_ = 0;
  int64_t savedOveruse_ = 0, savedCongestion_ = 0;
  std::vector<int64_t> rowOveruse_;  // overuse per row (units), for the early rejection bound
};

}  // namespace ts::aie
