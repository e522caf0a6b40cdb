#pragma once
// The smallest rectangle of tiles holding every end of a net under a placement: the region a
// net's shortest routes stay in, and a measure of how close two nets are.
#include <algorithm>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct NetBox {
  int c0, c1, r0, r1;
  bool contains(TileCoord t, int margin) const {
    return t.col >= c0 - margin && t.col <= c1 + margin && t.row >= r0 - margin && t.row <= r1 + margin;
  }
  /// Link hops of the shortest tree to a net with two ends (a lower bound for more ends).
  int halfPerimeter() const { return c1 - c0 + r1 - r0; }
  /// Tiles between the two boxes (0 when they touch or overlap).
  int gap(const NetBox& o) const { return std::max({0, o.c0 - c1, c0 - o.c1}) + std::max({0, o.r0 - r1, r0 - o.r1}); }
};

inline NetBox netBox(const Design& d, const Placement& p, NetId n) {
  const TileCoord s = p.tile(d.nets[n].source);
  NetBox b{s.col, s.col, s.row, s.row};
  for (CoreId c : d.nets[n].targets) {
    const TileCoord t = p.tile(c);
    b.c0 = std::min(b.c0, t.col);
    b.c1 = std::max(b.c1, t.col);
    b.r0 = std::min(b.r0, t.row);
    b.r1 = std::max(b.r1, t.row);
  }
  return b;
}

}  // namespace ts::aie
