#pragma once
// Architectural and model parameters of one NPU generation for one precision, as the planner
// uses them. Every number is cited in device_params.cpp (paper section/table, AM020, or "model
// parameter, calibrated on ..."). No Qt.
#include "engine/aie/gemm/gemm_types.h"

namespace ts::aie::gemm {

/// Per-kernel efficiency model (efficiency.h): eff = cap / (1 + kOverhead / k_ct
/// + convertOverhead * (1/m_ct + 1/n_ct)).
struct EfficiencyParams {
  double cap = 1.0;            ///< ceiling of the efficiency (fraction of peak MACs)
  double kOverhead = 0;        ///< per-output-block overhead, in k_ct units (accumulator load/store, loop fill)
  double convertOverhead = 0;  ///< per-input-element overhead, in m_ct/n_ct units (format conversion, shuffles)
};

struct GenerationParams {
  Generation generation = Generation::Xdna;
  GemmPrecision precision = GemmPrecision::I8I8;
  ElementBytes bytes;
  double peakMacsPerCycle = 0;                      ///< per core
  int r = 0, s = 0, t = 0;                          ///< vector intrinsic shape (first tiling level)
  int mMultiple = 0, kMultiple = 0, nMultiple = 0;  ///< m_ct, k_ct, n_ct must be multiples of these
  int64_t l1Bytes = 0;                              ///< core data memory
  int64_t l1StackBytes = 0;                         ///< reserved for the stack (Eq. 5's 63 KB budget)
  int64_t l2BytesPerMemTile = 0;                    ///< memory tile capacity
  double dmaBytesPerCycle = 0;                      ///< one core input DMA channel (Eqs. 2-3)
  double clockHz = 0;
  int rows = 0, cols = 0;                           ///< m_rows x n_cols of the paper's array mapping (Sec. 4.2.1)
  int aMemTiles = 0, bMemTiles = 0, cMemTiles = 0;  ///< memory tiles holding A, B, C (Fig. 3b/3c)
  double dramBytesPerSecond = 0;                    ///< effective DRAM bandwidth (Sec. 5.2.1 micro-benchmark)
  double burstBytes = 0;  ///< contiguity model: a read run of L bytes gets L/(L+burstBytes) of the bandwidth
  int kMtTarget = 0;      ///< the paper's contiguous k_mt for its balanced kernel (Sec. 5.2.2)
  int kMtFactor = 0;      ///< k_mt = kMtFactor x k_ct (Sec. 5.2.2's choices are these multiples)
  EfficiencyParams eff;

  int cores() const { return rows * cols; }
  /// Peak array TOPS at `macsPerCycle` per core (2 ops per MAC, all rows x cols cores).
  double topsAt(double macsPerCycle) const { return macsPerCycle * cores() * 2.0 * clockHz / 1e12; }
};

/// Parameters for a generation and precision (always defined for the four precisions); the
/// efficiency model is calibrated on the paper's Table 1 (efficiency.h).
GenerationParams generationParams(Generation g, GemmPrecision p);

/// The same without the efficiency model (eff left at its defaults): what calibration starts from.
GenerationParams architectureParams(Generation g, GemmPrecision p);

}  // namespace ts::aie::gemm
