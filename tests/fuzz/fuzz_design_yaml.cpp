// libFuzzer harness: TileStudio design YAML (engine/aie/io/design_yaml), then the device checks
// and uses the design loader makes.
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/device_check.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  fuzz::refuseOnlyWithLocatedErrors([&] {
    aie::DesignFile f = aie::parseDesignYaml(fuzz::text(data, size), "fuzz.yaml");
    // Only built-in devices: a fuzzed path must not make the harness read files.
    const std::string& name = f.design.device;
    aie::Device device = aie::loadDevice("npu2");
    if (name.find_first_of("/.") == std::string::npos) {
      try {
        device = aie::loadDevice(name);
      } catch (const core::Error&) {
      }
    }
    aie::Placement placement = f.placement ? *f.placement : aie::Placement::fromDesignPins(f.design);
    aie::checkCoordinatesOnDevice(f.design, placement, device, "fuzz.yaml", [&](aie::CoreId c, bool pin) {
      const auto& lines = pin || f.lines.placed.empty() ? f.lines.pin : f.lines.placed;
      return lines[size_t(c)] > 0 ? lines[size_t(c)] : 1;
    });
    fuzz::useAie(f.design, device, placement);
  });
  return 0;
}
