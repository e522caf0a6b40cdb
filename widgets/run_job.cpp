#include "widgets/run_job.h"

namespace ts::ui {

RunJob::RunJob(RunAlgorithm algorithm, RunInputs inputs, core::ParamValues values, uint64_t seed,
               double timeLimitSeconds, QObject* parent)
    : BackgroundJob(seed, timeLimitSeconds, parent),
      algorithm_(std::move(algorithm)),
      inputs_(std::make_shared<const RunInputs>(std::move(inputs))),
      values_(std::move(values)) {}

RunJob::~RunJob() {
  stopAndJoin();
}

void RunJob::work(core::RunContext& ctx) {
  RunOutput out;
  try {
    out = algorithm_.run(*inputs_, values_, ctx);
  } catch (const std::exception& e) {
    // Bad settings or an engine error: a failed run with the message, never a crash.
    out.success = false;
    out.status = "error";
    out.reasons.push_back(e.what());
    out.placement = inputs_->placement;
    out.routing = inputs_->routing;
  }
  output_ = std::move(out);
}

}  // namespace ts::ui
