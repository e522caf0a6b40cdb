#pragma once
// "blocks": AIE4ML's placement of layer blocks (Sec. IV-C). Each layer (the compute cores of
// one design group, in order of first appearance) is a rectangle: its cascade chains run west
// to east (width = cascade length) and are stacked northwards (height = cascade count; a
// layer with more chains than compute rows continues in a further band of columns). As in
// AIE4ML's layout, a block at (c0, r0) of height h takes its input at (c0, r0 + h/2) and gives
// its output at (c0 + width - 1, r0 + h/2): the memory tile broadcasts into every column and
// every cascade row ends on the east edge, so the middle row stands for both (rows counted
// from the lowest compute row, h/2 rounded down). The first block starts at (first_col,
// first_row), (0, 0) by default as in AIE4ML, unless fix_first is off or its cores are pinned.
// Branch and bound over the blocks in layer order, each followed by the memory-tile clusters
// it completes (block_memtiles.h), minimises
//   J = sum_i ( |c_out^i - c_in^{i+1}| + lambda |r_out^i - r_in^{i+1}| + mu r_top^i )
//       + mem_weight * sum_clusters (columns its memory tile lies beyond the cores it serves)
// keeping every memory tile within its DMA channels, memory and BDs (and, with link_check, its
// column's links within the streams to and from the compute rows), pruning a partial
// assignment as soon as its J plus a lower bound of the rest cannot beat the best found.
// Memory tiles of equal cost for a cluster differ only in the capacity they leave: once one
// led to an accepted layout, the others of that cost are not tried (exact unless capacity
// binds later). A complete
// layout becomes the incumbent only if, with the remaining cores (shim endpoints, ungrouped
// compute cores) placed greedily, it passes the placement checker and the router's resource
// pre-check. Pinned cores fix their block's origin or their memory tile (hard constraints).
// With `route` on, the best layout is routed by the MILP router and checked by the routing
// checker; if it does not route the search runs again without it, up to route_tries layouts,
// each try within route_seconds and what is left of the run's time limit.
#include <string>
#include <vector>

#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct BlockPlacerConfig {
  double lambda = 1.0;     ///< weight of row offsets between consecutive layers
  double mu = 0.05;        ///< weight of each block's top row (biases layouts towards the memory tiles)
  double memWeight = 1.0;  ///< weight of a memory-tile net's columns beyond the cores it serves
  bool fixFirst = true;    ///< the first block starts at (firstCol, firstRow) as in AIE4ML
  int firstCol = 0;        ///< origin column of the first block when fixFirst; -1 = free
  int firstRow = 0;        ///< origin row of the first block above the lowest compute row; -1 = free
  int maxNodes = 0;        ///< stop the search after this many nodes (0 = no limit)
  /// Without a run time limit, seconds for each branch-and-bound search (0 = until it
  /// finishes): on large designs the proof of optimality can take hours, while the best layouts
  /// come early. When it runs out the best layout found is used and the result says it is not
  /// proven optimal. A run time limit replaces it.
  double searchSeconds = 60;
  /// Prune layouts whose memory-tile columns take more streams from or to the compute rows
  /// than the links there carry circuit-switched (a cheap routability test).
  bool linkCheck = true;
  bool route = true;         ///< route the best layouts (MILP router) and report the first that routes
  int routeTries = 3;        ///< layouts to route, best J first
  double routeSeconds = 30;  ///< MILP time per routing attempt

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
  /// Row offset of the block's input and output (AIE4ML: the middle row).
  int ioRow() const { return height / 2; }
};

/// The design's layer blocks in layer order. Chains stack northwards up to `maxHeight` rows;
/// more chains continue in further bands of columns to the east (a layer without cascades is
/// then a maxHeight-high rectangle instead of one tall column). Problems (a cascade leaving
/// its group, a core with two cascades out) are appended to `problems`.
std::vector<LayerBlock> layerBlocks(const Design& design, std::vector<std::string>& problems, int maxHeight = 1 << 20);

/// The block part of J at the given origins (col, row counted from the lowest compute row).
double blockObjective(const std::vector<LayerBlock>& blocks, const std::vector<TileCoord>& origins,
                      const BlockPlacerConfig& config);

struct BlockPlacerResult : PlacerResult {
  double objective = 0;            ///< J of the returned layout (blocks and memory tiles)
  bool optimal = false;            ///< the search finished (J is the minimum)
  bool searchBudgetSpent = false;  ///< a search stopped at search_seconds
  std::vector<TileCoord> origins;  ///< per block, relative to the lowest compute row
  std::vector<LayerBlock> blocks;
  int64_t rejectedLayouts = 0;  ///< complete layouts the checker or the router's pre-check refused
  bool routed = false;          ///< the returned placement routed (route on) and passed checkRouting
  int routeAttempts = 0;        ///< layouts handed to the router
  std::string routeStatus;      ///< the router's word on the returned placement ("" when not routed)
};

BlockPlacerResult runBlockPlacer(const PlaceProblem& problem, const BlockPlacerConfig& config, core::RunContext& ctx);

}  // namespace ts::aie
