#pragma once
// Memory tiles inside the AIE4ML block branch and bound. The memory-tile endpoints of a
// design form clusters (endpoints joined by a net, e.g. an MLP layer's join and distribute
// cores, whose net between them stays inside one tile); a cluster is placed as soon as every
// layer block it exchanges data with is placed, on one memory tile. MemTileLedger counts
// each memory tile's DMA channels, buffer memory and buffer descriptors exactly as the
// placement checker (legality.h) does, so the search never keeps a layout the checker rejects.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/place/place_model.h"

namespace ts::aie {

struct LayerBlock;

struct MemTileCluster {
  std::vector<CoreId> cores;
  int step = -1;  ///< the block after which it is placed; -1: it talks to no block (placed greedily)
};

/// Clusters of the movable memory-tile cores, each placeable on one (empty) memory tile; a
/// group too large for one tile is split into single cores.
std::vector<MemTileCluster> memTileClusters(const PlaceModel& model, const std::vector<LayerBlock>& blocks,
                                            const std::vector<char>& fixed);

class MemTileLedger {
 public:
  /// `linkCheck`: also keep the streams between a memory-tile column and the compute rows
  /// within the links there (circuit-switched, one channel per stream).
  MemTileLedger(const PlaceModel& model, bool linkCheck);
  void place(CoreId c, int tile);
  void unplace(CoreId c);
  /// -1 when c is not on a memory tile.
  int tileOf(CoreId c) const { return tileOf_[size_t(c)]; }
  bool empty(int tile) const { return cores_[size_t(tile)].empty(); }
  /// The tile's endpoints fit: merged endpoints within its DMA channels, buffers within its
  /// memory and what its row neighbours lend (memtile_spill.h), certain buffer descriptors
  /// within its BDs (legality.h's rules) and, with the link check, its column's streams to and
  /// from the compute rows within the links there.
  bool within(int tile) const;

 private:
  bool linksWithin(int col) const;
  /// The buffers on the memory tiles of `tile`'s row run all fit, some lent by neighbours.
  bool memoryWithin(int tile) const;

  const PlaceModel& m_;
  bool linkCheck_;
  std::vector<int64_t> bytes_;  // per core: its net and link buffers and its own data
  std::vector<int> tileOf_;
  MemoryTileRuns runs_;
  std::vector<std::vector<CoreId>> cores_;
};

/// The columns of the compute cores a cluster exchanges data with (those with a known column,
/// `colOf` >= 0). A memory tile at column c lies `outside(c)` columns beyond them: zero when it
/// sits under the cores it serves.
struct ClusterReach {
  int lo = 1 << 30, hi = -1;
  int outside(int col) const { return hi < 0 ? 0 : std::max(0, lo - col) + std::max(0, col - hi); }
};
ClusterReach clusterReach(const PlaceModel& model, const MemTileCluster& cluster, const std::vector<int>& colOf);

/// Columns the cluster's nets run beyond their own compute cores with the tile at column `col`
/// (summed per net): the tie-break among tiles of equal cost, shorter streams first.
int clusterSpan(const PlaceModel& model, const MemTileCluster& cluster, int col, const std::vector<int>& colOf);

}  // namespace ts::aie
