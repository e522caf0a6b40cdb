#pragma once
// AIE runs in the history: the payload (final placement and routing, with their QoR figures),
// its reader for the sidecar file, the metric columns of the compare window, and the record of
// a finished RunJob. WSE runs get the same four pieces in their own files.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "widgets/aie_figures.h"
#include "widgets/history/run_record.h"
#include "widgets/history/series_recorder.h"

namespace ts::ui {

class RunJob;

class AieRunPayload : public RunPayload {
 public:
  static constexpr const char* kKind = "aie";

  /// `graph` is the RR graph the routing refers to (needed when `routing` is set).
  AieRunPayload(const aie::Design& design, const aie::Device& device, std::shared_ptr<const aie::RrGraph> graph,
                aie::Placement placement, std::shared_ptr<const aie::Routing> routing, bool success, double milpGap);

  QString kind() const override { return QString::fromLatin1(kKind); }
  double metric(const QString& key) const override;
  QString summary() const override;
  nlohmann::json toJson() const override;

  const aie::Placement& placement() const { return placement_; }
  std::shared_ptr<const aie::Routing> routing() const { return routing_; }
  const AieFigures& figures() const { return figures_; }
  bool success() const { return success_; }

 private:
  std::shared_ptr<const std::vector<std::string>> coreNames_, netNames_;
  int graphNodes_ = 0, graphEdges_ = 0;
  aie::Placement placement_;
  std::shared_ptr<const aie::Routing> routing_;
  AieFigures figures_;
  bool success_ = false;
  double gap_ = AieFigures::kNone;
};

/// The compare window's AIE columns (wall time is the record's, added by the window).
const std::vector<MetricColumn>& aieMetricColumns();

class AieRunReader : public RunPayloadReader {
 public:
  AieRunReader(const aie::Design& design, const aie::Device& device, std::shared_ptr<const aie::RrGraph> graph)
      : design_(design), device_(device), graph_(std::move(graph)) {}
  QString kind() const override { return QString::fromLatin1(AieRunPayload::kKind); }
  std::shared_ptr<const RunPayload> read(const nlohmann::json& json) const override;

 private:
  const aie::Design& design_;
  const aie::Device& device_;
  std::shared_ptr<const aie::RrGraph> graph_;
};

/// What the runs of a design belong to: name, device, sizes and a fingerprint of its cores
/// and nets (a sidecar of another version of the design is not read).
nlohmann::json aieDocumentIdentity(const aie::Design& design, const aie::Device& device);

/// The history record of a finished job: its settings, how it ended, its series and result.
/// `name` is the user's name for it (empty: the algorithm's label).
RunRecord aieRunRecord(const RunJob& job, std::shared_ptr<const aie::RrGraph> graph, int id, int startRun,
                       const QString& name, const SeriesRecorder& series);

/// The relative MILP gap of a run from its figures: an MILP placer's "gap", else the MILP
/// router's objective and bound (also as a flow's "route." figures); NaN when there is none.
double milpGap(const std::vector<std::pair<std::string, double>>& stats);

/// The id of the newest run whose result is `placement` (the start of a new run), or 0.
int aieStartRun(const std::vector<RunRecord>& records, const aie::Placement& placement);

}  // namespace ts::ui
