#pragma once
// Folding values into one 64-bit hash (boost::hash_combine's mixing step), for memo tables.
#include <cstdint>

namespace ts::core {

inline uint64_t hashMix(uint64_t h, uint64_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

}  // namespace ts::core
