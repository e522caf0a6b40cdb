#pragma once
// An AIE placer, router or flow from the run catalogue running on its own thread (see
// BackgroundJob): a private copy of its inputs, the algorithm's settings and, once finished,
// its output.
#include "widgets/background_job.h"
#include "widgets/run_catalog.h"

namespace ts::ui {

class RunJob : public BackgroundJob {
  Q_OBJECT
 public:
  RunJob(RunAlgorithm algorithm, RunInputs inputs, core::ParamValues values, uint64_t seed, double timeLimitSeconds,
         QObject* parent = nullptr);
  ~RunJob() override;

  const RunAlgorithm& algorithm() const { return algorithm_; }
  const RunInputs& inputs() const { return *inputs_; }
  const core::ParamValues& values() const { return values_; }
  /// Valid after finished().
  const RunOutput& output() const { return output_; }

 protected:
  void work(core::RunContext& ctx) override;

 private:
  RunAlgorithm algorithm_;
  std::shared_ptr<const RunInputs> inputs_;
  core::ParamValues values_;
  RunOutput output_;
};

}  // namespace ts::ui
