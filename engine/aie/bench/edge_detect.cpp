#include "engine/aie/bench/edge_detect.h"

#include "engine/core/error.h"

namespace ts::aie {

namespace {

/// Tiles of the four kernels of pipeline `slot` (rgba2gray, filter2d, threshold, add_weighted),
/// consecutive kernels always neighbours.
std::vector<TileCoord> slotTiles(const DesignBuilder& b, PipelineLayout layout, int slot) {
  const int cols = b.computeColumns(), rows = int(b.computeRows().size());
  switch (layout) {
    case PipelineLayout::Column:
      if (slot < cols && rows >= 4) {
        std::vector<TileCoord> t;
        for (int r = 0; r < 4; ++r) t.push_back(b.computeTile(slot, r));
        return t;
      }
      break;
    case PipelineLayout::Square: {
      const int perBand = cols / 2;
      const int band = slot / perBand, x = 2 * (slot % perBand), y = 2 * band;
      if (perBand > 0 && y + 1 < rows)
        return {b.computeTile(x, y), b.computeTile(x, y + 1), b.computeTile(x + 1, y + 1), b.computeTile(x + 1, y)};
      break;
    }
    case PipelineLayout::Row: {
      const int perRow = cols / 4;
      if (perRow > 0 && slot / perRow < rows) {
        const int x = 4 * (slot % perRow), y = slot / perRow;
        return {b.computeTile(x, y), b.computeTile(x + 1, y), b.computeTile(x + 2, y), b.computeTile(x + 3, y)};
      }
      break;
    }
  }
  throw core::Error("edge detection: " + std::to_string(slot + 1) + " pipelines do not fit this layout on " +
                    b.device().name());
}

}  // namespace

GeneratedDesign generateEdgeDetect(const Device& device, const EdgeDetectSpec& spec) {
  DesignBuilder b(device, spec.name,
                  "edge detection, " + std::to_string(spec.pipelines) +
                      (spec.pipelines == 1 ? " pipeline" : " pipelines") + " of 4 kernels, " +
                      std::to_string(spec.width) + "-pixel rgba lines, memory-tile broadcast of the input");
  const int64_t rgba = 4 * int64_t(spec.width), gray = spec.width;
  for (int p = 0; p < spec.pipelines; ++p) {
    const std::string pre = spec.pipelines == 1 ? "" : "p" + std::to_string(p) + "_";
    std::vector<TileCoord> t = slotTiles(b, spec.layout, p);
    CoreId toGray = b.addCompute(pre + "rgba2gray", t[0], gray / 2 + 64);
    CoreId filter = b.addCompute(pre + "filter2d", t[1], 2 * gray + 128);
    CoreId thresh = b.addCompute(pre + "threshold", t[2], gray / 4 + 64);
    CoreId blend = b.addCompute(pre + "add_weighted", t[3], gray + 64);
    // L3 -> L2 -> {first, last kernel}: the memory tile broadcasts each input line.
    b.addInput(pre + "in", {{toGray, blend}}, rgba, 2);
    b.addNet(pre + "gray", toGray, {filter}, gray, 2, {4});  // filter2d keeps a 3-line window
    b.addNet(pre + "edges", filter, {thresh}, gray, 2);
    b.addNet(pre + "mask", thresh, {blend}, gray, 2);
    b.addOutput(pre + "out", {blend}, rgba, 2);
  }
  return b.finish();
}

}  // namespace ts::aie
