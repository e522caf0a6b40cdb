#pragma once
// "dataflow": the subgraph-aware placement of the CRONet paper (Sec. IV-F): kernels that
// communicate sit on neighbouring engines, subgraph after subgraph along the dataflow.
//
//  1. Subgraphs (design groups; ungrouped compute cores by connected component), the traffic
//     between them and their dataflow order come from dataflow_regions.h.
//  2. Regions: the free compute tiles are walked as a column snake (column 0 south to north,
//     column 1 north to south, ...); each region takes the next run of tiles, as many as it
//     has cores to place (plus its share of the spare tiles when `spread` > 0). Consecutive
//     tiles of the snake are neighbours, so every run is a 4-connected, compact set (a band
//     of whole columns and at most two partial ones), and consecutive subgraphs share a
//     border.
//  3. Inside its run a region places its cascade chains first, as rigid shapes (every cascade
//     south, else every cascade east) at the first origin of the run where they fit, then the
//     other cores on the remaining tiles of the run in dataflow order. A chain or a partly
//     pinned core that fits nowhere in its run goes to the nearest free tile that fits.
//  4. Memory-tile and shim cores go where their nets' placed ends are closest (column first),
//     on tiles whose DMA channels and memory still suffice when endpoints share a tile.
//  5. Pairwise swaps of single cores within a region (and moves onto its spare tiles) while
//     they shorten the total half-perimeter wirelength; the set of tiles of a region never
//     changes, so the regions stay contiguous. Then the endpoints are placed again (kept when
//     that shortens the wirelength).
// Pinned cores (design pins, cores pinned in the start placement, or every core the start
// placement places with `keep_start`) stay where they are; their tiles leave the snake, so a
// pinned core can split a run. Deterministic (no randomness); a stop after step 4 returns the
// complete placement reached so far.
#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct DataflowPlacerConfig {
  /// Fuse consecutive subgraphs paired one to one by direct nets (see dataflow_regions.h).
  bool fusePointwise = true;
  /// Fraction (0..1) of the spare compute tiles shared out between the regions in proportion
  /// to their size, so that regions can breathe; 0 packs them.
  double spread = 0.0;
  /// Passes of the swap improvement (0 = none).
  int swapPasses = 20;
  /// Keep every core the start placement places (a partial placement), not only pinned ones.
  bool keepStartPlacement = false;

  void bind(core::ParamBinder& binder);
};

struct DataflowPlacerResult : PlacerResult {
  int regions = 0;               ///< regions placed (fused pairs count once)
  int fused = 0;                 ///< pairs of subgraphs fused
  double initialWirelength = 0;  ///< half-perimeter wirelength before the swaps
  double wirelength = 0;         ///< ... of the returned placement
};

DataflowPlacerResult runDataflowPlacer(const PlaceProblem& problem, const DataflowPlacerConfig& config,
                                       core::RunContext& ctx);

}  // namespace ts::aie
