#include "engine/aie/design.h"

#include <algorithm>
#include <set>

namespace ts::aie {

const char* toString(CoreKind kind) {
  switch (kind) {
    case CoreKind::Compute:
      return "compute";
    case CoreKind::MemTile:
      return "mem";
    case CoreKind::Shim:
      return "shim";
  }
  return "?";
}

TileKind tileKindFor(CoreKind kind) {
  switch (kind) {
    case CoreKind::Compute:
      return TileKind::Compute;
    case CoreKind::MemTile:
      return TileKind::Mem;
    case CoreKind::Shim:
      return TileKind::Shim;
  }
  return TileKind::Compute;
}

const char* toString(PortKind kind) {
  return kind == PortKind::Dma ? "dma" : "stream";
}

bool LogicalCore::allows(TileCoord t) const {
  if (pin) return *pin == t;
  return (pinColumn < 0 || t.col == pinColumn) && (pinRow < 0 || t.row == pinRow);
}

bool Net::hasStreamPort() const {
  if (sourcePort == PortKind::Stream) return true;
  return std::find(targetPorts.begin(), targetPorts.end(), PortKind::Stream) != targetPorts.end();
}

const char* toString(LinkKind kind) {
  switch (kind) {
    case LinkKind::Copy:
      return "copy";
    case LinkKind::Distribute:
      return "distribute";
    case LinkKind::Join:
      return "join";
  }
  return "?";
}

LinkKind Link::kind() const {
  if (inputs.size() > 1) return LinkKind::Join;
  if (outputs.size() > 1) return LinkKind::Distribute;
  return LinkKind::Copy;
}

CoreId Design::findCore(const std::string& n) const {
  for (size_t i = 0; i < cores.size(); ++i)
    if (cores[i].name == n) return CoreId(i);
  return -1;
}

NetId Design::findNet(const std::string& n) const {
  for (size_t i = 0; i < nets.size(); ++i)
    if (nets[i].name == n) return NetId(i);
  return -1;
}

int Design::countCores(CoreKind kind) const {
  return int(std::count_if(cores.begin(), cores.end(), [&](const LogicalCore& c) { return c.kind == kind; }));
}

bool Design::linkedAt(NetId n, CoreId c) const {
  for (const Link& l : links) {
    if (linkVia(l) != c) continue;
    if (std::find(l.inputs.begin(), l.inputs.end(), n) != l.inputs.end() ||
        std::find(l.outputs.begin(), l.outputs.end(), n) != l.outputs.end())
      return true;
  }
  return false;
}

CoreId Design::linkVia(const Link& link) const {
  if (link.outputs.empty() || link.outputs.front() < 0 || link.outputs.front() >= netCount()) return -1;
  return nets[link.outputs.front()].source;
}

std::vector<std::vector<NetId>> Design::netsByCore() const {
  std::vector<std::vector<NetId>> out(cores.size());
  for (NetId n = 0; n < netCount(); ++n)
    if (nets[n].source >= 0 && nets[n].source < coreCount()) out[nets[n].source].push_back(n);
  for (NetId n = 0; n < netCount(); ++n)
    for (CoreId t : nets[n].targets)
      if (t >= 0 && t < coreCount() && (out[t].empty() || out[t].back() != n)) out[t].push_back(n);
  return out;
}

std::vector<int> Design::outgoingNetCount() const {
  std::vector<int> out(cores.size(), 0);
  for (const Net& n : nets)
    if (n.source >= 0 && n.source < coreCount() && n.usesDma(0)) ++out[n.source];
  return out;
}

std::vector<int> Design::incomingNetCount() const {
  std::vector<int> in(cores.size(), 0);
  for (const Net& n : nets) {
    std::set<CoreId> distinct;
    for (size_t i = 0; i < n.targets.size(); ++i)
      if (n.usesDma(int(i) + 1)) distinct.insert(n.targets[i]);
    for (CoreId t : distinct)
      if (t >= 0 && t < coreCount()) ++in[t];
  }
  return in;
}

std::vector<std::string> Design::problems() const {
  std::vector<std::string> out;
  std::set<std::string> names;
  for (const auto& c : cores) {
    if (c.name.empty())
      out.push_back("a core has no name");
    else if (!names.insert(c.name).second)
      out.push_back("core name '" + c.name + "' is used twice");
    if (c.pin && (c.pinColumn >= 0 || c.pinRow >= 0))
      out.push_back("core '" + c.name + "' has both a pin and a partial pin");
  }
  std::set<std::string> netNames;
  auto coreOk = [&](CoreId id) { return id >= 0 && id < coreCount(); };
  for (const auto& n : nets) {
    std::string where = "net '" + n.name + "'";
    if (n.name.empty())
      out.push_back("a net has no name");
    else if (!netNames.insert(n.name).second)
      out.push_back("net name '" + n.name + "' is used twice");
    if (!coreOk(n.source)) out.push_back(where + ": source is not a core of the design");
    if (n.targets.empty()) out.push_back(where + ": has no targets");
    std::set<CoreId> seen;
    for (CoreId t : n.targets) {
      if (!coreOk(t))
        out.push_back(where + ": a target is not a core of the design");
      else if (t == n.source)
        out.push_back(where + ": core '" + cores[t].name + "' sends to itself");
      else if (!seen.insert(t).second)
        out.push_back(where + ": target '" + cores[t].name + "' is listed twice");
    }
    if (n.bytesPerObject <= 0) out.push_back(where + ": bytes per object must be positive");
    if (n.sourceDepth < 1) out.push_back(where + ": depth must be at least 1");
    if (n.targetDepths.size() != n.targets.size()) out.push_back(where + ": needs one depth per target");
    if (!n.targetPorts.empty() && n.targetPorts.size() != n.targets.size())
      out.push_back(where + ": needs one port kind per target");
    for (int d : n.targetDepths)
      if (d < 1) out.push_back(where + ": depth must be at least 1");
  }
  for (size_t i = 0; i < links.size(); ++i) {
    const Link& l = links[i];
    std::string where = "link " + std::to_string(i + 1);
    if (l.inputs.empty() || l.outputs.empty()) {
      out.push_back(where + ": needs at least one input and one output net");
      continue;
    }
    if (l.inputs.size() > 1 && l.outputs.size() > 1) out.push_back(where + ": cannot both join and distribute");
    bool idsOk = true;
    for (NetId n : l.inputs) idsOk = idsOk && n >= 0 && n < netCount();
    for (NetId n : l.outputs) idsOk = idsOk && n >= 0 && n < netCount();
    if (!idsOk) {
      out.push_back(where + ": refers to a net that does not exist");
      continue;
    }
    CoreId via = linkVia(l);
    for (NetId n : l.outputs)
      if (nets[n].source != via) out.push_back(where + ": output nets must all start at the same core");
    for (NetId n : l.inputs) {
      const auto& t = nets[n].targets;
      if (std::find(t.begin(), t.end(), via) == t.end())
        out.push_back(where + ": input net '" + nets[n].name + "' does not end at '" +
                      (coreOk(via) ? cores[via].name : std::string("?")) + "'");
    }
    if (coreOk(via) && cores[via].kind == CoreKind::Shim)
      out.push_back(where + ": a link cannot go through shim core '" + cores[via].name + "'");
  }
  for (const auto& c : cascades) {
    if (!coreOk(c.from) || !coreOk(c.to)) {
      out.push_back("a cascade refers to a core that does not exist");
      continue;
    }
    if (cores[c.from].kind != CoreKind::Compute || cores[c.to].kind != CoreKind::Compute)
      out.push_back("cascade " + cores[c.from].name + " -> " + cores[c.to].name + ": both ends must be compute cores");
  }
  return out;
}

}  // namespace ts::aie
