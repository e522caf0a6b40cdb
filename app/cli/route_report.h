#pragma once
// JSON pieces shared by `route`, `place`, `pnr` and `bench aie`: QoR metrics, per-net routes
// and the runtime estimate.
#include <nlohmann/json.hpp>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/qor.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "engine/aie/runtime_estimate.h"

namespace ts::cli {

/// {route_length, buffer_kb, buffer_bytes, shared_nets, intra_tile_nets, circuit_nets,
///  packet_nets, dma_channels, max_link_utilisation}
nlohmann::json qorJson(const aie::QorMetrics& q);

/// One entry per net: name, routed, type, packet_id, hops, buffer_tiles, edges (described).
nlohmann::json routesJson(const aie::Design& design, const aie::RrGraph& graph, const aie::Routing& routing);

/// The runtime estimate, labelled as a model figure so nobody reads it as a measurement.
nlohmann::json estimateJson(const aie::RuntimeEstimate& e);

}  // namespace ts::cli
