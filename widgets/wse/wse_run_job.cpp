#include "widgets/wse/wse_run_job.h"

namespace ts::ui {

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
