#pragma once
// A multi-layer perceptron mapped the AIE4ML way (aie4ml.txt Sec. III-B/C, IV-C): layer i is a
// rectangle of cas_len x cas_num cores; partial sums cascade west to east along each row (the
// east end of a row holds one slice of the output features), each column's input slice is
// broadcast up from a memory tile, and memory tiles between layers join the row outputs and
// re-tile (zero-padding) them into the next layer's column inputs. Weights stay in the cores.
// The manual placement puts the blocks side by side on the lowest compute rows, as AIE4ML's
// branch-and-bound placer does, wrapping to the next band when a row of blocks is full.
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/bench/design_builder.h"

namespace ts::aie {

struct MlpSpec {
  std::string name = "mlp";
  /// (cascade length, cascade count) per layer; default: the paper's 7-layer MLP with
  /// hidden size 512 (int8, 128-feature slices, 4x4 cores per layer).
  std::vector<std::pair<int, int>> layers = std::vector<std::pair<int, int>>(7, {4, 4});
  int batch = 8;           ///< samples per object (AIE4ML's micro-batch)
  int featureSlice = 128;  ///< input and output features per core (int8)
};

/// Parses "4x4,8x2,..." (cascade length x cascade count per layer); throws core::Error.
std::vector<std::pair<int, int>> parseMlpLayers(const std::string& text);

GeneratedDesign generateMlp(const Device& device, const MlpSpec& spec);

}  // namespace ts::aie
