#pragma once
// The routing MILP of the AIE PnR paper (Sec. IV, eqs. 3-8) as a model builder, so that the
// MILP router (fixed placement) and placement algorithms (joint PnR MILP, LSMO oracle) build
// the same formulation.
//
// Graph. The model runs on the RR graph with each switch's crossbar contracted into one node
// (the crossbar is a full crossbar of unlimited capacity, so nothing is lost); the crossbar
// edges of a route are restored by extract(). With eq. 4 (one incoming edge per node and
// net) on the contracted node, a route enters each switch once, so it can never turn around.
// Per net the graph is pruned to the bounding box of the net's candidate tiles grown by
// `margin` tiles.
//
// Variables per net n: x[n,e] (edge e in n's route tree, binary), f[n,e] (flow, eq. 3/5;
// for single-target nets x doubles as the flow), yC[n] / yP[n] (stream in circuit / packet
// mode). The interconnect of a net follows from the one edge leaving its source (shared
// write, intra-tile or MM2S DMA). Resources (each row only where it can bind):
//  - DMA channels per tile and direction: circuit uses + u[p] <= channels, packet uses <=
//    F_dma * u[p] (F_dma = dmaFlowsPerChannel: bounded by BDs), congestion c[p] >= packet uses
//    - u[p]; where the packet streams that may use p cannot all share one channel's bandwidth
//    (stream_bandwidth.h), each is assigned a channel k (a[n,k], sum_k a[n,k] = its packet use)
//    and every channel k in use (o[k], sum_k o[k] <= u[p]) carries at most F_dma streams and
//    sum_n cycles[n] a[n,k] <= interval (a stream longer than the interval counts as the whole
//    interval: it may use a channel alone);
//  - link channels: circuit uses + w[e] <= capacity, packet uses <= F * w[e] (F = master
//    selects), and the paper's congestion slack c[e] >= packet uses - w[e] (eq. 6);
//  - buffer descriptors per tile: sum over stream endpoints of endpointBds(depth) x (the DMA
//    edge is used) <= the tile's BDs (routing_legality.h);
//  - packet ids: packet nets <= max id + 1; arbiters per switch (added lazily, see
//    addArbiterRow);
//  - buffer memory per tile (eq. 7) and locks per tile (routing_legality.h's resource model).
// Objective (eq. 8): alpha * sum C_e x + beta * sum P_e c + gamma * sum m_p (KiB), plus a
// per-net cost for circuit and packet mode.
//
// Joint placement and routing (Sec. IV-B). setCandidates(core, {{tile, var}, ...}) gives a
// core several candidate tiles, each with a binary placement variable pi[l,p] that the
// caller created in the same milp::Model. The builder then uses pi in the flow supplies
// (eq. 3: -|T| pi[s,p] at p's source node, sum_t pi[t,p] at p's sink node), in buffers and
// locks, and linearises the products it needs (stream buffer of a target at p). The caller
// adds eq. 2 (sum_p pi[l,p] = 1), one compute core per tile, pins and any blacklist cuts,
// then calls build(). A candidate with var = -1 is a fixed location (presence 1).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "engine/aie/stream_bandwidth.h"
#include "engine/milp/model.h"

namespace ts::aie {

/// Weights and switches of the routing formulation (documented defaults).
struct RoutingModelOptions {
  double alpha = 1.0;           ///< eq. 8: weight of the routing cost sum C_e * x
  double beta = 1.0;            ///< eq. 8: weight of the congestion penalty sum P_e * c
  double gamma = 0.05;          ///< eq. 8: weight per KiB of buffer memory
  double linkCost = 1.0;        ///< C_e of one inter-switch link hop
  double dmaCost = 1.0;         ///< C_e of one MM2S or S2MM channel use
  double sharedCost = 0.1;      ///< C_e of one shared-memory write or read
  double intraCost = 0.0;       ///< C_e of an intra-tile copy on a memory tile
  double circuitNetCost = 0.0;  ///< per net in circuit mode
  double packetNetCost = 0.5;   ///< per net in packet mode (headers, arbitration)
  double linkPenalty = 1.0;     ///< P_e: per packet flow sharing a link channel with another
  double dmaPenalty = 1.0;      ///< P_e: per packet flow sharing a DMA channel with another
  int margin = 0;               ///< tiles added around each net's bounding box (grown when infeasible)
  /// One unit flow per target (f[n,t,e] <= x[n,e]) instead of eq. 3/5's aggregated |T|-unit
  /// flow: the same integer solutions with a much tighter LP bound for multicast nets.
  bool perTargetFlows = true;
  bool allowShared = true;
  bool allowCircuit = true;
  bool allowPacket = true;
  /// Whether streams may share a DMA channel in this formulation (as packet flows): what a
  /// placer before it or inside it may count on (SA's `dma_sharing`).
  bool sharesDmaChannels() const { return allowPacket; }
  /// Packet flows per channel, links and DMA alike; 0 = the device's (master selects for links,
  /// dmaFlowsPerChannel for DMA channels).
  int packetFlowsPerChannel = 0;
  /// Elastic mode (for explaining infeasibility): every resource row gets a penalised slack.
  bool elastic = false;
  double elasticPenalty = 1000.0;
};

/// A possible location of a logical core; var = -1 means "fixed here" (presence 1).
struct CoreCandidate {
  TileCoord tile;
  int var = -1;
};

/// A resource row of the model, kept so that slacks and duals can be explained in words.
struct ResourceRow {
  enum Kind { DmaOut, DmaIn, Link, Memory, Locks, PacketIds, Arbiters, Bds };
  explicit ResourceRow(Kind k) : kind(k) {}
  Kind kind;
  int row = -1;
  int slack = -1;  ///< elastic slack variable, or -1
  TileCoord tile{-1, -1};
  int edge = -1;  ///< link rows
  double capacity = 0;
  milp::LinExpr circuitUse, packetUse;  ///< DMA/link rows: what the row counts
  milp::LinExpr use;                    ///< memory/locks/packet-id/arbiter rows: the usage
};

/// Memory-tile spill in a MILP (memtile_spill.h): for each memory tile whose `bytes` (indexed
/// like the device's tiles; terms of variables in [0, 1]) may exceed its capacity, continuous
/// variables for the bytes it puts in its row neighbours' memory, at most its bytes less the
/// `fixed` part (its cores' own data). Returns what each tile's memory then holds; `receives`
/// marks the tiles that may take spill, whose holdings are no longer bounded by their own terms.
std::vector<milp::LinExpr> addMemoryTileSpill(milp::Model& model, const Device& device,
                                              const std::vector<milp::LinExpr>& bytes,
                                              const std::vector<milp::LinExpr>& fixed, const std::string& prefix,
                                              std::vector<bool>& receives);

/// Adds the crossbar edges a route of non-crossbar edges needs inside each switch it passes
/// (enters on one port, leaves on others); routes on contracted switches become RR routes.
void restoreCrossbars(const RrGraph& graph, std::vector<int>& edges);

/// The route of an intra-tile net on memory tile `tile`, and of a shared-memory net that
/// writes `bank` at `source` and is read at `targets` (buffer tiles set, not yet checked).
NetRoute intraTileRoute(const RrGraph& graph, TileCoord tile);
NetRoute sharedMemoryRoute(const RrGraph& graph, TileCoord source, TileCoord bank,
                           const std::vector<TileCoord>& targets);

class RoutingModelBuilder {
 public:
  RoutingModelBuilder(const Design& design, const Device& device, const RrGraph& graph,
                      const RoutingModelOptions& options, milp::Model& model);

  /// Every core fixed where the placement puts it.
  void setFixedPlacement(const Placement& placement);
  void setCandidates(CoreId core, std::vector<CoreCandidate> candidates);
  /// Adds all variables and rows. Call once.
  void build();

  /// Adds the arbiter row of a switch (lazy constraint: only switches a solution overused).
  void addArbiterRow(TileCoord tile);
  bool hasArbiterRow(TileCoord tile) const;

  /// The routing encoded in a solution (nets the solution leaves open are unrouted).
  Routing extract(const std::vector<double>& values) const;
  /// A solution vector for a routing of the fixed placement (MIP start). Returns nothing when
  /// the routing uses edges outside the model (e.g. outside the pruned region).
  std::optional<std::vector<double>> encode(const Routing& routing) const;

  /// Every variable that belongs to net n alone (route edges, flows, mode, channel assignment):
  /// fixing them at a routing's values keeps n's route (routing_neighbourhoods.h).
  const std::vector<int>& netVariables(NetId n) const { return netVars_[size_t(n)]; }
  const std::vector<ResourceRow>& resourceRows() const { return resources_; }
  /// Nets that have no possible interconnect in this model, with the reason.
  const std::vector<std::pair<NetId, std::string>>& unroutable() const { return unroutable_; }
  /// True when every net's region is the whole array.
  bool fullRegion() const { return fullRegion_; }
  /// Packet flows per link channel, and per DMA channel of a tile.
  int flowsPerChannel() const { return flowsPerChannel_; }
  int dmaFlows(TileCoord tile) const;
  /// Whether the packet streams of this DMA edge are assigned channels by bandwidth, and the
  /// demand that decides it (stream_bandwidth.h).
  bool bandwidthBinds(int edge) const;
  const StreamDemand& demand() const { return demand_; }

 private:
  struct EdgeVar {
    int edge;      ///< RR edge id
    int from, to;  ///< contracted node ids
    int x = -1, f = -1;
    int zC = -1, zP = -1;  ///< circuit / packet use of links that have capacity rows
  };
  struct NetVars {
    bool stream = false, shared = false, intra = false;
    int yC = -1, yP = -1;
    std::vector<EdgeVar> edges;
    std::map<int, int> byEdge;                 ///< RR edge id -> index in edges
    std::vector<std::vector<int>> targetFlow;  ///< per target: flow variable per edge (or -1)
    int targets = 0;                           ///< |T|
  };

  int contracted(int node) const;
  void buildNet(NetId n);
  void addLinkModeRows(int edge);
  milp::LinExpr presence(CoreId core, TileCoord tile) const;
  bool fixedAt(CoreId core, TileCoord tile) const;
  milp::LinExpr edgeX(NetId n, int edge) const;
  milp::LinExpr modeUse(NetId n, int edge, bool packet);
  void addDmaRows();
  void addBandwidthRows(const std::string& name, const std::vector<NetId>& nets, int edge, int channels, int flows,
                        int u);
  void addMemoryRows();
  void addPacketIdRow();
  int addResourceRow(ResourceRow r, const milp::LinExpr& lhs, double rhs, const std::string& name);
  std::string tileName(TileCoord t) const;

  const Design& design_;
  const Device& device_;
  const RrGraph& graph_;
  RoutingModelOptions options_;
  milp::Model& model_;
  int flowsPerChannel_ = 4;
  std::vector<std::vector<CoreCandidate>> candidates_;
  std::vector<NetVars> nets_;
  std::vector<std::vector<int>> netVars_;                        ///< per net: its own variables (netVariables)
  std::map<std::pair<NetId, CoreId>, int> linkedAt_;             ///< endpoints whose buffer is a link's
  std::map<int, std::vector<std::pair<NetId, int>>> linkUsers_;  ///< link edge -> (net, index)
  std::map<int, int> linkW_;                                     ///< link edge -> packet-channel variable
  std::map<int, int> dmaU_;                                      ///< tile index * 2 + dir -> packet-channel variable
  std::map<int, int> arbiterRow_;                                ///< tile index -> row
  struct Share {
    int channels;    ///< packet channels (integer)
    int congestion;  ///< flows beyond one per channel, or -1
    milp::LinExpr packet;
    int flows;  ///< packet flows one channel carries
  };
  std::vector<Share> shares_;
  StreamDemand demand_;
  /// Packet streams assigned to the channels of one DMA (addBandwidthRows).
  struct ChannelAssignment {
    int u;                            ///< the DMA's packet-channel variable
    int edge;                         ///< the DMA edge
    int flows;                        ///< streams one channel carries (BDs)
    std::vector<NetId> nets;          ///< streams that may use it
    std::vector<milp::LinExpr> use;   ///< their packet use of the DMA edge
    std::vector<std::vector<int>> a;  ///< a[i][k]: stream nets[i] on channel k
    std::vector<int> open;            ///< o[k]: channel k carries packets
  };
  std::vector<ChannelAssignment> assignments_;
  std::vector<ResourceRow> resources_;
  std::vector<std::pair<NetId, std::string>> unroutable_;
  bool fullRegion_ = true;
  bool built_ = false;
};

}  // namespace ts::aie
