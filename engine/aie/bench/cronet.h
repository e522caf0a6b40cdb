#pragma once
// CRONet (cronet-aie-ml.txt) on the VEK280 (xcve2802): TrunkNet (T1 CONV3D 16, T2 CONV3D 24,
// T3 AAP3D 8, T4 Linear 23, T5 Linear 11 cores), BranchNet (B1 CONV2D 5, B2 CONV2D 40, B3
// MaxPool2D 40, B4 AAP2D 5, B5 RNN 28, B6 Linear 1, B7 Linear 11) and the element-wise Mul
// (11): 223 cores, 11 memory-tile endpoints and 17 GMIO (shim) channels as in its Table IV.
// Each subgraph is a design group named after the paper's tag and layer (b1_conv2d ..
// b7_linear, t1_conv3d .. t5_linear, mul); memory-tile and shim cores carry the group of the
// layer they feed or drain. The per-layer structure follows the paper's mechanisms: memory
// tiles stage activations between layers (L3 fusion) and broadcast them to a layer's cores,
// convolution/pooling pairs talk directly (L2 fusion), large-K linear layers are cascade
// chains reduced by an adder tree, and the RNN is unrolled into 14 GEMM + add steps. The 40
// MaxPool outputs join in five memory tiles with more inputs than S2MM channels, so a legal
// routing needs packet switching there.
//
// The generator carries no coordinates: the design's intended ("manual") placement is the
// paper's custom placement, i.e. the `dataflow` placer's result with its default settings.
#include "engine/aie/bench/design_builder.h"

namespace ts::aie {

/// The CRONet netlist (no device, no placement).
Design cronetNetlist(const std::string& name = "cronet");

/// The netlist on `device` with the dataflow placement. Throws core::Error when the device is
/// smaller than 38 x 8 compute tiles with memory tiles, or when the placement fails.
GeneratedDesign generateCronet(const Device& device, const std::string& name = "cronet");

}  // namespace ts::aie
