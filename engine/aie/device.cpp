#include "engine/aie/device.h"

#include <algorithm>

namespace ts::aie {

const char* toString(TileKind kind) {
  switch (kind) {
    case TileKind::Shim:
      return "shim";
    case TileKind::Mem:
      return "mem";
    case TileKind::Compute:
      return "compute";
  }
  return "?";
}

const char* toString(Generation generation) {
  return generation == Generation::Aie1 ? "aie1" : "aie2";
}

const char* toString(Direction direction) {
  switch (direction) {
    case Direction::North:
      return "north";
    case Direction::South:
      return "south";
    case Direction::East:
      return "east";
    case Direction::West:
      return "west";
  }
  return "?";
}

Device::Device(std::string name, std::string description, Generation generation, int columns,
               std::vector<TileKind> rowRoles, std::vector<int> shimDmaColumns, TileResources compute,
               TileResources mem, TileResources shim, StreamLinks links, PacketLimits packet)
    : name_(std::move(name)),
      description_(std::move(description)),
      generation_(generation),
      columns_(columns),
      rowRoles_(std::move(rowRoles)),
      shimDmaColumns_(std::move(shimDmaColumns)),
      shimDma_(size_t(columns), false),
      compute_(compute),
      mem_(mem),
      shim_(shim),
      shimNoDma_(shim),
      links_(links),
      packet_(packet) {
  std::sort(shimDmaColumns_.begin(), shimDmaColumns_.end());
  for (int c : shimDmaColumns_)
    if (c >= 0 && c < columns_) shimDma_[c] = true;
  shimNoDma_.dmaIn = shimNoDma_.dmaOut = 0;
}

const TileResources& Device::resourcesOf(TileKind kind) const {
  switch (kind) {
    case TileKind::Compute:
      return compute_;
    case TileKind::Mem:
      return mem_;
    case TileKind::Shim:
      return shim_;
  }
  return compute_;
}

const TileResources& Device::resources(TileCoord t) const {
  TileKind k = kind(t);
  if (k == TileKind::Shim && !shimDma_[t.col]) return shimNoDma_;
  return resourcesOf(k);
}

int Device::countTiles(TileKind kind) const {
  int rowsOfKind = int(std::count(rowRoles_.begin(), rowRoles_.end(), kind));
  return rowsOfKind * columns_;
}

std::vector<TileCoord> Device::tilesOf(TileKind kind) const {
  std::vector<TileCoord> out;
  for (int c = 0; c < columns_; ++c)
    for (int r = 0; r < rows(); ++r)
      if (rowRoles_[r] == kind) out.push_back({c, r});
  return out;
}

bool Device::canHost(TileKind kind, TileCoord t, bool needsDma) const {
  if (!contains(t) || this->kind(t) != kind) return false;
  return kind != TileKind::Shim || !needsDma || shimDma_[t.col];
}

TileCoord Device::neighbour(TileCoord t, Direction d) const {
  TileCoord n = t;
  switch (d) {
    case Direction::North:
      ++n.row;
      break;
    case Direction::South:
      --n.row;
      break;
    case Direction::East:
      ++n.col;
      break;
    case Direction::West:
      --n.col;
      break;
  }
  return contains(n) ? n : TileCoord{-1, -1};
}

int Device::linkCapacity(TileCoord t, Direction d) const {
  TileCoord n = neighbour(t, d);
  if (n.col < 0) return 0;
  switch (d) {
    case Direction::North:
      return links_.north;
    case Direction::South:
      return links_.south;
    case Direction::East:
    case Direction::West:
      if (!links_.memTileEastWest && (kind(t) == TileKind::Mem || kind(n) == TileKind::Mem)) return 0;
      return d == Direction::East ? links_.east : links_.west;
  }
  return 0;
}

std::vector<TileCoord> Device::memoriesReachableFrom(TileCoord core) const {
  std::vector<TileCoord> out;
  if (!contains(core) || kind(core) != TileKind::Compute) return out;
  auto add = [&](TileCoord m) {
    if (contains(m) && kind(m) == TileKind::Compute) out.push_back(m);
  };
  add(core);
  add({core.col, core.row + 1});
  add({core.col, core.row - 1});
  if (generation_ == Generation::Aie2) {
    add({core.col - 1, core.row});
  } else {
    // AIE1 checkerboard: the neighbouring memory is east on even rows, west on odd rows.
    add({core.row % 2 == 0 ? core.col + 1 : core.col - 1, core.row});
  }
  return out;
}

bool Device::reachesMemory(TileCoord core, TileCoord memory) const {
  const auto reach = memoriesReachableFrom(core);
  return std::find(reach.begin(), reach.end(), memory) != reach.end();
}

std::vector<TileCoord> Device::coresReaching(TileCoord memory) const {
  std::vector<TileCoord> out;
  if (!contains(memory) || kind(memory) != TileKind::Compute) return out;
  for (TileCoord c : {memory, TileCoord{memory.col + 1, memory.row}, TileCoord{memory.col - 1, memory.row},
                      TileCoord{memory.col, memory.row + 1}, TileCoord{memory.col, memory.row - 1}}) {
    if (!contains(c) || kind(c) != TileKind::Compute) continue;
    if (reachesMemory(c, memory)) out.push_back(c);
  }
  return out;
}

bool Device::shareMemory(const std::vector<TileCoord>& cores) const {
  if (cores.empty()) return false;
  for (TileCoord m : memoriesReachableFrom(cores.front())) {
    bool all = true;
    for (size_t i = 1; i < cores.size() && all; ++i) all = reachesMemory(cores[i], m);
    if (all) return true;
  }
  return false;
}

bool Device::canCascade(TileCoord from, TileCoord to) const {
  if (!contains(from) || !contains(to)) return false;
  if (kind(from) != TileKind::Compute || kind(to) != TileKind::Compute) return false;
  if (generation_ == Generation::Aie1)  // AIE1 cascades run along the row
    return to.row == from.row && to.col == from.col + 1;
  return (to.col == from.col && to.row == from.row - 1) || (to.row == from.row && to.col == from.col + 1);
}

}  // namespace ts::aie
