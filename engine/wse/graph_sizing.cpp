#include "engine/wse/graph_sizing.h"

#include <algorithm>
#include <limits>

#include "engine/core/hash_mix.h"

namespace ts::wse {

GraphSizer::GraphSizer(const KernelGraph& graph) : graph_(graph), sizer_(graph.width, graph.height, graph.memlimit) {
  for (const auto& k : graph.kernels) {
    int found = -1;
    for (size_t u = 0; u < unique_.size() && found < 0; ++u)
      if (unique_[u].spec == k.spec) found = int(u);
    if (found < 0) {
      found = int(unique_.size());
      unique_.push_back(sizer_.prepare(k.spec));
    }
    uniqueOf_.push_back(found);
  }
}

double SizedGraph::smallestTotalArea() const {
  double area = 0;
  for (const auto& list : candidates) {
    double least = std::numeric_limits<double>::infinity();
    for (const Candidate& c : list) least = std::min(least, double(c.width) * c.height);
    area += least;
  }
  return area;
}

double GraphSizer::saturationTarget() const {
  double t = 0;
  for (const auto& u : unique_) t = std::max(t, u.saturation);
  return t;
}

SizedGraph GraphSizer::size(double target) const {
  SizedGraph out;
  out.target = target;
  std::vector<std::vector<Candidate>> perUnique(unique_.size());
  uint64_t h = 0;
  for (size_t u = 0; u < unique_.size(); ++u) {
    perUnique[u] = sizer_.size(unique_[u], target);
    h = core::hashMix(h, perUnique[u].size());
    for (const auto& c : perUnique[u]) {
      h = core::hashMix(h, uint64_t(c.height), uint64_t(c.width), uint64_t(c.rotated), uint64_t(c.args.h),
                        uint64_t(c.args.w));
      for (int v : c.args.c) h = core::hashMix(h, uint64_t(v));
      for (int v : c.args.k) h = core::hashMix(h, uint64_t(v));
    }
  }
  out.fingerprint = h;
  out.candidates.resize(graph_.kernels.size());
  for (size_t k = 0; k < graph_.kernels.size(); ++k) {
    out.candidates[k] = perUnique[size_t(uniqueOf_[k])];
    if (out.candidates[k].empty() && out.unsizable < 0) out.unsizable = int(k);
  }
  return out;
}

}  // namespace ts::wse
