#pragma once
// np-flow interchange (the AIE PnR paper's placer interface used by IRON's SAPlacer):
// netlist.json in, pnr_placed_netlist.json out. See ../shared/docs/aie-devices.md.
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"

namespace ts::aie {

struct NpflowNetlist {
  Design design;        ///< cores named comp<id> / mem<id> / shim<id>, nets by net_name
  Placement placement;  ///< nodes with col_x/row_y >= 0 are placed (and pinned)
};

/// Reads netlist.json (or a placed netlist: routing fields are ignored). Node and net ids
/// must be 0..N-1 in any order. `device` becomes Design::device; with `onDevice`, every
/// coordinate must lie on it (InputError at its line otherwise).
NpflowNetlist parseNpflowNetlist(const std::string& text, const std::string& file, const std::string& device,
                                 const Device* onDevice = nullptr);
NpflowNetlist loadNpflowNetlist(const std::string& path, const std::string& device, const Device* onDevice = nullptr);

/// Reads only the node coordinates of a placed netlist for an existing design whose cores
/// are in node-id order (as written by writeNpflowPlaced); with a device, they must lie on it.
Placement readNpflowPlacement(const std::string& text, const std::string& file, const Design& design,
                              const Device* device = nullptr);

/// netlist.json for a design (unplaced cores get -1; placed ones their tile).
std::string npflowNetlistJson(const Design& design, const Placement* placement = nullptr);

/// pnr_placed_netlist.json. With a routing (and the RR graph it refers to) every net gets
/// routing_info and the top level routing_cost; without one, routing_cost is 1e9 when
/// `failed` is true, else 0 and nets carry no routing_info.
std::string npflowPlacedJson(const Design& design, const Placement& placement, const RrGraph* graph = nullptr,
                             const Routing* routing = nullptr, bool failed = false);

}  // namespace ts::aie
