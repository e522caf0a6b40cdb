#include "engine/aie/design.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "engine/aie/limits.h"

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

std::optional<PortKind> portKindNamed(const std::string& name) {
  for (PortKind kind : {PortKind::Dma, PortKind::Stream})
    if (name == toString(kind)) return kind;
  return std::nullopt;
}

bool LogicalCore::allows(TileCoord t) const {
  if (pin) return *pin == t;
  return (pinColumn < 0 || t.col == pinColumn) && (pinRow < 0 || t.row == pinRow);
}

bool Net::hasStreamPort() const {
  if (sourcePort == PortKind::Stream) return true;
  return std::find(targetPorts.begin(), targetPorts.end(), PortKind::Stream) != targetPorts.end();
}

int Net::sharedObjects() const {
  if (sharedDepth > 0) return sharedDepth;
  int m = sourceDepth;
  for (int depth : targetDepths) m = std::max(m, depth);
  return m;
}

const char* toString(LinkKind kind) {
  switch (kind) {
    case LinkKind::Copy:
      return "copy";
    case LinkKind::Distribute:
      return "distribute";
    case LinkKind::Join:
      return "join";
    case LinkKind::JoinAndDistribute:
      return "join and distribute";
  }
  return "?";
}

LinkKind Link::kind() const {
  if (inputs.size() > 1 && outputs.size() > 1) return LinkKind::JoinAndDistribute;
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

std::vector<int> Design::turnsOf() const {
  std::vector<int> of(nets.size(), -1);
  for (size_t g = 0; g < turns.size(); ++g)
    for (NetId n : turns[g].nets)
      if (n >= 0 && n < netCount()) of[size_t(n)] = int(g);
  return of;
}

Design::TurnEnds Design::turnEnds() const {
  TurnEnds ends{std::vector<std::map<int, int>>(cores.size()), std::vector<std::map<int, int>>(cores.size())};
  const std::vector<int> groupOf = turnsOf();
  for (NetId n = 0; n < netCount(); ++n) {
    const int g = groupOf[size_t(n)];
    const Net& net = nets[size_t(n)];
    if (g < 0 || net.source < 0 || net.source >= coreCount()) continue;
    if (net.usesDma(0)) ++ends.out[size_t(net.source)][g];
    std::set<CoreId> targets;
    for (size_t i = 0; i < net.targets.size(); ++i)
      if (net.usesDma(int(i) + 1) && net.targets[i] >= 0 && net.targets[i] < coreCount())
        targets.insert(net.targets[i]);
    for (CoreId c : targets) ++ends.in[size_t(c)][g];
  }
  return ends;
}

namespace {

class ProblemList {
 public:
  void add(DesignProblem::Part part, int index, std::string message) {
    out.push_back({part, index, std::move(message)});
  }
  std::vector<DesignProblem> out;
};

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

void checkCores(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  if (d.coreCount() > limits::kMaxCores)
    p.add(Part::Design, -1,
          std::to_string(d.coreCount()) + " cores: at most " + std::to_string(limits::kMaxCores) + " are supported");
  std::unordered_map<std::string, int> names;
  names.reserve(d.cores.size());
  for (int i = 0; i < d.coreCount(); ++i) {
    const LogicalCore& c = d.cores[size_t(i)];
    std::string where = "core " + quoted(c.name);
    if (c.name.empty())
      p.add(Part::Core, i, "a core has no name");
    else if (!names.emplace(c.name, i).second)
      p.add(Part::Core, i, "core name " + quoted(c.name) + " is used twice");
    if (c.bufferBytes < 0 || c.bufferBytes > limits::kMaxBufferBytes)
      p.add(Part::Core, i, where + ": buffer_bytes must be in [0, " + std::to_string(limits::kMaxBufferBytes) + "]");
    if (c.locks < 0 || c.locks > limits::kMaxLocks)
      p.add(Part::Core, i, where + ": locks must be in [0, " + std::to_string(limits::kMaxLocks) + "]");
    else if (c.locks > 0 && c.kind == CoreKind::Shim)
      p.add(Part::Core, i,
            where + ": a shim core has no locks of its own in the model (its buffers are in host memory)");
    if (c.computeCycles < 0 || c.computeCycles > limits::kMaxCycles)
      p.add(Part::Core, i, where + ": cycles must be in [0, " + std::to_string(limits::kMaxCycles) + "]");
    if (c.pin &&
        (c.pin->col < 0 || c.pin->row < 0 || c.pin->col >= limits::kMaxColumns || c.pin->row >= limits::kMaxRows))
      p.add(Part::Core, i, where + ": pin " + core::toString(*c.pin) + " is outside any AIE array");
    if (c.pin && (c.pinColumn >= 0 || c.pinRow >= 0)) p.add(Part::Core, i, where + " has both a pin and a partial pin");
    if (c.pinColumn >= limits::kMaxColumns || c.pinRow >= limits::kMaxRows)
      p.add(Part::Core, i, where + ": partial pin is outside any AIE array");
  }
}

void checkNets(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  if (d.netCount() > limits::kMaxNets)
    p.add(Part::Design, -1,
          std::to_string(d.netCount()) + " nets: at most " + std::to_string(limits::kMaxNets) + " are supported");
  auto coreOk = [&](CoreId id) { return id >= 0 && id < d.coreCount(); };
  std::unordered_map<std::string, int> names;
  names.reserve(d.nets.size());
  std::vector<int> seenAt(d.cores.size(), -1);  // net that last listed the core as a target
  int64_t endpoints = 0;
  for (int i = 0; i < d.netCount(); ++i) {
    const Net& n = d.nets[size_t(i)];
    std::string where = "net " + quoted(n.name);
    if (n.name.empty())
      p.add(Part::Net, i, "a net has no name");
    else if (!names.emplace(n.name, i).second)
      p.add(Part::Net, i, "net name " + quoted(n.name) + " is used twice");
    if (!coreOk(n.source)) p.add(Part::Net, i, where + ": source is not a core of the design");
    if (n.targets.empty()) p.add(Part::Net, i, where + ": has no targets");
    endpoints += 1 + int64_t(n.targets.size());
    for (CoreId t : n.targets) {
      if (!coreOk(t)) {
        p.add(Part::Net, i, where + ": a target is not a core of the design");
      } else if (t == n.source) {
        p.add(Part::Net, i, where + ": core " + quoted(d.cores[size_t(t)].name) + " sends to itself");
      } else if (seenAt[size_t(t)] == i) {
        p.add(Part::Net, i, where + ": target " + quoted(d.cores[size_t(t)].name) + " is listed twice");
      } else {
        seenAt[size_t(t)] = i;
      }
    }
    if (n.bytesPerObject <= 0 || n.bytesPerObject > limits::kMaxBytesPerObject)
      p.add(Part::Net, i,
            where + ": bytes per object must be in [1, " + std::to_string(limits::kMaxBytesPerObject) + "]");
    auto depthOk = [](int depth) { return depth >= 1 && depth <= limits::kMaxDepth; };
    bool depthsOk = depthOk(n.sourceDepth);
    for (int depth : n.targetDepths) depthsOk = depthsOk && depthOk(depth);
    if (!depthsOk) p.add(Part::Net, i, where + ": depths must be in [1, " + std::to_string(limits::kMaxDepth) + "]");
    if (n.sharedDepth != 0 && !depthOk(n.sharedDepth))
      p.add(Part::Net, i, where + ": the shared depth must be in [1, " + std::to_string(limits::kMaxDepth) + "]");
    if (n.targetDepths.size() != n.targets.size()) p.add(Part::Net, i, where + ": needs one depth per target");
    if (!n.targetPorts.empty() && n.targetPorts.size() != n.targets.size())
      p.add(Part::Net, i, where + ": needs one port kind per target");
  }
  if (endpoints > limits::kMaxEndpoints)
    p.add(Part::Design, -1,
          std::to_string(endpoints) + " net endpoints: at most " + std::to_string(limits::kMaxEndpoints) +
              " are supported");
}

// Links chain nets through a core; a net may come out of at most one link, and following
// links from input nets to output nets must never come back (data would circle without a
// producer).
void checkLinks(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  auto coreOk = [&](CoreId id) { return id >= 0 && id < d.coreCount(); };
  std::vector<int> producedBy(d.nets.size(), -1);
  std::vector<int> usedAt(d.nets.size(), -1);  // link that last listed the net
  bool sound = true;
  for (int i = 0; i < int(d.links.size()); ++i) {
    const Link& l = d.links[size_t(i)];
    std::string where = "link " + std::to_string(i + 1);
    if (l.inputs.empty() || l.outputs.empty()) {
      p.add(Part::Link, i, where + ": needs at least one input and one output net");
      sound = false;
      continue;
    }
    bool idsOk = true;
    for (const auto* list : {&l.inputs, &l.outputs})
      for (NetId n : *list) idsOk = idsOk && n >= 0 && n < d.netCount();
    if (!idsOk) {
      p.add(Part::Link, i, where + ": refers to a net that does not exist");
      sound = false;
      continue;
    }
    for (const auto* list : {&l.inputs, &l.outputs})
      for (NetId n : *list) {
        if (usedAt[size_t(n)] == i)
          p.add(Part::Link, i, where + ": net " + quoted(d.nets[size_t(n)].name) + " is listed twice");
        usedAt[size_t(n)] = i;
      }
    CoreId via = d.linkVia(l);
    for (NetId n : l.outputs) {
      if (d.nets[size_t(n)].source != via)
        p.add(Part::Link, i, where + ": output nets must all start at the same core");
      if (producedBy[size_t(n)] >= 0)
        p.add(Part::Link, i,
              where + ": net " + quoted(d.nets[size_t(n)].name) + " is already the output of link " +
                  std::to_string(producedBy[size_t(n)] + 1));
      producedBy[size_t(n)] = i;
    }
    for (NetId n : l.inputs) {
      const auto& t = d.nets[size_t(n)].targets;
      if (std::find(t.begin(), t.end(), via) == t.end())
        p.add(Part::Link, i,
              where + ": input net " + quoted(d.nets[size_t(n)].name) + " does not end at " +
                  (coreOk(via) ? quoted(d.cores[size_t(via)].name) : std::string("'?'")));
    }
    if (coreOk(via) && d.cores[size_t(via)].kind == CoreKind::Shim)
      p.add(Part::Link, i, where + ": a link cannot go through shim core " + quoted(d.cores[size_t(via)].name));
  }
  if (!sound) return;
  // Kahn's algorithm over nets (edges input -> output of each link).
  std::vector<int> indegree(d.nets.size(), 0);
  std::vector<std::vector<int>> linksFrom(d.nets.size());
  for (int i = 0; i < int(d.links.size()); ++i) {
    for (NetId n : d.links[size_t(i)].outputs) indegree[size_t(n)] += int(d.links[size_t(i)].inputs.size());
    for (NetId n : d.links[size_t(i)].inputs) linksFrom[size_t(n)].push_back(i);
  }
  std::vector<NetId> ready;
  for (NetId n = 0; n < d.netCount(); ++n)
    if (indegree[size_t(n)] == 0) ready.push_back(n);
  for (size_t k = 0; k < ready.size(); ++k)
    for (int li : linksFrom[size_t(ready[k])])
      for (NetId out : d.links[size_t(li)].outputs)
        if (--indegree[size_t(out)] == 0) ready.push_back(out);
  if (int(ready.size()) == d.netCount()) return;
  for (int i = 0; i < int(d.links.size()); ++i)
    for (NetId n : d.links[size_t(i)].outputs)
      if (indegree[size_t(n)] > 0) {
        p.add(Part::Link, i,
              "link " + std::to_string(i + 1) + ": links form a cycle through net " + quoted(d.nets[size_t(n)].name) +
                  " (its data would have no producer)");
        return;
      }
}

// A compute core has one cascade input and one cascade output port, so cascades form simple
// chains; a chain that comes back to its start is refused.
void checkCascades(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  auto coreOk = [&](CoreId id) { return id >= 0 && id < d.coreCount(); };
  std::vector<int> outOf(d.cores.size(), -1), inTo(d.cores.size(), -1);
  bool sound = true;
  for (int i = 0; i < int(d.cascades.size()); ++i) {
    const Cascade& c = d.cascades[size_t(i)];
    if (!coreOk(c.from) || !coreOk(c.to)) {
      p.add(Part::Cascade, i, "a cascade refers to a core that does not exist");
      sound = false;
      continue;
    }
    const std::string& a = d.cores[size_t(c.from)].name;
    const std::string& b = d.cores[size_t(c.to)].name;
    std::string where = "cascade " + a + " -> " + b;
    if (d.cores[size_t(c.from)].kind != CoreKind::Compute || d.cores[size_t(c.to)].kind != CoreKind::Compute)
      p.add(Part::Cascade, i, where + ": both ends must be compute cores");
    if (c.from == c.to) {
      p.add(Part::Cascade, i, where + ": a core cannot cascade to itself");
      sound = false;
      continue;
    }
    if (outOf[size_t(c.from)] >= 0) {
      p.add(Part::Cascade, i,
            where + ": core " + quoted(a) + " already sends a cascade (cascade " +
                std::to_string(outOf[size_t(c.from)] + 1) + "); a core has one cascade output");
      sound = false;
    }
    if (inTo[size_t(c.to)] >= 0) {
      p.add(Part::Cascade, i,
            where + ": core " + quoted(b) + " already receives a cascade (cascade " +
                std::to_string(inTo[size_t(c.to)] + 1) + "); a core has one cascade input");
      sound = false;
    }
    outOf[size_t(c.from)] = i;
    inTo[size_t(c.to)] = i;
  }
  if (!sound) return;
  // Every core has at most one successor: walk each chain once, colouring cores.
  std::vector<char> state(d.cores.size(), 0);  // 0 new, 1 on the current walk, 2 done
  for (CoreId start = 0; start < d.coreCount(); ++start) {
    CoreId c = start;
    while (c >= 0 && state[size_t(c)] == 0) {
      state[size_t(c)] = 1;
      c = outOf[size_t(c)] >= 0 ? d.cascades[size_t(outOf[size_t(c)])].to : -1;
    }
    if (c >= 0 && state[size_t(c)] == 1) {
      int k = outOf[size_t(c)];
      p.add(Part::Cascade, k,
            "cascade " + d.cores[size_t(c)].name + " -> " + d.cores[size_t(d.cascades[size_t(k)].to)].name +
                ": cascades form a cycle");
      return;
    }
    for (c = start; c >= 0 && state[size_t(c)] == 1;
         c = outOf[size_t(c)] >= 0 ? d.cascades[size_t(outOf[size_t(c)])].to : -1)
      state[size_t(c)] = 2;
  }
}

// Each group of nets that take turns names two or more nets, and a net is in one group at most.
void checkTurns(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  std::vector<int> groupOf(d.nets.size(), -1);
  for (int i = 0; i < int(d.turns.size()); ++i) {
    const std::string where = "turns " + std::to_string(i + 1);
    const auto& nets = d.turns[size_t(i)].nets;
    if (nets.size() < 2) p.add(Part::Turns, i, where + ": needs two or more nets");
    for (NetId n : nets) {
      if (n < 0 || n >= d.netCount()) {
        p.add(Part::Turns, i, where + ": a net that does not exist");
        continue;
      }
      if (groupOf[size_t(n)] >= 0)
        p.add(Part::Turns, i,
              where + ": net " + quoted(d.nets[size_t(n)].name) +
                  (groupOf[size_t(n)] == i ? " is listed twice"
                                           : " is already in turns " + std::to_string(groupOf[size_t(n)] + 1)));
      groupOf[size_t(n)] = i;
    }
  }
}

// A memory use joins two different compute cores (only a compute tile's core reads a neighbour's
// memory).
void checkMemoryUses(const Design& d, ProblemList& p) {
  using Part = DesignProblem::Part;
  for (int i = 0; i < int(d.memoryUses.size()); ++i) {
    const MemoryUse& u = d.memoryUses[size_t(i)];
    if (u.user < 0 || u.owner < 0 || u.user >= d.coreCount() || u.owner >= d.coreCount()) {
      p.add(Part::MemoryUse, i, "a memory use refers to a core that does not exist");
      continue;
    }
    const std::string where = "memory use " + d.cores[size_t(u.user)].name + " -> " + d.cores[size_t(u.owner)].name;
    if (d.cores[size_t(u.user)].kind != CoreKind::Compute || d.cores[size_t(u.owner)].kind != CoreKind::Compute)
      p.add(Part::MemoryUse, i, where + ": both ends must be compute cores");
    else if (u.user == u.owner)
      p.add(Part::MemoryUse, i, where + ": a core uses its own memory without a memory use");
  }
}

}  // namespace

std::vector<DesignProblem> Design::diagnose() const {
  ProblemList p;
  checkCores(*this, p);
  checkNets(*this, p);
  checkLinks(*this, p);
  checkCascades(*this, p);
  checkMemoryUses(*this, p);
  checkTurns(*this, p);
  return std::move(p.out);
}

std::vector<std::string> Design::problems() const {
  std::vector<std::string> out;
  for (auto& problem : diagnose()) out.push_back(std::move(problem.message));
  return out;
}

}  // namespace ts::aie
