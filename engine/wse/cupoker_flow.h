#pragma once
// The CU.POKer flow (Jiang et al., TCAD 2021, Sec. III) for WSE kernel placement:
//   1. binary search on the target time T for the smallest T at which a row layout exists
//      (optimal kernel sizing + the row placer's exact feasibility table);
//   2. a coarse geometric sweep of targets above T_b (the paper keeps the best layout of every
//      binary-search step for the same reason: when the weights favour wirelength the best
//      time can lie far above T_b), then the neighbour-range search: +-range around the best
//      sweep target in steps of step*T, each target sized and placed by the data-path-aware
//      row placer, spread over threads (targets whose candidate sets equal an already tried
//      one are skipped);
//   3. adapter-cost post refinement ((h, w) unification per row, c by interval intersection)
//      and a wirelength polish of every target's layout, so that targets are ranked by their
//      final score (the paper refines only the winner; with heavy AC weights that can pick
//      the wrong target). The refinement is skipped for layouts that could not win even
//      with no adapter cost.
//   4. beyond the paper, the finalists (TargetSearchConfig::finalists): the targets of the best
//      few layouts are placed again with one more row allowed than the least row count (fewer
//      rows usually mean shorter wires, but a chain of wide kernels can fold better into more
//      rows), and the best few layouts get an exact wirelength compaction per axis (an LP over
//      the kernels' order), which moves whole rows where the polish, one kernel at a time,
//      cannot.
// Pinned kernels (config.pins) keep their place and shape: they are left out of the row order
// and the rows pack around them; targets below the slowest pinned kernel's time are infeasible.
// Every layout goes through the independent evaluator before it is kept. Progress: one QoR
// sample per tried target (target, feasible, rows, best MT/WL/AC/score) and snapshots of the
// best layout. Cancel or the time limit return the best legal layout found so far.
#include "engine/core/run_context.h"
#include "engine/wse/adapter_refinement.h"
#include "engine/wse/row_placer.h"
#include "engine/wse/target_search.h"

namespace ts::wse {

struct CuPokerConfig {
  /// Threads, sweep and neighbour range (see TargetSearchConfig; paper: +-20% in 0.2% steps).
  TargetSearchConfig search;
  /// Branch-and-bound budget of the row placer per target.
  RowSearchConfig rowSearch;
  /// Rows beyond the least row count that the finalists' row search may use (see
  /// RowSearchConfig::extraRows; every other target uses rowSearch as it is).
  int finalistExtraRows = 1;
  /// Topological orders tried per target (1 or 2; they differ only on graphs with forks).
  int orderVariants = 2;
  /// Adapter-cost refinement of every promising target's layout.
  bool refine = true;
  AdapterRefineConfig adapter;
  /// Slide kernels within free space to shorten wires after placement and refinement.
  bool polish = true;
  /// Exact per-axis wirelength compaction (wirelength_compaction.h) of the search's finalists.
  bool compact = true;
  /// Warm start: when it is a complete legal layout it is the first incumbent and its MT
  /// bounds the binary search from above.
  Layout initial;
  /// Pinned kernels (see placer_common.h); empty = none.
  Layout pins;
};

using CuPokerResult = TargetSearchResult;

CuPokerResult runCuPoker(const KernelGraph& graph, const CuPokerConfig& config, core::RunContext& ctx);

}  // namespace ts::wse
