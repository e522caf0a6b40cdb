// tilestudio-cli bench gemm-tables: the GEMM paper's Tables 2 and 3 (measured balanced kernels)
// beside the planner: each paper kernel's rank among the planner's kernels at the row's GEMM size
// and its predicted TOPS. Tables 2-3 are the planner's check, not its calibration.
#include <cstdio>
#include <iostream>

#include "app/cli/cli_common.h"
#include "engine/aie/gemm/paper_tables.h"
#include "engine/aie/gemm/plan_json.h"
#include "engine/core/atomic_file.h"

namespace ts::cli {

namespace {

nlohmann::json comparisonJson(const aie::gemm::PaperComparison& c) {
  using aie::gemm::toString;
  const auto& p = c.paper;
  nlohmann::json j = {{"device", toString(p.generation)},
                      {"precision", aie::toString(p.precision)},
                      {"paper_rank", p.paperRank},
                      {"kernel", toString(p.kernel)},
                      {"size", {p.size.m, p.size.k, p.size.n}},
                      {"paper_macs_per_cycle", p.macsPerCycle},
                      {"paper_peak_compute_tops", p.peakComputeTops},
                      {"paper_actual_tops", p.actualTops},
                      {"planner_kernels", c.plannerKernels},
                      {"planner_top", aie::gemm::candidateToJson(c.plannerTop)}};
  j["planned"] = c.planned ? aie::gemm::candidateToJson(*c.planned) : nlohmann::json();
  j["planned_paper_set"] = c.plannedPaperSet ? aie::gemm::candidateToJson(*c.plannedPaperSet) : nlohmann::json();
  return j;
}

}  // namespace

void addBenchGemmCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = benchCommand(app)->add_subcommand(
      "gemm-tables", "The GEMM paper's Tables 2-3 beside the GEMM planner's ranks and predicted TOPS");
  auto json = std::make_shared<std::string>();
  cmd->add_option("--json", *json, "Also write the comparison as JSON (- = stdout only JSON)");
  cmd->footer("Example:\n  tilestudio-cli bench gemm-tables --json gemm_tables.json");
  cmd->callback([json, &global] {
    if (!json->empty() && *json != "-") core::requireWritableOutput(*json);
    core::RunContext ctx;
    const auto rows = aie::gemm::compareWithPaper(ctx);
    nlohmann::json all = nlohmann::json::array();
    if (*json != "-") {
      char line[320];
      std::snprintf(line, sizeof line, "%-4s %-10s %2s %-12s %-15s %6s %6s | %9s %9s %6s %6s %-7s | %-12s %6s\n", "dev",
                    "precision", "p#", "kernel", "size MxKxN", "MAC/c", "TOPS", "rank", "rank(4.5.2)", "MAC/c*",
                    "TOPS*", "bound*", "planner top", "TOPS*");
      std::cout << line;
      for (const auto& c : rows) {
        const auto& p = c.paper;
        char rank[32] = "infeasible", rank2[32] = "infeasible", size[32];
        if (c.planned) std::snprintf(rank, sizeof rank, "%d/%d", c.planned->rank, c.plannerKernels);
        if (c.plannedPaperSet) std::snprintf(rank2, sizeof rank2, "%d", c.plannedPaperSet->rank);
        std::snprintf(size, sizeof size, "%lldx%lldx%lld", (long long)p.size.m, (long long)p.size.k,
                      (long long)p.size.n);
        std::snprintf(line, sizeof line,
                      "%-4s %-10s %2d %-12s %-15s %6.1f %6.2f | %9s %9s %6.1f %6.2f %-7s | %-12s %6.2f\n",
                      aie::gemm::toString(p.generation), aie::toString(p.precision), p.paperRank,
                      aie::gemm::toString(p.kernel).c_str(), size, p.macsPerCycle, p.actualTops, rank, rank2,
                      c.planned ? c.planned->macsPerCycle : 0.0, c.planned ? c.planned->predictedTops : 0.0,
                      c.planned ? (c.planned->computeBound ? "compute" : "memory") : "-",
                      aie::gemm::toString(c.plannerTop.kernel).c_str(), c.plannerTop.predictedTops);
        std::cout << line;
      }
      std::cout << "Paper columns: measured (Tables 2-3, B column-major). * model figures. rank: among the planner's\n"
                   "kernels (every m_ct with its largest n_ct per k_ct) at the row's size; rank(4.5.2): among one\n"
                   "kernel per k_ct with the largest m_ct*n_ct (the paper's iteration; a kernel outside it is\n"
                   "ranked as if inserted). Efficiency calibrated on Table 1 only.\n\n"
                   "B column-major vs row-major (Sec. 5.2.3), average over the Figs. 7-8 sweep (multiples of the\n"
                   "native size up to 8192; int8-int8 calibrates the burst, the others are checks):\n";
      for (const auto& s : aie::gemm::layoutSweeps()) {
        std::snprintf(line, sizeof line, "  %-4s %-10s %-12s paper +%5.2f %%  model* +%5.2f %%  (%d sizes)\n",
                      aie::gemm::toString(s.generation), aie::toString(s.precision),
                      aie::gemm::toString(s.kernel).c_str(), s.paperGainPercent, s.modelGainPercent, s.sizes);
        std::cout << line;
      }
    }
    for (const auto& c : rows) all.push_back(comparisonJson(c));
    if (!json->empty()) writeJson(*json, withVersion({{"rows", all}}));
    global.exitCode = kOk;
  });
}

}  // namespace ts::cli
