#pragma once
// The inner loops of the bbcg congestion model: element-wise operations on rows of fixed-point
// channel-segment values. They are compiled for AVX2 as well as the baseline instruction set on
// x86-64 (picked at load time), because they are most of an SA+BBCG move.
//
// A pattern (v, plus, minus, and maxInto's v; 16-bit values) is `rows` rows, each of
// lanes.count lanes of `span` values (span a multiple of four), all contiguous. Lane k of row r
// goes to the destination (the excess e, 32-bit sums, or a 16-bit merge buffer d) at
// r * rowStride + lanes.offset[k]. Destinations must have room for span values at every lane
// start; a pattern's values past its real columns are zeros, so a lane may run on into whatever
// follows it.
#include <cstdint>

namespace ts::aie::kernels {

/// Where each lane of a pattern row goes, relative to the row's start in the destination.
struct LaneOffsets {
  int count = 0;
  int offset[4] = {};
};

/// e[at] += v (sign > 0) or e[at] -= v over the pattern; returns the change of the sum of
/// max(e, 0) over the values it touched (the overuse) and adds each row's part to rowChange[r].
/// v <= vMax.
int64_t addCounting(int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* v, int rows, int span,
                    int sign, int32_t vMax, int64_t* rowChange);
/// addCounting() of plus - minus (two patterns of the same shape, both <= vMax).
int64_t addDifferenceCounting(int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* plus,
                              const uint16_t* minus, int rows, int span, int32_t vMax, int64_t* rowChange);
/// d[at] = max(d[at], v) over the pattern.
void maxInto(uint16_t* d, int rowStride, const LaneOffsets& lanes, const uint16_t* v, int rows, int span);
/// Sum over the pattern of min(max(e[at], 0), v): the most overuse of e that removing v can
/// relieve. vMax bounds v.
int64_t relief(const int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* v, int rows, int span,
               int32_t vMax);
/// d[k] = 0 (a plain vector loop: these rows are short, and it keeps instruction counts honest
/// where memset would use a string instruction).
void clear(uint16_t* d, int n);

}  // namespace ts::aie::kernels
