#include "engine/aie/place/cost/segment_kernels.h"

#include <algorithm>

// On x86-64 each kernel also has an AVX2 version; the loader picks the best the CPU has. GCC
// would turn the clearing loop into a memset call; it stays a loop.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TS_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TS_VECTOR_CLONES
#endif

namespace ts::aie::kernels {

namespace {

int64_t hingeChangeScalar(const int32_t* e, const int32_t* d, int n) {
  int64_t sum = 0;
  for (int k = 0; k < n; ++k) sum += int64_t(std::max(e[k] + d[k], 0)) - std::max(e[k], 0);
  return sum;
}

}  // namespace

TS_VECTOR_CLONES void add(int32_t* __restrict d, int stride, const int32_t* __restrict v, int rows, int width,
                          int sign) {
  for (int r = 0; r < rows; ++r, d += stride, v += width) {
    if (sign > 0)
      for (int k = 0; k < width; ++k) d[k] += v[k];
    else
      for (int k = 0; k < width; ++k) d[k] -= v[k];
  }
}

TS_VECTOR_CLONES void addDifference(int32_t* __restrict d, int stride, const int32_t* __restrict plus,
                                    const int32_t* __restrict minus, int rows, int width) {
  for (int r = 0; r < rows; ++r, d += stride, plus += width, minus += width)
    for (int k = 0; k < width; ++k) d[k] += plus[k] - minus[k];
}

TS_VECTOR_CLONES void maxInto(int32_t* __restrict d, int stride, const int32_t* __restrict v, int rows, int width) {
  for (int r = 0; r < rows; ++r, d += stride, v += width)
    for (int k = 0; k < width; ++k) d[k] = std::max(d[k], v[k]);
}

TS_VECTOR_CLONES int64_t relief(const int32_t* __restrict e, int stride, const int32_t* __restrict v, int rows,
                                int width) {
  int64_t sum = 0;
  for (int r = 0; r < rows; ++r, e += stride, v += width)
    for (int k = 0; k < width; ++k) sum += std::min(std::max(e[k], 0), v[k]);
  return sum;
}

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
TS_VECTOR_CLONES void
clear(int32_t* __restrict d, int n) {
  for (int k = 0; k < n; ++k) d[k] = 0;
}

TS_VECTOR_CLONES void addAndClear(int32_t* __restrict e, int32_t* __restrict d, int n) {
  for (int k = 0; k < n; ++k) {
    e[k] += d[k];
    d[k] = 0;
  }
}

TS_VECTOR_CLONES int64_t hingeChange(const int32_t* __restrict e, const int32_t* __restrict d, int n, int32_t dMax) {
  if (int64_t(n) * dMax >= (int64_t(1) << 31)) return hingeChangeScalar(e, d, n);
  // |max(e + d, 0) - max(e, 0)| <= |d| <= dMax, so the sum fits 32 bits: vectors of 8 lanes.
  int32_t sum = 0;
  for (int k = 0; k < n; ++k) sum += std::max(e[k] + d[k], 0) - std::max(e[k], 0);
  return sum;
}

}  // namespace ts::aie::kernels
