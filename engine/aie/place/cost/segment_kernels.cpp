#include "engine/aie/place/cost/segment_kernels.h"

#include <algorithm>
#include <cassert>
#include <cstring>

// On x86-64 each kernel also has an AVX2 version; the loader picks the best the CPU has.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TS_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TS_VECTOR_CLONES
#endif

// Rows are a few blocks long: unrolling the block loops (by what measured best per kernel) saves
// most of their loop overhead.
#define TS_PRAGMA(x) _Pragma(#x)
#define TS_UNROLL(n) TS_PRAGMA(GCC unroll n)

namespace ts::aie::kernels {

namespace {

// Every lane is a multiple of four values long and short (at most the array's columns, often
// much less), so the kernels step through a lane in blocks of eight values and end with at most
// one block of four: no scalar tail, and little work per lane. The block types may be unaligned.
typedef int32_t Block8 __attribute__((vector_size(32), aligned(4)));
typedef int32_t Block4 __attribute__((vector_size(16), aligned(4)));
// The same blocks of pattern values (16 bits).
typedef uint16_t Half8 __attribute__((vector_size(16), aligned(2)));
typedef uint16_t Half4 __attribute__((vector_size(8), aligned(2)));

// (Not templates: a template argument would lose the typedefs' reduced alignment.)
Block8* as8(int32_t* p) {
  return reinterpret_cast<Block8*>(p);
}
const Block8* as8(const int32_t* p) {
  return reinterpret_cast<const Block8*>(p);
}
Block4* as4(int32_t* p) {
  return reinterpret_cast<Block4*>(p);
}
const Block4* as4(const int32_t* p) {
  return reinterpret_cast<const Block4*>(p);
}
Half8* as8(uint16_t* p) {
  return reinterpret_cast<Half8*>(p);
}
Half4* as4(uint16_t* p) {
  return reinterpret_cast<Half4*>(p);
}
// Pattern values widened to the excess's 32 bits: interleaved with zeros, which on a
// little-endian machine is the zero-extension (GCC 12 lowers __builtin_convertvector here to
// two half-width extensions and an insert). Through a pointer, as vectors stay out of the ABI.
typedef uint16_t Half16 __attribute__((vector_size(32), aligned(2)));
inline __attribute__((always_inline)) void widen(const uint16_t* p, Block8* out) {
  const Half8 h = *reinterpret_cast<const Half8*>(p);
  const Half16 z = __builtin_shufflevector(h, Half8{}, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
  std::memcpy(out, &z, sizeof *out);
}
inline __attribute__((always_inline)) void widen(const uint16_t* p, Block4* out) {
  const Half4 h = *reinterpret_cast<const Half4*>(p);
  const Half8 z = __builtin_shufflevector(h, Half4{}, 0, 4, 1, 5, 2, 6, 3, 7);
  std::memcpy(out, &z, sizeof *out);
}

// The sum of all lanes (known to fit 32 bits); pointers, not values, keep vectors out of the ABI.
inline __attribute__((always_inline)) int64_t horizontalSum(const Block8* eight, const Block4* four) {
  Block4 low, high;
  std::memcpy(&low, eight, sizeof low);  // one extract and add
  std::memcpy(&high, reinterpret_cast<const char*>(eight) + sizeof low, sizeof high);
  Block4 sum = low + high + *four;
  // Two shuffles and adds instead of three lane extracts: this runs once per row.
  sum += __builtin_shufflevector(sum, sum, 2, 3, 0, 1);
  sum += __builtin_shufflevector(sum, sum, 1, 0, 3, 2);
  return int64_t(sum[0]);
}

int64_t reliefScalar(const int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* v, int rows, int span) {
  int64_t sum = 0;
  for (int r = 0; r < rows; ++r, e += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += span)
      for (int k = 0; k < span; ++k) sum += std::min(std::max(e[lanes.offset[l] + k], 0), int32_t(v[k]));
  return sum;
}

// Adds a lane of a pattern to the excess e and accumulates the change of the overuse, sum of
// max(e, 0), into the block sums. Mode +1 adds v, -1 subtracts it, 0 adds v - w. Lanes sum in 32
// bits: the caller checks that a row's values x vMax fits (each term is at most |v - w| <= vMax).
// No restrict on e: a lane's zero padding may run on into the next lane of the same row.
template <int Mode>
inline __attribute__((always_inline)) void addLane(int32_t* e, const uint16_t* __restrict v,
                                                   const uint16_t* __restrict w, int span, Block8* sum8, Block4* sum4) {
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  int k = 0;
  TS_UNROLL(2)
  for (; k + 8 <= span; k += 8) {
    const Block8 a = *as8(e + k);
    Block8 x, y = {};
    widen(v + k, &x);
    if (Mode == 0) widen(w + k, &y);
    const Block8 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
    *as8(e + k) = b;
    *sum8 += (b > zero8 ? b : zero8) - (a > zero8 ? a : zero8);
  }
  if (k < span) {
    const Block4 a = *as4(e + k);
    Block4 x, y = {};
    widen(v + k, &x);
    if (Mode == 0) widen(w + k, &y);
    const Block4 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
    *as4(e + k) = b;
    *sum4 += (b > zero4 ? b : zero4) - (a > zero4 ? a : zero4);
  }
}

template <int Mode>
int64_t addLaneScalar(int32_t* e, const uint16_t* v, const uint16_t* w, int span) {
  int64_t sum = 0;
  for (int k = 0; k < span; ++k) {
    const int32_t a = e[k];
    e[k] += Mode > 0 ? int32_t(v[k]) : Mode < 0 ? -int32_t(v[k]) : int32_t(v[k]) - int32_t(w[k]);
    sum += int64_t(std::max(e[k], 0)) - std::max(a, 0);
  }
  return sum;
}

template <int Mode>
inline __attribute__((always_inline)) int64_t addRows(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                      const uint16_t* v, const uint16_t* w, int rows, int span,
                                                      int32_t vMax, int64_t* rowChange) {
  assert(span % 4 == 0);
  const int count = lanes.count;
  const bool narrow = int64_t(count) * span * vMax < (int64_t(1) << 31);
  const int step = Mode == 0 ? span : 0;
  int64_t total = 0;
  for (int r = 0; r < rows; ++r, e += rowStride) {
    int64_t change = 0;
    if (narrow) {
      Block8 sum8 = {};
      Block4 sum4 = {};
      for (int l = 0; l < count; ++l, v += span, w += step)
        addLane<Mode>(e + lanes.offset[l], v, w, span, &sum8, &sum4);
      change = horizontalSum(&sum8, &sum4);
    } else {
      for (int l = 0; l < count; ++l, v += span, w += step)
        change += addLaneScalar<Mode>(e + lanes.offset[l], v, w, span);
    }
    rowChange[r] += change;
    total += change;
  }
  return total;
}

// A lane of a known span: fully unrolled, so a call runs no loop whose trip count changes from
// call to call (spans vary from one pattern to the next, and short loops of varying length cost
// branch mispredictions).
template <int Mode, int Span>
inline __attribute__((always_inline)) void addLaneFixed(int32_t* e, const uint16_t* __restrict v,
                                                        const uint16_t* __restrict w, Block8* sum8, Block4* sum4) {
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  TS_UNROLL(16)
  for (int k = 0; k + 8 <= Span; k += 8) {
    const Block8 a = *as8(e + k);
    Block8 x, y = {};
    widen(v + k, &x);
    if (Mode == 0) widen(w + k, &y);
    const Block8 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
    *as8(e + k) = b;
    *sum8 += (b > zero8 ? b : zero8) - (a > zero8 ? a : zero8);
  }
  if constexpr (Span % 8 != 0) {
    constexpr int k = Span - 4;
    const Block4 a = *as4(e + k);
    Block4 x, y = {};
    widen(v + k, &x);
    if (Mode == 0) widen(w + k, &y);
    const Block4 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
    *as4(e + k) = b;
    *sum4 += (b > zero4 ? b : zero4) - (a > zero4 ? a : zero4);
  }
}

// addRows() for a span known at compile time (at most kMaxFixedSpan, where every row's sums fit
// 32 bits: four lanes of 64 values of at most 65535).
constexpr int kMaxFixedSpan = 64;
template <int Mode, int Span>
inline __attribute__((always_inline)) int64_t addRowsFixed(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                           const uint16_t* v, const uint16_t* w, int rows,
                                                           int64_t* rowChange) {
  static_assert(Span <= kMaxFixedSpan && int64_t(4) * kMaxFixedSpan * 65535 < (int64_t(1) << 31));
  const int count = lanes.count;
  int64_t total = 0;
  for (int r = 0; r < rows; ++r, e += rowStride) {
    Block8 sum8 = {};
    Block4 sum4 = {};
    for (int l = 0; l < count; ++l, v += Span, w += (Mode == 0 ? Span : 0))
      addLaneFixed<Mode, Span>(e + lanes.offset[l], v, w, &sum8, &sum4);
    const int64_t change = horizontalSum(&sum8, &sum4);
    rowChange[r] += change;
    total += change;
  }
  return total;
}

// Calls CALL(s) for the fixed span s equal to `span` (a multiple of four up to kMaxFixedSpan) and
// returns its value; falls through otherwise.
#define TS_DISPATCH_SPAN(span, CALL) \
  switch (span) {                    \
    case 4:                          \
      return CALL(4);                \
    case 8:                          \
      return CALL(8);                \
    case 12:                         \
      return CALL(12);               \
    case 16:                         \
      return CALL(16);               \
    case 20:                         \
      return CALL(20);               \
    case 24:                         \
      return CALL(24);               \
    case 28:                         \
      return CALL(28);               \
    case 32:                         \
      return CALL(32);               \
    case 36:                         \
      return CALL(36);               \
    case 40:                         \
      return CALL(40);               \
    case 44:                         \
      return CALL(44);               \
    case 48:                         \
      return CALL(48);               \
    case 52:                         \
      return CALL(52);               \
    case 56:                         \
      return CALL(56);               \
    case 60:                         \
      return CALL(60);               \
    case 64:                         \
      return CALL(64);               \
    default:                         \
      break;                         \
  }

template <int Span>
inline __attribute__((always_inline)) void maxIntoFixed(uint16_t* d, int rowStride, const LaneOffsets& lanes,
                                                        const uint16_t* __restrict v, int rows) {
  for (int r = 0; r < rows; ++r, d += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += Span) {
      uint16_t* out = d + lanes.offset[l];
      TS_UNROLL(16)
      for (int k = 0; k + 8 <= Span; k += 8) {
        const Half8 a = *as8(out + k), b = *reinterpret_cast<const Half8*>(v + k);
        *as8(out + k) = a > b ? a : b;
      }
      if constexpr (Span % 8 != 0) {
        constexpr int k = Span - 4;
        const Half4 a = *as4(out + k), b = *reinterpret_cast<const Half4*>(v + k);
        *as4(out + k) = a > b ? a : b;
      }
    }
}

template <int Span>
inline __attribute__((always_inline)) int64_t reliefFixed(const int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                          const uint16_t* __restrict v, int rows) {
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  Block8 sum8 = {};
  Block4 sum4 = {};
  for (int r = 0; r < rows; ++r, e += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += Span) {
      const int32_t* in = e + lanes.offset[l];
      TS_UNROLL(16)
      for (int k = 0; k + 8 <= Span; k += 8) {
        Block8 b;
        widen(v + k, &b);
        const Block8 a = *as8(in + k), over = a > zero8 ? a : zero8;
        sum8 += over < b ? over : b;
      }
      if constexpr (Span % 8 != 0) {
        constexpr int k = Span - 4;
        Block4 b;
        widen(v + k, &b);
        const Block4 a = *as4(in + k), over = a > zero4 ? a : zero4;
        sum4 += over < b ? over : b;
      }
    }
  return horizontalSum(&sum8, &sum4);
}

template <int Mode>
inline __attribute__((always_inline)) int64_t addRowsBySpan(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                            const uint16_t* v, const uint16_t* w, int rows, int span,
                                                            int32_t vMax, int64_t* rowChange) {
  if (vMax <= 65535) {
#define TS_ADD_FIXED(s) addRowsFixed<Mode, s>(e, rowStride, lanes, v, w, rows, rowChange)
    TS_DISPATCH_SPAN(span, TS_ADD_FIXED)
#undef TS_ADD_FIXED
  }
  return addRows<Mode>(e, rowStride, lanes, v, w, rows, span, vMax, rowChange);
}

}  // namespace

TS_VECTOR_CLONES void maxInto(uint16_t* d, int rowStride, const LaneOffsets& lanes, const uint16_t* __restrict v,
                              int rows, int span) {
  assert(span % 4 == 0);
#define TS_MAX_FIXED(s) (maxIntoFixed<s>(d, rowStride, lanes, v, rows), void())
  TS_DISPATCH_SPAN(span, TS_MAX_FIXED)
#undef TS_MAX_FIXED
  for (int r = 0; r < rows; ++r, d += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += span) {
      uint16_t* out = d + lanes.offset[l];  // may run on into the next lane: not restrict
      int k = 0;
      TS_UNROLL(2)
      for (; k + 8 <= span; k += 8) {
        const Half8 a = *as8(out + k), b = *reinterpret_cast<const Half8*>(v + k);
        *as8(out + k) = a > b ? a : b;
      }
      if (k < span) {
        const Half4 a = *as4(out + k), b = *reinterpret_cast<const Half4*>(v + k);
        *as4(out + k) = a > b ? a : b;
      }
    }
}

TS_VECTOR_CLONES int64_t relief(const int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* __restrict v,
                                int rows, int span, int32_t vMax) {
  assert(span % 4 == 0);
  if (int64_t(rows) * lanes.count * span * vMax >= (int64_t(1) << 31))
    return reliefScalar(e, rowStride, lanes, v, rows, span);
#define TS_RELIEF_FIXED(s) reliefFixed<s>(e, rowStride, lanes, v, rows)
  TS_DISPATCH_SPAN(span, TS_RELIEF_FIXED)
#undef TS_RELIEF_FIXED
  // Each term lies in 0..vMax, so the sum fits 32 bits.
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  Block8 sum8 = {};
  Block4 sum4 = {};
  for (int r = 0; r < rows; ++r, e += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += span) {
      const int32_t* in = e + lanes.offset[l];
      int k = 0;
      TS_UNROLL(2)
      for (; k + 8 <= span; k += 8) {
        Block8 b;
        widen(v + k, &b);
        const Block8 a = *as8(in + k), over = a > zero8 ? a : zero8;
        sum8 += over < b ? over : b;
      }
      if (k < span) {
        Block4 b;
        widen(v + k, &b);
        const Block4 a = *as4(in + k), over = a > zero4 ? a : zero4;
        sum4 += over < b ? over : b;
      }
    }
  return horizontalSum(&sum8, &sum4);
}

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))  // not a memset call
#endif
TS_VECTOR_CLONES void
clear(uint16_t* __restrict d, int n) {
  assert(n % 4 == 0);
  int k = 0;
  TS_UNROLL(4)
  for (; k + 8 <= n; k += 8) *as8(d + k) = Half8{};
  if (k < n) *as4(d + k) = Half4{};
}

TS_VECTOR_CLONES int64_t addCounting(int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* v, int rows,
                                     int span, int sign, int32_t vMax, int64_t* rowChange) {
  return sign > 0 ? addRowsBySpan<1>(e, rowStride, lanes, v, v, rows, span, vMax, rowChange)
                  : addRowsBySpan<-1>(e, rowStride, lanes, v, v, rows, span, vMax, rowChange);
}

TS_VECTOR_CLONES int64_t addDifferenceCounting(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                               const uint16_t* plus, const uint16_t* minus, int rows, int span,
                                               int32_t vMax, int64_t* rowChange) {
  return addRowsBySpan<0>(e, rowStride, lanes, plus, minus, rows, span, vMax, rowChange);
}

}  // namespace ts::aie::kernels
