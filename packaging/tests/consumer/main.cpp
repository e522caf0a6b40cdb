// Uses the installed TileStudio engine: loads a design, places and routes it with registered
// algorithms, and prints the checked result. Exit code 0 only when placed, routed and legal.
#include <cstdio>

#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/design_loader.h"
#include "engine/core/version.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer DESIGN.yaml\n");
    return 2;
  }
  ts::aie::LoadedDesign loaded = ts::aie::loadDesignFile(argv[1]);
  ts::aie::PnrFlowConfig config;
  config.placer = "sa";
  config.router = "milp";
  ts::core::RunContext ctx(1);
  ts::aie::PnrResult r = ts::aie::runPnr(loaded.design, loaded.device, ts::aie::Placement::fromDesignPins(loaded.design),
                                         config, ctx);
  std::printf("TileStudio %s: %s on %s: %s, route length %d, %d placement and %d routing violations\n",
              ts::core::version(), loaded.design.name.c_str(), loaded.device.name().c_str(), r.status.c_str(),
              r.qor.routeLength, int(r.placementViolations.size()), int(r.routingViolations.size()));
  return r.success && r.placementViolations.empty() && r.routingViolations.empty() ? 0 : 1;
}
