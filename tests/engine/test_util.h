#pragma once
// Paths and small helpers shared by engine tests.
#include <filesystem>
#include <string>

namespace ts::test {

/// Wall-clock allowances of cancel and time-limit tests are this many times wider in the
/// sanitizer build (build-asan), whose code runs several times slower.
#ifdef TS_SANITIZED
constexpr double kTimingSlack = 5;
#else
// Three times the nominal allowance: CI and developer machines are shared, and a 2-core box
// under load misses a 100 ms deadline by scheduling alone.
constexpr double kTimingSlack = 3;
#endif

inline std::string sourceDir() {
  return TS_SOURCE_DIR;
}
inline std::string sharedData(const std::string& rel) {
  return std::string(TS_SHARED_DATA_DIR) + "/" + rel;
}
/// A fresh folder under the build tree for files a test writes (kept for people to look at).
inline std::string outputDir(const std::string& name) {
  std::filesystem::path p = std::filesystem::path(TS_TEST_OUTPUT_DIR) / name;
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p.string();
}

}  // namespace ts::test
