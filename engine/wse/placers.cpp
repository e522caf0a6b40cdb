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

void requireKnown(const std::string& name) {
  if (!isWseAlgorithm(name))
    throw core::Error("unknown WSE algorithm '" + name + "' (expected cupoker, tbs-sa or dnc)");
}

/// Effort below 1 tries fewer targets (coarser sweep and neighbour steps).
void scaleSearch(TargetSearchConfig& s, int threads, double effort) {
  s.threads = threads;
  if (effort < 1) {
    s.step = std::min(0.05, s.step / effort);
    s.sweepGrowth = std::min(0.5, s.sweepGrowth / effort);
  }
}

void bindSearch(TargetSearchConfig& s, core::ParamBinder& b) {
  b.bind("sweep_growth", s.sweepGrowth, "coarse sweep above the least feasible target: growth per step", 0.001, 10);
  b.bind("sweep_points", s.sweepPoints, "coarse sweep: most targets tried", 0, 10000);
  b.bind("range", s.range, "neighbour search: +- this fraction around the best sweep target", 0, 10);
  b.bind("step", s.step, "neighbour search: step as a fraction of the target", 1e-5, 1);
}

void bind(CuPokerConfig& c, core::ParamBinder& b) {
  bindSearch(c.search, b);
  b.bind("row_nodes", c.rowSearch.maxNodes, "row placer: branch-and-bound expansions per target", 1, 1e9);
  b.bind("extra_rows", c.rowSearch.extraRows, "row placer: rows allowed beyond the least row count", 0, 1000);
  b.bind("order_variants", c.orderVariants, "topological orders tried per target", 1, 2);
  b.bind("refine", c.refine, "adapter-cost refinement of every promising layout");
  b.bind("local_search_passes", c.adapter.localSearchPasses, "refinement: passes of the per-kernel (h, w, c) search", 0,
         1000);
  b.bind("polish", c.polish, "slide kernels within free space to shorten wires");
  b.bind("finalists", c.search.finalists, "best layouts whose targets are placed again and that are compacted", 0,
         1000);
  b.bind("finalist_extra_rows", c.finalistExtraRows, "finalists: rows allowed beyond the least row count", 0, 1000);
  b.bind("compact", c.compact, "exact per-axis wirelength compaction of the finalists");
}

void bind(DivideAndConquerConfig& c, core::ParamBinder& b) {
  bindSearch(c.search, b);
  b.bind("max_shapes", c.maxShapes, "bounding boxes kept per sub-range", 2, 100000);
  b.bind("refine", c.refine, "adapter-cost refinement");
  b.bind("polish", c.polish, "wirelength polish");
}

void bind(TbsSaConfig& c, core::ParamBinder& b) {
  b.bind("max_moves", c.maxMoves, "most moves (a time limit also ends the run, cooling over it)", 1, 1e12);
  b.bind("max_dummies", c.maxDummies, "dummy blocks in the sequences (at most one per two kernels are used)", 0,
         100000);
  b.bind("initial_acceptance", c.initialAcceptance, "uphill acceptance probability at the start", 0.01, 0.999);
  b.bind("cooling", c.cooling, "temperature factor per stage (0 = from T0 to 1e-6 T0 over the run)", 0, 1);
  b.bind("moves_per_stage", c.movesPerStage, "moves per temperature (0 = 30 x blocks)", 0, 1e9);
  b.bind("target_levels", c.targetLevels, "sizing ladder: target times tried per kernel", 1, 200);
}

/// The specs of a config with its defaults, or its fields set from `values`.
template <typename Config>
std::vector<core::ParamSpec> specsOf(Config c) {
  core::ParamBinder b;
  bind(c, b);
  return b.specs();
}

template <typename Config>
void applySettings(Config& c, const core::ParamValues& values) {
  core::ParamBinder b;
  bind(c, b);
  b.apply(values);
}

}  // namespace

std::string wseAlgorithmLabel(const std::string& name) {
  requireKnown(name);
  if (name == "cupoker") return "CU.POKer";
  if (name == "tbs-sa") return "TBS simulated annealing";
  return "Divide and conquer";
}

std::string wseAlgorithmDescription(const std::string& name) {
  requireKnown(name);
  if (name == "cupoker")
    return "Target-time search with optimal kernel sizing, data-path-aware row placement and adapter refinement";
  if (name == "tbs-sa") return "Simulated annealing over twin binary sequences (baseline)";
  return "Recursive bisection of the topological order into Pareto-pruned bounding boxes (baseline)";
}

std::vector<core::ParamSpec> wsePlacerParams(const std::string& algorithm) {
  requireKnown(algorithm);
  if (algorithm == "cupoker") return specsOf(CuPokerConfig());
  if (algorithm == "dnc") return specsOf(DivideAndConquerConfig());
  return specsOf(TbsSaConfig());
}

namespace {

WsePlaceResult dispatch(const KernelGraph& graph, const WsePlacerOptions& o, core::RunContext& ctx) {
  const double effort = std::max(0.01, o.effort);
  if (o.algorithm == "cupoker") {
    CuPokerConfig c;
    scaleSearch(c.search, o.threads, effort);
    c.rowSearch.maxNodes = std::max(50, int(std::lround(c.rowSearch.maxNodes * effort)));
    applySettings(c, o.settings);
    c.initial = o.initial;
    c.pins = o.pins;
    return runCuPoker(graph, c, ctx);
  }
  if (o.algorithm == "dnc") {
    DivideAndConquerConfig c;
    scaleSearch(c.search, o.threads, effort);
    c.maxShapes = std::max(4, int(std::lround(c.maxShapes * std::min(4.0, effort))));
    applySettings(c, o.settings);
    c.initial = o.initial;
    c.pins = o.pins;
    return runDivideAndConquer(graph, c, ctx);
  }
  TbsSaConfig c;
  c.maxMoves = std::max<int64_t>(1000, int64_t(double(c.maxMoves) * effort));
  applySettings(c, o.settings);
  c.initial = o.initial;
  c.pins = o.pins;
  return runTbsSa(graph, c, ctx);
}

}  // namespace

WsePlaceResult runWsePlacer(const KernelGraph& graph, const WsePlacerOptions& o, core::RunContext& ctx) {
  requireKnown(o.algorithm);
  WsePlaceResult result;
  if (std::string why = checkPins(graph, o.pins); !why.empty()) {
    result.message = why;
    return result;
  }
  result = dispatch(graph, o, ctx);
  // The studio's and the CLI's guard on top of each placer's promise.
  if (result.found && !honoursPins(result.layout, o.pins)) {
    result.found = false;
    result.layout = Layout();
    result.message = o.algorithm + " moved a pinned kernel; its layout is not used";
  }
  if (result.found) applyPins(graph, result.layout, o.pins);  // marks them pinned
  return result;
}

}  // namespace ts::wse
