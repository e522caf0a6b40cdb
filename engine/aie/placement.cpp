#include "engine/aie/placement.h"

namespace ts::aie {

Placement Placement::fromDesignPins(const Design& design) {
  Placement p(design.coreCount());
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (design.cores[c].pin) {
      p.place(c, *design.cores[c].pin);
      p.setPinned(c, true);
    }
  }
  return p;
}

bool Placement::complete() const {
  for (const auto& t : tiles_)
    if (t.col < 0) return false;
  return true;
}

int Placement::placedCount() const {
  int n = 0;
  for (const auto& t : tiles_) n += t.col >= 0;
  return n;
}

std::vector<CoreId> Placement::coresAt(TileCoord t) const {
  std::vector<CoreId> out;
  for (size_t i = 0; i < tiles_.size(); ++i)
    if (tiles_[i] == t) out.push_back(CoreId(i));
  return out;
}

}  // namespace ts::aie
