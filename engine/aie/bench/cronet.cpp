#include "engine/aie/bench/cronet.h"

#include "engine/aie/place/dataflow_placer.h"
#include "engine/core/error.h"
#include "engine/core/run_context.h"

namespace ts::aie {

namespace {

/// Cascade chains (each runs from its first core to its last); the caller reduces their ends
/// in an adder.
struct Chains {
  std::vector<std::vector<CoreId>> rows;
};

/// The netlist without tiles: where cores go is the dataflow placer's business.
class Netlist {
 public:
  Netlist(std::string name, std::string description) {
    d_.name = std::move(name);
    d_.description = std::move(description);
  }
  Design& design() { return d_; }
  CoreId core(const std::string& name, CoreKind kind, const std::string& group, int64_t cycles = 0, int64_t data = 0) {
    LogicalCore c;
    c.name = name;
    c.kind = kind;
    c.group = group;
    c.computeCycles = cycles;
    c.bufferBytes = data;
    d_.cores.push_back(std::move(c));
    return CoreId(d_.cores.size() - 1);
  }
  NetId net(const std::string& name, CoreId source, const std::vector<CoreId>& targets, int64_t bytes) {
    Net n;
    n.name = name;
    n.source = source;
    n.targets = targets;
    n.bytesPerObject = bytes;
    n.sourceDepth = 2;
    n.targetDepths.assign(targets.size(), 2);
    d_.nets.push_back(std::move(n));
    return NetId(d_.nets.size() - 1);
  }
  void link(const std::vector<NetId>& inputs, const std::vector<NetId>& outputs) {
    d_.links.push_back({inputs, outputs});
  }
  void cascade(CoreId from, CoreId to) { d_.cascades.push_back({from, to}); }

 private:
  Design d_;
};

}  // namespace

Design cronetNetlist(const std::string& name) {
  Netlist b(name, "CRONet (TrunkNet + BranchNet + Mul), BF16, 223 cores as in the CRONet paper's Table IV");
  auto add = [&](const std::string& group, const std::string& n, int64_t cycles, int64_t data) {
    return b.core(group + "_" + n, CoreKind::Compute, group, cycles, data);
  };
  auto gmio = [&](const std::string& n, const std::string& group) { return b.core(n, CoreKind::Shim, group); };
  auto mem = [&](const std::string& n, const std::string& group) { return b.core(n, CoreKind::MemTile, group); };
  auto cascadeChains = [&](const std::string& group, int chains, int len, int64_t weights, int64_t cycles) {
    Chains c;
    for (int r = 0; r < chains; ++r) {
      c.rows.emplace_back();
      for (int k = 0; k < len; ++k) {
        c.rows.back().push_back(add(group, "k" + std::to_string(r) + "_" + std::to_string(k), cycles, weights));
        if (k > 0) b.cascade(c.rows.back()[size_t(k - 1)], c.rows.back()[size_t(k)]);
      }
    }
    return c;
  };

  // An 11-core linear layer: two 5-core cascade chains over halves of K, both fed by one
  // broadcast of the input vector, their partial sums added in one more core.
  auto twoChainLinear = [&](const std::string& group, CoreId source, const std::string& inName) {
    Chains chains = cascadeChains(group, 2, 5, 20480, 640);
    CoreId sum = add(group, "sum", 64, 0);
    std::vector<CoreId> all;
    for (const auto& row : chains.rows) all.insert(all.end(), row.begin(), row.end());
    b.net(inName, source, all, 512);
    for (size_t r = 0; r < chains.rows.size(); ++r)
      b.net(group + "_part" + std::to_string(r), chains.rows[r].back(), {sum}, 256);
    return sum;
  };

  // ---------------- BranchNet: B1 .. B7 ----------------
  const std::string b1 = "b1_conv2d", b2 = "b2_conv2d", b3 = "b3_maxpool2d", b4 = "b4_aap2d", b5 = "b5_rnn",
                    b6 = "b6_linear", b7 = "b7_linear";
  std::vector<CoreId> conv1, conv2(40), pool(40), aap;
  for (int k = 0; k < 5; ++k) conv1.push_back(add(b1, std::to_string(k), 400, 512));
  for (int k = 0; k < 5; ++k)
    for (int r = 0; r < 8; ++r) {
      conv2[size_t(k * 8 + r)] = add(b2, std::to_string(k) + "_" + std::to_string(r), 21600, 1024);
      pool[size_t(k * 8 + r)] = add(b3, std::to_string(k) + "_" + std::to_string(r), 1200, 0);
    }
  for (int k = 0; k < 5; ++k) aap.push_back(add(b4, std::to_string(k), 900, 0));
  for (int k = 0; k < 5; ++k) {
    // Five GMIO inputs, one image band per CONV2D core.
    CoreId in = gmio("b_in" + std::to_string(k), b1);
    b.net("b_in" + std::to_string(k), in, {conv1[size_t(k)]}, 2048);
    // L3 fusion: each CONV2D output is staged in a memory tile and broadcast to eight cores
    // of the second CONV2D; the outputs of their MaxPool partners join there again.
    CoreId mt = mem("b_mem" + std::to_string(k), b2);
    NetId staged = b.net(b1 + "_out" + std::to_string(k), conv1[size_t(k)], {mt}, 4096);
    std::vector<CoreId> column(conv2.begin() + 8 * k, conv2.begin() + 8 * k + 8);
    b.link({staged}, {b.net(b2 + "_in" + std::to_string(k), mt, column, 4096)});
    std::vector<NetId> pooled;
    for (int r = 0; r < 8; ++r) {
      const size_t i = size_t(k * 8 + r);
      b.net(b2 + "_" + std::to_string(k) + "_" + std::to_string(r) + "_out", conv2[i], {pool[i]}, 2048);  // L2
      pooled.push_back(b.net(b3 + "_" + std::to_string(k) + "_" + std::to_string(r) + "_out", pool[i], {mt}, 512));
    }
    b.link(pooled, {b.net(b4 + "_in" + std::to_string(k), mt, {aap[size_t(k)]}, 4096)});
  }
  // RNN: 14 unrolled steps (GEMM then add+tanh), h_t flowing from step to step.
  std::vector<CoreId> rnn;
  for (int i = 0; i < 28; ++i) {
    const bool gemm = i % 2 == 0;
    rnn.push_back(add(b5, (gemm ? "gemm" : "add") + std::to_string(i / 2), gemm ? 700 : 120, gemm ? 896 : 256));
  }
  for (int i = 0; i + 1 < 28; ++i)
    b.net(b.design().cores[rnn[size_t(i)]].name + "_out", rnn[size_t(i)], {rnn[size_t(i + 1)]}, 256);
  for (int k = 0; k < 5; ++k) {
    std::vector<CoreId> steps;
    for (int t = 0; t < 14; ++t)
      if (t * 5 / 14 == k) steps.push_back(rnn[size_t(2 * t)]);
    b.net(b4 + "_out" + std::to_string(k), aap[size_t(k)], steps, 256);  // x_t for its time steps
  }
  CoreId lin1 = add(b6, "0", 160, 5120);
  b.net(b5 + "_h", rnn.back(), {lin1}, 256);
  CoreId lin2sum = twoChainLinear(b7, lin1, b6 + "_out");

  // ---------------- TrunkNet: T1 .. T5 ----------------
  const std::string t1 = "t1_conv3d", t2 = "t2_conv3d", t3 = "t3_aap3d", t4 = "t4_linear", t5 = "t5_linear";
  std::vector<std::vector<CoreId>> c3(4), c3b(4);  // input-channel slices of the two CONV3D layers
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      c3[size_t(c)].push_back(add(t1, std::to_string(c) + "_" + std::to_string(r), 1100, 256));
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 6; ++r)
      c3b[size_t(c)].push_back(add(t2, std::to_string(c) + "_" + std::to_string(r), 15600, 768));
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c + 1 < 4; ++c) b.cascade(c3b[size_t(c)][size_t(r)], c3b[size_t(c + 1)][size_t(r)]);
  {
    CoreId in = gmio("t_in", t1);
    CoreId mt = mem("t_mem_in", t1);
    NetId ddr = b.net("t_in", in, {mt}, 4 * 1024);
    std::vector<NetId> cols;
    for (int c = 0; c < 4; ++c) cols.push_back(b.net(t1 + "_in" + std::to_string(c), mt, c3[size_t(c)], 1024));
    b.link({ddr}, cols);
  }
  for (int c = 0; c < 4; ++c) {
    // Each CONV3D slice's outputs join in a memory tile and feed one input-channel slice of the next.
    CoreId mt = mem("t_mem" + std::to_string(c), t2);
    std::vector<NetId> parts;
    for (int r = 0; r < 4; ++r)
      parts.push_back(
          b.net(t1 + "_" + std::to_string(c) + "_" + std::to_string(r) + "_out", c3[size_t(c)][size_t(r)], {mt}, 2048));
    b.link(parts, {b.net(t2 + "_in" + std::to_string(c), mt, c3b[size_t(c)], 8192)});
  }
  std::vector<CoreId> pool3;
  for (int j = 0; j < 8; ++j) pool3.push_back(add(t3, std::to_string(j), 2500, 0));
  for (int r = 0; r < 6; ++r) {
    std::vector<CoreId> to;
    for (int j = 0; j < 8; ++j)
      if (j * 6 / 8 == r) to.push_back(pool3[size_t(j)]);
    b.net(t2 + "_out" + std::to_string(r), c3b[3][size_t(r)], to, 1024);
  }
  Chains lt1 = cascadeChains(t4, 4, 5, 19456, 600);
  CoreId a0 = add(t4, "sum0", 64, 0), a1 = add(t4, "sum1", 64, 0), aRoot = add(t4, "sum", 64, 0);
  for (int j = 0; j < 8; ++j) {
    std::vector<CoreId> to;
    for (int g = 0; g < 20; ++g)
      if (g * 8 / 20 == j) to.push_back(lt1.rows[size_t(g / 5)][size_t(g % 5)]);
    b.net(t3 + "_out" + std::to_string(j), pool3[size_t(j)], to, 512);
  }
  b.net(t4 + "_part0", lt1.rows[0].back(), {a0}, 256);
  b.net(t4 + "_part1", lt1.rows[1].back(), {a0}, 256);
  b.net(t4 + "_part2", lt1.rows[2].back(), {a1}, 256);
  b.net(t4 + "_part3", lt1.rows[3].back(), {a1}, 256);
  b.net(t4 + "_sum0", a0, {aRoot}, 256);
  b.net(t4 + "_sum1", a1, {aRoot}, 256);
  CoreId t5sum = twoChainLinear(t5, aRoot, t4 + "_out");

  // ---------------- Mul: branch x trunk, one GMIO output per core ----------------
  std::vector<CoreId> mul;
  for (int i = 0; i < 11; ++i) mul.push_back(add("mul", std::to_string(i), 96, 0));
  // TrunkNet finishes first: its result waits in a memory tile until BranchNet catches up.
  CoreId tOut = mem("t_mem_out", t5);
  // Output net first, then input: the bundled sample's order (not left to the compiler's argument order).
  NetId trunk = b.net("trunk_vec", tOut, mul, 512);
  b.link({b.net(t5 + "_out", t5sum, {tOut}, 512)}, {trunk});
  b.net("branch_vec", lin2sum, mul, 512);
  for (int i = 0; i < 11; ++i)
    b.net("out" + std::to_string(i), mul[size_t(i)], {gmio("out" + std::to_string(i), "mul")}, 256);
  return b.design();
}

GeneratedDesign generateCronet(const Device& device, const std::string& name) {
  if (device.columns() < 38 || device.countTiles(TileKind::Compute) < 304 || device.countTiles(TileKind::Mem) == 0)
    throw core::Error("CRONet needs a 38x8 AIE-ML array with memory tiles (xcve2802), not " + device.name());
  GeneratedDesign out;
  out.design = cronetNetlist(name);
  out.design.device = device.name();
  // The paper's custom placement is the dataflow placer's (Sec. IV-F): no coordinates here.
  core::RunContext ctx(1);
  DataflowPlacerResult placed = runDataflowPlacer(PlaceProblem{out.design, device, Placement()}, {}, ctx);
  if (!placed.success)
    throw core::Error("CRONet: the dataflow placement failed on " + device.name() + ": " +
                      (placed.reasons.empty() ? placed.status : placed.reasons.front()));
  out.placement = placed.placement;
  return out;
}

}  // namespace ts::aie
