#pragma once
// Generator of WSE kernel graphs like the contest's hidden cases: ResNet-50 and ResNet-75
// (coarse: one cblock/dblock per residual block; fine: their convs with the residual forks),
// U-Net and a fully connected net written as 1x1 convs. The ResNet structure follows the
// public contest cases (input 112x112 after the stem, stages of one cblock then dblocks).
#include <string>

#include "engine/wse/kernel_graph.h"

namespace ts::wse {

enum class NetworkKind { ResNet50, ResNet75, UNet, FcNet };

/// "resnet50", "resnet75", "unet", "fcnet".
bool parseNetworkKind(const std::string& s, NetworkKind& out);
std::string toString(NetworkKind k);

struct GeneratorOptions {
  NetworkKind kind = NetworkKind::ResNet50;
  bool coarse = false;     ///< ResNets only: cblock/dblock kernels instead of convs
  int featureDivisor = 1;  ///< divides every feature count (the contest's "lean" ResNet-50 used 16)
  int image = 0;           ///< input side: ResNet default 112 (after the stem), U-Net 512; FC-net ignores it
  int layers = 26;         ///< FC-net depth
  double wdeltat = 1, wlength = 1, wadapter = 0;
  int fabricWidth = 633, fabricHeight = 633;
  double memlimit = 24576;
  std::string test;  ///< header test name; default e.g. "generated-resnet50-fine"
};

/// Throws core::Error for option combinations that make no network (e.g. coarse U-Net, a
/// divisor that leaves a block without features).
KernelGraph generateNetwork(const GeneratorOptions& options);

}  // namespace ts::wse
