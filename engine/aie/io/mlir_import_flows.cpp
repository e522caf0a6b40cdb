// Flows between ports: `aie.flow`, the PnR paper's fork's `aie.pnr_flow` / `aie.pnr_pktflow` with
// their hop paths, `aie.cascade_flow` and `aie.packet_flow`; each becomes a streamed net (or a
// cascade) between the tiles' cores.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/io/mlir_module_importer.h"
#include "engine/aie/limits.h"

namespace ts::aie::mlir {

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
        c.fail(pathAt,
               "hop_tile_ids needs placed tiles at both ends, but %" + design_.cores[end].name + " is a logical tile");
    TileCoord from = pinnedTile(s), to = pinnedTile(dests[path].first);
    if (given.hops.front() != from || given.hops.back() != to)
      c.fail(pathAt, "hop_tile_ids path " + std::to_string(path + 1) + " must run from the source " +
                         core::toString(from) + " to its destination " + core::toString(to));
    givenPaths_.push_back(std::move(given));
    ++path;
  } while (c.accept(','));
  c.expect(']', "after the hop lists");
  if (path != dests.size())
    c.fail(keyAt, "hop_tile_ids gives " + std::to_string(path) + " paths for " + std::to_string(dests.size()) +
                      " destinations");
}

void ModuleImporter::checkPortTile(const Cursor& c, const FlowEnd& e, CoreId tile, bool out) const {
  const CoreKind kind = design_.cores[tile].kind;
  const char* kindName = kind == CoreKind::Compute ? "compute" : kind == CoreKind::MemTile ? "memory" : "shim";
  if (e.bundle == "Core" && kind != CoreKind::Compute)
    c.fail(e.at, e.tile + " is a " + kindName + " tile, which has no Core port (only compute tiles have one)");
  const int corePorts = device_.coreStreamPorts(out);  // 0: not known, not limited
  if (e.bundle == "Core" && corePorts > 0 && e.channel >= corePorts)
    c.fail(e.at, e.tile + ": Core channel " + std::to_string(e.channel) + " does not exist (a core on " +
                     device_.name() + " has " + std::to_string(corePorts) + " stream port" +
                     (corePorts > 1 ? "s" : "") + (out ? " out" : " in") + ")");
  if (e.port != PortKind::Dma) return;
  const TileResources& r = device_.resourcesOf(tileKindFor(kind));
  const int have = out ? r.dmaOut : r.dmaIn;
  if (have > 0 && e.channel >= have)
    c.fail(e.at, e.tile + ": DMA channel " + std::to_string(e.channel) + " does not exist (a " + kindName +
                     " tile on " + device_.name() + " has " + std::to_string(have) + (out ? " MM2S" : " S2MM") +
                     " channels, 0.." + std::to_string(have - 1) + ")");
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

}  // namespace ts::aie::mlir
