#pragma once
// The physical AIE array: tile roles per row, per-tile resources, stream links between
// switches and the shared-memory (neighbour) access rules. Loaded from YAML presets.
#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/geometry.h"

namespace ts::aie {

using core::TileCoord;

enum class TileKind { Shim, Mem, Compute };
/// Aie1 = Versal AIE (checkerboard memory access); Aie2 = AIE-ML / XDNA / XDNA2.
enum class Generation { Aie1, Aie2 };
enum class Direction { North, South, East, West };

const char* toString(TileKind kind);
const char* toString(Generation generation);
const char* toString(Direction direction);

struct TileResources {
  int64_t memoryBytes = 0;
  int locks = 0;
  /// DMA buffer descriptors of the tile. AM009/AM020 (via Vitis tutorial XD100 "Buffer
  /// Descriptors overview"): 16 in a compute tile's memory module and in an interface (shim)
  /// tile, shared by all their channels; 48 in an AIE-ML memory tile.
  int bufferDescriptors = 0;
  int dmaIn = 0;   ///< S2MM channels (stream to memory)
  int dmaOut = 0;  ///< MM2S channels (memory to stream)
  /// BDs one channel can reach; 0 = all of the tile's. XD100/AM020: memory-tile channels 0, 2, 4
  /// reach BDs 0-23 and channels 1, 3, 5 reach BDs 24-47, so 24 there.
  int bdsPerChannel = 0;
  int channelBds() const { return bdsPerChannel > 0 ? bdsPerChannel : bufferDescriptors; }
};

/// Number of parallel stream links from a switch to its neighbour, per direction.
struct StreamLinks {
  int north = 6;
  int south = 4;
  int east = 4;
  int west = 4;
  bool memTileEastWest = false;  ///< memory tiles have no east/west links on AIE2
};

/// Packet-switching limits of one stream switch.
struct PacketLimits {
  int arbiters = 6;
  int msels = 4;  ///< packet flows one link channel carries (an arbiter's master selects)
  int maxPacketId = 31;
  /// Packet streams that may time-share one DMA channel. No AMD document gives such a number:
  /// the hardware lets a channel serve streams while it has a BD chain (and locks) for each (an
  /// MM2S BD carries its own packet id; an S2MM channel in out-of-order mode picks the BD a
  /// header names). 0 = bounded by the BDs the channel reaches, which the BD rows then enforce.
  int dmaFlowsPerChannel = 0;
  /// Bytes one DMA channel moves per AIE clock cycle: one 32-bit stream word (AM020 / AM009:
  /// DMA stream interfaces and stream switch ports are 32 bits wide at the AIE clock). Bounds
  /// the packet streams sharing a channel (stream_bandwidth.h); 0 = no bandwidth bound.
  int channelBytesPerCycle = 4;
};

class Device {
 public:
  Device() = default;
  Device(std::string name, std::string description, Generation generation, int columns, std::vector<TileKind> rowRoles,
         std::vector<int> shimDmaColumns, TileResources compute, TileResources mem, TileResources shim,
         StreamLinks links, PacketLimits packet);

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }
  Generation generation() const { return generation_; }
  /// A core's own stream ports to (`out`) or from its stream switch: two each way on AIE1
  /// (MLIR-AIE's AIE1 target model), one into an AIE-ML core (MLIR-AIE's verifier: "has 1 Core
  /// port out of its stream switch"). 0 = not known (out of an AIE-ML core: no source found).
  int coreStreamPorts(bool out) const { return generation_ == Generation::Aie1 ? 2 : out ? 0 : 1; }
  int columns() const { return columns_; }
  int rows() const { return int(rowRoles_.size()); }
  int tileCount() const { return columns() * rows(); }
  const std::vector<TileKind>& rowRoles() const { return rowRoles_; }

  bool contains(TileCoord t) const { return t.col >= 0 && t.row >= 0 && t.col < columns_ && t.row < rows(); }
  /// Dense index row * columns + col, for arrays over tiles.
  int index(TileCoord t) const {
    assert(contains(t));
    return t.row * columns_ + t.col;
  }
  TileCoord coord(int index) const { return {index % columns_, index / columns_}; }

  TileKind kind(TileCoord t) const {
    assert(contains(t));
    return rowRoles_[size_t(t.row)];
  }
  /// Resources of a tile; shim tiles outside the NOC columns have no DMA channels.
  const TileResources& resources(TileCoord t) const;
  const TileResources& resourcesOf(TileKind kind) const;
  bool shimHasDma(int col) const { return shimDma_[col]; }
  const std::vector<int>& shimDmaColumns() const { return shimDmaColumns_; }
  int countTiles(TileKind kind) const;
  /// All tiles of a kind in column-major order (col 0 bottom to top, then col 1, ...).
  std::vector<TileCoord> tilesOf(TileKind kind) const;
  /// Tiles a logical core of this kind may occupy (shims: only those with DMA, unless the core's
  /// nets all end on stream ports such as PLIO, which needs no DMA channel).
  bool canHost(TileKind kind, TileCoord t, bool needsDma = true) const;

  const StreamLinks& streamLinks() const { return links_; }
  const PacketLimits& packetLimits() const { return packet_; }
  /// The tile one step away, or {-1,-1} outside the array.
  TileCoord neighbour(TileCoord t, Direction d) const;
  /// Stream links leaving t towards d (0 when there is no neighbour or no link).
  int linkCapacity(TileCoord t, Direction d) const;

  /// Tiles whose data memory the core at `core` can read/write directly (own tile first).
  /// Empty for non-compute tiles. Memory tiles are never shared-memory neighbours.
  std::vector<TileCoord> memoriesReachableFrom(TileCoord core) const;
  /// Whether the core at `core` reaches the data memory of `memory` (one of memoriesReachableFrom).
  bool reachesMemory(TileCoord core, TileCoord memory) const;
  /// Compute tiles whose core can access the data memory of `memory`.
  std::vector<TileCoord> coresReaching(TileCoord memory) const;
  /// True when some compute tile's memory is reachable by every core in `cores`.
  bool shareMemory(const std::vector<TileCoord>& cores) const;
  /// Cascade stream (AIE2): destination one row south or one column east of the source.
  bool canCascade(TileCoord from, TileCoord to) const;

 private:
  std::string name_;
  std::string description_;
  Generation generation_ = Generation::Aie2;
  int columns_ = 0;
  std::vector<TileKind> rowRoles_;
  std::vector<int> shimDmaColumns_;
  std::vector<bool> shimDma_;
  TileResources compute_, mem_, shim_, shimNoDma_;
  StreamLinks links_;
  PacketLimits packet_;
};

}  // namespace ts::aie
