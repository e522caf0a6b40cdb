#include "engine/aie/io/mlir_import.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "engine/aie/device_library.h"
#include "engine/aie/io/mlir_module_importer.h"
#include "engine/aie/io/mlir_scanner.h"
#include "engine/aie/limits.h"
#include "engine/core/atomic_file.h"

namespace ts::aie {

namespace {

using mlir::Statement;
using mlir::Token;
using mlir::TokenKind;

/// What a skipped device-level op is, for the one warning per kind.
std::string skipReason(const std::string& op) {
  static const std::string kOneTile =
      "no data crosses a link between tiles (the design model has no net inside one tile, so the DMA channels "
      "its ends may take there are not counted)";
  static const std::map<std::string, std::string> reasons = {
      {"aie.switchbox", "hand-routed connections are not imported"},
      {"aie.shim_mux", "hand-routed connections are not imported"},
      {"aie.wire", "hand-routed connections are not imported"},
      {"aie.mem", "DMA programs (buffer descriptors) are not imported"},
      {"aie.memtile_dma", "DMA programs (buffer descriptors) are not imported"},
      {"aie.shim_dma", "DMA programs (buffer descriptors) are not imported"},
      {"aie.shim_dma_allocation", "shim DMA channel assignments are not imported"},
      {"aie.objectfifo.allocate", "buffer allocation hints are not imported"},
      {"aie.objectfifo.register_external_buffers", "external buffers are not imported"},
      {"aie.objectfifo.registerExternalBuffers", "external buffers are not imported"},
      {"aie.external_buffer", "external buffers are not imported"},
      {"aie.flow inside one tile", kOneTile},
      {"aie.packet_flow inside one tile", kOneTile},
      {"aie.route inside one tile", kOneTile},
      {"aie.objectfifo.segment", "a pool's segments do not change its size"},
      {"aie.flow via route", "fixed switch routes are not imported (the router routes the flow)"},
      {"aie.objectfifo inside one tile",
       "no data moves between tiles; its buffers count as memory of that tile (or of the tile "
       "aie.objectfifo.allocate names)"},
      {"func.func", "host code and kernel declarations do not change placement"},
      {"memref.global", "host buffer declarations do not change placement"},
  };
  auto it = reasons.find(op);
  if (it != reasons.end()) return it->second;
  if (op.rfind("aiex.", 0) == 0) return "host-side (aiex) ops do not change placement";
  if (op.rfind("aie.", 0) == 0) return "not known to TileStudio's importer";
  return "not part of the placement problem";
}

}  // namespace

namespace mlir {

void ModuleImporter::start(const Statement& st, size_t opIndex) {
  Cursor c(st, opIndex + 1, "aie.device", file_);
  line_ = st.tokens[opIndex].line;
  c.expect('(', "after aie.device");
  Token nameAt = c.peek();
  deviceName_ = c.word("a device name (e.g. npu2)");
  c.expect(')', "after the device name");
  if (c.peek().kind == TokenKind::Symbol) symbol_ = "@" + c.symbol("device name");
  if (deviceOverride_) {
    device_ = *deviceOverride_;
    if (deviceName_ != device_.name())
      notes_.push_back("the file's device '" + deviceName_ + "' is replaced by '" + device_.name() + "' (--device)");
  } else
    try {
      // npu and ipu: MLIR-AIE's older names of npu1.
      device_ = loadDevice(deviceName_ == "npu" || deviceName_ == "ipu" ? "npu1" : deviceName_);
    } catch (const core::Error& e) {
      // MLIR-AIE's lit tests write NPUDEVICE and let the test runner substitute the machine's NPU.
      const bool placeholder = std::all_of(deviceName_.begin(), deviceName_.end(), [](char ch) {
        return std::isupper(static_cast<unsigned char>(ch)) || ch == '_';
      });
      if (placeholder)
        c.fail(nameAt, "'" + deviceName_ +
                           "' is a placeholder that MLIR-AIE's tests replace before they run: write the device "
                           "instead, or give it with --device (e.g. npu1 or npu2)");
      c.fail(nameAt, e.what());
    }
  if (st.opensRegion) return;
  // `aie.device(npu2) @empty { }`: a device with nothing in it, on one line.
  emptyBody_ = c.accept('{') && c.accept('}') && c.atEnd();
  if (!emptyBody_) c.failHere("expected '{' and the device body on the following lines");
}

void ModuleImporter::startWithoutDeviceOp(int line) {
  // Before aie.device existed, MLIR-AIE put the ops in the module and took the VC1902 array.
  line_ = line;
  deviceName_ = "xcvc1902";
  device_ = deviceOverride_ ? *deviceOverride_ : loadDevice(deviceName_);
  notes_.push_back("no aie.device op: the ops in the module are one design on " + device_.name() +
                   (deviceOverride_ ? " (--device)"
                                    : ", the array MLIR-AIE took before it had aie.device (--device gives another)"));
}

ModuleImporter::Body ModuleImporter::op(const Statement& st) {
  closedCore_ = -1;
  std::vector<std::string> results;
  size_t k = 0;
  if (!st.tokens.empty() && st.tokens[0].kind == TokenKind::Value) {
    while (k < st.tokens.size() && st.tokens[k].kind == TokenKind::Value) {
      results.emplace_back(st.tokens[k].text);
      ++k;
      if (k < st.tokens.size() && st.tokens[k].is(':')) k += 2;  // %0:2 = ...
      if (k < st.tokens.size() && st.tokens[k].is(',')) ++k;
    }
    if (k >= st.tokens.size() || !st.tokens[k].is('=')) {
      const Token& at = k < st.tokens.size() ? st.tokens[k] : st.tokens.back();
      throw core::InputError(file_, at.line, at.column, "expected '=' after the results of an op");
    }
    ++k;
  }
  if (k >= st.tokens.size()) return st.opensRegion ? Body::Skip : Body::None;
  const Token& opToken = st.tokens[k];
  opAt_ = opToken;
  if (opToken.kind == TokenKind::String) {
    std::string name(opToken.text.substr(1, opToken.text.size() - 2));
    if (normalizeOp(name).rfind("aie", 0) == 0)
      throw core::InputError(file_, opToken.line, opToken.column,
                             "generic-form op \"" + name +
                                 "\" is not supported: print the file in MLIR's custom form (without "
                                 "--mlir-print-op-generic)");
    skip(name);
    return st.opensRegion ? Body::Skip : Body::None;
  }
  if (opToken.kind != TokenKind::Identifier) return st.opensRegion ? Body::Skip : Body::None;  // e.g. ^bb0:
  const std::string op = normalizeOp(opToken.text);
  Cursor c(st, k + 1, op, file_);
  if (op == "aie.tile") {
    addTile(c, results, opToken);
  } else if (op == "aie.logical_tile") {
    addLogicalTile(c, results, opToken);
  } else if (op == "aie.objectfifo" || op == "aie.objectfifo.createObjectFifo") {
    addObjectFifo(c, results, op != "aie.objectfifo");
  } else if (op == "aie.objectfifo.link") {
    addLink(c);
  } else if (op == "aie.flow") {
    addFlow(c);
  } else if (op == "aie.pnr_flow" || op == "aie.pnr_pktflow") {
    addPnrFlow(c, op == "aie.pnr_pktflow");
  } else if (op == "aie.cascade_flow") {
    addCascade(c);
  } else if (op == "aie.packet_flow") {
    startPacketFlow(c, st);
    if (st.opensRegion) return Body::PacketFlow;
    closePacketFlow();
    return Body::None;
  } else if (op == "aie.broadcast_packet" || op == "aiex.broadcast_packet" || op == "aie.multicast" ||
             op == "aiex.multicast") {
    startFanOut(c, st, op.substr(op.find('.') + 1) == "multicast");
    if (st.opensRegion) return Body::FanOut;
    closeFanOut();
    return Body::None;
  } else if (op == "aie.runtime_sequence" || op == "aiex.runtime_sequence") {
    if (!st.opensRegion) return Body::None;
    startSequence();
    return Body::Sequence;
  } else if (op == "aie.core") {
    c.expect('(', "after aie.core");
    openCore_ = tileValue(c, "the core's tile");
    openIsDma_ = false;
    c.expect(')', "after the core's tile");
    if (design_.cores[openCore_].kind == CoreKind::Compute) stacks_[openCore_] = kMlirDefaultStackBytes;
    noteBufferUses(st, c.index());
    if (!st.opensRegion && c.peek().is('{')) {  // aie.core(%t) { aie.end } {attributes} on one line
      c.skipGroup();
      if (c.peek().is('{') && stacks_.count(openCore_)) readStackSize(c, openCore_);
    }
    return st.opensRegion ? Body::Core : Body::None;
  } else if (op == "aie.buffer") {
    addBuffer(c, results);
  } else if (op == "aie.lock") {
    addLock(c, results);
  } else if (op == "aie.route_endpoint" || op == "aie.objectfifo.dangling_endpoint") {
    addRouteEndpoint(c);
  } else if (op == "aie.objectfifo.pool") {
    addPool(c, st);
  } else if (op == "aie.objectfifo.dma_endpoint" || op == "aie.objectfifo.core_endpoint") {
    addPoolEndpoint(c, op == "aie.objectfifo.dma_endpoint");
  } else if (op == "aie.route" || op == "aie.objectfifo.flow") {  // the latter: an earlier spelling
    routes_.push_back({st, c.index(), op});
  } else if (op == "aie.end") {
    return Body::None;
  } else if (op == "aie.objectfifo.allocate" && allocateFifo(c)) {
    return Body::None;
  } else if (op == "aie.device") {
    c.fail(opToken, "an aie.device inside another aie.device");
  } else {
    skip(op);
    // A DMA program may read other tiles' buffers and locks too (a memory tile's neighbours'):
    // its body is checked like a core's.
    if ((op == "aie.mem" || op == "aie.memtile_dma" || op == "aie.shim_dma") && st.opensRegion && c.accept('(')) {
      openCore_ = tileValue(c, "the DMA's tile");
      openIsDma_ = true;
      return Body::Core;
    }
  }
  return st.opensRegion ? Body::Skip : Body::None;
}

void ModuleImporter::defineTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken, CoreKind kind,
                                std::optional<TileCoord> pin, int pinColumn, int pinRow) {
  if (results.size() != 1) c.fail(opToken, "a tile op must define one value (%name = ...)");
  const std::string& name = results.front();
  auto seen = tileLines_.find(name);
  if (seen != tileLines_.end())
    c.fail(opToken, name + " is defined twice (first on line " + std::to_string(seen->second) + ")");
  tileLines_[name] = opToken.line;
  LogicalCore core;
  core.name = name.substr(1);
  core.kind = kind;
  core.pin = pin;
  core.pinColumn = pinColumn;
  core.pinRow = pinRow;
  tiles_[name] = design_.coreCount();
  design_.cores.push_back(core);
  partAt_[{DesignProblem::Part::Core, design_.coreCount() - 1}] = opToken;
  MlirTileOp span;
  span.begin = opToken.offset;
  span.end = c.peek().offset;  // just past the closing ')' (set by the caller's cursor position)
  span.dialect = std::string(opToken.text.substr(0, opToken.text.find('.')));
  source_.tileOps.push_back(span);
}

void ModuleImporter::addTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken) {
  c.expect('(', "after aie.tile");
  const int64_t col = c.integer("column", 0, device_.columns() - 1);
  c.expect(',', "between column and row");
  const int64_t row = c.integer("row", 0, device_.rows() - 1);
  Token close = c.expect(')', "after the row");
  TileCoord t{int(col), int(row)};
  CoreKind kind = device_.kind(t) == TileKind::Compute ? CoreKind::Compute
                  : device_.kind(t) == TileKind::Mem   ? CoreKind::MemTile
                                                       : CoreKind::Shim;
  defineTile(c, results, opToken, kind, t, -1, -1);
  source_.tileOps.back().end = close.offset + 1;
}

void ModuleImporter::addLogicalTile(Cursor& c, const std::vector<std::string>& results, const Token& opToken) {
  c.expect('<', "after aie.logical_tile");
  Token kindAt = c.peek();
  std::string k = c.word("a tile kind (CoreTile, MemTile, ShimNOCTile, ShimPLTile)");
  c.expect('>', "after the tile kind");
  CoreKind kind;
  TileKind tileKind;
  if (k == "CoreTile")
    kind = CoreKind::Compute, tileKind = TileKind::Compute;
  else if (k == "MemTile")
    kind = CoreKind::MemTile, tileKind = TileKind::Mem;
  else if (k == "ShimNOCTile" || k == "ShimPLTile")
    kind = CoreKind::Shim, tileKind = TileKind::Shim;
  else
    c.fail(kindAt, "unknown tile kind '" + k + "' (expected CoreTile, MemTile, ShimNOCTile or ShimPLTile)");
  const bool pl = k == "ShimPLTile";
  // Which tiles of the device are of this kind (NOC shims have DMA, PL shims do not).
  auto isKind = [&](TileCoord t) {
    if (device_.kind(t) != tileKind) return false;
    return tileKind != TileKind::Shim || device_.shimHasDma(t.col) != pl;
  };
  c.expect('(', "after the tile kind");
  Token colAt = c.peek();
  int col = c.accept('?') ? -1 : int(c.integer("column", 0, device_.columns() - 1));
  c.expect(',', "between column and row");
  Token rowAt = c.peek();
  int row = c.accept('?') ? -1 : int(c.integer("row", 0, device_.rows() - 1));
  Token close = c.expect(')', "after the row");
  std::vector<TileCoord> fits;
  for (int cc = 0; cc < device_.columns(); ++cc)
    for (int rr = 0; rr < device_.rows(); ++rr)
      if ((col < 0 || cc == col) && (row < 0 || rr == row) && isKind({cc, rr})) fits.push_back({cc, rr});
  if (fits.empty()) {
    std::string where = col >= 0 && row >= 0 ? " at (" + std::to_string(col) + ", " + std::to_string(row) + ")"
                        : col >= 0           ? " in column " + std::to_string(col)
                        : row >= 0           ? " in row " + std::to_string(row)
                                             : "";
    c.fail(col >= 0 ? colAt : row >= 0 ? rowAt : kindAt, device_.name() + " has no " + k + where);
  }
  if (pl && col < 0)
    c.fail(kindAt, "an unplaced ShimPLTile is not supported (PL shim tiles have no DMA): give its column");
  // A coordinate that leaves a single tile of this kind is a full pin.
  std::optional<TileCoord> pin;
  if (fits.size() == 1 && (col >= 0 || row >= 0)) {
    pin = fits.front();
    col = row = -1;
  }
  defineTile(c, results, opToken, kind, pin, col, row);
  source_.tileOps.back().end = close.offset + 1;
}

void ModuleImporter::addObjectFifo(Cursor& c, const std::vector<std::string>& results, bool legacy) {
  // `aie.objectfifo @name (...)`, or MLIR-AIE's 2021-23 `%name = AIE.objectFifo.createObjectFifo(...)`
  // (legacy), whose value the core bodies name and whose sym_name, if any, names the net.
  Token nameAt = legacy ? opAt_ : c.peek();
  std::string name, label;
  if (legacy) {
    if (results.size() != 1)
      c.fail(opAt_, "expected one result, the object FIFO's value (%name = ...createObjectFifo(...))");
    label = results[0];
    name = label.substr(1);
  } else {
    name = c.symbol("the object FIFO's name");
    label = "@" + name;
  }
  auto defined = [&](const std::string& n) {
    return fifos_.count(n) || localFifos_.count(n) || cascadeFifos_.count(n);
  };
  if (defined(name) || fifoValues_.count(label)) c.fail(nameAt, "object FIFO " + label + " is defined twice");
  bool reshaped = false;      // a data-layout clause with dimensions, which only a DMA applies
  auto layoutClauses = [&] {  // dimensionsToStream [...], fromStream [...], ...: kept by export verbatim
    while (c.peek().kind == TokenKind::Identifier) {
      c.take();
      if (c.peek().is('[')) {
        const size_t open = c.index();
        c.skipGroup();
        reshaped = reshaped || c.index() > open + 2;  // more than "[]"
      }
    }
  };
  Net net;
  c.expect('(', legacy ? "after createObjectFifo" : "after the object FIFO's name");
  net.source = tileValue(c, "the producer tile");
  layoutClauses();
  c.expect(',', "after the producer");
  // The legacy form may give its one consumer without braces.
  const bool braced = legacy ? c.accept('{') : (c.expect('{', "before the consumer tiles"), true);
  std::vector<std::pair<CoreId, Token>> consumers;
  do {
    Token at = c.peek();
    CoreId t = tileValue(c, "a consumer tile");
    if (std::find(net.targets.begin(), net.targets.end(), t) != net.targets.end())
      c.fail(at, "object FIFO " + label + ": consumer " + std::string(at.text) + " is listed twice");
    net.targets.push_back(t);
    consumers.push_back({t, at});
    layoutClauses();
  } while (braced && c.accept(','));
  if (braced) c.expect('}', "after the consumer tiles");
  // The producer as its only consumer is a FIFO inside one tile (MLIR-AIE allows it).
  const bool local = net.targets.size() == 1 && net.targets[0] == net.source;
  for (const auto& [t, at] : consumers)
    if (t == net.source && !local)
      c.fail(at, "object FIFO " + label + ": the producer is also one of several consumers");
  c.expect(',', "before the depth");
  std::vector<int> depths;
  auto depth = [&] {
    depths.push_back(int(c.integer("depth", 1, limits::kMaxDepth)));
    if (c.accept(':')) c.word("an integer type (e.g. i32)");
  };
  Token depthAt = c.peek();
  if (c.accept('[')) {
    do depth();
    while (c.accept(','));
    c.expect(']', "after the depths");
  } else {
    depth();
  }
  const bool singleDepth = depths.size() == 1;
  if (singleDepth) depths.assign(net.targets.size() + 1, depths[0]);
  if (depths.size() != net.targets.size() + 1)
    c.fail(depthAt, "object FIFO " + label + ": expected one depth or " + std::to_string(net.targets.size() + 1) +
                        " (producer first, then one per consumer), got " + std::to_string(depths.size()));
  net.sourceDepth = depths[0];
  net.targetDepths.assign(depths.begin() + 1, depths.end());
  if (c.peek().is(',')) {
    const Token comma = c.take();
    const Token clause = c.peek();
    if (clause.is("toStream") || clause.is("fromStream"))
      c.fail(clause, "object FIFO " + label + ": the " + std::string(clause.text) +
                         " clause after the depth is MLIR-AIE's 2023 form of a data-layout change, which the importer "
                         "does not read (write the dimensions after each tile, as MLIR-AIE has since 2024)");
    c.fail(comma, "expected ')' after the depth, found ','");
  }
  c.expect(')', "after the depth");
  const NetId id = design_.netCount();  // what addNet below returns
  bool cascade = false;                 // transport = #aie.transport<cascade>
  bool repeated = false;                // repeat_count = N: the producer's DMA sends each object N times
  if (c.peek().is('{'))
    readAttributes(c, [&](const std::string& key, const Token& keyAt) {
      if (legacy && key == "sym_name") {
        const Token v = c.take();
        if (v.kind != TokenKind::String || v.text.size() < 3)
          c.fail(v, "sym_name: expected the object FIFO's name as a non-empty string");
        name = std::string(v.text.substr(1, v.text.size() - 2));
        if (defined(name)) c.fail(v, "object FIFO @" + name + " is defined twice");
        return true;
      }
      if (key == "via_DMA") {
        net.streamed = c.boolean(key);
        return true;
      }
      if (key == "transport") {
        readTransport(c, name, net, cascade);
        return true;
      }
      if (key == "plio") {  // the shim end is a PL stream port, not a shim DMA
        if (c.boolean(key)) {
          if (net.targetPorts.empty()) net.targetPorts.assign(net.targets.size(), PortKind::Dma);
          if (design_.cores[net.source].kind == CoreKind::Shim) net.sourcePort = PortKind::Stream;
          for (size_t i = 0; i < net.targets.size(); ++i)
            if (design_.cores[net.targets[i]].kind == CoreKind::Shim) net.targetPorts[i] = PortKind::Stream;
        }
        return true;
      }
      if (key == "repeat_count") {
        repeated = true;
        return false;  // the count itself changes no resource the design model counts
      }
      if (key == "aie_stream") {  // which end is a core's stream port: 0 producer, 1 consumers, 2 both
        Token v = c.peek();
        const int64_t ends = c.integer("aie_stream", 0, 2);
        if (c.accept(':')) c.word("an integer type (e.g. i32)");
        streamEnds(c, v, name, net, ends != 1, ends != 0);
        return true;
      }
      if (key != "hop_tile_ids") return false;
      if (local) c.fail(keyAt, "object FIFO " + label + " stays inside one tile: it has no hops");
      readHopPaths(c, keyAt, id, net.source, consumers);
      return true;
    });
  c.expect(':', "before the object FIFO's type");
  // !aie.objectfifo<memref<...>>, or the older !AIE.objectFifo<memref<...>> and bare memref<...>;
  // its object size in bytes.
  auto objectBytes = [&] {
    Token typeAt = c.peek();
    const bool wrapped = typeAt.kind == TokenKind::Type && normalizeOp(typeAt.text.substr(1)) == "aie.objectfifo";
    const bool bare = typeAt.kind == TokenKind::Identifier && typeAt.text == "memref";
    if (!wrapped && !bare)
      c.fail(typeAt, "expected the type !aie.objectfifo<memref<...>>, found " + quoteToken(typeAt));
    if (wrapped) {
      c.take();
      c.expect('<', "after " + std::string(typeAt.text));
    }
    const int64_t bytes = memref(c, "inside !aie.objectfifo<...>", false, bare);
    if (wrapped) c.expect('>', "after !aie.objectfifo<memref<...>");
    return bytes;
  };
  net.bytesPerObject = objectBytes();
  const bool asymmetric = c.peek().is("->");
  if (asymmetric) {
    // Asymmetric types (producer -> consumers): one object size per net, the larger, so that
    // no end's memory is undercounted.
    Token arrow = c.take();
    const int64_t consumerBytes = objectBytes();
    if (consumerBytes != net.bytesPerObject) {
      notes_.push_back("object FIFO " + label + " (line " + std::to_string(arrow.line) +
                       "): the producer's objects are " + std::to_string(net.bytesPerObject) +
                       " bytes and the consumers' " + std::to_string(consumerBytes) + "; every end is sized " +
                       std::to_string(std::max(net.bytesPerObject, consumerBytes)));
      net.bytesPerObject = std::max(net.bytesPerObject, consumerBytes);
    }
  }
  net.name = name;
  if (legacy) fifoValues_[label] = name;
  if (local) {
    localFifos_[name] = {net.source, int64_t(net.sharedObjects()) * net.bytesPerObject};
    skip("aie.objectfifo inside one tile");
    return;
  }
  if (cascade) {  // a cascade stream between two cores, not a net
    design_.cascades.push_back({net.source, net.targets.front()});
    partAt_[{DesignProblem::Part::Cascade, int(design_.cascades.size()) - 1}] = opAt_;
    cascadeFifos_.insert(name);
    return;
  }
  // A data-layout change, a repeat count and a change of object type are done by the DMAs, so
  // such a FIFO never shares memory (MLIR-AIE's lowering always splits it). Several consumers
  // alone may share the producer's memory, as the PnR paper's lowering does (upstream MLIR-AIE
  // streams them).
  if (!net.streamed && (reshaped || repeated || asymmetric)) {
    net.streamed = true;
    ++dmaOnlyFifos_;
  }
  fifos_[name] = addNet(net);
  if (singleDepth) singleDepthFifos_.push_back(name);
}

void ModuleImporter::addLink(Cursor& c) {
  Link link;
  auto names = [&](std::vector<NetId>& into, const char* side) {
    c.expect('[', std::string("before the ") + side + " object FIFOs");
    if (!c.peek().is(']')) do {
        Token at = c.peek();
        std::string name = c.symbol("an object FIFO");
        auto f = fifos_.find(name);
        if (localFifos_.count(name))
          c.fail(at, "object FIFO @" + name + " stays inside one tile: a link through it is not supported");
        if (cascadeFifos_.count(name))
          c.fail(at, "object FIFO @" + name + " is a cascade: a link through it is not supported");
        if (f == fifos_.end()) c.fail(at, "unknown object FIFO @" + name + " (declare it before the link)");
        into.push_back(f->second);
      } while (c.accept(','));
    c.expect(']', std::string("after the ") + side + " object FIFOs");
  };
  Token at = c.peek();
  names(link.inputs, "input");
  if (!c.peek().is("->")) c.failHere("expected '->' between the input and output lists, found " + quoteToken(c.peek()));
  c.take();
  names(link.outputs, "output");
  if (link.inputs.empty() || link.outputs.empty()) c.fail(at, "a link needs at least one input and one output");
  const CoreId via = design_.nets[link.outputs.front()].source;
  for (NetId n : link.outputs)
    if (design_.nets[n].source != via) c.fail(at, "the output object FIFOs must all be produced by the same tile");
  for (NetId n : link.inputs) {
    const auto& t = design_.nets[n].targets;
    if (std::find(t.begin(), t.end(), via) == t.end())
      c.fail(at, "input object FIFO @" + design_.nets[n].name + " is not consumed by %" + design_.cores[via].name +
                     ", which produces the outputs");
  }
  if (design_.cores[via].kind == CoreKind::Shim) c.fail(at, "a link cannot go through a shim tile");
  design_.links.push_back(link);
  partAt_[{DesignProblem::Part::Link, int(design_.links.size()) - 1}] = opAt_;
}

void ModuleImporter::addFlow(Cursor& c) {
  c.expect('(', "after aie.flow");
  FlowEnd src = flowEnd(c, "source");
  c.expect(',', "between source and destination");
  FlowEnd dst = flowEnd(c, "destination");
  c.expect(')', "after the destination");
  CoreId s = tiles_.count(src.tile) ? tiles_[src.tile] : -1, d = tiles_.count(dst.tile) ? tiles_[dst.tile] : -1;
  if (s < 0) c.fail(src.at, "unknown tile value " + src.tile);
  if (d < 0) c.fail(dst.at, "unknown tile value " + dst.tile);
  checkPortTile(c, src, s, true);
  checkPortTile(c, dst, d, false);
  if (c.acceptWord("via")) skip("aie.flow via route");  // `via (%t : DMA : 0 -> North : 4, ...)`
  addFlowEdge(src, dst);
}

void ModuleImporter::addFlowEdge(const FlowEnd& src, const FlowEnd& dst) {
  // Flows from one source port are one net (a stream the switches fork).
  const CoreId s = tiles_.at(src.tile), d = tiles_.at(dst.tile);
  if (s == d) {
    skip("aie.flow inside one tile");
    return;
  }
  std::string key = src.tile + "|" + src.bundle + "|" + std::to_string(src.channel);
  auto it = flowNets_.find(key);
  if (it == flowNets_.end()) {
    Net net;
    net.name = uniqueNetName("flow_" + src.tile.substr(1) + "_" + src.bundle + std::to_string(src.channel));
    net.source = s;
    net.sourcePort = src.port;
    net.streamed = true;  // a flow is a stream-switch connection, even between neighbours
    net.bytesPerObject = kFlowBytes;
    unsizedFlows_ = true;
    net.sourceDepth = kFlowDepth;
    it = flowNets_.emplace(key, addNet(net)).first;
  }
  Net& net = design_.nets[it->second];
  if (std::find(net.targets.begin(), net.targets.end(), d) != net.targets.end()) return;  // same stream again
  net.targets.push_back(d);
  net.targetDepths.push_back(kFlowDepth);
  net.targetPorts.push_back(dst.port);
}

void ModuleImporter::addPnrFlow(Cursor& c, bool packet) {
  // aie.pnr_flow(%src, DMA : 0, {%d1, ...}, DMA : [0, ...]) and the packet-switched
  // aie.pnr_pktflow(..., packet_id : N) of the PnR paper's fork.
  const std::string op = packet ? "aie.pnr_pktflow" : "aie.pnr_flow";
  c.expect('(', "after " + op);
  FlowEnd src = flowEnd(c, "source");
  CoreId s = tiles_.count(src.tile) ? tiles_[src.tile] : -1;
  if (s < 0) c.fail(src.at, "unknown tile value " + src.tile);
  checkPortTile(c, src, s, true);
  c.expect(',', "after the source channel");
  c.expect('{', "before the destination tiles");
  std::vector<std::pair<CoreId, Token>> dests;
  do {
    Token at = c.peek();
    CoreId d = tileValue(c, "a destination tile");
    if (d == s) c.fail(at, "a destination is the source tile itself");
    for (const auto& [prev, prevAt] : dests)
      if (prev == d) c.fail(at, "destination " + std::string(at.text) + " is listed twice");
    dests.push_back({d, at});
  } while (c.accept(','));
  c.expect('}', "after the destination tiles");
  c.expect(',', "before the destination port");
  Token bundleAt = c.peek();
  std::string bundle = c.bundle("destination port (e.g. DMA)");
  PortKind dstPort = portKindOf(c, bundleAt, bundle);
  c.expect(':', "between port and channels");
  c.expect('[', "before the destination channels");
  std::vector<int64_t> channels;
  do channels.push_back(c.integer("destination channel", 0, kMaxChannel));
  while (c.accept(','));
  c.expect(']', "after the destination channels");
  if (channels.size() != dests.size())
    c.fail(bundleAt, "expected one destination channel per destination (" + std::to_string(dests.size()) + "), got " +
                         std::to_string(channels.size()));
  for (size_t k = 0; k < dests.size(); ++k)
    checkPortTile(c, FlowEnd{std::string(dests[k].second.text), bundle, channels[k], dstPort, dests[k].second},
                  dests[k].first, false);
  if (packet) {
    c.expect(',', "before packet_id");
    Token idAt = c.peek();
    if (!c.acceptWord("packet_id")) c.fail(idAt, "expected packet_id : N, found " + quoteToken(idAt));
    c.expect(':', "after packet_id");
    c.integer("packet id", 0, kMaxPacketId);
  }
  c.expect(')', packet ? "after the packet id" : "after the destination channels");

  Net net;
  net.name = uniqueNetName((packet ? "pnr_pktflow_" : "pnr_flow_") + src.tile.substr(1) + "_" + src.bundle +
                           std::to_string(src.channel));
  net.source = s;
  net.sourcePort = src.port;
  net.streamed = true;
  net.bytesPerObject = kFlowBytes;
  unsizedFlows_ = true;
  net.sourceDepth = kFlowDepth;
  for (const auto& [d, at] : dests) {
    net.targets.push_back(d);
    net.targetDepths.push_back(kFlowDepth);
    net.targetPorts.push_back(dstPort);
  }
  const NetId id = addNet(net);
  if (!c.peek().is('{')) return;
  readAttributes(c, [&](const std::string& key, const Token& keyAt) {
    if (key != "hop_tile_ids") return false;
    readHopPaths(c, keyAt, id, s, dests);
    return true;
  });
}

void ModuleImporter::readAttributes(Cursor& c, const std::function<bool(const std::string&, const Token&)>& read) {
  // {name = value, unit_attribute, ...}: `read` takes the values it knows; others are skipped.
  c.expect('{', "before the attributes");
  while (!c.atEnd() && !c.peek().is('}')) {
    Token keyAt = c.peek();
    std::string key = c.word("an attribute name");
    if (!c.accept('=')) {  // a unit attribute
      c.accept(',');
      continue;
    }
    if (!read(key, keyAt))
      while (!c.atEnd() && !c.peek().is(',') && !c.peek().is('}')) c.peekOpen() ? c.skipGroup() : (void)c.take();
    c.accept(',');
  }
  c.expect('}', "after the attributes");
}

void ModuleImporter::readHopPaths(Cursor& c, const Token& keyAt, NetId id, CoreId s,
                                  const std::vector<std::pair<CoreId, Token>>& dests) {
  // hop_tile_ids = [[[c, r], ...], ...]: one path of tiles per destination, source first.
  c.expect('[', "before the hop lists");
  size_t path = 0;
  do {
    Token pathAt = c.peek();
    if (path >= dests.size())
      c.fail(pathAt, "hop_tile_ids has more paths than there are destinations (" + std::to_string(dests.size()) + ")");
    GivenPath given{id, dests[path].first, {}};
    c.expect('[', "before a path of [col, row] hops");
    do {
      Token hopAt = c.peek();
      c.expect('[', "before a [col, row] hop");
      int col = int(c.integer("hop column", 0, device_.columns() - 1));
      c.expect(',', "between hop column and row");
      int row = int(c.integer("hop row", 0, device_.rows() - 1));
      c.expect(']', "after a hop");
      TileCoord t{col, row};
      if (!given.hops.empty()) {
        TileCoord p = given.hops.back();
        if (std::abs(p.col - t.col) + std::abs(p.row - t.row) != 1)
          c.fail(hopAt, "hop_tile_ids path " + std::to_string(path + 1) + ": " + core::toString(p) + " -> " +
                            core::toString(t) + " is not a step to a neighbouring tile");
      }
      given.hops.push_back(t);
    } while (c.accept(','));
    c.expect(']', "after a path");
    for (CoreId end : {s, dests[path].first})
      if (!design_.cores[end].pin)
        c.fail(pathAt, "hop_tile_ids needs placed tiles at both ends, but %" + design_.cores[end].name +
                           " is a logical tile");
    TileCoord from = pinnedTile(s), to = pinnedTile(dests[path].first);
    if (given.hops.front() != from || given.hops.back() != to)
      c.fail(pathAt, "hop_tile_ids path " + std::to_string(path + 1) + " must run from the source " +
                         core::toString(from) + " to its destination " + core::toString(to));
    givenPaths_.push_back(std::move(given));
    ++path;
  } while (c.accept(','));
  c.expect(']', "after the hop lists");
  if (path != dests.size())
    c.fail(keyAt,
           "hop_tile_ids gives " + std::to_string(path) + " paths for " + std::to_string(dests.size()) + " destinations");
}

void ModuleImporter::checkPortTile(const Cursor& c, const FlowEnd& e, CoreId tile, bool out) const {
  const CoreKind kind = design_.cores[tile].kind;
  const char* kindName = kind == CoreKind::Compute ? "compute" : kind == CoreKind::MemTile ? "memory" : "shim";
  if (e.bundle == "Core" && kind != CoreKind::Compute)
    c.fail(e.at, e.tile + " is a " + kindName + " tile, which has no Core port (only compute tiles have one)");
  const int corePorts = device_.coreStreamPorts(out);  // 0: not known, not limited
  if (e.bundle == "Core" && corePorts > 0 && e.channel >= corePorts)
    c.fail(e.at, e.tile + ": Core channel " + std::to_string(e.channel) + " does not exist (a core on " +
                     device_.name() + " has " + std::to_string(corePorts) + " stream port" + (corePorts > 1 ? "s" : "") +
                     (out ? " out" : " in") + ")");
  if (e.port != PortKind::Dma) return;
  const TileResources& r = device_.resourcesOf(tileKindFor(kind));
  const int have = out ? r.dmaOut : r.dmaIn;
  if (have > 0 && e.channel >= have)
    c.fail(e.at, e.tile + ": DMA channel " + std::to_string(e.channel) + " does not exist (a " + kindName + " tile on " +
                     device_.name() + " has " + std::to_string(have) + (out ? " MM2S" : " S2MM") + " channels, 0.." +
                     std::to_string(have - 1) + ")");
}

bool ModuleImporter::allocateFifo(Cursor& c) {
  // aie.objectfifo.allocate @name(%delegate): the object FIFO keeps its buffers in the delegate's
  // memory. One inside one tile: that memory holds them. One between tiles: every end shares L1
  // with the delegate, so each is a memory use of it (finish()). Returns false for a FIFO not
  // declared above (the op is then skipped as a hint).
  if (c.peek().kind != TokenKind::Symbol) return false;
  size_t start = c.index();
  const Token nameAt = c.peek();
  const std::string name = c.symbol("the object FIFO");
  auto local = localFifos_.find(name);
  auto fifo = fifos_.find(name);
  if (local == localFifos_.end() && fifo == fifos_.end()) {
    c.seek(start);
    return false;
  }
  c.expect('(', "before the delegate tile");
  const CoreId delegate = tileValue(c, "the delegate tile");
  if (c.peek().is(',')) {  // the PnR paper's fork lists a tile per end: its own placement hint
    c.seek(start);
    return false;
  }
  c.expect(')', "after the delegate tile");
  if (local != localFifos_.end())
    local->second.owner = delegate;
  else
    allocations_.push_back({fifo->second, delegate, nameAt});
  return true;
}

void ModuleImporter::addAllocationUses() {
  // MLIR-AIE's lowering gives an end that cannot reach the delegate's memory its own buffers
  // (DMA), as for any object FIFO, so such ends (placed out of reach, or not compute tiles) are
  // counted, not refused; its placer steers the movable ones within reach: memory uses.
  int fallBack = 0;
  for (const Allocation& a : allocations_) {
    const Net& net = design_.nets[size_t(a.net)];
    const LogicalCore& delegate = design_.cores[size_t(a.delegate)];
    std::vector<CoreId> ends{net.source};
    ends.insert(ends.end(), net.targets.begin(), net.targets.end());
    for (CoreId e : ends) {
      if (e == a.delegate) continue;
      const LogicalCore& end = design_.cores[size_t(e)];
      bool reachable = end.kind == CoreKind::Compute && delegate.kind == CoreKind::Compute;
      if (reachable && end.pin && delegate.pin) reachable = device_.reachesMemory(*end.pin, *delegate.pin);
      if (!reachable) {
        ++fallBack;
        continue;
      }
      if (!sharedSeen_.insert({a.delegate, e, false}).second) continue;  // already a memory use
      shared_.push_back({a.delegate, e, false, "@" + net.name, a.at});
    }
  }
  if (allocations_.empty()) return;
  notes_.push_back(std::to_string(allocations_.size()) +
                   " aie.objectfifo.allocate(s) between tiles keep each end within reach of the delegate's memory "
                   "(memory uses); where the buffers go is left to the router (a memory all ends reach, or DMA)" +
                   (fallBack ? "; " + std::to_string(fallBack) +
                                   " end(s) placed out of its reach or not on a compute tile keep their own buffers, "
                                   "as MLIR-AIE lowers them"
                             : std::string()));
}

void ModuleImporter::readTransport(Cursor& c, const std::string& name, Net& net, bool& cascade) {
  Token at = c.peek();
  const bool named = at.kind == TokenKind::Attribute && at.text == "#aie.transport";
  if (named) c.take();
  if (!named || !c.peek().is('<')) c.fail(at, "transport: expected #aie.transport<...>, found " + quoteToken(at));
  const size_t open = c.index(), close = c.matching(open);
  c.seek(open + 1);
  Token modeAt = c.peek();
  const std::string mode = c.word("a transport (dma, shared_mem, stream or cascade)");
  std::string ends = "both";
  while (c.index() < close) {
    if (c.acceptWord("ends")) {
      c.expect('=', "after ends");
      ends = c.word("producer, consumer or both");
    } else {
      c.take();  // packet = ..., port = ...: the router chooses packets and ports
    }
  }
  c.seek(close + 1);
  if (mode == "dma") {
    net.streamed = true;
  } else if (mode == "stream") {
    if (ends != "producer" && ends != "consumer" && ends != "both")
      c.fail(modeAt, "transport stream: ends must be producer, consumer or both, got '" + ends + "'");
    streamEnds(c, modeAt, name, net, ends != "consumer", ends != "producer");
  } else if (mode == "cascade") {
    if (net.targets.size() != 1 || net.targets[0] == net.source)
      c.fail(modeAt, "object FIFO @" + name + ": a cascade transport joins one core to another");
    for (CoreId end : {net.source, net.targets[0]})
      if (design_.cores[end].kind != CoreKind::Compute)
        c.fail(modeAt, "object FIFO @" + name + ": a cascade transport needs compute tiles, %" +
                           design_.cores[end].name + " is not one");
    cascade = true;
  } else if (mode != "shared_mem" && mode != "auto") {
    c.fail(modeAt, "transport: unknown mode '" + mode + "' (expected dma, shared_mem, stream or cascade)");
  }
}

void ModuleImporter::streamEnds(const Cursor& c, const Token& at, const std::string& name, Net& net, bool producer,
                                bool consumers) {
  if (producer) net.sourcePort = PortKind::Stream;
  if (consumers) net.targetPorts.assign(net.targets.size(), PortKind::Stream);
  for (int pin = producer ? 0 : 1; pin <= (consumers ? int(net.targets.size()) : 0); ++pin) {
    const CoreId end = pin == 0 ? net.source : net.targets[size_t(pin - 1)];
    if (design_.cores[end].kind != CoreKind::Compute)
      c.fail(at, "object FIFO @" + name + ": a stream end on the core stream port of %" + design_.cores[end].name +
                     ", which is not a compute tile");
  }
}

void ModuleImporter::addCascade(Cursor& c) {
  c.expect('(', "after aie.cascade_flow");
  Token fromAt = c.peek();
  CoreId from = tileValue(c, "the cascade's source tile");
  c.expect(',', "between the cascade's tiles");
  Token toAt = c.peek();
  CoreId to = tileValue(c, "the cascade's destination tile");
  c.expect(')', "after the cascade's tiles");
  for (auto [core, at] : {std::pair{from, fromAt}, std::pair{to, toAt}})
    if (design_.cores[core].kind != CoreKind::Compute)
      c.fail(at, std::string(at.text) + " is a " + toString(design_.cores[core].kind) +
                     " tile: cascades join compute tiles");
  if (from == to) c.fail(fromAt, "a cascade from a tile to itself");
  design_.cascades.push_back({from, to});
  partAt_[{DesignProblem::Part::Cascade, int(design_.cascades.size()) - 1}] = opAt_;
}

void ModuleImporter::startPacketFlow(Cursor& c, const Statement& st) {
  packet_ = {};
  packet_.at = st.tokens.front();
  c.expect('(', "after aie.packet_flow");
  packet_.id = c.integer("packet id", 0, kMaxPacketId);
  // `(8 mask 28)` or `(8, mask = 28)`: the ids it also matches.
  if (c.accept(',')) {
    Token maskAt = c.peek();
    if (!c.acceptWord("mask")) c.fail(maskAt, "expected 'mask = N' after the packet id, found " + quoteToken(maskAt));
    c.expect('=', "after mask");
    c.integer("packet id mask", 0, kMaxPacketId);
  } else if (c.acceptWord("mask")) {
    c.integer("packet id mask", 0, kMaxPacketId);
  }
  c.expect(')', "after the packet id");
  packetEndpoints(st, c.index());
}

void ModuleImporter::packetEndpoints(const Statement& st, size_t from) {
  for (size_t k = from; k < st.tokens.size(); ++k) {
    const Token& t = st.tokens[k];
    if (t.kind != TokenKind::Identifier) continue;
    std::string op = normalizeOp(t.text);
    if (op != "aie.packet_source" && op != "aie.packet_dest") continue;
    Cursor c(st, k + 1, op, file_);
    c.expect('<', "after " + op);
    FlowEnd e = flowEnd(c, op == "aie.packet_source" ? "source" : "destination");
    if (!tiles_.count(e.tile)) c.fail(e.at, "unknown tile value " + e.tile);
    checkPortTile(c, e, tiles_[e.tile], op == "aie.packet_source");
    c.expect('>', "after the channel");
    (op == "aie.packet_source" ? packet_.sources : packet_.dests).push_back(e);
    k = c.index() - 1;
  }
}

void ModuleImporter::closePacketFlow() {
  const std::string id = std::to_string(packet_.id);
  if (packet_.sources.empty() || packet_.dests.empty())
    throw core::InputError(file_, packet_.at.line, packet_.at.column,
                           "aie.packet_flow(" + id + "): needs at least one aie.packet_source and one aie.packet_dest");
  // Ports several packet flows use (MLIR-AIE time-shares their DMA channel), said in finish().
  for (const auto* ends : {&packet_.sources, &packet_.dests})
    for (const FlowEnd& e : *ends)
      if (e.port == PortKind::Dma)
        ++packetPorts_[e.tile + " DMA : " + std::to_string(e.channel) + (ends == &packet_.sources ? " out" : " in")];
  // Several sources with one id merge onto the same destinations: one net per source.
  for (const FlowEnd& src : packet_.sources) {
    Net net;
    net.name = "packet_" + id;
    net.source = tiles_[src.tile];
    net.sourcePort = src.port;
    net.streamed = true;
    net.bytesPerObject = kFlowBytes;
    unsizedFlows_ = true;
    net.sourceDepth = kFlowDepth;
    for (const FlowEnd& d : packet_.dests) {
      CoreId t = tiles_[d.tile];
      if (t == net.source || std::find(net.targets.begin(), net.targets.end(), t) != net.targets.end()) continue;
      net.targets.push_back(t);
      net.targetDepths.push_back(kFlowDepth);
      net.targetPorts.push_back(d.port);
    }
    if (net.targets.empty()) {
      skip("aie.packet_flow inside one tile");
      continue;
    }
    net.name = uniqueNetName(net.name);
    addNet(net);
  }
}

void ModuleImporter::noteBufferUses(const Statement& st, size_t from) {
  if (openCore_ < 0 || buffers_.empty()) return;
  for (size_t k = from; k < st.tokens.size(); ++k) {
    const Token& t = st.tokens[k];
    if (t.kind != TokenKind::Value) continue;
    auto b = buffers_.find(std::string(t.text));
    if (b == buffers_.end() || b->second == openCore_) continue;
    if (sharedSeen_.insert({b->second, openCore_, openIsDma_}).second)
      shared_.push_back({b->second, openCore_, openIsDma_, b->first, t});
  }
}

namespace {

/// How many values `%a, %b:2 = op` defines (here 3), at most limits::kMaxDepth.
int resultCount(const Statement& st, size_t opIndex) {
  int count = 0;
  for (size_t i = 0; i < opIndex && count < limits::kMaxDepth; ++i) {
    if (st.tokens[i].kind != TokenKind::Value) continue;
    const bool grouped = i + 2 < opIndex && st.tokens[i + 1].is(':') && st.tokens[i + 2].kind == TokenKind::Integer;
    const std::string_view n = grouped ? st.tokens[i + 2].text : "1";
    count += n.size() > 2 || n.find_first_not_of("0123456789") != std::string_view::npos ? limits::kMaxDepth
                                                                                          : std::stoi(std::string(n));
  }
  return std::min(count, limits::kMaxDepth);
}

}  // namespace

void ModuleImporter::noteAcquire(const Statement& st) {
  if (openCore_ < 0) return;
  const size_t k = opTokenIndex(st);
  if (k >= st.tokens.size() || st.tokens[k].kind != TokenKind::Identifier) return;
  const std::string op = normalizeOp(st.tokens[k].text);
  if (op != "aie.objectfifo.acquire") return;
  Cursor c(st, k + 1, op, file_);
  int n = std::max(resultCount(st, k), 1);
  std::string fifo;  // the acquires' key: the FIFO's @name, or a legacy FIFO's %value (it may be declared later)
  if (c.peek().kind == TokenKind::Symbol) {
    fifo = c.symbol("the object FIFO's name");
    // `@of(Port, N)`, `@of (N)`, or (newer) `%a, %b = ... @of(Port)` and `@of : type`, whose
    // results count the objects.
    if (c.accept('(')) {
      if (c.peek().kind == TokenKind::Identifier) {  // Produce or Consume
        c.take();
        if (!c.peek().is(')')) c.expect(',', "after the port");
      }
      // One object fewer than the most a FIFO holds: MLIR-AIE adds one to the largest acquire.
      if (!c.peek().is(')')) n = int(c.integer("the number of objects acquired", 1, limits::kMaxDepth - 1));
    }
  } else {
    // The legacy form: `acquire<Produce>(%of : type, N)` or `acquire{port = "produce"}(%of : type, N)`.
    if (c.peek().is('<') || c.peek().is('{')) c.skipGroup();
    c.expect('(', "before the object FIFO");
    fifo = c.value("the object FIFO");
    if (c.accept(':'))
      while (!c.atEnd() && !c.peek().is(',') && !c.peek().is(')')) c.peekOpen() ? c.skipGroup() : (void)c.take();
    c.expect(',', "before the number of objects acquired");
    n = int(c.integer("the number of objects acquired", 1, limits::kMaxDepth - 1));
  }
  n = std::min(n, limits::kMaxDepth - 1);
  int& largest = acquires_[{fifo, openCore_}];
  largest = std::max(largest, n);
}

void ModuleImporter::sizeEndsByAcquires() {
  int resized = 0;
  std::string example;
  std::unordered_map<std::string, std::string> valueOf;  // legacy FIFOs: name -> %value, the acquires' key
  for (const auto& [value, name] : fifoValues_) valueOf[name] = value;
  for (const std::string& name : singleDepthFifos_) {
    Net& net = design_.nets[size_t(fifos_.at(name))];
    const auto legacy = valueOf.find(name);
    const std::string& key = legacy == valueOf.end() ? name : legacy->second;
    const int declared = net.sourceDepth;
    for (size_t pin = 0; pin <= net.targets.size(); ++pin) {
      const CoreId core = pin == 0 ? net.source : net.targets[pin - 1];
      auto a = acquires_.find({key, core});
      if (a == acquires_.end() || design_.cores[size_t(core)].kind != CoreKind::Compute) continue;
      const int objects = a->second == 1 && declared == 1 ? 1 : a->second + 1;
      int& depth = pin == 0 ? net.sourceDepth : net.targetDepths[pin - 1];
      if (objects == depth) continue;
      if (++resized == 1)
        example = (legacy == valueOf.end() ? "@" + name : key) + " at %" + design_.cores[size_t(core)].name + ": " +
                  std::to_string(objects) + " instead of " + std::to_string(declared);
      depth = objects;
    }
    if (net.sharedObjects() != declared) net.sharedDepth = declared;
  }
  if (resized > 0)
    notes_.push_back(std::to_string(resized) +
                     " object FIFO end(s) on compute tiles hold their core's largest acquire + 1 objects when "
                     "they use DMA, as MLIR-AIE lowers them, not the declared depth (e.g. " +
                     example + "); a shared-memory buffer keeps the declared depth");
}

MlirImport ModuleImporter::finish(const std::string& name) {
  // A core that reads another tile's aie.buffer or aie.lock needs that tile's memory within its
  // reach: a memory use, which the placers keep (placed tiles are checked here, with the op's
  // position). DMA programs reaching a neighbour's memory are not modelled.
  addAllocationUses();
  for (const SharedBuffer& s : shared_) {
    const LogicalCore& owner = design_.cores[s.owner];
    const LogicalCore& user = design_.cores[s.user];
    auto where = [&](const LogicalCore& core) { return "%" + core.name; };
    const std::string what = locks_.count(s.buffer) ? "lock" : "buffer";
    if (s.dma) {
      // The file's placement keeps a DMA program's reach; moving either tile could break it.
      if (!owner.pin || !user.pin)
        throw core::InputError(file_, s.at.line, s.at.column,
                               "the DMA program of " + where(user) + " uses " + s.buffer + ", a " + what + " of tile " +
                                   where(owner) +
                                   ": both tiles must be placed (aie.tile), because "
                                   "TileStudio does not model a DMA's access to another tile's memory");
      continue;
    }
    if (owner.kind != CoreKind::Compute)
      throw core::InputError(file_, s.at.line, s.at.column,
                             "the core of " + where(user) + " uses " + s.buffer + ", a " + what + " of " +
                                 toString(owner.kind) + " tile " + where(owner) +
                                 ": a core reaches only compute tiles' memories");
    design_.memoryUses.push_back({s.user, s.owner});
    partAt_[{DesignProblem::Part::MemoryUse, int(design_.memoryUses.size()) - 1}] = s.at;
    if (!owner.pin || !user.pin) continue;
    if (!device_.reachesMemory(*user.pin, *owner.pin))
      throw core::InputError(file_, s.at.line, s.at.column,
                             "the core of " + where(user) + " at " + core::toString(*user.pin) + " uses " + s.buffer +
                                 " of tile " + where(owner) + " at " + core::toString(*owner.pin) +
                                 ", which is not one of its memory-affinity neighbours");
  }
  for (const auto& [fifo, local] : localFifos_) design_.cores[local.owner].bufferBytes += local.bytes;
  resolveRoutes();
  chargeDeclaredMemory();
  chargeDeclaredLocks();
  sizeEndsByAcquires();
  addTurns();
  if (dmaOnlyFifos_ > 0)
    notes_.push_back(std::to_string(dmaOnlyFifos_) +
                     " object FIFO(s) with a data-layout change, a repeat count or two object types always use "
                     "DMA, which does these: never shared memory, even between neighbours");
  design_.name = name;
  design_.device = device_.name();
  // A problem of the design names the op that made the part it concerns (else the device op).
  for (const DesignProblem& p : design_.diagnose()) {
    auto at = partAt_.find({p.part, p.index});
    if (at != partAt_.end()) throw core::InputError(file_, at->second.line, at->second.column, p.message);
    throw core::InputError(file_, line_, 0, p.message);
  }
  MlirImport out;
  out.placement = Placement::fromDesignPins(design_);
  for (const std::string& op : skipOrder_)
    out.warnings.push_back("skipped " + std::to_string(skipped_[op]) + " " + op + ": " + skipReason(op));
  out.warnings.insert(out.warnings.end(), notes_.begin(), notes_.end());
  // The design model gives every net its own DMA channels; the router shares one only where it
  // packet-switches. Say where the file shares them, so that a difference is not silent.
  int sharedPorts = 0;
  std::string example;
  for (const auto& [port, flows] : packetPorts_)
    if (flows > 1 && ++sharedPorts == 1) example = port + " by " + std::to_string(flows) + " flows";
  if (sharedPorts > 0)
    out.warnings.push_back("packet flows share a DMA channel at " + std::to_string(sharedPorts) + " port(s) (e.g. " +
                           example + "): each flow is a net of its own, and the router decides which share a channel");
  if (unsizedFlows_)
    out.warnings.push_back(
        "flows (and routes without a pool) carry no object size: each of their DMA ends is "
        "assumed to hold " +
        std::to_string(kFlowDepth) + " x " + std::to_string(kFlowBytes) + " bytes");
  if (packetRoutes_ > 0)
    out.warnings.push_back(std::to_string(packetRoutes_) +
                           " packet-switched aie.route(s): each is a net of its own, and the router decides which "
                           "share a DMA channel");
  if (sharedChannelEnds_ > 0)
    out.warnings.push_back(std::to_string(sharedChannelEnds_) +
                           " route endpoint(s) ask to share a DMA channel (sharesChannel): the router decides which "
                           "share one");
  out.source = source_;
  out.givenPaths = std::move(givenPaths_);
  out.design = std::move(design_);
  return out;
}

}  // namespace mlir

namespace {

using mlir::ModuleImporter;
using mlir::normalizeOp;
using mlir::opTokenIndex;

/// Walks a file's statements, one ModuleImporter per aie.device.
class FileImporter {
 public:
  FileImporter(std::shared_ptr<const std::string> text, const std::string& file, const Device* device)
      : file_(file), text_(std::move(text)), deviceOverride_(device) {}

  std::vector<MlirModule> run();

 private:
  enum class Kind { Module, Device, Core, PacketFlow, FanOut, FanOutInner, Sequence, Skip };
  struct Owner {
    int bodyDepth;  ///< statements at this depth or deeper are inside it
    Kind kind;
  };

  void startDevice(const Statement& st, size_t opIndex);
  void startWithoutDeviceOp(const Statement& st);
  void deviceStatement(const Statement& st);
  void close(const Owner& o);
  void fail(const core::InputError& e) {
    modules_.back().error = e;
    failed_ = true;
  }

  const std::string& file_;
  std::shared_ptr<const std::string> text_;
  std::vector<Owner> owners_;
  std::vector<MlirModule> modules_;
  std::vector<size_t> sectionOf_;    // module -> its `// -----` section
  std::vector<size_t> sectionEnds_;  // section -> where it ends
  std::unique_ptr<ModuleImporter> device_;
  const Device* deviceOverride_;  // replaces each module's device when given
  bool failed_ = false;  // the current device had an error: skip the rest of it
  std::string moduleSymbol_;
  size_t sectionBegin_ = 0;
  // Ops of the current section outside every aie.device (memref.global, func.func, ...), in
  // order of first appearance, reported once per kind to the section's modules.
  std::map<std::string, int> outside_;
  std::vector<std::string> outsideOrder_;
};

void FileImporter::startDevice(const Statement& st, size_t opIndex) {
  MlirModule m;
  m.line = st.tokens[opIndex].line;
  m.title = moduleSymbol_;
  modules_.push_back(m);
  sectionOf_.push_back(sectionEnds_.size());
  device_ = std::make_unique<ModuleImporter>(file_, text_, sectionBegin_, deviceOverride_);
  failed_ = false;
  try {
    device_->start(st, opIndex);
  } catch (const core::InputError& e) {
    fail(e);
  }
  modules_.back().device = device_->deviceName();
  if (!device_->symbol().empty()) modules_.back().title = device_->symbol();
  if (device_->emptyBody())
    close({st.depth + 1, Kind::Device});  // no region to wait for
  else
    owners_.push_back({st.depth + 1, Kind::Device});
}

void FileImporter::startWithoutDeviceOp(const Statement& st) {
  MlirModule m;
  m.line = st.tokens.front().line;
  m.title = moduleSymbol_;
  modules_.push_back(m);
  sectionOf_.push_back(sectionEnds_.size());
  device_ = std::make_unique<ModuleImporter>(file_, text_, sectionBegin_, deviceOverride_);
  failed_ = false;
  device_->startWithoutDeviceOp(m.line);
  modules_.back().device = device_->deviceName();
  owners_.push_back({st.depth, Kind::Device});  // the rest of the module body is its body
}

void FileImporter::deviceStatement(const Statement& st) {
  const Kind top = owners_.back().kind;
  Kind body = Kind::Skip;
  if (!failed_) try {
      if (top == Kind::Device && st.afterClose) {
        device_->afterRegion(st);
      } else if (top == Kind::Device) {
        ModuleImporter::Body b = device_->op(st);
        body = b == ModuleImporter::Body::Core         ? Kind::Core
               : b == ModuleImporter::Body::PacketFlow ? Kind::PacketFlow
               : b == ModuleImporter::Body::FanOut     ? Kind::FanOut
               : b == ModuleImporter::Body::Sequence   ? Kind::Sequence
                                                       : Kind::Skip;
      } else if (top == Kind::Core) {
        device_->coreBody(st);
        body = Kind::Core;  // nested regions of a core body still belong to it
      } else if (top == Kind::Sequence) {
        device_->sequenceBody(st);  // regions inside it (a task's BDs) are skipped
      } else if (top == Kind::PacketFlow) {
        device_->packetBody(st);
      } else if (top == Kind::FanOut || top == Kind::FanOutInner) {
        device_->fanOutBody(st, 0);
        body = Kind::FanOutInner;  // a bp_id's region: its bp_dests still belong to the op
      }
    } catch (const core::InputError& e) {
      fail(e);
    }
  if (st.opensRegion) owners_.push_back({st.depth + 1, body});
}

void FileImporter::close(const Owner& o) {
  if (o.kind == Kind::Module) moduleSymbol_.clear();
  if (!device_) return;
  if ((o.kind == Kind::PacketFlow || o.kind == Kind::FanOut) && !failed_) try {
      o.kind == Kind::PacketFlow ? device_->closePacketFlow() : device_->closeFanOut();
    } catch (const core::InputError& e) {
      fail(e);
    }
  if (o.kind == Kind::Core) device_->closeCore();
  if (o.kind == Kind::Sequence && !failed_) device_->closeSequence();
  if (o.kind != Kind::Device) return;
  MlirModule& m = modules_.back();
  if (!failed_) try {
      const std::string& title = m.title;
      m.imported = device_->finish(title.empty() ? std::filesystem::path(file_).stem().string() : title.substr(1));
    } catch (const core::InputError& e) {
      m.error = e;
    }
  device_.reset();
  failed_ = false;
}

std::vector<MlirModule> FileImporter::run() {
  mlir::StatementReader reader(*text_, file_);
  Statement st;
  auto closeAll = [&](size_t sectionEnd) {
    while (!owners_.empty()) {
      Owner o = owners_.back();
      owners_.pop_back();
      close(o);
    }
    for (size_t i = 0; i < modules_.size(); ++i)
      if (sectionOf_[i] == sectionEnds_.size() && modules_[i].imported)
        for (const std::string& op : outsideOrder_)
          modules_[i].imported->warnings.push_back("skipped " + std::to_string(outside_[op]) + " " + op +
                                                   " outside aie.device: " + skipReason(op));
    outside_.clear();
    outsideOrder_.clear();
    sectionEnds_.push_back(sectionEnd);
  };
  while (reader.next(st)) {
    if (st.split) {
      // The marker line belongs to neither section.
      size_t markerStart = text_->rfind('\n', st.end - 1);
      closeAll(markerStart == std::string::npos ? 0 : markerStart + 1);
      sectionBegin_ = st.end < text_->size() ? st.end + 1 : st.end;
      continue;
    }
    while (!owners_.empty() && owners_.back().bodyDepth > st.depth) {
      Owner o = owners_.back();
      owners_.pop_back();
      close(o);
    }
    if (st.tokens.empty()) continue;
    if (device_) {
      deviceStatement(st);
      continue;
    }
    const size_t opIndex = opTokenIndex(st);
    const std::string op = opIndex < st.tokens.size() ? normalizeOp(st.tokens[opIndex].text) : "";
    if (!st.afterClose && op == "aie.device") {
      startDevice(st, opIndex);
      continue;
    }
    if (!st.afterClose && (op == "module" || op == "builtin.module")) {
      if (opIndex + 1 < st.tokens.size() && st.tokens[opIndex + 1].kind == TokenKind::Symbol)
        moduleSymbol_ = std::string(st.tokens[opIndex + 1].text);
      if (st.opensRegion) owners_.push_back({st.depth + 1, Kind::Module});
      continue;
    }
    // A tile op in the module itself: a file from before aie.device existed.
    if (!st.afterClose && (op == "aie.tile" || op == "aie.logical_tile") &&
        (owners_.empty() || owners_.back().kind == Kind::Module)) {
      startWithoutDeviceOp(st);
      deviceStatement(st);
      continue;
    }
    // Another op at module level (not inside a skipped region): said once per kind.
    if (!st.afterClose && !op.empty() && (owners_.empty() || owners_.back().kind == Kind::Module)) {
      auto [it, fresh] = outside_.emplace(op, 0);
      if (fresh) outsideOrder_.push_back(op);
      ++it->second;
    }
    if (st.opensRegion) owners_.push_back({st.depth + 1, Kind::Skip});
  }
  closeAll(text_->size());
  if (modules_.empty()) throw core::InputError(file_, 1, 1, "no aie.device(...) found: not an MLIR-AIE design");
  std::map<std::string, int> titles;
  for (const MlirModule& m : modules_) ++titles[m.title];
  for (size_t i = 0; i < modules_.size(); ++i) {
    MlirModule& m = modules_[i];
    if (m.imported) m.imported->source.end = sectionEnds_[sectionOf_[i]];
    if (m.title.empty() || titles[m.title] > 1) {
      // Unnamed (or same-named) modules of one file get distinct design names; listings number
      // the modules, so an unnamed one is just "unnamed" (not "module 1 module 1").
      m.title = m.title.empty() ? "unnamed" : m.title + " #" + std::to_string(i + 1);
      if (m.imported && modules_.size() > 1) m.imported->design.name += "_" + std::to_string(i + 1);
    }
  }
  return modules_;
}

}  // namespace

std::vector<MlirModule> parseMlirModules(const std::string& text, const std::string& file, const Device* device) {
  return FileImporter(std::make_shared<const std::string>(text), file, device).run();
}

std::vector<MlirModule> loadMlirModules(const std::string& path, const Device* device) {
  // The text is read into the buffer exports keep: no second copy of a large file.
  return FileImporter(std::make_shared<const std::string>(core::readFile(path)), path, device).run();
}

std::string describeMlirModules(const std::vector<MlirModule>& modules) {
  std::string out;
  for (size_t i = 0; i < modules.size(); ++i)
    out += (i ? ", " : "") + std::to_string(i + 1) + " " + modules[i].title + " (line " +
           std::to_string(modules[i].line) + ")";
  return out;
}

namespace {

MlirImport pickModule(std::vector<MlirModule> modules, const std::string& file, int module) {
  if (module == 0 && modules.size() > 1)
    throw core::InputError(file, 0, 0,
                           "the file holds " + std::to_string(modules.size()) +
                               " modules: " + describeMlirModules(modules) + "; choose one (CLI: --module N)");
  if (module < 0 || module > int(modules.size()))
    throw core::InputError(file, 0, 0,
                           "there is no module " + std::to_string(module) + ": the file holds " +
                               std::to_string(modules.size()) + " (" + describeMlirModules(modules) + ")");
  MlirModule& m = modules[size_t(std::max(module, 1) - 1)];
  if (m.error) throw *m.error;
  return std::move(*m.imported);
}

}  // namespace

MlirImport parseMlirDesign(const std::string& text, const std::string& file, int module, const Device* device) {
  return pickModule(parseMlirModules(text, file, device), file, module);
}

MlirImport loadMlirDesign(const std::string& path, int module, const Device* device) {
  return pickModule(loadMlirModules(path, device), path, module);
}

}  // namespace ts::aie
