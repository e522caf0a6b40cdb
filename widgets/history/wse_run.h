#pragma once
// WSE runs in the history: the payload (the final layout with the independent evaluator's
// verdict on it), its reader for the sidecar file, the metric columns of the compare window,
// the identity of a kernel graph, and the record of a finished WseRunJob.
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/wse/evaluator.h"
#include "engine/wse/kernel_graph.h"
#include "engine/wse/layout.h"
#include "widgets/history/run_record.h"
#include "widgets/history/series_recorder.h"

namespace ts::ui {

class WseRunJob;

class WseRunPayload : public RunPayload {
 public:
  static constexpr const char* kKind = "wse";

  /// `found` false: the run ended without a legal layout (`layout` is then all unplaced).
  /// The evaluation is computed here, by the evaluator, never taken from the placer.
  WseRunPayload(std::shared_ptr<const wse::KernelGraph> graph, wse::Layout layout, bool found);

  QString kind() const override { return QString::fromLatin1(kKind); }
  double metric(const QString& key) const override;
  QString summary() const override;
  nlohmann::json toJson() const override;

  const wse::KernelGraph& graph() const { return *graph_; }
  const wse::Layout& layout() const { return layout_; }
  const wse::Evaluation& evaluation() const { return evaluation_; }
  bool found() const { return found_; }

 private:
  std::shared_ptr<const wse::KernelGraph> graph_;
  wse::Layout layout_;
  wse::Evaluation evaluation_;
  bool found_ = false;
};

/// The compare window's WSE columns (wall time is the record's, added by the window).
const std::vector<MetricColumn>& wseMetricColumns();

class WseRunReader : public RunPayloadReader {
 public:
  explicit WseRunReader(std::shared_ptr<const wse::KernelGraph> graph) : graph_(std::move(graph)) {}
  QString kind() const override { return QString::fromLatin1(WseRunPayload::kKind); }
  std::shared_ptr<const RunPayload> read(const nlohmann::json& json) const override;

 private:
  std::shared_ptr<const wse::KernelGraph> graph_;
};

/// What the runs of a kernel graph belong to: its test name, fabric, sizes and a fingerprint
/// of fabric, weights, memory limit, kernels (names, types, formal arguments) and edges.
nlohmann::json wseDocumentIdentity(const wse::KernelGraph& graph);

/// The history record of a finished job: algorithm, settings (with the thread count), how it
/// ended, its series and result. `startRun` is overridden by RunRecord::kStartScratch when the
/// job had no start layout. `name` is the user's name for it (empty: the algorithm's label).
RunRecord wseRunRecord(const WseRunJob& job, int id, int startRun, const QString& name, const SeriesRecorder& series);

/// The id of the newest run whose layout is `layout` (the start of a new run), 0 when none is,
/// RunRecord::kStartScratch when `layout` is not complete (a run then starts from nothing).
int wseStartRun(const std::vector<RunRecord>& records, const wse::KernelGraph& graph, const wse::Layout& layout);

}  // namespace ts::ui
