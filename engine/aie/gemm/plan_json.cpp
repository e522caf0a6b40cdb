#include "engine/aie/gemm/plan_json.h"

namespace ts::aie::gemm {

namespace {
nlohmann::json sizeJson(const GemmSize& s) {
  return {{"m", s.m}, {"k", s.k}, {"n", s.n}};
}
}  // namespace

nlohmann::json candidateToJson(const Candidate& c) {
  return {{"rank", c.rank},
          {"kernel", {{"m", c.kernel.m}, {"k", c.kernel.k}, {"n", c.kernel.n}}},
          {"kernel_text", toString(c.kernel)},
          {"k_mt", c.kMt},
          {"model_efficiency", c.efficiency},
          {"model_macs_per_cycle", c.macsPerCycle},
          {"l1_bytes", c.l1Bytes},
          {"l1_fraction", c.l1Fraction},
          {"l2_bytes", c.l2Bytes},
          {"l2_fraction", c.l2Fraction},
          {"model_peak_compute_tops", c.peakComputeTops},
          {"padded", sizeJson(c.padded)},
          {"model_dram_bytes", c.dramBytes},
          {"model_effective_dram_bytes_per_s", c.effectiveDramBytesPerSecond},
          {"model_t_comp_s", c.tCompSeconds},
          {"model_t_mem_s", c.tMemSeconds},
          {"model_predicted_tops", c.predictedTops},
          {"bound", c.computeBound ? "compute" : "memory"},
          {"arithmetic_intensity_ops_per_byte", c.arithmeticIntensity}};
}

nlohmann::json planToJson(const PlanResult& r) {
  const GenerationParams& p = r.params;
  nlohmann::json candidates = nlohmann::json::array();
  for (const Candidate& c : r.ranked) candidates.push_back(candidateToJson(c));
  return {{"request",
           {{"device", toString(r.request.generation)},
            {"precision", toString(r.request.precision)},
            {"size", sizeJson(r.request.size)},
            {"b_layout", toString(r.request.bLayout)},
            {"top", r.request.top},
            {"candidate_set", r.request.candidates == CandidateSet::L1Maximal ? "l1-maximal" : "max-output-tile"}}},
          {"params",
           {{"peak_macs_per_cycle", p.peakMacsPerCycle},
            {"r", p.r},
            {"s", p.s},
            {"t", p.t},
            {"multiples", {p.mMultiple, p.kMultiple, p.nMultiple}},
            {"l1_bytes", p.l1Bytes},
            {"l1_stack_bytes", p.l1StackBytes},
            {"l2_bytes_per_mem_tile", p.l2BytesPerMemTile},
            {"dma_bytes_per_cycle", p.dmaBytesPerCycle},
            {"clock_hz", p.clockHz},
            {"rows", p.rows},
            {"cols", p.cols},
            {"dram_bytes_per_s", p.dramBytesPerSecond},
            {"burst_bytes", p.burstBytes},
            {"k_mt_factor", p.kMtFactor},
            {"efficiency", {{"cap", p.eff.cap}, {"k_overhead", p.eff.kOverhead}}}}},
          {"roofline",
           {{"peak_tops", r.roofline.peakTops},
            {"memory_slope_tops_per_op_byte", r.roofline.memorySlopeTopsPerOpByte},
            {"dram_bytes_per_s", r.roofline.dramBytesPerSecond}}},
          {"kernels_searched", r.kernelsSearched},
          {"feasible_kernels", r.feasibleKernels},
          {"model", r.model},
          {"candidates", candidates}};
}

}  // namespace ts::aie::gemm
