#pragma once
// "blocks": AIE4ML's placement of layer blocks (Sec. IV-C). Each layer (the compute cores of
// one design group, in order of first appearance) is a rectangle: its cascade chains run west
// to east (width = cascade length) and are stacked northwards (height = cascade count; a
// layer with more chains than compute rows continues in a further band of columns). With
// rows counted from the lowest compute row, a block at (c0, r0) takes its input at (c0, r0)
// and gives its output at (c0 + width - 1, r0). Branch and bound over the blocks in layer
// order minimises
//   J = sum_i ( |c_out^i - c_in^{i+1}| + lambda |r_out^i - r_in^{i+1}| + mu r_top^i ),
// pruning a partial assignment as soon as its J plus a lower bound of the rest (mu times the
// smallest possible top rows) cannot beat the best found. Pinned cores fix their block's
// origin (hard constraints) and occupy their tiles. The cores outside blocks (memory-tile and
// shim endpoints, ungrouped compute cores) then go greedily next to the cores they talk to,
// within DMA capacity. Exact when the search finishes; anytime otherwise.
#include <string>
#include <vector>

#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct BlockPlacerConfig {
  double lambda = 1.0;  ///< weight of row offsets between consecutive layers
  double mu = 0.05;     ///< weight of each block's top row (biases layouts towards the memory tiles)
  int firstCol = -1;    ///< origin column of the first block; -1 = free (AIE4ML starts at 0)
  int firstRow = -1;    ///< origin row of the first block, counted from the lowest compute row
  int maxNodes = 0;     ///< stop the search after this many nodes (0 = no limit)

  void bind(core::ParamBinder& binder);
};

struct LayerBlock {
  std::string group;
  int width = 0;
  int height = 0;
  struct Cell {
    int dc = 0, dr = 0;
    CoreId core = -1;
  };
  std::vector<Cell> cells;
};

/// The design's layer blocks in layer order. Chains stack northwards up to `maxHeight` rows;
/// more chains continue in further bands of columns to the east (a layer without cascades is
/// then a maxHeight-high rectangle instead of one tall column). Problems (a cascade leaving
/// its group, a core with two cascades out) are appended to `problems`.
std::vector<LayerBlock> layerBlocks(const Design& design, std::vector<std::string>& problems, int maxHeight = 1 << 20);

/// J of the blocks at the given origins (col, row counted from the lowest compute row).
double blockObjective(const std::vector<LayerBlock>& blocks, const std::vector<TileCoord>& origins,
                      const BlockPlacerConfig& config);

struct BlockPlacerResult : PlacerResult {
  double objective = 0;            ///< J of the returned block layout
  bool optimal = false;            ///< the search finished (J is the minimum)
  std::vector<TileCoord> origins;  ///< per block, relative to the lowest compute row
  std::vector<LayerBlock> blocks;
};

BlockPlacerResult runBlockPlacer(const PlaceProblem& problem, const BlockPlacerConfig& config, core::RunContext& ctx);

}  // namespace ts::aie
