// libFuzzer harness: MLIR-AIE import (engine/aie/io/mlir_import), every module of a file, then
// what the CLI does with each imported design on its (built-in) device.
#include "engine/aie/device_library.h"
#include "engine/aie/io/mlir_import.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  fuzz::refuseOnlyWithLocatedErrors([&] {
    for (const aie::MlirModule& m : aie::parseMlirModules(fuzz::text(data, size), "fuzz.mlir")) {
      if (m.error && m.error->line() <= 0) {
        std::fprintf(stderr, "module error without a line: %s\n", m.error->what());
        std::abort();
      }
      if (!m.imported) continue;
      // Only built-in devices: a fuzzed name must not make the harness read files.
      const std::string& name = m.imported->design.device;
      if (name.find_first_of("/.") != std::string::npos) continue;
      aie::Device device = aie::loadDevice("npu2");
      try {
        device = aie::loadDevice(name);
      } catch (const core::Error&) {
        continue;
      }
      fuzz::useAie(m.imported->design, device, m.imported->placement);
    }
  });
  return 0;
}
