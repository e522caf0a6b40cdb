#include "engine/aie/place/cascade_macros.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ts::aie {

namespace {

/// Offsets when every cascade steps by `step` from its source, propagated from the first core;
/// empty when that puts two cores on one tile or contradicts itself.
std::vector<TileCoord> uniformShape(const Design& d, const std::vector<std::vector<int>>& touching,
                                    const std::vector<CoreId>& cores, TileCoord step) {
  std::map<CoreId, TileCoord> at{{cores.front(), {0, 0}}};
  std::vector<CoreId> queue{cores.front()};
  for (size_t i = 0; i < queue.size(); ++i) {
    CoreId u = queue[i];
    for (int k : touching[size_t(u)]) {
      const Cascade& c = d.cascades[size_t(k)];
      CoreId v = c.from == u ? c.to : c.from;
      int sign = c.from == u ? 1 : -1;
      TileCoord want{at[u].col + sign * step.col, at[u].row + sign * step.row};
      auto it = at.find(v);
      if (it == at.end()) {
        at[v] = want;
        queue.push_back(v);
      } else if (it->second != want) {
        return {};
      }
    }
  }
  std::set<TileCoord> cells;
  std::vector<TileCoord> out;
  for (CoreId c : cores) {
    if (!cells.insert(at[c]).second) return {};
    out.push_back(at[c]);
  }
  return out;
}

}  // namespace

std::vector<CascadeMacro> cascadeMacros(const Design& d, const Device& dev, const Placement& start,
                                        std::vector<int>& macroOf) {
  const int n = d.coreCount();
  macroOf.assign(size_t(n), -1);
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[size_t(x)] != x) x = parent[size_t(x)] = parent[size_t(parent[size_t(x)])];
    return x;
  };
  std::vector<std::vector<int>> touching(static_cast<size_t>(n));  // cascade indices per core
  for (size_t k = 0; k < d.cascades.size(); ++k) {
    const Cascade& c = d.cascades[k];
    if (c.from < 0 || c.to < 0 || c.from >= n || c.to >= n || c.from == c.to) continue;
    if (d.cores[c.from].kind != CoreKind::Compute || d.cores[c.to].kind != CoreKind::Compute) continue;
    parent[size_t(find(c.from))] = find(c.to);
    touching[size_t(c.from)].push_back(int(k));
    touching[size_t(c.to)].push_back(int(k));
  }
  std::map<int, std::vector<CoreId>> components;
  for (CoreId c = 0; c < n; ++c)
    if (!touching[size_t(c)].empty()) components[find(c)].push_back(c);

  std::vector<CascadeMacro> out;
  std::vector<std::vector<CoreId>> ordered;
  for (auto& [root, cores] : components) ordered.push_back(cores);
  std::sort(ordered.begin(), ordered.end());  // by lowest core id
  for (const auto& cores : ordered) {
    CascadeMacro m;
    m.cores = cores;
    const CoreId ref = cores.front();
    // The start's shape when every core is placed and every cascade holds there.
    bool startOk = true;
    for (CoreId c : cores) startOk = startOk && start.placed(c) && dev.contains(start.tile(c));
    for (CoreId c : cores)
      for (int k : touching[size_t(c)])
        startOk =
            startOk && dev.canCascade(start.tile(d.cascades[size_t(k)].from), start.tile(d.cascades[size_t(k)].to));
    if (startOk) {
      for (CoreId c : cores)
        m.offsets.push_back({start.tile(c).col - start.tile(ref).col, start.tile(c).row - start.tile(ref).row});
      m.fromStart = true;
    } else {
      m.offsets = uniformShape(d, touching, cores, {1, 0});
      if (m.offsets.empty()) continue;
    }
    if (dev.generation() == Generation::Aie2) m.southOffsets = uniformShape(d, touching, cores, {0, -1});
    for (CoreId c : cores) macroOf[size_t(c)] = int(out.size());
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace ts::aie
