// Packet streams sharing a DMA channel must fit its bandwidth (stream_bandwidth.h): the
// routing checker refuses a routing whose shared channel is over-subscribed, the MILP router
// (pre-check and model) never produces one, and the device setting is read and validated.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/route/milp_router.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/stream_bandwidth.h"
#include "route_test_util.h"

using namespace ts;
using namespace ts::aie;
using test::npu2;
using test::ToyDesign;

namespace {

// A hub at (3,3) streams 1024 bytes per object to `fanout` far consumers (no shared memory):
// with two MM2S channels some streams must share one. A packet object takes 256 words + a
// header = 257 cycles of a 4-byte channel; the interval is the hub kernel's `cycles`.
ToyDesign hub(int fanout, int64_t cycles) {
  ToyDesign t;
  CoreId s = t.core("hub", {3, 3});
  const std::vector<TileCoord> far{{6, 3}, {0, 3}, {6, 5}, {0, 5}};
  for (int i = 0; i < fanout; ++i)
    t.net("out" + std::to_string(i), s, {t.core("c" + std::to_string(i), far[size_t(i)])}, 1024, 2);
  t.design.cores[size_t(s)].computeCycles = cycles;
  return t;
}

MilpRouterResult route(const ToyDesign& t, const Device& dev, bool preCheck = true) {
  RrGraph graph(dev);
  core::RunContext ctx;
  MilpRouterConfig cfg;
  cfg.preCheck = preCheck;
  return runMilpRouter(t.design, dev, graph, t.placement, cfg, ctx);
}

Device withChannelBytes(int bytesPerCycle) {
  const Device& base = npu2();
  PacketLimits packet = base.packetLimits();
  packet.channelBytesPerCycle = bytesPerCycle;
  return Device("npu2_bw", "test variant", base.generation(), base.columns(), base.rowRoles(), base.shimDmaColumns(),
                base.resourcesOf(TileKind::Compute), base.resourcesOf(TileKind::Mem), base.resourcesOf(TileKind::Shim),
                base.streamLinks(), packet);
}

int packetNets(const Routing& r) {
  int n = 0;
  for (const NetRoute& net : r.nets) n += net.type == Interconnect::Packet;
  return n;
}

}  // namespace

TEST(PacketBandwidth, DemandIsPayloadWordsPlusHeaderAtTheKernelInterval) {
  ToyDesign t = hub(3, 600);
  StreamDemand d = streamDemand(t.design, npu2());
  EXPECT_EQ(d.bytesPerCycle, 4);
  EXPECT_EQ(d.intervalCycles, 600);
  EXPECT_EQ(d.packetCycles, (std::vector<int64_t>{257, 257, 257}));
  // Without kernel cycles the rate is unknown: no bandwidth bound.
  const ToyDesign unknown = hub(3, 0);
  EXPECT_FALSE(streamDemand(unknown.design, npu2()).bounded());
  EXPECT_FALSE(streamDemand(unknown.design, npu2(), &unknown.placement).bounded());
  // A net from a shim must stream whatever the placement: its transfer sets the interval.
  ToyDesign io = hub(1, 600);
  io.net("in", io.core("ddr", {3, 0}, CoreKind::Shim), {0}, 4096, 2);
  EXPECT_EQ(streamDemand(io.design, npu2()).intervalCycles, 1024);
  // With the placement, nets that cannot use shared memory there must stream too.
  ToyDesign big = hub(1, 600);
  big.design.nets[0].bytesPerObject = 8192;
  EXPECT_EQ(streamDemand(big.design, npu2()).intervalCycles, 600);
  EXPECT_EQ(streamDemand(big.design, npu2(), &big.placement).intervalCycles, 2048);
  ToyDesign near = hub(1, 600);
  near.tiles[1] = {3, 4};  // the consumer reaches the hub's memory: shared memory is possible
  near.placement.place(1, {3, 4});
  near.design.nets[0].bytesPerObject = 8192;
  EXPECT_EQ(streamDemand(near.design, npu2(), &near.placement).intervalCycles, 600);
  EXPECT_FALSE(streamDemand(hub(3, 600).design, withChannelBytes(0)).bounded());
}

TEST(PacketBandwidth, PackingIsExactWhereFirstFitDecreasingFails) {
  // First-fit decreasing puts {5,4} {3,3,3} {2}; {5,3,2} {4,3,3} fills two channels of 10.
  std::vector<int> channel;
  EXPECT_EQ(packChannels({5, 4, 3, 3, 3, 2}, 10, 8, 3, &channel), 2);
  std::vector<int64_t> load(2, 0);
  const std::vector<int64_t> cycles{5, 4, 3, 3, 3, 2};
  for (size_t i = 0; i < cycles.size(); ++i) load[size_t(channel[i])] += cycles[i];
  EXPECT_EQ(load, (std::vector<int64_t>{10, 10}));
  EXPECT_EQ(packChannels({5, 4, 3, 3, 3, 2}, 10, 8, 1), -1);
  EXPECT_EQ(packChannels({5, 4, 3, 3, 3, 2}, 10, 2, 3), 3);  // two flows a channel (BDs)
  EXPECT_EQ(packChannels({25, 3}, 10, 8, 2), 2);             // a long flow may use a channel alone
  EXPECT_EQ(packChannels({25, 3}, 10, 8, 1), -1);
}

TEST(PacketBandwidth, StreamsShareAChannelWithinItsBandwidthAndTheCheckerRefusesBeyond) {
  // 600 cycles per object: two packet streams (2 x 257) fit one channel.
  ToyDesign t = hub(3, 600);
  auto shared = route(t, npu2());
  ASSERT_TRUE(shared.success) << shared.status;
  EXPECT_EQ(packetNets(shared.routing), 2);
  EXPECT_TRUE(checkRouting(t.design, npu2(), RrGraph(npu2()), t.placement, shared.routing).empty());

  // The same routing with a 400-cycle kernel over-subscribes the shared channel.
  ToyDesign fast = hub(3, 400);
  auto v = checkRouting(fast.design, npu2(), RrGraph(npu2()), fast.placement, shared.routing);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].code, "bandwidth");
  EXPECT_EQ(v[0].tile, (TileCoord{3, 3}));
  const std::string& m = v[0].message;
  EXPECT_EQ(m.rfind("compute tile (3,3): 2 packet output streams ('out", 0), 0u) << m;
  EXPECT_NE(m.find("need 5.14 bytes/cycle (2056 bytes with headers per 400-cycle interval) but no split of them "
                   "fits its 1 free MM2S channel at 4 bytes/cycle each"),
            std::string::npos)
      << m;

  // The router does not produce it: the pre-check says why, and the MILP alone finds no routing.
  auto pre = route(fast, npu2());
  EXPECT_EQ(pre.status, "infeasible");
  ASSERT_FALSE(pre.reasons.empty());
  EXPECT_EQ(pre.reasons[0],
            "compute tile (3,3): 3 output streams cannot share its 2 MM2S channels within their bandwidth "
            "(4 bytes/cycle each, 400-cycle interval)");
  auto milp = route(fast, npu2(), false);
  EXPECT_EQ(milp.status, "infeasible");
  ASSERT_FALSE(milp.reasons.empty());
  EXPECT_NE(milp.reasons[0].find("sharing bounded by 4 bytes/cycle in a 400-cycle interval"), std::string::npos)
      << milp.reasons[0];

  // The device setting decides: 8 bytes per cycle (129 cycles an object) or no bound at all.
  EXPECT_TRUE(route(fast, withChannelBytes(8)).success);
  EXPECT_TRUE(route(fast, withChannelBytes(0)).success);
}

TEST(PacketBandwidth, RouterPacksStreamsOntoChannelsByBandwidth) {
  // Four streams, two channels: two per channel needs 514 cycles of the interval.
  for (bool preCheck : {true, false}) {
    ToyDesign fits = hub(4, 520);
    auto r = route(fits, npu2(), preCheck);
    ASSERT_TRUE(r.success) << r.status;
    RoutingUsage usage;
    EXPECT_TRUE(checkRouting(fits.design, npu2(), RrGraph(npu2()), fits.placement, r.routing, {}, &usage).empty());
    EXPECT_EQ(usage.dmaOut[size_t(npu2().index({3, 3}))], 2);
    EXPECT_EQ(route(hub(4, 500), npu2(), preCheck).status, "infeasible");
  }
}

TEST(PacketBandwidth, DeviceSettingIsReadAndValidated) {
  const std::string head =
      "name: x\ngeneration: aie2\ncolumns: 1\nrows: [shim]\nresources:\n  shim: {memory_kib: 0, locks: 16, "
      "buffer_descriptors: 16, dma_in: 2, dma_out: 2}\n";
  EXPECT_EQ(
      parseDeviceYaml(head + "packet: {channel_bytes_per_cycle: 8}\n", "x.yaml").packetLimits().channelBytesPerCycle,
      8);
  EXPECT_EQ(parseDeviceYaml(head, "x.yaml").packetLimits().channelBytesPerCycle, 4);
  EXPECT_EQ(npu2().packetLimits().channelBytesPerCycle, 4);
  for (const char* bad : {"-1", "2000", "wide"}) {
    try {
      parseDeviceYaml(head + "packet: {channel_bytes_per_cycle: " + bad + "}\n", "x.yaml");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::exception& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("x.yaml:7:", 0), 0u) << what;
      EXPECT_NE(what.find("channel_bytes_per_cycle"), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}
