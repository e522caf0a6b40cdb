// tilestudio-cli gemm plan: the GEMM tiling planner (GEMM paper Sec. 4.5) — ranks single-core
// kernels m_ct x k_ct x n_ct for a GEMM on npu1/npu2 by the model's predicted TOPS, and can write
// the whole-array design of a chosen kernel.
#include <cstdio>
#include <iostream>
#include <optional>
#include <vector>

#include "app/cli/cli_common.h"
#include "engine/aie/device_library.h"
#include "engine/aie/gemm/gemm_design.h"
#include "engine/aie/gemm/plan_json.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/legality.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::cli {

namespace {

struct GemmPlanOptions {
  std::string device, precision, bLayout = "col", candidates = "l1-maximal", json, design;
  int64_t m = 0, k = 0, n = 0;
  int top = 10, designRank = 1;
};

aie::gemm::PlanRequest requestFrom(const GemmPlanOptions& o) {
  aie::gemm::PlanRequest r;
  if (o.device != "npu1" && o.device != "npu2")
    throw core::Error("--device '" + o.device + "' is not a GEMM planner device (npu1 or npu2)");
  r.generation = *aie::gemm::parseGeneration(o.device);
  const auto p = aie::parseGemmPrecision(o.precision);
  if (!p)
    throw core::Error("--precision '" + o.precision + "' is not one of int8-int8, int8-int16, int8-int32, bf16-bf16");
  r.precision = *p;
  const auto b = aie::gemm::parseBLayout(o.bLayout);
  if (!b) throw core::Error("--b-layout '" + o.bLayout + "' is not row or col");
  r.bLayout = *b;
  if (o.candidates != "l1-maximal" && o.candidates != "max-output-tile")
    throw core::Error("--candidates '" + o.candidates + "' is not l1-maximal or max-output-tile");
  r.candidates =
      o.candidates == "l1-maximal" ? aie::gemm::CandidateSet::L1Maximal : aie::gemm::CandidateSet::MaxOutputTile;
  r.size = {o.m, o.k, o.n};
  r.top = o.top;
  return r;
}

std::string sizeText(const aie::gemm::GemmSize& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.k) + "x" + std::to_string(s.n);
}

void printPlan(const aie::gemm::PlanResult& r, std::ostream& out) {
  using namespace aie::gemm;
  const GenerationParams& p = r.params;
  out << "GEMM " << sizeText(r.request.size) << " " << toString(r.request.precision) << " on "
      << toString(r.request.generation) << " (" << p.rows << "x" << p.cols << " cores, B "
      << toString(r.request.bLayout) << "-major): " << r.feasibleKernels << " kernels ranked, " << r.kernelsSearched
      << " points searched\n";
  char line[320];
  std::snprintf(line, sizeof line, "%4s  %-12s %5s %8s %6s %13s %14s %8s %-16s %8s %-7s %7s\n", "rank", "kernel",
                "k_mt", "MAC/cyc*", "eff*", "L1 KB (%)", "L2 KB (%)", "peak*", "padded MxKxN", "TOPS*", "bound", "AI*");
  out << line;
  for (const Candidate& c : r.ranked) {
    char l1[32], l2[32];
    std::snprintf(l1, sizeof l1, "%.1f (%.0f%%)", c.l1Bytes / 1024.0, 100 * c.l1Fraction);
    std::snprintf(l2, sizeof l2, "%.0f (%.0f%%)", c.l2Bytes / 1024.0, 100 * c.l2Fraction);
    std::snprintf(line, sizeof line, "%4d  %-12s %5d %8.1f %6.3f %13s %14s %8.2f %-16s %8.3g %-7s %7.0f\n", c.rank,
                  toString(c.kernel).c_str(), c.kMt, c.macsPerCycle, c.efficiency, l1, l2, c.peakComputeTops,
                  sizeText(c.padded).c_str(), c.predictedTops, c.computeBound ? "compute" : "memory",
                  c.arithmeticIntensity);
    out << line;
  }
  std::snprintf(line, sizeof line, "roofline: peak %.2f TOPS (%.0f MACs/cycle/core), memory slope %.0f GB/s\n",
                r.roofline.peakTops, p.peakMacsPerCycle, r.roofline.dramBytesPerSecond / 1e9);
  out << line << "* model figures (not measurements); AI = ops per DRAM byte. " << r.model << "\n";
}

}  // namespace

void addGemmCommand(CLI::App& app, GlobalOptions& global) {
  auto* gemm = app.add_subcommand("gemm", "GEMM tools for AMD NPUs (the GEMM paper's planner)");
  gemm->require_subcommand(1);
  auto* cmd = gemm->add_subcommand("plan", "Rank single-core GEMM kernels for an NPU array (model figures)");
  auto o = std::make_shared<GemmPlanOptions>();
  cmd->add_option("--device", o->device, "npu1 (XDNA) or npu2 (XDNA2)")->required();
  cmd->add_option("--precision", o->precision, "int8-int8, int8-int16, int8-int32 or bf16-bf16")->required();
  cmd->add_option("--m", o->m, "Rows of A and C")->required();
  cmd->add_option("--k", o->k, "Columns of A, rows of B")->required();
  cmd->add_option("--n", o->n, "Columns of B and C")->required();
  cmd->add_option("--b-layout", o->bLayout, "Storage order of B in DRAM: row or col")->capture_default_str();
  cmd->add_option("--candidates", o->candidates,
                  "l1-maximal (every m_ct with its largest n_ct, per k_ct) or max-output-tile (the paper's "
                  "Sec. 4.5.2 iteration: the largest m_ct*n_ct per k_ct)")
      ->capture_default_str();
  cmd->add_option("--top", o->top, "Kernels to list (0 = all)")->capture_default_str();
  cmd->add_option("--json", o->json, "Write the plan as JSON (- = stdout)");
  cmd->add_option("--design", o->design, "Write the whole-array GEMM design (YAML with its placement) of a kernel");
  cmd->add_option("--design-rank", o->designRank, "Which ranked kernel --design uses")->capture_default_str();
  cmd->footer(
      "Every figure is a model figure (Sec. 4.5 of the GEMM paper, efficiency calibrated on its Table 1).\n"
      "Exit code 0 on success, 1 when the design's placement is not legal (the design is then not written), 2 for bad "
      "input.\nExamples:\n"
      "  tilestudio-cli gemm plan --device npu2 --precision int8-int16 --m 4096 --k 4320 --n 4480\n"
      "  tilestudio-cli gemm plan --device npu1 --precision bf16-bf16 --m 4096 --k 4096 --n 4096 --b-layout row "
      "--json plan.json --design gemm.yaml");
  cmd->callback([o, &global] {
    const aie::gemm::PlanRequest request = requestFrom(*o);
    if (o->designRank < 1) throw core::Error("--design-rank must be at least 1");
    if (!o->json.empty() && o->json != "-") core::requireWritableOutput(o->json);
    if (!o->design.empty()) core::requireWritableOutput(o->design);
    aie::gemm::PlanRequest planned = request;
    if (!o->design.empty() && planned.top > 0 && planned.top < o->designRank) planned.top = o->designRank;
    core::RunContext ctx;
    const aie::gemm::PlanResult result = aie::gemm::plan(planned, ctx);
    // The design (when asked for) is generated and checked before any file is written, so a
    // refused design leaves neither the plan JSON nor an illegal design behind.
    std::optional<aie::GeneratedDesign> gen;
    std::optional<aie::Device> device;
    std::vector<aie::Violation> violations;
    if (!o->design.empty()) {
      if (int(result.ranked.size()) < o->designRank)
        throw core::Error("--design-rank " + std::to_string(o->designRank) + ": only " +
                          std::to_string(result.ranked.size()) + " kernels ranked");
      const aie::gemm::Candidate& c = result.ranked[size_t(o->designRank - 1)];
      device = aie::loadDevice(o->device);
      gen = aie::gemm::generateGemmDesign(
          *device, aie::gemm::designSpecFor(*device, request, c, "gemm_" + aie::gemm::toString(c.kernel)));
      // The intended placement passes the independent legality checker before it is written.
      violations = aie::checkPlacement(gen->design, *device, gen->placement);
    }
    if (o->json != "-") printPlan(result, std::cout);
    if (!o->json.empty()) writeJson(o->json, withVersion(aie::gemm::planToJson(result)));
    if (gen) {
      if (violations.empty()) aie::saveDesignYaml(o->design, gen->design, &gen->placement);
      if (o->json != "-")
        std::cout << "design " << gen->design.name << " (" << gen->design.coreCount() << " cores, "
                  << gen->design.netCount() << " nets) "
                  << (violations.empty() ? "written to " + o->design + ", its placement legal"
                                         : "NOT written: its placement is not legal")
                  << "\n";
      for (const auto& v : violations) std::cerr << "problem: " << v.message << "\n";
      global.exitCode = violations.empty() ? kOk : kFailed;
      return;
    }
    global.exitCode = kOk;
  });
}

}  // namespace ts::cli
