#pragma once
// What every AIE placer works from: the problem (design, device, start placement), the
// result every placer returns, and PlaceModel, the design and device indexed once so that
// move loops and cost models never search lists or allocate.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/core/run_context.h"

namespace ts::aie {

/// Place the design's cores on the device starting from `start`. Cores pinned in `start` or in
/// the design never move. An empty `start` (size 0) means "only the design pins".
struct PlaceProblem {
  const Design& design;
  const Device& device;
  Placement start;
};

/// What every placer returns. `success` means a complete placement that passed the independent
/// checkPlacement (with the start placement as reference for pins); an anytime placer stopped by
/// cancel or time limit still succeeds when its best-so-far passes, its status then says why it
/// stopped.
struct PlacerResult {
  bool success = false;
  Placement placement;
  std::string status;                ///< "placed", "failed", "time-out", "cancelled"
  std::vector<std::string> reasons;  ///< one line per problem when not successful
  double seconds = 0;
  int64_t moves = 0;  ///< moves (SA) or search nodes (B&B) evaluated
  double movesPerSecond = 0;
  double cost = 0;                                    ///< the placer's own objective of the returned placement
  std::vector<std::pair<std::string, double>> terms;  ///< named cost terms of that placement
};

/// The start placement made whole: right size, design pins placed and pinned. Throws
/// core::Error when the start placement belongs to another design (wrong size).
Placement prepareStart(const Design& design, const Placement& start);

/// False (with status "failed" and the design's problems as reasons) for an unsound design.
bool acceptDesign(const Design& design, PlacerResult& result);

/// Cores no placer may move: design pins and cores pinned in the (prepared) start.
std::vector<char> fixedCores(const Design& design, const Placement& start);

/// Fills success/reasons of `result` from checkPlacement(result.placement) with `start` as
/// reference, and status "failed" when it does not pass and no other status was set.
void checkResult(const Design& design, const Device& device, const Placement& start, PlacerResult& result);

/// The placement a constructive placer builds on: cores fixed in `start` (a prepared start)
/// stay, and with `keepPlaced` so does every core it places; the rest are unplaced. `kept`
/// gets, per core, whether it stayed.
Placement constructiveStart(const Design& design, const Placement& start, bool keepPlaced, std::vector<char>& kept);

/// Ends a constructive placer's run on placement p: fills placement, seconds (since t0) and
/// moves per second, then either records `failure` (status "failed" unless one is set) or
/// runs checkResult; publishes p as the final snapshot and a final sample of `phase` with
/// the given terms plus "success".
void finishConstructive(const Design& design, const Device& device, const Placement& start, const Placement& p,
                        const std::string& failure, double t0, const std::string& phase,
                        std::vector<std::pair<std::string, double>> sampleTerms, core::RunContext& ctx,
                        PlacerResult& result);

/// VPR's fanout correction q(n) of the half-perimeter wirelength (Cheng's table of the
/// expected Steiner-tree crossing count by terminal count).
double fanoutCorrection(int terminals);

/// Python's round(): halves go to the even neighbour (IRON uses it for its mean column).
int roundHalfEven(double value);

class PlaceModel {
 public:
  static constexpr int kMaxReach = 4;

  PlaceModel(const Design& design, const Device& device);

  const Design& design() const { return *design_; }
  const Device& device() const { return *device_; }
  int coreCount() const { return int(coreNets_.size()); }
  int netCount() const { return int(pins_.size()); }
  int tileCount() const { return device_->tileCount(); }
  int tileIndex(TileCoord t) const {
    assert(device_->contains(t));
    return device_->index(t);
  }
  TileCoord tileAt(int index) const {
    assert(index >= 0 && index < tileCount());
    return device_->coord(index);
  }

  // ---- nets ----
  /// Source first, then the targets (distinct, as in the design).
  const std::vector<CoreId>& pins(NetId n) const {
    assert(n >= 0 && n < netCount());
    return pins_[size_t(n)];
  }
  /// Every endpoint is a compute core, so the net may use shared memory when they neighbour.
  bool allCompute(NetId n) const {
    assert(n >= 0 && n < netCount());
    return allCompute_[size_t(n)] != 0;
  }
  /// Buffer bytes at pin i when the net streams; 0 where a link's buffer already holds it.
  int64_t endpointBytes(NetId n, int pin) const {
    assert(n >= 0 && n < netCount() && pin >= 0 && size_t(pin) < endpointBytes_[size_t(n)].size());
    return std::max<int64_t>(0, endpointBytes_[size_t(n)][size_t(pin)]);
  }
  /// True when pin i is the core a link chains this net through (its buffer is the link's).
  bool linkedAt(NetId n, int pin) const {
    assert(n >= 0 && n < netCount() && pin >= 0 && size_t(pin) < endpointBytes_[size_t(n)].size());
    return endpointBytes_[size_t(n)][size_t(pin)] < 0;
  }
  /// One buffer set (largest depth x bytes) when the net uses shared memory; 0 when linked.
  int64_t sharedBytes(NetId n) const {
    assert(n >= 0 && n < netCount());
    return sharedBytes_[size_t(n)];
  }
  /// How pin i takes a DMA channel when the net streams: none (an end on a stream port: core,
  /// trace, switch or PLIO ports), one, or one its turns group shares (Design::turns).
  enum DmaKind : char { kNoDma, kDma, kDmaInTurns };
  DmaKind dmaKind(NetId n, int pin) const { return pinDma_[size_t(n)][size_t(pin)]; }
  /// Whether pin i takes a DMA channel and a buffer when the net streams.
  bool dmaAt(NetId n, int pin) const { return dmaKind(n, pin) != kNoDma; }
  /// Buffer descriptors pin i takes when the net streams: one per buffer of that FIFO end.
  int endpointBds(NetId n, int pin) const { return endpointBds_[size_t(n)][size_t(pin)]; }

  // ---- cores ----
  const std::vector<NetId>& netsOf(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return coreNets_[size_t(c)];
  }
  /// Memory a core needs wherever it sits: kernel memory plus the buffers of links through it.
  int64_t staticBytes(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return staticBytes_[size_t(c)];
  }
  int staticLocks(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return staticLocks_[size_t(c)];
  }
  /// Two cores a placement must keep within reach of each other: a cascade (first the design's
  /// cascades, in order) or a memory use (then its memory uses), `from` the source or the user.
  struct NeighbourPair {
    CoreId from = -1, to = -1;
    bool cascade = true;
  };
  const std::vector<NeighbourPair>& neighbourPairs() const { return pairs_; }
  /// Indices into neighbourPairs() that involve c.
  const std::vector<int>& pairsOf(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return corePairs_[size_t(c)];
  }
  /// Whether pair k holds with its cores on these tiles.
  bool pairOk(int k, int fromTile, int toTile) const {
    return pairs_[size_t(k)].cascade ? cascadeOk(fromTile, toTile) : reaches(fromTile, toTile);
  }
  /// Whether core c on tile t keeps every memory use it has with a core p already places (the
  /// constructive placers' test for a candidate tile; a partner placed later keeps the pair in turn).
  bool keepsMemoryUses(const Placement& p, CoreId c, TileCoord t) const;
  int outNets(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return outNets_[size_t(c)];
  }
  int inNets(CoreId c) const {
    assert(c >= 0 && c < coreCount());
    return inNets_[size_t(c)];
  }
  /// The DMA channels out (MM2S) and in (S2MM) that the ends of `cores`, and of `plus` unless
  /// -1, take when they share one tile, as the placement checker counts merged endpoints
  /// (mergedEndpointChannels: the nets of one turns group take one together).
  std::pair<int, int> endpointChannels(const std::vector<CoreId>& cores, CoreId plus = -1) const;

  // ---- tiles ----
  TileKind tileKind(int tile) const {
    assert(tile >= 0 && tile < tileCount());
    return tileKinds_[size_t(tile)];
  }
  const TileResources& capacity(int tile) const {
    assert(tile >= 0 && tile < tileCount());
    return caps_[size_t(tile)];
  }
  /// Memories (tile indices) the core on `tile` can access, own first; -1 pads the array.
  const std::array<int, kMaxReach>& reach(int tile) const {
    assert(tile >= 0 && tile < tileCount());
    return reach_[size_t(tile)];
  }
  bool reaches(int coreTile, int memoryTile) const;
  /// The farthest any core reaches a memory, in columns and in rows: endpoints that share a memory
  /// lie within twice that of each other.
  TileCoord reachSpan() const { return reachSpan_; }
  /// The memories a shared-memory net could use (reachable by every endpoint), in the order the
  /// source reaches them (own first); returns how many (0: the endpoints share none).
  int sharedBanks(const int* pinTiles, int count, std::array<int, kMaxReach>& banks) const;
  /// sharedBanks for net n's pins: a pin the net is linked at keeps the buffer in its own tile
  /// (the link's buffer), as the routers require, so only that tile remains a candidate.
  int netSharedBanks(NetId n, const int* pinTiles, int count, std::array<int, kMaxReach>& banks) const;
  /// Whether core c may sit on tile t by its pin or partial pin (column / row). Placers keep
  /// their candidate tiles to these.
  bool allows(CoreId c, TileCoord t) const { return design_->cores[size_t(c)].allows(t); }
  /// Whether a cascade from -> to is possible between these tiles.
  bool cascadeOk(int fromTile, int toTile) const;

  /// Columns where a core of this kind may sit (all, or the DMA shim columns), ascending.
  const std::vector<int>& hostColumns(CoreKind kind) const { return hostColumns_[int(kind)]; }
  /// Rows of this kind, ascending.
  const std::vector<int>& kindRows(CoreKind kind) const { return kindRows_[int(kind)]; }
  /// Tiles a core of this kind may occupy, column-major (the order IRON lists tiles in).
  const std::vector<TileCoord>& hostTiles(CoreKind kind) const { return hostTiles_[int(kind)]; }

 private:
  const Design* design_;
  const Device* device_;
  std::vector<std::vector<CoreId>> pins_;
  std::vector<char> allCompute_;
  std::vector<std::vector<int64_t>> endpointBytes_;  // -1 marks a linked pin
  std::vector<int64_t> sharedBytes_;
  std::vector<std::vector<int>> endpointBds_;
  std::vector<std::vector<DmaKind>> pinDma_;
  Design::TurnEnds turnEnds_;
  std::vector<std::vector<NetId>> coreNets_;
  std::vector<int64_t> staticBytes_;
  std::vector<int> staticLocks_;
  std::vector<NeighbourPair> pairs_;
  std::vector<std::vector<int>> corePairs_;
  std::vector<int> outNets_, inNets_;
  std::vector<TileKind> tileKinds_;
  std::vector<TileResources> caps_;
  std::vector<std::array<int, kMaxReach>> reach_;
  TileCoord reachSpan_{0, 0};
  std::vector<int> hostColumns_[3], kindRows_[3];
  std::vector<TileCoord> hostTiles_[3];
};

}  // namespace ts::aie
