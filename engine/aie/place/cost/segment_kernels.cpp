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

// The lane kernels below take the lane's length as a template argument Span when it is known at
// compile time (then the lane is fully unrolled: spans vary from one pattern to the next, and
// short loops of varying length cost branch mispredictions), or Span = 0 and the run-time span.
// The largest fixed span, where every row's sums fit 32 bits: four lanes of 64 values of at most
// 65535.
constexpr int kMaxFixedSpan = 64;
static_assert(int64_t(4) * kMaxFixedSpan * 65535 < (int64_t(1) << 31));

// Calls F(k) for each block of eight values of a lane of n values (n = Span when Span > 0) and
// returns the offset of the remaining block of four, if any. (The unroll count must be a literal.)
template <int Span, typename F>
inline __attribute__((always_inline)) int forEachBlock8(int n, F&& f) {
  int k = 0;
  if constexpr (Span > 0) {
    TS_UNROLL(16)
    for (; k + 8 <= Span; k += 8) f(k);
  } else {
    TS_UNROLL(2)
    for (; k + 8 <= n; k += 8) f(k);
  }
  return k;
}

// One block of addLane(): adds v (Mode +1), subtracts it (-1) or adds v - w (0), and accumulates
// the change of max(e, 0) into sum.
template <int Mode>
inline __attribute__((always_inline)) void addBlock(int32_t* e, const uint16_t* v, const uint16_t* w, Block8* sum) {
  const Block8 zero = {};
  const Block8 a = *as8(e);
  Block8 x, y = {};
  widen(v, &x);
  if (Mode == 0) widen(w, &y);
  const Block8 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
  *as8(e) = b;
  *sum += (b > zero ? b : zero) - (a > zero ? a : zero);
}
template <int Mode>
inline __attribute__((always_inline)) void addBlock(int32_t* e, const uint16_t* v, const uint16_t* w, Block4* sum) {
  const Block4 zero = {};
  const Block4 a = *as4(e);
  Block4 x, y = {};
  widen(v, &x);
  if (Mode == 0) widen(w, &y);
  const Block4 b = Mode > 0 ? a + x : Mode < 0 ? a - x : a + (x - y);
  *as4(e) = b;
  *sum += (b > zero ? b : zero) - (a > zero ? a : zero);
}

// Adds a lane of a pattern to the excess e and accumulates the change of the overuse, sum of
// max(e, 0), into the block sums. Lanes sum in 32 bits: the caller checks that a row's values x
// vMax fits (each term is at most |v - w| <= vMax).
// No restrict on e: a lane's zero padding may run on into the next lane of the same row.
template <int Mode, int Span>
inline __attribute__((always_inline)) void addLane(int32_t* e, const uint16_t* __restrict v,
                                                   const uint16_t* __restrict w, int span, Block8* sum8, Block4* sum4) {
  const int n = Span > 0 ? Span : span;
  const int k = forEachBlock8<Span>(n, [&](int i) { addBlock<Mode>(e + i, v + i, w + i, sum8); });
  if (k < n) addBlock<Mode>(e + k, v + k, w + k, sum4);
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

// Mode +1 adds the pattern v, -1 subtracts it, 0 adds v - w; returns the change of the overuse
// and adds each row's to rowChange. A fixed Span needs vMax <= 65535.
template <int Mode, int Span>
inline __attribute__((always_inline)) int64_t addRows(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                      const uint16_t* v, const uint16_t* w, int rows, int span,
                                                      int32_t vMax, int64_t* rowChange) {
  static_assert(Span <= kMaxFixedSpan);
  assert(span % 4 == 0 && (Span == 0 || (Span == span && vMax <= 65535)));
  const int n = Span > 0 ? Span : span;
  const int count = lanes.count;
  const bool narrow = Span > 0 || int64_t(count) * n * vMax < (int64_t(1) << 31);
  const int step = Mode == 0 ? n : 0;
  int64_t total = 0;
  for (int r = 0; r < rows; ++r, e += rowStride) {
    int64_t change = 0;
    if (narrow) {
      Block8 sum8 = {};
      Block4 sum4 = {};
      for (int l = 0; l < count; ++l, v += n, w += step)
        addLane<Mode, Span>(e + lanes.offset[l], v, w, n, &sum8, &sum4);
      change = horizontalSum(&sum8, &sum4);
    } else {
      for (int l = 0; l < count; ++l, v += n, w += step) change += addLaneScalar<Mode>(e + lanes.offset[l], v, w, n);
    }
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

inline __attribute__((always_inline)) void maxBlock8(uint16_t* d, const uint16_t* v) {
  const Half8 a = *as8(d), b = *reinterpret_cast<const Half8*>(v);
  *as8(d) = a > b ? a : b;
}
inline __attribute__((always_inline)) void maxBlock4(uint16_t* d, const uint16_t* v) {
  const Half4 a = *as4(d), b = *reinterpret_cast<const Half4*>(v);
  *as4(d) = a > b ? a : b;
}

// d = max(d, v) over the rows and lanes.
template <int Span>
inline __attribute__((always_inline)) void maxRows(uint16_t* d, int rowStride, const LaneOffsets& lanes,
                                                   const uint16_t* __restrict v, int rows, int span) {
  const int n = Span > 0 ? Span : span;
  for (int r = 0; r < rows; ++r, d += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += n) {
      uint16_t* out = d + lanes.offset[l];  // may run on into the next lane: not restrict
      const int k = forEachBlock8<Span>(n, [&](int i) { maxBlock8(out + i, v + i); });
      if (k < n) maxBlock4(out + k, v + k);
    }
}

inline __attribute__((always_inline)) void reliefBlock(const int32_t* e, const uint16_t* v, Block8* sum) {
  const Block8 zero = {};
  Block8 b;
  widen(v, &b);
  const Block8 a = *as8(e), over = a > zero ? a : zero;
  *sum += over < b ? over : b;
}
inline __attribute__((always_inline)) void reliefBlock(const int32_t* e, const uint16_t* v, Block4* sum) {
  const Block4 zero = {};
  Block4 b;
  widen(v, &b);
  const Block4 a = *as4(e), over = a > zero ? a : zero;
  *sum += over < b ? over : b;
}

// The sum of min(max(e, 0), v) over the rows and lanes; the caller checks that it fits 32 bits.
template <int Span>
inline __attribute__((always_inline)) int64_t reliefRows(const int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                         const uint16_t* __restrict v, int rows, int span) {
  const int n = Span > 0 ? Span : span;
  Block8 sum8 = {};
  Block4 sum4 = {};
  for (int r = 0; r < rows; ++r, e += rowStride)
    for (int l = 0; l < lanes.count; ++l, v += n) {
      const int32_t* in = e + lanes.offset[l];
      const int k = forEachBlock8<Span>(n, [&](int i) { reliefBlock(in + i, v + i, &sum8); });
      if (k < n) reliefBlock(in + k, v + k, &sum4);
    }
  return horizontalSum(&sum8, &sum4);
}

template <int Mode>
inline __attribute__((always_inline)) int64_t addRowsBySpan(int32_t* e, int rowStride, const LaneOffsets& lanes,
                                                            const uint16_t* v, const uint16_t* w, int rows, int span,
                                                            int32_t vMax, int64_t* rowChange) {
  if (vMax <= 65535) {
#define TS_ADD_FIXED(s) addRows<Mode, s>(e, rowStride, lanes, v, w, rows, span, vMax, rowChange)
    TS_DISPATCH_SPAN(span, TS_ADD_FIXED)
#undef TS_ADD_FIXED
  }
  return addRows<Mode, 0>(e, rowStride, lanes, v, w, rows, span, vMax, rowChange);
}

}  // namespace

TS_VECTOR_CLONES void maxInto(uint16_t* d, int rowStride, const LaneOffsets& lanes, const uint16_t* __restrict v,
                              int rows, int span) {
  assert(span % 4 == 0);
#define TS_MAX_FIXED(s) maxRows<s>(d, rowStride, lanes, v, rows, span)
  TS_DISPATCH_SPAN(span, TS_MAX_FIXED)
#undef TS_MAX_FIXED
  maxRows<0>(d, rowStride, lanes, v, rows, span);
}

TS_VECTOR_CLONES int64_t relief(const int32_t* e, int rowStride, const LaneOffsets& lanes, const uint16_t* __restrict v,
                                int rows, int span, int32_t vMax) {
  assert(span % 4 == 0);
  // Each term lies in 0..vMax: below this bound the sum fits 32 bits.
  if (int64_t(rows) * lanes.count * span * vMax >= (int64_t(1) << 31))
    return reliefScalar(e, rowStride, lanes, v, rows, span);
#define TS_RELIEF_FIXED(s) reliefRows<s>(e, rowStride, lanes, v, rows, span)
  TS_DISPATCH_SPAN(span, TS_RELIEF_FIXED)
#undef TS_RELIEF_FIXED
  return reliefRows<0>(e, rowStride, lanes, v, rows, span);
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
