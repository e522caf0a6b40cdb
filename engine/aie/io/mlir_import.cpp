#include "engine/aie/io/mlir_import.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>

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
      device_ = loadDevice(mlirDevicePreset(deviceName_));
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

std::string mlirDevicePreset(const std::string& name) {
  // npu and ipu: MLIR-AIE's older names of npu1.
  return name == "npu" || name == "ipu" ? "npu1" : name;
}

bool knownMlirDevice(const std::string& name) {
  try {
    loadDevice(mlirDevicePreset(name));
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

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
