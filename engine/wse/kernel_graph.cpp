#include "engine/wse/kernel_graph.h"

#include <algorithm>
#include <cctype>

namespace ts::wse {

std::string normalizeKernelName(const std::string& name) {
  if (name.size() < 2 || name[0] != 'k') return name;
  for (size_t i = 1; i < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
  size_t first = 1;
  while (first + 1 < name.size() && name[first] == '0') ++first;
  return "k" + name.substr(first);
}

int KernelGraph::findKernel(const std::string& name) const {
  for (size_t i = 0; i < kernels.size(); ++i)
    if (kernels[i].name == name) return int(i);
  std::string norm = normalizeKernelName(name);
  for (size_t i = 0; i < kernels.size(); ++i)
    if (normalizeKernelName(kernels[i].name) == norm) return int(i);
  return -1;
}

bool KernelGraph::hasForks() const {
  for (int i = 0; i < kernelCount(); ++i)
    if (succ[i].size() > 1 || pred[i].size() > 1) return true;
  return false;
}

int KernelGraph::addInput(std::vector<int> dims, std::string name) {
  GraphNode n;
  n.kind = GraphNode::Kind::Input;
  n.fileIndex = int(nodes.size());
  n.name = std::move(name);
  n.dims = std::move(dims);
  nodes.push_back(std::move(n));
  return int(nodes.size()) - 1;
}

int KernelGraph::addOutput(std::vector<int> dims, std::string name) {
  int id = addInput(std::move(dims), std::move(name));
  nodes[id].kind = GraphNode::Kind::Output;
  return id;
}

int KernelGraph::addKernel(const KernelSpec& spec, std::string name) {
  GraphNode n;
  n.kind = GraphNode::Kind::Kernel;
  n.fileIndex = int(nodes.size());
  n.name = name.empty() ? "k" + std::to_string(n.fileIndex) : std::move(name);
  n.kernel = int(kernels.size());
  nodes.push_back(n);
  kernels.push_back({n.name, spec, int(nodes.size()) - 1});
  return int(nodes.size()) - 1;
}

void KernelGraph::connect(int srcNode, int dstNode, std::vector<int> shape, int line) {
  edges.push_back({srcNode, dstNode, std::move(shape), line});
}

void KernelGraph::finalize() {
  kernelEdges.clear();
  succ.assign(kernels.size(), {});
  pred.assign(kernels.size(), {});
  for (const auto& e : edges) {
    int u = nodes[e.srcNode].kernel, v = nodes[e.dstNode].kernel;
    if (u < 0 || v < 0) continue;
    kernelEdges.push_back({u, v});
    succ[u].push_back(v);
    pred[v].push_back(u);
  }
}

std::vector<int> depthFirstTopologicalOrder(const KernelGraph& g, int variant) {
  const int n = g.kernelCount();
  std::vector<int> indeg(n, 0);
  for (const auto& e : g.kernelEdges) ++indeg[e.dst];
  std::vector<int> stack, order;
  order.reserve(n);
  // Sources pushed so that the first one in file data-flow terms is popped first.
  std::vector<int> sources;
  for (int i = 0; i < n; ++i)
    if (indeg[i] == 0) sources.push_back(i);
  // Prefer the source fed by an input node (the network's real start).
  std::stable_sort(sources.begin(), sources.end(), [&](int a, int b) {
    auto fedByInput = [&](int k) {
      for (const auto& e : g.edges)
        if (e.dstNode == g.kernels[k].node && g.nodes[e.srcNode].kind == GraphNode::Kind::Input) return true;
      return false;
    };
    return fedByInput(a) && !fedByInput(b);
  });
  for (auto it = sources.rbegin(); it != sources.rend(); ++it) stack.push_back(*it);
  while (!stack.empty()) {
    int u = stack.back();
    stack.pop_back();
    order.push_back(u);
    std::vector<int> ready;
    for (int v : g.succ[u])
      if (--indeg[v] == 0) ready.push_back(v);
    // Pushed last = popped first.
    if (variant == 0)
      for (auto it = ready.rbegin(); it != ready.rend(); ++it) stack.push_back(*it);
    else
      for (int v : ready) stack.push_back(v);
  }
  return order;  // shorter than n only for a cyclic graph (the reader rejects those)
}

}  // namespace ts::wse
