// The bbcg kernels against plain loops, on rows of every length a pattern can have (multiples of
// four: 4, 8, 12, ... so both the blocks of eight and the last block of four run) and on values of
// both signs, including the wide-sum fallbacks.
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

std::vector<int32_t> randomValues(std::mt19937& rng, int n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> value(lo, hi);
  std::vector<int32_t> v(static_cast<size_t>(n));
  for (int32_t& x : v) x = value(rng);
  return v;
}

TEST(SegmentKernels, MatchPlainLoopsOnEveryRowLength) {
  std::mt19937 rng(5);
  const int32_t unit = 1000000;
  for (int width = 4; width <= kStride; width += 4) {
    const int offset = 4 * int(rng() % 3);  // rows need not start on a block boundary
    const std::vector<int32_t> e = randomValues(rng, kSize, -3 * unit, 2 * unit);
    const std::vector<int32_t> d0 = randomValues(rng, kSize, -unit, unit);
    const std::vector<int32_t> v = randomValues(rng, kRows * width, 0, unit);
    const std::vector<int32_t> w = randomValues(rng, kRows * width, 0, unit);
    auto at = [&](int r, int k) { return size_t(r * kStride + offset + k); };
    const int rows = kRows;

    std::vector<int32_t> got = d0, want = d0;
    kernels::add(got.data() + offset, kStride, v.data(), rows, width, +1);
    kernels::add(got.data() + offset, kStride, w.data(), rows, width, -1);
    kernels::addDifference(got.data() + offset, kStride, w.data(), v.data(), rows, width);
    kernels::maxInto(got.data() + offset, kStride, v.data(), rows, width);
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k < width; ++k) {
        int32_t& x = want[at(r, k)];
        x += v[size_t(r * width + k)] - w[size_t(r * width + k)];
        x += w[size_t(r * width + k)] - v[size_t(r * width + k)];
        x = std::max(x, v[size_t(r * width + k)]);
      }
    ASSERT_EQ(got, want) << "width " << width;

    int64_t relief = 0, hinge = 0;
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k < width; ++k) relief += std::min(std::max(e[at(r, k)], 0), v[size_t(r * width + k)]);
    for (int k = 0; k < width; ++k)
      hinge +=
          int64_t(std::max(e[size_t(offset + k)] + d0[size_t(offset + k)], 0)) - std::max(e[size_t(offset + k)], 0);
    EXPECT_EQ(kernels::relief(e.data() + offset, kStride, v.data(), rows, width, unit), relief) << "width " << width;
    EXPECT_EQ(kernels::relief(e.data() + offset, kStride, v.data(), rows, width, INT32_MAX), relief);  // 64-bit sum
    EXPECT_EQ(kernels::hingeChange(e.data() + offset, d0.data() + offset, width, unit), hinge) << "width " << width;
    EXPECT_EQ(kernels::hingeChange(e.data() + offset, d0.data() + offset, width, INT32_MAX), hinge);

    std::vector<int32_t> sum = e, delta = d0;
    kernels::addAndClear(sum.data() + offset, delta.data() + offset, width);
    kernels::clear(got.data() + offset, width);
    for (int k = 0; k < kSize; ++k) {
      const bool inside = k >= offset && k < offset + width;
      ASSERT_EQ(sum[size_t(k)], e[size_t(k)] + (inside ? d0[size_t(k)] : 0)) << "width " << width;
      ASSERT_EQ(delta[size_t(k)], inside ? 0 : d0[size_t(k)]);
      ASSERT_EQ(got[size_t(k)], inside ? 0 : want[size_t(k)]);
    }
  }
}

}  // namespace
}  // namespace ts::aie
