#include "engine/wse/evaluator.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace ts::wse {

double weightedScore(const KernelGraph& graph, double mt, double wl, double ac) {
  return graph.wdeltat * mt + graph.wlength * wl + graph.wadapter * ac;
}

namespace {

bool argsWellFormed(const KernelSpec& spec, const ExecArgs& a) {
  size_t n = size_t(spec.convCount());
  if (a.c.size() != n || a.k.size() != n || a.h < 1 || a.w < 1) return false;
  for (size_t i = 0; i < n; ++i)
    if (a.c[i] < 1 || a.k[i] < 1) return false;
  return true;
}

std::string fmt(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

}  // namespace

Evaluation evaluate(const KernelGraph& graph, const Layout& layout) {
  Evaluation ev;
  const int n = graph.kernelCount();
  auto add = [&](std::string code, std::string msg, std::vector<int> ks) {
    ev.violations.push_back({std::move(code), std::move(msg), std::move(ks)});
  };
  if (int(layout.kernels.size()) != n) {
    add("size", "layout has " + std::to_string(layout.kernels.size()) + " kernels, graph has " + std::to_string(n), {});
    return ev;
  }
  std::vector<Box> box(static_cast<size_t>(n));
  std::vector<bool> usable(static_cast<size_t>(n), false);
  int minX = graph.width, minY = graph.height, maxX = 0, maxY = 0;
  for (int i = 0; i < n; ++i) {
    const auto& k = layout.kernels[i];
    const auto& spec = graph.kernels[i].spec;
    const std::string& name = graph.kernels[i].name;
    if (!k.placed) {
      add("unplaced", "kernel " + name + " is not placed", {i});
      continue;
    }
    if (!argsWellFormed(spec, k.args)) {
      add("bad_args",
          "kernel " + name +
              " has execution arguments that are not positive integers "
              "or do not match its " +
              toString(spec.type),
          {i});
      continue;
    }
    usable[i] = true;
    Perf p = kernelPerf(spec, k.args);
    box[i] = kernelBox(spec, k);
    if (p.time > ev.mt) {
      ev.mt = p.time;
      ev.criticalKernel = i;
    }
    ev.maxMemory = std::max(ev.maxMemory, p.memory);
    if (p.memory > graph.memlimit)
      add("memory", "kernel " + name + " needs memory " + fmt(p.memory) + " > memlimit " + fmt(graph.memlimit), {i});
    const Box& b = box[i];
    if (b.x < 0 || b.y < 0 || int64_t(b.x) + b.width > graph.width || int64_t(b.y) + b.height > graph.height)
      add("outside",
          "kernel " + name + " (" + std::to_string(b.x) + "," + std::to_string(b.y) + " " + std::to_string(b.width) +
              "x" + std::to_string(b.height) + ") is not inside the " + std::to_string(graph.width) + "x" +
              std::to_string(graph.height) + " fabric",
          {i});
    minX = std::min(minX, b.x);
    minY = std::min(minY, b.y);
    maxX = std::max(maxX, b.right());
    maxY = std::max(maxY, b.top());
  }
  if (maxX > minX) ev.bboxWidth = maxX - minX;
  if (maxY > minY) ev.bboxHeight = maxY - minY;

  // Overlaps: sweep over kernels sorted by x.
  std::vector<int> byX;
  for (int i = 0; i < n; ++i)
    if (usable[i]) byX.push_back(i);
  std::sort(byX.begin(), byX.end(), [&](int a, int b) { return box[a].x < box[b].x; });
  for (size_t a = 0; a < byX.size(); ++a)
    for (size_t b = a + 1; b < byX.size() && box[byX[b]].x < box[byX[a]].right(); ++b)
      if (box[byX[a]].overlaps(box[byX[b]]))
        add("overlap", "kernels " + graph.kernels[byX[a]].name + " and " + graph.kernels[byX[b]].name + " overlap",
            {byX[a], byX[b]});

  for (const auto& e : graph.kernelEdges) {
    if (!usable[e.src] || !usable[e.dst]) continue;
    ++ev.edges;
    ev.wl += std::fabs(box[e.src].cx() - box[e.dst].cx()) + std::fabs(box[e.src].cy() - box[e.dst].cy());
    ev.ac += adapterCost(layout.kernels[e.src].args, layout.kernels[e.dst].args);
  }
  ev.score = weightedScore(graph, ev.mt, ev.wl, double(ev.ac));
  ev.legal = ev.violations.empty();
  return ev;
}

}  // namespace ts::wse
