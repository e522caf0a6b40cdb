#include "engine/aie/place/sequential_placer.h"

#include <algorithm>

#include "engine/aie/place/cascade_macros.h"

namespace ts::aie {

void SequentialPlacerConfig::bind(core::ParamBinder& b) {
  b.bind("keep_start", keepStartPlacement, "keep cores the start placement already places (false: only pinned cores)");
}

namespace {

struct Sequential {
  const PlaceModel& m;
  Placement& p;
  std::vector<std::vector<CoreId>> at;  // per tile: the endpoints placed there (channels charged)

  /// IRON's _place_endpoint: first tile of the kind at or right of `col` whose channels fit
  /// (nets that take turns counted once per group, as MLIR-AIE's placer counts ends never in
  /// flight together).
  bool placeEndpoint(CoreId c, int col) {
    const CoreKind kind = m.design().cores[c].kind;
    const auto& tiles = m.hostTiles(kind);
    for (int newCol = std::max(0, col); newCol < m.device().columns(); ++newCol)
      for (TileCoord t : tiles) {
        if (t.col != newCol || !m.allows(c, t)) continue;
        int i = m.tileIndex(t);
        const TileResources& cap = m.capacity(i);
        const auto [out, in] = m.endpointChannels(at[size_t(i)], c);
        if (out > cap.dmaOut || in > cap.dmaIn) continue;
        at[size_t(i)].push_back(c);
        p.place(c, t);
        return true;
      }
    return false;
  }
};

}  // namespace

SequentialPlacerResult runSequentialPlacer(const PlaceProblem& problem, const SequentialPlacerConfig& config,
                                           core::RunContext& ctx) {
  SequentialPlacerResult result;
  const Design& d = problem.design;
  const Device& dev = problem.device;
  if (!acceptDesign(d, result)) return result;
  const double t0 = ctx.elapsed();
  const Placement start = prepareStart(d, problem.start);
  const PlaceModel model(d, dev);
  std::vector<char> kept;
  Placement p = constructiveStart(d, start, config.keepStartPlacement, kept);
  auto finish = [&](const std::string& failure) {
    finishConstructive(d, dev, start, p, failure, t0, "sequential", {{"placed", p.placedCount()}}, ctx, result);
    return result;
  };

  // Compute tiles in IRON's order (column by column, bottom to top), minus those of cores placed
  // beforehand. A core takes the first free tile its partial pin (column / row) allows.
  const std::vector<TileCoord>& computes = model.hostTiles(CoreKind::Compute);
  std::vector<char> taken(size_t(model.tileCount()), 0);
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (!p.placed(c) || d.cores[c].kind != CoreKind::Compute) continue;
    const TileCoord t = p.tile(c);
    if (!dev.canHost(TileKind::Compute, t) || taken[size_t(model.tileIndex(t))])
      return finish("partial placement error: tile " + core::toString(t) + " of core '" + d.cores[c].name +
                    "' is not an available compute tile of " + dev.name() + " or is already used");
    taken[size_t(model.tileIndex(t))] = 1;
  }
  // A core with memory uses takes only tiles within reach of its placed partners (as MLIR-AIE's
  // sequential placer steers them); a partner placed later keeps the pair in turn.
  auto tileFree = [&](CoreId c, TileCoord t) {
    return dev.canHost(TileKind::Compute, t) && !taken[size_t(model.tileIndex(t))] && model.allows(c, t);
  };
  auto freeFor = [&](CoreId c, TileCoord t) { return tileFree(c, t) && model.keepsMemoryUses(p, c, t); };
  // A cascade chain goes down a column (every cascade south) from the first tile where it fits,
  // else east along a row; a chain with a pinned core keeps that core's tile.
  std::vector<char> ours(size_t(d.coreCount()), 0);
  std::vector<int> macroOf;
  const std::vector<CascadeMacro> macros = cascadeMacros(d, dev, p, macroOf);
  auto placeChain = [&](const CascadeMacro& mc) {
    std::vector<std::vector<TileCoord>> shapes;
    if (!mc.southOffsets.empty()) shapes.push_back(mc.southOffsets);
    shapes.push_back(mc.offsets);
    auto fits = [&](const std::vector<TileCoord>& shape, TileCoord origin) {
      for (size_t i = 0; i < mc.cores.size(); ++i) {
        TileCoord t{origin.col + shape[i].col, origin.row + shape[i].row};
        if (p.placed(mc.cores[i]) ? p.tile(mc.cores[i]) != t : !freeFor(mc.cores[i], t)) return false;
      }
      return true;
    };
    for (const auto& shape : shapes)  // south wherever it fits first, east only if it fits nowhere
      for (TileCoord origin : computes) {
        // With a placed core the origin is where that core's tile puts it.
        TileCoord o = origin;
        for (size_t i = 0; i < mc.cores.size(); ++i)
          if (p.placed(mc.cores[i]))
            o = {p.tile(mc.cores[i]).col - shape[i].col, p.tile(mc.cores[i]).row - shape[i].row};
        if (!fits(shape, o)) continue;
        for (size_t i = 0; i < mc.cores.size(); ++i) {
          if (p.placed(mc.cores[i])) continue;
          TileCoord t{o.col + shape[i].col, o.row + shape[i].row};
          p.place(mc.cores[i], t);
          taken[size_t(model.tileIndex(t))] = 1;
          ours[mc.cores[i]] = 1;
          ++result.moves;
        }
        return true;
      }
    return false;
  };
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (ctx.shouldStop()) {
      result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
      return finish("stopped before every core was placed");
    }
    if (d.cores[c].kind != CoreKind::Compute || p.placed(c)) continue;
    if (macroOf[size_t(c)] >= 0) {
      const CascadeMacro& mc = macros[size_t(macroOf[size_t(c)])];
      if (!placeChain(mc))
        return finish("no room for the cascade chain of '" + d.cores[mc.cores.front()].name + "' (" +
                      std::to_string(mc.cores.size()) + " cores) with every cascade south or east");
      continue;
    }
    auto it = std::find_if(computes.begin(), computes.end(), [&](TileCoord t) { return freeFor(c, t); });
    if (it == computes.end() &&
        std::any_of(computes.begin(), computes.end(), [&](TileCoord t) { return tileFree(c, t); }))
      return finish("no free compute tile for core '" + d.cores[c].name +
                    "' is within reach of the memories it shares with cores already placed (memory uses)");
    if (it == computes.end())
      return finish(d.cores[c].partlyPinned()
                        ? "no compute tile available matching the partial pin of core '" + d.cores[c].name + "'"
                        : std::string("ran out of compute tiles for placement"));
    p.place(c, *it);
    taken[size_t(model.tileIndex(*it))] = 1;
    ours[c] = 1;
    ++result.moves;
  }

  Sequential seq{model, p, std::vector<std::vector<CoreId>>(size_t(model.tileCount()))};
  for (NetId n = 0; n < d.netCount(); ++n) {
    if (ctx.shouldStop()) {
      result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
      return finish("stopped before every core was placed");
    }
    const auto& pins = model.pins(n);
    double sum = 0;
    int count = 0;
    for (CoreId c : pins)
      if (ours[c]) {
        sum += p.tile(c).col;
        ++count;
      }
    const int col = count ? roundHalfEven(sum / count) : 0;
    for (CoreId c : pins) {
      if (d.cores[c].kind == CoreKind::Compute || p.placed(c)) continue;
      if (!seq.placeEndpoint(c, col))
        return finish("failed to find a " + std::string(toString(tileKindFor(d.cores[c].kind))) +
                      " tile with free DMA channels at or right of column " + std::to_string(col) + " for core '" +
                      d.cores[c].name + "'");
      ++result.moves;
    }
  }
  // Endpoints on no net (declared tiles nothing uses) go to the first tile from column 0, as
  // MLIR-AIE's placer does.
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (!p.placed(c) && !seq.placeEndpoint(c, 0))
      return finish("no " + std::string(toString(tileKindFor(d.cores[c].kind))) + " tile left for core '" +
                    d.cores[c].name + "'");
  return finish("");
}

}  // namespace ts::aie
