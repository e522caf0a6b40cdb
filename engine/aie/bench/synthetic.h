#pragma once
// Synthetic benchmark designs of the AIE PnR paper's suite (Sec. VII-A): line, mesh and tree
// netlists in pipelined and feedback-loop variants, small or large, with light kernels so that
// communication dominates. Each generator lays the cores out first (a snake, a grid, a
// spanning tree of the array) and derives the nets from that layout, so the layout is the
// placement an expert would write by hand: neighbours talk through shared memory, data enters
// from a shim through a memory tile and leaves the same way, and optional nets (skips,
// feedback, broadcasts) are added only where the DMA channels of a circuit-switched routing
// still suffice. Deterministic for a spec.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/bench/design_builder.h"
#include "engine/core/rng.h"

namespace ts::aie {

enum class Flow { Pipelined, Feedback };
enum class SizeClass { Small, Large };
const char* toString(Flow flow);
const char* toString(SizeClass size);

struct SyntheticSpec {
  std::string name;
  Flow flow = Flow::Pipelined;
  SizeClass size = SizeClass::Small;
  uint64_t seed = 1;
  /// Add a hub core with more stream nets than DMA channels and enough other streams that
  /// neither circuit nor packet switching alone can route the design (needs mixed modes).
  bool mixedModes = false;
};

/// Inclusive range of compute-core counts of a size class: "small" has fewer logical compute
/// cores than half the array's compute tiles, "large" more (the paper's Table I split).
std::pair<int, int> computeCoreRange(const Device& device, SizeClass size);

/// The range for a spec: designs that must need mixed modes keep to the top `mixedSlack`
/// counts, leaving cores for their parameter streams.
std::pair<int, int> computeCoreRange(const Device& device, const SyntheticSpec& spec, int mixedSlack);

GeneratedDesign generateLine(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateMesh(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateTree(const Device& device, const SyntheticSpec& spec);

// ---- helpers shared by the synthetic generators -------------------------------------------

/// Per-design traffic knobs drawn from the design's random source.
class Traffic {
 public:
  explicit Traffic(core::Rng& rng);
  int64_t baseBytes() const { return base_; }
  /// Bytes of one net: the design's base size, sometimes halved or doubled.
  int64_t bytes();
  /// Buffer depth of one net: mostly double buffering.
  int depth();
  /// Light kernel: a few cycles per byte at most, so transfers dominate.
  int64_t cycles();

 private:
  core::Rng* rng_;
  int64_t base_;
};

/// Adds a hub (a core sending three separate streams to non-neighbours) and per-core
/// parameter streams from memory tiles until the stream nets outnumber the packet ids.
/// `order` lists the candidate compute cores in dataflow order; with `forwardOnly` the hub
/// only sends downstream, so a pipelined design stays free of loops. Throws core::Error if
/// the array has no room.
void addMixedModeStress(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, bool forwardOnly,
                        Traffic& traffic);

/// Adds up to `count` nets from a core in `sources` to a core in `targets` (`forward` keeps
/// source before target in the given order, else after) where the circuit budget allows.
/// Returns how many were added.
int addRandomNets(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, int count, bool forward,
                  int minGap, Traffic& traffic, const std::string& prefix);

/// Makes memory tight: raises the kernel data of compute cores until their tiles would run at
/// 86-95 % of their memory even if every shared buffer they could hold landed there (so any
/// router's choice of neighbour fits), backing off where the plan would no longer fit. Tags
/// "tight-memory" when the plan's busiest compute tile reaches 85 %.
void tightenMemory(GeneratedDesign& gen, const Device& device, core::Rng& rng);

/// A seed for one design derived from the suite seed and the design's name.
uint64_t designSeed(uint64_t suiteSeed, const std::string& name);

}  // namespace ts::aie
