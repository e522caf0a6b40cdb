#pragma once
// Helpers shared by the WSE subcommands (wse place/eval/generate, bench wse).
#include <string>

#include "engine/wse/kernel_graph.h"

namespace ts::cli {

/// The CU.POKer result the paper publishes for a contest case (Table II), found by the
/// graph's header test name. Returns false for other graphs.
struct PublishedWseResult {
  std::string caseName;
  double mt = 0, wl = 0, ac = 0, score = 0;
};
bool publishedCuPokerResult(const wse::KernelGraph& graph, PublishedWseResult& out);

}  // namespace ts::cli
