#include "widgets/gemm/planned_design.h"

#include "engine/aie/device_library.h"
#include "engine/aie/gemm/gemm_design.h"

namespace ts::ui {

std::string plannedDesignName(const aie::gemm::PlanRequest& request, const aie::gemm::Candidate& candidate) {
  return std::string("gemm_") + aie::gemm::toString(request.generation) + "_" + aie::toString(request.precision) + "_" +
         aie::gemm::toString(candidate.kernel);
}

aie::LoadedDesign plannedDesign(const aie::gemm::PlanResult& plan, const aie::gemm::Candidate& candidate) {
  aie::LoadedDesign loaded;
  loaded.device = aie::loadDevice(aie::gemm::toString(plan.request.generation));
  aie::GeneratedDesign generated = aie::gemm::generateGemmDesign(
      loaded.device,
      aie::gemm::designSpecFor(loaded.device, plan.request, candidate, plannedDesignName(plan.request, candidate)));
  loaded.design = std::move(generated.design);
  loaded.placement = std::move(generated.placement);
  return loaded;
}

}  // namespace ts::ui
