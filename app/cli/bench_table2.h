#pragma once
// `bench aie --table2`: the placer x router pairings of the AIE PnR paper's Table II, and the
// printing of Table II and Fig. 6 in the paper's layout, with the published numbers beside ours.
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::cli {

/// One row of Table II: the placer (with its settings, as --placer takes them) and the router.
struct Table2Pairing {
  std::string placerSpec;  ///< e.g. "sa:cost=bbcg"
  std::string router;      ///< "milp" or "pathfinder"
  std::string placerName;  ///< the paper's words: "Manual", "AMD", "SA+BBCG", ...
  std::string routerName;  ///< "AMD" (PathFinder, MLIR-AIE's router) or "Ours" (the MILP router)
};

/// The paper's eight rows in its order: manual+pathfinder, manual+milp, sequential+pathfinder,
/// SA+MILP cost, SA+BB, SA+BBCG, LSMO, joint MILP (the last five routed by the MILP router).
const std::vector<Table2Pairing>& table2Pairings();

/// `v` with `precision` decimals, as the tables print it.
std::string fixedDecimals(double v, int precision);

/// "placer label+router" of one run of a bench aie --json report (rows are matched by it).
std::string runLabel(const nlohmann::json& run);

/// Table II (success, then over the designs every run passes: geomean PnR time and estimated
/// runtime, arithmetic means of route length, buffer KB, shared-memory and stream nets) and
/// Fig. 6 (success rate per benchmark category and placer), each followed by the published
/// figures. Runs are matched to rows by placer label and router; missing rows print "-".
void printTable2(const std::vector<nlohmann::json>& runs, std::ostream& out);

}  // namespace ts::cli
