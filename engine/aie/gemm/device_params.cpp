#include "engine/aie/gemm/device_params.h"

#include "engine/aie/gemm/efficiency.h"

namespace ts::aie::gemm {

// Sources: "the paper" = Rösti et al., "Striking the Balance: GEMM Performance Optimization
// Across Generations of Ryzen AI NPUs" (../shared/papers/gemm-ryzen-ai-npu.txt); AM020 = AIE-ML
// architecture manual; UG1603 = AIE-ML / AIE-ML v2 kernel and graph programming guide;
// whole_array.py = mlir-aie programming_examples/basic/matrix_multiplication/whole_array (the
// paper's GEMM_example_mlir_aie), its microkernel_mac_dim_map.
GenerationParams architectureParams(Generation g, GemmPrecision p) {
  GenerationParams a;
  a.generation = g;
  a.precision = p;
  a.bytes = elementBytes(p);
  const bool bf16 = p == GemmPrecision::Bf16;
  const bool xdna = g == Generation::Xdna;
  if (xdna) {
    // AM020 (vector unit): 256 int8 x int8 MACs/cycle, 128 bf16 MACs/cycle per AIE-ML core.
    a.peakMacsPerCycle = bf16 ? 128 : 256;
    // whole_array.py, device "npu": i8 (4, 8, 8), bf16 (4, 8, 4).
    a.r = 4, a.s = 8, a.t = bf16 ? 4 : 8;
    // UG1603: the AIE-ML stream switch is 32-bit, one word per cycle per DMA channel. Check: the
    // paper's Table 1 int8-int32 kernel 48x280x48 at 192 MACs/cycle is exactly Eq. 4-tight at 4 B/cycle.
    a.dmaBytesPerCycle = 4;
    a.clockHz = 1.0e9;  // the paper, Sec. 5.2.1: maximum (turbo) frequency of XDNA, 1 GHz
    a.cols = 4;         // the paper, Sec. 4.2.1: 4 x 4 on XDNA (no shim tile in the last column)
    a.aMemTiles = 4;    // the paper, Sec. 4.2.2 / Fig. 3b: memory tile j holds A_j and B_j, joins C of column j
    a.bMemTiles = 4;
    a.cMemTiles = 4;
    a.dramBytesPerSecond = 15e9;  // the paper, Sec. 5.2.1: micro-benchmark, ~15 GB/s on XDNA
    // Model parameter, calibrated on the paper's Sec. 5.2.3: B row-major is on average 4.8 % slower
    // than column-major for int8-int8 on XDNA (see system_model.h for the contiguity model).
    a.burstBytes = 16;
    // The paper, Sec. 5.2.2: k_mt = 448 (int8-int8, int8-int16), 352 (int8-int32), 224 (bf16),
    // each 4 x the k_ct of the balanced kernel.
    a.kMtTarget = p == GemmPrecision::I8I32 ? 352 : bf16 ? 224 : 448;
    a.kMtFactor = 4;
  } else {
    // AIE-ML v2 doubles the int8 MAC array (512/cycle; the paper's Table 1 reaches 450.6, above
    // AIE-ML's 256). bf16 runs on the bfp16 datapath (the paper, Sec. 5.1), taken at the int8 rate
    // (AMD's XDNA2 block-FP16 claim; model assumption: only efficiency x peak enters the
    // predictions, the peak only sets the roofline's ceiling).
    a.peakMacsPerCycle = 512;
    a.r = 8, a.s = 8, a.t = 8;  // whole_array.py, device "npu2": i8 (8, 8, 8), emulated bf16 (8, 8, 8)
    a.dmaBytesPerCycle = 8;     // UG1603: the AIE-ML v2 stream switch is 64-bit
    a.clockHz = 1.8e9;          // the paper, Sec. 5.2.1: 1.8 GHz on XDNA2
    a.cols = 8;                 // the paper, Sec. 4.2.1: the whole 4 x 8 array
    a.aMemTiles = 4;            // the paper, Sec. 4.2.2 / Fig. 3c: A on the even memory tiles
    a.bMemTiles = 8;
    a.cMemTiles = 8;
    a.dramBytesPerSecond = 50e9;  // the paper, Sec. 5.2.1: micro-benchmark, ~50 GB/s on XDNA2
    // Model parameter, calibrated on the paper's Sec. 5.2.3: B row-major is on average 19.1 %
    // slower than column-major for int8-int8 on XDNA2.
    a.burstBytes = 85;
    // The paper, Sec. 5.2.2: k_mt = 432 (int8-int8, int8-int16), 384 (int8-int32, bf16): 6 x k_ct
    // of the int8 balanced kernels, 8 x for bf16.
    a.kMtTarget = p == GemmPrecision::I8I8 || p == GemmPrecision::I8I16 ? 432 : 384;
    a.kMtFactor = bf16 ? 8 : 6;
  }
  a.rows = 4;  // the paper, Sec. 4.2.1: m_rows = 4 on both generations
  // Every m_ct and n_ct of the paper's Table 1 is a multiple of 16 (64, 48): the 2x2-unrolled
  // kernel on XDNA2 (2r = 2t = 16), kept on XDNA; k_ct is a multiple of s (Sec. 4.5.1).
  a.mMultiple = 16, a.nMultiple = 16, a.kMultiple = a.s;
  a.l1Bytes = 64 * 1024;             // the paper, Sec. 4.5.1 (Eq. 5): 64 KB L1 per core
  a.l1StackBytes = 1024;             // the paper, Sec. 4.5.1 (Eq. 5): 1 KB reserved for the stack
  a.l2BytesPerMemTile = 512 * 1024;  // UG1603: 512 KB per (AIE-ML and AIE-ML v2) memory tile
  return a;
}

GenerationParams generationParams(Generation g, GemmPrecision p) {
  GenerationParams a = architectureParams(g, p);
  a.eff = calibratedEfficiency(g, p);
  return a;
}

}  // namespace ts::aie::gemm
