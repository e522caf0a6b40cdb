// Line benchmarks: a chain of stages laid out as a snake through a rectangle of the array, so
// consecutive stages are neighbours. Variants add coefficient broadcasts from a memory tile,
// forks and skip nets (pipelined) or backward nets and a ring closure (feedback).
#include <algorithm>
#include <set>

#include "engine/aie/bench/synthetic.h"

namespace ts::aie {

namespace {

/// Cells of a boustrophedon walk through a w x h box at (x0, y0) of the compute grid.
std::vector<TileCoord> snake(const DesignBuilder& b, int x0, int y0, int w, int h, bool byColumns, bool mirror, int n) {
  std::vector<TileCoord> cells;
  const int outer = byColumns ? w : h, inner = byColumns ? h : w;
  for (int k = 0; k < outer && int(cells.size()) < n; ++k) {
    for (int j = 0; j < inner && int(cells.size()) < n; ++j) {
      int along = k % 2 == 0 ? j : inner - 1 - j;
      int x = byColumns ? k : along;
      int y = byColumns ? along : k;
      if (mirror) x = w - 1 - x;
      cells.push_back(b.computeTile(x0 + x, y0 + y));
    }
  }
  return cells;
}

}  // namespace

GeneratedDesign generateLine(const Device& device, const SyntheticSpec& spec) {
  core::Rng rng(spec.seed);
  Traffic traffic(rng, spec);
  DesignBuilder b(device, spec.name, "");
  auto [lo, hi] = computeCoreRange(device, spec.size);
  const int n = rng.uniformInt(lo, hi);
  const int cols = b.computeColumns(), rows = int(b.computeRows().size());

  std::vector<int> heights;
  for (int h = 1; h <= rows; ++h)
    if ((n + h - 1) / h <= cols) heights.push_back(h);
  const int h = heights[size_t(rng.uniformInt(0, int(heights.size()) - 1))];
  const int w = (n + h - 1) / h;
  const bool byColumns = rng.uniformInt(0, 1) == 1;
  const bool mirror = rng.uniformInt(0, 1) == 1;
  const int x0 = rng.uniformInt(0, cols - w), y0 = rng.uniformInt(0, rows - h);
  std::vector<TileCoord> cells = snake(b, x0, y0, w, h, byColumns, mirror, n);

  std::vector<CoreId> s;
  for (int i = 0; i < n; ++i) s.push_back(b.addCompute("s" + std::to_string(i), cells[size_t(i)], traffic.cycles()));

  // Input, with a coefficient broadcast to every k-th stage in some designs.
  std::vector<std::vector<CoreId>> inputs{{s[0]}};
  if (rng.uniformInt(0, 3) == 0 && n >= 4) {
    const int step = rng.uniformInt(2, 3);
    std::vector<CoreId> coef;
    for (int i = step; i < n; i += step) coef.push_back(s[size_t(i)]);
    if (coef.size() >= 2) inputs.push_back(coef);
  }
  b.addInput("in", inputs, traffic.bytes(), traffic.depth());

  // The chain; a few stages fork to the next two stages with one multicast net.
  for (int i = 0; i + 1 < n; ++i) {
    std::vector<CoreId> to{s[size_t(i + 1)]};
    if (i + 2 < n && rng.uniformInt(0, 9) == 0) to.push_back(s[size_t(i + 2)]);
    b.addNet("s" + std::to_string(i) + "_s" + std::to_string(i + 1), s[size_t(i)], to, traffic.bytes(),
             traffic.depth());
  }

  // Outputs before the optional nets, so those only take channels that are left.
  b.addOutput("out", {s.back()}, traffic.bytes(), traffic.depth());
  if (n >= 6 && rng.uniformInt(0, 9) < 3) b.addOutput("tap", {s[size_t(n / 2)]}, traffic.bytes(), traffic.depth());

  if (spec.flow == Flow::Pipelined) {
    addRandomNets(b, rng, s, rng.uniformInt(0, std::max(1, n / 8)), true, 2, traffic, "skip");
  } else {
    // Short loops between neighbours (shared memory), longer ones that need streams, and in
    // some designs a ring closing the whole line.
    const int shortLoops = rng.uniformInt(1, std::max(1, n / 6));
    std::set<int> looped;
    for (int k = 0; k < shortLoops; ++k) looped.insert(rng.uniformInt(0, n - 2));
    for (int i : looped)
      b.addNet("s" + std::to_string(i + 1) + "_back", s[size_t(i + 1)], {s[size_t(i)]}, traffic.bytes(),
               traffic.depth());
    addRandomNets(b, rng, s, rng.uniformInt(1, 3), false, 3, traffic, "loop");
    // A ring closing the whole line: the author of an iterative pipeline routes the loop back
    // where the layout leaves the channels for it (the other extra nets do not look).
    if (rng.uniformInt(0, 9) < 3 && b.fits(s.back(), {s.front()}))
      b.addNet("ring", s.back(), {s.front()}, traffic.bytes(), traffic.depth());
  }

  addTrafficStress(b, rng, s, spec.flow == Flow::Pipelined, traffic);

  b.design().description = "line of " + std::to_string(n) + " stages (" + toString(spec.flow) +
                           "), snake layout in a " + std::to_string(w) + "x" + std::to_string(h) + " box";
  GeneratedDesign gen = b.finish();
  gen.stressLevel = traffic.stress();
  if (spec.size == SizeClass::Large || rng.uniformInt(0, 3) == 0) tightenMemory(gen, device, rng, traffic.stress());
  return gen;
}

}  // namespace ts::aie
