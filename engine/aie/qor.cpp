#include "engine/aie/qor.h"

#include <algorithm>

#include "engine/aie/placement.h"
#include "engine/aie/routing_legality.h"

namespace ts::aie {

QorMetrics computeQor(const Design& design, const Device& device, const RrGraph& graph, const Placement& placement,
                      const Routing& routing) {
  QorMetrics q;
  RoutingCheckOptions options;
  options.requireAllRouted = false;
  RoutingUsage usage;
  checkRouting(design, device, graph, placement, routing, options, &usage);
  for (const NetRoute& r : routing.nets) {
    if (!r.routed) continue;
    ++q.routedNets;
    switch (r.type) {
      case Interconnect::SharedMemory:
        ++q.sharedNets;
        break;
      case Interconnect::IntraTile:
        ++q.intraTileNets;
        break;
      case Interconnect::Circuit:
        ++q.circuitNets;
        break;
      case Interconnect::Packet:
        ++q.packetNets;
        break;
    }
    for (int e : r.edges)
      if (e >= 0 && e < graph.edgeCount() && graph.edge(e).kind == RrEdgeKind::Link) ++q.routeLength;
  }
  for (int64_t b : usage.netBuffer) q.bufferBytes += b;
  for (int c : usage.dmaOut) q.dmaChannels += c;
  for (int c : usage.dmaIn) q.dmaChannels += c;
  for (int e = 0; e < graph.edgeCount() && e < int(usage.linkChannels.size()); ++e)
    if (graph.edge(e).kind == RrEdgeKind::Link && graph.edge(e).capacity > 0)
      q.maxLinkUtilisation = std::max(q.maxLinkUtilisation, double(usage.linkChannels[e]) / graph.edge(e).capacity);
  return q;
}

}  // namespace ts::aie
