#include "engine/aie/place/dataflow_regions.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ts::aie {

namespace {

bool isCompute(const Design& d, CoreId c) {
  return d.cores[size_t(c)].kind == CoreKind::Compute;
}

int findRoot(std::vector<int>& parent, int x) {
  while (parent[size_t(x)] != x) x = parent[size_t(x)] = parent[size_t(parent[size_t(x)])];
  return x;
}

/// Kahn's order of `cores` on the edges among them, lowest id first; a cycle is broken at the
/// lowest remaining id.
std::vector<CoreId> dataflowOrder(const std::vector<CoreId>& cores, const std::vector<TrafficEdge>& edges) {
  std::map<CoreId, int> indeg;
  std::map<CoreId, std::vector<CoreId>> succ;
  for (CoreId c : cores) indeg[c] = 0;
  for (const TrafficEdge& e : edges)
    if (e.from != e.to && indeg.count(e.from) && indeg.count(e.to)) {
      succ[e.from].push_back(e.to);
      ++indeg[e.to];
    }
  std::set<CoreId> ready, left(cores.begin(), cores.end());
  for (const auto& [c, k] : indeg)
    if (k == 0) ready.insert(c);
  std::vector<CoreId> out;
  while (!left.empty()) {
    CoreId c = ready.empty() ? *left.begin() : *ready.begin();
    ready.erase(c);
    left.erase(c);
    out.push_back(c);
    for (CoreId s : succ[c])
      if (left.count(s) && --indeg[s] == 0) ready.insert(s);
  }
  return out;
}

/// For groups a -> b of equal size: b's partner of each core of a when every core of a sends
/// direct nets to exactly one core of b and no two to the same one; empty otherwise.
std::map<CoreId, CoreId> pointwisePairs(const Design& d, const std::vector<CoreId>& a, const std::vector<CoreId>& b) {
  if (a.size() != b.size() || a.empty()) return {};
  const std::set<CoreId> inA(a.begin(), a.end()), inB(b.begin(), b.end());
  std::map<CoreId, std::set<CoreId>> targets;
  for (const Net& n : d.nets) {
    if (!inA.count(n.source)) continue;
    for (CoreId t : n.targets)
      if (inB.count(t)) targets[n.source].insert(t);
  }
  std::map<CoreId, CoreId> pairs;
  std::set<CoreId> used;
  for (CoreId c : a) {
    auto it = targets.find(c);
    if (it == targets.end() || it->second.size() != 1) return {};
    CoreId partner = *it->second.begin();
    if (!used.insert(partner).second) return {};
    pairs[c] = partner;
  }
  return pairs;
}

/// The nets that carry net n's data on from core `via`: the outputs of the links that chain n
/// through it, or, when no link does, every net `via` sends.
std::vector<NetId> passesTo(const Design& d, NetId n, CoreId via, const std::vector<std::vector<NetId>>& from) {
  std::vector<NetId> out;
  bool linked = false;
  for (const Link& l : d.links)
    if (d.linkVia(l) == via && std::find(l.inputs.begin(), l.inputs.end(), n) != l.inputs.end()) {
      linked = true;
      out.insert(out.end(), l.outputs.begin(), l.outputs.end());
    }
  return linked ? out : from[size_t(via)];
}

}  // namespace

std::vector<std::string> dataflowGroups(const Design& d) {
  const int n = d.coreCount();
  std::vector<std::string> out(static_cast<size_t>(n));
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  auto ungrouped = [&](CoreId c) { return isCompute(d, c) && d.cores[size_t(c)].group.empty(); };
  auto join = [&](CoreId a, CoreId b) {
    if (ungrouped(a) && ungrouped(b)) parent[size_t(findRoot(parent, a))] = findRoot(parent, b);
  };
  for (const TrafficEdge& e : computeTraffic(d)) join(e.from, e.to);
  for (const Net& net : d.nets)  // the compute ends of one net, e.g. the cores a broadcast feeds
    for (CoreId t : net.targets) join(net.targets.front(), t);
  for (const Cascade& k : d.cascades) join(k.from, k.to);
  std::map<int, std::string> componentName;
  std::set<std::string> taken;  // a component never takes the name of a user's group
  for (const LogicalCore& core : d.cores) taken.insert(core.group);
  for (CoreId c = 0; c < n; ++c) {
    if (!isCompute(d, c)) continue;
    if (!ungrouped(c)) {
      out[size_t(c)] = d.cores[size_t(c)].group;
      continue;
    }
    const int root = findRoot(parent, c);
    auto it = componentName.find(root);
    if (it == componentName.end()) {
      std::string name = "component " + std::to_string(componentName.size() + 1);
      while (!taken.insert(name).second) name += "'";
      it = componentName.emplace(root, name).first;
    }
    out[size_t(c)] = it->second;
  }
  return out;
}

std::vector<TrafficEdge> computeTraffic(const Design& d) {
  std::vector<std::vector<NetId>> from(size_t(d.coreCount()));  // nets each core sends
  for (NetId n = 0; n < d.netCount(); ++n) from[size_t(d.nets[size_t(n)].source)].push_back(n);
  std::vector<TrafficEdge> out;
  for (const Net& net : d.nets) {
    if (!isCompute(d, net.source)) continue;
    for (CoreId t : net.targets) {
      if (isCompute(d, t)) {
        out.push_back({net.source, t, double(net.bytesPerObject)});
        continue;
      }
      for (NetId m : passesTo(d, NetId(&net - d.nets.data()), t, from))  // through the memory tile / shim
        for (CoreId w : d.nets[size_t(m)].targets)
          if (isCompute(d, w)) out.push_back({net.source, w, double(net.bytesPerObject)});
    }
  }
  return out;
}

std::vector<DataflowRegion> dataflowRegions(const Design& d, bool fusePointwise) {
  const std::vector<std::string> groupOf = dataflowGroups(d);
  std::vector<std::string> names;  // in order of first appearance
  std::map<std::string, int> index;
  std::vector<std::vector<CoreId>> members;
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (groupOf[size_t(c)].empty()) continue;
    auto [it, added] = index.emplace(groupOf[size_t(c)], int(names.size()));
    if (added) {
      names.push_back(groupOf[size_t(c)]);
      members.emplace_back();
    }
    members[size_t(it->second)].push_back(c);
  }
  const size_t g = names.size();
  const std::vector<TrafficEdge> traffic = computeTraffic(d);
  std::vector<std::vector<double>> w(g, std::vector<double>(g, 0.0));
  for (const TrafficEdge& e : traffic) {
    const int a = index[groupOf[size_t(e.from)]], b = index[groupOf[size_t(e.to)]];
    if (a != b) w[size_t(a)][size_t(b)] += e.bytes;
  }

  // Greedy topological walk (see the header).
  std::vector<char> done(g, 0);
  std::vector<int> order;
  int last = -1;
  while (order.size() < g) {
    auto ready = [&](size_t c) {
      for (size_t p = 0; p < g; ++p)
        if (!done[p] && p != c && w[p][c] > 0) return false;
      return true;
    };
    bool anyReady = false;
    for (size_t c = 0; c < g; ++c) anyReady = anyReady || (!done[c] && ready(c));
    int best = -1;
    double bestLast = -1, bestAll = -1;
    for (size_t c = 0; c < g; ++c) {
      if (done[c] || (anyReady && !ready(c))) continue;
      const double toLast = last < 0 ? 0 : w[size_t(last)][c] + w[c][size_t(last)];
      double toAll = 0;
      for (size_t p = 0; p < g; ++p)
        if (done[p]) toAll += w[p][c] + w[c][p];
      if (toLast > bestLast || (toLast == bestLast && toAll > bestAll)) {
        best = int(c);
        bestLast = toLast;
        bestAll = toAll;
      }
    }
    done[size_t(best)] = 1;
    order.push_back(best);
    last = best;
  }

  std::vector<DataflowRegion> out;
  for (size_t i = 0; i < order.size(); ++i) {
    const int a = order[i];
    std::vector<CoreId> coresA = dataflowOrder(members[size_t(a)], traffic);
    if (fusePointwise && i + 1 < order.size()) {
      const int b = order[i + 1];
      std::map<CoreId, CoreId> pairs = pointwisePairs(d, coresA, members[size_t(b)]);
      if (!pairs.empty()) {
        DataflowRegion r{{names[size_t(a)], names[size_t(b)]}, {}};
        for (CoreId c : coresA) {
          r.cores.push_back(c);
          r.cores.push_back(pairs[c]);
        }
        out.push_back(std::move(r));
        ++i;
        continue;
      }
    }
    out.push_back({{names[size_t(a)]}, std::move(coresA)});
  }
  return out;
}

}  // namespace ts::aie
