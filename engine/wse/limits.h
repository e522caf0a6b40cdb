#pragma once
// The ranges every WSE number read from a file must lie in (README "Input limits"). Wide enough
// for any network and wafer, narrow enough that the kernel library's integer arithmetic cannot
// overflow: ceil(H/h) ceil(W/w) ceil(C/c) ceil(K/k) R S <= 2^(12+12+15+15+4+4) = 2^62.
#include <cstdint>

namespace ts::wse::limits {

/// Fabric width and height: the largest Cerebras wafer has about 0.9 M cores (under
/// 1024 x 1024); the ISPD 2020 contest used 633 x 633. Larger headers are refused before any
/// allocation that grows with the fabric.
constexpr int kMaxFabricSide = 4096;

/// Kernel arguments in .kgraph files (the contest and ResNet/U-Net graphs stay below 512, 4096, 3, 2).
constexpr int kMaxFeatureSide = 4096;  ///< H, W
constexpr int kMaxChannels = 32768;    ///< C, K and block feature counts F
constexpr int kMaxFilterSide = 16;     ///< R, S
constexpr int kMaxStride = 16;         ///< T, U
constexpr int kMaxKernels = 1 << 20;

/// Execution arguments h, w, c, k in .paint files: far beyond any kernel that fits a fabric
/// (height h w (c+1) <= kMaxFabricSide), small enough that h w (c+1) fits in 64 bits.
constexpr int kMaxExecArg = 1 << 20;

/// Header weights and memory limit: finite and non-negative (memlimit positive).
constexpr double kMaxWeight = 1e9;
constexpr double kMaxMemlimit = 1e15;

}  // namespace ts::wse::limits
