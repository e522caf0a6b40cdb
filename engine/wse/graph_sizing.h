#pragma once
// Sizing of a whole kernel graph for one target time: every distinct formal-argument set is
// sized once (graphs repeat the same conv or block many times) and the candidate lists are
// handed out per kernel, with a fingerprint so that targets giving identical candidate sets
// can be recognised and skipped.
#include <cstdint>
#include <vector>

#include "engine/wse/kernel_graph.h"
#include "engine/wse/sizing.h"

namespace ts::wse {

struct SizedGraph {
  double target = 0;
  std::vector<std::vector<Candidate>> candidates;  ///< per kernel index
  uint64_t fingerprint = 0;                        ///< equal for identical candidate sets
  int unsizable = -1;  ///< a kernel with no candidate at this target (-1 when all have some)
  /// Sum over the kernels of their smallest candidate's area (a kernel without one adds inf).
  double smallestTotalArea() const;
};

class GraphSizer {
 public:
  explicit GraphSizer(const KernelGraph& graph);
  SizedGraph size(double target) const;
  const KernelSizer& sizer() const { return sizer_; }
  /// The least target from which no kernel's candidates change any more.
  double saturationTarget() const;

 private:
  const KernelGraph& graph_;
  KernelSizer sizer_;
  std::vector<KernelSizer::Prepared> unique_;
  std::vector<int> uniqueOf_;  ///< per kernel
};

}  // namespace ts::wse
