#include "engine/aie/bench/cronet.h"

#include "engine/core/error.h"

namespace ts::aie {

namespace {

/// Cascade chains along rows (west to east); the caller reduces their ends in an adder.
struct Chains {
  std::vector<std::vector<CoreId>> rows;
};

}  // namespace

GeneratedDesign generateCronet(const Device& device, const std::string& name) {
  DesignBuilder b(device, name,
                  "CRONet (TrunkNet + BranchNet + Mul), BF16, 223 cores as in the CRONet paper's Table IV");
  if (b.computeColumns() < 38 || b.computeRows().size() < 8 || device.countTiles(TileKind::Mem) == 0)
    throw core::Error("CRONet needs a 38x8 AIE-ML array with memory tiles (xcve2802), not " + device.name());
  std::vector<int> memRows;
  for (int r = 0; r < device.rows(); ++r)
    if (device.rowRoles()[r] == TileKind::Mem) memRows.push_back(r);
  const int memTop = memRows.back(), memLow = memRows.front();
  auto at = [&](int x, int y) { return b.computeTile(x, y); };
  auto add = [&](const std::string& group, const std::string& n, int x, int y, int64_t cycles, int64_t data) {
    return b.addCompute(group + "_" + n, at(x, y), cycles, data, group);
  };
  auto gmio = [&](const std::string& n, int col, bool out, const std::string& group) {
    return b.addShim(n, b.pickShim(col, out ? 1 : 0, out ? 0 : 1), group);
  };
  auto cascadeChains = [&](const std::string& group, int x, int y, int chains, int len, int64_t weights,
                           int64_t cycles) {
    Chains c;
    for (int r = 0; r < chains; ++r) {
      c.rows.emplace_back();
      for (int k = 0; k < len; ++k) {
        c.rows.back().push_back(
            add(group, "k" + std::to_string(r) + "_" + std::to_string(k), x + k, y + r, cycles, weights));
        if (k > 0) b.addCascade(c.rows.back()[size_t(k - 1)], c.rows.back()[size_t(k)]);
      }
    }
    return c;
  };

  // An 11-core linear layer: two 5-core cascade chains over halves of K, both fed by one
  // broadcast of the input vector, their partial sums added in one more core.
  auto twoChainLinear = [&](const std::string& group, int x, int y, std::pair<int, int> sumAt, CoreId source,
                            const std::string& inName) {
    Chains chains = cascadeChains(group, x, y, 2, 5, 20480, 640);
    CoreId sum = add(group, "sum", sumAt.first, sumAt.second, 64, 0);
    std::vector<CoreId> all;
    for (const auto& row : chains.rows) all.insert(all.end(), row.begin(), row.end());
    b.addNet(inName, source, all, 512, 2);
    for (size_t r = 0; r < chains.rows.size(); ++r)
      b.addNet(group + "_part" + std::to_string(r), chains.rows[r].back(), {sum}, 256, 2);
    return sum;
  };

  // ---------------- BranchNet (west) ----------------
  const std::string b1 = "b1_conv2d", b2 = "b2_conv2d", b3 = "b3_maxpool2d", b4 = "b4_aap2d", b5 = "b5_rnn",
                    b6 = "b6_linear", b7 = "b7_linear";
  std::vector<CoreId> conv1, conv2(40), pool(40), aap;
  for (int k = 0; k < 5; ++k) conv1.push_back(add(b1, std::to_string(k), 10 + k, 0, 400, 512));
  for (int k = 0; k < 5; ++k)
    for (int r = 0; r < 8; ++r) {
      conv2[size_t(k * 8 + r)] = add(b2, std::to_string(k) + "_" + std::to_string(r), 2 * k, r, 21600, 1024);
      pool[size_t(k * 8 + r)] = add(b3, std::to_string(k) + "_" + std::to_string(r), 2 * k + 1, r, 1200, 0);
    }
  for (int k = 0; k < 5; ++k) aap.push_back(add(b4, std::to_string(k), 10 + k, 1, 900, 0));
  for (int k = 0; k < 5; ++k) {
    // Five GMIO inputs, one image band per CONV2D core.
    CoreId in = gmio("b_in" + std::to_string(k), 10 + k, false, b1);
    b.addNet("b_in" + std::to_string(k), in, {conv1[size_t(k)]}, 2048, 2);
    // L3 fusion: each CONV2D output is staged in a memory tile and broadcast up one column
    // of the second CONV2D; the MaxPool outputs of the neighbouring column join there again.
    CoreId mt = b.addMemTile("b_mem" + std::to_string(k), {2 * k, memTop}, b2);
    NetId staged = b.addNet(b1 + "_out" + std::to_string(k), conv1[size_t(k)], {mt}, 4096, 2);
    std::vector<CoreId> column(conv2.begin() + 8 * k, conv2.begin() + 8 * k + 8);
    b.addLink({staged}, {b.addNet(b2 + "_in" + std::to_string(k), mt, column, 4096, 2)});
    std::vector<NetId> pooled;
    for (int r = 0; r < 8; ++r) {
      const size_t i = size_t(k * 8 + r);
      b.addNet(b2 + "_" + std::to_string(k) + "_" + std::to_string(r) + "_out", conv2[i], {pool[i]}, 2048,
               2);  // L2 fusion
      pooled.push_back(
          b.addNet(b3 + "_" + std::to_string(k) + "_" + std::to_string(r) + "_out", pool[i], {mt}, 512, 2));
    }
    b.addLink(pooled, {b.addNet(b4 + "_in" + std::to_string(k), mt, {aap[size_t(k)]}, 4096, 2)});
  }
  // RNN: 14 unrolled steps (GEMM then add+tanh) along a snake, so h_t flows between neighbours.
  std::vector<CoreId> rnn;
  for (int i = 0; i < 28; ++i) {
    const int col = 10 + i / 4, row = 2 + (((i / 4) % 2 == 0) ? i % 4 : 3 - i % 4);
    const bool gemm = i % 2 == 0;
    rnn.push_back(
        add(b5, (gemm ? "gemm" : "add") + std::to_string(i / 2), col, row, gemm ? 700 : 120, gemm ? 896 : 256));
  }
  for (int i = 0; i + 1 < 28; ++i)
    b.addNet(b.design().cores[rnn[size_t(i)]].name + "_out", rnn[size_t(i)], {rnn[size_t(i + 1)]}, 256, 2);
  for (int k = 0; k < 5; ++k) {
    std::vector<CoreId> steps;
    for (int t = 0; t < 14; ++t)
      if (t * 5 / 14 == k) steps.push_back(rnn[size_t(2 * t)]);
    b.addNet(b4 + "_out" + std::to_string(k), aap[size_t(k)], steps, 256,
             2);  // x_t for its time steps
  }
  CoreId lin1 = add(b6, "0", 16, 6, 160, 5120);
  b.addNet(b5 + "_h", rnn.back(), {lin1}, 256, 2);
  CoreId lin2sum = twoChainLinear(b7, 10, 6, {15, 6}, lin1, b6 + "_out");

  // ---------------- TrunkNet (east) ----------------
  const std::string t1 = "t1_conv3d", t2 = "t2_conv3d", t3 = "t3_aap3d", t4 = "t4_linear", t5 = "t5_linear";
  std::vector<std::vector<CoreId>> c3(4), c3b(4);  // columns of the two CONV3D blocks
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      c3[size_t(c)].push_back(add(t1, std::to_string(c) + "_" + std::to_string(r), 20 + c, r, 1100, 256));
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 6; ++r)
      c3b[size_t(c)].push_back(add(t2, std::to_string(c) + "_" + std::to_string(r), 24 + c, r, 15600, 768));
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c + 1 < 4; ++c) b.addCascade(c3b[size_t(c)][size_t(r)], c3b[size_t(c + 1)][size_t(r)]);
  {
    CoreId in = gmio("t_in", 21, false, t1);
    CoreId mt = b.addMemTile("t_mem_in", {21, memLow}, t1);
    NetId ddr = b.addNet("t_in", in, {mt}, 4 * 1024, 2);
    std::vector<NetId> cols;
    for (int c = 0; c < 4; ++c) cols.push_back(b.addNet(t1 + "_in" + std::to_string(c), mt, c3[size_t(c)], 1024, 2));
    b.addLink({ddr}, cols);
  }
  for (int c = 0; c < 4; ++c) {
    // Each CONV3D column's outputs join under it and feed one input-channel column of the next.
    CoreId mt = b.addMemTile("t_mem" + std::to_string(c), {20 + c, memTop}, t2);
    std::vector<NetId> parts;
    for (int r = 0; r < 4; ++r)
      parts.push_back(b.addNet(t1 + "_" + std::to_string(c) + "_" + std::to_string(r) + "_out",
                               c3[size_t(c)][size_t(r)], {mt}, 2048, 2));
    b.addLink(parts, {b.addNet(t2 + "_in" + std::to_string(c), mt, c3b[size_t(c)], 8192, 2)});
  }
  std::vector<CoreId> pool3;
  for (int j = 0; j < 8; ++j) pool3.push_back(add(t3, std::to_string(j), 28, j, 2500, 0));
  for (int r = 0; r < 6; ++r) {
    std::vector<CoreId> to;
    for (int j = 0; j < 8; ++j)
      if (j * 6 / 8 == r) to.push_back(pool3[size_t(j)]);
    b.addNet(t2 + "_out" + std::to_string(r), c3b[3][size_t(r)], to, 1024, 2);
  }
  Chains lt1 = cascadeChains(t4, 29, 0, 4, 5, 19456, 600);
  CoreId a0 = add(t4, "sum0", 34, 0, 64, 0), a1 = add(t4, "sum1", 34, 3, 64, 0), aRoot = add(t4, "sum", 34, 1, 64, 0);
  for (int j = 0; j < 8; ++j) {
    std::vector<CoreId> to;
    for (int g = 0; g < 20; ++g)
      if (g * 8 / 20 == j) to.push_back(lt1.rows[size_t(g / 5)][size_t(g % 5)]);
    b.addNet(t3 + "_out" + std::to_string(j), pool3[size_t(j)], to, 512, 2);
  }
  b.addNet(t4 + "_part0", lt1.rows[0].back(), {a0}, 256, 2);
  b.addNet(t4 + "_part1", lt1.rows[1].back(), {a0}, 256, 2);
  b.addNet(t4 + "_part2", lt1.rows[2].back(), {a1}, 256, 2);
  b.addNet(t4 + "_part3", lt1.rows[3].back(), {a1}, 256, 2);
  b.addNet(t4 + "_sum0", a0, {aRoot}, 256, 2);
  b.addNet(t4 + "_sum1", a1, {aRoot}, 256, 2);
  CoreId t5sum = twoChainLinear(t5, 29, 4, {34, 4}, aRoot, t4 + "_out");

  // ---------------- Mul: branch x trunk, one GMIO output per core ----------------
  std::vector<CoreId> mul;
  for (int i = 0; i < 11; ++i) mul.push_back(add("mul", std::to_string(i), 35 + i / 4, i % 4, 96, 0));
  // TrunkNet finishes first: its result waits in a memory tile until BranchNet catches up.
  TileCoord mtOut = b.pickMemTile(34, 1, 1, 4096, 1);
  CoreId tOut = b.addMemTile("t_mem_out", mtOut, t5);
  // Output net first, then input: the bundled sample's order (not left to the compiler's argument order).
  NetId trunk = b.addNet("trunk_vec", tOut, mul, 512, 2);
  b.addLink({b.addNet(t5 + "_out", t5sum, {tOut}, 512, 2)}, {trunk});
  b.addNet("branch_vec", lin2sum, mul, 512, 2);
  for (int i = 0; i < 11; ++i)
    b.addNet("out" + std::to_string(i), mul[size_t(i)], {gmio("out" + std::to_string(i), 35, true, "mul")}, 256, 2);
  return b.finish();
}

}  // namespace ts::aie
