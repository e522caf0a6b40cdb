#pragma once
// Where each logical core sits, and which cores the user pinned (no algorithm moves them).
#include <vector>

#include "engine/aie/design.h"

namespace ts::aie {

class Placement {
 public:
  static constexpr TileCoord kUnplaced{-1, -1};

  Placement() = default;
  explicit Placement(int coreCount) : tiles_(size_t(coreCount), kUnplaced), pinned_(size_t(coreCount), 0) {}
  /// Cores with a pin in the design placed there and pinned; the rest unplaced.
  static Placement fromDesignPins(const Design& design);

  int size() const { return int(tiles_.size()); }
  bool placed(CoreId c) const { return tiles_[c].col >= 0; }
  TileCoord tile(CoreId c) const { return tiles_[c]; }
  void place(CoreId c, TileCoord t) { tiles_[c] = t; }
  void unplace(CoreId c) { tiles_[c] = kUnplaced; }
  bool pinned(CoreId c) const { return pinned_[c] != 0; }
  void setPinned(CoreId c, bool pinned) { pinned_[c] = pinned ? 1 : 0; }
  bool complete() const;
  int placedCount() const;
  /// Cores on tile t (several only for memory-tile / shim endpoints).
  std::vector<CoreId> coresAt(TileCoord t) const;

  friend bool operator==(const Placement& a, const Placement& b) {
    return a.tiles_ == b.tiles_ && a.pinned_ == b.pinned_;
  }
  friend bool operator!=(const Placement& a, const Placement& b) { return !(a == b); }

 private:
  std::vector<TileCoord> tiles_;
  std::vector<char> pinned_;
};

}  // namespace ts::aie
