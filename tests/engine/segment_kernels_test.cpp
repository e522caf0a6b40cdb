// The bbcg kernels against plain loops, on lanes of every length a pattern can have (multiples of
// four: 4, 8, 12, ... so both the blocks of eight and the last block of four run), one to four
// lanes per row, lanes that overlap the next one (a pattern's zero padding runs on into the next
// lane; the kernels must then act as if each lane were applied in turn), on excess values of both
// signs and on 16-bit pattern values up to the largest (the widening must not sign-extend),
// including the wide-sum fallbacks. Spans run past the longest one with an unrolled kernel of its
// own (64), so both the per-span kernels and the general loops are checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/aie/place/cost/segment_kernels.h"

namespace ts::aie {
namespace {

constexpr int kColumns = 72;
constexpr int kRowStride = 4 * kColumns;  // a row of the array: four lanes of kColumns columns
constexpr int kRows = 3;
constexpr int kSize = kRows * kRowStride + 2 * kColumns;  // room for the offsets below

template <typename T = int32_t>
std::vector<T> randomValues(std::mt19937& rng, int n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> value(lo, hi);
  std::vector<T> v(static_cast<size_t>(n));
  for (T& x : v) x = T(value(rng));
  return v;
}

// Lane starts within a row: `count` lanes, `gap` apart (less than the span: they overlap).
kernels::LaneOffsets lanesOf(int count, int gap, int offset) {
  kernels::LaneOffsets lanes;
  for (int l = 0; l < count; ++l) lanes.offset[lanes.count++] = offset + l * gap;
  return lanes;
}

TEST(SegmentKernels, MatchPlainLoopsOnEveryLaneLength) {
  std::mt19937 rng(5);
  const int32_t unit = 65535;  // the largest pattern value
  for (int span = 4; span <= kColumns; span += 4)
    for (int count = 1; count <= 4; ++count) {
      const int offset = int(rng() % 3);  // lanes need not start on a block boundary
      const int gap = rng() % 2 ? kColumns : std::max(1, span - 1 - int(rng() % 4));
      const kernels::LaneOffsets lanes = lanesOf(count, gap, offset);
      const int width = count * span;  // pattern values per row
      const std::vector<int32_t> e = randomValues(rng, kSize, -3 * unit, 2 * unit);
      const std::vector<uint16_t> d0 = randomValues<uint16_t>(rng, kSize, 0, unit);
      const std::vector<uint16_t> v = randomValues<uint16_t>(rng, kRows * width, 0, unit);
      const std::vector<uint16_t> w = randomValues<uint16_t>(rng, kRows * width, 0, unit);
      // Destination index and pattern index of value k of lane l in row r.
      auto at = [&](int r, int l, int k) { return size_t(r * kRowStride + lanes.offset[l] + k); };
      auto in = [&](int r, int l, int k) { return size_t((r * count + l) * span + k); };
      const std::string where =
          "span " + std::to_string(span) + " lanes " + std::to_string(count) + " gap " + std::to_string(gap);

      // maxInto
      std::vector<uint16_t> got = d0, want = d0;
      kernels::maxInto(got.data(), kRowStride, lanes, v.data(), kRows, span);
      for (int r = 0; r < kRows; ++r)
        for (int l = 0; l < count; ++l)
          for (int k = 0; k < span; ++k) want[at(r, l, k)] = std::max(want[at(r, l, k)], v[in(r, l, k)]);
      ASSERT_EQ(got, want) << where;

      // addCounting and addDifferenceCounting: the sums they change and the overuse change per
      // row, with 32-bit lane sums (vMax = unit) and the wide fallback (vMax = INT32_MAX).
      for (int32_t vMax : {unit, INT32_MAX}) {
        for (int mode : {+1, -1, 0}) {
          std::vector<int32_t> sum = e, expect = e;
          std::vector<int64_t> rowGot(size_t(kRows), 7), rowWant(size_t(kRows), 7);
          int64_t total = 0;
          for (int r = 0; r < kRows; ++r)
            for (int l = 0; l < count; ++l)
              for (int k = 0; k < span; ++k) {
                int32_t& x = expect[at(r, l, k)];
                const int32_t before = x;
                const int32_t a = v[in(r, l, k)], b = w[in(r, l, k)];  // widened
                x += mode > 0 ? a : mode < 0 ? -a : a - b;
                const int64_t change = int64_t(std::max(x, 0)) - std::max(before, 0);
                rowWant[size_t(r)] += change;
                total += change;
              }
          const int64_t got64 = mode == 0 ? kernels::addDifferenceCounting(sum.data(), kRowStride, lanes, v.data(),
                                                                           w.data(), kRows, span, vMax, rowGot.data())
                                          : kernels::addCounting(sum.data(), kRowStride, lanes, v.data(), kRows, span,
                                                                 mode, vMax, rowGot.data());
          ASSERT_EQ(sum, expect) << where << " mode " << mode;
          EXPECT_EQ(got64, total) << where << " mode " << mode;
          EXPECT_EQ(rowGot, rowWant) << where << " mode " << mode;
        }
      }

      int64_t relief = 0;
      for (int r = 0; r < kRows; ++r)
        for (int l = 0; l < count; ++l)
          for (int k = 0; k < span; ++k) relief += std::min(std::max(e[at(r, l, k)], 0), int32_t(v[in(r, l, k)]));
      EXPECT_EQ(kernels::relief(e.data(), kRowStride, lanes, v.data(), kRows, span, unit), relief) << where;
      EXPECT_EQ(kernels::relief(e.data(), kRowStride, lanes, v.data(), kRows, span, INT32_MAX), relief);  // 64 bits

      kernels::clear(got.data() + offset, width);
      for (int k = 0; k < kSize; ++k) {
        const bool inside = k >= offset && k < offset + width;
        ASSERT_EQ(got[size_t(k)], inside ? 0 : want[size_t(k)]);
      }
    }
}

}  // namespace
}  // namespace ts::aie
