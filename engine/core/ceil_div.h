#pragma once
// Rounding-up integer division, for counts of channels, tiles and blocks.
#include <type_traits>

namespace ts::core {

/// ceil(a / b) for a >= 0 and b > 0, in the common type of A and B: name A (ceilDiv<int64_t>)
/// when products of the results need 64 bits.
template <class A, class B>
constexpr std::common_type_t<A, B> ceilDiv(A a, B b) {
  return (a + b - 1) / b;
}

}  // namespace ts::core
