#include "engine/aie/bench/mlp.h"

#include <algorithm>
#include <sstream>

#include "engine/core/error.h"

namespace ts::aie {

std::vector<std::pair<int, int>> parseMlpLayers(const std::string& text) {
  std::vector<std::pair<int, int>> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    int len = 0, num = 0;
    char x = 0;
    std::stringstream one(item);
    if (!(one >> len >> x >> num) || (x != 'x' && x != 'X') || len < 1 || num < 1 || !(one >> std::ws).eof())
      throw core::Error("MLP layers: expected LENxCOUNT items like 4x4,8x2, got '" + item + "'");
    out.push_back({len, num});
  }
  if (out.empty()) throw core::Error("MLP layers: expected at least one LENxCOUNT item");
  return out;
}

GeneratedDesign generateMlp(const Device& device, const MlpSpec& spec) {
  int cores = 0;
  for (auto [len, num] : spec.layers) cores += len * num;
  DesignBuilder b(device, spec.name,
                  std::to_string(spec.layers.size()) + "-layer MLP of AIE4ML cascade blocks, " + std::to_string(cores) +
                      " cores, int8, batch " + std::to_string(spec.batch));
  const int cols = b.computeColumns(), rows = int(b.computeRows().size());
  const int64_t act = int64_t(spec.batch) * spec.featureSlice;  // one input or output slice
  const int64_t weights = int64_t(spec.featureSlice) * spec.featureSlice + 4 * spec.featureSlice;  // + int32 bias
  const int64_t cycles = int64_t(spec.batch) * spec.featureSlice * spec.featureSlice / 256;

  // Blocks side by side on the lowest rows; a new band above when the row of blocks is full.
  std::vector<std::vector<std::vector<CoreId>>> grid;  // layer -> column -> cores (south to north)
  int x = std::min(1, cols - 1), y = 0, bandHeight = 0;
  for (size_t i = 0; i < spec.layers.size(); ++i) {
    auto [len, num] = spec.layers[i];
    if (len > cols || num > rows)
      throw core::Error("MLP layer " + std::to_string(i) + " does not fit " + device.name());
    if (x + len > cols) x = 0, y += bandHeight, bandHeight = 0;
    if (y + num > rows) throw core::Error("MLP: the layers do not fit " + device.name());
    const std::string layer = "dense" + std::to_string(i);
    grid.emplace_back(size_t(len));
    for (int c = 0; c < len; ++c)
      for (int r = 0; r < num; ++r)
        grid[i][size_t(c)].push_back(b.addCompute(layer + "_r" + std::to_string(r) + "c" + std::to_string(c),
                                                  b.computeTile(x + c, y + r), cycles, weights, layer));
    for (int r = 0; r < num; ++r)
      for (int c = 0; c + 1 < len; ++c) b.addCascade(grid[i][size_t(c)][size_t(r)], grid[i][size_t(c + 1)][size_t(r)]);
    x += len;
    bandHeight = std::max(bandHeight, num);
  }

  auto columnInputs = [&](size_t i, int c0, int c1) {
    std::vector<std::vector<CoreId>> g;
    for (int c = c0; c < c1; ++c) g.push_back(grid[i][size_t(c)]);
    return g;
  };
  // Layer 0 input from DRAM, at most four columns per memory tile.
  const int len0 = spec.layers[0].first;
  for (int k = 0, parts = (len0 + 3) / 4; k < parts; ++k)
    b.addInput(parts == 1 ? "in" : "in" + std::to_string(k), columnInputs(0, k * len0 / parts, (k + 1) * len0 / parts),
               act, 2, "dense0");

  // Between layers: a join core and a distribute core on one memory tile per group of rows
  // and columns (the net between them stays inside the tile).
  for (size_t i = 0; i + 1 < spec.layers.size(); ++i) {
    const int num = spec.layers[i].second, nextLen = spec.layers[i + 1].first;
    const int parts = (std::max(num, nextLen) + 3) / 4;
    const std::string layer = "dense" + std::to_string(i + 1);
    for (int k = 0; k < parts; ++k) {
      const std::string p =
          "l" + std::to_string(i) + "_" + std::to_string(i + 1) + (parts == 1 ? "" : "_" + std::to_string(k));
      const int r0 = k * num / parts, r1 = (k + 1) * num / parts;
      const int c0 = k * nextLen / parts, c1 = (k + 1) * nextLen / parts;
      const TileCoord first = b.tileOf(grid[i + 1][size_t(c0)][0]);
      const int64_t bytes = 2 * act * std::max(r1 - r0, c1 - c0);
      TileCoord mt = b.pickMemTile(first.col, r1 - r0 + 1, c1 - c0 + 1, 2 * bytes, r1 - r0);
      b.bookMemory(mt, 2 * bytes);
      CoreId join = b.addMemTile(p + "_join", mt, layer);
      CoreId dist = b.addMemTile(p + "_dist", mt, layer);
      std::vector<NetId> ins, outs;
      const int lastCol = spec.layers[i].first - 1;
      for (int r = r0; r < r1; ++r)
        ins.push_back(b.addNet("dense" + std::to_string(i) + "_out" + std::to_string(r),
                               grid[i][size_t(lastCol)][size_t(r)], {join}, act, 2));
      NetId whole = b.addNet(p + "_act", join, {dist}, act * (r1 - r0), 2);
      b.addLink(ins, {whole});
      for (int c = c0; c < c1; ++c)
        outs.push_back(b.addNet(layer + "_in" + std::to_string(c), dist, grid[i + 1][size_t(c)], act, 2));
      b.addLink({whole}, outs);
    }
  }
  // Last layer: the east end of every row to DRAM.
  const size_t last = spec.layers.size() - 1;
  std::vector<CoreId> ends;
  for (CoreId c : grid[last].back()) ends.push_back(c);
  b.addOutput("out", ends, act, 2, 4, "dense" + std::to_string(last));
  return b.finish();
}

}  // namespace ts::aie
