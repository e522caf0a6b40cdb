#pragma once
// Per-tile resource use of an AIE placement (and routing, when there is one) for the canvas
// badges, heat maps, violation list and the quick QoR figures of manual moves. Plain C++ (no
// Qt) so that it can be computed and tested headless.
//
// Without a routing the figures are estimates with the legality checker's stream assumption:
// a net whose endpoints are all shared-memory neighbours uses no DMA; any other net takes one
// MM2S channel at its source tile and one S2MM channel at each target tile; memory is the
// cores' own buffers plus streamBufferBytes (an upper bound: shared-memory nets need less).
// With a routing, DMA channels and stream links are counted from the route trees (packet
// nets share one channel / one link per tile and direction), buffer memory exactly as the
// routing checker counts it. Buffer descriptors: one per
// buffer of every stream endpoint (routing_legality.h), counted on the routing's stream nets,
// or without one for the nets that cannot use shared memory where they are placed.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/aie/legality.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {
class Device;
}

namespace ts::ui {

struct AieUsage {
  bool routed = false;
  std::vector<int64_t> memoryUsed;  ///< per tile (Device::index)
  std::vector<int> dmaInUsed;       ///< S2MM channels per tile
  std::vector<int> dmaOutUsed;      ///< MM2S channels per tile
  std::vector<int> bdsUsed;         ///< buffer descriptors per tile
  std::vector<int> linkUsed;        ///< per tile * 4 + Direction: streams on those links (routed)
  std::vector<char> tileBad;        ///< tile is named by a violation
  std::vector<char> coreBad;        ///< core is named by a violation
  std::vector<char> tileWarn;       ///< tile is named by a warning
  /// Definite problems: the placement check, and over-use counted on a routing.
  std::vector<aie::Violation> violations;
  /// Likely problems: over-use estimated from an unrouted placement (the router may still
  /// fit it, e.g. packet switching shares DMA channels).
  std::vector<aie::Violation> warnings;

  int routeLength = 0;  ///< link hops: routed, or the HPWL estimate of the stream nets
  int sharedMemoryNets = 0;
  int streamNets = 0;
  int dmaChannels = 0;  ///< channels used in total (both directions)
  int64_t bufferBytes = 0;
  double maxLinkUtilisation = 0;  ///< routed only

  int violationCount(const std::string& codePrefix) const;
  int problemCount() const { return int(violations.size() + warnings.size()); }
};

/// Computes the figures above. `graph` must be the RR graph the routing refers to; both may be
/// null (estimate from the placement).
AieUsage computeAieUsage(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                         const aie::Routing* routing = nullptr, const aie::RrGraph* graph = nullptr);

/// True when a net can use shared memory (no DMA needed): its ends are all placed on compute
/// tiles and aie::sharedMemoryPossible holds (a streamed net or a stream-port end never does).
bool netFitsSharedMemory(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                         aie::NetId net);

}  // namespace ts::ui
