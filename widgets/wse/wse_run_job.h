#pragma once
// A WSE placer (CU.POKer, TBS-SA, divide and conquer) running on its own thread from the
// current layout with its pins. The request and the result are plain values, so a run can be
// recorded, compared or re-run later without the panel that started it.
#include <QString>
#include <memory>

#include "engine/wse/placers.h"
#include "widgets/background_job.h"

namespace ts::ui {

class WseDocument;

struct WseRunRequest {
  std::shared_ptr<const wse::KernelGraph> graph;
  wse::WsePlacerOptions options;  ///< algorithm, settings, threads, start layout, pins
  uint64_t seed = 1;
  double timeLimitSeconds = 0;
  wse::Evaluation before;  ///< the evaluator's verdict on the start layout (for the comparison)
};

/// A run of `algorithm` with the document's pinned kernels, from its current layout when
/// `fromLayout` and every kernel is placed, else from scratch.
WseRunRequest wseRunRequest(const WseDocument& document, const std::string& algorithm, core::ParamValues settings,
                            int threads, uint64_t seed, double timeLimitSeconds, bool fromLayout = true);

/// The key under which a run's record keeps its thread count beside the algorithm's settings.
inline constexpr const char* kWseThreadsKey = "threads";

class WseRunJob : public BackgroundJob {
  Q_OBJECT
 public:
  explicit WseRunJob(WseRunRequest request, QObject* parent = nullptr);
  ~WseRunJob() override;

  const WseRunRequest& request() const { return request_; }
  /// "CU.POKer".
  QString label() const;
  /// Valid after finished(). `found` is false with a message when nothing legal came out
  /// (bad settings included).
  const wse::WsePlaceResult& result() const { return result_; }

 protected:
  void work(core::RunContext& ctx) override;

 private:
  WseRunRequest request_;
  wse::WsePlaceResult result_;
};

}  // namespace ts::ui
