#pragma once
// Quality-of-result metrics of a placed and routed design: the columns of the AIE PnR
// paper's Table II. Counts come from the independent routing checker, not from the router.
#include <cstdint>

#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

class Placement;

struct QorMetrics {
  int routeLength = 0;      ///< inter-switch link hops over all nets (MLIR-AIE total_path_length)
  int64_t bufferBytes = 0;  ///< net buffers over all tiles (host-side shim buffers excluded)
  double bufferKb() const { return double(bufferBytes) / 1024.0; }
  int sharedNets = 0;     ///< nets on shared memory
  int intraTileNets = 0;  ///< nets copied inside one memory tile
  int circuitNets = 0;
  int packetNets = 0;
  int streamNets() const { return circuitNets + packetNets; }
  int dmaChannels = 0;            ///< MM2S + S2MM channels used over all tiles
  double maxLinkUtilisation = 0;  ///< max over links of used channels / channels
  int routedNets = 0;
};

QorMetrics computeQor(const Design& design, const Device& device, const RrGraph& graph, const Placement& placement,
                      const Routing& routing);

}  // namespace ts::aie
