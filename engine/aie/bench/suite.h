#pragma once
// The benchmark suites: the AIE PnR paper's Table I (202 designs for an NPU array) and the
// AIE-ML set for xcve2802 (AIE4ML MLP and CRONet). Each entry carries its manual placement,
// which generation verifies (checkPlacement, the routing lower bound and a designer's endpoint
// plan) before it is written; a failed draw is redrawn from a derived seed.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/aie/bench/endpoint_plan.h"
#include "engine/aie/bench/feasibility.h"
#include "engine/aie/bench/synthetic.h"

namespace ts::aie {

struct SuiteEntry {
  std::string name;
  std::string topology;  ///< line | mesh | tree | edge | gemm | resnet | mlp | cronet
  Flow flow = Flow::Pipelined;
  SizeClass size = SizeClass::Small;
  GeneratedDesign gen;
  FeasibilityReport feasibility;  ///< lower bound under the manual placement
  EndpointPlan plan;              ///< the designer's endpoint plan (mixed modes allowed)
  std::vector<std::string> features;
};

/// One cell of Table I.
struct SuiteCategory {
  std::string topology;
  Flow flow;
  SizeClass size;
  int count;
};
/// The paper's Table I distribution (202 designs).
const std::vector<SuiteCategory>& table1Categories();

using SuiteProgress = std::function<void(int done, int total, const std::string& name)>;

/// True when the Table I suite can be generated for the device (an AIE2 array with memory
/// tiles and at most 64 compute tiles, like npu1 and npu2); otherwise `why` says why.
bool table1Supported(const Device& device, std::string* why = nullptr);
/// The 202 designs for `device` (npu2 in the paper); deterministic for a seed.
/// `stressScale` (0..1) multiplies every synthetic design's drawn stress level (SyntheticSpec).
std::vector<SuiteEntry> generateTable1Suite(const Device& device, uint64_t seed, const SuiteProgress& progress = {},
                                            double stressScale = 1.0);
/// The AIE-ML designs: the default AIE4ML MLP and CRONet (needs xcve2802's size).
std::vector<SuiteEntry> generateMlSuite(const Device& device, uint64_t seed, const SuiteProgress& progress = {});

/// Verifies an entry's manual placement (legality, lower bound, endpoint plan) and fills its
/// feasibility, plan and features. Returns the problems found (empty when it is sound).
std::vector<std::string> analyseEntry(SuiteEntry& entry, const Device& device);

/// index.json for a suite written to a folder (see writeSuite).
nlohmann::json suiteIndex(const std::vector<SuiteEntry>& entries, const Device& device, uint64_t seed,
                          const std::string& set);
/// Writes DIR/NAME.yaml (design), DIR/NAME.manual.yaml (its manual placement) for every entry
/// and DIR/index.json, each file atomically; creates DIR.
void writeSuite(const std::string& dir, const std::vector<SuiteEntry>& entries, const Device& device, uint64_t seed,
                const std::string& set, const SuiteProgress& progress = {});

}  // namespace ts::aie
