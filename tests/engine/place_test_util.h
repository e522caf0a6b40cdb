#pragma once
// Small designs and helpers shared by the placer tests (place_*_test.cpp).
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/placement.h"
#include "engine/core/rng.h"
#include "engine/core/run_context.h"

namespace ts::test {

inline aie::Design designFromYaml(const std::string& yaml) {
  return aie::parseDesignYaml(yaml, "test.yaml").design;
}

/// A compute core "h" streaming `bytes` per object to each of `targets` cores (t0, t1, ...) of
/// `targetKind` ("compute", or "mem" / "shim": no shared memory with h), every kernel taking
/// `cycles` per object: the DMA-sharing cases of the cost tests.
inline aie::Design hubDesign(int targets, int bytes, int cycles, const std::string& targetKind = "compute") {
  const std::string kernel = ", kind: compute, cycles: " + std::to_string(cycles) + "}\n";
  const std::string target = targetKind == "compute" ? kernel : ", kind: " + targetKind + "}\n";
  std::string y = "design: hub\ndevice: npu2\ncores:\n  - {name: h" + kernel;
  for (int t = 0; t < targets; ++t) y += "  - {name: t" + std::to_string(t) + target;
  y += "nets:\n";
  for (int t = 0; t < targets; ++t)
    y += "  - {name: n" + std::to_string(t) + ", source: h, targets: [t" + std::to_string(t) +
         "], bytes: " + std::to_string(bytes) + "}\n";
  return designFromYaml(y);
}

/// A random but sound design: compute cores, memory-tile and shim endpoints, multicast nets
/// (some large enough to strain memory), links through memory tiles, a few cascades, groups.
inline aie::Design randomDesign(uint64_t seed, int compute, int mems, int shims, int nets) {
  using namespace aie;
  core::Rng rng(seed);
  Design d;
  d.name = "random" + std::to_string(seed);
  d.device = "npu2";
  for (int i = 0; i < compute; ++i) {
    LogicalCore c;
    c.name = "c" + std::to_string(i);
    c.kind = CoreKind::Compute;
    c.bufferBytes = rng.uniformInt(0, 3) == 0 ? rng.uniformInt(20, 60) * 1024 : 0;
    c.computeCycles = rng.uniformInt(0, 2000);
    d.cores.push_back(c);
  }
  for (int i = 0; i < mems; ++i) d.cores.push_back({"m" + std::to_string(i), CoreKind::MemTile, 0, 0, {}, ""});
  for (int i = 0; i < shims; ++i) d.cores.push_back({"s" + std::to_string(i), CoreKind::Shim, 0, 0, {}, ""});
  const int cores = compute + mems + shims;
  // Buffer descriptors every core's stream endpoints could take (one per buffer): kept within
  // a compute or shim tile's 16 so that the designs stay placeable (memory tiles have 48).
  std::vector<int> bds(size_t(cores), 0);
  auto bdRoom = [&](CoreId c, int depth) {
    return bds[size_t(c)] + depth <= (d.cores[c].kind == CoreKind::MemTile ? 48 : 16);
  };
  for (int n = 0; n < nets; ++n) {
    Net net;
    net.name = "n" + std::to_string(n);
    net.source = rng.uniformInt(0, cores - 1);
    net.sourceDepth = rng.uniformInt(1, 3);
    int fanout = rng.uniformInt(0, 4) == 0 ? rng.uniformInt(2, 5) : 1;
    for (int k = 0; k < fanout * 3 && int(net.targets.size()) < fanout; ++k) {
      CoreId t = rng.uniformInt(0, cores - 1);
      if (t == net.source || std::find(net.targets.begin(), net.targets.end(), t) != net.targets.end()) continue;
      net.targets.push_back(t);
    }
    if (net.targets.empty()) net.targets.push_back(net.source == 0 ? 1 : 0);
    net.bytesPerObject = rng.uniformInt(1, 4) == 1 ? rng.uniformInt(4, 12) * 1024 : rng.uniformInt(64, 2048);
    for (size_t k = 0; k < net.targets.size(); ++k) net.targetDepths.push_back(rng.uniformInt(1, 3));
    bool fits = bdRoom(net.source, net.sourceDepth);
    for (size_t k = 0; k < net.targets.size(); ++k) fits = fits && bdRoom(net.targets[k], net.targetDepths[k]);
    if (!fits) continue;
    bds[size_t(net.source)] += net.sourceDepth;
    for (size_t k = 0; k < net.targets.size(); ++k) bds[size_t(net.targets[k])] += net.targetDepths[k];
    d.nets.push_back(net);
  }
  // Links through memory tiles: one input net ending there, the nets leaving it as outputs.
  for (int i = 0; i < mems; ++i) {
    CoreId via = compute + i;
    Link link;
    for (NetId n = 0; n < d.netCount(); ++n) {
      const auto& t = d.nets[n].targets;
      if (link.inputs.empty() && std::find(t.begin(), t.end(), via) != t.end()) link.inputs.push_back(n);
      if (d.nets[n].source == via) link.outputs.push_back(n);
    }
    if (link.outputs.size() > 1) link.outputs.resize(1);
    if (!link.inputs.empty() && !link.outputs.empty() && link.inputs != link.outputs) d.links.push_back(link);
  }
  for (int i = 0; i + 1 < compute && i < 6; i += 3) d.cascades.push_back({i, i + 1});
  return d;
}

/// Runs `run()` on a thread, requests a stop through `token` after `afterMs` and returns the
/// milliseconds from that request until `run` returned.
template <typename Run>
double stopLatencyMs(core::CancelToken& token, int afterMs, Run run) {
  std::chrono::steady_clock::time_point returned;
  std::thread worker([&] {
    run();
    returned = std::chrono::steady_clock::now();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(afterMs));
  auto stopAt = std::chrono::steady_clock::now();
  token.requestStop();
  worker.join();
  return std::chrono::duration<double, std::milli>(returned - stopAt).count();
}

}  // namespace ts::test
