#pragma once
// The inner loops of the bbcg congestion model: element-wise operations on rows of fixed-point
// channel-segment values. They are compiled for AVX2 as well as the baseline instruction set on
// x86-64 (picked at load time), because they are most of an SA+BBCG move. Every row length and
// count (`width`, `n`) is a multiple of four: four segments per tile.
#include <cstdint>

namespace ts::aie::kernels {

/// A rectangle of `rows` rows of `width` values: v is contiguous, d has rows `stride` apart.
/// d[r][k] += v[r][k] (sign > 0) or d[r][k] -= v[r][k].
void add(int32_t* d, int stride, const int32_t* v, int rows, int width, int sign);
/// d[r][k] += plus[r][k] - minus[r][k] (plus and minus contiguous, like v above).
void addDifference(int32_t* d, int stride, const int32_t* plus, const int32_t* minus, int rows, int width);
/// d[r][k] = max(d[r][k], v[r][k]).
void maxInto(int32_t* d, int stride, const int32_t* v, int rows, int width);
/// Sum of max(e[k] + d[k], 0) - max(e[k], 0): the change of the overuse when d is added to e.
/// dMax bounds |d[k]|.
int64_t hingeChange(const int32_t* e, const int32_t* d, int n, int32_t dMax);
/// Sum over a rectangle (laid out like add()'s) of min(max(e[r][k], 0), v[r][k]) for v >= 0: the
/// most overuse of e that removing v can relieve. vMax bounds v.
int64_t relief(const int32_t* e, int stride, const int32_t* v, int rows, int width, int32_t vMax);
/// d[k] = 0 (a plain vector loop: these rows are short, and it keeps instruction counts honest
/// where memset would use a string instruction).
void clear(int32_t* d, int n);
/// e[k] += d[k], then d[k] = 0.
void addAndClear(int32_t* e, int32_t* d, int n);

}  // namespace ts::aie::kernels
