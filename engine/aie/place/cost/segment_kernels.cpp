#include "engine/aie/place/cost/segment_kernels.h"

#include <algorithm>

// One clone per instruction set; the loader picks the best the CPU has (GCC and Clang on x86-64).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__INTEL_COMPILER)
#define TS_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TS_VECTOR_CLONES
#endif

namespace ts::aie::kernels {

TS_VECTOR_CLONES void add(int32_t* __restrict d, int stride, const int32_t* __restrict v, int rows, int width,
                          int sign) {
  for (int r = 0; r < rows; ++r, d += stride, v += width) {
    if (sign > 0)
      for (int k = 0; k < width; ++k) d[k] += v[k];
    else
      for (int k = 0; k < width; ++k) d[k] -= v[k];
  }
}

TS_VECTOR_CLONES void maxInto(int32_t* __restrict d, int stride, const int32_t* __restrict v, int rows, int width) {
  for (int r = 0; r < rows; ++r, d += stride, v += width)
    for (int k = 0; k < width; ++k) d[k] = std::max(d[k], v[k]);
}

TS_VECTOR_CLONES int64_t hingeChange(const int32_t* __restrict e, const int32_t* __restrict d, int n) {
  int64_t sum = 0;
  for (int k = 0; k < n; ++k) sum += int64_t(std::max(e[k] + d[k], 0)) - std::max(e[k], 0);
  return sum;
}

TS_VECTOR_CLONES void addAndClear(int32_t* __restrict e, int32_t* __restrict d, int n) {
  for (int k = 0; k < n; ++k) {
    e[k] += d[k];
    d[k] = 0;
  }
}

}  // namespace ts::aie::kernels
