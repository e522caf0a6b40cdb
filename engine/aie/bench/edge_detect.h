#pragma once
// Edge detection as in MLIR-AIE's programming example (and its placement test): rgba2gray ->
// filter2d -> threshold -> add_weighted, with the input line broadcast by a memory tile to the
// first and the last kernel, and the result leaving through a memory tile. Large variants run
// several independent pipelines side by side (one image band each).
#include <string>

#include "engine/aie/bench/design_builder.h"

namespace ts::aie {

enum class PipelineLayout { Column, Square, Row };

struct EdgeDetectSpec {
  std::string name = "edge_detect";
  int pipelines = 1;
  int width = 480;  ///< pixels per line (rgba lines are 4 bytes per pixel, gray lines 1)
  PipelineLayout layout = PipelineLayout::Column;
};

GeneratedDesign generateEdgeDetect(const Device& device, const EdgeDetectSpec& spec);

}  // namespace ts::aie
