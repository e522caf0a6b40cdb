#pragma once
// Folding values into one 64-bit hash (boost::hash_combine's mixing step), for memo tables.
#include <cstdint>

namespace ts::core {

inline uint64_t hashMix(uint64_t h, uint64_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

/// hashMix(h, a, b, c) = hashMix(hashMix(hashMix(h, a), b), c).
template <class... Rest>
uint64_t hashMix(uint64_t h, uint64_t v, uint64_t next, Rest... rest) {
  return hashMix(hashMix(h, v), next, uint64_t(rest)...);
}

}  // namespace ts::core
