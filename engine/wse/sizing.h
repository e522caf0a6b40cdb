#pragma once
// Optimal kernel sizing (CU.POKer Sec. III-B): for a target time, every Pareto-optimal kernel
// shape (with rotation) and the execution arguments that produce it.
//
// Theorem 1 lets all convs of a block share one c. For each height eta = h*w*(c+1) the
// factorisations of eta are enumerated and each conv gets its minimum k (equation 5: the larger
// of the smallest k meeting the time target and the smallest meeting the memory limit); the
// minimum-width argument per height is kept (Algorithm 1), then only shapes not dominated in
// (max side, min side) survive (final pruning). The minimum k is computed exactly (the paper's
// closed form can be one too small when ceil(K/k) rounds up), and re-checked with the library.
#include <vector>

#include "engine/wse/kernel_library.h"

namespace ts::wse {

/// Smallest k with convTime <= target and convMemory <= memlimit for fixed h, w, c; 0 when
/// none exists.
int minimumK(const ConvSpec& conv, int h, int w, int c, double target, double memlimit);

struct Candidate {
  ExecArgs args;
  int height = 0, width = 0;  ///< as placed (rotation applied)
  bool rotated = false;
  double time = 0, memory = 0;
};

class KernelSizer {
 public:
  /// Shapes must fit a fabricWidth x fabricHeight fabric in some orientation.
  KernelSizer(int fabricWidth, int fabricHeight, double memlimit);

  /// The target-independent part of sizing one kernel, computed once and reused for every
  /// target: per factorisation (h, w, c) and conv, the exact integer time product
  /// p = ceil(H/h) ceil(W/w) ceil(C/c) R S (time = p ceil(K/k) / T^2) and the least k meeting
  /// the memory limit. Factorisations that can never be chosen are left out: those where some
  /// conv cannot meet the memory limit, and those dominated by an earlier one of the same
  /// height (no larger p and k_m for every conv: never narrower at any target, and the first
  /// one wins ties).
  struct Prepared {
    KernelSpec spec;
    std::vector<ConvSpec> convs;
    std::vector<int> triple;          ///< kept factorisations, ascending (so grouped by height)
    std::vector<size_t> heightStart;  ///< kept ones of height eta: [heightStart[eta], heightStart[eta+1])
    std::vector<int64_t> p;           ///< [kept * convs + conv]
    std::vector<int> km;              ///< same layout
    /// The slowest time of any kept factorisation (every k = 1): from this target on every
    /// least k for the time is 1, so the candidates no longer change.
    double saturation = 0;
  };
  Prepared prepare(const KernelSpec& spec) const;

  /// Algorithm 1 + final pruning: both orientations of every Pareto-optimal shape meeting
  /// time <= target and memory <= memlimit. Empty when the kernel cannot meet the target.
  std::vector<Candidate> size(const KernelSpec& spec, double target) const;
  std::vector<Candidate> size(const Prepared& prepared, double target) const;

  /// Algorithm 1 before the final pruning: the minimum-width unrotated argument per height
  /// (first found on ties), heights ascending.
  std::vector<Candidate> minWidthPerHeight(const KernelSpec& spec, double target) const;
  std::vector<Candidate> minWidthPerHeight(const Prepared& prepared, double target) const;

  /// Final pruning: keeps shapes not dominated in (max side, min side), first one on ties,
  /// and returns both orientations of each that fit the fabric.
  std::vector<Candidate> paretoWithRotation(const std::vector<Candidate>& unrotated) const;

  int fabricWidth() const { return fabricWidth_; }
  int fabricHeight() const { return fabricHeight_; }
  double memlimit() const { return memlimit_; }

 private:
  struct Triple {
    int h, w, c;
  };
  int fabricWidth_, fabricHeight_;
  int maxSide_;
  double memlimit_;
  std::vector<Triple> triples_;      ///< factorisations eta = h*w*(c+1), c >= 1, by eta
  std::vector<size_t> heightStart_;  ///< triples of eta: [heightStart_[eta], heightStart_[eta+1])
};

}  // namespace ts::wse
