#include "engine/aie/gemm/planner.h"

#include <algorithm>

#include "engine/aie/gemm/efficiency.h"
#include "engine/aie/gemm/single_core.h"
#include "engine/aie/gemm/system_model.h"
#include "engine/core/error.h"

namespace ts::aie::gemm {

namespace {

// Sizes up to 2^32 keep padding and Eqs. 6-8 far from int64 overflow (and any real GEMM inside).
constexpr int64_t kMaxDimension = int64_t(1) << 32;

void validate(const PlanRequest& r) {
  for (int64_t d : {r.size.m, r.size.k, r.size.n})
    if (d <= 0 || d > kMaxDimension)
      throw core::Error("GEMM size must be in 1..2^32, got M=" + std::to_string(r.size.m) +
                        " K=" + std::to_string(r.size.k) + " N=" + std::to_string(r.size.n));
}

/// Ranking order: predicted TOPS, then kernel throughput, then m <= n, then the shape.
bool rankedBefore(const Candidate& a, const Candidate& b) {
  if (a.predictedTops != b.predictedTops) return a.predictedTops > b.predictedTops;
  if (a.macsPerCycle != b.macsPerCycle) return a.macsPerCycle > b.macsPerCycle;
  if ((a.kernel.m <= a.kernel.n) != (b.kernel.m <= b.kernel.n)) return a.kernel.m <= a.kernel.n;
  if (a.kernel.k != b.kernel.k) return a.kernel.k > b.kernel.k;
  return a.kernel.m < b.kernel.m;
}

bool fitsL2(const GenerationParams& p, const Candidate& c) {
  return c.l2Bytes <= l2Capacity(p);
}

std::string modelText(const GenerationParams& p, CandidateSet set) {
  return std::string("Kernels: for each k_ct, the L1 program of Sec. 4.5.1 ") +
         "(Eqs. 1-5: double-buffered A, B, single C below 63 KB; m_ct, n_ct multiples of " +
         std::to_string(p.mMultiple) + ", k_ct of " + std::to_string(p.kMultiple) + "; Eq. 4 at DMA " +
         std::to_string(int(p.dmaBytesPerCycle)) + " B/cycle), " +
         (set == CandidateSet::MaxOutputTile ? "the largest m_ct*n_ct (Sec. 4.5.2)"
                                             : "every m_ct with its largest n_ct") +
         ". Efficiency = cap/(1 + kOverhead/k_ct), cap " + std::to_string(p.eff.cap).substr(0, 5) + ", kOverhead " +
         std::to_string(p.eff.kOverhead).substr(0, 5) +
         ", calibrated on Table 1. System: Eqs. 6-10 on the padded size with " +
         std::to_string(int(p.dramBytesPerSecond / 1e9 + 0.5)) +
         " GB/s effective DRAM bandwidth (Sec. 5.2.1), read runs of L bytes at L/(L+" +
         std::to_string(int(p.burstBytes)) + ") relative to k_mt runs; time = max(Tcomp + C drains, Tmem).";
}

std::vector<Candidate> fullRanking(const PlanRequest& request, const GenerationParams& p, core::RunContext* ctx,
                                   int64_t* visited) {
  std::vector<Candidate> all;
  for (int k = maxFeasibleK(p); k >= p.kMultiple; k -= p.kMultiple) {
    if (ctx && ctx->shouldStop()) break;
    std::vector<Candidate> family;
    const bool paperSet = request.candidates == CandidateSet::MaxOutputTile;
    for (const KernelShape& kn : paperSet ? maxOutputTileForK(p, k, visited) : l1MaximalKernelsForK(p, k, visited)) {
      Candidate c = evaluateKernel(request, kn);
      if (fitsL2(p, c)) family.push_back(c);
    }
    if (family.empty()) continue;
    if (paperSet)  // one kernel per k_ct; of several with the same m n, the best predicted
      all.push_back(*std::min_element(family.begin(), family.end(), rankedBefore));
    else
      all.insert(all.end(), family.begin(), family.end());
    if (ctx && ctx->sampleDue()) {
      double best = 0;
      for (const Candidate& c : all) best = std::max(best, c.predictedTops);
      ts::core::QorSample sample;
      sample.iteration = k;
      sample.phase = "k_ct sweep";
      ctx->publishSample(sample.add("kernels", double(all.size())).add("best predicted TOPS", best));
    }
  }
  std::sort(all.begin(), all.end(), rankedBefore);
  for (size_t i = 0; i < all.size(); ++i) all[i].rank = int(i) + 1;
  return all;
}

}  // namespace

Candidate evaluateKernel(const PlanRequest& request, const KernelShape& kernel) {
  validate(request);
  const GenerationParams p = generationParams(request.generation, request.precision);
  Candidate c;
  c.kernel = kernel;
  c.kMt = chooseKMt(p, kernel);
  c.efficiency = kernelEfficiency(p.eff, kernel);
  c.macsPerCycle = c.efficiency * p.peakMacsPerCycle;
  const SingleCoreCheck check = checkKernel(p, kernel);
  c.l1Bytes = check.l1Bytes;
  c.l1Fraction = double(c.l1Bytes) / double(p.l1Bytes);
  c.l2Bytes = l2Bytes(p, kernel, c.kMt, request.bLayout);
  c.l2Fraction = double(c.l2Bytes) / double(l2Capacity(p));
  c.peakComputeTops = p.topsAt(c.macsPerCycle);
  c.padded = paddedSize(request.size, nativeSize(p, kernel, c.kMt));
  if (c.efficiency <= 0) return c;
  const SystemTimes t = systemTimes(p, c.padded, kernel, c.kMt, request.bLayout, c.efficiency);
  c.dramBytes = int64_t(t.traffic.total());
  c.tCompSeconds = t.tComp;
  c.tMemSeconds = t.tMem;
  c.effectiveDramBytesPerSecond = t.traffic.total() / t.tMem;
  c.predictedTops = 2.0 * double(request.size.m) * double(request.size.k) * double(request.size.n) / t.time() / 1e12;
  c.computeBound = t.tComp >= t.tMem;
  c.arithmeticIntensity = 2.0 * double(c.padded.m) * double(c.padded.k) * double(c.padded.n) / t.traffic.total();
  return c;
}

PlanResult plan(const PlanRequest& request, core::RunContext& ctx) {
  validate(request);
  PlanResult r;
  r.request = request;
  r.params = generationParams(request.generation, request.precision);
  r.ranked = fullRanking(request, r.params, &ctx, &r.kernelsSearched);
  r.feasibleKernels = int(r.ranked.size());
  if (request.top > 0 && int(r.ranked.size()) > request.top) r.ranked.resize(size_t(request.top));
  r.roofline.peakTops = r.params.topsAt(r.params.peakMacsPerCycle);
  r.roofline.dramBytesPerSecond = r.params.dramBytesPerSecond;
  r.roofline.memorySlopeTopsPerOpByte = r.params.dramBytesPerSecond / 1e12;
  r.model = modelText(r.params, request.candidates);
  return r;
}

std::optional<Candidate> rankOf(const PlanRequest& request, const KernelShape& kernel, core::RunContext& ctx) {
  validate(request);
  const GenerationParams p = generationParams(request.generation, request.precision);
  int64_t visited = 0;
  std::vector<Candidate> all = fullRanking(request, p, &ctx, &visited);
  for (const Candidate& c : all)
    if (c.kernel == kernel) return c;
  if (!checkKernel(p, kernel).feasible()) return std::nullopt;
  Candidate c = evaluateKernel(request, kernel);
  if (!fitsL2(p, c)) return std::nullopt;
  c.rank = 1 + int(std::count_if(all.begin(), all.end(), [&](const Candidate& o) { return rankedBefore(o, c); }));
  return c;
}

}  // namespace ts::aie::gemm
