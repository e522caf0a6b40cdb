#pragma once
// The system-level model of the paper's Sec. 4.5.2 (Eqs. 6-10) for a kernel on the whole
// array, with the native-size padding of Sec. 4.2.2 and a DRAM contiguity model for the layout
// of B (Secs. 4.2.2, 5.2.2, 5.2.3). No Qt.
//
// Contiguity model (ours): a DRAM read stream whose contiguous runs are L bytes long gets the
// fraction L / (L + burstBytes) of the bandwidth, relative to the runs of the paper's
// micro-benchmark (the GEMM's own transfers at its k_mt, Sec. 5.2.1), i.e. factor
// min(1, f(L) / f(kMtTarget * ty(A))). Runs: A row-major, k_mt elements; B column-major, k_mt
// elements; B row-major, n_ct elements (Sec. 4.2.2: the memory tile then holds k_ct x n_ct).
// C writes are not penalised (posted writes; the micro-benchmark includes them).
// Tmem (Eq. 10) sums each stream's bytes over its effective bandwidth.
// Tcomp is Eq. 9 plus the single-buffered C drains the paper names as the main gap to peak
// (Sec. 5.2.1): per output tile m_ct n_ct ty(C) / DMA_BW cycles during which the core waits.
#include <cstdint>

#include "engine/aie/gemm/device_params.h"

namespace ts::aie::gemm {

/// The native GEMM size of a kernel: (m_ct m_rows) x k_mt x (n_ct n_cols) (Sec. 4.2.2).
GemmSize nativeSize(const GenerationParams& p, const KernelShape& kernel, int kMt);
/// M, K, N rounded up to multiples of the native size.
GemmSize paddedSize(const GemmSize& size, const GemmSize& native);

/// Eqs. 6-8 (bytes).
struct DramTraffic {
  double a = 0, b = 0, c = 0;
  double total() const { return a + b + c; }
};
DramTraffic dramTraffic(const GenerationParams& p, const GemmSize& size, const KernelShape& kernel);

/// Contiguity factor (0..1] of a read stream with runs of `runBytes`.
double contiguityFactor(const GenerationParams& p, double runBytes);

struct SystemTimes {
  DramTraffic traffic;
  double tComp = 0;     ///< Eq. 9 + C drains, seconds
  double tCompEq9 = 0;  ///< Eq. 9 alone
  double tMem = 0;      ///< Eq. 10 with the contiguity model, seconds
  double time() const { return tComp > tMem ? tComp : tMem; }
};
/// Eqs. 6-10 on `size` (already padded) with efficiency `eff`.
SystemTimes systemTimes(const GenerationParams& p, const GemmSize& size, const KernelShape& kernel, int kMt,
                        BLayout bLayout, double eff);

/// k_mt for a kernel: kMtFactor x k_ct.
int chooseKMt(const GenerationParams& p, const KernelShape& kernel);

/// Bytes of all memory tiles: double-buffered A (m_ct x k_mt) and B (k_mt x n_ct, or k_ct x n_ct
/// when B is row-major) per holding tile, and the m_rows C tiles joined per column.
int64_t l2Bytes(const GenerationParams& p, const KernelShape& kernel, int kMt, BLayout bLayout);
/// Capacity of the memory tiles the mapping uses.
int64_t l2Capacity(const GenerationParams& p);

}  // namespace ts::aie::gemm
