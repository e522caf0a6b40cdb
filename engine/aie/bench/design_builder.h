#pragma once
// Builds a benchmark design together with the placement its author intends (the "manual"
// placement): every core is created on its tile, so the layout and the netlist come from one
// pass and the generator always knows which nets its layout lets use shared memory.
//
// The builder also keeps the DMA budget of a circuit-switched routing (one MM2S at the source,
// one S2MM per target tile, nothing for nets that MLIR-AIE would put in shared memory) so that
// generators add optional nets only where an expert's single-mode routing still fits, and it
// picks memory tiles and shim tiles for data that enters and leaves the array.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

/// A generated design with its manual placement and a few tags describing what it stresses.
struct GeneratedDesign {
  Design design;
  Placement placement;
  std::vector<std::string> features;  ///< "high-fanout", "feedback", "tight-memory", ...
  double stressLevel = -1;            ///< synthetic designs: drawStressLevel's draw (0..1)
};

class DesignBuilder {
 public:
  DesignBuilder(const Device& device, std::string name, std::string description);

  const Device& device() const { return *device_; }
  const Design& design() const { return design_; }
  Design& design() { return design_; }
  TileCoord tileOf(CoreId c) const { return tiles_[c]; }

  /// Rows of compute tiles from south to north; generators address compute tiles as
  /// (column, index into these rows).
  const std::vector<int>& computeRows() const { return computeRows_; }
  int computeColumns() const { return device_->columns(); }
  TileCoord computeTile(int col, int rowIndex) const { return {col, computeRows_[rowIndex]}; }
  bool computeFree(TileCoord t) const;

  CoreId addCompute(const std::string& name, TileCoord tile, int64_t cycles, int64_t bufferBytes = 0,
                    const std::string& group = "");
  CoreId addMemTile(const std::string& name, TileCoord tile, const std::string& group = "");
  CoreId addShim(const std::string& name, TileCoord tile, const std::string& group = "");

  /// Adds a net and books its circuit-switched DMA channels (none when it can share memory).
  NetId addNet(const std::string& name, CoreId source, const std::vector<CoreId>& targets, int64_t bytes,
               int depth = 2);
  NetId addNet(const std::string& name, CoreId source, const std::vector<CoreId>& targets, int64_t bytes,
               int sourceDepth, const std::vector<int>& targetDepths);
  void addLink(const std::vector<NetId>& inputs, const std::vector<NetId>& outputs);
  void addCascade(CoreId from, CoreId to);

  /// True when a net from `source` to `targets` can use shared memory where they are placed.
  bool canShare(CoreId source, const std::vector<CoreId>& targets) const;
  /// True when even MLIR-AIE's rule allows shared memory: one target, a compute-core pair,
  /// one reaching the other's memory. Only such nets are booked without DMA channels, so the
  /// budget holds for AMD's single-mode router too.
  bool sharesPairwise(CoreId source, const std::vector<CoreId>& targets) const;
  /// True when such a net needs no DMA (by the rule above) or its circuit channels are free.
  bool fits(CoreId source, const std::vector<CoreId>& targets) const;
  int freeOut(TileCoord t) const;
  int freeIn(TileCoord t) const;
  /// Nets that can only be streams under the intended placement (so far).
  int streamNetCount() const { return streamNets_; }

  /// Data from DRAM: a shim sends to a memory tile, which passes one net to each group of
  /// targets (a copy or a distribute link). Returns the memory-tile core.
  CoreId addInput(const std::string& prefix, const std::vector<std::vector<CoreId>>& groups, int64_t bytes,
                  int depth = 2, const std::string& group = "");
  /// Results to DRAM: the sources send to memory tiles (at most `maxJoin` per tile, grouped
  /// by column), each joins them and passes one net to a shim.
  void addOutput(const std::string& prefix, const std::vector<CoreId>& sources, int64_t bytes, int depth = 2,
                 int maxJoin = 4, const std::string& group = "");
  /// Sources join in a memory tile that sends one net to `targets` (a loop or a re-layout
  /// through L2). Returns the memory-tile core.
  CoreId addRelay(const std::string& prefix, const std::vector<CoreId>& sources, const std::vector<CoreId>& targets,
                  int64_t bytes, int depth = 2, const std::string& group = "");

  /// A memory tile near `preferredCol` with `in`/`out` free DMA channels, `bytes` of free
  /// memory and room for `fromAbove` streams arriving from the compute rows. Throws
  /// core::Error when the array has none (a generator bug).
  TileCoord pickMemTile(int preferredCol, int in, int out, int64_t bytes, int fromAbove) const;
  /// A shim tile with DMA near `preferredCol` with `in`/`out` free channels.
  TileCoord pickShim(int preferredCol, int in, int out) const;
  /// Books buffer memory on a memory tile placed by hand (pickMemTile then avoids it).
  void bookMemory(TileCoord memTile, int64_t bytes) { memUse_[device_->index(memTile)] += bytes; }

  void tag(const std::string& feature);
  GeneratedDesign finish();

 private:
  CoreId addCore(const std::string& name, CoreKind kind, TileCoord tile, int64_t cycles, int64_t bufferBytes,
                 const std::string& group);
  void bookStream(CoreId source, const std::vector<CoreId>& targets, int sign);
  int meanColumn(const std::vector<CoreId>& cores) const;
  int& outUse(TileCoord t) { return outUse_[device_->index(t)]; }
  int& inUse(TileCoord t) { return inUse_[device_->index(t)]; }

  const Device* device_;
  Design design_;
  std::vector<TileCoord> tiles_;
  std::vector<int> computeRows_;
  std::vector<int> outUse_, inUse_;  ///< circuit DMA channels booked per tile
  std::vector<int64_t> memUse_;      ///< memory-tile buffer bytes booked per tile
  std::vector<int> downUse_;         ///< streams booked from the compute rows into each column's memory tiles
  std::vector<char> computeTaken_;
  std::vector<std::string> features_;
  int streamNets_ = 0;
};

/// Logical cores of a design that sit on compute tiles.
int computeCoreCount(const Design& design);

}  // namespace ts::aie
