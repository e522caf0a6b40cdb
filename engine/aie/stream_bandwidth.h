#pragma once
// Bandwidth of packet streams that share a DMA channel (README "Packet sharing and bandwidth").
//
// A DMA channel moves one 32-bit stream word per cycle (AM020 / AM009: stream switch ports and
// DMA stream interfaces are 32 bits wide and run at the AIE clock), i.e. the device's
// packet.channel_bytes_per_cycle (4 in the presets). Packet streams that share a channel take
// turns on it, each object of a stream taking ceil(bytes / width) payload words plus its packet
// header word (an MM2S BD with packet enabled sends one header before its data; AM020 DMA_BDx
// Enable_Packet).
//
// Demand. Every net carries one object per pipeline interval. No design gives that interval,
// so it is derived from what the design has: the interval it reaches when every stream has a
// channel of its own, i.e. the longer of its slowest kernel (`cycles`; kernels without cycles
// are taken as not limiting) and the longest transfer (payload words) of an object that must
// stream: in any routing of the given placement (neither shared memory nor one memory tile can
// hold it), or without a placement, in any placement (an end on a stream port, on a shim, or on
// a memory tile with a compute core at the other end; a shorter interval, so a stricter bound).
// Sharing may not lengthen that interval: the flows sharing a channel must fit their words
// (payload + headers) into it. A design whose kernels give no cycles has no known rate (its
// kernels may be far slower than its streams): its sharing is bounded by BDs only.
// A single stream on a channel is never refused by this rule (it needs no sharing).
#include <cstdint>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct StreamDemand {
  /// Cycles one DMA channel offers per object: the derived interval; 0 = unknown (no bound).
  int64_t intervalCycles = 0;
  /// Per net: channel cycles one object takes when packet-switched (payload words + header).
  std::vector<int64_t> packetCycles;
  int64_t bytesPerCycle = 0;
  bool bounded() const { return intervalCycles > 0 && bytesPerCycle > 0; }
};

/// The demand of a design; with a placement, the interval counts the nets it forces to stream.
StreamDemand streamDemand(const Design& design, const Device& device, const Placement* placement = nullptr);

/// The fewest channels (at most `maxChannels`) the flows with these per-object `cycles` pack
/// into, with at most `flowsPerChannel` flows and `capacity` cycles per channel; -1 when they
/// do not fit `maxChannels`. `assignment` (optional) receives each flow's channel. Exact by
/// depth-first search while it stays small, else first-fit decreasing (which may say -1 for a
/// packing that exists; callers then report the packing as not found).
int packChannels(const std::vector<int64_t>& cycles, int64_t capacity, int flowsPerChannel, int maxChannels,
                 std::vector<int>* assignment = nullptr);

}  // namespace ts::aie
