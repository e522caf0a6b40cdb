#include "engine/aie/place/sequential_placer.h"

#include <algorithm>

#include "engine/aie/snapshot.h"

namespace ts::aie {

void SequentialPlacerConfig::bind(core::ParamBinder& b) {
  b.bind("keep_start", keepStartPlacement, "keep cores the start placement already places (false: only pinned cores)");
}

namespace {

struct Sequential {
  const PlaceModel& m;
  Placement& p;
  std::vector<int> chOut, chIn;  // channels charged per tile

  /// IRON's _place_endpoint: first tile of the kind at or right of `col` whose channels fit.
  bool placeEndpoint(CoreId c, int col) {
    const CoreKind kind = m.design().cores[c].kind;
    const int needOut = m.outNets(c), needIn = m.inNets(c);
    const auto& tiles = m.hostTiles(kind);
    for (int newCol = std::max(0, col); newCol < m.device().columns(); ++newCol)
      for (TileCoord t : tiles) {
        if (t.col != newCol) continue;
        int i = m.tileIndex(t);
        const TileResources& cap = m.capacity(i);
        if (chOut[size_t(i)] + needOut > cap.dmaOut || chIn[size_t(i)] + needIn > cap.dmaIn) continue;
        chOut[size_t(i)] += needOut;
        chIn[size_t(i)] += needIn;
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
  const std::vector<char> fixed = fixedCores(d, start);
  Placement p = start;
  for (CoreId c = 0; c < d.coreCount(); ++c)
    if (!fixed[c] && !(config.keepStartPlacement && start.placed(c))) p.unplace(c);

  auto finish = [&](const std::string& failure) {
    result.placement = p;
    result.seconds = ctx.elapsed() - t0;
    result.movesPerSecond = result.seconds > 0 ? double(result.moves) / result.seconds : 0;
    if (!failure.empty()) {
      if (result.status.empty()) result.status = "failed";
      result.reasons.push_back(failure);
      result.success = false;
    } else {
      checkResult(d, dev, start, result);
    }
    ctx.publishSnapshot(std::make_shared<PlacementSnapshot>(p), true);
    core::QorSample s;
    s.iteration = result.moves;
    s.phase = "sequential";
    s.add("placed", p.placedCount());
    s.add("success", result.success ? 1 : 0);
    ctx.publishSample(std::move(s), true);
    return result;
  };

  // Compute tiles in IRON's order, minus those of cores placed beforehand.
  std::vector<TileCoord> computes = model.hostTiles(CoreKind::Compute);
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (!p.placed(c) || d.cores[c].kind != CoreKind::Compute) continue;
    auto it = std::find(computes.begin(), computes.end(), p.tile(c));
    if (it == computes.end())
      return finish("partial placement error: tile " + core::toString(p.tile(c)) + " of core '" + d.cores[c].name +
                    "' is not an available compute tile of " + dev.name() + " or is already used");
    computes.erase(it);
  }
  std::vector<char> ours(size_t(d.coreCount()), 0);
  size_t next = 0;
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (ctx.shouldStop()) {
      result.status = ctx.cancel().stopRequested() ? "cancelled" : "time-out";
      return finish("stopped before every core was placed");
    }
    if (d.cores[c].kind != CoreKind::Compute || p.placed(c)) continue;
    if (next >= computes.size()) return finish("ran out of compute tiles for placement");
    p.place(c, computes[next++]);
    ours[c] = 1;
    ++result.moves;
  }

  Sequential seq{model, p, std::vector<int>(size_t(model.tileCount()), 0),
                 std::vector<int>(size_t(model.tileCount()), 0)};
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
  // Endpoints on no net are never visited by IRON's loop; they stay unplaced and fail the check.
  return finish("");
}

}  // namespace ts::aie
