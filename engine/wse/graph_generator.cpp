#include "engine/wse/graph_generator.h"

#include <vector>

#include "engine/core/error.h"

namespace ts::wse {

bool parseNetworkKind(const std::string& s, NetworkKind& out) {
  if (s == "resnet50")
    out = NetworkKind::ResNet50;
  else if (s == "resnet75")
    out = NetworkKind::ResNet75;
  else if (s == "unet")
    out = NetworkKind::UNet;
  else if (s == "fcnet")
    out = NetworkKind::FcNet;
  else
    return false;
  return true;
}

std::string toString(NetworkKind k) {
  switch (k) {
    case NetworkKind::ResNet50:
      return "resnet50";
    case NetworkKind::ResNet75:
      return "resnet75";
    case NetworkKind::UNet:
      return "unet";
    case NetworkKind::FcNet:
      return "fcnet";
  }
  return "?";
}

namespace {

ConvSpec conv(int hw, int r, int c, int k, int t = 1) {
  return {hw, hw, r, r, c, k, t, t};
}

class Builder {
 public:
  explicit Builder(KernelGraph& g) : g_(g) {}
  int kernel(const KernelSpec& s) { return g_.addKernel(s, "k" + std::to_string(g_.nodes.size())); }
  int conv(const ConvSpec& c) { return kernel(KernelSpec::makeConv(c)); }
  void edge(int a, int b, int hw, int ch) { g_.connect(a, b, {hw, hw, ch}); }

 private:
  KernelGraph& g_;
};

void resnet(KernelGraph& g, const GeneratorOptions& o, const std::vector<int>& blocks) {
  const int div = o.featureDivisor;
  const int side = o.image > 0 ? o.image : 112;
  if (side % 16 != 0) throw core::Error("ResNet input side must be a multiple of 16 (four halvings)");
  if (256 / div < 4 || 256 % div != 0) throw core::Error("feature divisor leaves the first stage without 4 features");
  Builder b(g);
  int in = g.addInput({side, side, 128 / div}, "x");
  int prev = in, prevSide = side, prevCh = 128 / div;
  for (size_t s = 0; s < blocks.size(); ++s) {
    const int f = (256 << s) / div;
    const int h = side >> s;  // the stage's cblock sees the previous stage's resolution
    for (int blk = 0; blk < blocks[s]; ++blk) {
      const bool down = blk == 0;
      const int hb = down ? h : h / 2;
      if (o.coarse) {
        int k = b.kernel(KernelSpec::makeBlock(down ? KernelType::CBlock : KernelType::DBlock, hb, hb, f));
        b.edge(prev, k, prevSide, prevCh);
        prev = k;
      } else if (down) {
        // cblock as four convs: 1x1 reduce, 3x3 stride 2, 1x1 expand at half size, strided
        // 1x1 projection shortcut; the shortcut forks from the first conv as in the contest files.
        int a = b.conv(conv(hb, 1, f / 2, f / 4));
        int c2 = b.conv(conv(hb, 3, f / 4, f / 4, 2));
        int c3 = b.conv(conv(hb / 2, 1, f / 4, f));
        int c4 = b.conv(conv(hb, 1, f / 2, f, 2));
        b.edge(prev, a, prevSide, prevCh);
        b.edge(a, c2, hb, f / 4);
        b.edge(c2, c3, hb, f / 4);
        b.edge(a, c4, hb, f / 4);
        b.edge(c4, c3, hb, f);
        prev = c3;
      } else {
        int a = b.conv(conv(hb, 1, f, f / 4));
        int c2 = b.conv(conv(hb, 3, f / 4, f / 4));
        int c3 = b.conv(conv(hb, 1, f / 4, f));
        b.edge(prev, a, prevSide, prevCh);
        b.edge(a, c2, hb, f / 4);
        b.edge(c2, c3, hb, f / 4);
        b.edge(a, c3, hb, f);  // identity shortcut
        prev = c3;
      }
      prevSide = down ? hb / 2 : hb;
      prevCh = f;
    }
  }
  int out = g.addOutput({prevSide, prevSide, prevCh}, "y");
  b.edge(prev, out, prevSide, prevCh);
}

void unet(KernelGraph& g, const GeneratorOptions& o) {
  const int div = o.featureDivisor;
  const int side = o.image > 0 ? o.image : 512;
  if (side % 16 != 0) throw core::Error("U-Net input side must be a multiple of 16 (four poolings)");
  if (64 % div != 0) throw core::Error("U-Net feature divisor must divide 64");
  Builder b(g);
  const int levels = 5;
  std::vector<int> feat(levels), size(levels), skip(levels);
  for (int l = 0; l < levels; ++l) {
    feat[size_t(l)] = (64 << l) / div;
    size[size_t(l)] = side >> l;
  }
  int in = g.addInput({side, side, 3}, "x");
  int prev = in, prevCh = 3, prevSide = side;
  for (int l = 0; l < levels; ++l) {  // contracting path: two 3x3 convs per level, pooling between
    int s = size[size_t(l)], f = feat[size_t(l)];
    int c1 = b.conv(conv(s, 3, prevCh, f));
    int c2 = b.conv(conv(s, 3, f, f));
    b.edge(prev, c1, prevSide, prevCh);
    b.edge(c1, c2, s, f);
    skip[size_t(l)] = c2;
    prev = c2;
    prevCh = f;
    prevSide = s / 2;  // after max pooling
  }
  prevSide = size[levels - 1];
  for (int l = levels - 2; l >= 0; --l) {  // expanding path: 2x2 up-conv, concat, two 3x3 convs
    int s = size[size_t(l)], f = feat[size_t(l)];
    int up = b.conv(conv(size[size_t(l) + 1], 2, prevCh, f));
    int c1 = b.conv(conv(s, 3, 2 * f, f));
    int c2 = b.conv(conv(s, 3, f, f));
    b.edge(prev, up, prevSide, prevCh);
    b.edge(up, c1, s, f);
    b.edge(skip[size_t(l)], c1, s, f);
    b.edge(c1, c2, s, f);
    prev = c2;
    prevCh = f;
    prevSide = s;
  }
  int last = b.conv(conv(side, 1, prevCh, 2));
  b.edge(prev, last, side, prevCh);
  int out = g.addOutput({side, side, 2}, "y");
  b.edge(last, out, side, 2);
}

void fcnet(KernelGraph& g, const GeneratorOptions& o) {
  const int div = o.featureDivisor;
  if (o.layers < 2) throw core::Error("an FC-net needs at least 2 layers");
  if (1000 / div < 1) throw core::Error("feature divisor too large for the FC-net");
  Builder b(g);
  // Widths taper from 4096 to 1000 classes, like a deep MLP classifier head.
  auto width = [&](int i) {
    if (i == 0) return 1024 / div;
    if (i == o.layers) return 1000 / div;
    int w = i < o.layers / 3 ? 4096 : i < 2 * o.layers / 3 ? 2048 : 1024;
    return w / div;
  };
  int in = g.addInput({1, 1, width(0)}, "x");
  int prev = in;
  for (int i = 0; i < o.layers; ++i) {
    int k = b.conv(conv(1, 1, width(i), width(i + 1)));
    b.edge(prev, k, 1, width(i));
    prev = k;
  }
  int out = g.addOutput({1, 1, width(o.layers)}, "y");
  b.edge(prev, out, 1, width(o.layers));
}

}  // namespace

KernelGraph generateNetwork(const GeneratorOptions& o) {
  if (o.featureDivisor < 1) throw core::Error("feature divisor must be at least 1");
  if (o.coarse && (o.kind == NetworkKind::UNet || o.kind == NetworkKind::FcNet))
    throw core::Error("--coarse applies to ResNets only (U-Net and FC-net are built from convs)");
  KernelGraph g;
  g.width = o.fabricWidth;
  g.height = o.fabricHeight;
  g.wdeltat = o.wdeltat;
  g.wlength = o.wlength;
  g.wadapter = o.wadapter;
  g.memlimit = o.memlimit;
  g.test = o.test;
  if (g.test.empty()) {
    g.test = "generated-" + toString(o.kind);
    if (o.kind == NetworkKind::ResNet50 || o.kind == NetworkKind::ResNet75) g.test += o.coarse ? "-coarse" : "-fine";
    if (o.featureDivisor > 1) g.test += "-div" + std::to_string(o.featureDivisor);
  }
  switch (o.kind) {
    case NetworkKind::ResNet50:
      resnet(g, o, {3, 4, 6, 3});
      break;
    case NetworkKind::ResNet75:
      resnet(g, o, {3, 4, 14, 4});
      break;
    case NetworkKind::UNet:
      unet(g, o);
      break;
    case NetworkKind::FcNet:
      fcnet(g, o);
      break;
  }
  for (const auto& k : g.kernels) {
    std::string problem = k.spec.validate();
    if (!problem.empty()) throw core::Error("generated kernel " + k.name + ": " + problem);
  }
  g.finalize();
  return g;
}

}  // namespace ts::wse
