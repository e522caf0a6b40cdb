#include "engine/aie/io/npflow_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <set>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"

namespace ts::aie {

using nlohmann::json;

namespace {

// Reports errors at the position of a JSON pointer in the original text.
class JsonReader {
 public:
  JsonReader(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {}

  json parse() const {
    try {
      return json::parse(text_);
    } catch (const json::parse_error& e) {
      auto [line, col] = core::lineColumnOf(text_, e.byte > 0 ? e.byte - 1 : 0);
      std::string what = e.what();
      auto colon = what.find("]: ");
      throw core::InputError(file_, line, col,
                             "JSON syntax error: " + (colon == std::string::npos ? what : what.substr(colon + 3)));
    }
  }
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    auto [line, col] = core::locateJsonPointer(text_, pointer);
    throw core::InputError(file_, line, col, message);
  }
  const json& field(const json& obj, const std::string& pointer, const char* key) const {
    if (!obj.is_object()) fail(pointer, pointer + ": expected an object");
    auto it = obj.find(key);
    if (it == obj.end()) fail(pointer, pointer + ": missing field '" + key + "'");
    return *it;
  }
  int64_t integer(const json& obj, const std::string& pointer, const char* key) const {
    const json& v = field(obj, pointer, key);
    if (!v.is_number_integer()) fail(pointer + "/" + key, pointer + "/" + key + ": expected an integer");
    return v.get<int64_t>();
  }
  const json& array(const json& obj, const std::string& pointer, const char* key) const {
    const json& v = field(obj, pointer, key);
    if (!v.is_array()) fail(pointer + "/" + key, pointer + "/" + key + ": expected a list");
    return v;
  }
  std::vector<int64_t> integers(const json& obj, const std::string& pointer, const char* key) const {
    const json& a = array(obj, pointer, key);
    std::vector<int64_t> out;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_number_integer())
        fail(pointer + "/" + key + "/" + std::to_string(i), pointer + "/" + key + ": expected integers");
      out.push_back(a[i].get<int64_t>());
    }
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

// Reads the node list into (id -> kind, tile), checking ids are exactly 0..N-1.
struct NodeInfo {
  CoreKind kind = CoreKind::Compute;
  TileCoord tile = Placement::kUnplaced;
};

std::vector<NodeInfo> readNodes(const JsonReader& in, const json& root) {
  const json& nodes = in.array(root, "", "nodes");
  std::vector<NodeInfo> out(nodes.size());
  std::vector<bool> seen(nodes.size(), false);
  for (size_t i = 0; i < nodes.size(); ++i) {
    std::string p = "/nodes/" + std::to_string(i);
    int64_t id = in.integer(nodes[i], p, "id");
    if (id < 0 || id >= int64_t(nodes.size()) || seen[id])
      in.fail(p + "/id", p + "/id: node ids must be 0.." + std::to_string(nodes.size() - 1) + " without repeats, got " +
                             std::to_string(id));
    seen[id] = true;
    const json& type = in.field(nodes[i], p, "type");
    if (!type.is_string()) in.fail(p + "/type", p + "/type: expected a string");
    out[id].kind = kindFromNpflow(in, p + "/type", type.get<std::string>());
    int64_t col = nodes[i].contains("col_x") ? in.integer(nodes[i], p, "col_x") : -1;
    int64_t row = nodes[i].contains("row_y") ? in.integer(nodes[i], p, "row_y") : -1;
    if ((col < 0) != (row < 0)) in.fail(p, p + ": col_x and row_y must both be set or both be -1");
    if (col >= 0) out[id].tile = {int(col), int(row)};
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

}  // namespace

NpflowNetlist parseNpflowNetlist(const std::string& text, const std::string& file, const std::string& device) {
  JsonReader in(text, file);
  json root = in.parse();
  if (!root.is_object()) in.fail("", "expected a JSON object with nodes, nets and links");
  NpflowNetlist out;
  Design& d = out.design;
  d.name = std::filesystem::path(file).stem().string();
  d.device = device;
  std::vector<NodeInfo> nodes = readNodes(in, root);
  for (size_t id = 0; id < nodes.size(); ++id)
    d.cores.push_back({nodeName(nodes[id].kind, int(id)), nodes[id].kind, 0, 0, std::nullopt, ""});

  const json& nets = in.array(root, "", "nets");
  d.nets.resize(nets.size());
  std::vector<bool> seenNet(nets.size(), false);
  for (size_t i = 0; i < nets.size(); ++i) {
    std::string p = "/nets/" + std::to_string(i);
    int64_t id = in.integer(nets[i], p, "net_id");
    if (id < 0 || id >= int64_t(nets.size()) || seenNet[id])
      in.fail(p + "/net_id", p + "/net_id: net ids must be 0.." + std::to_string(nets.size() - 1) +
                                 " without repeats, got " + std::to_string(id));
    seenNet[id] = true;
    Net& net = d.nets[id];
    net.name = nets[i].contains("net_name") && nets[i]["net_name"].is_string() ? nets[i]["net_name"].get<std::string>()
                                                                               : "net" + std::to_string(id);
    int64_t src = in.integer(nets[i], p, "src_id");
    if (src < 0 || src >= int64_t(nodes.size())) in.fail(p + "/src_id", p + "/src_id: no node " + std::to_string(src));
    net.source = CoreId(src);
    for (int64_t t : in.integers(nets[i], p, "dst_ids")) {
      if (t < 0 || t >= int64_t(nodes.size())) in.fail(p + "/dst_ids", p + "/dst_ids: no node " + std::to_string(t));
      net.targets.push_back(CoreId(t));
    }
    if (net.targets.empty()) in.fail(p + "/dst_ids", p + "/dst_ids: a net needs at least one target");
    std::vector<int64_t> depths = in.integers(nets[i], p, "depths");
    if (depths.size() == 1) depths.assign(net.targets.size() + 1, depths[0]);
    if (depths.size() != net.targets.size() + 1)
      in.fail(p + "/depths",
              p + "/depths: expected 1 or " + std::to_string(net.targets.size() + 1) + " values (producer first)");
    for (int64_t dep : depths)
      if (dep < 1) in.fail(p + "/depths", p + "/depths: depths must be at least 1");
    net.sourceDepth = int(depths[0]);
    for (size_t k = 1; k < depths.size(); ++k) net.targetDepths.push_back(int(depths[k]));
    net.bytesPerObject = in.integer(nets[i], p, "byte_size_per_depth");
    if (net.bytesPerObject <= 0) in.fail(p + "/byte_size_per_depth", p + "/byte_size_per_depth: must be positive");
  }
  // Duplicate net names would make YAML exports ambiguous; make them unique.
  std::set<std::string> names;
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
      for (int64_t n : in.integers(links[i], p, "src_net_ids")) link.inputs.push_back(NetId(n));
      for (int64_t n : in.integers(links[i], p, "dst_net_ids")) link.outputs.push_back(NetId(n));
      d.links.push_back(link);
      Design probe;
      probe.cores = d.cores;
      probe.nets = d.nets;
      probe.links = {link};
      auto problems = probe.problems();
      if (!problems.empty()) in.fail(p, p + ": " + problems.front());
    }
  }
  auto problems = d.problems();
  if (!problems.empty()) throw core::InputError(file, 0, 0, problems.front());

  out.placement = Placement(d.coreCount());
  for (size_t id = 0; id < nodes.size(); ++id)
    if (nodes[id].tile.col >= 0) {
      out.placement.place(CoreId(id), nodes[id].tile);
      out.placement.setPinned(CoreId(id), true);  // the flow fixed it before calling us
    }
  return out;
}

NpflowNetlist loadNpflowNetlist(const std::string& path, const std::string& device) {
  return parseNpflowNetlist(core::readFile(path), path, device);
}

Placement readNpflowPlacement(const std::string& text, const std::string& file, const Design& design) {
  JsonReader in(text, file);
  json root = in.parse();
  std::vector<NodeInfo> nodes = readNodes(in, root);
  if (int(nodes.size()) != design.coreCount())
    in.fail("/nodes", "/nodes: " + std::to_string(nodes.size()) + " nodes but design '" + design.name + "' has " +
                          std::to_string(design.coreCount()) + " cores");
  Placement p = Placement::fromDesignPins(design);
  for (size_t id = 0; id < nodes.size(); ++id) {
    if (nodes[id].kind != design.cores[id].kind)
      in.fail("/nodes", "/nodes: node " + std::to_string(id) + " is " + npflowType(nodes[id].kind) + " but core '" +
                            design.cores[id].name + "' is " + npflowType(design.cores[id].kind));
    if (nodes[id].tile.col >= 0) p.place(CoreId(id), nodes[id].tile);
  }
  return p;
}

std::string npflowNetlistJson(const Design& design, const Placement* placement) {
  json root;
  root["nodes"] = json::array();
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    TileCoord t = placement && placement->placed(c) ? placement->tile(c) : Placement::kUnplaced;
    root["nodes"].push_back(
        {{"id", c}, {"type", npflowType(design.cores[c].kind)}, {"col_x", t.col}, {"row_y", t.row}});
  }
  root["nets"] = json::array();
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& net = design.nets[n];
    json depths = json::array({net.sourceDepth});
    for (int dep : net.targetDepths) depths.push_back(dep);
    root["nets"].push_back({{"net_id", n},
                            {"net_name", net.name},
                            {"src_id", net.source},
                            {"dst_ids", net.targets},
                            {"depths", depths},
                            {"byte_size_per_depth", net.bytesPerObject}});
  }
  root["links"] = json::array();
  for (const Link& l : design.links) root["links"].push_back({{"src_net_ids", l.inputs}, {"dst_net_ids", l.outputs}});
  return root.dump(2) + "\n";
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
  json root = json::parse(npflowNetlistJson(design, &placement));
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
