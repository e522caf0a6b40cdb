#include "engine/aie/gemm/efficiency.h"

#include <algorithm>

namespace ts::aie::gemm {

const std::vector<Table1Row>& paperTable1() {
  using G = Generation;
  using P = GemmPrecision;
  // The paper, Table 1 ("Single-core GEMM results for XDNA & XDNA2"), measured by tracing.
  static const std::vector<Table1Row> rows = {
      {G::Xdna, P::I8I8, {64, 232, 64}, 233.0},   {G::Xdna, P::I8I16, {64, 216, 64}, 217.6},
      {G::Xdna, P::I8I32, {48, 280, 48}, 192.0},  {G::Xdna, P::Bf16, {64, 104, 64}, 112.6},
      {G::Xdna2, P::I8I8, {64, 232, 64}, 450.6},  {G::Xdna2, P::I8I16, {64, 216, 64}, 419.8},
      {G::Xdna2, P::I8I32, {48, 280, 48}, 384.0}, {G::Xdna2, P::Bf16, {48, 152, 48}, 158.1}};
  return rows;
}

namespace {

const Table1Row& row(Generation g, GemmPrecision p) {
  for (const Table1Row& r : paperTable1())
    if (r.generation == g && r.precision == p) return r;
  return paperTable1().front();  // unreachable: every pair is in the table
}

/// Measured efficiency of the Table 1 kernel.
double measured(Generation g, GemmPrecision p) {
  return row(g, p).macsPerCycle / architectureParams(g, p).peakMacsPerCycle;
}

/// kOverhead with cap 1 that reproduces the Table 1 point exactly.
double overheadAtCapOne(Generation g, GemmPrecision p) {
  return row(g, p).kernel.k * (1.0 / measured(g, p) - 1.0);
}

/// cap that reproduces the Table 1 point for a given kOverhead.
double capFor(Generation g, GemmPrecision p, double kOverhead) {
  return std::min(1.0, measured(g, p) * (1.0 + kOverhead / row(g, p).kernel.k));
}

}  // namespace

EfficiencyParams calibratedEfficiency(Generation g, GemmPrecision p) {
  EfficiencyParams e;
  if (p == GemmPrecision::Bf16) {
    e.kOverhead = overheadAtCapOne(Generation::Xdna, GemmPrecision::Bf16);
    e.cap = g == Generation::Xdna ? 1.0 : capFor(g, p, e.kOverhead);
    return e;
  }
  const double o8 = overheadAtCapOne(g, GemmPrecision::I8I8), o16 = overheadAtCapOne(g, GemmPrecision::I8I16);
  const double perByte = o16 - o8;  // C bytes 1 -> 2
  e.kOverhead = o8 + perByte * (elementBytes(p).c - 1);
  e.cap = p == GemmPrecision::I8I32 ? capFor(g, p, e.kOverhead) : 1.0;
  return e;
}

double kernelEfficiency(const EfficiencyParams& e, const KernelShape& kernel) {
  if (kernel.m <= 0 || kernel.k <= 0 || kernel.n <= 0) return 0;
  return e.cap / (1.0 + e.kOverhead / kernel.k + e.convertOverhead * (1.0 / kernel.m + 1.0 / kernel.n));
}

}  // namespace ts::aie::gemm
