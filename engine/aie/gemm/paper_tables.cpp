#include "engine/aie/gemm/paper_tables.h"

#include "engine/aie/gemm/efficiency.h"
#include "engine/aie/gemm/system_model.h"

namespace ts::aie::gemm {

const std::vector<PaperTableRow>& paperTables23() {
  using G = Generation;
  using P = GemmPrecision;
  // The paper, Table 2 (XDNA) and Table 3 (XDNA2), B column-major.
  static const std::vector<PaperTableRow> rows = {
      {G::Xdna, P::I8I8, 1, {112, 112, 112}, 212.5, 6.80, {4032, 4032, 4032}, 6.52},
      {G::Xdna, P::I8I8, 2, {112, 104, 128}, 207.4, 6.63, {4032, 4160, 4096}, 6.48},
      {G::Xdna, P::I8I16, 1, {96, 112, 96}, 192.0, 6.14, {4224, 4032, 4224}, 5.85},
      {G::Xdna, P::I8I16, 2, {80, 104, 128}, 186.9, 5.98, {4160, 4160, 4096}, 5.75},
      {G::Xdna, P::I8I32, 1, {80, 88, 96}, 146.0, 4.67, {4160, 4224, 4224}, 4.42},
      {G::Xdna, P::I8I32, 2, {64, 80, 128}, 133.1, 4.26, {4096, 4160, 4096}, 4.09},
      {G::Xdna, P::Bf16, 1, {96, 56, 96}, 99.8, 3.19, {4224, 4032, 4224}, 3.12},
      {G::Xdna, P::Bf16, 2, {96, 48, 112}, 97.3, 3.11, {4224, 4032, 4032}, 3.02},
      {G::Xdna2, P::I8I8, 1, {144, 72, 144}, 343.0, 39.52, {4032, 4320, 4608}, 37.35},
      {G::Xdna2, P::I8I8, 2, {160, 64, 144}, 322.6, 37.16, {4480, 4224, 4608}, 36.13},
      {G::Xdna2, P::I8I16, 1, {128, 72, 112}, 307.2, 35.39, {4096, 4320, 4480}, 30.77},
      {G::Xdna2, P::I8I16, 2, {160, 64, 96}, 271.4, 31.26, {4480, 4224, 4608}, 29.59},
      {G::Xdna2, P::I8I32, 1, {96, 64, 96}, 256.0, 29.49, {4224, 4224, 4608}, 24.74},
      {G::Xdna2, P::I8I32, 2, {128, 56, 80}, 209.9, 24.18, {4096, 4032, 4480}, 21.67},
      {G::Xdna2, P::Bf16, 1, {112, 48, 96}, 137.2, 15.81, {4032, 4224, 4608}, 14.52},
      {G::Xdna2, P::Bf16, 2, {160, 40, 80}, 124.1, 14.30, {4480, 4160, 4480}, 13.67}};
  return rows;
}

std::vector<PaperComparison> compareWithPaper(core::RunContext& ctx) {
  std::vector<PaperComparison> out;
  for (const PaperTableRow& row : paperTables23()) {
    PlanRequest req;
    req.generation = row.generation;
    req.precision = row.precision;
    req.size = row.size;
    req.bLayout = BLayout::Col;
    req.top = 1;
    PaperComparison c;
    c.paper = row;
    c.planned = rankOf(req, row.kernel, ctx);
    PlanRequest paperSet = req;
    paperSet.candidates = CandidateSet::MaxOutputTile;
    c.plannedPaperSet = rankOf(paperSet, row.kernel, ctx);
    const PlanResult r = plan(req, ctx);
    if (!r.ranked.empty()) c.plannerTop = r.ranked.front();
    c.plannerKernels = r.feasibleKernels;
    out.push_back(c);
  }
  return out;
}

std::vector<LayoutSweep> layoutSweeps() {
  using G = Generation;
  using P = GemmPrecision;
  // The paper, Sec. 5.2.3: average gain of B column-major over row-major (int8-int32 not given).
  std::vector<LayoutSweep> out = {{G::Xdna, P::I8I8, {112, 112, 112}, 4.8},   {G::Xdna, P::I8I16, {96, 112, 96}, 4.4},
                                  {G::Xdna, P::Bf16, {96, 56, 96}, 0.57},     {G::Xdna2, P::I8I8, {144, 72, 144}, 19.1},
                                  {G::Xdna2, P::I8I16, {128, 72, 112}, 25.2}, {G::Xdna2, P::Bf16, {112, 48, 96}, 8.7}};
  for (LayoutSweep& s : out) {
    const GenerationParams p = generationParams(s.generation, s.precision);
    const int kMt = chooseKMt(p, s.kernel);
    const GemmSize native = nativeSize(p, s.kernel, kMt);
    const double eff = kernelEfficiency(p.eff, s.kernel);
    double sum = 0;
    for (int64_t m = native.m; m <= 8192; m += native.m)
      for (int64_t k = native.k; k <= 8192; k += native.k)
        for (int64_t n = native.n; n <= 8192; n += native.n) {
          const GemmSize size{m, k, n};
          sum += systemTimes(p, size, s.kernel, kMt, BLayout::Row, eff).time() /
                 systemTimes(p, size, s.kernel, kMt, BLayout::Col, eff).time();
          ++s.sizes;
        }
    s.modelGainPercent = s.sizes ? 100 * (sum / s.sizes - 1) : 0;
  }
  return out;
}

}  // namespace ts::aie::gemm
