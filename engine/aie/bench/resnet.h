#pragma once
// A ResNet bottleneck pipeline in the style of MLIR-AIE's bottleneck / conv2_x examples: each
// block is conv1x1 -> two conv3x3 halves -> conv1x1 with the residual add, laid out as a 2x2
// square so that every intra-block net uses shared memory; the block input is broadcast by a
// memory tile to the first conv and to the residual core, and each block's weights are
// distributed from a memory tile to its four cores. Blocks follow each other in a snake of
// squares.
#include <string>

#include "engine/aie/bench/design_builder.h"

namespace ts::aie {

struct ResnetSpec {
  std::string name = "resnet";
  int blocks = 6;
};

/// Blocks that fit the array (2x2 squares of compute tiles).
int maxResnetBlocks(const Device& device);
GeneratedDesign generateResnet(const Device& device, const ResnetSpec& spec);

}  // namespace ts::aie
