// libFuzzer harness: .paint solutions (engine/wse/io/paint_io) for a fixed kernel graph, then
// the evaluator as `wse eval` runs it.
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "fuzz_support.h"

namespace {
const char* kGraph = R"((*
test=fuzz
width=633
height=633
wdeltat=1
wlength=1
wadapter=1
memlimit=24576
*)
input[0] n=[56 56 256] name='in'
conv[1] W=56 H=56 R=1 S=1 C=256 K=64 T=1 U=1 name='k1'
dblock[2] f=256 h=56 w=56 name='k2'
cblock[3] f=512 h=56 w=56 name='k3'
output[4] n=[28 28 512] name='out'
input[0]:_ -> conv[1]:x
conv[1]:y -> dblock[2]:x
dblock[2]:y -> cblock[3]:x
cblock[3]:y -> output[4]:_
)";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ts;
  static const wse::KernelGraph graph = wse::parseKgraph(kGraph, "fuzz_graph.kgraph");
  fuzz::refuseOnlyWithLocatedErrors([&] {
    wse::PaintSolution paint = wse::parsePaint(fuzz::text(data, size), graph, "fuzz.paint");
    wse::evaluatePaint(graph, paint);
  });
  return 0;
}
