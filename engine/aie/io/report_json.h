#pragma once
// JSON pieces of reports, shared by the CLI (`route`, `place`, `pnr`, `bench aie`) and the
// Python module: QoR metrics, per-net routes and the runtime estimate.
#include <nlohmann/json.hpp>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/qor.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "engine/aie/runtime_estimate.h"

namespace ts::aie {

/// {route_length, buffer_kb, buffer_bytes, shared_nets, intra_tile_nets, circuit_nets,
///  packet_nets, dma_channels, max_link_utilisation}
nlohmann::json qorJson(const QorMetrics& q);

/// One entry per net: name, routed, type, packet_id, hops, buffer_tiles, edges (described).
nlohmann::json routesJson(const Design& design, const RrGraph& graph, const Routing& routing);

/// The runtime estimate, labelled as a model figure so nobody reads it as a measurement.
nlohmann::json estimateJson(const RuntimeEstimate& e);

}  // namespace ts::aie
