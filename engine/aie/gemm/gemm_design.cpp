#include "engine/aie/gemm/gemm_design.h"

#include <algorithm>

#include "engine/aie/gemm/efficiency.h"
#include "engine/core/error.h"

namespace ts::aie::gemm {

namespace {

/// The planner's generation for a device: npu1/npu2 by name; other AIE-ML arrays use XDNA's
/// core (the same AIE-ML tile).
Generation generationOf(const Device& device) {
  return parseGeneration(device.name()).value_or(Generation::Xdna);
}

}  // namespace

GemmDesignSpec designSpecFor(const Device& device, const PlanRequest& request, const Candidate& candidate,
                             const std::string& name) {
  const GenerationParams p = generationParams(request.generation, request.precision);
  GemmDesignSpec s;
  s.name = name;
  DesignBuilder probe(device, name, "");
  s.rows = std::min(p.rows, int(probe.computeRows().size()));
  s.cols = std::min(p.cols, probe.computeColumns());
  s.precision = request.precision;
  s.kernel = candidate.kernel;
  s.kMt = candidate.kMt;
  s.bLayout = request.bLayout;
  return s;
}

GeneratedDesign generateGemmDesign(const Device& device, const GemmDesignSpec& spec) {
  const GenerationParams p = generationParams(generationOf(device), spec.precision);
  const KernelShape kn = spec.kernel;
  if (kn.m <= 0 || kn.k <= 0 || kn.n <= 0)
    throw core::Error("GEMM kernel " + toString(kn) + " must have positive sizes");
  const int rows = spec.rows > 0 ? spec.rows : p.rows, cols = spec.cols > 0 ? spec.cols : p.cols;
  const int kMt = spec.kMt > 0 ? spec.kMt : kn.k;
  const ElementBytes by = p.bytes;
  DesignBuilder b(device, spec.name,
                  "GEMM " + std::to_string(rows) + "x" + std::to_string(cols) + " cores, " + toString(spec.precision) +
                      ", " + toString(kn) + " per core (k_mt " + std::to_string(kMt) + ", B " + toString(spec.bLayout) +
                      "-major); A broadcast along rows, B along columns, C joined per column");
  if (rows > int(b.computeRows().size()) || cols > b.computeColumns())
    throw core::Error("GEMM " + std::to_string(rows) + "x" + std::to_string(cols) + " does not fit " + device.name());
  const int64_t aTile = int64_t(kn.m) * kn.k * by.a, bTile = int64_t(kn.k) * kn.n * by.b;
  const int64_t cTile = int64_t(kn.m) * kn.n * by.c;
  // Memory-tile tiles (Sec. 4.2.2): A is m_ct x k_mt; B is k_mt x n_ct when column-major, the
  // same k_ct x n_ct as the cores when row-major.
  const int64_t aL2 = int64_t(kn.m) * kMt * by.a;
  const int64_t bL2 = int64_t(spec.bLayout == BLayout::Col ? kMt : kn.k) * kn.n * by.b;
  const double macsPerCycle = kernelEfficiency(p.eff, kn) * p.peakMacsPerCycle;  // model
  const int64_t cycles = int64_t(double(kn.macs()) / macsPerCycle);

  std::vector<std::vector<CoreId>> core(static_cast<size_t>(rows), std::vector<CoreId>(static_cast<size_t>(cols)));
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      core[size_t(i)][size_t(j)] =
          b.addCompute("mm" + std::to_string(i) + "_" + std::to_string(j), b.computeTile(j, i), cycles, p.l1StackBytes);

  // Per column: C tiles joined in the memory tile below (four S2MM there, where a shim has
  // two), then B broadcast up the column from the same memory tile.
  for (int j = 0; j < cols; ++j) {
    const std::string c = std::to_string(j);
    TileCoord mt = b.pickMemTile(j, rows, 1, 2 * cTile * rows, rows);
    b.bookMemory(mt, 2 * cTile * rows);
    CoreId memC = b.addMemTile("memC" + c, mt);
    std::vector<NetId> parts;
    for (int i = 0; i < rows; ++i)
      parts.push_back(b.addNet("C" + std::to_string(i) + "_" + c, core[size_t(i)][size_t(j)], {memC}, cTile, 1, {2}));
    CoreId shimC = b.addShim("shimC" + c, b.pickShim(mt.col, 1, 0));
    b.addLink(parts, {b.addNet("C" + c + "_ddr", memC, {shimC}, cTile * rows, 2)});

    TileCoord mb = b.pickMemTile(j, 1, 1, 2 * bL2, 0);
    b.bookMemory(mb, 2 * bL2);
    CoreId memB = b.addMemTile("memB" + c, mb);
    CoreId shimB = b.addShim("shimB" + c, b.pickShim(mb.col, 0, 1));
    std::vector<CoreId> column;
    for (int i = 0; i < rows; ++i) column.push_back(core[size_t(i)][size_t(j)]);
    // Output net first, then input: the order the bundled samples list them in (two nets created in
    // one call's arguments would be in whatever order the compiler evaluates them).
    NetId bOut = b.addNet("B" + c, memB, column, bTile, 2);
    b.addLink({b.addNet("B" + c + "_ddr", shimB, {memB}, bL2, 2)}, {bOut});
  }
  // A tiles on alternate columns when the block is at least twice as wide as tall (XDNA2, Fig. 3c).
  const int stride = cols >= 2 * rows ? 2 : 1;
  for (int i = 0; i < rows; ++i) {
    const std::string r = std::to_string(i);
    TileCoord ma = b.pickMemTile((i * stride) % cols, 1, 1, 2 * aL2, 0);
    b.bookMemory(ma, 2 * aL2);
    CoreId memA = b.addMemTile("memA" + r, ma);
    CoreId shimA = b.addShim("shimA" + r, b.pickShim(ma.col, 0, 1));
    NetId aOut = b.addNet("A" + r, memA, core[size_t(i)], aTile, 2);  // output first, as for B
    b.addLink({b.addNet("A" + r + "_ddr", shimA, {memA}, aL2, 2)}, {aOut});
  }
  return b.finish();
}

}  // namespace ts::aie::gemm
