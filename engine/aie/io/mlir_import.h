#pragma once
// Importing the MLIR-AIE textual subset that describes placement and communication:
// aie.device, aie.tile, aie.logical_tile, aie.objectfifo (+ .link), aie.flow, aie.packet_flow
// and aie.cascade_flow. Everything else (aie.core bodies, aie.mem, buffers, locks, runtime
// sequences, func.func) is skipped by matching braces. See ../shared/docs/aie-devices.md.
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct MlirImport {
  Design design;                      ///< one core per tile value used by an op; nets per object FIFO / flow
  Placement placement;                ///< aie.tile values are placed there; logical tiles with (c, r) pinned
  std::vector<std::string> warnings;  ///< constructs that were recognised but not imported
};

/// Object FIFOs become nets (depths producer first, bytes = memref shape x element size) and
/// their links become links. Circuit flows from the same source port form one multicast net;
/// a packet flow is one net from its source to all its destinations.
MlirImport parseMlirDesign(const std::string& text, const std::string& file);
MlirImport loadMlirDesign(const std::string& path);

}  // namespace ts::aie
