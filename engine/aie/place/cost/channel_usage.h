#pragma once
// Expected use of the stream network's channel segments by one connection, assuming every
// shortest route between its ends is equally likely (the paper's Fig. 4). A channel segment is
// the group of parallel links leaving a tile in one direction. The probabilities are exact: the
// number of shortest routes through a link divided by the number of shortest routes, counted on
// the real link graph (memory tiles have no east/west links, so some boxes have holes; when no
// monotone route exists in the box at all, the counting runs over the whole array).
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/aie/device.h"

namespace ts::aie {

class ChannelUsage {
 public:
  static constexpr double kScale = 1e6;  ///< micro-units of expected use

  explicit ChannelUsage(const Device& device);

  static int segment(int tile, Direction d) { return tile * 4 + int(d); }
  int segmentCount() const { return int(capacity_.size()); }
  /// Links in the segment (0 where there is no neighbour or no link).
  int capacity(int segment) const { return capacity_[size_t(segment)]; }

  /// Probability that a uniformly chosen shortest route from -> to (tile indices) uses each
  /// segment; nothing when from == to or when `to` cannot be reached. `viaWholeArray`, when
  /// given, says whether the routes had to leave the box (no monotone route inside it).
  void connection(int fromTile, int toTile, std::vector<std::pair<int, double>>& out,
                  bool* viaWholeArray = nullptr) const;
  /// The same in micro-units (rounded), cached per tile pair.
  const std::vector<std::pair<int, int64_t>>& connectionUnits(int fromTile, int toTile);

  /// Calls f(segment, microUnits) for each segment of connection(from, to), as connectionUnits
  /// would give them. On arrays whose links are the same along every row (all presets), a box's
  /// probabilities depend only on its rows and width, so they are computed once per (source
  /// row, target row, width) and shifted into place: the fast path of the bbcg cost.
  template <typename F>
  void forEachUnits(int fromTile, int toTile, F&& f);

 private:
  struct RelativeUse {
    int16_t i = 0, j = 0;  // steps from the source along the box (columns, rows)
    bool vertical = false;
    int32_t units = 0;
  };
  struct Pattern {
    bool wholeArray = false;  // routes leave the box: not shift-invariant, use the pair cache
    std::vector<RelativeUse> uses;
  };
  bool link(int tile, Direction d) const { return capacity_[size_t(segment(tile, d))] > 0; }
  void wholeArray(int fromTile, int toTile, std::vector<std::pair<int, double>>& out) const;
  const Pattern& pattern(int fromTile, int toTile);

  const Device* device_;
  int columns_ = 0;
  std::vector<int> capacity_;
  bool rowUniform_ = false;
  std::unordered_map<int64_t, std::vector<std::pair<int, int64_t>>> cache_;
  size_t cachedEntries_ = 0;
  std::unordered_map<int64_t, Pattern> patterns_;
  std::vector<std::pair<int, double>> scratch_;
};

template <typename F>
void ChannelUsage::forEachUnits(int fromTile, int toTile, F&& f) {
  if (fromTile == toTile) return;
  if (rowUniform_) {
    const Pattern& p = pattern(fromTile, toTile);
    if (!p.wholeArray) {
      const int sc = fromTile % columns_, sr = fromTile / columns_;
      const int tc = toTile % columns_, tr = toTile / columns_;
      const int sx = tc >= sc ? 1 : -1, sy = tr >= sr ? 1 : -1;
      const Direction hd = sx > 0 ? Direction::East : Direction::West;
      const Direction vd = sy > 0 ? Direction::North : Direction::South;
      for (const RelativeUse& u : p.uses)
        f(segment((sr + u.j * sy) * columns_ + sc + u.i * sx, u.vertical ? vd : hd), int64_t(u.units));
      return;
    }
  }
  for (const auto& [seg, units] : connectionUnits(fromTile, toTile)) f(seg, units);
}

}  // namespace ts::aie
