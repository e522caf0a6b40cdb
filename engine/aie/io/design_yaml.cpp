#include "engine/aie/io/design_yaml.h"

#include <unordered_map>

#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/yaml_util.h"
#include "engine/aie/limits.h"
#include "engine/core/atomic_file.h"

namespace ts::aie {

namespace {

using yamlio::Node;

CoreKind parseCoreKind(const yamlio::Reader& in, const Node& node) {
  std::string s = in.str(node, "core kind");
  if (s == "compute" || s == "core") return CoreKind::Compute;
  if (s == "mem" || s == "memtile" || s == "memory") return CoreKind::MemTile;
  if (s == "shim") return CoreKind::Shim;
  in.fail(node, "core kind: expected compute, mem or shim, got '" + s + "'");
}

// Reads one design, resolving names through hash maps so that large files load in linear time,
// and remembering the line of every core, net, link and cascade for later checks.
class DesignReader {
 public:
  DesignReader(const yamlio::Reader& in, DesignFile& out) : in_(in), out_(out), d_(out.design) {}

  void read(const Node& root) {
    in_.expectMap(root, "design file");
    in_.allowKeys(
        root,
        {"design", "device", "description", "cores", "nets", "links", "cascades", "memory_uses", "turns", "placement"},
        "design file");
    d_.name = in_.name(in_.require(root, "design", "design file"), "design name");
    Node device = in_.require(root, "device", "design file");
    d_.device = in_.name(device, "device");
    out_.lines.device = yamlio::Reader::line(device);
    if (root["description"]) d_.description = in_.str(root["description"], "description");
    readCores(in_.require(root, "cores", "design file"));
    if (root["nets"]) readNets(root["nets"]);
    if (root["links"]) readLinks(root["links"]);
    if (root["cascades"])
      readCorePairs(root["cascades"], "cascades", "cascade: expected [from_core, to_core]", "cascade source",
                    "cascade target", d_.cascades, nodes_.cascade);
    if (root["memory_uses"])
      readCorePairs(root["memory_uses"], "memory_uses", "memory use: expected [user_core, owner_core]", "memory user",
                    "memory owner", d_.memoryUses, nodes_.memoryUse);
    if (root["turns"]) readTurns(root["turns"]);
    for (const DesignProblem& p : d_.diagnose()) in_.fail(nodeOf(p), p.message);
    if (root["placement"]) out_.placement = yamlio::readPlacementMap(in_, root["placement"], d_, &out_.lines.placed);
  }

 private:
  /// `pin: [col, row]`, or a partial pin `pin: {column: 3}` / `pin: {row: 2}` (both keys = a full pin).
  void readPin(const Node& node, const std::string& what, LogicalCore& core) const {
    if (!node.IsMap()) {
      core.pin = in_.tile(node, what + " pin");
      return;
    }
    in_.allowKeys(node, {"column", "row"}, what + " pin");
    if (!node["column"] && !node["row"]) in_.fail(node, what + " pin: expected [col, row], {column: c} or {row: r}");
    int col = node["column"] ? int(in_.integer(node["column"], what + " pin column", 0, limits::kMaxColumns - 1)) : -1;
    int row = node["row"] ? int(in_.integer(node["row"], what + " pin row", 0, limits::kMaxRows - 1)) : -1;
    if (col >= 0 && row >= 0)
      core.pin = TileCoord{col, row};
    else
      core.pinColumn = col, core.pinRow = row;
  }

  CoreId coreRef(const Node& node, const std::string& what) const {
    std::string name = in_.str(node, what);
    auto it = coreIds_.find(name);
    if (it == coreIds_.end()) in_.fail(node, what + ": no core named '" + name + "'");
    return it->second;
  }
  NetId netRef(const Node& node, const std::string& what) const {
    std::string name = in_.str(node, what);
    auto it = netIds_.find(name);
    if (it == netIds_.end()) in_.fail(node, what + ": no net named '" + name + "'");
    return it->second;
  }

  void readCores(const Node& list) {
    in_.expectSequence(list, "cores");
    if (list.size() > size_t(limits::kMaxCores))
      in_.fail(list, "cores: " + std::to_string(list.size()) + " cores, at most " + std::to_string(limits::kMaxCores) +
                         " are supported");
    for (const auto& c : list) {
      in_.expectMap(c, "core");
      in_.allowKeys(c, {"name", "kind", "buffer_bytes", "locks", "cycles", "pin", "group"}, "core");
      LogicalCore core;
      Node nameNode = in_.require(c, "name", "core");
      core.name = in_.name(nameNode, "core name");
      auto [it, fresh] = coreIds_.emplace(core.name, d_.coreCount());
      if (!fresh)
        in_.fail(nameNode, "core '" + core.name + "' is defined twice (first on line " +
                               std::to_string(yamlio::Reader::line(nodes_.core[size_t(it->second)])) + ")");
      std::string what = "core '" + core.name + "'";
      core.kind = c["kind"] ? parseCoreKind(in_, c["kind"]) : CoreKind::Compute;
      if (c["buffer_bytes"])
        core.bufferBytes = in_.integer(c["buffer_bytes"], what + " buffer_bytes", 0, limits::kMaxBufferBytes);
      if (c["locks"]) core.locks = int(in_.integer(c["locks"], what + " locks", 0, limits::kMaxLocks));
      if (c["cycles"]) core.computeCycles = in_.integer(c["cycles"], what + " cycles", 0, limits::kMaxCycles);
      if (c["pin"]) readPin(c["pin"], what, core);
      if (c["group"]) core.group = in_.str(c["group"], what + " group");
      d_.cores.push_back(std::move(core));
      out_.lines.pin.push_back(c["pin"] ? yamlio::Reader::line(c["pin"]) : 0);
      nodes_.core.push_back(c);
    }
  }

  void readNets(const Node& list) {
    in_.expectSequence(list, "nets");
    if (list.size() > size_t(limits::kMaxNets))
      in_.fail(list, "nets: " + std::to_string(list.size()) + " nets, at most " + std::to_string(limits::kMaxNets) +
                         " are supported");
    for (const auto& n : list) {
      in_.expectMap(n, "net");
      in_.allowKeys(n, {"name", "source", "targets", "bytes", "depth", "depths", "ports", "streamed", "shared_depth"},
                    "net");
      Net net;
      Node nameNode = in_.require(n, "name", "net");
      net.name = in_.name(nameNode, "net name");
      auto [it, fresh] = netIds_.emplace(net.name, d_.netCount());
      if (!fresh)
        in_.fail(nameNode, "net '" + net.name + "' is defined twice (first on line " +
                               std::to_string(yamlio::Reader::line(nodes_.net[size_t(it->second)])) + ")");
      std::string what = "net '" + net.name + "'";
      net.source = coreRef(in_.require(n, "source", what), what + " source");
      Node targets = in_.require(n, "targets", what);
      if (targets.IsScalar()) {
        net.targets.push_back(coreRef(targets, what + " target"));
      } else {
        in_.expectSequence(targets, what + " targets");
        if (targets.size() == 0) in_.fail(targets, what + ": needs at least one target");
        for (const auto& t : targets) {
          CoreId id = coreRef(t, what + " target");
          if (id == net.source) in_.fail(t, what + ": a core cannot send to itself");
          if (lastTargetOf_.size() < d_.cores.size()) lastTargetOf_.resize(d_.cores.size(), -1);
          if (lastTargetOf_[size_t(id)] == d_.netCount())
            in_.fail(t, what + ": target '" + d_.cores[size_t(id)].name + "' is listed twice");
          lastTargetOf_[size_t(id)] = d_.netCount();
          net.targets.push_back(id);
        }
      }
      net.bytesPerObject = in_.integer(in_.require(n, "bytes", what), what + " bytes", 1, limits::kMaxBytesPerObject);
      if (n["depths"]) {
        if (n["depth"]) in_.fail(n["depth"], what + ": give either depth or depths, not both");
        Node depths = n["depths"];
        in_.expectSequence(depths, what + " depths");
        if (depths.size() != net.targets.size() + 1)
          in_.fail(depths, what + " depths: expected " + std::to_string(net.targets.size() + 1) +
                               " values (producer first, then one per target), got " + std::to_string(depths.size()));
        net.sourceDepth = int(in_.integer(depths[0], what + " depth", 1, limits::kMaxDepth));
        for (size_t i = 1; i < depths.size(); ++i)
          net.targetDepths.push_back(int(in_.integer(depths[i], what + " depth", 1, limits::kMaxDepth)));
      } else {
        int depth = n["depth"] ? int(in_.integer(n["depth"], what + " depth", 1, limits::kMaxDepth)) : 2;
        net.sourceDepth = depth;
        net.targetDepths.assign(net.targets.size(), depth);
      }
      if (n["shared_depth"])
        net.sharedDepth = int(in_.integer(n["shared_depth"], what + " shared_depth", 1, limits::kMaxDepth));
      if (n["ports"]) readPorts(n["ports"], what, net);
      if (n["streamed"]) net.streamed = in_.boolean(n["streamed"], what + " streamed");
      d_.nets.push_back(std::move(net));
      nodes_.net.push_back(n);
    }
  }

  // ports: [dma|stream, ...], producer first, then one per target (MLIR flows' port kinds).
  void readPorts(const Node& ports, const std::string& what, Net& net) {
    in_.expectSequence(ports, what + " ports");
    if (ports.size() != net.targets.size() + 1)
      in_.fail(ports, what + " ports: expected " + std::to_string(net.targets.size() + 1) +
                          " values (producer first, then one per target), got " + std::to_string(ports.size()));
    for (size_t i = 0; i < ports.size(); ++i) {
      std::string kind = in_.str(ports[i], what + " port");
      std::optional<PortKind> port = portKindNamed(kind);
      if (!port) in_.fail(ports[i], what + " port: expected dma or stream, got '" + kind + "'");
      if (i == 0)
        net.sourcePort = *port;
      else
        net.targetPorts.push_back(*port);
    }
  }

  void readNetList(const Node& ids, const std::string& what, std::vector<NetId>& out) {
    if (ids.IsScalar()) {
      out.push_back(netRef(ids, what));
      return;
    }
    in_.expectSequence(ids, what);
    for (const auto& n : ids) out.push_back(netRef(n, what));
  }

  void readLinks(const Node& list) {
    in_.expectSequence(list, "links");
    for (const auto& l : list) {
      in_.expectMap(l, "link");
      in_.allowKeys(l, {"inputs", "outputs"}, "link");
      Link link;
      readNetList(in_.require(l, "inputs", "link"), "link inputs", link.inputs);
      readNetList(in_.require(l, "outputs", "link"), "link outputs", link.outputs);
      if (link.inputs.empty() || link.outputs.empty()) in_.fail(l, "link: needs at least one input and one output net");
      d_.links.push_back(std::move(link));
      nodes_.link.push_back(l);
    }
  }

  /// `turns: [[net, net, ...], ...]`: groups of nets that never run at the same time.
  void readTurns(const Node& list) {
    in_.expectSequence(list, "turns");
    for (const auto& group : list) {
      if (!group.IsSequence()) in_.fail(group, "turns: expected a list of net names, e.g. [in_a, in_b]");
      Turns t;
      readNetList(group, "turns", t.nets);
      d_.turns.push_back(std::move(t));
      nodes_.turns.push_back(group);
    }
  }

  /// `key: [[a, b], ...]`: pairs of cores (cascades, memory uses), each kept with its node;
  /// `shape` is the message for an entry that is not a pair, `first` / `second` name its cores.
  template <typename Pair>
  void readCorePairs(const Node& list, const char* key, const std::string& shape, const std::string& first,
                     const std::string& second, std::vector<Pair>& out, std::vector<Node>& nodes) {
    in_.expectSequence(list, key);
    for (const auto& pair : list) {
      if (!pair.IsSequence() || pair.size() != 2) in_.fail(pair, shape);
      out.push_back({coreRef(pair[0], first), coreRef(pair[1], second)});
      nodes.push_back(pair);
    }
  }

  Node nodeOf(const DesignProblem& p) const {
    auto at = [&](const std::vector<Node>& v) {
      return p.index >= 0 && size_t(p.index) < v.size() ? v[size_t(p.index)] : Node();
    };
    switch (p.part) {
      case DesignProblem::Part::Core:
        return at(nodes_.core);
      case DesignProblem::Part::Net:
        return at(nodes_.net);
      case DesignProblem::Part::Link:
        return at(nodes_.link);
      case DesignProblem::Part::Cascade:
        return at(nodes_.cascade);
      case DesignProblem::Part::MemoryUse:
        return at(nodes_.memoryUse);
      case DesignProblem::Part::Turns:
        return at(nodes_.turns);
      case DesignProblem::Part::Design:
        break;
    }
    return Node();
  }

  const yamlio::Reader& in_;
  DesignFile& out_;
  Design& d_;
  std::unordered_map<std::string, CoreId> coreIds_;
  std::unordered_map<std::string, NetId> netIds_;
  std::vector<NetId> lastTargetOf_;
  struct {
    std::vector<Node> core, net, link, cascade, memoryUse, turns;
  } nodes_;
};

}  // namespace

DesignFile parseDesignYaml(const std::string& text, const std::string& file) {
  yamlio::Reader in(file);
  yamlio::Tree tree(text, file);
  DesignFile out;
  DesignReader(in, out).read(yamlio::rootOf(tree, file));
  return out;
}

DesignFile loadDesignYaml(const std::string& path) {
  return parseDesignYaml(core::readFile(path), path);
}

std::string designToYaml(const Design& d, const Placement* placement) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "design" << YAML::Value << d.name;
  out << YAML::Key << "device" << YAML::Value << d.device;
  if (!d.description.empty()) out << YAML::Key << "description" << YAML::Value << d.description;
  out << YAML::Key << "cores" << YAML::Value << YAML::BeginSeq;
  for (const auto& c : d.cores) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << c.name;
    out << YAML::Key << "kind" << YAML::Value << toString(c.kind);
    if (c.bufferBytes) out << YAML::Key << "buffer_bytes" << YAML::Value << c.bufferBytes;
    if (c.locks) out << YAML::Key << "locks" << YAML::Value << c.locks;
    if (c.computeCycles) out << YAML::Key << "cycles" << YAML::Value << c.computeCycles;
    if (c.pin)
      out << YAML::Key << "pin" << YAML::Value << YAML::Flow << YAML::BeginSeq << c.pin->col << c.pin->row
          << YAML::EndSeq;
    else if (c.partlyPinned())
      out << YAML::Key << "pin" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key
          << (c.pinColumn >= 0 ? "column" : "row") << YAML::Value << (c.pinColumn >= 0 ? c.pinColumn : c.pinRow)
          << YAML::EndMap;
    if (!c.group.empty()) out << YAML::Key << "group" << YAML::Value << c.group;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "nets" << YAML::Value << YAML::BeginSeq;
  for (const auto& n : d.nets) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << n.name;
    out << YAML::Key << "source" << YAML::Value << d.cores[n.source].name;
    out << YAML::Key << "targets" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (CoreId t : n.targets) out << d.cores[t].name;
    out << YAML::EndSeq;
    out << YAML::Key << "bytes" << YAML::Value << n.bytesPerObject;
    bool uniform = true;
    for (int depth : n.targetDepths) uniform = uniform && depth == n.sourceDepth;
    if (uniform) {
      out << YAML::Key << "depth" << YAML::Value << n.sourceDepth;
    } else {
      out << YAML::Key << "depths" << YAML::Value << YAML::Flow << YAML::BeginSeq << n.sourceDepth;
      for (int depth : n.targetDepths) out << depth;
      out << YAML::EndSeq;
    }
    if (n.sharedDepth > 0) out << YAML::Key << "shared_depth" << YAML::Value << n.sharedDepth;
    if (n.hasStreamPort()) {
      out << YAML::Key << "ports" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (int pin = 0; pin <= int(n.targets.size()); ++pin) out << toString(n.port(pin));
      out << YAML::EndSeq;
    }
    if (n.streamed) out << YAML::Key << "streamed" << YAML::Value << true;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  if (!d.links.empty()) {
    out << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
    for (const auto& l : d.links) {
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "inputs" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (NetId n : l.inputs) out << d.nets[n].name;
      out << YAML::EndSeq << YAML::Key << "outputs" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (NetId n : l.outputs) out << d.nets[n].name;
      out << YAML::EndSeq << YAML::EndMap;
    }
    out << YAML::EndSeq;
  }
  if (!d.cascades.empty()) {
    out << YAML::Key << "cascades" << YAML::Value << YAML::BeginSeq;
    for (const auto& c : d.cascades)
      out << YAML::Flow << YAML::BeginSeq << d.cores[c.from].name << d.cores[c.to].name << YAML::EndSeq;
    out << YAML::EndSeq;
  }
  if (!d.memoryUses.empty()) {
    out << YAML::Key << "memory_uses" << YAML::Value << YAML::BeginSeq;
    for (const auto& u : d.memoryUses)
      out << YAML::Flow << YAML::BeginSeq << d.cores[u.user].name << d.cores[u.owner].name << YAML::EndSeq;
    out << YAML::EndSeq;
  }
  if (!d.turns.empty()) {
    out << YAML::Key << "turns" << YAML::Value << YAML::BeginSeq;
    for (const auto& t : d.turns) {
      out << YAML::Flow << YAML::BeginSeq;
      for (NetId n : t.nets) out << d.nets[n].name;
      out << YAML::EndSeq;
    }
    out << YAML::EndSeq;
  }
  if (placement) yamlio::emitPlacementMap(out, d, *placement);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

void saveDesignYaml(const std::string& path, const Design& design, const Placement* placement) {
  core::writeFileAtomically(path, designToYaml(design, placement));
}

}  // namespace ts::aie
