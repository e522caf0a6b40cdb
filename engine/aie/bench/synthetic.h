#pragma once
// Synthetic benchmark designs of the AIE PnR paper's suite (Sec. VII-A): line, mesh and tree
// netlists in pipelined and feedback-loop variants, small or large, with light kernels so that
// communication dominates. Each generator builds the logical netlist with its cores declared in
// program order (the order a kernel author writes them: pipeline stages in order, a mesh row by
// row, a tree level by level in logical child order), and independently draws the layout an
// expert would choose (a snake, a grid, a spanning tree of the array) as the manual placement:
// neighbours talk through shared memory, data enters from a shim through a memory tile and
// leaves the same way. On top come the stress patterns the paper describes, drawn from the
// traffic model and not from the layout's spare DMA channels (addTrafficStress). Deterministic
// for a spec.
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
};

/// Inclusive range of compute-core counts of a size class: "small" has fewer logical compute
/// cores than half the array's compute tiles, "large" more (the paper's Table I split).
std::pair<int, int> computeCoreRange(const Device& device, SizeClass size);

GeneratedDesign generateLine(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateMesh(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateTree(const Device& device, const SyntheticSpec& spec);

// ---- helpers shared by the synthetic generators -------------------------------------------

/// Per-design traffic knobs drawn from the design's random source. Large designs move
/// several-KiB objects (2-6 KiB), so that a shared-memory net turned into a stream (a buffer
/// set at both ends instead of one) overflows a tile filled by tightenMemory.
class Traffic {
 public:
  Traffic(core::Rng& rng, SizeClass size);
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

/// The paper's stress patterns, drawn from the traffic (`order` lists the compute cores in
/// dataflow order; `forwardOnly` keeps a pipelined design free of loops):
///  - parameter streams: memory tiles multicast weights to groups of 5-8 compute cores (fanout
///    >= 5) in up to two rounds, until most cores' S2MM channels are taken (2/2 in the manual
///    plan); each core joins a group only while its manual plan has a channel for it;
///  - result taps: some intermediate cores also send results to DRAM through memory tiles;
///  - in large designs, with probability kHubChance, a dispatcher core sends control streams to
///    three non-neighbouring cores whatever its DMA budget: with more stream nets than packet
///    ids, such a design can only be routed by mixing stream modes (it is not picked by name).
/// Throws core::Error when the array has no room (the suite then redraws).
void addTrafficStress(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, bool forwardOnly,
                      Traffic& traffic, SizeClass size);
constexpr double kHubChance = 0.04;

/// Adds up to `count` nets between cores of `order` at least `minGap` apart (`forward` keeps
/// source before target, else after), drawn from the traffic without looking at the DMA
/// budget: the suite keeps a draw only if its manual placement still has a legal routing.
/// Returns how many were added.
int addRandomNets(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, int count, bool forward,
                  int minGap, Traffic& traffic, const std::string& prefix);

/// Makes memory tight: raises the kernel data of compute cores until their tiles would run at
/// 78-95 % of their memory even if every shared buffer they could hold landed there (so any
/// router's choice of neighbour fits), backing off where the plan would no longer fit. Tags
/// "tight-memory" when the plan's busiest compute tile reaches 85 %.
void tightenMemory(GeneratedDesign& gen, const Device& device, core::Rng& rng);

/// A seed for one design derived from the suite seed and the design's name.
uint64_t designSeed(uint64_t suiteSeed, const std::string& name);

}  // namespace ts::aie
