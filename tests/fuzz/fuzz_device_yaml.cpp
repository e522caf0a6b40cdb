// libFuzzer harness: device YAML (engine/aie/device_library), then what every command builds
// from a device: the routing-resource graph and the placer's tile tables.
#include "engine/aie/device_library.h"
#include "engine/aie/rr_graph.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  fuzz::refuseOnlyWithLocatedErrors([&] {
    aie::Device device = aie::parseDeviceYaml(fuzz::text(data, size), "fuzz.yaml");
    aie::RrGraph graph(device);
    aie::Design empty;
    aie::PlaceModel model(empty, device);
  });
  return 0;
}
