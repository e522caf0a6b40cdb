#include "engine/wse/placers.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "engine/wse/baselines/divide_and_conquer.h"
#include "engine/wse/baselines/tbs_sa.h"
#include "engine/wse/cupoker_flow.h"

namespace ts::wse {

const std::vector<std::string>& wseAlgorithms() {
  static const std::vector<std::string> names{"cupoker", "tbs-sa", "dnc"};
  return names;
}

bool isWseAlgorithm(const std::string& name) {
  const auto& a = wseAlgorithms();
  return std::find(a.begin(), a.end(), name) != a.end();
}

namespace {

/// Effort below 1 tries fewer targets (coarser sweep and neighbour steps).
void scaleSearch(TargetSearchConfig& s, int threads, double effort) {
  s.threads = threads;
  if (effort < 1) {
    s.step = std::min(0.05, s.step / effort);
    s.sweepGrowth = std::min(0.5, s.sweepGrowth / effort);
  }
}

}  // namespace

WsePlaceResult runWsePlacer(const KernelGraph& graph, const WsePlacerOptions& o, core::RunContext& ctx) {
  const double effort = std::max(0.01, o.effort);
  if (o.algorithm == "cupoker") {
    CuPokerConfig c;
    scaleSearch(c.search, o.threads, effort);
    c.rowSearch.maxNodes = std::max(50, int(std::lround(c.rowSearch.maxNodes * effort)));
    c.initial = o.initial;
    return runCuPoker(graph, c, ctx);
  }
  if (o.algorithm == "dnc") {
    DivideAndConquerConfig c;
    scaleSearch(c.search, o.threads, effort);
    c.maxShapes = std::max(4, int(std::lround(c.maxShapes * std::min(4.0, effort))));
    c.initial = o.initial;
    return runDivideAndConquer(graph, c, ctx);
  }
  if (o.algorithm == "tbs-sa") {
    TbsSaConfig c;
    c.maxMoves = std::max<int64_t>(1000, int64_t(double(c.maxMoves) * effort));
    c.initial = o.initial;
    return runTbsSa(graph, c, ctx);
  }
  throw core::Error("unknown WSE algorithm '" + o.algorithm + "' (expected cupoker, tbs-sa or dnc)");
}

}  // namespace ts::wse
