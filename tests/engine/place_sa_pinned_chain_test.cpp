// SA from a scattered start places the cascade chains that hold a pinned core before the free
// ones, so a free chain never takes the tiles a pinned chain needs.
#include <gtest/gtest.h>

#include "engine/aie/device_library.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/sa_placer.h"
#include "place_test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

TEST(SaPinnedChain, AFreeChainNeverTakesAPinnedChainsTiles) {
  // npu1_3col: compute rows 2..5, columns 0..2. Chain a (declared first, free) and chain b,
  // whose b0 is pinned at (0,2) so that b1 must take (1,2) (south of row 2 is a memory tile).
  // Pinned singles fill every other tile but (1,3) and (2,3): a fits at (1,2)-(2,2), which
  // breaks b, or at (1,3)-(2,3).
  std::string y =
      "design: chains\ndevice: npu1_3col\ncores:\n  - {name: a0}\n  - {name: a1}\n"
      "  - {name: b0, pin: [0, 2]}\n  - {name: b1}\n";
  int k = 0;
  for (int col = 0; col < 3; ++col)
    for (int row = 2; row < 6; ++row) {
      const bool open = (col == 0 && row == 2) || (col > 0 && row < 4);
      if (!open)
        y += "  - {name: s" + std::to_string(k++) + ", pin: [" + std::to_string(col) + ", " + std::to_string(row) +
             "]}\n";
    }
  y += "cascades:\n  - [a0, a1]\n  - [b0, b1]\n";
  const Design d = ts::test::designFromYaml(y);
  const Device dev = loadDevice("npu1_3col");
  SaPlacerConfig config;
  config.randomStart = true;
  config.maxMoves = 200;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    ts::core::RunContext ctx(seed);
    SaPlacerResult r = runSaPlacer(PlaceProblem{d, dev, Placement()}, config, ctx);
    ASSERT_TRUE(r.success) << "seed " << seed << ": " << (r.reasons.empty() ? r.status : r.reasons.front());
    EXPECT_EQ(r.placement.tile(d.findCore("b1")), (TileCoord{1, 2}));
    EXPECT_TRUE(checkPlacement(d, dev, r.placement).empty());
  }
}
