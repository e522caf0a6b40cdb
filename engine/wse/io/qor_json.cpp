#include "engine/wse/io/qor_json.h"

namespace ts::wse {

nlohmann::json evaluationJson(const KernelGraph& graph, const Evaluation& ev) {
  nlohmann::json problems = nlohmann::json::array();
  for (const auto& v : ev.violations) {
    nlohmann::json kernels = nlohmann::json::array();
    for (int k : v.kernels) kernels.push_back(graph.kernels[size_t(k)].name);
    problems.push_back({{"code", v.code}, {"message", v.message}, {"kernels", kernels}});
  }
  return {{"legal", ev.legal},
          {"mt", ev.mt},
          {"wl", ev.wl},
          {"ac", ev.ac},
          {"score", ev.score},
          {"weights", {{"wdeltat", graph.wdeltat}, {"wlength", graph.wlength}, {"wadapter", graph.wadapter}}},
          {"max_memory", ev.maxMemory},
          {"edges", ev.edges},
          {"critical_kernel", ev.criticalKernel >= 0 ? graph.kernels[size_t(ev.criticalKernel)].name : ""},
          {"bounding_box", {ev.bboxWidth, ev.bboxHeight}},
          {"problems", problems}};
}

nlohmann::json layoutQorJson(const KernelGraph& graph, const Layout& layout, const Evaluation& ev) {
  nlohmann::json j = evaluationJson(graph, ev);
  j["test"] = graph.test;
  j["fabric"] = {graph.width, graph.height};
  j["memlimit"] = graph.memlimit;
  nlohmann::json kernels = nlohmann::json::array();
  for (int i = 0; i < graph.kernelCount(); ++i) {
    const Kernel& k = graph.kernels[size_t(i)];
    nlohmann::json e = {{"name", k.name}, {"type", toString(k.spec.type)}, {"formal", k.spec.formalArgs()}};
    const PlacedKernel& p = size_t(i) < layout.kernels.size() ? layout.kernels[size_t(i)] : PlacedKernel{};
    e["placed"] = p.placed;
    if (p.placed && p.args.c.size() == size_t(k.spec.convCount()) && p.args.k.size() == p.args.c.size()) {
      Perf perf = kernelPerf(k.spec, p.args);
      Box b = kernelBox(k.spec, p);
      e["args"] = {{"h", p.args.h}, {"w", p.args.w}, {"c", p.args.c}, {"k", p.args.k}};
      e["x"] = p.x;
      e["y"] = p.y;
      e["rotation"] = p.rotated ? "R90" : "R0";
      e["width"] = b.width;
      e["height"] = b.height;
      e["time"] = perf.time;
      e["memory"] = perf.memory;
      e["pinned"] = p.pinned;
    }
    kernels.push_back(std::move(e));
  }
  j["kernels"] = std::move(kernels);
  return j;
}

}  // namespace ts::wse
