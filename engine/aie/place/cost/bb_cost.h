#pragma once
// "bb" placement cost, the paper's eq. (9): sum over nets of q(n) * (bbx + bby), plus heavy
// penalties for what placement alone shows will not fit:
//  - DMA channels: a net whose endpoints are all compute cores sharing one memory needs none;
//    every other net needs one MM2S at its source and one S2MM at each target. Compute tiles are
//    penalised for every channel over capacity; memory-tile and shim tiles only when several
//    endpoints share the tile (as the placement checker rules; a lone endpoint with more nets
//    than channels is left to packet switching). With `dmaSharing` a tile's streams count as
//    packet streams that may share channels (as the MILP router may route them): the channels
//    they need are a lower bound of their packing (routing_legality.h, stream_bandwidth.h): at
//    least flows / flows per channel, their cycles per object (each at most the interval) over
//    the interval, and one per flow longer than half the interval. So only overuse that no
//    routing can avoid is charged.
//    Nets that take turns (Design::turns) count once per group at a tile (the placement
//    checker's rule for merged endpoints).
//  - buffer memory: kernel memory and link buffers at their core; a streaming net holds
//    depth x bytes at each endpoint; a shared-memory net one buffer set (largest depth x bytes)
//    in a memory all its endpoints reach. The router picks that memory. By default
//    (SharedBufferRule::Assign) the cost picks one too: after everything else is charged, the
//    nets with several candidate memories take, in net order, the candidate with the most
//    memory left. So no memory overuse means a choice of memories that fits exists, without
//    charging every candidate the whole set (Whole: safe too, but it ruled out dense
//    shared-memory layouts the router fits) nor splitting it evenly (Split: let SA return
//    placements the router found short of memory). The set's locks go with its memory
//    (Whole, Split: the source's first candidate). Overuse is charged per KiB or part of one.
//  - locks: two (one producer/consumer pair) per buffer set, as object FIFOs use them.
//  - buffer descriptors: a streaming net takes one BD per buffer at each endpoint's tile
//    (routing_legality.h); a net linked through a compute core can share memory only in that
//    core's own tile (the link's buffer), as the router requires, else it streams.
//  - cascades whose ends are not cascade neighbours, and memory uses whose user does not reach
//    the owner's memory.
// All terms are kept as integers in micro-units, so incremental updates equal a recomputation
// exactly (no floating-point drift over millions of moves).
#include <array>
#include <cstdint>
#include <vector>

#include "engine/aie/place/place_model.h"
#include "engine/aie/place/placement_cost.h"

namespace ts::aie {

/// What packet sharing lets a tile's DMA channels carry (BbCostConfig::dmaSharing), from the
/// design's stream demand without a placement (the shortest interval any placement can have, so
/// the bound holds for all).
struct ChannelSharing {
  int64_t interval = 0;              ///< channel cycles per object; 0: unknown (only BDs bound sharing)
  std::vector<int64_t> cycles;       ///< per net: one object's channel cycles as a packet stream, at most interval
  std::vector<int> flowsPerChannel;  ///< per tile index

  ChannelSharing() = default;  ///< no sharing data (the rule is off)
  explicit ChannelSharing(const PlaceModel& model);
  /// Whether net n's stream cannot share a channel with another that also takes this long.
  bool isLong(NetId n) const { return interval > 0 && 2 * cycles[size_t(n)] > interval; }
  /// The fewest channels `flows` streams at `tile` could share, at least (the file comment's bound).
  int channels(int tile, int flows, int64_t cycles, int longFlows) const;
};

/// Where a shared-memory net with several candidate memories is charged its buffer set: one
/// candidate chosen greedily, every candidate, or an even share in each (see the file comment).
enum class SharedBufferRule { Assign, Whole, Split };

struct BbCostConfig {
  double wirelengthWeight = 1.0;  ///< multiplies q(n) * (bbx + bby)
  /// Multiplies the wirelength of a net whose endpoints can share a memory: it needs no link nor
  /// DMA channel there, so eq. 9's full box (1.0) makes SA indifferent to whether nets stream.
  double sharedWirelength = 0.2;
  double dmaPenalty = 100.0;        ///< per DMA channel over a tile's capacity
  double memoryPenalty = 100.0;     ///< per KiB (or part of one) of buffer memory over a tile's capacity
  double lockPenalty = 100.0;       ///< per lock over a tile's capacity
  double bdPenalty = 100.0;         ///< per buffer descriptor over a tile's capacity
  double cascadePenalty = 100.0;    ///< per cascade whose ends cannot cascade
  double memoryUsePenalty = 100.0;  ///< per memory use whose user does not reach the owner's memory
  SharedBufferRule sharedBuffers = SharedBufferRule::Assign;
  bool dmaSharing = false;  ///< count channels as packet streams could share them (see the file comment)
};

class BbCost : public PlacementCost {
 public:
  static constexpr double kScale = 1e6;  ///< cost micro-units per unit

  BbCost(const PlaceModel& model, BbCostConfig config = {});

  const char* name() const override { return "bb"; }
  double reset(const Placement& placement) override;
  double propose(const std::vector<CoreMove>& moves) override;
  double proposeWithin(const std::vector<CoreMove>& moves, double limit) override;
  void commit() override;
  void revert() override;
  double total() const override { return double(totalUnits()) / kScale; }
  CostTerms terms() const override;
  double penalty() const override { return double(totals_.penalty) / kScale; }
  double evaluate(const Placement& placement) const override;

  double wirelength() const { return double(totals_.wirelength) / kScale; }
  /// Whether net n can use shared memory in the current state.
  bool sharedMemoryNet(NetId n) const { return netState_[n].banks > 0; }
  /// Overuse seen in the current state: DMA channels, memory bytes, locks, bad cascades and
  /// memory uses.
  int dmaOveruse() const { return totals_.dmaOver; }
  int64_t memoryOveruse() const { return totals_.memOver; }
  int lockOveruse() const { return totals_.lockOver; }
  int bdOveruse() const { return totals_.bdOver; }
  int badCascades() const { return totals_.badCascades; }
  int badMemoryUses() const { return totals_.badMemoryUses; }
  /// proposeWithin() calls answered from a bound, without staging the extra part.
  int64_t boundRejections() const { return boundRejections_; }

  /// The bb terms of a placement computed directly from the design (no incremental state):
  /// the independent recomputation the tests compare with.
  static CostTerms fromScratch(const PlaceModel& model, const BbCostConfig& config, const Placement& placement);

 protected:
  /// Extension points for costs built on bb (bbcg adds congestion), called after the bb part;
  /// proposeExtra gets the nets whose endpoints moved. extraUnits() is the extra cost of the
  /// current state in micro-units. proposeExtra may decline to stage when it can tell that its
  /// change would exceed `budget` (micro-units): it then returns false with `atLeast` set to a
  /// lower bound of that change (> budget), and the state stays as it was.
  virtual void resetExtra() {}
  virtual bool proposeExtra(const std::vector<NetId>& /*affected*/, double /*budget*/, int64_t& /*atLeast*/) {
    return true;
  }
  virtual void commitExtra() {}
  virtual void revertExtra() {}
  virtual int64_t extraUnits() const { return 0; }

  const PlaceModel& model() const { return model_; }
  const BbCostConfig& config() const { return config_; }
  int tileOf(CoreId c) const { return pos_[c]; }

 private:
  struct TileState {
    int dmaOut = 0, dmaIn = 0, endpoints = 0, locks = 0, bds = 0;
    bool overMemory = false;  // memory over the tile's own capacity when last refreshed
    int64_t memory = 0;
    // Streams at the tile as packet streams (dmaSharing): their cycles per object (each at most
    // the interval) and how many take over half the interval, out (MM2S) and in (S2MM).
    int64_t cyclesOut = 0, cyclesIn = 0;
    int longOut = 0, longIn = 0;
    int dmaOver = 0, lockOver = 0, bdOver = 0;
    int64_t memOver = 0;
    int64_t penalty = 0;  // micro-units
  };
  struct NetState {
    int64_t wirelength = 0;  // micro-units
    int banks = 0;           // shared-memory candidates; 0 when the net streams
    std::array<int, PlaceModel::kMaxReach> bank{};
  };
  struct Totals {
    int64_t wirelength = 0, penalty = 0;
    int dmaOver = 0, lockOver = 0, bdOver = 0, badCascades = 0, badMemoryUses = 0;
    int64_t memOver = 0;
  };

  int64_t totalUnits() const { return totals_.wirelength + totals_.penalty + extraUnits(); }
  TileState& touchTile(int tile);
  /// Whether net n's buffer set is charged by assignSharedBuffers() (several candidates, Assign).
  bool assignedNet(const NetState& ns, NetId n) const;
  /// Adds sign to candidateOf_ for the candidates of an assigned net in state ns.
  void countCandidates(const NetState& ns, int sign);
  /// Whether the staged move changed the memory of some assigned net's candidate.
  bool candidateLoadChanged() const;
  /// Adds (sign +1) or removes assigned net n's buffer set and locks at `tile`.
  void chargeAssigned(NetId n, int tile, int sign);
  /// Charges assigned net n to `to` instead of where it is now (-1: nowhere), journalled.
  void moveAssigned(NetId n, int to);
  /// Charges each assigned net's buffer set to its candidate with the most memory left, in net
  /// order. A move runs it again only when it moves an assigned net's end or changes a
  /// candidate's memory: otherwise every choice, which sees only candidates' memory, would come
  /// out the same.
  void assignSharedBuffers();
  /// Adds (sign +1) or removes net n's use of its tiles: shared memory per `state`, else each
  /// streaming end at its core's tile (the tile before the staged move when `before`).
  void applyNet(NetId n, const NetState& state, int sign, bool before);
  void applyPin(NetId n, int pin, int tile, int sign);
  /// The change of the DMA channels counted at `tile` when net n's end at `pin` comes (sign +1) or
  /// goes (-1): the sign, or for a net that takes turns (Design::turns) whether its group's first
  /// end there comes or its last goes (journalled).
  int channelChange(NetId n, int pin, int tile, int sign);
  int tileBefore(CoreId c) const { return movedStamp_[c] == stamp_ ? movedFrom_[c] : pos_[c]; }
  void applyCore(CoreId c, int sign);
  void clearJournal();
  NetState computeNet(NetId n) const;
  void refreshTile(int tile);
  /// Before the staged move's tiles are refreshed: for each run of memory tiles it touched where
  /// some tile is, or was, over its own memory, touches the whole run and works out what spills
  /// into neighbours (spillOver_); `all` does every run (reset).
  void spillRuns(bool all);
  /// Whether PlaceModel::neighbourPairs()[k] is broken in the current state.
  bool pairBad(int k) const;
  /// Counts pair k as broken (+1) or no longer broken (-1) in the totals.
  void countBadPair(int k, int sign);

  const PlaceModel& model_;
  BbCostConfig config_;
  ChannelSharing sharing_;
  std::vector<double> netWeight_;      // wirelengthWeight * q(n) * kScale
  std::vector<int> pos_;               // tile index per core
  std::vector<int> colOf_, rowOf_;     // per tile index (no divisions on the hot path)
  std::vector<int64_t> wirelengthOf_;  // per net, per bbx + bby: its wirelength units
  int spans_ = 0;                      // bbx + bby values per net in wirelengthOf_
  std::vector<TileState> tiles_;
  std::vector<NetState> netState_;
  std::vector<char> pairBad_;
  std::vector<NetId> assignedNets_;    // nets assignSharedBuffers() charges, in net order
  std::vector<int> assignedTile_;      // per net: the memory its buffer set is charged to (-1: none)
  std::vector<int> candidateOf_;       // per tile: assigned nets it is a candidate of
  std::vector<int64_t> assignedLoad_;  // per tile: bytes of the assigned nets charged to it
  // Scratch of assignSharedBuffers(): bytes assigned so far per tile (valid where stamped) and
  // the nets whose choice changed.
  std::vector<int64_t> passTally_;
  std::vector<uint32_t> passStampOf_;
  uint32_t passStamp_ = 0;
  std::vector<std::pair<NetId, int>> choices_;
  Totals totals_;
  int64_t boundRejections_ = 0;

  // Journal of the staged move, so revert() restores exactly.
  std::vector<std::pair<int, TileState>> tileJournal_;
  std::vector<std::pair<NetId, NetState>> netJournal_;
  std::vector<std::pair<int, char>> pairJournal_;
  std::vector<std::pair<NetId, int>> assignedJournal_;  // (net, its tile before), in order of change
  std::vector<NetId> savedAssignedNets_;
  std::vector<std::pair<NetId, bool>> toggled_;  // nets the staged move makes (true) or unmakes assigned
  bool assignedNetsChanged_ = false;
  std::vector<CoreMove> moved_;
  Totals savedTotals_;
  std::vector<uint32_t> tileStamp_, netStamp_, pairStamp_, movedStamp_;
  std::vector<int> movedFrom_;  // per core moved by the staged move: its tile before
  // Memory-tile spill (memtile_spill.h): the runs of adjacent memory tiles, each tile's run (-1:
  // not a memory tile), the stamp at which a run's spill was last worked out, and per tile the
  // bytes that then fit nowhere.
  std::vector<std::vector<int>> memRuns_;
  std::vector<int> runOf_;
  std::vector<CoreId> ownDataCores_;  // memory-tile cores with own data, which does not spill
  std::vector<int> runOverTiles_;     // per run: its tiles with overMemory set
  std::vector<int> spillRunsToDo_;    // scratch of spillRuns()
  std::vector<uint32_t> runStamp_, runSpillStamp_;
  std::vector<int64_t> spillOver_;
  uint32_t stamp_ = 0;
  std::vector<NetId> affected_;
  // Nets that take turns: each net's group (-1: none), and per (tile, group, out / in) the ends
  // there (turnsAt_, empty without turns), journalled on first change per move.
  std::vector<int> turnsOf_;
  int turnGroups_ = 0;
  std::vector<int> turnsAt_;
  std::vector<uint32_t> turnsStamp_;
  std::vector<std::pair<size_t, int>> turnsJournal_;
};

}  // namespace ts::aie
