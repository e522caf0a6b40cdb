#pragma once
// A logical AIE design in np-flow netlist terms: logical cores, multicast nets between them,
// and links (join / distribute / copy through an intermediate core that share its buffer).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/device.h"

namespace ts::aie {

using CoreId = int;
using NetId = int;

enum class CoreKind { Compute, MemTile, Shim };
const char* toString(CoreKind kind);
/// The tile kind a logical core of this kind must be placed on.
TileKind tileKindFor(CoreKind kind);

struct LogicalCore {
  std::string name;
  CoreKind kind = CoreKind::Compute;
  int64_t bufferBytes = 0;       ///< kernel-local data memory besides net buffers (stack, weights)
  int64_t computeCycles = 0;     ///< cycles per object processed; 0 = unknown (for the estimate)
  std::optional<TileCoord> pin;  ///< hard placement constraint written in the design
  std::string group;             ///< layer / block the core belongs to ("" = none)
  /// A partial pin (MLIR's `logical_tile<CoreTile>(3, ?)`): the core must stay in this column
  /// or row; -1 = free. Only used when `pin` is not set.
  int pinColumn = -1;
  int pinRow = -1;
  int locks = 0;  ///< locks of its tile besides its nets' (an MLIR file's own aie.lock ops)

  bool partlyPinned() const { return !pin && (pinColumn >= 0 || pinRow >= 0); }
  /// Whether the core may sit on tile t: its pin, or its partial pin's column and row.
  bool allows(TileCoord t) const;
};

/// How a net's end meets its tile: through a DMA channel and a buffer (object FIFOs, flows on
/// `DMA` ports), or straight to the stream switch (core stream, trace and control ports, and a
/// switch's own North/South/East/West or PLIO ports), which takes no DMA channel and no buffer.
enum class PortKind { Dma, Stream };
const char* toString(PortKind kind);
/// The kind toString() names ("dma" or "stream"); nothing for any other text.
std::optional<PortKind> portKindNamed(const std::string& name);

/// One source, one or more targets; each DMA end holds its depth's buffers of bytesPerObject.
struct Net {
  std::string name;
  CoreId source = -1;
  std::vector<CoreId> targets;
  int64_t bytesPerObject = 0;
  int sourceDepth = 2;
  std::vector<int> targetDepths;  ///< one per target
  PortKind sourcePort = PortKind::Dma;
  std::vector<PortKind> targetPorts{};  ///< one per target, or empty when every target uses DMA
  /// The data must cross the stream network even between memory neighbours: MLIR's `aie.flow`
  /// and `aie.packet_flow` are stream-switch connections, and an object FIFO with
  /// `{via_DMA = true}` asks for DMA transfers. Its DMA ends still take channels and buffers.
  bool streamed = false;
  /// Objects of its buffer when it goes through shared memory; 0: as many as its deepest end.
  /// MLIR-AIE sizes a DMA end by the largest acquire of the core there and a shared buffer by
  /// the declared depth, so the two can differ.
  int sharedDepth = 0;

  /// Pin 0 is the source, pin i > 0 target i - 1.
  PortKind port(int pin) const {
    if (pin == 0) return sourcePort;
    return size_t(pin - 1) < targetPorts.size() ? targetPorts[size_t(pin - 1)] : PortKind::Dma;
  }
  bool usesDma(int pin) const { return port(pin) == PortKind::Dma; }
  /// Objects the end at `pin` holds when it uses DMA.
  int depth(int pin) const { return pin == 0 ? sourceDepth : targetDepths[size_t(pin - 1)]; }
  /// True when some end goes straight to a stream switch (so the net cannot use shared memory).
  bool hasStreamPort() const;
  /// Whether the net must be streamed (never shared memory): `streamed`, or a stream-port end.
  bool needsStream() const { return streamed || hasStreamPort(); }
  /// Objects a shared-memory buffer of the net holds: sharedDepth, or the deepest end's depth.
  int sharedObjects() const;
};

enum class LinkKind { Copy, Distribute, Join, JoinAndDistribute };
const char* toString(LinkKind kind);

/// Nets chained through an intermediate core: the inputs end at `via`, the outputs start there.
/// Several inputs join into the via's buffer and several outputs distribute it; a link may do
/// both (MLIR-AIE's `link [@a, @b] -> [@c, @d]`, a memory tile's two ways in and two out).
struct Link {
  std::vector<NetId> inputs;
  std::vector<NetId> outputs;
  LinkKind kind() const;
};

/// A cascade stream between two compute cores (AIE2: destination south or east of the source).
struct Cascade {
  CoreId from = -1;
  CoreId to = -1;
};

/// A compute core that uses another compute tile's memory (an MLIR-AIE aie.buffer or aie.lock of
/// that tile): the owner must sit on one of the memories the user's tile reaches (its own
/// neighbours, Device::memoriesReachableFrom). Placers keep it; the checker enforces it.
struct MemoryUse {
  CoreId user = -1;
  CoreId owner = -1;
};

/// Nets whose transfers never run at the same time: the host starts each only after the one
/// before has ended (MLIR-AIE: separate runtime sequences, or tasks awaited or freed before the
/// next starts). On a memory-tile or shim tile they may take turns on one DMA channel, as
/// MLIR-AIE's object FIFOs then share a shim channel by packet ids, so the placement checker
/// counts each group once among the channels a tile's merged endpoints need.
struct Turns {
  std::vector<NetId> nets;
};

/// A structural problem and the part of the design it concerns, so that a reader can name the
/// line that defined that part.
struct DesignProblem {
  enum class Part { Design, Core, Net, Link, Cascade, MemoryUse, Turns };
  Part part = Part::Design;
  int index = -1;  ///< core, net, link, cascade, memory-use or turns index
  std::string message;
};

class Design {
 public:
  std::string name;
  std::string device;  ///< preset name or path of the target device
  std::string description;
  std::vector<LogicalCore> cores;
  std::vector<Net> nets;
  std::vector<Link> links;
  std::vector<Cascade> cascades;
  std::vector<MemoryUse> memoryUses;
  std::vector<Turns> turns;

  int coreCount() const { return int(cores.size()); }
  int netCount() const { return int(nets.size()); }
  CoreId findCore(const std::string& name) const;  ///< -1 if absent
  NetId findNet(const std::string& name) const;    ///< -1 if absent
  int countCores(CoreKind kind) const;

  /// The core a link goes through (target of its inputs, source of its outputs), or -1.
  CoreId linkVia(const Link& link) const;
  /// True when a link chains net n through core c (n's buffer at c is the link's buffer).
  bool linkedAt(NetId n, CoreId c) const;
  /// Nets each core is an endpoint of (sources first).
  std::vector<std::vector<NetId>> netsByCore() const;
  /// Nets leaving / entering each core through a DMA channel (MM2S / S2MM); ends on a stream
  /// port take no channel and are not counted. A core that is a net's source and also a target
  /// is counted in both.
  std::vector<int> outgoingNetCount() const;
  std::vector<int> incomingNetCount() const;
  /// Per net, the index of the Turns group it is in, or -1.
  std::vector<int> turnsOf() const;
  /// Per core, its DMA ends in each Turns group (group -> ends): as a source (`out`) and as a
  /// target (`in`, a core once per net), as outgoingNetCount() and incomingNetCount() count them.
  struct TurnEnds {
    std::vector<std::map<int, int>> out, in;
  };
  TurnEnds turnEnds() const;

  /// Structural problems (dangling ids, duplicate names, numbers out of the ranges in
  /// limits.h, inconsistent or cyclic links, cascades a core cannot have); empty when sound.
  /// Linear in the size of the design.
  std::vector<DesignProblem> diagnose() const;
  /// The messages of diagnose().
  std::vector<std::string> problems() const;
};

}  // namespace ts::aie
