#include "engine/aie/io/design_yaml.h"

#include <map>

#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/yaml_util.h"
#include "engine/core/atomic_file.h"

namespace ts::aie {

namespace {

CoreKind parseCoreKind(const yamlio::Reader& in, const YAML::Node& node) {
  std::string s = in.str(node, "core kind");
  if (s == "compute" || s == "core") return CoreKind::Compute;
  if (s == "mem" || s == "memtile" || s == "memory") return CoreKind::MemTile;
  if (s == "shim") return CoreKind::Shim;
  in.fail(node, "core kind: expected compute, mem or shim, got '" + s + "'");
}

CoreId coreRef(const yamlio::Reader& in, const YAML::Node& node, const Design& d, const std::string& what) {
  std::string name = in.str(node, what);
  CoreId id = d.findCore(name);
  if (id < 0) in.fail(node, what + ": no core named '" + name + "'");
  return id;
}

NetId netRef(const yamlio::Reader& in, const YAML::Node& node, const Design& d, const std::string& what) {
  std::string name = in.str(node, what);
  NetId id = d.findNet(name);
  if (id < 0) in.fail(node, what + ": no net named '" + name + "'");
  return id;
}

/// `pin: [col, row]`, or a partial pin `pin: {column: 3}` / `pin: {row: 2}` (both keys = a full pin).
void readPin(const yamlio::Reader& in, const YAML::Node& node, const std::string& what, LogicalCore& core) {
  if (!node.IsMap()) {
    core.pin = in.tile(node, what + " pin");
    return;
  }
  in.allowKeys(node, {"column", "row"}, what + " pin");
  if (!node["column"] && !node["row"]) in.fail(node, what + " pin: expected [col, row], {column: c} or {row: r}");
  int col = node["column"] ? int(in.integer(node["column"], what + " pin column", 0, 65535)) : -1;
  int row = node["row"] ? int(in.integer(node["row"], what + " pin row", 0, 65535)) : -1;
  if (col >= 0 && row >= 0)
    core.pin = TileCoord{col, row};
  else
    core.pinColumn = col, core.pinRow = row;
}

void readCores(const yamlio::Reader& in, const YAML::Node& list, Design& d) {
  in.expectSequence(list, "cores");
  std::map<std::string, YAML::Node> seen;
  for (const auto& c : list) {
    in.expectMap(c, "core");
    in.allowKeys(c, {"name", "kind", "buffer_bytes", "cycles", "pin", "group"}, "core");
    LogicalCore core;
    YAML::Node nameNode = in.require(c, "name", "core");
    core.name = in.str(nameNode, "core name");
    if (seen.count(core.name))
      in.fail(nameNode, "core '" + core.name + "' is defined twice (first on line " +
                            std::to_string(seen[core.name].Mark().line + 1) + ")");
    seen[core.name] = nameNode;
    std::string what = "core '" + core.name + "'";
    core.kind = c["kind"] ? parseCoreKind(in, c["kind"]) : CoreKind::Compute;
    if (c["buffer_bytes"]) core.bufferBytes = in.integer(c["buffer_bytes"], what + " buffer_bytes", 0);
    if (c["cycles"]) core.computeCycles = in.integer(c["cycles"], what + " cycles", 0);
    if (c["pin"]) readPin(in, c["pin"], what, core);
    if (c["group"]) core.group = in.str(c["group"], what + " group");
    d.cores.push_back(core);
  }
}

void readNets(const yamlio::Reader& in, const YAML::Node& list, Design& d) {
  in.expectSequence(list, "nets");
  for (const auto& n : list) {
    in.expectMap(n, "net");
    in.allowKeys(n, {"name", "source", "targets", "bytes", "depth", "depths"}, "net");
    Net net;
    YAML::Node nameNode = in.require(n, "name", "net");
    net.name = in.str(nameNode, "net name");
    if (d.findNet(net.name) >= 0) in.fail(nameNode, "net '" + net.name + "' is defined twice");
    std::string what = "net '" + net.name + "'";
    net.source = coreRef(in, in.require(n, "source", what), d, what + " source");
    YAML::Node targets = in.require(n, "targets", what);
    if (targets.IsScalar()) {
      net.targets.push_back(coreRef(in, targets, d, what + " target"));
    } else {
      in.expectSequence(targets, what + " targets");
      if (targets.size() == 0) in.fail(targets, what + ": needs at least one target");
      for (const auto& t : targets) {
        CoreId id = coreRef(in, t, d, what + " target");
        if (id == net.source) in.fail(t, what + ": a core cannot send to itself");
        for (CoreId prev : net.targets)
          if (prev == id) in.fail(t, what + ": target '" + d.cores[id].name + "' is listed twice");
        net.targets.push_back(id);
      }
    }
    net.bytesPerObject = in.integer(in.require(n, "bytes", what), what + " bytes", 1);
    if (n["depths"]) {
      YAML::Node depths = n["depths"];
      in.expectSequence(depths, what + " depths");
      if (depths.size() != net.targets.size() + 1)
        in.fail(depths, what + " depths: expected " + std::to_string(net.targets.size() + 1) +
                            " values (producer first, then one per target), got " + std::to_string(depths.size()));
      net.sourceDepth = int(in.integer(depths[0], what + " depth", 1, 64));
      for (size_t i = 1; i < depths.size(); ++i)
        net.targetDepths.push_back(int(in.integer(depths[i], what + " depth", 1, 64)));
    } else {
      int depth = n["depth"] ? int(in.integer(n["depth"], what + " depth", 1, 64)) : 2;
      net.sourceDepth = depth;
      net.targetDepths.assign(net.targets.size(), depth);
    }
    d.nets.push_back(net);
  }
}

void readLinks(const yamlio::Reader& in, const YAML::Node& list, Design& d) {
  in.expectSequence(list, "links");
  for (const auto& l : list) {
    in.expectMap(l, "link");
    in.allowKeys(l, {"inputs", "outputs"}, "link");
    Link link;
    for (const char* key : {"inputs", "outputs"}) {
      YAML::Node ids = in.require(l, key, "link");
      auto& dst = std::string(key) == "inputs" ? link.inputs : link.outputs;
      if (ids.IsScalar()) {
        dst.push_back(netRef(in, ids, d, std::string("link ") + key));
      } else {
        in.expectSequence(ids, std::string("link ") + key);
        for (const auto& n : ids) dst.push_back(netRef(in, n, d, std::string("link ") + key));
      }
    }
    if (link.inputs.empty() || link.outputs.empty()) in.fail(l, "link: needs at least one input and one output net");
    d.links.push_back(link);
    // Check this link now so the error can point at it.
    Design probe;
    probe.cores = d.cores;
    probe.nets = d.nets;
    probe.links = {link};
    auto problems = probe.problems();
    if (!problems.empty()) in.fail(l, problems.front());
  }
}

void readCascades(const yamlio::Reader& in, const YAML::Node& list, Design& d) {
  in.expectSequence(list, "cascades");
  for (const auto& c : list) {
    if (!c.IsSequence() || c.size() != 2) in.fail(c, "cascade: expected [from_core, to_core]");
    Cascade cas{coreRef(in, c[0], d, "cascade source"), coreRef(in, c[1], d, "cascade target")};
    if (d.cores[cas.from].kind != CoreKind::Compute || d.cores[cas.to].kind != CoreKind::Compute)
      in.fail(c, "cascade: both ends must be compute cores");
    d.cascades.push_back(cas);
  }
}

}  // namespace

DesignFile parseDesignYaml(const std::string& text, const std::string& file) {
  yamlio::Reader in(file);
  YAML::Node root = yamlio::parse(text, file);
  in.expectMap(root, "design file");
  in.allowKeys(root, {"design", "device", "description", "cores", "nets", "links", "cascades", "placement"},
               "design file");
  DesignFile out;
  Design& d = out.design;
  d.name = in.str(in.require(root, "design", "design file"), "design name");
  d.device = in.str(in.require(root, "device", "design file"), "device");
  if (root["description"]) d.description = in.str(root["description"], "description");
  readCores(in, in.require(root, "cores", "design file"), d);
  if (root["nets"]) readNets(in, root["nets"], d);
  if (root["links"]) readLinks(in, root["links"], d);
  if (root["cascades"]) readCascades(in, root["cascades"], d);
  auto problems = d.problems();
  if (!problems.empty()) throw core::InputError(file, 0, 0, problems.front());
  if (root["placement"]) out.placement = yamlio::readPlacementMap(in, root["placement"], d);
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
  if (placement) yamlio::emitPlacementMap(out, d, *placement);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

void saveDesignYaml(const std::string& path, const Design& design, const Placement* placement) {
  core::writeFileAtomically(path, designToYaml(design, placement));
}

}  // namespace ts::aie
