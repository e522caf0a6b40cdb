#include "engine/aie/route/routing_model.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "engine/aie/memtile_spill.h"
#include "engine/aie/routing_legality.h"

namespace ts::aie {

namespace {

std::string tileTag(TileCoord t) {
  return std::to_string(t.col) + "_" + std::to_string(t.row);
}

// Largest value an expression of binaries/placement variables can take (all at 1 when
// the coefficient is positive).
double upperBound(const milp::LinExpr& e) {
  double ub = e.constant;
  for (const auto& t : e.terms) ub += std::max(0.0, t.coef);
  return ub;
}

}  // namespace

std::vector<milp::LinExpr> addMemoryTileSpill(milp::Model& model, const Device& device,
                                              const std::vector<milp::LinExpr>& bytes,
                                              const std::vector<milp::LinExpr>& fixed, const std::string& prefix,
                                              std::vector<bool>& receives) {
  std::vector<milp::LinExpr> held = bytes;
  receives.assign(bytes.size(), false);
  for (int i = 0; i < device.tileCount(); ++i) {
    const TileCoord t = device.coord(i);
    const milp::LinExpr movable = bytes[size_t(i)] - fixed[size_t(i)];
    const double over =
        std::min(upperBound(bytes[size_t(i)]) - double(device.resources(t).memoryBytes), upperBound(movable));
    const std::vector<TileCoord> lenders = spillNeighbours(device, t);
    if (over <= 0.5 || lenders.empty()) continue;
    milp::LinExpr out;
    for (TileCoord n : lenders) {
      const int s = model.addContinuous(prefix + "spill_" + tileTag(t) + "_to_" + tileTag(n), 0, over);
      out.add(s);
      held[size_t(i)].add(s, -1);
      held[size_t(device.index(n))].add(s);
      receives[size_t(device.index(n))] = true;
    }
    model.addLe(prefix + "spill_own_" + tileTag(t), out - movable, 0);  // no second hop
  }
  return held;
}

void restoreCrossbars(const RrGraph& graph, std::vector<int>& edges) {
  std::map<TileCoord, Port> inPort;
  std::map<TileCoord, std::vector<Port>> outPorts;
  for (int e : edges) {
    const RrNode& to = graph.node(graph.edge(e).to);
    const RrNode& from = graph.node(graph.edge(e).from);
    if (to.kind == RrNodeKind::SwitchIn) inPort[to.tile] = to.port;
    if (from.kind == RrNodeKind::SwitchOut) outPorts[from.tile].push_back(from.port);
  }
  for (const auto& [tile, ports] : outPorts) {
    auto it = inPort.find(tile);
    if (it == inPort.end()) continue;
    int in = graph.switchIn(tile, it->second);
    for (Port p : ports)
      for (int e : graph.outEdges(in))
        if (graph.edge(e).to == graph.switchOut(tile, p)) edges.push_back(e);
  }
}

NetRoute intraTileRoute(const RrGraph& graph, TileCoord tile) {
  NetRoute r;
  for (int e : graph.outEdges(graph.sourceNode(tile)))
    if (graph.edge(e).kind == RrEdgeKind::IntraTile) r.edges = {e};
  r.type = Interconnect::IntraTile;
  r.bufferTiles = {tile};
  r.routed = true;
  return r;
}

NetRoute sharedMemoryRoute(const RrGraph& graph, TileCoord source, TileCoord bank,
                           const std::vector<TileCoord>& targets) {
  NetRoute r;
  for (int e : graph.outEdges(graph.sourceNode(source)))
    if (graph.edge(e).kind == RrEdgeKind::SharedWrite && graph.edge(e).to == graph.memoryNode(bank))
      r.edges.push_back(e);
  std::set<TileCoord> sinks(targets.begin(), targets.end());
  for (TileCoord t : sinks)
    for (int e : graph.outEdges(graph.memoryNode(bank)))
      if (graph.edge(e).to == graph.sinkNode(t)) r.edges.push_back(e);
  r.type = Interconnect::SharedMemory;
  r.bufferTiles = {bank};
  r.routed = true;
  return r;
}

RoutingModelBuilder::RoutingModelBuilder(const Design& design, const Device& device, const RrGraph& graph,
                                         const RoutingModelOptions& options, milp::Model& model)
    : design_(design),
      device_(device),
      graph_(graph),
      options_(options),
      model_(model),
      demand_(streamDemand(design, device)) {
  flowsPerChannel_ = options.packetFlowsPerChannel > 0 ? options.packetFlowsPerChannel : packetFlowsPerChannel(device);
  candidates_.resize(size_t(design.coreCount()));
  nets_.resize(size_t(design.netCount()));
  netVars_.resize(size_t(design.netCount()));
  for (size_t i = 0; i < design.links.size(); ++i) {
    CoreId via = design.linkVia(design.links[i]);
    for (NetId n : design.links[i].inputs) linkedAt_[{n, via}] = int(i);
    for (NetId n : design.links[i].outputs) linkedAt_[{n, via}] = int(i);
  }
}

int RoutingModelBuilder::dmaFlows(TileCoord tile) const {
  return options_.packetFlowsPerChannel > 0 ? options_.packetFlowsPerChannel : dmaFlowsPerChannel(device_, tile);
}

bool RoutingModelBuilder::bandwidthBinds(int edge) const {
  return std::any_of(assignments_.begin(), assignments_.end(),
                     [&](const ChannelAssignment& ca) { return ca.edge == edge; });
}

void RoutingModelBuilder::setFixedPlacement(const Placement& placement) {
  demand_ = streamDemand(design_, device_, &placement);
  for (CoreId c = 0; c < design_.coreCount(); ++c)
    candidates_[c] =
        placement.placed(c) ? std::vector<CoreCandidate>{{placement.tile(c), -1}} : std::vector<CoreCandidate>{};
}

void RoutingModelBuilder::setCandidates(CoreId core, std::vector<CoreCandidate> candidates) {
  candidates_[core] = std::move(candidates);
}

int RoutingModelBuilder::contracted(int node) const {
  const RrNode& n = graph_.node(node);
  if (n.kind == RrNodeKind::SwitchIn || n.kind == RrNodeKind::SwitchOut) return graph_.switchIn(n.tile, Port::North);
  return node;
}

milp::LinExpr RoutingModelBuilder::presence(CoreId core, TileCoord tile) const {
  for (const CoreCandidate& c : candidates_[core])
    if (c.tile == tile) return c.var < 0 ? milp::LinExpr(1.0) : milp::LinExpr::var(c.var);
  return milp::LinExpr(0.0);
}

bool RoutingModelBuilder::fixedAt(CoreId core, TileCoord tile) const {
  return candidates_[core].size() == 1 && candidates_[core][0].var < 0 && candidates_[core][0].tile == tile;
}

milp::LinExpr RoutingModelBuilder::edgeX(NetId n, int edge) const {
  auto it = nets_[n].byEdge.find(edge);
  if (it == nets_[n].byEdge.end()) return milp::LinExpr(0.0);
  return milp::LinExpr::var(nets_[n].edges[it->second].x);
}

std::string RoutingModelBuilder::tileName(TileCoord t) const {
  return std::string(toString(device_.kind(t))) + " tile " + core::toString(t);
}

void RoutingModelBuilder::build() {
  if (built_) return;
  built_ = true;
  for (NetId n = 0; n < design_.netCount(); ++n) {
    const int first = model_.varCount();
    buildNet(n);  // creates only n's own variables
    for (int v = first; v < model_.varCount(); ++v) netVars_[size_t(n)].push_back(v);
  }
  // Link capacities only where more nets could use a link than it has channels.
  for (const auto& [edge, users] : linkUsers_)
    if (int(users.size()) > graph_.edge(edge).capacity) addLinkModeRows(edge);
  addDmaRows();
  addMemoryRows();
  addPacketIdRow();
}

void RoutingModelBuilder::buildNet(NetId n) {
  const Net& net = design_.nets[n];
  NetVars& nv = nets_[n];
  nv.targets = int(net.targets.size());
  const int T = nv.targets;
  std::vector<CoreId> ends{net.source};
  ends.insert(ends.end(), net.targets.begin(), net.targets.end());
  for (CoreId c : ends)
    if (candidates_[c].empty()) {
      unroutable_.push_back({n, "core '" + design_.cores[c].name + "' has no location"});
      return;
    }
  // A net with an end on a stream port (core, trace, switch side), or marked streamed, must be streamed.
  bool allCompute = !net.needsStream(), allMem = !net.needsStream();
  int c0 = 1 << 30, c1 = -1, r0 = 1 << 30, r1 = -1;
  for (CoreId c : ends) {
    allCompute = allCompute && design_.cores[c].kind == CoreKind::Compute;
    allMem = allMem && design_.cores[c].kind == CoreKind::MemTile;
    for (const CoreCandidate& cc : candidates_[c]) {
      c0 = std::min(c0, cc.tile.col), c1 = std::max(c1, cc.tile.col);
      r0 = std::min(r0, cc.tile.row), r1 = std::max(r1, cc.tile.row);
    }
  }
  const int m = std::max(0, options_.margin);
  c0 = std::max(0, c0 - m), r0 = std::max(0, r0 - m);
  c1 = std::min(device_.columns() - 1, c1 + m), r1 = std::min(device_.rows() - 1, r1 + m);
  if (c0 > 0 || r0 > 0 || c1 < device_.columns() - 1 || r1 < device_.rows() - 1) fullRegion_ = false;
  auto inBox = [&](TileCoord t) { return t.col >= c0 && t.col <= c1 && t.row >= r0 && t.row <= r1; };
  const std::string tag = "_n" + std::to_string(n);

  auto addEdge = [&](int e, double cost) {
    if (nv.byEdge.count(e)) return;
    const RrEdge& edge = graph_.edge(e);
    EdgeVar ev{e, contracted(edge.from), contracted(edge.to)};
    ev.x = model_.addBinary("x" + tag + "_e" + std::to_string(e), options_.alpha * cost);
    if (T > 1 && !options_.perTargetFlows) ev.f = model_.addContinuous("f" + tag + "_e" + std::to_string(e), 0, T);
    nv.byEdge[e] = int(nv.edges.size());
    nv.edges.push_back(ev);
  };
  auto findEdge = [&](int from, int to, RrEdgeKind kind) {
    for (int e : graph_.outEdges(from))
      if (graph_.edge(e).to == to && graph_.edge(e).kind == kind) return e;
    return -1;
  };
  auto reaches = [&](TileCoord core, TileCoord bank) {
    auto r = device_.memoriesReachableFrom(core);
    return std::find(r.begin(), r.end(), bank) != r.end();
  };

  // Shared memory: banks every endpoint can reach from some candidate location.
  std::vector<int> linkedEnds;
  for (CoreId c : ends)
    if (linkedAt_.count({n, c})) linkedEnds.push_back(c);
  if (options_.allowShared && allCompute) {
    std::set<TileCoord> banks;
    for (const CoreCandidate& sc : candidates_[net.source])
      for (TileCoord bank : device_.memoriesReachableFrom(sc.tile)) {
        bool all = true;
        for (CoreId c : ends) {
          bool any = false;
          for (const CoreCandidate& cc : candidates_[c]) any = any || reaches(cc.tile, bank);
          all = all && any;
        }
        // A linked endpoint's buffer is the link buffer: the bank must be that core's own tile.
        for (CoreId c : linkedEnds) {
          bool any = false;
          for (const CoreCandidate& cc : candidates_[c]) any = any || cc.tile == bank;
          all = all && any;
        }
        if (all) banks.insert(bank);
      }
    for (TileCoord bank : banks) {
      for (const CoreCandidate& sc : candidates_[net.source])
        if (reaches(sc.tile, bank))
          addEdge(findEdge(graph_.sourceNode(sc.tile), graph_.memoryNode(bank), RrEdgeKind::SharedWrite),
                  options_.sharedCost);
      for (CoreId t : net.targets)
        for (const CoreCandidate& tc : candidates_[t])
          if (reaches(tc.tile, bank))
            addEdge(findEdge(graph_.memoryNode(bank), graph_.sinkNode(tc.tile), RrEdgeKind::SharedRead),
                    options_.sharedCost);
      nv.shared = true;
    }
  }
  // Intra-tile copy: every endpoint on the source's memory tile.
  if (allMem) {
    for (const CoreCandidate& sc : candidates_[net.source]) {
      bool all = true;
      for (CoreId t : net.targets) {
        bool any = false;
        for (const CoreCandidate& tc : candidates_[t]) any = any || tc.tile == sc.tile;
        all = all && any;
      }
      if (!all) continue;
      addEdge(findEdge(graph_.sourceNode(sc.tile), graph_.sinkNode(sc.tile), RrEdgeKind::IntraTile),
              options_.intraCost);
      nv.intra = true;
    }
  }
  // Stream: MM2S at a source candidate, S2MM at every target, links inside the region.
  std::string streamWhy;
  if (options_.allowCircuit || options_.allowPacket) {
    // Each end joins the switch through its DMA channel or, on a stream port, directly.
    bool srcDma = false, tgtDma = true;
    for (const CoreCandidate& sc : candidates_[net.source]) srcDma = srcDma || graph_.endEdge(net, 0, sc.tile) >= 0;
    for (size_t i = 0; i < net.targets.size(); ++i) {
      const CoreId t = net.targets[i];
      bool any = false;
      for (const CoreCandidate& tc : candidates_[t]) any = any || graph_.endEdge(net, int(i) + 1, tc.tile) >= 0;
      if (!any) streamWhy = "target '" + design_.cores[t].name + "' is on a tile without S2MM DMA";
      tgtDma = tgtDma && any;
    }
    if (!srcDma) streamWhy = "source '" + design_.cores[net.source].name + "' is on a tile without MM2S DMA";
    if (srcDma && tgtDma) {
      nv.stream = true;
      for (const CoreCandidate& sc : candidates_[net.source])
        if (graph_.endEdge(net, 0, sc.tile) >= 0) addEdge(graph_.endEdge(net, 0, sc.tile), options_.dmaCost);
      for (size_t i = 0; i < net.targets.size(); ++i)
        for (const CoreCandidate& tc : candidates_[net.targets[i]])
          if (graph_.endEdge(net, int(i) + 1, tc.tile) >= 0)
            addEdge(graph_.endEdge(net, int(i) + 1, tc.tile), options_.dmaCost);
      for (int col = c0; col <= c1; ++col)
        for (int row = r0; row <= r1; ++row)
          for (Direction d : {Direction::North, Direction::South, Direction::East, Direction::West}) {
            TileCoord t{col, row};
            int e = graph_.linkEdge(t, d);
            if (e < 0 || !inBox(device_.neighbour(t, d))) continue;
            addEdge(e, options_.linkCost);
            linkUsers_[e].push_back({n, nv.byEdge[e]});
          }
      if (options_.allowCircuit) nv.yC = model_.addBinary("yc" + tag, options_.circuitNetCost);
      if (options_.allowPacket) nv.yP = model_.addBinary("yp" + tag, options_.packetNetCost);
      milp::LinExpr mode;
      if (nv.yC >= 0) mode.add(nv.yC);
      if (nv.yP >= 0) mode.add(nv.yP);
      for (const CoreCandidate& sc : candidates_[net.source])
        if (graph_.endEdge(net, 0, sc.tile) >= 0) mode -= edgeX(n, graph_.endEdge(net, 0, sc.tile));
      model_.addEq("mode" + tag, mode, 0);
    }
  }
  if (nv.edges.empty()) {
    std::string why = "no interconnect can join its endpoints";
    if (!streamWhy.empty()) why += " (" + streamWhy + ", and they are not shared-memory neighbours)";
    unroutable_.push_back({n, why});
    return;
  }

  // Flow conservation (eq. 3), one incoming edge per node (eq. 4), flow bounds (eq. 5).
  struct NodeUse {
    milp::LinExpr flow;  // in - out
    std::vector<int> inX;
    std::vector<int> outX;
  };
  std::map<int, NodeUse> nodes;
  for (const EdgeVar& ev : nv.edges) {
    int fv = ev.f >= 0 ? ev.f : ev.x;
    nodes[ev.to].flow.add(fv, 1.0);
    nodes[ev.from].flow.add(fv, -1.0);
    nodes[ev.to].inX.push_back(ev.x);
    nodes[ev.from].outX.push_back(ev.x);
    if (ev.f >= 0) model_.addLe("fx" + tag + "_e" + std::to_string(ev.edge), milp::LinExpr::var(ev.f).add(ev.x, -T), 0);
  }
  milp::LinExpr sourceOut;
  for (const CoreCandidate& sc : candidates_[net.source]) {
    int v = graph_.sourceNode(sc.tile);
    nodes[v].flow += double(T) * presence(net.source, sc.tile);  // in - out + T pi = 0
    for (int x : nodes[v].outX) sourceOut.add(x);
  }
  for (CoreId t : net.targets)
    for (const CoreCandidate& tc : candidates_[t]) nodes[graph_.sinkNode(tc.tile)].flow -= presence(t, tc.tile);
  const bool perTarget = options_.perTargetFlows && T > 1;
  if (perTarget) {
    // One commodity per target: a unit from the source to that target's sink.
    for (int k = 0; k < T; ++k) {
      CoreId t = net.targets[size_t(k)];
      std::set<int> ownSinks;
      for (const CoreCandidate& tc : candidates_[t]) ownSinks.insert(graph_.sinkNode(tc.tile));
      std::map<int, milp::LinExpr> flow;
      std::vector<int> fk(nv.edges.size(), -1);
      std::string kt = tag + "_t" + std::to_string(k);
      for (size_t i = 0; i < nv.edges.size(); ++i) {
        const EdgeVar& ev = nv.edges[i];
        if (graph_.node(ev.to).kind == RrNodeKind::Sink && !ownSinks.count(ev.to)) continue;
        fk[i] = model_.addContinuous("f" + kt + "_e" + std::to_string(ev.edge), 0, 1);
        model_.addLe("fx" + kt + "_e" + std::to_string(ev.edge), milp::LinExpr::var(fk[i]).add(ev.x, -1), 0);
        flow[ev.to].add(fk[i], 1.0);
        flow[ev.from].add(fk[i], -1.0);
      }
      for (const CoreCandidate& sc : candidates_[net.source])
        flow[graph_.sourceNode(sc.tile)] += presence(net.source, sc.tile);
      for (const CoreCandidate& tc : candidates_[t]) flow[graph_.sinkNode(tc.tile)] -= presence(t, tc.tile);
      for (auto& [v, e] : flow) model_.addEq("flow" + kt + "_v" + std::to_string(v), e, 0);
      nv.targetFlow.push_back(std::move(fk));
    }
  }
  for (auto& [v, use] : nodes) {
    std::string vn = "_v" + std::to_string(v);
    if (!perTarget) model_.addEq("flow" + tag + vn, use.flow, 0);
    if (use.inX.size() > 1) {
      milp::LinExpr in;
      for (int x : use.inX) in.add(x);
      model_.addLe("tree" + tag + vn, in, 1);
    }
  }
  if (sourceOut.terms.size() > 1) model_.addLe("one_type" + tag, sourceOut, 1);
  // Joint placement: a linked endpoint that moves takes the shared bank with it.
  for (const EdgeVar& ev : nv.edges) {
    if (graph_.edge(ev.edge).kind != RrEdgeKind::SharedWrite) continue;
    TileCoord bank = graph_.node(graph_.edge(ev.edge).to).tile;
    for (CoreId c : linkedEnds)
      if (!fixedAt(c, bank))
        model_.addLe("bank_link" + tag + "_e" + std::to_string(ev.edge), milp::LinExpr::var(ev.x) - presence(c, bank),
                     0);
  }
}

milp::LinExpr RoutingModelBuilder::modeUse(NetId n, int edge, bool packet) {
  NetVars& nv = nets_[n];
  int y = packet ? nv.yP : nv.yC;
  if (y < 0) return milp::LinExpr(0.0);
  auto it = nv.byEdge.find(edge);
  if (it == nv.byEdge.end()) return milp::LinExpr(0.0);
  EdgeVar& ev = nv.edges[it->second];
  if ((packet ? nv.yC : nv.yP) < 0) return milp::LinExpr::var(ev.x);  // only one mode exists
  // A DMA edge at a fixed endpoint is used exactly when the net streams: x = yC + yP.
  const RrEdge& e = graph_.edge(edge);
  const Net& net = design_.nets[n];
  TileCoord t = graph_.node(e.from).tile;
  if (e.kind == RrEdgeKind::DmaOut && fixedAt(net.source, t)) return milp::LinExpr::var(y);
  if (e.kind == RrEdgeKind::DmaIn) {
    bool fixed = true, some = false;
    for (CoreId c : net.targets)
      for (const CoreCandidate& cc : candidates_[c])
        if (cc.tile == t) {
          some = true;
          fixed = fixed && fixedAt(c, t);
        }
    if (some && fixed) return milp::LinExpr::var(y);
  }
  int& z = packet ? ev.zP : ev.zC;
  if (z < 0) {
    std::string name = std::string(packet ? "zp" : "zc") + "_n" + std::to_string(n) + "_e" + std::to_string(edge);
    z = model_.addContinuous(name, 0, 1);
    netVars_[size_t(n)].push_back(z);
    model_.addGe(name + "_lb", milp::LinExpr::var(z).add(ev.x, -1).add(y, -1), -1);
  }
  return milp::LinExpr::var(z);
}

int RoutingModelBuilder::addResourceRow(ResourceRow r, const milp::LinExpr& lhs, double rhs, const std::string& name) {
  milp::LinExpr e = lhs;
  if (options_.elastic) {
    double unit = r.kind == ResourceRow::Memory ? 1.0 / 1024 : 1.0;
    r.slack = model_.addContinuous("slack_" + name, 0, milp::kInf, options_.elasticPenalty * unit);
    e.add(r.slack, -1);
  }
  int row = model_.addLe(name, e, rhs);
  r.row = row;
  resources_.push_back(std::move(r));
  return row;
}

void RoutingModelBuilder::addLinkModeRows(int edge) {
  if (linkW_.count(edge)) return;
  const RrEdge& e = graph_.edge(edge);
  TileCoord from = graph_.node(e.from).tile, to = graph_.node(e.to).tile;
  std::string name = "link_" + tileTag(from) + "_to_" + tileTag(to);
  ResourceRow r(ResourceRow::Link);
  r.tile = from;
  r.edge = edge;
  r.capacity = e.capacity;
  for (auto [n, idx] : linkUsers_[edge]) {
    (void)idx;
    r.circuitUse += modeUse(n, edge, false);
    r.packetUse += modeUse(n, edge, true);
  }
  int w = model_.addInteger("w_" + name, 0, options_.elastic ? milp::kInf : e.capacity);
  int c = model_.addContinuous("c_" + name, 0, milp::kInf, options_.beta * options_.linkPenalty);
  linkW_[edge] = w;
  milp::LinExpr packet = r.packetUse;
  model_.addLe("share_" + name, packet - milp::LinExpr::var(w, flowsPerChannel_), 0);
  model_.addGe("cong_" + name, milp::LinExpr::var(c) - packet + milp::LinExpr::var(w), 0);
  shares_.push_back({w, c, packet, flowsPerChannel_});
  milp::LinExpr cap = r.circuitUse + milp::LinExpr::var(w);
  r.use = packet;
  addResourceRow(std::move(r), cap, e.capacity, "cap_" + name);
}

void RoutingModelBuilder::addDmaRows() {
  // Nets that may use each tile's MM2S (dir 0) / S2MM (dir 1) edge.
  std::map<int, std::vector<NetId>> users[2];
  for (NetId n = 0; n < design_.netCount(); ++n)
    for (const EdgeVar& ev : nets_[n].edges) {
      RrEdgeKind k = graph_.edge(ev.edge).kind;
      if (k == RrEdgeKind::DmaOut) users[0][ev.edge].push_back(n);
      if (k == RrEdgeKind::DmaIn) users[1][ev.edge].push_back(n);
    }
  for (int dir = 0; dir < 2; ++dir)
    for (const auto& [edge, nets] : users[dir]) {
      const RrEdge& e = graph_.edge(edge);
      if (int(nets.size()) <= e.capacity) continue;
      TileCoord t = graph_.node(dir == 0 ? e.from : e.to).tile;
      std::string name = std::string(dir == 0 ? "mm2s_" : "s2mm_") + tileTag(t);
      ResourceRow r(dir == 0 ? ResourceRow::DmaOut : ResourceRow::DmaIn);
      r.tile = t;
      r.edge = edge;
      r.capacity = e.capacity;
      for (NetId n : nets) {
        r.circuitUse += modeUse(n, edge, false);
        r.packetUse += modeUse(n, edge, true);
      }
      int u = model_.addInteger("u_" + name, 0, options_.elastic ? milp::kInf : e.capacity);
      int c = model_.addContinuous("c_" + name, 0, milp::kInf, options_.beta * options_.dmaPenalty);
      dmaU_[device_.index(t) * 2 + dir] = u;
      milp::LinExpr packet = r.packetUse;
      const int flows = dmaFlows(t);
      model_.addLe("share_" + name, packet - milp::LinExpr::var(u, flows), 0);
      model_.addGe("cong_" + name, milp::LinExpr::var(c) - packet + milp::LinExpr::var(u), 0);
      shares_.push_back({u, c, packet, flows});
      milp::LinExpr cap = r.circuitUse + milp::LinExpr::var(u);
      r.use = packet;
      addResourceRow(std::move(r), cap, e.capacity, name);
      addBandwidthRows(name, nets, edge, e.capacity, flows, u);
    }
}

void RoutingModelBuilder::addBandwidthRows(const std::string& name, const std::vector<NetId>& nets, int edge,
                                           int channels, int flows, int u) {
  if (!demand_.bounded()) return;
  ChannelAssignment ca{u, edge, flows, {}, {}, {}, {}};
  std::vector<int64_t> cycles;
  for (NetId n : nets) {
    milp::LinExpr use = modeUse(n, edge, true);
    if (use.empty()) continue;
    ca.nets.push_back(n);
    ca.use.push_back(use);
    cycles.push_back(std::min(demand_.packetCycles[size_t(n)], demand_.intervalCycles));
  }
  // Rows only where bandwidth can bind: all the streams that may come here fit one channel.
  if (ca.nets.size() < 2 || packChannels(cycles, demand_.intervalCycles, int(ca.nets.size()), 1) == 1) return;
  const double interval = double(demand_.intervalCycles);
  milp::LinExpr opened;
  for (int k = 0; k < channels; ++k) {
    const std::string ch = name + "_ch" + std::to_string(k);
    ca.open.push_back(model_.addBinary("o_" + ch));
    if (k > 0)
      model_.addLe("order_" + ch, milp::LinExpr::var(ca.open[size_t(k)]) - milp::LinExpr::var(ca.open[size_t(k) - 1]),
                   0);
    opened.add(ca.open.back(), 1);
  }
  ca.a.resize(ca.nets.size());
  std::vector<milp::LinExpr> load(static_cast<size_t>(channels)), count(static_cast<size_t>(channels));
  for (size_t i = 0; i < ca.nets.size(); ++i) {
    milp::LinExpr assigned;
    for (int k = 0; k < channels; ++k) {
      int a = model_.addBinary("a_" + name + "_n" + std::to_string(ca.nets[i]) + "_ch" + std::to_string(k));
      ca.a[i].push_back(a);
      netVars_[size_t(ca.nets[i])].push_back(a);
      assigned.add(a, 1);
      load[size_t(k)].add(a, double(cycles[i]));
      count[size_t(k)].add(a, 1);
    }
    model_.addEq("assign_" + name + "_n" + std::to_string(ca.nets[i]), assigned - ca.use[i], 0);
  }
  for (int k = 0; k < channels; ++k) {
    const std::string ch = name + "_ch" + std::to_string(k);
    model_.addLe("bw_" + ch, load[size_t(k)] - milp::LinExpr::var(ca.open[size_t(k)], interval), 0);
    model_.addLe("flows_" + ch, count[size_t(k)] - milp::LinExpr::var(ca.open[size_t(k)], flows), 0);
  }
  model_.addLe("open_" + name, opened - milp::LinExpr::var(u), 0);
  assignments_.push_back(std::move(ca));
}

void RoutingModelBuilder::addMemoryRows() {
  const int tiles = device_.tileCount();
  std::vector<milp::LinExpr> bytes(static_cast<size_t>(tiles)), locks(static_cast<size_t>(tiles)),
      bds(static_cast<size_t>(tiles)), ownData(static_cast<size_t>(tiles));
  auto at = [&](TileCoord t) { return size_t(device_.index(t)); };
  for (CoreId c = 0; c < design_.coreCount(); ++c)
    for (const CoreCandidate& cc : candidates_[c]) {
      bytes[at(cc.tile)] += double(design_.cores[c].bufferBytes) * presence(c, cc.tile);
      ownData[at(cc.tile)] += double(design_.cores[c].bufferBytes) * presence(c, cc.tile);
      if (design_.cores[c].locks > 0) locks[at(cc.tile)] += double(design_.cores[c].locks) * presence(c, cc.tile);
    }
  for (const Link& link : design_.links) {
    CoreId via = design_.linkVia(link);
    if (via < 0) continue;
    int64_t in = 0, out = 0;
    for (NetId n : link.inputs) {
      const Net& net = design_.nets[n];
      for (size_t i = 0; i < net.targets.size(); ++i)
        if (net.targets[i] == via) in += int64_t(net.targetDepths[i]) * net.bytesPerObject;
    }
    for (NetId n : link.outputs) out += int64_t(design_.nets[n].sourceDepth) * design_.nets[n].bytesPerObject;
    for (const CoreCandidate& cc : candidates_[via])
      bytes[at(cc.tile)] += double(std::max(in, out)) * presence(via, cc.tile);
  }
  for (NetId n = 0; n < design_.netCount(); ++n) {
    const Net& net = design_.nets[n];
    const NetVars& nv = nets_[n];
    if (nv.edges.empty()) continue;
    std::vector<CoreId> ends{net.source};
    ends.insert(ends.end(), net.targets.begin(), net.targets.end());
    bool anyLinked = false;
    for (CoreId c : ends)
      if (linkedAt_.count({n, c})) {
        anyLinked = true;
        for (const CoreCandidate& cc : candidates_[c])
          locks[at(cc.tile)] += double(kLocksPerBuffer) * presence(c, cc.tile);
      }
    const double shared = double(net.sharedObjects()) * double(net.bytesPerObject);
    for (const EdgeVar& ev : nv.edges) {
      const RrEdge& e = graph_.edge(ev.edge);
      switch (e.kind) {
        case RrEdgeKind::SharedWrite:
        case RrEdgeKind::IntraTile: {
          if (anyLinked) break;
          TileCoord bank = graph_.node(e.kind == RrEdgeKind::SharedWrite ? e.to : e.from).tile;
          bytes[at(bank)].add(ev.x, shared);
          locks[at(bank)].add(ev.x, kLocksPerBuffer);
          break;
        }
        case RrEdgeKind::DmaOut: {
          TileCoord t = graph_.node(e.from).tile;
          bds[at(t)].add(ev.x, endpointBds(net.sourceDepth));  // the MM2S BD chain, linked or not
          if (linkedAt_.count({n, net.source})) break;
          bytes[at(t)].add(ev.x, double(net.sourceDepth) * double(net.bytesPerObject));
          locks[at(t)].add(ev.x, kLocksPerBuffer);
          break;
        }
        case RrEdgeKind::DmaIn: {
          TileCoord t = graph_.node(e.to).tile;
          for (size_t i = 0; i < net.targets.size(); ++i) {
            if (!net.usesDma(int(i) + 1)) continue;  // a stream-port end holds no buffer and runs no BDs
            CoreId c = net.targets[i];
            milp::LinExpr p = presence(c, t);
            if (p.empty() && p.constant == 0) continue;
            int use = ev.x;
            if (!fixedAt(c, t)) {  // stream buffer of a target that may be elsewhere: pi AND x
              use =
                  model_.addContinuous("zb_n" + std::to_string(n) + "_c" + std::to_string(c) + "_" + tileTag(t), 0, 1);
              netVars_[size_t(n)].push_back(use);
              model_.addGe("zb_n" + std::to_string(n) + "_c" + std::to_string(c) + "_" + tileTag(t) + "_lb",
                           milp::LinExpr::var(use) - milp::LinExpr::var(ev.x) - p, -1);
            }
            bds[at(t)].add(use, endpointBds(net.targetDepths[i]));  // the S2MM BD chain
            if (linkedAt_.count({n, c})) continue;
            bytes[at(t)].add(use, double(net.targetDepths[i]) * double(net.bytesPerObject));
            locks[at(t)].add(use, kLocksPerBuffer);
          }
          break;
        }
        default:
          break;
      }
    }
  }
  // A capacity row only where the use could exceed the capacity (`always`: where upperBound(),
  // which takes every variable in [0, 1], does not bound the use).
  auto capacityRow = [&](ResourceRow::Kind kind, TileCoord t, const milp::LinExpr& use, double capacity,
                         const char* prefix, bool always = false) {
    if (!always && upperBound(use) <= capacity + 0.5) return;
    ResourceRow r(kind);
    r.tile = t;
    r.capacity = capacity;
    r.use = use;
    addResourceRow(std::move(r), use, capacity, prefix + tileTag(t));
  };
  std::vector<bool> receives;
  const std::vector<milp::LinExpr> held = addMemoryTileSpill(model_, device_, bytes, ownData, "", receives);
  for (int i = 0; i < tiles; ++i) {
    TileCoord t = device_.coord(i);
    const TileResources& res = device_.resources(t);
    capacityRow(ResourceRow::Bds, t, bds[i], res.bufferDescriptors, "bds_");
    if (device_.kind(t) == TileKind::Shim) continue;  // buffers live in host memory
    milp::LinExpr kib = bytes[i];
    kib *= options_.gamma / 1024.0;
    model_.addObjective(kib);
    // A tile that may take spill holds continuous spill variables: always a row.
    capacityRow(ResourceRow::Memory, t, held[size_t(i)], double(res.memoryBytes), "mem_", receives[size_t(i)]);
    capacityRow(ResourceRow::Locks, t, locks[i], res.locks, "locks_");
  }
}

void RoutingModelBuilder::addPacketIdRow() {
  milp::LinExpr packets;
  for (const NetVars& nv : nets_)
    if (nv.yP >= 0) packets.add(nv.yP);
  double ids = device_.packetLimits().maxPacketId + 1;
  if (double(packets.terms.size()) <= ids) return;
  ResourceRow r(ResourceRow::PacketIds);
  r.capacity = ids;
  r.use = packets;
  addResourceRow(std::move(r), packets, ids, "packet_ids");
}

bool RoutingModelBuilder::hasArbiterRow(TileCoord tile) const {
  return arbiterRow_.count(device_.index(tile)) > 0;
}

void RoutingModelBuilder::addArbiterRow(TileCoord tile) {
  if (hasArbiterRow(tile)) return;
  milp::LinExpr outputs;
  for (Direction d : {Direction::North, Direction::South, Direction::East, Direction::West}) {
    int e = graph_.linkEdge(tile, d);
    if (e < 0 || !linkUsers_.count(e)) continue;
    addLinkModeRows(e);
    outputs.add(linkW_[e]);
  }
  // Packet flows into the tile's S2MM channels also need an arbiter per channel.
  int in = graph_.dmaInEdge(tile);
  if (in >= 0) {
    auto it = dmaU_.find(device_.index(tile) * 2 + 1);
    if (it != dmaU_.end()) {
      outputs.add(it->second);
    } else {
      milp::LinExpr packet;
      for (NetId n = 0; n < design_.netCount(); ++n) packet += modeUse(n, in, true);
      if (!packet.empty()) {
        int u = model_.addInteger("u_arb_s2mm_" + tileTag(tile), 0, milp::kInf);
        model_.addLe("share_arb_s2mm_" + tileTag(tile), packet - milp::LinExpr::var(u, dmaFlows(tile)), 0);
        shares_.push_back({u, -1, packet, dmaFlows(tile)});
        outputs.add(u);
      }
    }
  }
  ResourceRow r(ResourceRow::Arbiters);
  r.tile = tile;
  r.capacity = device_.packetLimits().arbiters;
  r.use = outputs;
  double cap = r.capacity;
  arbiterRow_[device_.index(tile)] = addResourceRow(std::move(r), outputs, cap, "arbiters_" + tileTag(tile));
}

Routing RoutingModelBuilder::extract(const std::vector<double>& values) const {
  Routing routing;
  routing.nets.resize(size_t(design_.netCount()));
  int nextPacketId = 0;
  auto on = [&](int v) { return v >= 0 && v < int(values.size()) && values[v] > 0.5; };
  for (NetId n = 0; n < design_.netCount(); ++n) {
    const NetVars& nv = nets_[n];
    NetRoute& route = routing.nets[n];
    const EdgeVar* first = nullptr;
    for (const EdgeVar& ev : nv.edges)
      if (on(ev.x) && graph_.node(graph_.edge(ev.edge).from).kind == RrNodeKind::Source) first = &ev;
    if (!first) continue;
    const RrEdge& fe = graph_.edge(first->edge);
    TileCoord srcTile = graph_.node(fe.from).tile;
    std::vector<int> chosen;
    for (const EdgeVar& ev : nv.edges)
      if (on(ev.x) && (ev.f < 0 || values[ev.f] > 1e-6)) chosen.push_back(ev.edge);
    // Keep only what hangs off the source and ends at sinks (an incumbent may carry stray
    // zero-cost edges).
    // (walks contracted nodes: a stream enters a switch on one port and leaves on others)
    std::map<int, std::vector<int>> out;
    for (int e : chosen) out[contracted(graph_.edge(e).from)].push_back(e);
    std::function<bool(int, std::vector<int>&)> keep = [&](int v, std::vector<int>& acc) {
      const RrNode& node = graph_.node(v);
      auto it = out.find(v);
      bool useful = node.kind == RrNodeKind::Sink;
      if (it == out.end()) return useful;
      for (int e : it->second) {
        std::vector<int> sub;
        if (keep(contracted(graph_.edge(e).to), sub)) {
          acc.push_back(e);
          acc.insert(acc.end(), sub.begin(), sub.end());
          useful = true;
        }
      }
      return useful;
    };
    std::vector<int> tree;
    keep(fe.from, tree);
    TileCoord bank = srcTile;
    if (fe.kind == RrEdgeKind::SharedWrite) {
      route.type = Interconnect::SharedMemory;
      bank = graph_.node(fe.to).tile;
    } else if (fe.kind == RrEdgeKind::IntraTile) {
      route.type = Interconnect::IntraTile;
    } else {
      route.type = on(nv.yP) ? Interconnect::Packet : Interconnect::Circuit;
      if (route.type == Interconnect::Packet) route.packetId = nextPacketId++;
      restoreCrossbars(graph_, tree);
    }
    route.routed = true;
    route.edges = tree;
    std::sort(route.edges.begin(), route.edges.end());
    // Buffer tiles by the same rule the checker uses (placement from the candidates).
    std::vector<TileCoord> tiles;
    if (route.type == Interconnect::SharedMemory || route.type == Interconnect::IntraTile) {
      tiles.push_back(bank);
    } else {
      if (design_.nets[n].usesDma(0)) tiles.push_back(srcTile);  // a stream-port end holds no buffer
      for (int e : route.edges)
        if (graph_.edge(e).kind == RrEdgeKind::DmaIn) tiles.push_back(graph_.node(graph_.edge(e).to).tile);
    }
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    route.bufferTiles = tiles;
  }
  return routing;
}

std::optional<std::vector<double>> RoutingModelBuilder::encode(const Routing& routing) const {
  std::vector<double> v(size_t(model_.varCount()), 0.0);
  if (int(routing.nets.size()) != design_.netCount()) return std::nullopt;
  for (NetId n = 0; n < design_.netCount(); ++n) {
    const NetRoute& route = routing.nets[n];
    const NetVars& nv = nets_[n];
    if (!route.routed) return std::nullopt;
    // Flows: every target's path from its sink back to the source through the tree.
    std::map<int, int> parent;  // RR node -> route edge entering it
    for (int e : route.edges) parent[graph_.edge(e).to] = e;
    for (int e : route.edges) {
      if (graph_.edge(e).kind == RrEdgeKind::Crossbar) continue;
      auto k = nv.byEdge.find(e);
      if (k == nv.byEdge.end()) return std::nullopt;
      v[nv.edges[k->second].x] = 1;
    }
    const Net& net = design_.nets[n];
    for (size_t t = 0; t < net.targets.size(); ++t) {
      int node = graph_.sinkNode(candidates_[net.targets[t]].front().tile);
      for (int guard = 0; parent.count(node) && guard < graph_.nodeCount(); ++guard) {
        int e = parent[node];
        auto k = nv.byEdge.find(e);
        if (k != nv.byEdge.end()) {
          const EdgeVar& ev = nv.edges[k->second];
          if (ev.f >= 0) v[ev.f] += 1;
          if (t < nv.targetFlow.size() && nv.targetFlow[t][k->second] >= 0) v[nv.targetFlow[t][k->second]] = 1;
        }
        node = graph_.edge(e).from;
      }
    }
    if (route.type == Interconnect::Circuit) {
      if (nv.yC < 0) return std::nullopt;
      v[nv.yC] = 1;
    }
    if (route.type == Interconnect::Packet) {
      if (nv.yP < 0) return std::nullopt;
      v[nv.yP] = 1;
    }
  }
  for (const NetVars& nv : nets_)
    for (const EdgeVar& ev : nv.edges) {
      if (ev.zC >= 0) v[ev.zC] = std::max(0.0, v[ev.x] + (nv.yC >= 0 ? v[nv.yC] : 0) - 1);
      if (ev.zP >= 0) v[ev.zP] = std::max(0.0, v[ev.x] + (nv.yP >= 0 ? v[nv.yP] : 0) - 1);
    }
  // Channel and congestion variables of the shared-channel rows from their definitions.
  auto eval = [&](const milp::LinExpr& e) {
    double s = e.constant;
    for (const auto& t : e.terms) s += t.coef * v[t.var];
    return s;
  };
  for (const Share& sh : shares_) {
    double packet = eval(sh.packet);
    v[sh.channels] = std::ceil(packet / sh.flows - 1e-9);
    if (sh.congestion >= 0) v[sh.congestion] = std::max(0.0, packet - v[sh.channels]);
  }
  // Channel assignments: the packet streams of each DMA packed as the checker packs them.
  for (const ChannelAssignment& ca : assignments_) {
    std::vector<size_t> on;
    std::vector<int64_t> cycles;
    for (size_t i = 0; i < ca.nets.size(); ++i)
      if (eval(ca.use[i]) > 0.5) {
        on.push_back(i);
        cycles.push_back(std::min(demand_.packetCycles[size_t(ca.nets[i])], demand_.intervalCycles));
      }
    std::vector<int> channel;
    int used = packChannels(cycles, demand_.intervalCycles, ca.flows, int(ca.open.size()), &channel);
    if (used < 0) return std::nullopt;
    for (size_t j = 0; j < on.size(); ++j) v[ca.a[on[j]][size_t(channel[j])]] = 1;
    for (int k = 0; k < used; ++k) v[ca.open[size_t(k)]] = 1;
    v[ca.u] = std::max(v[ca.u], double(used));
  }
  for (const ResourceRow& rr : resources_)
    if (rr.slack >= 0) {
      v[rr.slack] = 0;
      const milp::Row& row = model_.row(rr.row);
      double lhs = 0;
      for (const auto& t : row.terms) lhs += t.coef * v[t.var];
      v[rr.slack] = std::max(0.0, lhs - row.ub);
    }
  return v;
}

}  // namespace ts::aie
