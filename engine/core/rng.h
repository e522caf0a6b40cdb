#pragma once
// One seeded random source per run, so a seed always reproduces a result.
#include <cstdint>
#include <random>

namespace ts::core {

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  /// Uniform integer in [lo, hi] (inclusive).
  int uniformInt(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  /// Uniform real in [0, 1).
  double uniform01() { return std::uniform_real_distribution<double>(0.0, 1.0)(engine_); }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

}  // namespace ts::core
