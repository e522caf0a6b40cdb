#include "engine/wse/baselines/divide_and_conquer.h"

#include <algorithm>
#include <limits>
#include <memory>

#include "engine/wse/adapter_refinement.h"
#include "engine/wse/free_space.h"
#include "engine/wse/wirelength_polish.h"

namespace ts::wse {

namespace {

/// A bounding box of a sub-range: a leaf (one candidate) or two children side by side (H) or
/// stacked (V).
struct Rect {
  int width = 0, height = 0;
  int64_t wl = 0;               ///< wirelength of the edges inside, doubled
  int first = -1, second = -1;  ///< indices into the children's rect lists
  int candidate = -1;           ///< leaves only
  bool horizontal = false;
  /// Doubled centre, relative to the box corner, of each kernel of Node::ports.
  std::vector<std::pair<int, int>> ports;
};

struct Node {
  int beg = 0, end = 0;  ///< order positions [beg, end]
  std::unique_ptr<Node> left, right;
  std::vector<Rect> rects;
  std::vector<int> ports;                  ///< positions in [beg, end] with an edge leaving the range
  std::vector<std::pair<int, int>> cross;  ///< edges between the halves (ports of left, right)
};

class Dnc {
 public:
  Dnc(const KernelGraph& g, const std::vector<int>& order, const SizedGraph& sized, int maxShapes)
      : g_(g), order_(order), sized_(sized), maxShapes_(std::max(2, maxShapes)) {
    pos_.assign(size_t(g.kernelCount()), -1);  // -1: not in the order (pinned)
    for (size_t p = 0; p < order.size(); ++p) pos_[size_t(order[p])] = int(p);
    area_.resize(order.size());
    for (size_t p = 0; p < order.size(); ++p) {
      double a = std::numeric_limits<double>::infinity();
      for (const auto& c : sized.candidates[size_t(order[p])]) a = std::min(a, double(c.width) * c.height);
      area_[p] = a;
    }
  }

  std::unique_ptr<Node> build(int beg, int end, const std::function<bool()>& stop) {
    auto node = std::make_unique<Node>();
    node->beg = beg;
    node->end = end;
    for (const auto& e : g_.kernelEdges) {
      int a = pos_[size_t(e.src)], b = pos_[size_t(e.dst)];
      for (auto [in, out] : {std::make_pair(a, b), std::make_pair(b, a)})
        if (in >= beg && in <= end && (out < beg || out > end) &&
            std::find(node->ports.begin(), node->ports.end(), in) == node->ports.end())
          node->ports.push_back(in);
    }
    if (beg == end) {
      const auto& cands = sized_.candidates[size_t(order_[size_t(beg)])];
      for (size_t c = 0; c < cands.size(); ++c) {
        Rect r;
        r.width = cands[c].width;
        r.height = cands[c].height;
        r.candidate = int(c);
        if (!node->ports.empty()) r.ports.push_back({r.width, r.height});
        node->rects.push_back(r);
      }
      prune(node->rects);
      return node;
    }
    // Split where the two halves' estimated areas are closest.
    double total = 0;
    for (int p = beg; p <= end; ++p) total += area_[size_t(p)];
    int mid = beg;
    double acc = 0, bestGap = std::numeric_limits<double>::infinity();
    for (int p = beg; p < end; ++p) {
      acc += area_[size_t(p)];
      double gap = std::abs(2 * acc - total);
      if (gap < bestGap) {
        bestGap = gap;
        mid = p;
      }
    }
    node->left = build(beg, mid, stop);
    node->right = build(mid + 1, end, stop);
    if (stop()) return node;
    const Node& L = *node->left;
    const Node& R = *node->right;
    auto portIndex = [](const Node& n, int p) {
      return int(std::find(n.ports.begin(), n.ports.end(), p) - n.ports.begin());
    };
    for (const auto& e : g_.kernelEdges) {
      int a = pos_[size_t(e.src)], b = pos_[size_t(e.dst)];
      if (a > b) std::swap(a, b);
      if (a >= beg && a <= mid && b > mid && b <= end) node->cross.push_back({portIndex(L, a), portIndex(R, b)});
    }
    // Where each of this node's ports comes from: (child 0/1, index in that child's ports).
    std::vector<std::pair<int, int>> portSource;
    for (int p : node->ports)
      portSource.push_back(p <= mid ? std::make_pair(0, portIndex(L, p)) : std::make_pair(1, portIndex(R, p)));
    for (size_t i = 0; i < L.rects.size(); ++i)
      for (size_t j = 0; j < R.rects.size(); ++j)
        for (bool horizontal : {true, false}) {
          const Rect& a = L.rects[i];
          const Rect& b = R.rects[j];
          Rect r;
          r.first = int(i);
          r.second = int(j);
          r.horizontal = horizontal;
          r.width = horizontal ? a.width + b.width : std::max(a.width, b.width);
          r.height = horizontal ? std::max(a.height, b.height) : a.height + b.height;
          if (r.width > g_.width || r.height > g_.height) continue;
          // Offsets of the two halves as place() puts them (doubled).
          int ax = horizontal ? 0 : 2 * ((r.width - a.width) / 2),
              ay = horizontal ? 2 * ((r.height - a.height) / 2) : 0;
          int bx = horizontal ? 2 * a.width : 2 * ((r.width - b.width) / 2);
          int by = horizontal ? 2 * ((r.height - b.height) / 2) : 2 * a.height;
          r.wl = a.wl + b.wl;
          for (auto [pa, pb] : node->cross)
            r.wl += std::abs(a.ports[size_t(pa)].first + ax - b.ports[size_t(pb)].first - bx) +
                    std::abs(a.ports[size_t(pa)].second + ay - b.ports[size_t(pb)].second - by);
          for (auto [child, idx] : portSource) {
            const auto& src = child == 0 ? a.ports[size_t(idx)] : b.ports[size_t(idx)];
            r.ports.push_back(child == 0 ? std::make_pair(src.first + ax, src.second + ay)
                                         : std::make_pair(src.first + bx, src.second + by));
          }
          node->rects.push_back(std::move(r));
        }
    prune(node->rects);
    return node;
  }

  /// Places the sub-tree's rect `index` with its lower-left corner at (x, y); children are
  /// centred across the joining direction.
  void place(const Node& node, int index, int x, int y, Layout& out) const {
    const Rect& r = node.rects[size_t(index)];
    if (!node.left) {
      int k = order_[size_t(node.beg)];
      const Candidate& c = sized_.candidates[size_t(k)][size_t(r.candidate)];
      out.kernels[size_t(k)] = {c.args, x, y, c.rotated, true};
      return;
    }
    const Rect& a = node.left->rects[size_t(r.first)];
    const Rect& b = node.right->rects[size_t(r.second)];
    if (r.horizontal) {
      place(*node.left, r.first, x, y + (r.height - a.height) / 2, out);
      place(*node.right, r.second, x + a.width, y + (r.height - b.height) / 2, out);
    } else {
      place(*node.left, r.first, x + (r.width - a.width) / 2, y, out);
      place(*node.right, r.second, x + (r.width - b.width) / 2, y + a.height, out);
    }
  }

  bool fits(const Rect& r) const { return r.width <= g_.width && r.height <= g_.height; }

 private:
  /// Keeps the boxes not dominated in (width, height, wirelength), at most maxShapes_ of
  /// them: half spread evenly along the (width, height) front (so that the root still fits),
  /// half with the least wirelength.
  void prune(std::vector<Rect>& rects) const {
    std::stable_sort(rects.begin(), rects.end(), [](const Rect& p, const Rect& q) {
      if (p.wl != q.wl) return p.wl < q.wl;
      return p.width != q.width ? p.width < q.width : p.height < q.height;
    });
    // Processed in increasing wirelength: dominated iff an earlier box is no wider and no
    // taller. A Fenwick tree over widths answers "least height among widths <= w".
    const int W = g_.width + 1;
    std::vector<int> tree(size_t(W) + 1, std::numeric_limits<int>::max());
    auto query = [&](int w) {
      int best = std::numeric_limits<int>::max();
      for (int i = w + 1; i > 0; i -= i & -i) best = std::min(best, tree[size_t(i)]);
      return best;
    };
    auto update = [&](int w, int h) {
      for (int i = w + 1; i <= W; i += i & -i) tree[size_t(i)] = std::min(tree[size_t(i)], h);
    };
    std::vector<Rect> front;
    for (Rect& r : rects) {
      if (query(r.width) <= r.height) continue;
      update(r.width, r.height);
      front.push_back(std::move(r));
    }
    if (int(front.size()) > maxShapes_) {
      // front is in increasing wirelength: the first half of the budget takes the shortest.
      const size_t cheap = size_t(maxShapes_ / 2);
      std::vector<Rect> kept(front.begin(), front.begin() + long(cheap));
      std::vector<Rect> rest(front.begin() + long(cheap), front.end());
      std::stable_sort(rest.begin(), rest.end(), [](const Rect& p, const Rect& q) {
        return p.width != q.width ? p.width < q.width : p.height < q.height;
      });
      std::vector<Rect> shape;
      int bestHeight = std::numeric_limits<int>::max();
      for (Rect& r : rest)
        if (r.height < bestHeight) {
          bestHeight = r.height;
          shape.push_back(std::move(r));
        }
      const size_t want = size_t(maxShapes_) - cheap;
      for (size_t i = 0; i < want && !shape.empty(); ++i) {
        size_t idx = shape.size() == 1 ? 0 : i * (shape.size() - 1) / std::max<size_t>(1, want - 1);
        if (idx < shape.size()) kept.push_back(shape[idx]);
      }
      front = std::move(kept);
    }
    rects = std::move(front);
  }

  const KernelGraph& g_;
  const std::vector<int>& order_;
  const SizedGraph& sized_;
  int maxShapes_;
  std::vector<int> pos_;  ///< order position of each kernel
  std::vector<double> area_;
};

}  // namespace

namespace {

/// Lower-left corners at which the root box of `width` x `height` overlaps the pinned kernels
/// least (the fabric's corners, bottom-left first on ties).
std::pair<int, int> leastBlockedCorner(const KernelGraph& g, const std::vector<Box>& pinned, int width, int height) {
  std::pair<int, int> best{0, 0};
  int64_t bestOverlap = -1;
  for (auto [x, y] :
       {std::pair{0, 0}, {g.width - width, 0}, {0, g.height - height}, {g.width - width, g.height - height}}) {
    int64_t overlap = 0;
    for (const Box& p : pinned) {
      int64_t w = std::min(x + width, p.right()) - std::max(x, p.x),
              h = std::min(y + height, p.top()) - std::max(y, p.y);
      if (w > 0 && h > 0) overlap += w * h;
    }
    if (bestOverlap < 0 || overlap < bestOverlap) {
      bestOverlap = overlap;
      best = {x, y};
    }
  }
  return best;
}

}  // namespace

DivideAndConquerResult runDivideAndConquer(const KernelGraph& graph, const DivideAndConquerConfig& config,
                                           core::RunContext& ctx) {
  const std::vector<int> full = depthFirstTopologicalOrder(graph, 0);
  if (int(full.size()) != graph.kernelCount()) {
    DivideAndConquerResult res;
    res.message = "the kernel graph has a cycle";
    return res;
  }
  // Pinned kernels stay out of the recursion; the packing is put where it overlaps them least
  // and the kernels they displace move to the nearest free place.
  const std::vector<int> order = unpinnedKernels(full, config.pins);
  const int n = graph.kernelCount(), placed = int(order.size());
  const double pinnedTime = pinnedMaxTime(graph, config.pins);
  std::vector<Box> pinned;
  for (const Box& b : pinnedBoxes(graph, config.pins))
    if (b.width > 0) pinned.push_back(b);
  TargetSearchCallbacks cb;
  auto noStop = [] { return false; };
  cb.feasible = [&](const SizedGraph& sized) {
    if (sized.target < pinnedTime) return false;
    if (placed == 0) return true;
    Dnc dnc(graph, order, sized, config.maxShapes);
    auto root = dnc.build(0, placed - 1, noStop);
    for (const Rect& r : root->rects)
      if (dnc.fits(r)) return true;
    return false;
  };
  cb.place = [&](const PlaceRequest& req) {
    std::vector<TargetLayout> out;
    if (req.sized.target < pinnedTime) return out;
    std::vector<Layout> layouts;  // by root wirelength, before arranging around the pins
    if (placed == 0) {
      layouts.emplace_back(n);
    } else {
      Dnc dnc(graph, order, req.sized, config.maxShapes);
      auto root = dnc.build(0, placed - 1, req.stop);
      // Every fitting root box is a layout; keep the ones with the least wirelength (the
      // boxes' own figure is exact for the unpinned kernels, the evaluation below confirms it).
      std::vector<std::pair<double, Layout>> byWl;
      for (size_t i = 0; i < root->rects.size() && !req.stop(); ++i) {
        const Rect& r = root->rects[i];
        if (!dnc.fits(r)) continue;
        auto [x, y] = leastBlockedCorner(graph, pinned, r.width, r.height);
        Layout l(n);
        dnc.place(*root, int(i), x, y, l);
        byWl.emplace_back(layoutWirelength(graph, l), std::move(l));
        if (req.quick) break;
      }
      std::stable_sort(byWl.begin(), byWl.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      // Without pins the shortest is the layout; with pins the best few are arranged and scored.
      const size_t keep = pinned.empty() ? 1 : 3;
      for (size_t i = 0; i < byWl.size() && i < keep; ++i) layouts.push_back(std::move(byWl[i].second));
    }
    double bestWl = std::numeric_limits<double>::infinity();
    Layout best;
    for (Layout& l : layouts) {
      applyPins(graph, l, config.pins);
      if (!pinned.empty() && arrangeAroundPins(graph, l) > 0) continue;
      double wl = layoutWirelength(graph, l);
      if (wl < bestWl) {
        bestWl = wl;
        best = std::move(l);
      }
    }
    if (bestWl == std::numeric_limits<double>::infinity()) return out;
    TargetLayout t;
    t.layout = std::move(best);
    t.raw = evaluate(graph, t.layout);
    if (config.refine && !req.quick) refineAdapterCost(graph, t.layout, {}, req.stop);
    if (config.polish) polishWirelength(graph, t.layout);
    out.push_back(std::move(t));
    return out;
  };
  Layout start = config.initial;
  if (!start.kernels.empty()) applyPins(graph, start, config.pins);
  return runTargetSearch(graph, config.search, cb, start, "dnc", ctx);
}

}  // namespace ts::wse
