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
  int paperRank;           ///< 1 = the bolded (best measured) kernel, 2 = the runner-up
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

}  // namespace ts::aie::gemm
