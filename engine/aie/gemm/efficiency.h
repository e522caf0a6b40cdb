#pragma once
// Per-kernel efficiency model (fraction of peak MACs/cycle a single-core kernel sustains) and
// its calibration on the paper's Table 1 (single-core hardware tracing). Tables 2 and 3 are NOT
// used: they are the check (gemm_tables.h).
//
// Model: eff(m, k, n) = cap / (1 + kOverhead / k + convertOverhead * (1/m + 1/n)).
// The kernel loops over 2r x 2t output blocks and, for each, over k_ct / s steps of the vector
// MAC; every block pays a fixed cost (accumulator load and store of C, loop fill), so the time
// per block is (k/s + c) steps: eff = 1 / (1 + kOverhead / k). A cap below 1 is a ceiling the
// block overhead does not explain (load-port or bank-conflict bound).
// Calibration (one Table 1 point per generation and precision, so parameters are tied):
//  - int8: kOverhead = a + b * bytes(C) per generation, from the int8-int8 and int8-int16 points
//    (cap 1); the int8-int32 point then fixes its cap (it lies below the line).
//  - bf16: XDNA's point fixes kOverhead (cap 1); XDNA2 (bfp16 emulation, extra conversion work per
//    input element) shares XDNA's kOverhead and its point fixes the cap.
//  - convertOverhead is 0 (not identifiable from one point per precision).
#include <vector>

#include "engine/aie/gemm/device_params.h"

namespace ts::aie::gemm {

/// A row of the paper's Table 1.
struct Table1Row {
  Generation generation;
  GemmPrecision precision;
  KernelShape kernel;
  double macsPerCycle;
};
const std::vector<Table1Row>& paperTable1();

EfficiencyParams calibratedEfficiency(Generation g, GemmPrecision p);

/// Model efficiency of a kernel (0 < eff <= cap).
double kernelEfficiency(const EfficiencyParams& e, const KernelShape& kernel);

}  // namespace ts::aie::gemm
