#include "widgets/wse/wse_run_job.h"

#include "widgets/wse/wse_document.h"

namespace ts::ui {

WseRunRequest wseRunRequest(const WseDocument& doc, const std::string& algorithm, core::ParamValues settings,
                            int threads, uint64_t seed, double timeLimitSeconds, bool fromLayout) {
  WseRunRequest req;
  req.graph = doc.sharedGraph();
  req.options.algorithm = algorithm;
  req.options.threads = threads;
  req.options.settings = std::move(settings);
  const wse::Layout& current = doc.layout();
  if (fromLayout && current.placedCount() == doc.graph().kernelCount()) req.options.initial = current;
  req.options.pins = wse::Layout(doc.graph().kernelCount());
  for (int k : doc.pinnedKernels()) req.options.pins.kernels[size_t(k)] = current.kernels[size_t(k)];
  req.seed = seed;
  req.timeLimitSeconds = timeLimitSeconds;
  req.before = doc.evaluation();
  return req;
}

WseRunJob::WseRunJob(WseRunRequest request, QObject* parent)
    : BackgroundJob(request.seed, request.timeLimitSeconds, parent), request_(std::move(request)) {}

WseRunJob::~WseRunJob() {
  stopAndJoin();
}

QString WseRunJob::label() const {
  return QString::fromStdString(wse::wseAlgorithmLabel(request_.options.algorithm));
}

void WseRunJob::work(core::RunContext& ctx) {
  wse::WsePlaceResult r;
  try {
    r = wse::runWsePlacer(*request_.graph, request_.options, ctx);
  } catch (const std::exception& e) {
    r.found = false;
    r.message = e.what();
  }
  result_ = std::move(r);
}

}  // namespace ts::ui
