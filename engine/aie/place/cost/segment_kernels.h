#pragma once
// The inner loops of the bbcg congestion model: element-wise operations on rows of fixed-point
// channel-segment values. They are compiled for AVX2 as well as the baseline instruction set on
// x86-64 (picked at load time), because they are most of an SA+BBCG move. Every row length and
// count (`width`, `n`) is a multiple of four: four segments per tile. Patterns (v, plus, minus,
// d of maxInto) hold 16-bit values; the excess e they are added to holds 32-bit sums.
#include <cstdint>

namespace ts::aie::kernels {

/// A rectangle of `rows` rows of `width` values: v is contiguous, e has rows `stride` apart.
/// e[r][k] += v[r][k] (sign > 0) or e[r][k] -= v[r][k]; returns the change of the sum of
/// max(e, 0) over the rectangle (the overuse) and adds each row's part to rowChange[r].
/// v <= vMax.
int64_t addCounting(int32_t* e, int stride, const uint16_t* v, int rows, int width, int sign, int32_t vMax,
                    int64_t* rowChange);
/// addCounting() of plus - minus (both contiguous like v above, plus, minus <= vMax).
int64_t addDifferenceCounting(int32_t* e, int stride, const uint16_t* plus, const uint16_t* minus, int rows, int width,
                              int32_t vMax, int64_t* rowChange);
/// d[r][k] = max(d[r][k], v[r][k]) (d has rows `stride` apart, v is contiguous).
void maxInto(uint16_t* d, int stride, const uint16_t* v, int rows, int width);
/// Sum over a rectangle (laid out like addCounting()'s) of min(max(e[r][k], 0), v[r][k]): the
/// most overuse of e that removing v can relieve. vMax bounds v.
int64_t relief(const int32_t* e, int stride, const uint16_t* v, int rows, int width, int32_t vMax);
/// d[k] = 0 (a plain vector loop: these rows are short, and it keeps instruction counts honest
/// where memset would use a string instruction).
void clear(uint16_t* d, int n);

}  // namespace ts::aie::kernels
