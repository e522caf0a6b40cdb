#pragma once
// A quick lower bound on routability: necessary conditions that any routing of a placed design
// must meet, judged per tile from the endpoints alone (no routes are searched). When it reports
// an issue, no router can succeed; when it passes, a router still has to find the routes.
//
// Model (docs/aie-devices.md, the AIE PnR paper Sec. II-A and IV-D, routing_legality.h):
// - A net can use shared memory only when all its endpoints are compute cores and one tile's
//   memory is reachable by every one of them; it then needs no DMA channel. A net whose
//   endpoints all sit on one memory/shim tile stays inside that tile. Every other net is a
//   stream ("stream-only"): one MM2S at its source, one S2MM at each target tile.
// - Packet switching lets up to F = dmaFlowsPerChannel(device, tile) stream nets share one DMA
//   channel (bounded by BDs; routing_legality.h), so a tile with C channels carries at most C x F stream nets per
//   direction, and with k > C at least p of them are packet-switched, the least p with (k - p) + ceil(p / F) <= C.
//   Every packet-switched net needs its own packet id (0..maxPacketId, design-wide). Where the
//   design gives a rate, the flows sharing a channel must also fit its bandwidth: a tile's
//   stream-only nets must pack onto its channels as the MILP router's pre-check and the
//   routing checker pack them (stream_bandwidth.h), else that is an issue.
// - Memory and locks counted at a tile are only those no routing can avoid: kernel data
//   (LogicalCore::bufferBytes) and the buffers of stream-only nets, counted as in
//   routing_legality.h (depth x bytes at each endpoint, one shared buffer at a link's core,
//   2 locks per endpoint buffer set, shim buffers in host memory). A DMA-side buffer set of
//   depth d also takes d buffer descriptors (routing_legality.h's endpointBds).
//   Shared-memory buffers go to whichever neighbour tile a router picks, so they only enter
//   the array-wide memory total.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

/// How a net can be realised under a placement, judged from its endpoint tiles.
enum class NetReach { IntraTile, SharedCapable, StreamOnly };
const char* toString(NetReach reach);

/// Classifies every net of a (complete) placement.
std::vector<NetReach> classifyNets(const Design& design, const Device& device, const Placement& placement);

/// Bytes of the one buffer set a shared-memory or intra-tile net holds (largest depth x bytes).
int64_t sharedBufferBytes(const Net& net);

/// Where a net keeps its buffers, for counting memory, locks and BDs per tile.
enum class NetBuffers {
  None,     ///< not counted (a lower bound leaves out what a router may still choose)
  Shared,   ///< one buffer set (largest depth) in the tile given for the net
  InPlace,  ///< one buffer set in the tile holding all its endpoints
  Stream,   ///< a buffer set at the source and at every target; links share one at their core
};

/// Kernel data, buffers, locks and buffer descriptors per tile (indexed by Device::index).
struct BufferUsage {
  std::vector<int64_t> memory;
  std::vector<int> locks;
  std::vector<int> bds;
};
/// Counts as routing_legality.h does (plus BDs: d per DMA-side buffer set of depth d).
BufferUsage countBuffers(const Design& design, const Device& device, const Placement& placement,
                         const std::vector<NetBuffers>& how, const std::vector<TileCoord>& sharedTile);

struct FeasibilityIssue {
  /// "dma-out", "dma-in", "memory", "locks", "bds", "packet-ids" or "array-memory"
  std::string code;
  std::string message;
  TileCoord tile{-1, -1};
};

/// Demand no routing can avoid at one tile.
struct TileDemand {
  TileCoord tile;
  int streamOut = 0;   ///< stream-only nets leaving the tile
  int streamIn = 0;    ///< stream-only nets arriving at the tile
  int64_t memory = 0;  ///< bytes: kernel data + stream-only buffers
  int locks = 0;
  int bds = 0;
};

struct FeasibilityReport {
  std::vector<NetReach> nets;
  std::vector<TileDemand> tiles;         ///< tiles with some demand, in tile order
  std::vector<FeasibilityIssue> issues;  ///< violated necessary conditions
  int streamNets = 0;
  int sharedNets = 0;  ///< nets that could use shared memory
  int intraTileNets = 0;
  /// Lower bound on the nets that must be packet-switched (DMA channels at the busiest tile).
  int minPacketNets = 0;
  /// False when some tile streams more nets than it has channels: routing with circuit
  /// switching only (plus shared memory) is impossible.
  bool circuitOnly = true;
  /// False when the stream-only nets outnumber the packet ids: routing every stream with
  /// packet switching only is impossible.
  bool packetOnly = true;
  /// One line explaining why neither single stream mode can work ("" when one can).
  std::string mixedReason;

  bool feasible() const { return issues.empty(); }
  /// A legal routing needs packet flows sharing DMA channels beside circuits and shared memory:
  /// some tile streams more nets than it has channels. AMD's router gives every object-FIFO end
  /// its own DMA channel in either global mode (MLIR-AIE's object FIFO lowering assigns one
  /// channel per end), so it cannot route such a placement (the paper's 7 of 202); with more
  /// stream nets than packet ids (packetOnly false) not even all-packet switching would.
  bool needsMixedModes() const { return !circuitOnly; }
};

/// The least number of packet-switched nets among `streams` nets sharing `channels` DMA
/// channels of F flows each (streams + 1 when even all-packet does not fit).
int minPacketNets(int streams, int channels, int flowsPerChannel);

/// Necessary routing conditions of a complete placement (see the model above). Cheap: linear
/// in the design size. Assumes the placement passed checkPlacement.
FeasibilityReport checkRoutingFeasibility(const Design& design, const Device& device, const Placement& placement);

}  // namespace ts::aie
