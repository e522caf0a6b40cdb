#pragma once
// Independent checker and scorer of WSE layouts. It shares nothing with the placers except the
// kernel library formulas: every placer result goes through evaluate() before it is reported.
#include <string>
#include <vector>

#include "engine/wse/layout.h"

namespace ts::wse {

struct Violation {
  std::string code;     ///< unplaced, bad_args, formal_args, type, outside, memory, overlap
  std::string message;  ///< one line, names the kernels
  std::vector<int> kernels;
};

struct Evaluation {
  bool legal = false;
  std::vector<Violation> violations;
  double mt = 0;     ///< maximum kernel time
  double wl = 0;     ///< sum of centre-to-centre L1 distances over kernel-to-kernel edges
  long long ac = 0;  ///< sum of adapter costs over kernel-to-kernel edges
  double score = 0;  ///< wdeltat*MT + wlength*WL + wadapter*AC
  double maxMemory = 0;
  int criticalKernel = -1;  ///< a kernel with time == MT
  int edges = 0;            ///< kernel-to-kernel edges counted
  int bboxWidth = 0, bboxHeight = 0;
};

/// Checks legality (inside the fabric, no overlaps, memory <= memlimit, well-formed execution
/// arguments, every kernel placed) and computes MT, WL, AC and the weighted score.
Evaluation evaluate(const KernelGraph& graph, const Layout& layout);

/// Score from the three terms with the graph's weights.
double weightedScore(const KernelGraph& graph, double mt, double wl, double ac);

}  // namespace ts::wse
