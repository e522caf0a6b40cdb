// Object FIFOs: `aie.objectfifo` (and MLIR-AIE's 2021-23 createObjectFifo), `aie.objectfifo.link`,
// `aie.objectfifo.allocate`, the transport and stream-end attributes, and the acquires in core
// bodies that size each end's buffers.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/aie/io/mlir_module_importer.h"
#include "engine/aie/limits.h"

namespace ts::aie::mlir {

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

}  // namespace ts::aie::mlir
