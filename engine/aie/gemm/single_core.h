#pragma once
// The single-core integer program of the paper's Sec. 4.5.1 (Eqs. 1-5), solved exhaustively
// over the intrinsic multiples, and the per-iteration program of Sec. 4.5.2 (k_ct fixed,
// maximise m_ct * n_ct under the same constraints). No Qt.
#include <cstdint>
#include <vector>

#include "engine/aie/gemm/device_params.h"

namespace ts::aie::gemm {

/// Eqs. 1-5 for one kernel.
struct SingleCoreCheck {
  double efficiency = 0;  ///< model efficiency used in Eq. 1
  double cComp = 0;       ///< Eq. 1: m k n / (eff peak) cycles
  double caComm = 0;      ///< Eq. 2: m k ty(A) / DMA_BW cycles
  double cbComm = 0;      ///< Eq. 3: k n ty(B) / DMA_BW cycles
  int64_t l1Bytes = 0;    ///< Eq. 5 left side: 2 m k ty(A) + 2 k n ty(B) + m n ty(C)
  bool multiplesOk = false;
  bool computeBound = false;  ///< Eq. 4
  bool fitsL1 = false;        ///< Eq. 5 (strictly below the 63 KB budget, see single_core.cpp)
  bool feasible() const { return multiplesOk && computeBound && fitsL1; }
};
SingleCoreCheck checkKernel(const GenerationParams& p, const KernelShape& kernel);

/// Eq. 5's budget: L1 minus the stack.
int64_t l1Budget(const GenerationParams& p);

enum class SingleCoreObjective {
  MaxMacsThenMinOutput,  ///< the order Sec. 4.5.1 states: maximise m k n, then minimise m n
  /// The effect Sec. 4.5.1 says the objectives have ("increased k_ct and reduced m_ct, n_ct"):
  /// the largest k_ct, then the smallest m n, then the most MACs. This reproduces Table 1.
  LargestKThenMinOutput,
};

struct SingleCoreSolution {
  bool found = false;
  KernelShape kernel;
  int64_t visited = 0;  ///< (m, k, n) points enumerated
};
SingleCoreSolution solveSingleCore(const GenerationParams& p, SingleCoreObjective objective);

/// Sec. 4.5.2's program for one k_ct: every feasible kernel with that k and the largest m n
/// (several when m and n can be swapped or trade off). Adds the points visited to *visited.
std::vector<KernelShape> maxOutputTileForK(const GenerationParams& p, int k, int64_t* visited);

/// For one k_ct and every m_ct, the feasible kernel with the largest n_ct (the kernels no other
/// feasible kernel with the same k_ct contains). Adds the points visited to *visited.
std::vector<KernelShape> l1MaximalKernelsForK(const GenerationParams& p, int k, int64_t* visited);

/// The largest k_ct any feasible kernel can have (0 when none).
int maxFeasibleK(const GenerationParams& p);

}  // namespace ts::aie::gemm
