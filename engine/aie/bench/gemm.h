#pragma once
// GEMM mapped as in "Striking the Balance: GEMM Performance Optimization Across Generations
// of Ryzen AI NPUs" (Sec. 4.2): output-stationary, M split over the rows and N over the
// columns of a rows x cols block of cores; each A tile is broadcast along a row from a memory
// tile (A tiles on alternate columns when cols >= 2 rows, as on XDNA2), each B tile along a
// column from the memory tile below it, and the C tiles of a column are joined in that
// memory tile before going to DRAM through the column's shim. Kernel sizes are the paper's
// Table 1 (L1 use 94-98 %, so every core is memory-tight).
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
