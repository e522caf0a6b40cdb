#pragma once
// The seam between annealing-style placers and what they minimise. A cost model holds the
// current placement's cost; a placer proposes a move (one or two cores change tiles), reads the
// cost change, and keeps or drops it. Fast models (bb, bbcg) update incrementally; an exact
// model (the MILP router's cost of each candidate) may simply recompute in propose().
//
// Protocol: reset(p) once; then any number of rounds of propose(moves) followed by exactly one
// of commit() or revert(). evaluate(p) recomputes from scratch without touching the state, so
// tests (and the SA debug option) can compare it with total() after any sequence of moves.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/placement.h"

namespace ts::aie {

/// One core changing tile. A swap is two moves; a relocation one.
struct CoreMove {
  CoreId core = -1;
  TileCoord from;
  TileCoord to;
};

using CostTerms = std::vector<std::pair<std::string, double>>;

class PlacementCost {
 public:
  virtual ~PlacementCost() = default;
  /// Short name used in settings and samples: "bb", "bbcg", "milp".
  virtual const char* name() const = 0;
  /// Makes `placement` (complete) the current state and returns its cost.
  virtual double reset(const Placement& placement) = 0;
  /// Cost change if `moves` were applied to the current state; the moves stay staged until
  /// commit() keeps or revert() drops them.
  virtual double propose(const std::vector<CoreMove>& moves) = 0;
  /// propose() for a caller that only needs to know whether the change is at most `limit` (an
  /// annealer that drew its acceptance threshold first): a model may then skip work and return
  /// any value above `limit` once it knows the change exceeds it. Such a result must be
  /// followed by revert().
  virtual double proposeWithin(const std::vector<CoreMove>& moves, double /*limit*/) { return propose(moves); }
  virtual void commit() = 0;
  virtual void revert() = 0;
  /// Cost of the current state.
  virtual double total() const = 0;
  /// Named terms of the current state, "total" first (for QoR samples and reports).
  virtual CostTerms terms() const = 0;
  /// Part of total() that penalises resource overuse placement alone can see (0 = none seen).
  virtual double penalty() const = 0;
  /// Cost of `placement` recomputed from scratch; never changes the current state.
  virtual double evaluate(const Placement& placement) const = 0;
};

}  // namespace ts::aie
