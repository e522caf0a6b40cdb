#pragma once
// The whole-array GEMM design for a chosen kernel, as the paper maps it (Sec. 4.2): cores in
// m_rows x n_cols, A tiles broadcast along rows and B tiles along columns from memory tiles, the
// C tiles of a column joined in a memory tile and sent to DRAM through a shim. No Qt.
#include <string>

#include "engine/aie/bench/design_builder.h"
#include "engine/aie/gemm/planner.h"

namespace ts::aie::gemm {

struct GemmDesignSpec {
  std::string name = "gemm";
  int rows = 0;  ///< cores per column; 0 = the paper's mapping (4)
  int cols = 0;  ///< cores per row; 0 = the paper's mapping (4 on npu1, 8 on npu2)
  GemmPrecision precision = GemmPrecision::I8I8;
  KernelShape kernel;  ///< m_ct x k_ct x n_ct
  int kMt = 0;         ///< 0 = k_ct (row-major B style memory tiles)
  BLayout bLayout = BLayout::Col;
};

/// Throws core::Error when the block does not fit the device.
GeneratedDesign generateGemmDesign(const Device& device, const GemmDesignSpec& spec);

/// Spec for a planned candidate: the paper's mapping for the request's generation, clipped to
/// the device.
GemmDesignSpec designSpecFor(const Device& device, const PlanRequest& request, const Candidate& candidate,
                             const std::string& name = "gemm");

}  // namespace ts::aie::gemm
