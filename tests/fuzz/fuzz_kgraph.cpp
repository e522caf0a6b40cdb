// libFuzzer harness: ISPD 2020 .kgraph (engine/wse/io/kgraph_io), then the kernel library at
// the extreme execution arguments (h = w = c = k = 1 gives the largest products) and the
// evaluator on an empty layout.
#include "engine/wse/evaluator.h"
#include "engine/wse/io/kgraph_io.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  fuzz::refuseOnlyWithLocatedErrors([&] {
    wse::KernelGraph g = wse::parseKgraph(fuzz::text(data, size), "fuzz.kgraph");
    for (const auto& k : g.kernels) {
      wse::ExecArgs args;
      args.h = args.w = 1;
      args.c.assign(size_t(k.spec.convCount()), 1);
      args.k.assign(size_t(k.spec.convCount()), 1);
      wse::kernelPerf(k.spec, args);
    }
    wse::evaluate(g, wse::Layout(g.kernelCount()));
  });
  return 0;
}
