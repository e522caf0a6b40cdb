// libFuzzer harness: np-flow netlist.json as a design, and as a placed netlist for a fixed
// design (engine/aie/io/npflow_json).
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/npflow_json.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  static const aie::Design fixed = aie::parseDesignYaml(fuzz::edgeDetectYaml(), "edge_detect.yaml").design;
  static const aie::Device device = aie::loadDevice("npu2");
  const std::string json = fuzz::text(data, size);
  fuzz::refuseOnlyWithLocatedErrors([&] {
    aie::NpflowNetlist n = aie::parseNpflowNetlist(json, "fuzz.json", "npu2", &device);
    fuzz::useAie(n.design, device, n.placement);
  });
  fuzz::refuseOnlyWithLocatedErrors([&] {
    aie::Placement p = aie::readNpflowPlacement(json, "fuzz.json", fixed, &device);
    fuzz::useAie(fixed, device, p);
  });
  return 0;
}
