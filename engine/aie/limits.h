#pragma once
// The ranges every AIE number read from a file must lie in (README "Input limits"). They are
// wide enough for any real device or design, and narrow enough that no size arithmetic in the
// engine can overflow: depth x bytes x endpoints < 2^62, so int64 sums of buffer bytes are safe.
#include <cstdint>

namespace ts::aie::limits {

/// The tile address of AIE1/AIE-ML arrays has 7 column bits and 5 row bits (AM009, AM020),
/// so no array is wider or taller. Devices, pins and placements are refused beyond.
constexpr int kMaxColumns = 128;
constexpr int kMaxRows = 32;

/// Per-tile resources in device files. The largest AIE memory (a memory tile) has 512 KiB,
/// 64 locks, 48 buffer descriptors and 6+6 DMA channels.
constexpr int64_t kMaxMemoryKib = 16384;
constexpr int kMaxLocks = 1024;
constexpr int kMaxBufferDescriptors = 1024;
constexpr int kMaxDmaChannels = 64;
constexpr int kMaxStreamLinks = 64;
constexpr int kMaxPacketId = 65535;
constexpr int kMaxArbiters = 64;
constexpr int kMaxDmaFlowsPerChannel = 1024;
constexpr int kMaxChannelBytesPerCycle = 1024;

/// Designs. Bytes per object and kernel memory are far beyond any tile memory (a design may
/// still not fit: the checker says where), cycles far beyond any kernel.
constexpr int64_t kMaxBytesPerObject = int64_t(1) << 31;
constexpr int64_t kMaxBufferBytes = int64_t(1) << 31;
constexpr int64_t kMaxCycles = int64_t(1) << 40;
constexpr int kMaxDepth = 64;
constexpr int kMaxCores = 1 << 22;
constexpr int kMaxNets = 1 << 22;
/// Net endpoints over the whole design (a source plus its targets, summed over nets).
constexpr int64_t kMaxEndpoints = int64_t(1) << 24;

}  // namespace ts::aie::limits
