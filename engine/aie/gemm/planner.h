#pragma once
// GEMM tiling planner (GEMM paper Sec. 4.5): the single-core integer program (Sec. 4.5.1,
// Eqs. 1-5) solved exhaustively once per k_ct, the system-level model (Sec. 4.5.2, Eqs. 6-10)
// with a calibrated per-kernel efficiency model, and a ranking of kernels by predicted TOPS.
// Every figure in a Candidate is a MODEL figure (no measurement). No Qt.
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/gemm/device_params.h"
#include "engine/core/run_context.h"

namespace ts::aie::gemm {

/// Which kernels are ranked. For every k_ct (a multiple of s) the planner solves the L1 program
/// of Sec. 4.5.1 (Eqs. 4-5 as constraints):
enum class CandidateSet {
  L1Maximal,      ///< every m_ct with its largest feasible n_ct (default: the model decides)
  MaxOutputTile,  ///< only the largest m_ct * n_ct, as the paper's Sec. 4.5.2 iteration does
};

/// What to plan. Config of plan().
struct PlanRequest {
  Generation generation = Generation::Xdna2;
  GemmPrecision precision = GemmPrecision::I8I8;
  GemmSize size{4096, 4096, 4096};
  BLayout bLayout = BLayout::Col;
  int top = 10;  ///< candidates kept in PlanResult::ranked (<= 0: all)
  CandidateSet candidates = CandidateSet::L1Maximal;
};

/// One ranked kernel with its model figures.
struct Candidate {
  int rank = 0;  ///< 1 = best predicted TOPS
  KernelShape kernel;
  int kMt = 0;                             ///< k_mt: K extent of the A (and column-major B) tile in a memory tile
  double efficiency = 0;                   ///< model: fraction of peak MACs the kernel sustains
  double macsPerCycle = 0;                 ///< model: efficiency x peak MACs/cycle
  int64_t l1Bytes = 0;                     ///< Eq. 5 left side (2A + 2B + C)
  double l1Fraction = 0;                   ///< of the whole L1 (64 KiB), as the paper's tables
  int64_t l2Bytes = 0;                     ///< all memory tiles together (double-buffered A, B; C join)
  double l2Fraction = 0;                   ///< of all memory tiles of the array
  double peakComputeTops = 0;              ///< model: macsPerCycle on every core at the clock ("Peak Comp. TOPS")
  GemmSize padded;                         ///< M, K, N rounded up to the native GEMM size multiples
  int64_t dramBytes = 0;                   ///< Eqs. 6-8 on the padded size (A + B + C)
  double effectiveDramBytesPerSecond = 0;  ///< model: DRAM bandwidth after the contiguity model
  double tCompSeconds = 0;                 ///< Eq. 9 (plus the non-overlapped C drains)
  double tMemSeconds = 0;                  ///< Eq. 10
  double predictedTops = 0;                ///< model: 2MKN (requested size) / max(Tcomp, Tmem)
  bool computeBound = false;               ///< Tcomp >= Tmem
  double arithmeticIntensity = 0;          ///< ops per DRAM byte: 2 M K N / dramBytes (padded), roofline x axis
};

/// Lines of a roofline chart (Figs. 7-8 style): attainable TOPS = min(peakTops, ai * memorySlope).
struct Roofline {
  double peakTops = 0;                  ///< the array at peak MACs/cycle (efficiency 1)
  double memorySlopeTopsPerOpByte = 0;  ///< TOPS per (op/byte): effective DRAM bandwidth / 1e12
  double dramBytesPerSecond = 0;        ///< the bandwidth the slope comes from
};

struct PlanResult {
  PlanRequest request;
  GenerationParams params;
  std::vector<Candidate> ranked;  ///< best first, at most request.top
  int64_t kernelsSearched = 0;    ///< (m, k, n) points the exhaustive IPs visited
  int feasibleKernels = 0;        ///< kernels ranked before truncation to `top`
  Roofline roofline;
  std::string model;  ///< one paragraph stating the model (for reports and tooltips)
};

/// Plans. Throws core::Error on a bad request (non-positive size). Polls ctx.shouldStop().
PlanResult plan(const PlanRequest& request, core::RunContext& ctx);

/// The candidate for `kernel` in a full (untruncated) ranking, with its rank; nullopt when the
/// kernel is not feasible for the request (L1, multiples, Eq. 4). For the Tables 2-3 comparison.
std::optional<Candidate> rankOf(const PlanRequest& request, const KernelShape& kernel, core::RunContext& ctx);

/// Model figures for any kernel (feasible or not), rank 0.
Candidate evaluateKernel(const PlanRequest& request, const KernelShape& kernel);

}  // namespace ts::aie::gemm
