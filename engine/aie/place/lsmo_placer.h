#pragma once
// "lsmo": local search with a MILP oracle (paper Sec. VI). Each iteration
//  1. builds the neighbourhood R(l, pi) of every movable core: the type-compatible tiles within
//     `radius` columns and rows of its current tile (pinned cores keep their tile);
//  2. asks the oracle - the joint PnR MILP (joint_milp_placer.h) restricted to the union of the
//     neighbourhoods - for the best placement and routing there, excluding every placement
//     visited so far (the blacklist, as no-good cuts) and, in conservative mode, moving at most
//     one core;
//  3. moves to the oracle's answer (even when it is worse: the blacklist turns descent into
//     hill climbing) and keeps it as the best when it is routable and cheaper.
// While the current placement is unroutable the oracle runs with elastic resource rows, so it
// returns the least overused neighbour (a gradient towards legality). When a neighbourhood has
// no answer the radius grows by one (up to maxRadius) for the next call. Stops after
// `patience` iterations without improvement, `maxIterations`, an exhausted neighbourhood, the
// time limit or a stop request; anytime (the best so far is published and returned).
//
// Start: the given placement when it is complete and legal (incremental re-runs); otherwise
// `start`: "sa" (an SA+BBCG run, i.e. LSMO as a refinement of SA; the default), "sequential"
// (IRON's greedy placer, falling back to a random legal placement when it fails) or "random"
// (a random legal placement: SA's initialisation). The start is routed by the MILP router
// first and the best only changes to something cheaper, so the result is never worse than the
// start. Deterministic: the oracle is, and so are the starts for a seed (ctx.seed()), as long
// as no oracle call or start anneal hits its time limit.
#include <string>

#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/place/place_model.h"
#include "engine/core/params.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct LsmoPlacerConfig {
  JointPnrOptions formulation;  ///< the oracle's eq. 8 weights and gap
  int radius = 1;               ///< neighbourhood: tiles within this many columns and rows
  int maxRadius = 3;            ///< the radius grows up to this when a neighbourhood has no answer
  int maxIterations = 1000;     ///< oracle calls at most
  int patience = 8;             ///< stop after this many iterations without improvement
  bool conservative = false;    ///< move at most one core per iteration
  double oracleTimeLimit = 30;  ///< seconds per oracle call (0: only the run's limit)
  bool elastic = true;          ///< elastic oracle while the current placement is unroutable
  std::string start = "sa";     ///< "sa", "sequential" or "random" when no legal start is given
  double startShare = 0.5;      ///< at most this share of the time limit for the "sa" start

  void bind(core::ParamBinder& binder);
};

struct LsmoPlacerResult : PlacerResult {
  int iterations = 0;    ///< oracle calls
  int improvements = 0;  ///< iterations that improved the best
  int finalRadius = 0;
  bool routable = false;  ///< the best placement was routed by the oracle
  double startCost = 0;   ///< oracle objective of the start placement
  std::string startFrom;  ///< "given", "sequential", "random" or "sa"
};

LsmoPlacerResult runLsmoPlacer(const PlaceProblem& problem, const LsmoPlacerConfig& config, core::RunContext& ctx);

}  // namespace ts::aie
