#pragma once
// Helpers shared by the MILP-based placer tests (place_joint_milp, place_lsmo, place_milp_cost).
#include <gtest/gtest.h>

#include <string>

#include "engine/aie/route/milp_router.h"

namespace ts::test {

/// n compute cores k0..k(n-1) on npu1 chained by 1 KiB nets, plus extra YAML lines.
inline std::string npu1ChainYaml(int n, const std::string& extraCores = "", const std::string& extraNets = "") {
  std::string y = "design: chain\ndevice: npu1\ncores:\n";
  for (int i = 0; i < n; ++i) y += "  - {name: k" + std::to_string(i) + "}\n";
  y += extraCores + "nets:\n";
  for (int i = 0; i + 1 < n; ++i)
    y += "  - {name: n" + std::to_string(i) + ", source: k" + std::to_string(i) + ", targets: [k" +
         std::to_string(i + 1) + "], bytes: 1024}\n";
  return y + extraNets;
}

/// The MILP router's objective (eq. 8) of a placement; a failure to route fails the test.
inline double milpRouteCost(const aie::Design& d, const aie::Device& dev, const aie::Placement& p) {
  aie::RrGraph g(dev);
  core::RunContext ctx(1);
  aie::MilpRouterResult r = aie::runMilpRouter(d, dev, g, p, aie::MilpRouterConfig{}, ctx);
  EXPECT_TRUE(r.success) << (r.reasons.empty() ? r.status : r.reasons.front());
  return r.objective;
}

}  // namespace ts::test
