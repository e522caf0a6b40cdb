#pragma once
// Helpers shared by the WSE subcommands (wse place/eval/generate, bench wse).
#include <nlohmann/json.hpp>

#include <ostream>
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

/// The bench wse table, from the cases of its --json output: the header, one row per case as
/// it finishes, and the closing line (average ratio to the published CU.POKer scores).
void printWseBenchHeader(std::ostream& out);
void printWseBenchRow(const nlohmann::json& benchCase, std::ostream& out);
void printWseBenchSummary(const nlohmann::json& cases, std::ostream& out);
/// The ratio average over the cases that have a published CU.POKer score (count 0: none).
double averageRatioToCuPoker(const nlohmann::json& cases, int& count);

}  // namespace ts::cli
