#pragma once
// One aie.device of an MLIR-AIE file read into a Design, op by op: the reader's state and its
// handlers (internal to the MLIR reader; mlir_import.h is the interface). The handlers live in
// mlir_import.cpp (the device, tiles, op dispatch and the finished design), those of object FIFOs
// in mlir_import_objectfifo.cpp, of flows in mlir_import_flows.cpp, of the memory a file declares
// (buffers, stacks) in mlir_import_memory.cpp, of the route form in mlir_import_routes.cpp, of
// broadcast packets and multicasts in mlir_import_fanout.cpp and of runtime sequences in
// mlir_import_sequences.cpp.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/aie/device.h"
#include "engine/aie/io/mlir_cursor.h"
#include "engine/aie/io/mlir_import.h"

namespace ts::aie::mlir {

// Flows carry no object size in MLIR (buffers are declared separately): this is what a flow is
// assumed to hold at each DMA end (README "MLIR-AIE files").
inline constexpr int64_t kFlowBytes = 1024;
inline constexpr int kFlowDepth = 2;

/// Imports one aie.device.
class ModuleImporter {
 public:
  enum class Body { None, Core, PacketFlow, FanOut, Sequence, Skip };

  ModuleImporter(const std::string& file, std::shared_ptr<const std::string> text, size_t sectionBegin,
                 const Device* deviceOverride = nullptr)
      : file_(file), text_(std::move(text)), deviceOverride_(deviceOverride) {
    source_.text = text_;
    source_.begin = sectionBegin;
  }

  /// `aie.device(name) [@symbol] [attributes] {`
  void start(const Statement& st, size_t opIndex);
  /// A module without an aie.device op (MLIR-AIE before it had one): the module body is the
  /// device's, on xcvc1902 unless a device is given.
  void startWithoutDeviceOp(int line);

  Body op(const Statement& st);
  void coreBody(const Statement& st) {
    noteBufferUses(st, 0);
    noteAcquire(st);
  }
  void packetBody(const Statement& st) { packetEndpoints(st, 0); }
  /// A statement inside aie.broadcast_packet or aie.multicast (mlir_import_fanout.cpp), from
  /// token `from`: its bp_id and bp_dest or multi_dest ops.
  void fanOutBody(const Statement& st, size_t from);
  void closeFanOut();
  void closeCore() { closedCore_ = openIsDma_ ? -1 : openCore_; }
  /// `} {attributes}` after a region: a core's `stack_size`.
  void afterRegion(const Statement& st);
  void readStackSize(Cursor& c, CoreId core);
  void closePacketFlow();
  /// A statement of a runtime sequence's body (mlir_import_sequences.cpp), and its end.
  void sequenceBody(const Statement& st);
  void closeSequence();
  MlirImport finish(const std::string& name);

  const std::string& deviceName() const { return deviceName_; }
  const std::string& symbol() const { return symbol_; }
  /// The device op had an empty body on its own line (`{ }`): nothing more comes.
  bool emptyBody() const { return emptyBody_; }

 private:
  CoreId tileValue(Cursor& c, const std::string& what) {
    Token at = c.peek();
    std::string name = c.value(what);
    auto it = tiles_.find(name);
    if (it == tiles_.end()) c.fail(at, "unknown tile value " + name + " (define it with aie.tile or aie.logical_tile)");
    return it->second;
  }
  void defineTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken, CoreKind kind,
                  std::optional<TileCoord> pin, int pinColumn, int pinRow);
  void addTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken);
  void addLogicalTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken);
  void addObjectFifo(Cursor& c, const std::vector<std::string>& results, bool legacy);
  void addLink(Cursor& c);
  /// Reads `memref<...>` at the cursor: the bytes of one object (`where` for the message). An
  /// object FIFO's type (`fifoType`) may be 2023's `memref<Nxmemref<...>>`: the inner memref's.
  int64_t memref(Cursor& c, const std::string& where, bool emptyAllowed = false, bool fifoType = false);
  void addBuffer(Cursor& c, const std::vector<std::string>& results);
  void addLock(Cursor& c, const std::vector<std::string>& results);
  void addFlow(Cursor& c);
  /// One stream from `src` to `dst` (checked ends of known tiles): a target of the net of flows
  /// from that source port.
  void addFlowEdge(const FlowEnd& src, const FlowEnd& dst);
  void startFanOut(Cursor& c, const Statement& st, bool multicast);
  // Runtime sequences (mlir_import_sequences.cpp): when each object FIFO's host transfers are
  // in flight, and from that the nets that take turns (Design::turns).
  void startSequence();
  void sequenceStart(const std::string& fifo);
  void sequenceEnd(const std::string& fifo, bool all);
  void addTurns();
  void finishFanOutPacket();
  // The route form (mlir_import_routes.cpp).
  void addRouteEndpoint(Cursor& c);
  void addPool(Cursor& c, const Statement& st);
  void addPoolEndpoint(Cursor& c, bool dma);
  void addRoute(Cursor& c);
  void resolveRoutes();
  void addPnrFlow(Cursor& c, bool packet);
  void readAttributes(Cursor& c, const std::function<bool(const std::string&, const Token&)>& read);
  void readHopPaths(Cursor& c, const Token& keyAt, NetId id, CoreId s,
                    const std::vector<std::pair<CoreId, Token>>& dests);
  /// Refuses a `Core` port on a tile that has no core (memory and shim tiles), and a DMA channel
  /// the tile does not have (`out`: an MM2S channel, else S2MM).
  void checkPortTile(const Cursor& c, const FlowEnd& e, CoreId tile, bool out) const;
  bool allocateFifo(Cursor& c);
  /// Each end of an object FIFO allocated to a delegate tile becomes a memory use of it.
  void addAllocationUses();
  /// `transport = #aie.transport<dma | shared_mem | stream, ends = ... | cascade, ...>`.
  void readTransport(Cursor& c, const std::string& name, Net& net, bool& cascade);
  /// Puts the producer's and/or the consumers' ends on their cores' stream ports (`at` for errors).
  void streamEnds(const Cursor& c, const Token& at, const std::string& name, Net& net, bool producer, bool consumers);
  void addCascade(Cursor& c);
  void startPacketFlow(Cursor& c, const Statement& st);
  void packetEndpoints(const Statement& st, size_t from);
  void noteBufferUses(const Statement& st, size_t from);
  /// `aie.objectfifo.acquire @name(Port, N)` in a core body: the core's largest acquire.
  void noteAcquire(const Statement& st);
  /// MLIR-AIE's object FIFO lowering gives a DMA end on a compute tile its core's largest
  /// acquire + 1 objects, not the declared depth (which stays the shared-memory buffer's).
  void sizeEndsByAcquires();
  /// aie.buffer bytes and core stacks as memory of their tiles (Core::bufferBytes).
  void chargeDeclaredMemory();
  /// aie.lock ops of compute and memory tiles as locks of their tiles (Core::locks).
  void chargeDeclaredLocks();
  /// visit(net, pin, core) for each DMA end of a flow or route net (whose buffer and locks are
  /// assumed, not declared by an object FIFO).
  template <typename Visit>
  void forEachFlowDmaEnd(Visit visit) const;
  /// Adds `bytes` of declared memory (a buffer, a pool) to `tile`.
  void declare(CoreId tile, int64_t bytes);
  /// A net of flows or routes (not an object FIFO): its DMA ends' buffers are assumed (kFlowBytes)
  /// or a pool's, and the file may declare them as aie.buffers too.
  bool flowNet(const Net& n) const { return !fifos_.count(n.name); }
  void skip(const std::string& op) {
    auto [it, fresh] = skipped_.emplace(op, 0);
    if (fresh) skipOrder_.push_back(op);
    ++it->second;
  }
  /// A generated (flow) net name no object FIFO or other flow has.
  std::string uniqueNetName(const std::string& name) {
    auto fresh = [&](const std::string& n) { return !fifos_.count(n) && netNames_.insert(n).second; };
    if (fresh(name)) return name;
    for (int k = 2;; ++k)
      if (fresh(name + "_" + std::to_string(k))) return name + "_" + std::to_string(k);
  }
  NetId addNet(Net net) {
    design_.nets.push_back(std::move(net));
    partAt_[{DesignProblem::Part::Net, design_.netCount() - 1}] = opAt_;
    return design_.netCount() - 1;
  }
  TileCoord pinnedTile(CoreId c) const {
    const auto& pin = design_.cores[c].pin;
    return pin ? *pin : Placement::kUnplaced;
  }

  const std::string& file_;
  std::shared_ptr<const std::string> text_;
  const Device* deviceOverride_;
  std::string deviceName_, symbol_;
  bool emptyBody_ = false;
  int line_ = 0;
  Device device_;
  Design design_;
  MlirSource source_;
  std::unordered_map<std::string, CoreId> tiles_;
  std::unordered_map<std::string, int> tileLines_;
  std::unordered_map<std::string, CoreId> buffers_;  // aie.buffer and aie.lock values: their tile
  std::unordered_set<std::string> locks_;            // which of those are locks
  std::map<CoreId, int64_t> declaredBytes_;          // aie.buffer and pool bytes per tile
  std::map<CoreId, int> declaredLocks_;              // aie.lock ops per tile
  int declaredBuffers_ = 0, declaredPools_ = 0;
  bool unsizedFlows_ = false;  // some flow or route net holds kFlowBytes objects, an assumption
  // The route form: endpoints (route_endpoint, or a pool's DMA or core endpoint) and pools.
  struct RouteEnd {
    std::string name;
    CoreId tile = -1;
    std::string bundle;
    int64_t channel = 0;
    PortKind port = PortKind::Dma;
    std::string pool;    // a pool's endpoint: the pool
    bool fills = false;  // a pool's endpoint that receives data into it (else drains it)
    bool core = false;   // a core endpoint: the core's own access, not a port
    Token at, poolAt;
  };
  struct PendingRoute {
    Statement statement;
    size_t index;  // of the token after `aie.route`
    std::string op;
  };
  std::vector<PendingRoute> routes_;  // resolved by resolveRoutes() once every symbol is known
  std::unordered_map<std::string, RouteEnd> routeEnds_;
  struct Pool {
    CoreId tile = -1;
    int depth = 0;
    int64_t bytes = 0;
  };
  std::unordered_map<std::string, Pool> pools_;
  int packetRoutes_ = 0, sharedChannelEnds_ = 0;
  RouteEnd endpointOn(Cursor& c);
  void defineRouteEnd(const Cursor& c, RouteEnd end);
  void addRouteNet(const RouteEnd& src, const std::vector<const RouteEnd*>& dests);
  std::map<CoreId, int64_t> stacks_;  // tiles with an aie.core: its stack_size
  CoreId closedCore_ = -1;
  Token opAt_;  // the op being read: where its nets, links and cascades come from
  std::map<std::pair<DesignProblem::Part, int>, Token>
      partAt_;  // for the design's problems            // the core whose region just closed (its attributes may follow)
  std::unordered_map<std::string, NetId> fifos_;
  std::unordered_map<std::string, std::string> fifoValues_;  // legacy createObjectFifo: %value -> name
  int dmaOnlyFifos_ = 0;                       // FIFOs streamed because MLIR-AIE would never share memory for them
  std::vector<std::string> singleDepthFifos_;  // declared with one depth, not [p, c...]
  std::map<std::pair<std::string, CoreId>, int> acquires_;  // (FIFO, core) -> its largest acquire
  // Object FIFOs from a tile to itself: no net, their buffers count as local memory of the tile
  // or of the delegate an aie.objectfifo.allocate names.
  struct LocalFifo {
    CoreId owner;
    int64_t bytes;
  };
  std::unordered_map<std::string, LocalFifo> localFifos_;
  struct Allocation {  // aie.objectfifo.allocate of an object FIFO between tiles
    NetId net;
    CoreId delegate;
    Token at;
  };
  std::vector<Allocation> allocations_;
  std::unordered_set<std::string> cascadeFifos_;  // transport = #aie.transport<cascade>: cascades
  std::map<std::string, int> packetPorts_;        // "%tile DMA : ch out|in" -> packet flows using it
  std::unordered_map<std::string, NetId> flowNets_;
  std::unordered_set<std::string> netNames_;
  std::map<std::string, int> skipped_;
  std::vector<std::string> skipOrder_;
  std::vector<std::string> notes_;
  std::vector<GivenPath> givenPaths_;
  CoreId openCore_ = -1;
  bool openIsDma_ = false;  // the open body is a DMA program (aie.mem, ...), not a core
  // The aie.broadcast_packet (packet flows, one per bp_id) or aie.multicast (one circuit net)
  // whose body is being read.
  struct FanOut {
    bool multicast = false;
    FlowEnd source;
    Token at;
    int packets = 0;          // bp_ids closed so far
    bool packetOpen = false;  // a bp_id's packet_ waits for its destinations
    int destinations = 0;     // multi_dests so far
  } fanOut_;
  // The packet flow whose body is being read.
  struct PacketFlow {
    int64_t id = 0;
    Token at;
    std::vector<FlowEnd> sources, dests;
  } packet_;
  // The runtime sequence being read: its events so far, per FIFO its transfers in flight and
  // since which event, and its task values' FIFOs.
  struct Sequence {
    int index = 0, event = 0;
    std::map<std::string, int> open, since;
    std::map<std::string, std::string> tasks;
  } sequence_;
  int sequences_ = 0;
  struct InFlight {
    int sequence, from, to;  // events from <= e < to of that sequence
  };
  std::map<std::string, std::vector<InFlight>> inFlight_;  // per FIFO name
  struct SharedBuffer {
    CoreId owner, user;
    bool dma;  // used by the user's DMA program, not its core
    std::string buffer;
    Token at;
  };
  std::vector<SharedBuffer> shared_;
  std::set<std::tuple<CoreId, CoreId, bool>> sharedSeen_;
};

}  // namespace ts::aie::mlir
