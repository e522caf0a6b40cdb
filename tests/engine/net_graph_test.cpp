// The core graph of a design (Boost.Graph depth-first search): feedback nets, a topological
// order of the rest, used by the runtime estimate and the suite's loop check.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/aie/net_graph.h"
#include "place_test_util.h"

using namespace ts::aie;

namespace {

// a -> b -> c -> d, a -> c (a shortcut), d -> b (a loop back), e alone.
Design loopy() {
  return ts::test::designFromYaml(R"(design: loopy
device: npu2
cores:
  - {name: a, kind: compute}
  - {name: b, kind: compute}
  - {name: c, kind: compute}
  - {name: d, kind: compute}
  - {name: e, kind: compute}
nets:
  - {name: ab, source: a, targets: [b], bytes: 64}
  - {name: bc, source: b, targets: [c], bytes: 64}
  - {name: cd, source: c, targets: [d], bytes: 64}
  - {name: ac, source: a, targets: [c], bytes: 64}
  - {name: db, source: d, targets: [b], bytes: 64}
)");
}

}  // namespace

TEST(NetGraph, BackEdgesAreFeedbackAndTheRestIsOrdered) {
  Design d = loopy();
  NetGraphOrder g = orderNetGraph(d);
  ASSERT_EQ(g.feedback.size(), 1u);
  EXPECT_EQ(d.nets[g.feedback[0].net].name, "db");
  EXPECT_EQ(g.forward.size(), 4u);
  ASSERT_EQ(g.topological.size(), 5u);
  auto pos = [&](CoreId c) { return std::find(g.topological.begin(), g.topological.end(), c) - g.topological.begin(); };
  for (const NetEdge& e : g.forward) EXPECT_LT(pos(e.from), pos(e.to)) << d.nets[e.net].name;
  EXPECT_TRUE(hasFeedbackLoop(d));
}

TEST(NetGraph, APipelineHasNoLoop) {
  Design d = loopy();
  d.nets.pop_back();  // without db
  EXPECT_FALSE(hasFeedbackLoop(d));
  EXPECT_TRUE(orderNetGraph(d).feedback.empty());
}
