#include "engine/aie/gemm/single_core.h"

#include "engine/aie/gemm/efficiency.h"

namespace ts::aie::gemm {

namespace {

// Relative slack on Eq. 4 so that a kernel exactly at the DMA bound (Table 1's int8-int32
// 48x280x48 at 192 MACs/cycle and 4 B/cycle) is not lost to rounding.
constexpr double kEq4Slack = 1e-9;

/// Largest n (multiple of nMultiple) with the Eq. 5 sum below the budget for this m and k; 0 if none.
int maxN(const GenerationParams& p, int m, int k) {
  const int64_t fixed = 2LL * m * k * p.bytes.a;
  const int64_t perN = 2LL * k * p.bytes.b + int64_t(m) * p.bytes.c;
  const int64_t room = l1Budget(p) - 1 - fixed;  // strictly below the budget
  if (room < perN) return 0;
  const int64_t n = room / perN;
  return int(n - n % p.nMultiple);
}

}  // namespace

int64_t l1Budget(const GenerationParams& p) {
  return p.l1Bytes - p.l1StackBytes;
}

SingleCoreCheck checkKernel(const GenerationParams& p, const KernelShape& kn) {
  SingleCoreCheck c;
  c.multiplesOk =
      kn.m > 0 && kn.k > 0 && kn.n > 0 && kn.m % p.mMultiple == 0 && kn.k % p.kMultiple == 0 && kn.n % p.nMultiple == 0;
  c.efficiency = kernelEfficiency(p.eff, kn);
  if (c.efficiency <= 0) return c;
  const double macs = double(kn.m) * kn.k * kn.n;
  c.cComp = macs / (c.efficiency * p.peakMacsPerCycle);
  c.caComm = double(kn.m) * kn.k * p.bytes.a / p.dmaBytesPerCycle;
  c.cbComm = double(kn.k) * kn.n * p.bytes.b / p.dmaBytesPerCycle;
  c.computeBound = c.cComp * (1 + kEq4Slack) >= c.caComm && c.cComp * (1 + kEq4Slack) >= c.cbComm;
  c.l1Bytes = 2LL * kn.m * kn.k * p.bytes.a + 2LL * kn.k * kn.n * p.bytes.b + int64_t(kn.m) * kn.n * p.bytes.c;
  // Strictly below 63 KB: Table 1's int8-int32 kernel is 48x280x48 although 48x288x48 uses
  // exactly 63 KB, so the paper's budget excludes equality.
  c.fitsL1 = c.l1Bytes < l1Budget(p);
  return c;
}

int maxFeasibleK(const GenerationParams& p) {
  // The smallest m, n give the largest k; Eq. 4 may still need larger m, n, so scan down.
  for (int k = int(l1Budget(p) / (2LL * p.mMultiple * p.bytes.a)); k > 0; --k) {
    if (k % p.kMultiple) continue;
    int64_t v = 0;
    if (!maxOutputTileForK(p, k, &v).empty()) return k;
  }
  return 0;
}

std::vector<KernelShape> l1MaximalKernelsForK(const GenerationParams& p, int k, int64_t* visited) {
  std::vector<KernelShape> out;
  for (int m = p.mMultiple;; m += p.mMultiple) {
    const int nTop = maxN(p, m, k);
    if (nTop <= 0) break;
    // From the largest n down: the first feasible n is this m's best m n.
    for (int n = nTop; n >= p.nMultiple; n -= p.nMultiple) {
      if (visited) ++*visited;
      const KernelShape kn{m, k, n};
      if (!checkKernel(p, kn).feasible()) continue;
      out.push_back(kn);
      break;
    }
  }
  return out;
}

std::vector<KernelShape> maxOutputTileForK(const GenerationParams& p, int k, int64_t* visited) {
  std::vector<KernelShape> best;
  int64_t bestTile = 0;
  for (const KernelShape& kn : l1MaximalKernelsForK(p, k, visited)) {
    if (kn.outputTile() > bestTile) best.clear(), bestTile = kn.outputTile();
    if (kn.outputTile() == bestTile) best.push_back(kn);
  }
  return best;
}

SingleCoreSolution solveSingleCore(const GenerationParams& p, SingleCoreObjective objective) {
  SingleCoreSolution s;
  auto better = [&](const KernelShape& a, const KernelShape& b) {  // a better than b
    if (objective == SingleCoreObjective::MaxMacsThenMinOutput) {
      if (a.macs() != b.macs()) return a.macs() > b.macs();
      return a.outputTile() < b.outputTile();
    }
    if (a.k != b.k) return a.k > b.k;
    if (a.outputTile() != b.outputTile()) return a.outputTile() < b.outputTile();
    return a.macs() > b.macs();
  };
  for (int k = p.kMultiple; 2LL * p.mMultiple * k * p.bytes.a < l1Budget(p); k += p.kMultiple)
    for (int m = p.mMultiple;; m += p.mMultiple) {
      const int nTop = maxN(p, m, k);
      if (nTop <= 0) break;
      for (int n = p.nMultiple; n <= nTop; n += p.nMultiple) {
        ++s.visited;
        const KernelShape kn{m, k, n};
        if (!checkKernel(p, kn).feasible()) continue;
        if (!s.found || better(kn, s.kernel)) s.kernel = kn, s.found = true;
      }
    }
  return s;
}

}  // namespace ts::aie::gemm
