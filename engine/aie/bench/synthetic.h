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
  /// Multiplies the drawn stress level (drawStressLevel): 1 as drawn, 0 the stress patterns at
  /// their least (still one parameter multicast and tight memory in every large design).
  double stressScale = 1.0;
};

/// Inclusive range of compute-core counts of a size class: "small" has fewer logical compute
/// cores than half the array's compute tiles, "large" more (the paper's Table I split).
std::pair<int, int> computeCoreRange(const Device& device, SizeClass size);

GeneratedDesign generateLine(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateMesh(const Device& device, const SyntheticSpec& spec);
GeneratedDesign generateTree(const Device& device, const SyntheticSpec& spec);

// ---- helpers shared by the synthetic generators -------------------------------------------

/// How hard the paper's stress patterns hit one design, from 0 (at their least) to 1 (fully),
/// drawn per design as stressScale x u^k with u uniform: the paper's suite mixes mildly and
/// severely stressed cases, so most designs draw a low level and a tail draws a high one, and
/// the large pipelined designs, which the paper finds hardest ("high-fanout communication and
/// complex dataflow offset their low logical-core count"), draw higher levels than the others
/// (k half as large). The exponents are a calibration, one rule for every design and seed: the
/// shape (k_others = 2 k_large_pipelined) times one factor (3) chosen so that AMD's flow
/// (sequential placer + PathFinder) passes about the paper's 125/202 (Table II) on seeds 1-5
/// (factors 1 to 4 measured; README, "The exponents are a calibration"). Mean levels: 0.1
/// (large pipelined), 0.05 (others). The higher the levels, the more compute tiles of the
/// manual plans sit at 2/2 DMA and the fewer designs the sequential placer gets routed.
double drawStressLevel(core::Rng& rng, const SyntheticSpec& spec);
constexpr double kStressExponent[3] = {18, 18, 9};  ///< small, large feedback, large pipelined

/// Per-design traffic knobs drawn from the design's random source. Large designs move
/// several-KiB objects (2-6 KiB), so that a shared-memory net turned into a stream (a buffer
/// set at both ends instead of one) overflows a tile filled by tightenMemory.
class Traffic {
 public:
  Traffic(core::Rng& rng, const SyntheticSpec& spec);
  int64_t baseBytes() const { return base_; }
  SizeClass size() const { return size_; }
  /// The design's stress level (drawStressLevel).
  double stress() const { return stress_; }
  /// Bytes of one net: the design's base size, sometimes halved or doubled.
  int64_t bytes();
  /// Buffer depth of one net: mostly double buffering.
  int depth();
  // bytes() and depth() are drawn as a pair, depth first, whichever of them is called first:
  // generators pass both as arguments of one call, whose evaluation order C++ leaves to the
  // compiler (gcc and clang differ), and a seed must give the same suite with every compiler.
  /// Light kernel: a few cycles per byte at most, so transfers dominate.
  int64_t cycles();

 private:
  void drawPair();
  core::Rng* rng_;
  int64_t base_;
  SizeClass size_;
  double stress_;
  int64_t pendingBytes_ = 0;  ///< the pair's bytes not yet asked for (0: none)
  int pendingDepth_ = 0;      ///< the pair's depth not yet asked for (0: none)
};

/// The paper's stress patterns, drawn from the traffic (`order` lists the compute cores in
/// dataflow order; `forwardOnly` keeps a pipelined design free of loops), as hard as the
/// design's stress level s says:
///  - parameter streams: memory tiles multicast weights to groups of 5-8 compute cores (fanout
///    >= 5): every large design and a share s/2 of the small ones have at least one group;
///    further groups of the cores that still have a free S2MM channel are kept with chance s,
///    and a second round (cores at 2/2 S2MM in the manual plan) follows with chance s^2. Groups
///    are drawn first from the cores with at most one other input FIFO (a kernel reading one
///    operand and its weights, like the matmul and convolution kernels of IRON's examples), then
///    from the rest: a core that already reads two operands (a mesh PE fed by its west and south
///    neighbours, a tree node joining two children) takes no separate weights unless the design
///    runs short of one-input cores;
///  - result taps: each intermediate core with a spare MM2S reports to DRAM with chance s/3;
///  - in large designs, with probability kHubChance, a dispatcher core sends control streams to
///    three non-neighbouring cores whatever its DMA budget: with more stream nets than packet
///    ids, such a design can only be routed by mixing stream modes (it is not picked by name).
/// Throws core::Error when the array has no room (the suite then redraws).
void addTrafficStress(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, bool forwardOnly,
                      Traffic& traffic);
constexpr double kHubChance = 0.04;

/// Adds up to `count` nets between cores of `order` at least `minGap` apart (`forward` keeps
/// source before target, else after), drawn from the traffic without looking at the DMA
/// budget: the suite keeps a draw only if its manual placement still has a legal routing.
/// Returns how many were added.
int addRandomNets(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, int count, bool forward,
                  int minGap, Traffic& traffic, const std::string& prefix);

/// Makes memory tight relative to what the manual plan needs: raises the kernel data of
/// compute cores until each tile's headroom (with every shared buffer it could hold counted
/// there, so any router's choice of neighbour fits) is a multiple u of the largest buffer set
/// of the nets its core touches, i.e. of what one more object-FIFO end (a shared net turned
/// into a stream) adds there. With chance `stress` a tile gets u in [0.1, 0.9] (such a
/// conversion overflows it), else u in [1.1, 2.5] (it fits); every tile ends at 75 % or more of
/// its memory unless its core's largest buffer set needs more room to fit a conversion. Backs
/// off where the plan would no longer fit. Tags "tight-memory" when the plan's busiest compute
/// tile reaches 85 %.
void tightenMemory(GeneratedDesign& gen, const Device& device, core::Rng& rng, double stress);

/// A seed for one design derived from the suite seed and the design's name.
uint64_t designSeed(uint64_t suiteSeed, const std::string& name);

}  // namespace ts::aie
