#include "engine/aie/bench/gemm.h"

#include "engine/aie/gemm/gemm_design.h"
#include "engine/aie/gemm/planner.h"
#include "engine/core/error.h"

namespace ts::aie {

GeneratedDesign generateGemm(const Device& device, const GemmSpec& spec) {
  gemm::PlanRequest request;
  request.generation = gemm::parseGeneration(device.name()).value_or(gemm::Generation::Xdna);
  request.precision = spec.precision;
  request.size = {4096, 4096, 4096};
  request.bLayout = gemm::BLayout::Col;
  request.top = 1;
  core::RunContext ctx;
  const gemm::PlanResult plan = gemm::plan(request, ctx);
  if (plan.ranked.empty())
    throw core::Error(std::string("the GEMM planner found no kernel for ") + toString(spec.precision));
  gemm::GemmDesignSpec s = gemm::designSpecFor(device, request, plan.ranked.front(), spec.name);
  s.rows = spec.rows;
  s.cols = spec.cols;
  return gemm::generateGemmDesign(device, s);
}

}  // namespace ts::aie
