#include "engine/aie/bench/resnet.h"

#include "engine/core/error.h"

namespace ts::aie {

namespace {

/// Origins of the 2x2 squares in snake order: along the band next to the memory tiles first,
/// then back along the next band.
std::vector<std::pair<int, int>> squares(int cols, int rows) {
  std::vector<std::pair<int, int>> out;
  for (int band = 0; 2 * band + 1 < rows; ++band)
    for (int k = 0; 2 * k + 1 < cols; ++k)
      out.push_back({band % 2 == 0 ? 2 * k : cols - 2 - 2 * k - cols % 2, 2 * band});
  return out;
}

}  // namespace

int maxResnetBlocks(const Device& device) {
  int rows = 0;
  for (TileKind k : device.rowRoles()) rows += k == TileKind::Compute;
  return int(squares(device.columns(), rows).size());
}

GeneratedDesign generateResnet(const Device& device, const ResnetSpec& spec) {
  DesignBuilder b(device, spec.name,
                  "ResNet bottleneck pipeline: " + std::to_string(spec.blocks) +
                      " blocks of conv1x1 -> 2 x conv3x3 (half the channels each) -> conv1x1 + residual add");
  const auto slots = squares(b.computeColumns(), int(b.computeRows().size()));
  if (spec.blocks > int(slots.size()))
    throw core::Error("ResNet: " + std::to_string(spec.blocks) + " blocks do not fit " + device.name());
  // 32-pixel lines, int8: block input/output 128 channels, bottleneck width 64.
  const int64_t actIn = 32 * 128, mid = 32 * 64, half = 32 * 32;
  const int64_t wConv1 = 128 * 64, wConv3 = 3 * 3 * 64 * 32, wSkip = 64 * 128;
  CoreId prevOut = -1;
  for (int k = 0; k < spec.blocks; ++k) {
    const std::string p = "b" + std::to_string(k) + "_";
    auto [x, y] = slots[size_t(k)];
    CoreId conv1 = b.addCompute(p + "conv1", b.computeTile(x, y), actIn * 64 / 64, 0, "block" + std::to_string(k));
    CoreId conv3a =
        b.addCompute(p + "conv3a", b.computeTile(x, y + 1), mid * 9 * 32 / 64, 0, "block" + std::to_string(k));
    CoreId conv3b =
        b.addCompute(p + "conv3b", b.computeTile(x + 1, y), mid * 9 * 32 / 64, 0, "block" + std::to_string(k));
    CoreId skip =
        b.addCompute(p + "conv1_skip", b.computeTile(x + 1, y + 1), mid * 128 / 64, 0, "block" + std::to_string(k));

    // The block's memory tile: block input (from DRAM or the previous block) broadcast to the
    // first conv and to the residual core; weights distributed to the four cores.
    const int64_t weights = wConv1 + 2 * wConv3 + wSkip;
    TileCoord mt = b.pickMemTile(x, 2, 5, 2 * actIn + weights, prevOut < 0 ? 0 : 1);
    b.bookMemory(mt, 2 * actIn + weights);
    CoreId mem = b.addMemTile(p + "mem", mt, "block" + std::to_string(k));
    NetId in;
    if (prevOut < 0) {
      CoreId shim = b.addShim(p + "act_shim", b.pickShim(mt.col, 0, 1));
      in = b.addNet(p + "act_ddr", shim, {mem}, actIn, 2);
    } else {
      in = b.addNet("b" + std::to_string(k - 1) + "_out", prevOut, {mem}, actIn, 2);
    }
    b.addLink({in}, {b.addNet(p + "act", mem, {conv1, skip}, actIn, 2)});
    CoreId wShim = b.addShim(p + "wts_shim", b.pickShim(mt.col, 0, 1));
    NetId wIn = b.addNet(p + "wts_ddr", wShim, {mem}, weights, 1);
    b.addLink({wIn},
              {b.addNet(p + "w_conv1", mem, {conv1}, wConv1, 1), b.addNet(p + "w_conv3a", mem, {conv3a}, wConv3, 1),
               b.addNet(p + "w_conv3b", mem, {conv3b}, wConv3, 1), b.addNet(p + "w_skip", mem, {skip}, wSkip, 1)});

    // Inside the square everything is shared memory.
    b.addNet(p + "c1", conv1, {conv3a, conv3b}, mid, 2, {3, 3});  // 3x3 convs keep three lines
    b.addNet(p + "c3a", conv3a, {skip}, half, 2);
    b.addNet(p + "c3b", conv3b, {skip}, half, 2);
    prevOut = skip;
  }
  b.addOutput("out", {prevOut}, actIn, 2);
  return b.finish();
}

}  // namespace ts::aie
