// Tree benchmarks: a random spanning tree grown over the array from a root on the compute row
// next to the memory tiles, so parents and children are tile neighbours. Data is scattered
// from the root to the leaves (one multicast net per parent, or one net per child) or
// gathered from the leaves to the root; leaves talk to DRAM through memory tiles, which makes
// high-fanout broadcasts and multi-tile joins. Feedback variants send results back up the
// tree, loop a few leaves back to the root through a memory tile, or re-broadcast from the
// root to the leaves.
#include <algorithm>
#include <map>
#include <set>

#include "engine/aie/bench/synthetic.h"

namespace ts::aie {

namespace {

struct GrownTree {
  std::vector<TileCoord> tiles;        ///< BFS order from the root
  std::vector<int> parent;             ///< index into tiles, -1 for the root
  std::vector<std::vector<int>> kids;  ///< children indices
};

GrownTree growTree(const DesignBuilder& b, core::Rng& rng, int n) {
  const int cols = b.computeColumns(), rows = int(b.computeRows().size());
  auto inside = [&](int x, int y) { return x >= 0 && y >= 0 && x < cols && y < rows; };
  std::map<std::pair<int, int>, std::pair<int, int>> parentOf;  // grid cell -> parent cell
  std::map<std::pair<int, int>, int> children;
  const std::pair<int, int> root{rng.uniformInt(0, cols - 1), 0};
  parentOf[root] = {-1, -1};
  int maxKids = rng.uniformInt(2, 3);
  const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
  while (int(parentOf.size()) < n) {
    std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> grow;  // (parent, cell)
    for (const auto& [cell, p] : parentOf) {
      if (children[cell] >= maxKids) continue;
      for (int d = 0; d < 4; ++d) {
        std::pair<int, int> next{cell.first + dx[d], cell.second + dy[d]};
        if (inside(next.first, next.second) && !parentOf.count(next)) grow.push_back({cell, next});
      }
    }
    if (grow.empty()) {
      ++maxKids;  // the array is tight: allow wider nodes
      continue;
    }
    auto [p, cell] = grow[size_t(rng.uniformInt(0, int(grow.size()) - 1))];
    if (parentOf.count(cell)) continue;
    parentOf[cell] = p;
    ++children[p];
  }
  // Program order: level by level from the root, each node's children in the order the
  // logical tree lists them (drawn at random: an author numbers children by role, not by the
  // tile an expert later gives them).
  GrownTree t;
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> kidsOf;
  for (const auto& [cell, p] : parentOf)
    if (p.first >= 0) kidsOf[p].push_back(cell);
  for (auto& [cell, kids] : kidsOf)
    for (int i = int(kids.size()) - 1; i > 0; --i) std::swap(kids[size_t(i)], kids[size_t(rng.uniformInt(0, i))]);
  std::vector<std::pair<int, int>> queue{root};
  std::map<std::pair<int, int>, int> index;
  for (size_t i = 0; i < queue.size(); ++i) {
    index[queue[i]] = int(i);
    for (auto k : kidsOf[queue[i]]) queue.push_back(k);
  }
  t.kids.resize(queue.size());
  for (size_t i = 0; i < queue.size(); ++i) {
    t.tiles.push_back(b.computeTile(queue[i].first, queue[i].second));
    auto p = parentOf[queue[i]];
    t.parent.push_back(p.first < 0 ? -1 : index[p]);
    if (p.first >= 0) t.kids[size_t(index[p])].push_back(int(i));
  }
  return t;
}

}  // namespace

GeneratedDesign generateTree(const Device& device, const SyntheticSpec& spec) {
  core::Rng rng(spec.seed);
  Traffic traffic(rng, spec);
  DesignBuilder b(device, spec.name, "");
  auto [lo, hi] = computeCoreRange(device, spec.size);
  const int n = rng.uniformInt(lo, hi);
  GrownTree tree = growTree(b, rng, n);

  std::vector<CoreId> node;
  for (int i = 0; i < n; ++i)
    node.push_back(b.addCompute("n" + std::to_string(i), tree.tiles[size_t(i)], traffic.cycles()));
  std::vector<CoreId> leaves;
  int depth = 0;
  std::vector<int> level(size_t(n), 0);
  for (int i = 0; i < n; ++i) {
    if (tree.parent[size_t(i)] >= 0) level[size_t(i)] = level[size_t(tree.parent[size_t(i)])] + 1;
    depth = std::max(depth, level[size_t(i)]);
    if (tree.kids[size_t(i)].empty()) leaves.push_back(node[size_t(i)]);
  }
  auto kidsOf = [&](int i) {
    std::vector<CoreId> k;
    for (int c : tree.kids[size_t(i)]) k.push_back(node[size_t(c)]);
    return k;
  };
  const CoreId root = node[0];
  const bool scatter = spec.flow == Flow::Feedback ? rng.uniformInt(0, 2) > 0 : rng.uniformInt(0, 1) == 0;
  const bool broadcastStyle = rng.uniformInt(0, 1) == 0;
  const int feedbackKind = rng.uniformInt(0, 1);

  auto addScatter = [&] {
    for (int i = 0; i < n; ++i) {
      std::vector<CoreId> k = kidsOf(i);
      if (k.empty()) continue;
      const std::string name = "n" + std::to_string(i);
      if (broadcastStyle && k.size() > 1 && b.canShare(node[size_t(i)], k) && b.fits(node[size_t(i)], k)) {
        b.addNet(name + "_down", node[size_t(i)], k, traffic.bytes(), traffic.depth());
        continue;
      }
      for (CoreId c : k)
        b.addNet(name + "_" + b.design().cores[c].name, node[size_t(i)], {c}, traffic.bytes(), traffic.depth());
    }
  };
  auto addGather = [&](const std::string& suffix) {
    for (int i = 1; i < n; ++i)
      b.addNet("n" + std::to_string(i) + suffix, node[size_t(i)], {node[size_t(tree.parent[size_t(i)])]},
               traffic.bytes(), traffic.depth());
  };

  if (scatter) {
    b.addInput("in", {{root}}, traffic.bytes(), traffic.depth());
    const bool reduceBack = spec.flow == Flow::Feedback && feedbackKind == 0;
    if (reduceBack)
      b.addOutput("out", {root}, traffic.bytes(), traffic.depth());
    else
      b.addOutput("out", leaves, traffic.bytes(), traffic.depth());
    addScatter();
    if (reduceBack) {
      addGather("_up");  // results climb back to the root: every parent-child pair is a loop
    } else if (spec.flow == Flow::Feedback) {
      // A few leaves report back to the root through a memory tile.
      std::vector<CoreId> fb;
      for (CoreId l : leaves)
        if (fb.size() < 3 && rng.uniformInt(0, 1) == 0) fb.push_back(l);
      if (fb.empty()) fb.push_back(leaves.back());
      b.addRelay("fb", fb, {root}, traffic.bytes(), traffic.depth());
    } else if (rng.uniformInt(0, 9) < 4 && leaves.size() > 2) {
      b.addNet("cfg", root, leaves, std::max<int64_t>(32, traffic.baseBytes() / 4),
               1);  // configuration broadcast
    }
  } else {
    // Gather: leaves fed from DRAM (a multicast or a distribute), reduced towards the root.
    std::vector<std::vector<CoreId>> groups{leaves};
    if (rng.uniformInt(0, 1) == 0 && leaves.size() > 3) {
      const size_t parts = std::min<size_t>(4, (leaves.size() + 2) / 3);
      groups.assign(parts, {});
      for (size_t i = 0; i < leaves.size(); ++i) groups[i * parts / leaves.size()].push_back(leaves[i]);
    }
    b.addInput("in", groups, traffic.bytes(), traffic.depth());
    b.addOutput("out", {root}, traffic.bytes(), traffic.depth());
    addGather("_up");
    if (spec.flow == Flow::Feedback) {
      // The root re-broadcasts its result to some leaves (an iterative refinement loop).
      std::vector<CoreId> fb;
      for (CoreId l : leaves)
        if (rng.uniformInt(0, 2) > 0) fb.push_back(l);
      if (fb.empty()) fb = {leaves.front()};
      b.addNet("refine", root, fb, traffic.bytes(), traffic.depth());
    }
  }
  // Dataflow order: BFS for scatter trees, reversed for gather trees. Extra nets follow it in
  // pipelined designs and run against it (closing loops) in feedback designs.
  std::vector<CoreId> flowOrder = node;
  if (!scatter) std::reverse(flowOrder.begin(), flowOrder.end());
  const bool pipelined = spec.flow == Flow::Pipelined;
  addRandomNets(b, rng, flowOrder, rng.uniformInt(0, 1), pipelined, 2, traffic, "x");
  addTrafficStress(b, rng, flowOrder, pipelined, traffic);

  b.design().description = std::string(scatter ? "scatter" : "gather") + " tree of " + std::to_string(n) +
                           " nodes, depth " + std::to_string(depth) + ", " + std::to_string(leaves.size()) +
                           " leaves (" + toString(spec.flow) + "), spanning-tree layout";
  GeneratedDesign gen = b.finish();
  gen.stressLevel = traffic.stress();
  if (spec.size == SizeClass::Large || rng.uniformInt(0, 3) == 0) tightenMemory(gen, device, rng, traffic.stress());
  return gen;
}

}  // namespace ts::aie
