#include "widgets/history/wse_run.h"

#include <QCryptographicHash>
#include <limits>

#include "engine/core/error.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/placers.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_run_job.h"

namespace ts::ui {

namespace {
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
}

WseRunPayload::WseRunPayload(std::shared_ptr<const wse::KernelGraph> graph, wse::Layout layout, bool found)
    : graph_(std::move(graph)), layout_(std::move(layout)), found_(found) {
  if (!found_ || int(layout_.kernels.size()) != graph_->kernelCount()) {
    found_ = false;
    layout_ = wse::Layout(graph_->kernelCount());
  }
  evaluation_ = wse::evaluate(*graph_, layout_);
}

const std::vector<MetricColumn>& wseMetricColumns() {
  using B = MetricColumn::Better;
  static const std::vector<MetricColumn> columns = {
      {"legal", "legal", "the layout passed the evaluator: every kernel inside the fabric, no overlap, memory within "
                         "the limit",
       B::Higher, 0, true},
      {"mt", "MT", "maximum kernel time (the pipeline's bottleneck); lower is better", B::Lower, 0},
      {"wl", "WL", "sum of centre-to-centre distances over kernel edges; lower is better", B::Lower, 1},
      {"ac", "AC", "sum of adapter costs over kernel edges; lower is better", B::Lower, 0},
      {"score", "score", "the contest score: wdeltat·MT + wlength·WL + wadapter·AC; lower is better", B::Lower, 1},
  };
  return columns;
}

double WseRunPayload::metric(const QString& key) const {
  const wse::Evaluation& e = evaluation_;
  if (key == "legal") return e.legal ? 1 : 0;
  if (!found_) return kNone;  // no layout: no figures
  if (key == "mt") return e.mt;
  if (key == "wl") return e.wl;
  if (key == "ac") return double(e.ac);
  if (key == "score") return e.score;
  return kNone;
}

QString WseRunPayload::summary() const {
  return found_ ? wseQorSummary(evaluation_) : QObject::tr("no legal layout");
}

nlohmann::json WseRunPayload::toJson() const {
  nlohmann::json out{{"found", found_}};
  if (!found_) return out;
  nlohmann::json pinned = nlohmann::json::array();
  for (size_t k = 0; k < layout_.kernels.size(); ++k)
    if (layout_.kernels[k].placed && layout_.kernels[k].pinned) pinned.push_back(graph_->kernels[k].name);
  out["paint"] = wse::formatPaint(*graph_, layout_);
  out["pinned"] = pinned;
  return out;
}

std::shared_ptr<const RunPayload> WseRunReader::read(const nlohmann::json& j) const {
  try {
    if (!j.at("found").get<bool>())
      return std::make_shared<WseRunPayload>(graph_, wse::Layout(graph_->kernelCount()), false);
    std::vector<wse::Violation> mismatches;
    wse::Layout layout = wse::layoutFromPaint(
        *graph_, wse::parsePaint(j.at("paint").get<std::string>(), *graph_, "run layout"), &mismatches);
    if (!mismatches.empty()) throw core::Error(mismatches.front().message);
    for (const auto& name : j.value("pinned", nlohmann::json::array())) {
      int k = graph_->findKernel(name.get<std::string>());
      if (k < 0) throw core::Error("no kernel named '" + name.get<std::string>() + "' in the graph");
      layout.kernels[size_t(k)].pinned = true;
    }
    return std::make_shared<WseRunPayload>(graph_, std::move(layout), true);
  } catch (const nlohmann::json::exception& e) {
    throw core::Error(std::string("malformed WSE result: ") + e.what());
  }
}

nlohmann::json wseDocumentIdentity(const wse::KernelGraph& g) {
  QCryptographicHash hash(QCryptographicHash::Sha1);
  auto add = [&hash](const std::string& s) { hash.addData(s.data(), int(s.size()) + 1); };
  for (double v : {double(g.width), double(g.height), g.wdeltat, g.wlength, g.wadapter, g.memlimit})
    add(std::to_string(v));
  for (const wse::Kernel& k : g.kernels) {
    add(k.name);
    add(wse::toString(k.spec.type));
    for (int a : k.spec.formalArgs()) add(std::to_string(a));
  }
  for (const wse::KernelEdge& e : g.kernelEdges) add(g.kernels[size_t(e.src)].name + ">" + g.kernels[size_t(e.dst)].name);
  return {{"kind", WseRunPayload::kKind},
          {"graph", g.test},
          {"fabric", {g.width, g.height}},
          {"kernels", g.kernelCount()},
          {"edges", g.kernelEdges.size()},
          {"fingerprint", hash.result().toHex().toStdString()}};
}

RunRecord wseRunRecord(const WseRunJob& job, int id, int startRun, const QString& name, const SeriesRecorder& series) {
  const WseRunRequest& req = job.request();
  const wse::WsePlaceResult& out = job.result();
  RunRecord r;
  r.id = id;
  r.colour = id - 1;
  r.kind = QString::fromLatin1(WseRunPayload::kKind);
  r.algorithm = QString::fromStdString(req.options.algorithm);
  r.algorithmLabel = job.label();
  r.name = name;
  r.settings = req.options.settings;
  r.settings[kWseThreadsKey] = std::to_string(req.options.threads);
  r.seed = job.seed();
  r.timeLimit = job.timeLimit();
  r.startRun = req.options.initial.kernels.empty() ? RunRecord::kStartScratch : startRun;
  // Stopped by the user whatever it returned; otherwise a legal layout or a failure and why.
  r.success = out.found;
  r.end = job.stopRequested() ? RunEnd::Stopped : out.found ? RunEnd::Finished : RunEnd::Failed;
  r.status = !out.found ? QStringLiteral("no legal layout")
             : out.stopped && !job.stopRequested() ? QStringLiteral("time limit reached")
                                                    : QStringLiteral("placed");
  if (!out.message.empty()) r.reasons << QString::fromStdString(out.message);
  if (r.end == RunEnd::Failed && r.reasons.isEmpty()) r.reasons << r.status;
  r.seconds = job.elapsedSeconds();
  r.pausedSeconds = job.pausedSeconds();
  r.started = job.startedAt();
  r.series = series.decimated();
  r.payload = std::make_shared<WseRunPayload>(req.graph, out.layout, out.found);
  return r;
}

int wseStartRun(const std::vector<RunRecord>& records, const wse::KernelGraph& graph, const wse::Layout& layout) {
  if (layout.placedCount() != graph.kernelCount()) return RunRecord::kStartScratch;
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    auto* p = dynamic_cast<const WseRunPayload*>(it->payload.get());
    if (p && p->found() && sameWseLayout(p->layout(), layout)) return it->id;
  }
  return 0;
}

}  // namespace ts::ui
