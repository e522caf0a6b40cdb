// Mesh benchmarks: a w x h grid of cores, each passing data east and north (a systolic
// wavefront), fed along its west column and south row from a memory tile and drained from
// its east column. The grid is placed as a rectangle of the array, possibly transposed or
// mirrored, so grid neighbours are tile neighbours. Feedback variants add westward/southward
// nets between neighbours and wrap-around nets (a torus) where DMA channels allow.
#include <algorithm>

#include "engine/aie/bench/synthetic.h"

namespace ts::aie {

GeneratedDesign generateMesh(const Device& device, const SyntheticSpec& spec) {
  core::Rng rng(spec.seed);
  Traffic traffic(rng, spec);
  DesignBuilder b(device, spec.name, "");
  auto [lo, hi] = computeCoreRange(device, spec.size);
  const int cols = b.computeColumns(), rows = int(b.computeRows().size());

  // Physical box W x H, then the logical grid w x h on it.
  std::vector<std::pair<int, int>> boxes;
  for (int W = 2; W <= cols; ++W)
    for (int H = 2; H <= rows; ++H)
      if (W * H >= lo && W * H <= hi) boxes.push_back({W, H});
  // Plain ints, not a structured binding: lambdas below capture them (clang refuses bindings).
  const std::pair<int, int> box = boxes[size_t(rng.uniformInt(0, int(boxes.size()) - 1))];
  const int W = box.first, H = box.second;
  const bool transposed = rng.uniformInt(0, 1) == 1;
  const bool flipX = rng.uniformInt(0, 3) == 0, flipY = rng.uniformInt(0, 3) == 0;
  const int x0 = rng.uniformInt(0, cols - W), y0 = rng.uniformInt(0, rows - H);
  const int w = transposed ? H : W, h = transposed ? W : H;
  auto tileAt = [&](int x, int y) {
    int px = transposed ? y : x, py = transposed ? x : y;
    if (flipX) px = W - 1 - px;
    if (flipY) py = H - 1 - py;
    return b.computeTile(x0 + px, y0 + py);
  };

  std::vector<std::vector<CoreId>> m(size_t(w), std::vector<CoreId>(size_t(h), -1));
  std::vector<CoreId> order;  // row-major: the wavefront order
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      m[size_t(x)][size_t(y)] =
          b.addCompute("m" + std::to_string(x) + "_" + std::to_string(y), tileAt(x, y), traffic.cycles());
      order.push_back(m[size_t(x)][size_t(y)]);
    }
  auto at = [&](int x, int y) { return m[size_t(x)][size_t(y)]; };

  // Inputs along the west column and south row, outputs from the east column.
  std::vector<CoreId> west, south, east;
  for (int y = 0; y < h; ++y) west.push_back(at(0, y)), east.push_back(at(w - 1, y));
  for (int x = 0; x < w; ++x) south.push_back(at(x, 0));
  switch (rng.uniformInt(0, 2)) {
    case 0:
      b.addInput("in", {west, south}, traffic.bytes(), traffic.depth());
      break;
    case 1:
      b.addInput("in", {west}, traffic.bytes(), traffic.depth());
      break;
    default: {
      std::vector<std::vector<CoreId>> rowsIn;
      for (CoreId c : west) rowsIn.push_back({c});
      if (rowsIn.size() > 5) rowsIn = {west};
      b.addInput("in", rowsIn, traffic.bytes(), traffic.depth());
      b.addInput("in_s", {south}, traffic.bytes(), traffic.depth());
    }
  }
  b.addOutput("out", east, traffic.bytes(), traffic.depth());

  // The wavefront: east and north, one multicast net where a shared buffer serves both.
  const bool multicast = rng.uniformInt(0, 2) == 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::string name = "m" + std::to_string(x) + "_" + std::to_string(y);
      std::vector<CoreId> next;
      if (x + 1 < w) next.push_back(at(x + 1, y));
      if (y + 1 < h) next.push_back(at(x, y + 1));
      if (next.empty()) continue;
      if (multicast && next.size() == 2 && b.canShare(at(x, y), next)) {
        b.addNet(name + "_en", at(x, y), next, traffic.bytes(), traffic.depth());
        continue;
      }
      if (x + 1 < w) b.addNet(name + "_e", at(x, y), {at(x + 1, y)}, traffic.bytes(), traffic.depth());
      if (y + 1 < h) b.addNet(name + "_n", at(x, y), {at(x, y + 1)}, traffic.bytes(), traffic.depth());
    }

  if (spec.flow == Flow::Pipelined) {
    int diagonals = rng.uniformInt(0, std::max(1, w * h / 8)), added = 0;
    for (int attempt = 0; attempt < diagonals * 4 && added < diagonals; ++attempt) {
      int x = rng.uniformInt(0, w - 2), y = rng.uniformInt(0, h - 2);
      b.addNet("diag" + std::to_string(added++), at(x, y), {at(x + 1, y + 1)}, traffic.bytes(), traffic.depth());
    }
    addRandomNets(b, rng, order, rng.uniformInt(0, 2), true, 3, traffic, "far");
  } else {
    // Westward / southward nets between neighbours close small loops through shared memory.
    const int local = rng.uniformInt(1, std::max(1, w * h / 6));
    for (int k = 0, added = 0; k < local * 4 && added < local; ++k) {
      bool westward = rng.uniformInt(0, 1) == 0;
      int x = rng.uniformInt(westward ? 1 : 0, w - 1), y = rng.uniformInt(westward ? 0 : 1, h - 1);
      CoreId src = at(x, y), dst = westward ? at(x - 1, y) : at(x, y - 1);
      bool dup = false;
      for (const Net& n : b.design().nets) dup = dup || (n.source == src && n.targets == std::vector<CoreId>{dst});
      if (dup) continue;
      b.addNet("back" + std::to_string(added++), src, {dst}, traffic.bytes(), traffic.depth());
    }
    // Torus wrap-arounds, like the ring of a line, only where the layout leaves the channels.
    for (int y = 0; y < h; ++y)
      if (w > 2 && rng.uniformInt(0, 2) == 0 && b.fits(at(w - 1, y), {at(0, y)}))
        b.addNet("wrap_r" + std::to_string(y), at(w - 1, y), {at(0, y)}, traffic.bytes(), traffic.depth());
    for (int x = 0; x < w; ++x)
      if (h > 2 && rng.uniformInt(0, 2) == 0 && b.fits(at(x, h - 1), {at(x, 0)}))
        b.addNet("wrap_c" + std::to_string(x), at(x, h - 1), {at(x, 0)}, traffic.bytes(), traffic.depth());
  }
  addTrafficStress(b, rng, order, spec.flow == Flow::Pipelined, traffic);

  b.design().description = std::to_string(w) + "x" + std::to_string(h) + " mesh (" + toString(spec.flow) +
                           "), grid layout" + (transposed ? ", transposed" : "");
  GeneratedDesign gen = b.finish();
  gen.stressLevel = traffic.stress();
  if (spec.size == SizeClass::Large || rng.uniformInt(0, 3) == 0) tightenMemory(gen, device, rng, traffic.stress());
  return gen;
}

}  // namespace ts::aie
