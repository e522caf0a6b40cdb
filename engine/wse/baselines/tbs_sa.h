#pragma once
// Simulated-annealing floorplanning baseline over twin-binary-sequence style representations
// (CU.POKer paper Sec. IV-A; Young, Chu and Shen, TCAD 2003).
//
// A state is a block sequence pi (kernels plus up to maxDummies dummy blocks), one orientation
// bit alpha per insertion and one cover count per insertion (the information the TBS bit
// strings beta1/beta2 carry: how many boundary segments a block's insertion spans). The
// floorplan is built in linear time by inserting the blocks of pi one at a time at the
// top-right corner of the packing: alpha = 0 puts the block to the right of the top `cover`
// blocks of the right boundary, alpha = 1 puts it above the rightmost `cover` blocks of the
// top boundary. Every state decodes to a non-overlapping mosaic packing; dummy blocks (empty
// rooms of a few tiles or none) let it express general, non-mosaic floorplans. This is the
// corner-insertion decoding of the TBS family (as for corner block lists), implemented from
// the representation's description, not from the authors' code.
//
// Moves, with equal probability: sizing (a kernel takes another candidate of its sizing
// ladder, a dummy another size), swapping (two blocks exchange places in pi) and rotation
// (flip one alpha bit or change one cover count, which rotates the twin trees' topology).
// Candidates come from the optimal sizing at a ladder of target times (the paper: the same
// sizing "without a target time"). Cost = wdeltat*MT + wlength*WL + wadapter*AC plus a
// penalty on the part of the packing outside the fabric; only packings inside the fabric
// count as solutions, and the best one is checked by the evaluator. Pinned kernels are not in
// the sequence: they are fixed obstacles that an inserted block moves past along its contour.
#include <cstdint>

#include "engine/core/run_context.h"
#include "engine/wse/placer_common.h"

namespace ts::wse {

struct TbsSaConfig {
  int maxDummies = 100;  ///< dummy blocks (paper: at most 100); at most kernels/2 are used
  /// Upper bound on moves. With a time limit the run cools over whichever ends first, so a
  /// time-limited run uses its whole budget (the paper's runs took 747 s on average).
  int64_t maxMoves = 10000000;
  double initialAcceptance = 0.9;  ///< uphill acceptance probability at the start
  double cooling = 0;              ///< temperature factor per stage; 0 = T0 to 1e-6 T0 over maxMoves
  int movesPerStage = 0;           ///< 0 = 30 x blocks
  int targetLevels = 20;           ///< sizing ladder: targets T0 * 2^(i/4), i = -4 .. levels-5
  /// Warm start: its kernels' arguments seed the sizing choice and, when complete and legal,
  /// it is the first incumbent.
  Layout initial;
  Layout pins;  ///< pinned kernels (see placer_common.h): obstacles of the packing; empty = none
};

struct TbsSaResult : WsePlaceResult {
  int64_t moves = 0, accepted = 0;
  double finalTemperature = 0;
  /// The annealer's own (incremental-free, decoded) score of the returned layout; tests compare
  /// it with the evaluator's.
  double annealerScore = 0;
};

/// The seed comes from ctx.seed(); the same seed gives the same result when no time limit
/// cuts the run short.
TbsSaResult runTbsSa(const KernelGraph& graph, const TbsSaConfig& config, core::RunContext& ctx);

}  // namespace ts::wse
