#include "engine/aie/memtile_spill.h"

#include <algorithm>

namespace ts::aie {

namespace {

bool memTile(const Device& device, TileCoord t) {
  return device.contains(t) && device.kind(t) == TileKind::Mem;
}

}  // namespace

std::vector<TileCoord> spillNeighbours(const Device& device, TileCoord t) {
  std::vector<TileCoord> out;
  if (!memTile(device, t)) return out;
  for (int dc : {-1, 1})
    if (memTile(device, {t.col + dc, t.row})) out.push_back({t.col + dc, t.row});
  return out;
}

std::vector<int64_t> memoryOveruseWithSpill(const Device& device, const std::vector<int64_t>& use,
                                            const std::vector<int64_t>& fixed) {
  std::vector<int64_t> over(use.size(), 0);
  for (int i = 0; i < device.tileCount(); ++i) {
    const TileCoord t = device.coord(i);
    if (device.kind(t) == TileKind::Mem) continue;  // below, row by row
    over[size_t(i)] = std::max<int64_t>(0, use[size_t(i)] - device.resources(t).memoryBytes);
  }
  // Each run of adjacent memory tiles in a row: the movable bytes of tile k may sit in tiles
  // k-1, k, k+1. Taking the demands west to east, each from the spare memory that no later
  // demand can reach first (west neighbour, own, east neighbour) leaves the least unplaced.
  for (int row = 0; row < device.rows(); ++row) {
    int col = 0;
    while (col < device.columns()) {
      if (!memTile(device, {col, row})) {
        ++col;
        continue;
      }
      std::vector<int> run;
      for (; col < device.columns() && memTile(device, {col, row}); ++col) run.push_back(device.index({col, row}));
      std::vector<int64_t> spare(run.size());
      for (size_t k = 0; k < run.size(); ++k) {
        const int64_t left = device.resources(device.coord(run[k])).memoryBytes - fixed[size_t(run[k])];
        spare[k] = std::max<int64_t>(0, left);
        over[size_t(run[k])] = std::max<int64_t>(0, -left);  // own data over the tile stays over
      }
      for (size_t k = 0; k < run.size(); ++k) {
        int64_t need = use[size_t(run[k])] - fixed[size_t(run[k])];
        for (size_t j : {k - 1, k, k + 1}) {  // k - 1 wraps to a huge index at k = 0
          if (j >= run.size() || need == 0) continue;
          const int64_t take = std::min(need, spare[j]);
          spare[j] -= take;
          need -= take;
        }
        over[size_t(run[k])] += need;
      }
    }
  }
  return over;
}

std::string spillNote(const Device& device, TileCoord t, int64_t over) {
  if (spillNeighbours(device, t).empty()) return "";
  return " (with its neighbour memory tiles' spare memory, " + std::to_string(over) + " bytes still do not fit)";
}

}  // namespace ts::aie
