// The route form of MLIR-AIE's data movement, which its object FIFO split writes and its 2026
// placer tests use: `aie.route_endpoint`s (a port on a tile), `aie.objectfifo.pool`s (buffers on
// a tile) with their DMA and core endpoints, and `aie.route from @a to [@b, ...]`. A route is a
// streamed net like an `aie.flow`; a pool is memory its file declares.
#include <algorithm>
#include <string>

#include "engine/aie/io/mlir_module_importer.h"
#include "engine/aie/limits.h"

namespace ts::aie::mlir {

ModuleImporter::RouteEnd ModuleImporter::endpointOn(Cursor& c) {
  // `@name(%tile)`, as every kind of endpoint starts
  RouteEnd end;
  end.at = c.peek();
  end.name = c.symbol("the endpoint's name");
  c.expect('(', "after the endpoint's name");
  end.tile = tileValue(c, "the endpoint's tile");
  c.expect(')', "after the endpoint's tile");
  return end;
}

void ModuleImporter::addRouteEndpoint(Cursor& c) {
  // aie.route_endpoint @name(%tile) Bundle [{channelIndex = N : i32, ...}], and an earlier
  // spelling, aie.objectfifo.dangling_endpoint @name(%tile) S2MM|MM2S Bundle
  RouteEnd end = endpointOn(c);
  if (!c.acceptWord("S2MM")) c.acceptWord("MM2S");  // the route's direction says which
  Token bundleAt = c.peek();
  end.bundle = c.bundle("the endpoint's port (e.g. DMA)");
  end.port = portKindOf(c, bundleAt, end.bundle);
  if (c.peek().is('{'))
    readAttributes(c, [&](const std::string& key, const Token&) {
      if (key == "channelIndex") {
        end.channel = c.integer("channelIndex", 0, kMaxChannel);
        if (c.accept(':')) c.word("an integer type (e.g. i32)");
        return true;
      }
      if (key == "sharesChannel") ++sharedChannelEnds_;  // a hint: the router decides what shares a channel
      return false;
    });
  defineRouteEnd(c, std::move(end));
}

void ModuleImporter::addPool(Cursor& c, const Statement& st) {
  // aie.objectfifo.pool @name(%tile) {depth = N : i32[, buffers = [...]]} : memref<...> { segments }
  Token at = c.peek();
  const std::string name = c.symbol("the pool's name");
  if (pools_.count(name)) c.fail(at, "pool @" + name + " is defined twice");
  c.expect('(', "after the pool's name");
  Pool pool;
  pool.tile = tileValue(c, "the pool's tile");
  c.expect(')', "after the pool's tile");
  if (c.atEnd() && st.opensRegion)
    c.failHere("expected the pool's attributes and type on this line ({depth = N : i32} : memref<...>)");
  bool external = false;  // its buffers are declared elsewhere (aie.buffer, aie.external_buffer)
  if (c.peek().is('{'))
    readAttributes(c, [&](const std::string& key, const Token&) {
      if (key == "depth") {
        pool.depth = int(c.integer("the pool's depth", 1, limits::kMaxDepth));
        if (c.accept(':')) c.word("an integer type (e.g. i32)");
        return true;
      }
      external = external || key == "buffers";
      return false;
    });
  if (pool.depth == 0) c.fail(at, "pool @" + name + " has no depth attribute ({depth = N : i32})");
  c.expect(':', "before the pool's type");
  pool.bytes = memref(c, "as the pool's type");
  if (!external) {
    declare(pool.tile, pool.depth * pool.bytes);
    ++declaredPools_;
  }
  pools_[name] = pool;
}

void ModuleImporter::addPoolEndpoint(Cursor& c, bool dma) {
  // aie.objectfifo.dma_endpoint @name(%tile) fills|drains @pool (core_endpoint alike)
  RouteEnd end = endpointOn(c);
  end.bundle = dma ? "DMA" : "Core";
  Token verb = c.peek();
  if (dma && (c.atEnd() || verb.is('{'))) {  // a DMA endpoint without a pool (an earlier spelling)
    c.skipAttributes();
    defineRouteEnd(c, std::move(end));
    return;
  }
  if (c.acceptWord("fills")) {
    end.fills = true;
  } else if (!c.acceptWord("drains")) {
    c.fail(verb, "expected fills or drains, found " + quoteToken(verb));
  }
  end.poolAt = c.peek();
  end.pool = c.symbol("the pool");
  end.port = PortKind::Dma;
  end.core = !dma;
  c.skipAttributes();
  defineRouteEnd(c, std::move(end));
}

void ModuleImporter::defineRouteEnd(const Cursor& c, RouteEnd end) {
  if (routeEnds_.count(end.name)) c.fail(end.at, "endpoint @" + end.name + " is defined twice");
  const std::string name = end.name;
  routeEnds_.emplace(name, std::move(end));
}

void ModuleImporter::resolveRoutes() {
  // Symbols may be used above their definitions: pools and endpoints are looked up once the
  // whole device body is read.
  for (const auto& [name, end] : routeEnds_)
    if (!end.pool.empty() && !pools_.count(end.pool))
      throw core::InputError(file_, end.poolAt.line, end.poolAt.column,
                             "aie.objectfifo endpoint @" + name + ": unknown pool @" + end.pool);
  for (const PendingRoute& r : routes_) {
    Cursor c(r.statement, r.index, r.op, file_);
    opAt_ = r.statement.tokens[r.index - 1];
    addRoute(c);
  }
}

void ModuleImporter::addRoute(Cursor& c) {
  // aie.route from @src | [@src, ...] to [@dst, ...] [{packet[ = #aie.packet_info<...>]}]
  auto endpoint = [&](bool source) -> const RouteEnd& {
    Token at = c.peek();
    const std::string name = c.symbol(source ? "a source endpoint" : "a destination endpoint");
    auto it = routeEnds_.find(name);
    if (it == routeEnds_.end())
      c.fail(at, "unknown endpoint @" + name + " (no aie.route_endpoint or aie.objectfifo endpoint of that name)");
    const RouteEnd& e = it->second;
    if (e.core)
      c.fail(at,
             "@" + name + " is a core endpoint, its core's own access to a pool: a route joins DMA or stream ports");
    if (!e.pool.empty() && e.fills == source)
      c.fail(at, "@" + name + (source ? " fills" : " drains") + " its pool, so it cannot be a route's " +
                     (source ? "source" : "destination"));
    checkPortTile(c, FlowEnd{"%" + design_.cores[e.tile].name, e.bundle, e.channel, e.port, at}, e.tile, source);
    return e;
  };
  auto list = [&](bool source) {
    std::vector<const RouteEnd*> ends;
    const bool bracketed = c.accept('[');
    if (!bracketed && !source) c.expect('[', "before the destination endpoints");
    do {
      Token at = c.peek();
      ends.push_back(&endpoint(source));
      for (size_t k = 0; k + 1 < ends.size(); ++k)
        if (ends[k] == ends.back())
          c.fail(at, "@" + ends.back()->name + " is named twice as a " + (source ? "source" : "destination"));
    } while (bracketed && c.accept(','));
    if (bracketed) c.expect(']', source ? "after the source endpoints" : "after the destination endpoints");
    return ends;
  };
  Token from = c.peek();
  if (!c.acceptWord("from")) c.fail(from, "expected 'from @source', found " + quoteToken(from));
  const std::vector<const RouteEnd*> sources = list(true);
  Token to = c.peek();
  if (!c.acceptWord("to")) c.fail(to, "expected 'to [@destination, ...]', found " + quoteToken(to));
  const std::vector<const RouteEnd*> dests = list(false);
  bool packet = false;
  if (c.peek().is('{')) {  // {packet} or {packet = #aie.packet_info<...>}: packet-switched
    const size_t close = c.matching(c.index());
    for (size_t k = c.index(); k < close; ++k)
      packet = packet || (c.token(k).kind == TokenKind::Identifier && c.token(k).text == "packet");
    c.skipAttributes();
  }
  if (sources.size() > 1 && !packet)
    c.fail(from,
           "several sources need a packet header ({packet = #aie.packet_info<>}): a circuit cannot merge streams");
  packetRoutes_ += packet;
  // One net per source to every destination, as for aie.packet_flow.
  for (const RouteEnd* src : sources) addRouteNet(*src, dests);
}

void ModuleImporter::addRouteNet(const RouteEnd& src, const std::vector<const RouteEnd*>& dests) {
  Net net;
  net.name = uniqueNetName("route_" + src.name);
  net.source = src.tile;
  net.sourcePort = src.port;
  net.streamed = true;  // a route is a stream-switch connection, as a flow
  auto size = [&](const RouteEnd& e, int& depth) {
    depth = kFlowDepth;
    if (e.pool.empty() || e.port != PortKind::Dma) return;
    const Pool& p = pools_.at(e.pool);
    depth = p.depth;
    net.bytesPerObject = std::max(net.bytesPerObject, p.bytes);
  };
  size(src, net.sourceDepth);
  for (const RouteEnd* d : dests) {
    if (d->tile == src.tile || std::find(net.targets.begin(), net.targets.end(), d->tile) != net.targets.end())
      continue;  // inside one tile, or a second end on a tile the route reaches already
    int depth = kFlowDepth;
    size(*d, depth);
    net.targets.push_back(d->tile);
    net.targetDepths.push_back(depth);
    net.targetPorts.push_back(d->port);
  }
  if (net.targets.empty()) {
    skip("aie.route inside one tile");
    return;
  }
  if (net.bytesPerObject == 0) {
    net.bytesPerObject = kFlowBytes;  // no pool at either end: sized as a flow
    unsizedFlows_ = true;
  }
  addNet(net);
}

}  // namespace ts::aie::mlir
