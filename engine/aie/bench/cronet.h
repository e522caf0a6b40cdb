#pragma once
// CRONet (cronet-aie-ml.txt) on the VEK280 (xcve2802): TrunkNet (CONV3D 16, CONV3D 24, AAP3D 8,
// Linear 23, Linear 11 cores), BranchNet (CONV2D 5, CONV2D 40, MaxPool2D 40, AAP2D 5, RNN 28,
// Linear 1, Linear 11) and the element-wise Mul (11): 223 cores, 11 memory-tile endpoints and
// 17 GMIO (shim) channels as in its Table IV, one group per layer. The per-layer structure
// follows the paper's mechanisms: memory tiles stage activations between layers (L3 fusion)
// and broadcast them up core columns, convolution/pooling pairs talk through shared memory
// (L2 fusion), large-K linear layers are cascade chains reduced by an adder tree, and the RNN
// is unrolled into 14 GEMM + add steps. The manual placement follows the paper's custom
// placement: dataflow-adjacent kernels on neighbouring tiles, BranchNet on the west half,
// TrunkNet and Mul on the east half. The 40 MaxPool outputs join in five memory tiles with
// more inputs than S2MM channels, so a legal routing needs packet switching there.
#include "engine/aie/bench/design_builder.h"

namespace ts::aie {

/// Throws core::Error when the device is smaller than 38 x 8 compute tiles with memory tiles.
GeneratedDesign generateCronet(const Device& device, const std::string& name = "cronet");

}  // namespace ts::aie
