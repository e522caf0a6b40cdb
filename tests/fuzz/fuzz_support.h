#pragma once
// Shared by the libFuzzer harnesses (one per reader). A reader may refuse any input, but only
// with core::InputError naming a line (or core::Error); any other exception is a bug (e.g. a
// stray std::stoi's "internal error"), so it aborts and libFuzzer saves the input. What a
// reader accepts is then used the way the CLI uses it, so that sanitizers see the arithmetic
// on accepted numbers too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/cost/bb_cost.h"
#include "engine/aie/place/place_model.h"
#include "engine/aie/placement.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/error.h"

namespace ts::fuzz {

inline std::string text(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

/// Runs `read`; InputErrors must name a line, other exceptions than Error are bugs.
template <class F>
void refuseOnlyWithLocatedErrors(F&& read) {
  try {
    read();
  } catch (const core::InputError& e) {
    if (e.line() <= 0) {
      std::fprintf(stderr, "InputError without a line: %s\n", e.what());
      std::abort();
    }
  } catch (const core::Error&) {
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception (an 'internal error' for users): %s\n", e.what());
    std::abort();
  }
}

/// What the CLI does with a loaded design and placement: check it, and for a complete
/// placement compute the placement view's costs and the runtime estimate.
inline void useAie(const aie::Design& design, const aie::Device& device, const aie::Placement& placement) {
  aie::PlacementCheckOptions options;
  options.requireComplete = false;
  aie::checkPlacement(design, device, placement, options);
  if (!placement.complete() || !design.problems().empty()) return;
  aie::PlaceModel model(design, device);
  aie::BbCost::fromScratch(model, {}, placement);
  aie::estimateRuntime(design, device, placement);
}

/// A small design with every kind of core (edge detection on npu2), for the placement readers.
inline const char* edgeDetectYaml() {
  return R"(design: edge_detect
device: npu2
cores:
  - {name: rgba2gray, kind: compute, cycles: 304}
  - {name: filter2d, kind: compute, cycles: 1088}
  - {name: threshold, kind: compute, cycles: 184}
  - {name: add_weighted, kind: compute, cycles: 544}
  - {name: in_shim, kind: shim}
  - {name: in_mem, kind: mem}
  - {name: out_mem, kind: mem}
  - {name: out_shim, kind: shim}
nets:
  - {name: in_ddr, source: in_shim, targets: [in_mem], bytes: 1920, depth: 2}
  - {name: in, source: in_mem, targets: [rgba2gray, add_weighted], bytes: 1920, depth: 2}
  - {name: gray, source: rgba2gray, targets: [filter2d], bytes: 480, depths: [2, 4]}
  - {name: edges, source: filter2d, targets: [threshold], bytes: 480, depth: 2}
  - {name: mask, source: threshold, targets: [add_weighted], bytes: 480, depth: 2}
  - {name: add_weighted_out, source: add_weighted, targets: [out_mem], bytes: 1920, depth: 2}
  - {name: out_ddr, source: out_mem, targets: [out_shim], bytes: 1920, depth: 2}
links:
  - {inputs: [in_ddr], outputs: [in]}
  - {inputs: [add_weighted_out], outputs: [out_ddr]}
)";
}

}  // namespace ts::fuzz
