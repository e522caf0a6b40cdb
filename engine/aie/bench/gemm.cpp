#include "engine/aie/bench/gemm.h"

#include "engine/core/error.h"

namespace ts::aie {

const char* toString(GemmPrecision p) {
  switch (p) {
    case GemmPrecision::I8I8:
      return "int8-int8";
    case GemmPrecision::I8I16:
      return "int8-int16";
    case GemmPrecision::I8I32:
      return "int8-int32";
    case GemmPrecision::Bf16:
      return "bf16-bf16";
  }
  return "?";
}

namespace {

/// One core's kernel (the GEMM paper's Table 1): m_ct x k_ct x n_ct, element sizes, MACs/cycle.
struct Kernel {
  int m, k, n;
  int inBytes, outBytes;
  double macsPerCycle;
};

Kernel kernelFor(GemmPrecision p, bool xdna1) {
  switch (p) {
    case GemmPrecision::I8I8:
      return {64, 232, 64, 1, 1, xdna1 ? 233.0 : 450.6};
    case GemmPrecision::I8I16:
      return {64, 216, 64, 1, 2, xdna1 ? 217.6 : 419.8};
    case GemmPrecision::I8I32:
      return {48, 280, 48, 1, 4, xdna1 ? 192.0 : 384.0};
    case GemmPrecision::Bf16:
      return xdna1 ? Kernel{64, 104, 64, 2, 2, 112.6} : Kernel{48, 152, 48, 2, 2, 158.1};
  }
  return {64, 232, 64, 1, 1, 450.6};
}

}  // namespace

GeneratedDesign generateGemm(const Device& device, const GemmSpec& spec) {
  const bool xdna1 = device.name().rfind("npu1", 0) == 0;
  const Kernel kn = kernelFor(spec.precision, xdna1);
  const int kMt = 4 * kn.k;  // each memory tile holds four L1 tiles along K (contiguous DRAM reads)
  DesignBuilder b(device, spec.name,
                  "GEMM " + std::to_string(spec.rows) + "x" + std::to_string(spec.cols) + " cores, " +
                      toString(spec.precision) + ", " + std::to_string(kn.m) + "x" + std::to_string(kn.k) + "x" +
                      std::to_string(kn.n) + " per core; A broadcast along rows, B along columns, C joined per column");
  if (spec.rows > int(b.computeRows().size()) || spec.cols > b.computeColumns())
    throw core::Error("GEMM " + std::to_string(spec.rows) + "x" + std::to_string(spec.cols) + " does not fit " +
                      device.name());
  const int64_t aTile = int64_t(kn.m) * kn.k * kn.inBytes, bTile = int64_t(kn.k) * kn.n * kn.inBytes;
  const int64_t cTile = int64_t(kn.m) * kn.n * kn.outBytes;
  const int64_t aL2 = int64_t(kn.m) * kMt * kn.inBytes, bL2 = int64_t(kMt) * kn.n * kn.inBytes;
  const int64_t cycles = int64_t(double(kn.m) * kn.k * kn.n / kn.macsPerCycle);

  std::vector<std::vector<CoreId>> core(size_t(spec.rows), std::vector<CoreId>(size_t(spec.cols)));
  for (int i = 0; i < spec.rows; ++i)
    for (int j = 0; j < spec.cols; ++j)
      core[size_t(i)][size_t(j)] =
          b.addCompute("mm" + std::to_string(i) + "_" + std::to_string(j), b.computeTile(j, i), cycles, 1024);

  // Per column: C tiles joined in the memory tile below (four S2MM there, where a shim has
  // two), then B broadcast up the column from the same memory tile.
  for (int j = 0; j < spec.cols; ++j) {
    const std::string c = std::to_string(j);
    TileCoord mt = b.pickMemTile(j, spec.rows, 1, 2 * cTile * spec.rows, spec.rows);
    b.bookMemory(mt, 2 * cTile * spec.rows);
    CoreId memC = b.addMemTile("memC" + c, mt);
    std::vector<NetId> parts;
    for (int i = 0; i < spec.rows; ++i)
      parts.push_back(b.addNet("C" + std::to_string(i) + "_" + c, core[size_t(i)][size_t(j)], {memC}, cTile, 1, {2}));
    CoreId shimC = b.addShim("shimC" + c, b.pickShim(mt.col, 1, 0));
    b.addLink(parts, {b.addNet("C" + c + "_ddr", memC, {shimC}, cTile * spec.rows, 2)});

    TileCoord mb = b.pickMemTile(j, 1, 1, 2 * bL2, 0);
    b.bookMemory(mb, 2 * bL2);
    CoreId memB = b.addMemTile("memB" + c, mb);
    CoreId shimB = b.addShim("shimB" + c, b.pickShim(mb.col, 0, 1));
    std::vector<CoreId> column;
    for (int i = 0; i < spec.rows; ++i) column.push_back(core[size_t(i)][size_t(j)]);
    // Output net first, then input: the order the bundled samples list them in (two nets created in
    // one call's arguments would be in whatever order the compiler evaluates them).
    NetId bOut = b.addNet("B" + c, memB, column, bTile, 2);
    b.addLink({b.addNet("B" + c + "_ddr", shimB, {memB}, bL2, 2)}, {bOut});
  }
  // A tiles on alternate columns when the block is at least twice as wide as tall (XDNA2).
  const int stride = spec.cols >= 2 * spec.rows ? 2 : 1;
  for (int i = 0; i < spec.rows; ++i) {
    const std::string r = std::to_string(i);
    TileCoord ma = b.pickMemTile((i * stride) % spec.cols, 1, 1, 2 * aL2, 0);
    b.bookMemory(ma, 2 * aL2);
    CoreId memA = b.addMemTile("memA" + r, ma);
    CoreId shimA = b.addShim("shimA" + r, b.pickShim(ma.col, 0, 1));
    NetId aOut = b.addNet("A" + r, memA, core[size_t(i)], aTile, 2);  // output first, as for B
    b.addLink({b.addNet("A" + r + "_ddr", shimA, {memA}, aL2, 2)}, {aOut});
  }
  return b.finish();
}

}  // namespace ts::aie
