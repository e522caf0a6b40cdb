#include "widgets/history/aie_run.h"

#include <QCryptographicHash>
#include <cmath>

#include "engine/core/error.h"
#include "widgets/run_job.h"

namespace ts::ui {

namespace {

std::shared_ptr<const std::vector<std::string>> coreNames(const aie::Design& d) {
  auto v = std::make_shared<std::vector<std::string>>();
  for (const auto& c : d.cores) v->push_back(c.name);
  return v;
}

std::shared_ptr<const std::vector<std::string>> netNames(const aie::Design& d) {
  auto v = std::make_shared<std::vector<std::string>>();
  for (const auto& n : d.nets) v->push_back(n.name);
  return v;
}

bool parseInterconnect(const std::string& s, aie::Interconnect* type) {
  for (aie::Interconnect t : {aie::Interconnect::SharedMemory, aie::Interconnect::Circuit, aie::Interconnect::Packet,
                              aie::Interconnect::IntraTile})
    if (s == aie::toString(t)) {
      *type = t;
      return true;
    }
  return false;
}

aie::TileCoord tileFrom(const nlohmann::json& j) {
  return {j.at(0).get<int>(), j.at(1).get<int>()};
}

}  // namespace

AieRunPayload::AieRunPayload(const aie::Design& design, const aie::Device& device,
                             std::shared_ptr<const aie::RrGraph> graph, aie::Placement placement,
                             std::shared_ptr<const aie::Routing> routing, bool success, double milpGap)
    : coreNames_(coreNames(design)),
      netNames_(netNames(design)),
      graphNodes_(graph ? graph->nodeCount() : 0),
      graphEdges_(graph ? graph->edgeCount() : 0),
      placement_(std::move(placement)),
      routing_(graph ? std::move(routing) : nullptr),
      success_(success),
      gap_(milpGap) {
  AieUsage usage = computeAieUsage(design, device, placement_, routing_.get(), routing_ ? graph.get() : nullptr);
  figures_ = aieFigures(design, device, placement_, routing_.get(), graph.get(), usage);
}

const std::vector<MetricColumn>& aieMetricColumns() {
  using B = MetricColumn::Better;
  static const std::vector<MetricColumn> columns = {
      {"success", "success",
       "the run reached its goal, checked: a legal placement (placers), a legal routing (routers), both (place & "
       "route)",
       B::Higher, 0, true},
      {"route_length", "route length", "inter-switch link hops (estimate when not routed); lower is better", B::Lower,
       0},
      {"buffers_kib", "buffers KiB", "net buffer memory; lower is better", B::Lower, 1},
      {"shared_nets", "shared", "nets through shared memory (no DMA, no stream); higher is better", B::Higher, 0},
      {"circuit_nets", "circuit", "circuit-switched stream nets", B::None, 0},
      {"packet_nets", "packet", "packet-switched stream nets", B::None, 0},
      {"dma_channels", "DMA", "DMA channels used; lower is better", B::Lower, 0},
      {"max_link_use", "max link", "most used stream link: used / available channels; lower is better", B::Lower, 2},
      {"runtime_us", "runtime µs", "estimated runtime of the design (model, not measured); lower is better", B::Lower,
       1},
      {"milp_gap", "MILP gap", "relative gap of the MILP's incumbent to its bound; lower is better", B::Lower, 3},
  };
  return columns;
}

double AieRunPayload::metric(const QString& key) const {
  const AieFigures& f = figures_;
  if (key == "success") return success_ ? 1 : 0;
  if (key == "route_length") return f.routeLength;
  if (key == "buffers_kib") return f.bufferKb;
  if (key == "shared_nets") return f.sharedNets;
  if (key == "circuit_nets") return f.routed ? f.circuitNets : AieFigures::kNone;
  if (key == "packet_nets") return f.routed ? f.packetNets : AieFigures::kNone;
  if (key == "dma_channels") return f.dmaChannels;
  if (key == "max_link_use") return f.maxLinkUse;
  if (key == "runtime_us") return f.runtimeUs;
  if (key == "milp_gap") return gap_;
  return AieFigures::kNone;
}

QString AieRunPayload::summary() const {
  return aieFiguresSummary(figures_);
}

nlohmann::json AieRunPayload::toJson() const {
  nlohmann::json tiles = nlohmann::json::object();
  nlohmann::json pinned = nlohmann::json::array();
  for (aie::CoreId c = 0; c < placement_.size(); ++c) {
    const std::string& name = (*coreNames_)[size_t(c)];
    if (placement_.placed(c)) tiles[name] = {placement_.tile(c).col, placement_.tile(c).row};
    if (placement_.pinned(c)) pinned.push_back(name);
  }
  nlohmann::json out{{"success", success_}, {"placement", tiles}, {"pinned", pinned}};
  if (AieFigures::has(gap_)) out["milp_gap"] = gap_;
  if (routing_) {
    nlohmann::json nets = nlohmann::json::array();
    for (size_t n = 0; n < routing_->nets.size(); ++n) {
      const aie::NetRoute& r = routing_->nets[n];
      if (!r.routed) continue;
      nlohmann::json buffers = nlohmann::json::array();
      for (aie::TileCoord t : r.bufferTiles) buffers.push_back({t.col, t.row});
      nets.push_back({{"net", (*netNames_)[n]},
                      {"type", aie::toString(r.type)},
                      {"edges", r.edges},
                      {"buffers", buffers},
                      {"packet_id", r.packetId}});
    }
    // Edge ids refer to the RR graph of the device; its size tells whether it is the same graph.
    out["routing"] = {
        {"graph", {{"nodes", graphNodes_}, {"edges", graphEdges_}}}, {"cost", routing_->cost}, {"nets", nets}};
  }
  return out;
}

std::shared_ptr<const RunPayload> AieRunReader::read(const nlohmann::json& j) const {
  try {
    aie::Placement p(design_.coreCount());
    for (const auto& [name, at] : j.at("placement").items()) {
      aie::CoreId c = design_.findCore(name);
      if (c < 0) throw core::Error("no core named '" + name + "' in the design");
      aie::TileCoord t = tileFrom(at);
      if (!device_.contains(t)) throw core::Error("core '" + name + "' is outside the device");
      p.place(c, t);
    }
    for (const auto& name : j.value("pinned", nlohmann::json::array())) {
      aie::CoreId c = design_.findCore(name.get<std::string>());
      if (c >= 0) p.setPinned(c, true);
    }
    std::shared_ptr<const aie::Routing> routing;
    if (j.contains("routing")) {
      const auto& rj = j.at("routing");
      const auto& g = rj.at("graph");
      if (g.at("nodes").get<int>() != graph_->nodeCount() || g.at("edges").get<int>() != graph_->edgeCount())
        throw core::Error("its routing refers to another routing graph of the device");
      auto r = std::make_shared<aie::Routing>();
      r->nets.resize(size_t(design_.netCount()));
      r->cost = rj.value("cost", 0.0);
      for (const auto& nj : rj.at("nets")) {
        aie::NetId n = design_.findNet(nj.at("net").get<std::string>());
        if (n < 0) throw core::Error("no net named '" + nj.at("net").get<std::string>() + "' in the design");
        aie::NetRoute& route = r->nets[size_t(n)];
        route.routed = true;
        if (!parseInterconnect(nj.at("type").get<std::string>(), &route.type))
          throw core::Error("unknown interconnect '" + nj.at("type").get<std::string>() + "'");
        route.edges = nj.at("edges").get<std::vector<int>>();
        for (int e : route.edges)
          if (e < 0 || e >= graph_->edgeCount()) throw core::Error("routing edge out of range");
        for (const auto& b : nj.value("buffers", nlohmann::json::array())) route.bufferTiles.push_back(tileFrom(b));
        route.packetId = nj.value("packet_id", -1);
      }
      routing = std::move(r);
    }
    double gap = j.value("milp_gap", AieFigures::kNone);
    return std::make_shared<AieRunPayload>(design_, device_, graph_, std::move(p), std::move(routing),
                                           j.value("success", false), gap);
  } catch (const nlohmann::json::exception& e) {
    throw core::Error(std::string("malformed AIE result: ") + e.what());
  }
}

nlohmann::json aieDocumentIdentity(const aie::Design& d, const aie::Device& dev) {
  QCryptographicHash hash(QCryptographicHash::Sha1);
  auto add = [&hash](const std::string& s) { hash.addData(s.data(), int(s.size()) + 1); };
  add(dev.name());
  for (const auto& c : d.cores) {
    add(c.name);
    add(aie::toString(c.kind));
  }
  for (const auto& n : d.nets) {
    add(n.name);
    add(d.cores[size_t(n.source)].name);
    for (aie::CoreId t : n.targets) add(d.cores[size_t(t)].name);
  }
  return {{"kind", AieRunPayload::kKind}, {"design", d.name},     {"device", dev.name()},
          {"cores", d.coreCount()},       {"nets", d.netCount()}, {"fingerprint", hash.result().toHex().toStdString()}};
}

RunRecord aieRunRecord(const RunJob& job, std::shared_ptr<const aie::RrGraph> graph, int id, int startRun,
                       const QString& name, const SeriesRecorder& series) {
  const RunOutput& out = job.output();
  const RunInputs& in = job.inputs();
  RunRecord r;
  r.id = id;
  r.colour = id - 1;
  r.kind = QString::fromLatin1(AieRunPayload::kKind);
  r.algorithm = QString::fromStdString(job.algorithm().id());
  r.algorithmLabel = QString::fromStdString(job.algorithm().label());
  r.name = name;
  r.settings = job.values();
  r.seed = job.seed();
  r.timeLimit = job.timeLimit();
  r.startRun = startRun;
  r.success = out.success;
  r.status = QString::fromStdString(out.status);
  for (const auto& reason : out.reasons) r.reasons << QString::fromStdString(reason);
  // Stopped by the user whatever it returned; otherwise success or a failure with its reasons.
  r.end = job.stopRequested() ? RunEnd::Stopped : out.success ? RunEnd::Finished : RunEnd::Failed;
  if (r.end == RunEnd::Failed && r.reasons.isEmpty()) r.reasons << r.status;
  r.seconds = job.elapsedSeconds();
  r.pausedSeconds = job.pausedSeconds();
  r.started = job.startedAt();
  r.series = series.decimated();
  r.payload = std::make_shared<AieRunPayload>(in.design, in.device, graph, out.placement, out.routing, out.success,
                                              milpGap(out.stats));
  return r;
}

double milpGap(const std::vector<std::pair<std::string, double>>& stats) {
  // An MILP placer reports its gap; the MILP router (alone or in a flow, "route.") its
  // objective and bound.
  auto stat = [&](const std::string& key) {
    for (const auto& [k, v] : stats)
      if (k == key) return v;
    return AieFigures::kNone;
  };
  double gap = stat("gap");
  if (AieFigures::has(gap) && std::isfinite(gap)) return std::max(0.0, gap);
  for (const std::string prefix : {"", "route."}) {
    double objective = stat(prefix + "objective"), bound = stat(prefix + "bound");
    if (!std::isfinite(objective) || !std::isfinite(bound) || std::abs(objective) < 1e-12) continue;
    return std::max(0.0, (objective - bound) / std::abs(objective));
  }
  return AieFigures::kNone;
}

int aieStartRun(const std::vector<RunRecord>& records, const aie::Placement& placement) {
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    auto* p = dynamic_cast<const AieRunPayload*>(it->payload.get());
    if (p && p->placement() == placement) return it->id;
  }
  return 0;
}

}  // namespace ts::ui
