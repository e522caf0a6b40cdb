#pragma once
// Vocabulary of the GEMM tiling planner (GEMM paper, "Striking the Balance: GEMM Performance
// Optimization Across Generations of Ryzen AI NPUs", Sec. 4.5): NPU generation, precision,
// layout of B, and a single-core kernel m_ct x k_ct x n_ct. No Qt.
#include <cstdint>
#include <optional>
#include <string>

namespace ts::aie {

/// Input-output precision of a GEMM kernel (the paper's four: int8 in with int8/int16/int32 out,
/// bf16 in and out).
enum class GemmPrecision { I8I8, I8I16, I8I32, Bf16 };
const char* toString(GemmPrecision p);  ///< "int8-int8", "int8-int16", "int8-int32", "bf16-bf16"
std::optional<GemmPrecision> parseGemmPrecision(const std::string& text);

namespace gemm {

/// NPU generation: XDNA (AIE-ML, device npu1, Phoenix) or XDNA2 (AIE2P, device npu2, Strix/Krackan).
enum class Generation { Xdna, Xdna2 };
const char* toString(Generation g);  ///< "npu1" / "npu2" (the device preset names)
/// "npu1", "npu1_*", "xdna" -> Xdna; "npu2", "npu2_*", "xdna2" -> Xdna2; anything else: none.
std::optional<Generation> parseGeneration(const std::string& deviceName);

/// Storage order of matrix B in DRAM (A and C are always row-major, as in the paper).
enum class BLayout { Row, Col };
const char* toString(BLayout b);  ///< "row" / "col"
std::optional<BLayout> parseBLayout(const std::string& text);

/// Bytes per element of A, B and C.
struct ElementBytes {
  int a = 1, b = 1, c = 1;
};
ElementBytes elementBytes(GemmPrecision p);

/// One core's kernel: m_ct x k_ct x n_ct (the second tiling level of Fig. 3a).
struct KernelShape {
  int m = 0, k = 0, n = 0;
  int64_t macs() const { return int64_t(m) * k * n; }
  int64_t outputTile() const { return int64_t(m) * n; }
  bool operator==(const KernelShape& o) const { return m == o.m && k == o.k && n == o.n; }
  bool operator!=(const KernelShape& o) const { return !(*this == o); }
};
std::string toString(const KernelShape& s);  ///< "112x112x112"

/// A GEMM problem size M x K x N.
struct GemmSize {
  int64_t m = 0, k = 0, n = 0;
};

}  // namespace gemm
}  // namespace ts::aie
