// libFuzzer harness: CSV placements (engine/aie/io/placement_yaml) for a fixed design on npu2.
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/placement_yaml.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  static const aie::Design design = aie::parseDesignYaml(fuzz::edgeDetectYaml(), "edge_detect.yaml").design;
  static const aie::Device device = aie::loadDevice("npu2");
  fuzz::refuseOnlyWithLocatedErrors([&] {
    aie::Placement p = aie::parsePlacementCsv(fuzz::text(data, size), "fuzz.csv", design, &device);
    fuzz::useAie(design, device, p);
  });
  return 0;
}
