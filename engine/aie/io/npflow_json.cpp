#include "engine/aie/io/npflow_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <set>
#include <unordered_set>

#include "engine/aie/limits.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"
#include "engine/core/json_text.h"

namespace ts::aie {

using nlohmann::json;

namespace {

// Reports errors at the position of a JSON pointer in the original text.
class JsonReader {
 public:
  JsonReader(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {}

  json parse() const { return core::parseJsonText(text_, file_); }
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    auto [line, col] = core::locateJsonPointer(text_, pointer);
    throw core::InputError(file_, line, col, message);
  }
  const json& field(const json& obj, const std::string& pointer, const char* key) const {
    std::string where = pointer.empty() ? "" : pointer + ": ";
    if (!obj.is_object()) fail(pointer, where + "expected an object");
    auto it = obj.find(key);
    if (it == obj.end()) fail(pointer, where + "missing field '" + key + "'");
    return *it;
  }
  /// col_x / row_y: -1 (unplaced) or an index below `size`.
  int64_t coordinate(const json& v, const std::string& pointer, const char* what, int64_t size,
                     const std::string& on) const {
    if (!v.is_number_integer()) fail(pointer, pointer + ": expected an integer " + what + " (-1 = unplaced)");
    bool inside = !v.is_number_unsigned() || v.get<uint64_t>() < uint64_t(size);
    int64_t c = inside ? v.get<int64_t>() : size;
    if (c < -1 || c >= size)
      fail(pointer, pointer + ": " + v.dump() + " is outside " + what + "s 0.." + std::to_string(size - 1) + on +
                        " (-1 = unplaced)");
    return c;
  }
  /// An integer in [min, max] at obj[key].
  int64_t integer(const json& obj, const std::string& pointer, const char* key, int64_t min, int64_t max) const {
    return integerValue(field(obj, pointer, key), pointer + "/" + key, min, max);
  }
  int64_t integerValue(const json& v, const std::string& pointer, int64_t min, int64_t max) const {
    std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
    if (!v.is_number_integer()) fail(pointer, pointer + ": expected an integer in " + range);
    bool tooBig = v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(max);
    if (tooBig || v.get<int64_t>() < min || v.get<int64_t>() > max)
      fail(pointer, pointer + ": " + v.dump() + " is out of range " + range);
    return v.get<int64_t>();
  }
  /// An id that must name one of `count` things (nodes, nets): "no node 7 (ids are 0..3)".
  int64_t reference(const json& v, const std::string& pointer, const char* thing, size_t count) const {
    if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)) ||
        v.get<int64_t>() < 0 || v.get<int64_t>() >= int64_t(count))
      fail(pointer, pointer + ": no " + thing + " " + v.dump() +
                        (count ? " (ids are 0.." + std::to_string(count - 1) + ")" : std::string(" (there are none)")));
    return v.get<int64_t>();
  }
  std::vector<int64_t> references(const json& obj, const std::string& pointer, const char* key, const char* thing,
                                  size_t count) const {
    const json& a = array(obj, pointer, key);
    std::vector<int64_t> out;
    out.reserve(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      out.push_back(reference(a[i], pointer + "/" + key + "/" + std::to_string(i), thing, count));
    return out;
  }
  const json& array(const json& obj, const std::string& pointer, const char* key) const {
    const json& v = field(obj, pointer, key);
    if (!v.is_array()) fail(pointer + "/" + key, pointer + "/" + key + ": expected a list");
    return v;
  }
  std::vector<int64_t> integers(const json& obj, const std::string& pointer, const char* key, int64_t min,
                                int64_t max) const {
    const json& a = array(obj, pointer, key);
    std::vector<int64_t> out;
    out.reserve(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      out.push_back(integerValue(a[i], pointer + "/" + key + "/" + std::to_string(i), min, max));
    return out;
  }

 private:
  const std::string& text_;
  std::string file_;
};

CoreKind kindFromNpflow(const JsonReader& in, const std::string& pointer, const std::string& s) {
  if (s == "COMP") return CoreKind::Compute;
  if (s == "MEM") return CoreKind::MemTile;
  if (s == "SHIM") return CoreKind::Shim;
  in.fail(pointer, pointer + ": type must be COMP, MEM or SHIM, got '" + s + "'");
}

const char* npflowType(CoreKind kind) {
  switch (kind) {
    case CoreKind::Compute:
      return "COMP";
    case CoreKind::MemTile:
      return "MEM";
    case CoreKind::Shim:
      return "SHIM";
  }
  return "COMP";
}

json tileJson(TileCoord t) {
  return json{{"col_x", t.col}, {"row_y", t.row}};
}

// Reads the node list into (id -> kind, tile), checking ids are exactly 0..N-1 and every
// coordinate lies on `device` (or, without one, in the largest array the hardware allows).
struct NodeInfo {
  CoreKind kind = CoreKind::Compute;
  TileCoord tile = Placement::kUnplaced;
  size_t at = 0;      ///< position in the nodes array
  std::string group;  ///< TileStudio extension: the subgraph the node belongs to
};

/// The optional `"tilestudio": {"group": "name"}` of a node (np-flow has no subgraphs; other
/// readers ignore the extra object, as they do a net's packet id).
std::string readNodeGroup(const JsonReader& in, const json& node, const std::string& p) {
  auto ext = node.find("tilestudio");
  if (ext == node.end()) return "";
  if (!ext->is_object()) in.fail(p + "/tilestudio", p + "/tilestudio: expected an object such as {\"group\": \"L1\"}");
  auto g = ext->find("group");
  if (g == ext->end()) return "";
  if (!g->is_string() || g->get<std::string>().empty())
    in.fail(p + "/tilestudio/group", p + "/tilestudio/group: expected a non-empty string (the core's subgraph)");
  return g->get<std::string>();
}

/// The optional `"tilestudio": {"ports": ["dma", "stream", ...], "streamed": true, "shared_depth": 4}`
/// of a net (MLIR flows' port kinds, producer first; whether it must be streamed; the objects of
/// its shared-memory buffer when that is not its deepest end's depth). np-flow has none of them.
void readNetExtension(const JsonReader& in, const json& netJson, const std::string& p, Net& net) {
  auto ext = netJson.find("tilestudio");
  if (ext == netJson.end()) return;
  if (!ext->is_object())
    in.fail(p + "/tilestudio", p + "/tilestudio: expected an object such as {\"streamed\": true}");
  if (auto s = ext->find("streamed"); s != ext->end()) {
    if (!s->is_boolean()) in.fail(p + "/tilestudio/streamed", p + "/tilestudio/streamed: expected true or false");
    net.streamed = s->get<bool>();
  }
  if (auto d = ext->find("shared_depth"); d != ext->end()) {
    const std::string q = p + "/tilestudio/shared_depth";
    if (!d->is_number_integer() || d->get<int64_t>() < 1 || d->get<int64_t>() > limits::kMaxDepth)
      in.fail(q, q + ": expected an integer in [1, " + std::to_string(limits::kMaxDepth) + "]");
    net.sharedDepth = int(d->get<int64_t>());
  }
  auto ports = ext->find("ports");
  if (ports == ext->end()) return;
  const std::string q = p + "/tilestudio/ports";
  if (!ports->is_array() || ports->size() != net.targets.size() + 1)
    in.fail(q, q + ": expected " + std::to_string(net.targets.size() + 1) +
                   " of \"dma\" or \"stream\" (producer first, then one per target)");
  for (size_t k = 0; k < ports->size(); ++k) {
    const json& v = (*ports)[k];
    std::optional<PortKind> port = v.is_string() ? portKindNamed(v.get<std::string>()) : std::nullopt;
    if (!port)
      in.fail(q + "/" + std::to_string(k), q + "/" + std::to_string(k) + ": expected \"dma\" or \"stream\"");
    if (k == 0)
      net.sourcePort = *port;
    else
      net.targetPorts.push_back(*port);
  }
}

std::vector<NodeInfo> readNodes(const JsonReader& in, const json& root, const Device* device) {
  if (!root.is_object()) in.fail("", "expected a JSON object with nodes, nets and links");
  const json& nodes = in.array(root, "", "nodes");
  if (nodes.size() > size_t(limits::kMaxCores))
    in.fail("/nodes", "/nodes: " + std::to_string(nodes.size()) + " nodes, at most " +
                          std::to_string(limits::kMaxCores) + " are supported");
  std::vector<NodeInfo> out(nodes.size());
  std::vector<bool> seen(nodes.size(), false);
  const int64_t columns = device ? device->columns() : limits::kMaxColumns;
  const int64_t rows = device ? device->rows() : limits::kMaxRows;
  const std::string on = device ? " of " + device->name() : " of any AIE array";
  for (size_t i = 0; i < nodes.size(); ++i) {
    std::string p = "/nodes/" + std::to_string(i);
    int64_t id = in.integer(nodes[i], p, "id", 0, int64_t(nodes.size()) - 1);
    if (seen[size_t(id)]) in.fail(p + "/id", p + "/id: node id " + std::to_string(id) + " is used twice");
    seen[size_t(id)] = true;
    out[size_t(id)].at = i;
    const json& type = in.field(nodes[i], p, "type");
    if (!type.is_string()) in.fail(p + "/type", p + "/type: expected a string");
    out[size_t(id)].kind = kindFromNpflow(in, p + "/type", type.get<std::string>());
    int64_t col =
        nodes[i].contains("col_x") ? in.coordinate(nodes[i]["col_x"], p + "/col_x", "column", columns, on) : -1;
    int64_t row = nodes[i].contains("row_y") ? in.coordinate(nodes[i]["row_y"], p + "/row_y", "row", rows, on) : -1;
    if ((col < 0) != (row < 0)) in.fail(p, p + ": col_x and row_y must both be set or both be -1");
    if (col >= 0) out[size_t(id)].tile = {int(col), int(row)};
    out[size_t(id)].group = readNodeGroup(in, nodes[i], p);
  }
  return out;
}

std::string nodeName(CoreKind kind, int id) {
  switch (kind) {
    case CoreKind::Compute:
      return "comp" + std::to_string(id);
    case CoreKind::MemTile:
      return "mem" + std::to_string(id);
    case CoreKind::Shim:
      return "shim" + std::to_string(id);
  }
  return "n" + std::to_string(id);
}

// The JSON pointer of the part of the design a problem is about (nets and links keep their
// array position in `netAt` / link order).
std::string pointerOf(const DesignProblem& p, const std::vector<size_t>& netAt) {
  switch (p.part) {
    case DesignProblem::Part::Net:
      return "/nets/" + std::to_string(netAt[size_t(p.index)]);
    case DesignProblem::Part::Link:
      return "/links/" + std::to_string(p.index);
    case DesignProblem::Part::Core:
    case DesignProblem::Part::Cascade:
    case DesignProblem::Part::MemoryUse:
    case DesignProblem::Part::Turns:
    case DesignProblem::Part::Design:
      break;
  }
  return "";
}

}  // namespace

NpflowNetlist parseNpflowNetlist(const std::string& text, const std::string& file, const std::string& device,
                                 const Device* onDevice) {
  JsonReader in(text, file);
  json root = in.parse();
  NpflowNetlist out;
  Design& d = out.design;
  d.name = std::filesystem::path(file).stem().string();
  d.device = device;
  std::vector<NodeInfo> nodes = readNodes(in, root, onDevice);
  d.cores.reserve(nodes.size());
  for (size_t id = 0; id < nodes.size(); ++id)
    d.cores.push_back({nodeName(nodes[id].kind, int(id)), nodes[id].kind, 0, 0, std::nullopt, nodes[id].group});

  const json& nets = in.array(root, "", "nets");
  if (nets.size() > size_t(limits::kMaxNets))
    in.fail("/nets", "/nets: " + std::to_string(nets.size()) + " nets, at most " + std::to_string(limits::kMaxNets) +
                         " are supported");
  d.nets.resize(nets.size());
  std::vector<size_t> netAt(nets.size(), 0);  // array position of each net id
  std::vector<bool> seenNet(nets.size(), false);
  for (size_t i = 0; i < nets.size(); ++i) {
    std::string p = "/nets/" + std::to_string(i);
    int64_t id = in.integer(nets[i], p, "net_id", 0, int64_t(nets.size()) - 1);
    if (seenNet[size_t(id)]) in.fail(p + "/net_id", p + "/net_id: net id " + std::to_string(id) + " is used twice");
    seenNet[size_t(id)] = true;
    netAt[size_t(id)] = i;
    Net& net = d.nets[size_t(id)];
    if (nets[i].contains("net_name")) {
      const json& name = nets[i]["net_name"];
      if (!name.is_string() || name.get<std::string>().empty())
        in.fail(p + "/net_name", p + "/net_name: expected a non-empty string");
      net.name = name.get<std::string>();
    } else {
      net.name = "net" + std::to_string(id);
    }
    net.source = CoreId(in.reference(in.field(nets[i], p, "src_id"), p + "/src_id", "node", nodes.size()));
    for (int64_t t : in.references(nets[i], p, "dst_ids", "node", nodes.size())) net.targets.push_back(CoreId(t));
    if (net.targets.empty()) in.fail(p + "/dst_ids", p + "/dst_ids: a net needs at least one target");
    std::vector<int64_t> depths = in.integers(nets[i], p, "depths", 1, limits::kMaxDepth);
    if (depths.size() == 1) depths.assign(net.targets.size() + 1, depths[0]);
    if (depths.size() != net.targets.size() + 1)
      in.fail(p + "/depths",
              p + "/depths: expected 1 or " + std::to_string(net.targets.size() + 1) + " values (producer first)");
    net.sourceDepth = int(depths[0]);
    for (size_t k = 1; k < depths.size(); ++k) net.targetDepths.push_back(int(depths[k]));
    net.bytesPerObject = in.integer(nets[i], p, "byte_size_per_depth", 1, limits::kMaxBytesPerObject);
    readNetExtension(in, nets[i], p, net);
  }
  // Duplicate net names would make YAML exports ambiguous; make them unique.
  std::unordered_set<std::string> names;
  for (size_t i = 0; i < d.nets.size(); ++i)
    if (!names.insert(d.nets[i].name).second) {
      d.nets[i].name += "_" + std::to_string(i);
      names.insert(d.nets[i].name);
    }

  if (root.contains("links")) {
    const json& links = in.array(root, "", "links");
    for (size_t i = 0; i < links.size(); ++i) {
      std::string p = "/links/" + std::to_string(i);
      Link link;
      for (int64_t n : in.references(links[i], p, "src_net_ids", "net", nets.size())) link.inputs.push_back(NetId(n));
      for (int64_t n : in.references(links[i], p, "dst_net_ids", "net", nets.size())) link.outputs.push_back(NetId(n));
      d.links.push_back(std::move(link));
    }
  }
  for (const DesignProblem& problem : d.diagnose()) {
    std::string pointer = pointerOf(problem, netAt);
    in.fail(pointer, (pointer.empty() ? "" : pointer + ": ") + problem.message);
  }

  out.placement = Placement(d.coreCount());
  for (size_t id = 0; id < nodes.size(); ++id)
    if (nodes[id].tile.col >= 0) {
      out.placement.place(CoreId(id), nodes[id].tile);
      out.placement.setPinned(CoreId(id), true);  // the flow fixed it before calling us
    }
  return out;
}

NpflowNetlist loadNpflowNetlist(const std::string& path, const std::string& device, const Device* onDevice) {
  return parseNpflowNetlist(core::readFile(path), path, device, onDevice);
}

Placement readNpflowPlacement(const std::string& text, const std::string& file, const Design& design,
                              const Device* device) {
  JsonReader in(text, file);
  json root = in.parse();
  std::vector<NodeInfo> nodes = readNodes(in, root, device);
  if (int(nodes.size()) != design.coreCount())
    in.fail("/nodes", "/nodes: " + std::to_string(nodes.size()) + " nodes but design '" + design.name + "' has " +
                          std::to_string(design.coreCount()) + " cores");
  Placement p = Placement::fromDesignPins(design);
  for (size_t id = 0; id < nodes.size(); ++id) {
    if (nodes[id].kind != design.cores[id].kind) {
      std::string p = "/nodes/" + std::to_string(nodes[id].at);
      in.fail(p + "/type", p + "/type: node " + std::to_string(id) + " is " + npflowType(nodes[id].kind) +
                               " but core '" + design.cores[id].name + "' is " + npflowType(design.cores[id].kind));
    }
    if (nodes[id].tile.col >= 0) p.place(CoreId(id), nodes[id].tile);
  }
  return p;
}

namespace {

json netlistJson(const Design& design, const Placement* placement) {
  json root;
  root["nodes"] = json::array();
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    TileCoord t = placement && placement->placed(c) ? placement->tile(c) : Placement::kUnplaced;
    json node = {{"id", c}, {"type", npflowType(design.cores[c].kind)}, {"col_x", t.col}, {"row_y", t.row}};
    if (!design.cores[c].group.empty()) node["tilestudio"] = {{"group", design.cores[c].group}};
    root["nodes"].push_back(std::move(node));
  }
  root["nets"] = json::array();
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[n];
    json depths = json::array({net.sourceDepth});
    for (int dep : net.targetDepths) depths.push_back(dep);
    json entry = {{"net_id", n},
                  {"net_name", net.name},
                  {"src_id", net.source},
                  {"dst_ids", net.targets},
                  {"depths", depths},
                  {"byte_size_per_depth", net.bytesPerObject}};
    if (net.hasStreamPort()) {
      json ports = json::array();
      for (int pin = 0; pin <= int(net.targets.size()); ++pin) ports.push_back(toString(net.port(pin)));
      entry["tilestudio"]["ports"] = ports;
    }
    if (net.streamed) entry["tilestudio"]["streamed"] = true;
    if (net.sharedDepth > 0) entry["tilestudio"]["shared_depth"] = net.sharedDepth;
    root["nets"].push_back(std::move(entry));
  }
  root["links"] = json::array();
  for (const Link& l : design.links) root["links"].push_back({{"src_net_ids", l.inputs}, {"dst_net_ids", l.outputs}});
  return root;
}

}  // namespace

std::string npflowNetlistJson(const Design& design, const Placement* placement) {
  return netlistJson(design, placement).dump(2) + "\n";
}

namespace {

// Tiles a stream passes through between its endpoints, in breadth-first order from the source.
std::vector<TileCoord> hopTiles(const Design& design, const Placement& placement, NetId n, const RrGraph& graph,
                                const NetRoute& route) {
  std::set<TileCoord> endpoints;
  endpoints.insert(placement.tile(design.nets[n].source));
  for (CoreId t : design.nets[n].targets) endpoints.insert(placement.tile(t));
  std::vector<TileCoord> out;
  std::set<TileCoord> seen;
  std::set<int> edgeSet(route.edges.begin(), route.edges.end());
  std::deque<int> queue{graph.sourceNode(placement.tile(design.nets[n].source))};
  std::set<int> visited{queue.front()};
  while (!queue.empty()) {
    int v = queue.front();
    queue.pop_front();
    const RrNode& node = graph.node(v);
    if ((node.kind == RrNodeKind::SwitchIn || node.kind == RrNodeKind::SwitchOut) && !endpoints.count(node.tile) &&
        seen.insert(node.tile).second)
      out.push_back(node.tile);
    for (int e : graph.outEdges(v))
      if (edgeSet.count(e) && visited.insert(graph.edge(e).to).second) queue.push_back(graph.edge(e).to);
  }
  return out;
}

}  // namespace

std::string npflowPlacedJson(const Design& design, const Placement& placement, const RrGraph* graph,
                             const Routing* routing, bool failed) {
  json root = netlistJson(design, &placement);
  bool routed = graph && routing && int(routing->nets.size()) == design.netCount();
  if (routed) {
    for (NetId n = 0; n < design.netCount(); ++n) {
      const NetRoute& r = routing->nets[n];
      json hops = json::array();
      if (r.type == Interconnect::Circuit || r.type == Interconnect::Packet)
        for (TileCoord t : hopTiles(design, placement, n, *graph, r)) hops.push_back(tileJson(t));
      json alloc = json::array();
      for (TileCoord t : r.bufferTiles) alloc.push_back(tileJson(t));
      root["nets"][n]["routing_info"] = {
          {"connection_type", npflowName(r.type)}, {"intermediates", hops}, {"allocation_tiles", alloc}};
      if (r.packetId >= 0) root["nets"][n]["tilestudio"] = {{"packet_id", r.packetId}};
    }
  }
  double cost = failed ? 1e9 : (routed ? routing->cost : 0.0);
  root["routing"] = {{"routing_cost", cost}};
  return root.dump(2) + "\n";
}

}  // namespace ts::aie
