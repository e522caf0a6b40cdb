#include "engine/wse/sizing.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/core/ceil_div.h"

namespace ts::wse {

KernelSizer::KernelSizer(int fabricWidth, int fabricHeight, double memlimit)
    : fabricWidth_(fabricWidth),
      fabricHeight_(fabricHeight),
      maxSide_(std::max(fabricWidth, fabricHeight)),
      memlimit_(memlimit) {
  // Heights up to the longer fabric side: a rotated kernel may use it.
  std::vector<std::vector<Triple>> byHeight(size_t(maxSide_) + 1);
  for (int h = 1; h <= maxSide_; ++h)
    for (int w = 1; h * w * 2 <= maxSide_; ++w)
      for (int c = 1; h * w * (c + 1) <= maxSide_; ++c) byHeight[size_t(h * w * (c + 1))].push_back({h, w, c});
  for (const auto& list : byHeight) {
    heightStart_.push_back(triples_.size());
    triples_.insert(triples_.end(), list.begin(), list.end());
  }
  heightStart_.push_back(triples_.size());
}

namespace {

/// The integer part of convTime that does not depend on k: time = p * ceil(K/k) / T / T.
int64_t timeProduct(const ConvSpec& s, int h, int w, int c) {
  return core::ceilDiv<int64_t>(s.H, h) * core::ceilDiv<int64_t>(s.W, w) * core::ceilDiv<int64_t>(s.C, c) * s.R * s.S;
}

/// Least k meeting the time target given the conv's time product p; 0 when none does. Exact:
/// the largest m = ceil(K/k) with p*m/T/T <= target (evaluated as convTime does) is found
/// first, and the least k with ceil(K/k) <= m is ceil(K/m).
int64_t minimumTimeK(const ConvSpec& s, int64_t p, double target) {
  auto fits = [&](int64_t m) { return double(p * m) / s.T / s.T <= target; };
  double estimate = std::floor(target / (double(p) / s.T / s.T));
  int64_t m = estimate >= s.K ? s.K : std::max<int64_t>(1, int64_t(estimate));
  while (m > 1 && !fits(m)) --m;  // guards the rounding of the estimate
  if (!fits(m)) return 0;
  while (m < s.K && fits(m + 1)) ++m;
  return core::ceilDiv(s.K, m);
}

/// Least k meeting the memory limit; 0 when none does (within int range).
int64_t minimumMemoryK(const ConvSpec& s, int h, int w, int c, double memlimit) {
  // Memory = (K/k) * B with B independent of k.
  double b = double(s.C) * s.R * s.S / c + double(s.W + s.S - 1) * (s.H + s.R - 1) / (double(w) * h);
  double kmReal = double(s.K) * b / memlimit;
  if (kmReal > 1e9) return 0;
  int64_t km = std::max<int64_t>(1, int64_t(std::ceil(kmReal - 1e-9)));
  while (convMemory(s, h, w, c, int(km)) > memlimit) ++km;
  while (km > 1 && convMemory(s, h, w, c, int(km - 1)) <= memlimit) --km;
  return km;
}

}  // namespace

int minimumK(const ConvSpec& s, int h, int w, int c, double target, double memlimit) {
  int64_t kt = minimumTimeK(s, timeProduct(s, h, w, c), target);
  int64_t km = minimumMemoryK(s, h, w, c, memlimit);
  if (kt == 0 || km == 0) return 0;
  int64_t k = std::max(kt, km);
  return k > std::numeric_limits<int>::max() / 4 ? 0 : int(k);
}

KernelSizer::Prepared KernelSizer::prepare(const KernelSpec& spec) const {
  Prepared p;
  p.spec = spec;
  p.convs = spec.convs();
  const size_t n = p.convs.size();
  std::vector<int64_t> prod(n);
  std::vector<int> km(n);
  for (size_t eta = 0; eta + 1 < heightStart_.size(); ++eta) {
    p.heightStart.push_back(p.triple.size());
    const size_t first = p.triple.size();
    for (size_t t = heightStart_[eta]; t < heightStart_[eta + 1]; ++t) {
      const Triple& tr = triples_[t];
      bool usable = true;
      for (size_t j = 0; j < n && usable; ++j) {
        prod[j] = timeProduct(p.convs[j], tr.h, tr.w, tr.c);
        int64_t k = minimumMemoryK(p.convs[j], tr.h, tr.w, tr.c, memlimit_);
        usable = k > 0 && k <= std::numeric_limits<int>::max() / 4;
        km[j] = int(k);
      }
      if (!usable) continue;
      bool dominated = false;
      for (size_t kept = first; kept < p.triple.size() && !dominated; ++kept) {
        dominated = true;
        for (size_t j = 0; j < n && dominated; ++j)
          dominated = p.p[kept * n + j] <= prod[j] && p.km[kept * n + j] <= km[j];
      }
      if (dominated) continue;
      p.triple.push_back(int(t));
      for (size_t j = 0; j < n; ++j) p.saturation = std::max(p.saturation, convTime(p.convs[j], tr.h, tr.w, tr.c, 1));
      p.p.insert(p.p.end(), prod.begin(), prod.end());
      p.km.insert(p.km.end(), km.begin(), km.end());
    }
  }
  p.heightStart.push_back(p.triple.size());
  return p;
}

std::vector<Candidate> KernelSizer::minWidthPerHeight(const KernelSpec& spec, double target) const {
  return minWidthPerHeight(prepare(spec), target);
}

std::vector<Candidate> KernelSizer::size(const KernelSpec& spec, double target) const {
  return size(prepare(spec), target);
}

std::vector<Candidate> KernelSizer::size(const Prepared& prepared, double target) const {
  return paretoWithRotation(minWidthPerHeight(prepared, target));
}

std::vector<Candidate> KernelSizer::minWidthPerHeight(const Prepared& prep, double target) const {
  const auto& convs = prep.convs;
  const size_t n = convs.size();
  std::vector<Candidate> out;
  ConvValues ks(n, 0), bestK(n, 0);
  for (int eta = 2; eta <= maxSide_; ++eta) {
    int bestWidth = std::numeric_limits<int>::max();
    const Triple* best = nullptr;
    for (size_t i = prep.heightStart[size_t(eta)]; i < prep.heightStart[size_t(eta) + 1]; ++i) {
      const Triple& tr = triples_[size_t(prep.triple[i])];
      int width = 0;
      bool ok = true;
      for (size_t j = 0; j < n && ok; ++j) {
        // Equation (5) done exactly: k = max(least k for the time, least k for the memory).
        const int km = prep.km[i * n + j];
        const int64_t kt = minimumTimeK(convs[j], prep.p[i * n + j], target);
        if (kt == 0) {
          ok = false;
          break;
        }
        ks[j] = int(std::min<int64_t>(std::max<int64_t>(kt, km), maxSide_));
        width += 3 * ks[j];
        // No need to finish a factorisation that cannot beat the best one or fit the fabric.
        if (width >= bestWidth || width > maxSide_) ok = false;
      }
      if (!ok) continue;
      bestWidth = width;
      best = &tr;
      bestK = ks;
    }
    if (!best) continue;
    Candidate c;
    c.args.h = best->h;
    c.args.w = best->w;
    c.args.c.assign(n, best->c);
    c.args.k = bestK;
    Perf p = kernelPerf(prep.spec, c.args);
    c.height = int(p.height);
    c.width = int(p.width);
    c.time = p.time;
    c.memory = p.memory;
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Candidate> KernelSizer::paretoWithRotation(const std::vector<Candidate>& unrotated) const {
  std::vector<size_t> idx(unrotated.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  auto longSide = [&](size_t i) { return std::max(unrotated[i].height, unrotated[i].width); };
  auto shortSide = [&](size_t i) { return std::min(unrotated[i].height, unrotated[i].width); };
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return longSide(a) != longSide(b) ? longSide(a) < longSide(b) : shortSide(a) < shortSide(b);
  });
  const int shortFabric = std::min(fabricWidth_, fabricHeight_);
  std::vector<Candidate> out;
  int bestShort = std::numeric_limits<int>::max();
  for (size_t i : idx) {
    if (shortSide(i) >= bestShort) continue;  // dominated (or an equal shape found first)
    bestShort = shortSide(i);
    if (shortSide(i) > shortFabric) continue;
    const Candidate& c = unrotated[i];
    if (c.height <= fabricHeight_ && c.width <= fabricWidth_) out.push_back(c);
    if (c.height != c.width && c.width <= fabricHeight_ && c.height <= fabricWidth_) {
      Candidate r = c;
      r.rotated = !c.rotated;
      std::swap(r.height, r.width);
      out.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace ts::wse
