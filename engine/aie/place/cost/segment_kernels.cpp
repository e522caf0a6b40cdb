#include "engine/aie/place/cost/segment_kernels.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TS_X86_AVX2 1
#endif

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

// Every length is a multiple of four (four segments per tile) and rows are short (a row of an
// array is 4 x columns values, a pattern's row often much less), so the kernels step through a
// row in blocks of eight values and end with at most one block of four: no scalar tail, and
// little work per row. The block types may be unaligned.
typedef int32_t Block8 __attribute__((vector_size(32), aligned(4)));
typedef int32_t Block4 __attribute__((vector_size(16), aligned(4)));
// Pattern values are 16-bit (half the bytes to fetch: patterns live in the outer caches); they
// are widened to 32 bits as they are loaded.
typedef int16_t Half16 __attribute__((vector_size(32), aligned(2)));
typedef int16_t Half8 __attribute__((vector_size(16), aligned(2)));
typedef int16_t Half4 __attribute__((vector_size(8), aligned(2)));

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
Half16* as16h(int16_t* p) {
  return reinterpret_cast<Half16*>(p);
}
const Half16* as16h(const int16_t* p) {
  return reinterpret_cast<const Half16*>(p);
}
Half8* as8h(int16_t* p) {
  return reinterpret_cast<Half8*>(p);
}
const Half8* as8h(const int16_t* p) {
  return reinterpret_cast<const Half8*>(p);
}
Half4* as4h(int16_t* p) {
  return reinterpret_cast<Half4*>(p);
}
const Half4* as4h(const int16_t* p) {
  return reinterpret_cast<const Half4*>(p);
}
// Eight / four 16-bit values widened to 32 bits, through pointers (a vector returned by value
// would change the ABI of the baseline build). GCC 12 turns __builtin_convertvector into four
// instructions per eight values; AVX2 does it in one (vpmovsxwd), so the kernels that widen
// come in an AVX2 and a baseline version (Avx2 = true / false) picked at run time.
template <bool Avx2>
inline __attribute__((always_inline)) void widen8(const int16_t* p, Block8* out) {
  *out = __builtin_convertvector(*as8h(p), Block8);
}
template <bool Avx2>
inline __attribute__((always_inline)) void widen4(const int16_t* p, Block4* out) {
  *out = __builtin_convertvector(*as4h(p), Block4);
}
#if defined(TS_X86_AVX2) && !defined(__clang__)
// (GCC only: clang compiles the conversion to vpmovsxwd itself. Inline assembly, not
// intrinsics: these are inlined through functions of no particular target into the AVX2
// kernels below, which an intrinsic's target attribute does not allow.)
template <>
inline __attribute__((always_inline)) void widen8<true>(const int16_t* p, Block8* out) {
  Block8 r;
  asm("vpmovsxwd %1, %0" : "=x"(r) : "m"(*as8h(p)));
  *out = r;
}
template <>
inline __attribute__((always_inline)) void widen4<true>(const int16_t* p, Block4* out) {
  Block4 r;
  asm("vpmovsxwd %1, %0" : "=x"(r) : "m"(*as4h(p)));
  *out = r;
}
#endif

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

int64_t reliefScalar(const int32_t* e, int stride, const int16_t* v, int rows, int width) {
  int64_t sum = 0;
  for (int r = 0; r < rows; ++r, e += stride, v += width)
    for (int k = 0; k < width; ++k) sum += std::min(std::max(e[k], 0), int32_t(v[k]));
  return sum;
}

// Adds a row of a pattern to a row of the excess e and returns the change of the row's overuse,
// sum of max(e, 0). Mode +1 adds v, -1 subtracts it, 0 adds v - w. Lanes sum in 32 bits: the
// caller checks that width x vMax fits (each term is at most |v - w| <= vMax).
template <int Mode, bool Avx2>
inline __attribute__((always_inline)) int64_t addRow(int32_t* __restrict e, const int16_t* __restrict v,
                                                     const int16_t* __restrict w, int width) {
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  Block8 sum8 = {};
  Block4 sum4 = {};
  int k = 0;
  TS_UNROLL(2)
  for (; k + 8 <= width; k += 8) {
    const Block8 a = *as8(e + k);
    Block8 add, sub;
    widen8<Avx2>(v + k, &add);
    if (Mode == 0) widen8<Avx2>(w + k, &sub);
    const Block8 b = Mode < 0 ? a - add : Mode > 0 ? a + add : a + (add - sub);
    *as8(e + k) = b;
    sum8 += (b > zero8 ? b : zero8) - (a > zero8 ? a : zero8);
  }
  if (k < width) {
    const Block4 a = *as4(e + k);
    Block4 add, sub;
    widen4<Avx2>(v + k, &add);
    if (Mode == 0) widen4<Avx2>(w + k, &sub);
    const Block4 b = Mode < 0 ? a - add : Mode > 0 ? a + add : a + (add - sub);
    *as4(e + k) = b;
    sum4 += (b > zero4 ? b : zero4) - (a > zero4 ? a : zero4);
  }
  return horizontalSum(&sum8, &sum4);
}

template <int Mode>
int64_t addRowScalar(int32_t* e, const int16_t* v, const int16_t* w, int width) {
  int64_t sum = 0;
  for (int k = 0; k < width; ++k) {
    const int32_t a = e[k];
    e[k] += Mode > 0 ? v[k] : Mode < 0 ? -v[k] : v[k] - w[k];
    sum += int64_t(std::max(e[k], 0)) - std::max(a, 0);
  }
  return sum;
}

template <int Mode, bool Avx2>
inline __attribute__((always_inline)) int64_t addRows(int32_t* e, int stride, const int16_t* v, const int16_t* w,
                                                      int rows, int width, int32_t vMax, int64_t* rowChange) {
  assert(width % 4 == 0);
  const bool narrow = int64_t(width) * vMax < (int64_t(1) << 31);
  int64_t total = 0;
  for (int r = 0; r < rows; ++r, e += stride, v += width, w += Mode == 0 ? width : 0) {
    const int64_t change = narrow ? addRow<Mode, Avx2>(e, v, w, width) : addRowScalar<Mode>(e, v, w, width);
    rowChange[r] += change;
    total += change;
  }
  return total;
}

}  // namespace

TS_VECTOR_CLONES void maxInto(int16_t* __restrict d, int stride, const int16_t* __restrict v, int rows, int width) {
  assert(width % 4 == 0);
  for (int r = 0; r < rows; ++r, d += stride, v += width) {
    int k = 0;
    TS_UNROLL(2)
    for (; k + 16 <= width; k += 16) {
      const Half16 a = *as16h(d + k), b = *as16h(v + k);
      *as16h(d + k) = a > b ? a : b;
    }
    if (k + 8 <= width) {
      const Half8 a = *as8h(d + k), b = *as8h(v + k);
      *as8h(d + k) = a > b ? a : b;
      k += 8;
    }
    if (k < width) {
      const Half4 a = *as4h(d + k), b = *as4h(v + k);
      *as4h(d + k) = a > b ? a : b;
    }
  }
}

namespace {

template <bool Avx2>
inline __attribute__((always_inline)) int64_t reliefRows(const int32_t* __restrict e, int stride,
                                                         const int16_t* __restrict v, int rows, int width,
                                                         int32_t vMax) {
  assert(width % 4 == 0);
  if (int64_t(rows) * width * vMax >= (int64_t(1) << 31)) return reliefScalar(e, stride, v, rows, width);
  // Each term lies in 0..vMax, so the sum fits 32 bits.
  const Block8 zero8 = {};
  const Block4 zero4 = {};
  Block8 sum8 = {};
  Block4 sum4 = {};
  for (int r = 0; r < rows; ++r, e += stride, v += width) {
    int k = 0;
    TS_UNROLL(2)
    for (; k + 8 <= width; k += 8) {
      Block8 b;
      widen8<Avx2>(v + k, &b);
      const Block8 a = *as8(e + k), over = a > zero8 ? a : zero8;
      sum8 += over < b ? over : b;
    }
    if (k < width) {
      Block4 b;
      widen4<Avx2>(v + k, &b);
      const Block4 a = *as4(e + k), over = a > zero4 ? a : zero4;
      sum4 += over < b ? over : b;
    }
  }
  return horizontalSum(&sum8, &sum4);
}

// The widening kernels in both versions, and the choice between them.
template <bool Avx2>
struct Widening {
  static inline __attribute__((always_inline)) int64_t addCounting(int32_t* e, int stride, const int16_t* v, int rows,
                                                                   int width, int sign, int32_t vMax,
                                                                   int64_t* rowChange) {
    return sign > 0 ? addRows<1, Avx2>(e, stride, v, v, rows, width, vMax, rowChange)
                    : addRows<-1, Avx2>(e, stride, v, v, rows, width, vMax, rowChange);
  }
  static inline __attribute__((always_inline)) int64_t addDifferenceCounting(int32_t* e, int stride,
                                                                             const int16_t* plus, const int16_t* minus,
                                                                             int rows, int width, int32_t vMax,
                                                                             int64_t* rowChange) {
    return addRows<0, Avx2>(e, stride, plus, minus, rows, width, vMax, rowChange);
  }
  static inline __attribute__((always_inline)) int64_t relief(const int32_t* e, int stride, const int16_t* v, int rows,
                                                              int width, int32_t vMax) {
    return reliefRows<Avx2>(e, stride, v, rows, width, vMax);
  }
};

}  // namespace

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))  // not a memset call
#endif
TS_VECTOR_CLONES void
clear(int16_t* __restrict d, int n) {
  assert(n % 4 == 0);
  int k = 0;
  TS_UNROLL(4)
  for (; k + 16 <= n; k += 16) *as16h(d + k) = Half16{};
  if (k + 8 <= n) {
    *as8h(d + k) = Half8{};
    k += 8;
  }
  if (k < n) *as4h(d + k) = Half4{};
}

namespace portable {

int64_t addCounting(int32_t* e, int stride, const int16_t* v, int rows, int width, int sign, int32_t vMax,
                    int64_t* rowChange) {
  return Widening<false>::addCounting(e, stride, v, rows, width, sign, vMax, rowChange);
}

int64_t addDifferenceCounting(int32_t* e, int stride, const int16_t* plus, const int16_t* minus, int rows, int width,
                              int32_t vMax, int64_t* rowChange) {
  return Widening<false>::addDifferenceCounting(e, stride, plus, minus, rows, width, vMax, rowChange);
}

int64_t relief(const int32_t* e, int stride, const int16_t* v, int rows, int width, int32_t vMax) {
  return Widening<false>::relief(e, stride, v, rows, width, vMax);
}

}  // namespace portable

#ifndef TS_X86_AVX2

int64_t addCounting(int32_t* e, int stride, const int16_t* v, int rows, int width, int sign, int32_t vMax,
                    int64_t* rowChange) {
  return portable::addCounting(e, stride, v, rows, width, sign, vMax, rowChange);
}

int64_t addDifferenceCounting(int32_t* e, int stride, const int16_t* plus, const int16_t* minus, int rows, int width,
                              int32_t vMax, int64_t* rowChange) {
  return portable::addDifferenceCounting(e, stride, plus, minus, rows, width, vMax, rowChange);
}

int64_t relief(const int32_t* e, int stride, const int16_t* v, int rows, int width, int32_t vMax) {
  return portable::relief(e, stride, v, rows, width, vMax);
}

}  // namespace ts::aie::kernels

#else

namespace avx2 {

__attribute__((target("avx2"))) int64_t addCounting(int32_t* e, int stride, const int16_t* v, int rows, int width,
                                                    int sign, int32_t vMax, int64_t* rowChange) {
  return Widening<true>::addCounting(e, stride, v, rows, width, sign, vMax, rowChange);
}

__attribute__((target("avx2"))) int64_t addDifferenceCounting(int32_t* e, int stride, const int16_t* plus,
                                                              const int16_t* minus, int rows, int width, int32_t vMax,
                                                              int64_t* rowChange) {
  return Widening<true>::addDifferenceCounting(e, stride, plus, minus, rows, width, vMax, rowChange);
}

__attribute__((target("avx2"))) int64_t relief(const int32_t* e, int stride, const int16_t* v, int rows, int width,
                                               int32_t vMax) {
  return Widening<true>::relief(e, stride, v, rows, width, vMax);
}

}  // namespace avx2

}  // namespace ts::aie::kernels

// The widening kernels are GNU indirect functions, as target_clones makes the others: these
// resolvers pick the AVX2 or the portable version once, when the library loads (before the
// sanitizers are set up, hence no instrumentation).
extern "C" {
#define TS_RESOLVER __attribute__((visibility("hidden"), no_sanitize("address", "undefined")))
TS_RESOLVER decltype(&ts::aie::kernels::portable::addCounting) ts_kernels_resolve_add_counting() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? ts::aie::kernels::avx2::addCounting : ts::aie::kernels::portable::addCounting;
}
TS_RESOLVER decltype(&ts::aie::kernels::portable::addDifferenceCounting) ts_kernels_resolve_add_difference_counting() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? ts::aie::kernels::avx2::addDifferenceCounting
                                        : ts::aie::kernels::portable::addDifferenceCounting;
}
TS_RESOLVER decltype(&ts::aie::kernels::portable::relief) ts_kernels_resolve_relief() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? ts::aie::kernels::avx2::relief : ts::aie::kernels::portable::relief;
}
#undef TS_RESOLVER
}

namespace ts::aie::kernels {

int64_t addCounting(int32_t* e, int stride, const int16_t* v, int rows, int width, int sign, int32_t vMax,
                    int64_t* rowChange) __attribute__((ifunc("ts_kernels_resolve_add_counting")));
int64_t addDifferenceCounting(int32_t* e, int stride, const int16_t* plus, const int16_t* minus, int rows, int width,
                              int32_t vMax, int64_t* rowChange)
    __attribute__((ifunc("ts_kernels_resolve_add_difference_counting")));
int64_t relief(const int32_t* e, int stride, const int16_t* v, int rows, int width, int32_t vMax)
    __attribute__((ifunc("ts_kernels_resolve_relief")));

}  // namespace ts::aie::kernels

#endif
