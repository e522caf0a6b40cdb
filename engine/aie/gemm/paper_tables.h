#pragma once
// The paper's Tables 2 (XDNA) and 3 (XDNA2): the two top-ranked balanced kernels per precision
// with their measured array TOPS (B column-major). These are the CHECK of the planner, never
// calibration data. No Qt.
#include <vector>

#include "engine/aie/gemm/planner.h"

namespace ts::aie::gemm {

struct PaperTableRow {
  Generation generation;
  GemmPrecision precision;
  int paperRank;  ///< 1 = the bolded (best measured) kernel, 2 = the runner-up
  KernelShape kernel;
  double macsPerCycle;     ///< measured single-core throughput ("Thrghpt.")
  double peakComputeTops;  ///< the paper's "Peak Comp. TOPS"
  GemmSize size;           ///< the GEMM size the row was measured at
  double actualTops;       ///< measured on the NPU ("Actual NPU TOPS")
};
const std::vector<PaperTableRow>& paperTables23();

/// A paper row beside the planner: the kernel's rank among the planner's kernels for the row's
/// size, its model figures, and the planner's own top kernel.
struct PaperComparison {
  PaperTableRow paper;
  std::optional<Candidate> planned;  ///< nullopt: the planner finds the kernel infeasible
  /// The same among CandidateSet::MaxOutputTile (one kernel per k_ct, the paper's iteration);
  /// a kernel outside that set is ranked as if inserted.
  std::optional<Candidate> plannedPaperSet;
  Candidate plannerTop;
  int plannerKernels = 0;
};
std::vector<PaperComparison> compareWithPaper(core::RunContext& ctx);

/// Sec. 5.2.3: B column-major against row-major, averaged over the sweep of Figs. 7-8 (every
/// multiple of the balanced kernel's native size up to 8192 in each dimension). The int8-int8
/// rows calibrate the contiguity model's burst; the others are checks.
struct LayoutSweep {
  Generation generation;
  GemmPrecision precision;
  KernelShape kernel;           ///< the paper's balanced kernel (Tables 2-3)
  double paperGainPercent;      ///< the paper's average gain of column-major
  double modelGainPercent = 0;  ///< the model's average of time(row) / time(col) - 1
  int sizes = 0;
};
std::vector<LayoutSweep> layoutSweeps();

}  // namespace ts::aie::gemm
