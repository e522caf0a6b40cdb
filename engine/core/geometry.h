#pragma once
// Integer grid coordinates shared by the AIE array and the WSE fabric.
#include <cstdint>
#include <functional>
#include <string>

namespace ts::core {

/// A tile position: col grows eastwards, row grows northwards (row 0 is the shim row on AIE).
struct TileCoord {
  int col = 0;
  int row = 0;
  friend bool operator==(const TileCoord& a, const TileCoord& b) { return a.col == b.col && a.row == b.row; }
  friend bool operator!=(const TileCoord& a, const TileCoord& b) { return !(a == b); }
  friend bool operator<(const TileCoord& a, const TileCoord& b) {
    return a.col != b.col ? a.col < b.col : a.row < b.row;
  }
};

inline int manhattan(const TileCoord& a, const TileCoord& b) {
  return (a.col > b.col ? a.col - b.col : b.col - a.col) + (a.row > b.row ? a.row - b.row : b.row - a.row);
}

/// "(c,r)" as used in every message about a tile.
std::string toString(const TileCoord& t);

}  // namespace ts::core

template <>
struct std::hash<ts::core::TileCoord> {
  size_t operator()(const ts::core::TileCoord& t) const noexcept {
    return std::hash<int64_t>()((int64_t(t.col) << 32) ^ uint32_t(t.row));
  }
};
