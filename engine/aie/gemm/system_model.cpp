#include "engine/aie/gemm/system_model.h"

#include <algorithm>

namespace ts::aie::gemm {

namespace {
int64_t roundUp(int64_t v, int64_t to) {
  return to <= 0 ? v : (v + to - 1) / to * to;
}
}  // namespace

GemmSize nativeSize(const GenerationParams& p, const KernelShape& kernel, int kMt) {
  return {int64_t(kernel.m) * p.rows, kMt, int64_t(kernel.n) * p.cols};
}

GemmSize paddedSize(const GemmSize& size, const GemmSize& native) {
  return {roundUp(size.m, native.m), roundUp(size.k, native.k), roundUp(size.n, native.n)};
}

DramTraffic dramTraffic(const GenerationParams& p, const GemmSize& s, const KernelShape& kernel) {
  const double mkn = double(s.m) * double(s.k) * double(s.n);
  DramTraffic t;
  t.a = mkn * p.bytes.a / (double(kernel.n) * p.cols);  // Eq. 6
  t.b = mkn * p.bytes.b / (double(kernel.m) * p.rows);  // Eq. 7
  t.c = double(s.m) * double(s.n) * p.bytes.c;          // Eq. 8
  return t;
}

double contiguityFactor(const GenerationParams& p, double runBytes) {
  auto f = [&](double l) { return l / (l + p.burstBytes); };
  const double ref = double(p.kMtTarget) * p.bytes.a;
  return std::min(1.0, f(runBytes) / f(ref));
}

SystemTimes systemTimes(const GenerationParams& p, const GemmSize& s, const KernelShape& kernel, int kMt,
                        BLayout bLayout, double eff) {
  SystemTimes t;
  t.traffic = dramTraffic(p, s, kernel);
  const double ops = 2.0 * double(s.m) * double(s.k) * double(s.n);
  const double peakOps = p.peakMacsPerCycle * p.cores() * 2.0 * p.clockHz;
  t.tCompEq9 = ops / (eff * peakOps);  // Eq. 9
  const double tilesPerCore = double(s.m) / (double(kernel.m) * p.rows) * double(s.n) / (double(kernel.n) * p.cols);
  const double drainCycles = double(kernel.m) * kernel.n * p.bytes.c / p.dmaBytesPerCycle;
  t.tComp = t.tCompEq9 + tilesPerCore * drainCycles / p.clockHz;
  const double runA = double(kMt) * p.bytes.a;
  const double runB = double(bLayout == BLayout::Col ? kMt : kernel.n) * p.bytes.b;
  t.tMem = (t.traffic.a / contiguityFactor(p, runA) + t.traffic.b / contiguityFactor(p, runB) + t.traffic.c) /
           p.dramBytesPerSecond;  // Eq. 10
  return t;
}

int chooseKMt(const GenerationParams& p, const KernelShape& kernel) {
  return p.kMtFactor * kernel.k;
}

int64_t l2Bytes(const GenerationParams& p, const KernelShape& kernel, int kMt, BLayout bLayout) {
  const int64_t a = 2LL * kernel.m * kMt * p.bytes.a;
  const int64_t b = 2LL * (bLayout == BLayout::Col ? kMt : kernel.k) * kernel.n * p.bytes.b;
  const int64_t c = int64_t(p.rows) * kernel.m * kernel.n * p.bytes.c;
  return p.aMemTiles * a + p.bMemTiles * b + p.cMemTiles * c;
}

int64_t l2Capacity(const GenerationParams& p) {
  return int64_t(std::max({p.aMemTiles, p.bMemTiles, p.cMemTiles})) * p.l2BytesPerMemTile;
}

}  // namespace ts::aie::gemm
