#pragma once
// GEMM mapped as in "Striking the Balance: GEMM Performance Optimization Across Generations
// of Ryzen AI NPUs" (Sec. 4.2): output-stationary, M split over the rows and N over the
// columns of a rows x cols block of cores (see engine/aie/gemm/gemm_design.h). The per-core
// kernel is the GEMM tiling planner's top-ranked kernel (engine/aie/gemm/planner.h) for a
// 4096 x 4096 x 4096 GEMM with B column-major on the device's NPU generation.
#include <string>

#include "engine/aie/bench/design_builder.h"
#include "engine/aie/gemm/gemm_types.h"

namespace ts::aie {

struct GemmSpec {
  std::string name = "gemm";
  int rows = 4;  ///< m_rows: cores per column
  int cols = 4;  ///< n_cols: cores per row
  GemmPrecision precision = GemmPrecision::I8I8;
};

GeneratedDesign generateGemm(const Device& device, const GemmSpec& spec);

}  // namespace ts::aie
