// The bbcg kernels against plain loops, on rows of every length a pattern can have (multiples of
// four: 4, 8, 12, ... so both the blocks of eight and the last block of four run), on excess values
// of both signs and on 16-bit pattern values up to the largest (the widening must not sign-extend),
// including the wide-sum fallbacks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/aie/place/cost/segment_kernels.h"

namespace ts::aie {
namespace {

constexpr int kStride = 4 * 40;  // a row of the array: 40 tiles
constexpr int kRows = 3;
constexpr int kSize = kRows * kStride + 8;  // room for the offset below

template <typename T = int32_t>
std::vector<T> randomValues(std::mt19937& rng, int n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> value(lo, hi);
  std::vector<T> v(static_cast<size_t>(n));
  for (T& x : v) x = T(value(rng));
  return v;
}

TEST(SegmentKernels, MatchPlainLoopsOnEveryRowLength) {
  std::mt19937 rng(5);
  const int32_t unit = 65535;  // the largest pattern value
  for (int width = 4; width <= kStride; width += 4) {
    const int offset = 4 * int(rng() % 3);  // rows need not start on a block boundary
    const std::vector<int32_t> e = randomValues(rng, kSize, -3 * unit, 2 * unit);
    const std::vector<uint16_t> d0 = randomValues<uint16_t>(rng, kSize, 0, unit);
    const std::vector<uint16_t> v = randomValues<uint16_t>(rng, kRows * width, 0, unit);
    const std::vector<uint16_t> w = randomValues<uint16_t>(rng, kRows * width, 0, unit);
    auto at = [&](int r, int k) { return size_t(r * kStride + offset + k); };
    const int rows = kRows;

    // maxInto
    std::vector<uint16_t> got = d0, want = d0;
    kernels::maxInto(got.data() + offset, kStride, v.data(), rows, width);
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k < width; ++k) want[at(r, k)] = std::max(want[at(r, k)], v[size_t(r * width + k)]);
    ASSERT_EQ(got, want) << "width " << width;

    // addCounting and addDifferenceCounting: the sums they change and the overuse change per row,
    // with 32-bit lane sums (vMax = unit) and the wide fallback (vMax = INT32_MAX).
    for (int32_t vMax : {unit, INT32_MAX}) {
      for (int mode : {+1, -1, 0}) {
        std::vector<int32_t> sum = e, expect = e;
        std::vector<int64_t> rowGot(size_t(rows), 7), rowWant(size_t(rows), 7);
        int64_t total = 0;
        for (int r = 0; r < rows; ++r)
          for (int k = 0; k < width; ++k) {
            int32_t& x = expect[at(r, k)];
            const int32_t before = x;
            const int32_t a = v[size_t(r * width + k)], b = w[size_t(r * width + k)];  // widened
            x += mode > 0 ? a : mode < 0 ? -a : a - b;
            const int64_t change = int64_t(std::max(x, 0)) - std::max(before, 0);
            rowWant[size_t(r)] += change;
            total += change;
          }
        const int64_t got64 = mode == 0 ? kernels::addDifferenceCounting(sum.data() + offset, kStride, v.data(),
                                                                         w.data(), rows, width, vMax, rowGot.data())
                                        : kernels::addCounting(sum.data() + offset, kStride, v.data(), rows, width,
                                                               mode, vMax, rowGot.data());
        ASSERT_EQ(sum, expect) << "width " << width << " mode " << mode;
        EXPECT_EQ(got64, total) << "width " << width << " mode " << mode;
        EXPECT_EQ(rowGot, rowWant) << "width " << width << " mode " << mode;
      }
    }

    int64_t relief = 0;
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k < width; ++k) relief += std::min(std::max(e[at(r, k)], 0), int32_t(v[size_t(r * width + k)]));
    EXPECT_EQ(kernels::relief(e.data() + offset, kStride, v.data(), rows, width, unit), relief) << "width " << width;
    EXPECT_EQ(kernels::relief(e.data() + offset, kStride, v.data(), rows, width, INT32_MAX), relief);  // 64-bit sum

    kernels::clear(got.data() + offset, width);
    for (int k = 0; k < kSize; ++k) {
      const bool inside = k >= offset && k < offset + width;
      ASSERT_EQ(got[size_t(k)], inside ? 0 : want[size_t(k)]);
    }
  }
}

}  // namespace
}  // namespace ts::aie
