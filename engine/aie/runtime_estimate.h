#pragma once
// An ESTIMATED runtime of a placed (and optionally routed) design. No hardware is measured: the
// paper reports NPU runtime measured on a Ryzen AI board; this model stands in for it so that
// placers can be compared on the same scale. The model, per object (one token through each
// object FIFO):
//  - a net's interconnect is the routing's when a routing is given and routes the net;
//    otherwise it is guessed from the placement: shared memory when every endpoint is a
//    compute core and they share a memory, else a circuit-switched stream with hops = the
//    Manhattan distance from the source to the farthest target;
//  - a stream net occupies its channel for dmaSetupCycles + bytes / streamBytesPerCycle (packet
//    streams leaving one tile share that time: it is multiplied by how many packet nets leave
//    the source tile, plus the header overhead) and delivers after that plus hops x hopCycles;
//    routed hops are counted on the route tree to the farthest target;
//  - a shared-memory or intra-tile net moves no data: a lock hand-over of sharedMemoryCycles;
//  - a core's stage takes its `cycles` (defaultComputeCycles when the design has none);
//  - pipeline interval = the slowest stage (core or net); a feedback loop (a net back to a
//    core upstream, found by depth-first search in declaration order) cannot start its next
//    object before the previous one went round the loop, so the interval is at least the
//    loop's path latency (cores' cycles plus nets' delivery times around the loop);
//  - latency = the longest source-to-sink path of delivery times and cycles (feedback nets
//    left out); total = latency + (objects - 1) x interval; microseconds at clockGHz.
// The constants are documented assumptions, not measurements; change them in the config.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"

namespace ts::aie {

struct RuntimeEstimateConfig {
  double clockGHz = 1.0;                   ///< AIE array clock assumed (XDNA2/AIE-ML parts run ~1-1.3 GHz)
  double streamBytesPerCycle = 4;          ///< one 32-bit stream word per cycle per channel
  double hopCycles = 2;                    ///< latency of one switch-to-switch hop (assumed)
  double dmaSetupCycles = 32;              ///< per object: buffer descriptor + lock acquire/release (assumed)
  double sharedMemoryCycles = 8;           ///< per object: lock hand-over of an in-place buffer (assumed)
  double packetHeaderOverhead = 1.0 / 64;  ///< one header word per 64 payload words (assumed)
  double defaultComputeCycles = 0;         ///< cycles per object of cores whose design gives none
  int64_t objects = 100;                   ///< objects pushed through the pipeline for the total
};

struct NetEstimate {
  Interconnect type = Interconnect::Circuit;
  bool fromRouting = false;    ///< type and hops taken from the routing (else guessed)
  int hops = 0;                ///< to the farthest target
  double occupancyCycles = 0;  ///< how long the net's channel is busy per object
  double deliveryCycles = 0;   ///< from the producer's release to the farthest consumer's acquire
};

struct RuntimeEstimate {
  bool fromRouting = false;       ///< every net's interconnect came from the routing
  double intervalCycles = 0;      ///< cycles between objects in steady state
  std::string bottleneck;         ///< "core NAME", "net NAME" or "loop through NAME"
  double stageCycles = 0;         ///< slowest core or net on its own
  double feedbackCycles = 0;      ///< longest feedback loop's path latency (0 without loops)
  double latencyCycles = 0;       ///< one object from sources to sinks
  double totalCycles = 0;         ///< latency + (objects - 1) x interval
  double microseconds = 0;        ///< totalCycles at the configured clock
  std::vector<NetEstimate> nets;  ///< one per design net
};

/// The estimate from a complete placement, and from `routing` when given (a Routing of the
/// same design, edges on RrGraph(device)). Throws core::Error for an incomplete placement.
RuntimeEstimate estimateRuntime(const Design& design, const Device& device, const Placement& placement,
                                const Routing* routing = nullptr, const RuntimeEstimateConfig& config = {});

}  // namespace ts::aie
