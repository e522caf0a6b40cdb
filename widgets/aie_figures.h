#pragma once
// The QoR figures of one AIE state (placement and, when routed, routing) as the studio shows
// them side by side: before/after a run in the run panel, per run in the history and in the
// compare window's table. Routed states give the Table II figures of the routing checker;
// unrouted ones the estimates of AieUsage (marked as such).
#include <QString>
#include <cmath>
#include <limits>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "widgets/aie_usage.h"

namespace ts::ui {

struct AieFigures {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  int cores = 0, placed = 0;
  bool routed = false;
  int problems = 0;        ///< violations (AieUsage::violations)
  int warnings = 0;        ///< likely over-use an unrouted state's estimate finds (AieUsage::warnings)
  bool legal = false;      ///< complete, routed and without problems or warnings
  double routeLength = 0;  ///< link hops; the HPWL estimate when not routed
  double bufferKb = 0;     ///< upper bound when not routed
  int sharedNets = 0, circuitNets = 0, packetNets = 0;
  int streamNets = 0;         ///< circuit + packet (or the estimate's stream nets)
  int dmaChannels = 0;        ///< estimate when not routed
  double maxLinkUse = kNone;  ///< routed only
  double runtimeUs = kNone;   ///< estimated (model) runtime; complete placements only
  static bool has(double v) { return !std::isnan(v); }
};

/// `usage` must be computeAieUsage of the same state; `graph` is needed when `routing` is set.
AieFigures aieFigures(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                      const aie::Routing* routing, const aie::RrGraph* graph, const AieUsage& usage);

/// "route length 584 · 0 problems · est. runtime 41.2 µs" (`est.` before unrouted figures;
/// "· N warnings" after the problems when the estimate has any).
QString aieFiguresSummary(const AieFigures& f);

/// Rows "what: before → after" for the run panel's result box, as an HTML table.
QString aieFiguresComparisonHtml(const AieFigures& before, const AieFigures& after);

}  // namespace ts::ui
