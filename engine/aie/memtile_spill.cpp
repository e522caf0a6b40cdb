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

MemoryTileRuns memoryTileRuns(const Device& device) {
  MemoryTileRuns out;
  out.runOf.assign(size_t(device.tileCount()), -1);
  for (int row = 0; row < device.rows(); ++row)
    for (int col = 0; col < device.columns();) {
      if (!memTile(device, {col, row})) {
        ++col;
        continue;
      }
      out.runs.emplace_back();
      for (; col < device.columns() && memTile(device, {col, row}); ++col) {
        const int t = device.index({col, row});
        out.runs.back().push_back(t);
        out.runOf[size_t(t)] = int(out.runs.size()) - 1;
      }
    }
  return out;
}

std::vector<int64_t> spillRunOveruse(const std::vector<int64_t>& use, const std::vector<int64_t>& fixed,
                                     const std::vector<int64_t>& capacity) {
  // The movable bytes of tile k may sit in tiles k-1, k, k+1. Taking the demands west to east,
  // each from the spare memory that no later demand can reach first (west neighbour, own, east
  // neighbour) leaves the least unplaced.
  const size_t n = use.size();
  std::vector<int64_t> over(n, 0), spare(n);
  for (size_t k = 0; k < n; ++k) {
    const int64_t left = capacity[k] - fixed[k];
    spare[k] = std::max<int64_t>(0, left);
    over[k] = std::max<int64_t>(0, -left);  // own data over the tile stays over
  }
  for (size_t k = 0; k < n; ++k) {
    int64_t need = use[k] - fixed[k];
    for (size_t j : {k - 1, k, k + 1}) {  // k - 1 wraps to a huge index at k = 0
      if (j >= n || need == 0) continue;
      const int64_t take = std::min(need, spare[j]);
      spare[j] -= take;
      need -= take;
    }
    over[k] += need;
  }
  return over;
}

std::vector<int64_t> memoryOveruseWithSpill(const Device& device, const std::vector<int64_t>& use,
                                            const std::vector<int64_t>& fixed) {
  std::vector<int64_t> over(use.size(), 0);
  for (int i = 0; i < device.tileCount(); ++i) {
    const TileCoord t = device.coord(i);
    if (device.kind(t) != TileKind::Mem)
      over[size_t(i)] = std::max<int64_t>(0, use[size_t(i)] - device.resources(t).memoryBytes);
  }
  for (const std::vector<int>& run : memoryTileRuns(device).runs) {
    std::vector<int64_t> u, f, c;
    for (int i : run) {
      u.push_back(use[size_t(i)]);
      f.push_back(fixed[size_t(i)]);
      c.push_back(device.resources(device.coord(i)).memoryBytes);
    }
    const std::vector<int64_t> o = spillRunOveruse(u, f, c);
    for (size_t k = 0; k < run.size(); ++k) over[size_t(run[k])] = o[k];
  }
  return over;
}

std::string spillNote(const Device& device, TileCoord t, int64_t over) {
  if (spillNeighbours(device, t).empty()) return "";
  return " (with its neighbour memory tiles' spare memory, " + std::to_string(over) + " bytes still do not fit)";
}

}  // namespace ts::aie
