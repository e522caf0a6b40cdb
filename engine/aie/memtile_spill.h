#pragma once
// Memory tiles lend memory to their row neighbours. On AIE-ML (and the NPUs) a memory tile's DMA
// reaches its own memory and that of the memory tiles east and west of it (AM020), so the
// buffers of nets that do not fit one memory tile may spill into a neighbour's spare memory, as
// MLIR-AIE's object FIFO lowering does with FIFOs too large for one tile. A core's own data
// (buffer_bytes: an MLIR file's aie.buffer ops) stays on its tile, as MLIR-AIE's buffer address
// assignment keeps it. The model counts the spill in bytes; MLIR-AIE moves whole buffers, so it
// can refuse a split that fits here only by cutting a buffer in two.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/aie/device.h"

namespace ts::aie {

/// The memory tiles whose memory the DMA of memory tile `t` reaches besides its own (west, then
/// east); empty for other tiles.
std::vector<TileCoord> spillNeighbours(const Device& device, TileCoord t);

/// Per device tile (device.index order), the bytes of `use` that fit nowhere. Of a memory tile's
/// use, the `fixed` part (its cores' own data) stays there; the rest may take what its west and
/// east neighbour memory tiles spare after their fixed parts (the least overuse any split
/// leaves, by an earliest-deadline greedy along each row), never travelling on past them. Other
/// tiles have max(0, use - capacity).
std::vector<int64_t> memoryOveruseWithSpill(const Device& device, const std::vector<int64_t>& use,
                                            const std::vector<int64_t>& fixed);

/// memoryOveruseWithSpill for one run of adjacent memory tiles, west to east: per tile its
/// use, the fixed part of it and its capacity; returns per tile the bytes that fit nowhere.
std::vector<int64_t> spillRunOveruse(const std::vector<int64_t>& use, const std::vector<int64_t>& fixed,
                                     const std::vector<int64_t>& capacity);

/// The runs of adjacent memory tiles in each row (tile indices, west to east), and each tile's
/// run (-1: not a memory tile).
struct MemoryTileRuns {
  std::vector<std::vector<int>> runs;
  std::vector<int> runOf;
};
MemoryTileRuns memoryTileRuns(const Device& device);

/// For a message on tile t's memory: with neighbour memory tiles to borrow from, how many of
/// its bytes still fit nowhere (`over`, from memoryOveruseWithSpill); else nothing.
std::string spillNote(const Device& device, TileCoord t, int64_t over);

}  // namespace ts::aie
