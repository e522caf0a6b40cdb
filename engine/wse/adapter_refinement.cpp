#include "engine/wse/adapter_refinement.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "engine/wse/sizing.h"

namespace ts::wse {

namespace {

class Refiner {
 public:
  Refiner(const KernelGraph& g, Layout& l, const std::function<bool()>& stop)
      : g_(g), l_(l), n_(g.kernelCount()), stop_(stop) {
    boxes_.resize(size_t(n_));
    skip_.assign(size_t(n_), false);
    fixed_.assign(size_t(n_), false);
    incident_.resize(size_t(n_));
    for (int i = 0; i < n_; ++i) {
      skip_[size_t(i)] = !l.kernels[size_t(i)].placed;
      if (skip_[size_t(i)]) continue;
      fixed_[size_t(i)] = l.kernels[size_t(i)].pinned;
      if (fixed_[size_t(i)]) obstacles_.push_back(kernelBox(g.kernels[size_t(i)].spec, l.kernels[size_t(i)]));
      boxes_[size_t(i)] = kernelBox(g.kernels[size_t(i)].spec, l.kernels[size_t(i)]);
      mtLimit_ = std::max(mtLimit_, kernelPerf(g.kernels[size_t(i)].spec, l.kernels[size_t(i)].args).time);
    }
    for (int i = 0; i < n_; ++i) {
      int u = 0;
      while (u < i && !(g.kernels[size_t(u)].spec == g.kernels[size_t(i)].spec)) ++u;
      specClass_.push_back(u);
    }
    for (size_t e = 0; e < g.kernelEdges.size(); ++e) {
      const auto& ed = g.kernelEdges[e];
      if (skip_[size_t(ed.src)] || skip_[size_t(ed.dst)]) continue;
      incident_[size_t(ed.src)].push_back(int(e));
      if (ed.dst != ed.src) incident_[size_t(ed.dst)].push_back(int(e));
    }
  }

  struct Cost {
    double weighted = 0;
    long long ac = 0;
  };

  Cost edgesCost(const std::vector<int>& edges) const {
    Cost c;
    for (int e : edges) {
      const auto& ed = g_.kernelEdges[size_t(e)];
      const Box &a = boxes_[size_t(ed.src)], &b = boxes_[size_t(ed.dst)];
      long long ac = adapterCost(l_.kernels[size_t(ed.src)].args, l_.kernels[size_t(ed.dst)].args);
      c.ac += ac;
      c.weighted += g_.wlength * (std::fabs(a.cx() - b.cx()) + std::fabs(a.cy() - b.cy())) + g_.wadapter * double(ac);
    }
    return c;
  }

  std::vector<int> edgesOf(const std::vector<int>& kernels) const {
    std::set<int> s;
    for (int i : kernels) s.insert(incident_[size_t(i)].begin(), incident_[size_t(i)].end());
    return {s.begin(), s.end()};
  }

  /// Gives kernel i the arguments `args` when legal: same footprint across the flexible axis,
  /// time <= MT, memory <= memlimit, inside the free space, centre kept (within half a tile,
  /// the half chosen for the shorter wires). Returns false and changes nothing otherwise.
  bool reshape(int i, const ExecArgs& args) {
    const KernelSpec& spec = g_.kernels[size_t(i)].spec;
    Perf p = kernelPerf(spec, args);
    if (p.time > mtLimit_ * (1 + 1e-12) || p.memory > g_.memlimit) return false;
    PlacedKernel k = l_.kernels[size_t(i)];
    k.args = args;
    Box nb = kernelBox(spec, k);
    const Box old = boxes_[size_t(i)];
    const bool horizontal = k.rotated;  // the kernel's "height" runs along x when rotated
    if (horizontal ? nb.height != old.height : nb.width != old.width) return false;
    Span span = freeSpan(boxes_, skip_, i, horizontal, horizontal ? g_.width : g_.height);
    int size = horizontal ? nb.width : nb.height;
    if (size > span.hi - span.lo) return false;
    int oldPos = horizontal ? old.x : old.y, oldSize = horizontal ? old.width : old.height;
    int twice = 2 * oldPos + oldSize - size;
    int best = -1;
    double bestWl = 0;
    for (int pos : {int(std::floor(twice / 2.0)), int(std::ceil(twice / 2.0))}) {
      pos = std::clamp(pos, span.lo, span.hi - size);
      (horizontal ? nb.x : nb.y) = pos;
      boxes_[size_t(i)] = nb;
      double wl = 0;
      for (int e : incident_[size_t(i)]) {
        const auto& ed = g_.kernelEdges[size_t(e)];
        const Box &a = boxes_[size_t(ed.src)], &b = boxes_[size_t(ed.dst)];
        wl += std::fabs(a.cx() - b.cx()) + std::fabs(a.cy() - b.cy());
      }
      if (best < 0 || wl < bestWl) {
        best = pos;
        bestWl = wl;
      }
    }
    (horizontal ? nb.x : nb.y) = best;
    (horizontal ? k.x : k.y) = best;
    boxes_[size_t(i)] = nb;
    l_.kernels[size_t(i)] = k;
    return true;
  }

  /// Size of the free space along kernel i's flexible axis.
  int freeExtent(int i) const {
    bool horizontal = l_.kernels[size_t(i)].rotated;
    Span s = freeSpan(boxes_, skip_, i, horizontal, horizontal ? g_.width : g_.height);
    return s.hi - s.lo;
  }

  void unifyGroup(const std::vector<int>& group) {
    std::vector<std::pair<int, int>> refs;
    for (int i : group) {
      std::pair<int, int> hw{l_.kernels[size_t(i)].args.h, l_.kernels[size_t(i)].args.w};
      if (std::find(refs.begin(), refs.end(), hw) == refs.end()) refs.push_back(hw);
    }
    if (refs.size() < 2) return;
    const std::vector<int> edges = edgesOf(group);
    Cost best = edgesCost(edges);
    std::vector<PlacedKernel> saved;
    std::vector<Box> savedBoxes;
    for (int i : group) {
      saved.push_back(l_.kernels[size_t(i)]);
      savedBoxes.push_back(boxes_[size_t(i)]);
    }
    std::vector<PlacedKernel> bestKernels = saved;
    std::vector<Box> bestBoxes = savedBoxes;
    for (const auto& ref : refs) {
      for (int i : group) {
        ExecArgs a = l_.kernels[size_t(i)].args;
        if (a.h == ref.first && a.w == ref.second) continue;
        int c = freeExtent(i) / (ref.first * ref.second) - 1;  // eq. (7) with the free height
        if (c < 1) continue;
        a.h = ref.first;
        a.w = ref.second;
        std::fill(a.c.begin(), a.c.end(), c);
        reshape(i, a);
      }
      Cost c = edgesCost(edges);
      if (c.weighted < best.weighted - 1e-9 || (c.weighted <= best.weighted + 1e-9 && c.ac < best.ac)) {
        best = c;
        for (size_t t = 0; t < group.size(); ++t) {
          bestKernels[t] = l_.kernels[size_t(group[t])];
          bestBoxes[t] = boxes_[size_t(group[t])];
        }
      }
      for (size_t t = 0; t < group.size(); ++t) {
        l_.kernels[size_t(group[t])] = saved[t];
        boxes_[size_t(group[t])] = savedBoxes[t];
      }
    }
    for (size_t t = 0; t < group.size(); ++t) {
      l_.kernels[size_t(group[t])] = bestKernels[t];
      boxes_[size_t(group[t])] = bestBoxes[t];
    }
  }

  /// Layouts without rows: one group, k kept (kernels only grow into free space).
  void unifyGroups() {
    std::vector<int> group;
    for (int i = 0; i < n_; ++i)
      if (!skip_[size_t(i)] && !fixed_[size_t(i)]) group.push_back(i);
    unifyGroup(group);
  }

  bool stopped() const { return stop_ && stop_(); }

  // --- (h, w) unification of row layouts, with k re-sized ------------------------------------
  struct Shape {
    ExecArgs args;
    bool rotated = false;
    int width = 0, height = 0;  ///< on the fabric
  };

  /// Least k of every conv of kernel i with the given h, w and one c for all convs (Theorem 1)
  /// under the layout's MT and the memory limit; sumK = 0 when some conv cannot meet them.
  struct Ks {
    ConvValues ks;
    int64_t sumK = 0;
  };
  const Ks& ksAt(int i, int h, int w, int c) {
    auto key = std::make_tuple(specClass_[size_t(i)], h, w, c);
    auto it = ksCache_.find(key);
    if (it != ksCache_.end()) return it->second;
    const KernelSpec& spec = g_.kernels[size_t(i)].spec;
    Ks r;
    r.ks.assign(size_t(spec.convCount()), 0);
    bool ok = int64_t(h) * w * (c + 1) <= std::max(g_.width, g_.height);
    for (int j = 0; j < spec.convCount() && ok; ++j) {
      r.ks[size_t(j)] = minimumK(spec.convAt(j), h, w, c, mtLimit_, g_.memlimit);
      ok = r.ks[size_t(j)] > 0;
      r.sumK += r.ks[size_t(j)];
    }
    if (!ok) r.sumK = 0;
    return ksCache_.emplace(key, r).first->second;
  }

  /// Kernel i with h, w, c and minimal k in one orientation, when it fits the row and the fabric.
  std::optional<Shape> oriented(int i, int h, int w, int c, bool rotated, int rowHeight) {
    const Ks& k = ksAt(i, h, w, c);
    if (k.sumK == 0) return std::nullopt;
    const int64_t tall = int64_t(h) * w * (c + 1), wide = 3 * k.sumK;
    const int64_t bw = rotated ? tall : wide, bh = rotated ? wide : tall;
    if (bh > rowHeight || bw > g_.width) return std::nullopt;
    Shape sh;
    sh.args.h = h;
    sh.args.w = w;
    sh.args.c.assign(k.ks.size(), c);
    sh.args.k = k.ks;
    sh.rotated = rotated;
    sh.width = int(bw);
    sh.height = int(bh);
    return sh;
  }

  /// Legal arguments of kernel i with the given h, w and c, minimal k, in the narrower
  /// orientation that is no taller than rowHeight (unrotated on ties).
  std::optional<Shape> shapeWith(int i, int h, int w, int c, int rowHeight) {
    auto unrotated = oriented(i, h, w, c, false, rowHeight), rotated = oriented(i, h, w, c, true, rowHeight);
    return rotated && (!unrotated || rotated->width < unrotated->width) ? rotated : unrotated;
  }

  /// Narrowest legal shape of kernel i with the given (h, w) over every c (ties: the larger c,
  /// then unrotated), found without trying every c: the least k of each conv falls as c grows,
  /// so unrotated (width 3 sum k) the tallest c that fits the row is narrowest, and rotated
  /// (width h w (c+1), height 3 sum k) the least c whose height fits the row.
  std::optional<Shape> narrowest(int i, int h, int w, int rowHeight) {
    const int hw = h * w, maxC = std::max(g_.width, g_.height) / hw - 1;
    if (maxC < 1) return std::nullopt;
    const int cUnrotated = std::min(maxC, rowHeight / hw - 1);
    std::optional<Shape> unrotated;
    if (cUnrotated >= 1) unrotated = oriented(i, h, w, cUnrotated, false, rowHeight);
    auto fitsRotated = [&](int c) {
      const Ks& k = ksAt(i, h, w, c);
      return k.sumK > 0 && 3 * k.sumK <= rowHeight;
    };
    int lo = 1, hi = std::min(maxC, g_.width / hw - 1);  // rotated, the width h w (c+1) fits the fabric
    std::optional<Shape> rotated;
    if (hi >= 1 && fitsRotated(hi)) {
      while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (fitsRotated(mid))
          hi = mid;
        else
          lo = mid + 1;
      }
      rotated = oriented(i, h, w, lo, true, rowHeight);
    }
    if (unrotated && rotated && unrotated->width == rotated->width) return lo > cUnrotated ? rotated : unrotated;
    if (unrotated && rotated) return unrotated->width < rotated->width ? unrotated : rotated;
    return unrotated ? unrotated : rotated;
  }

  struct Row {
    std::vector<int> ks;  ///< kernels left to right
    int floor = 0, height = 0, left = 0, right = 0;
  };

  void buildRows() {
    std::map<int, std::vector<int>> byRow;
    for (int i = 0; i < n_; ++i)
      if (!skip_[size_t(i)] && !fixed_[size_t(i)] && l_.row[size_t(i)] >= 0) byRow[l_.row[size_t(i)]].push_back(i);
    rows_.clear();
    rowOf_.assign(size_t(n_), -1);
    for (auto& [id, ks] : byRow) {
      Row r;
      r.ks = ks;
      std::sort(r.ks.begin(), r.ks.end(), [&](int a, int b) { return boxes_[size_t(a)].x < boxes_[size_t(b)].x; });
      int top = 0;
      r.floor = g_.height;
      r.left = g_.width;
      for (int i : r.ks) {
        const Box& b = boxes_[size_t(i)];
        r.floor = std::min(r.floor, b.y);
        top = std::max(top, b.top());
        r.left = std::min(r.left, b.x);
        r.right = std::max(r.right, b.right());
        rowOf_[size_t(i)] = int(rows_.size());
      }
      r.height = top - r.floor;
      rows_.push_back(std::move(r));
    }
  }

  int rowWidth(const Row& r) const {
    int w = 0;
    for (int i : r.ks) w += boxes_[size_t(i)].width;
    return w;
  }

  /// Packs the row's kernels side by side in their order, keeping its left edge (or its right
  /// edge when it ends at the fabric's right side, as the snake's odd rows do, packing from
  /// there), centred in the row height, moving on past pinned kernels. The row must fit the
  /// fabric width; false when it does not fit around the pinned kernels (the caller restores).
  bool repack(const Row& r) {
    const int total = rowWidth(r);
    const bool fromRight = !(r.left == 0 || r.right < g_.width);
    int cursor = fromRight ? g_.width : std::clamp(r.left, 0, std::max(0, g_.width - total));
    for (size_t t = 0; t < r.ks.size(); ++t) {
      const int i = r.ks[fromRight ? r.ks.size() - 1 - t : t];
      PlacedKernel& k = l_.kernels[size_t(i)];
      Box b = kernelBox(g_.kernels[size_t(i)].spec, k);
      b.x = fromRight ? cursor - b.width : cursor;
      b.y = r.floor + (r.height - b.height) / 2;
      for (bool moved = true; moved;) {
        moved = false;
        for (const Box& ob : obstacles_)
          if (ob.overlaps(b)) {
            b.x = fromRight ? ob.x - b.width : ob.right();
            moved = true;
          }
      }
      if (b.x < 0 || b.right() > g_.width) return false;
      k.x = b.x;
      k.y = b.y;
      boxes_[size_t(i)] = b;
      cursor = fromRight ? b.x : b.right();
    }
    return true;
  }

  void setShape(int i, const Shape& sh) {
    PlacedKernel& k = l_.kernels[size_t(i)];
    k.args = sh.args;
    k.rotated = sh.rotated;
    boxes_[size_t(i)] = kernelBox(g_.kernels[size_t(i)].spec, k);
  }

  struct RowState {
    std::vector<PlacedKernel> kernels;
    std::vector<Box> boxes;
  };
  RowState save(const Row& r) const {
    RowState s;
    for (int i : r.ks) {
      s.kernels.push_back(l_.kernels[size_t(i)]);
      s.boxes.push_back(boxes_[size_t(i)]);
    }
    return s;
  }
  void restore(const Row& r, const RowState& s) {
    for (size_t t = 0; t < r.ks.size(); ++t) {
      l_.kernels[size_t(r.ks[t])] = s.kernels[t];
      boxes_[size_t(r.ks[t])] = s.boxes[t];
    }
  }
  static bool improves(const Cost& c, const Cost& best) {
    return c.weighted < best.weighted - 1e-9 || (c.weighted <= best.weighted + 1e-9 && c.ac < best.ac);
  }

  /// Sec. III-D for row layouts: per row, every (h, w) of the row is tried as the reference
  /// for all its kernels, each re-sized to its narrowest legal shape with that (h, w) within the
  /// row height; the row is re-packed in the same order (it must still fit the fabric width;
  /// the changes that widen it most are dropped first) and the best reference is kept.
  void unifyRows() {
    for (Row& r : rows_) {
      if (stopped()) return;
      std::vector<std::pair<int, int>> refs;
      for (int i : r.ks) {
        std::pair<int, int> hw{l_.kernels[size_t(i)].args.h, l_.kernels[size_t(i)].args.w};
        if (std::find(refs.begin(), refs.end(), hw) == refs.end()) refs.push_back(hw);
      }
      if (refs.size() < 2) continue;
      const std::vector<int> edges = edgesOf(r.ks);
      const RowState original = save(r);
      RowState bestState = original;
      Cost best = edgesCost(edges);
      for (const auto& ref : refs) {
        std::vector<int> growth(r.ks.size(), 0);
        for (size_t t = 0; t < r.ks.size(); ++t) {
          const ExecArgs& a = original.kernels[t].args;
          if (a.h == ref.first && a.w == ref.second) continue;
          if (auto sh = narrowest(r.ks[t], ref.first, ref.second, r.height)) {
            setShape(r.ks[t], *sh);
            growth[t] = sh->width - original.boxes[t].width;
          }
        }
        while (rowWidth(r) > g_.width) {  // give up the widest growth first
          size_t worst = size_t(std::max_element(growth.begin(), growth.end()) - growth.begin());
          if (growth[worst] <= 0) break;
          l_.kernels[size_t(r.ks[worst])] = original.kernels[worst];
          boxes_[size_t(r.ks[worst])] = original.boxes[worst];
          growth[worst] = 0;
        }
        if (rowWidth(r) <= g_.width && repack(r)) {
          Cost c = edgesCost(edges);
          if (improves(c, best)) {
            best = c;
            bestState = save(r);
          }
        }
        restore(r, original);
      }
      restore(r, bestState);
    }
  }

  /// Beyond the paper: kernel by kernel, try the (h, w) of each graph neighbour (and its own)
  /// with c taken from the neighbours' facing protocols or the narrowest shape, re-size k,
  /// re-pack the row and keep the change when the weighted cost improves. Repeats until a pass
  /// changes nothing; resolves what one reference per row cannot (long, mixed rows).
  void localSearchRows(int maxPasses) {
    std::vector<std::vector<int>> nbr(static_cast<size_t>(n_));
    for (const auto& e : g_.kernelEdges) {
      if (skip_[size_t(e.src)] || skip_[size_t(e.dst)] || e.src == e.dst) continue;
      nbr[size_t(e.src)].push_back(e.dst);
      nbr[size_t(e.dst)].push_back(e.src);
    }
    std::vector<std::vector<int>> rowEdges(rows_.size());
    for (size_t r = 0; r < rows_.size(); ++r) rowEdges[r] = edgesOf(rows_[r].ks);
    for (int pass = 0; pass < maxPasses; ++pass) {
      bool changed = false;
      for (int i = 0; i < n_; ++i) {
        if (skip_[size_t(i)] || rowOf_[size_t(i)] < 0 || nbr[size_t(i)].empty()) continue;
        if (stopped()) return;
        Row& r = rows_[size_t(rowOf_[size_t(i)])];
        const auto& edges = rowEdges[size_t(rowOf_[size_t(i)])];
        const RowState original = save(r);
        const int otherWidth = rowWidth(r) - boxes_[size_t(i)].width;
        Cost best = edgesCost(edges);
        std::optional<Shape> bestShape;
        std::vector<std::pair<int, int>> refs{{l_.kernels[size_t(i)].args.h, l_.kernels[size_t(i)].args.w}};
        std::vector<int> cs;
        for (int o : nbr[size_t(i)]) {
          const ExecArgs& a = l_.kernels[size_t(o)].args;
          if (std::find(refs.begin(), refs.end(), std::make_pair(a.h, a.w)) == refs.end()) refs.push_back({a.h, a.w});
          cs.push_back(a.cFirst());
          cs.push_back(a.cLast());
        }
        for (const auto& ref : refs) {
          std::vector<std::optional<Shape>> options{narrowest(i, ref.first, ref.second, r.height)};
          for (int c : cs) options.push_back(shapeWith(i, ref.first, ref.second, c, r.height));
          for (const auto& sh : options) {
            if (!sh || otherWidth + sh->width > g_.width || sh->args == l_.kernels[size_t(i)].args) continue;
            setShape(i, *sh);
            if (repack(r)) {
              Cost c = edgesCost(edges);
              if (improves(c, best)) {
                best = c;
                bestShape = sh;
              }
            }
            restore(r, original);
          }
        }
        if (bestShape) {
          setShape(i, *bestShape);
          repack(r);
          changed = true;
        }
      }
      if (!changed) break;
    }
  }

  void unifyHW(int localPasses) {
    if (int(l_.row.size()) == n_) {
      buildRows();
      unifyRows();
      if (localPasses > 0) localSearchRows(localPasses);
    } else {
      unifyGroups();
    }
  }

  // --- c alignment -------------------------------------------------------------------------
  int varOf(int kernel, bool out) const {
    return (out && g_.kernels[size_t(kernel)].spec.convCount() > 1) ? 2 * kernel + 1 : 2 * kernel;
  }
  int convOf(int kernel, bool out) const { return out ? g_.kernels[size_t(kernel)].spec.convCount() - 1 : 0; }

  /// Smallest c of conv j of kernel i meeting time and memory with its h, w, k (both fall with c).
  int minimumC(int i, int j, int current) const {
    const ExecArgs& a = l_.kernels[size_t(i)].args;
    const ConvSpec conv = g_.kernels[size_t(i)].spec.convAt(j);
    auto ok = [&](int c) {
      return convTime(conv, a.h, a.w, c, a.k[size_t(j)]) <= mtLimit_ * (1 + 1e-12) &&
             convMemory(conv, a.h, a.w, c, a.k[size_t(j)]) <= g_.memlimit;
    };
    int lo = 1, hi = current;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (ok(mid))
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }

  void alignC(int maxRounds) {
    const int nv = 2 * n_;
    std::vector<int> lo(static_cast<size_t>(nv), 0), hi(static_cast<size_t>(nv), -1), val(static_cast<size_t>(nv), 0);
    std::vector<bool> used(static_cast<size_t>(nv), false);
    for (int i = 0; i < n_; ++i) {
      if (skip_[size_t(i)]) continue;
      const ExecArgs& a = l_.kernels[size_t(i)].args;
      int cmax = freeExtent(i) / (a.h * a.w) - 1;
      for (bool out : {false, true}) {
        int v = varOf(i, out), j = convOf(i, out);
        int cur = a.c[size_t(j)];
        used[size_t(v)] = true;
        val[size_t(v)] = cur;
        // A pinned kernel's c is fixed: its neighbours may still align to it.
        lo[size_t(v)] = fixed_[size_t(i)] ? cur : minimumC(i, j, cur);
        hi[size_t(v)] = fixed_[size_t(i)] ? cur : std::max(cur, cmax);
      }
    }
    std::vector<std::vector<int>> adj(static_cast<size_t>(nv));
    std::vector<std::pair<int, int>> links;
    for (const auto& e : g_.kernelEdges) {
      if (skip_[size_t(e.src)] || skip_[size_t(e.dst)]) continue;
      int a = varOf(e.src, true), b = varOf(e.dst, false);
      if (a == b) continue;
      adj[size_t(a)].push_back(b);
      adj[size_t(b)].push_back(a);
      links.push_back({a, b});
    }
    auto agree = [&](int v, int x, int except) {
      int s = 0;
      for (int o : adj[size_t(v)])
        if (o != except && val[size_t(o)] == x) ++s;
      return s;
    };
    auto inside = [&](int v, int x) { return x >= lo[size_t(v)] && x <= hi[size_t(v)]; };
    for (int round = 0; round < maxRounds; ++round) {
      bool changed = false;
      for (int v = 0; v < nv; ++v) {  // best response of one variable
        if (!used[size_t(v)] || adj[size_t(v)].empty()) continue;
        int best = val[size_t(v)], bestScore = agree(v, best, -1);
        for (int o : adj[size_t(v)]) {
          int x = val[size_t(o)];
          if (!inside(v, x)) continue;
          int s = agree(v, x, -1);
          if (s > bestScore) {
            best = x;
            bestScore = s;
          }
        }
        if (best != val[size_t(v)]) {
          val[size_t(v)] = best;
          changed = true;
        }
      }
      for (const auto& [a, b] : links) {  // pair moves: both ends to one value of the intersection
        if (val[size_t(a)] == val[size_t(b)]) continue;
        int ilo = std::max(lo[size_t(a)], lo[size_t(b)]), ihi = std::min(hi[size_t(a)], hi[size_t(b)]);
        if (ilo > ihi) continue;
        int links_ab = 0;
        for (int o : adj[size_t(a)]) links_ab += (o == b);
        int old = agree(a, val[size_t(a)], b) + agree(b, val[size_t(b)], a);
        std::vector<int> xs{ilo, ihi};
        for (int v : {a, b})
          for (int o : adj[size_t(v)])
            if (val[size_t(o)] >= ilo && val[size_t(o)] <= ihi) xs.push_back(val[size_t(o)]);
        int bestX = 0, bestGain = 0;
        for (int x : xs) {
          int gain = agree(a, x, b) + agree(b, x, a) + links_ab - old;
          if (gain > bestGain) {
            bestGain = gain;
            bestX = x;
          }
        }
        if (bestGain > 0) {
          val[size_t(a)] = val[size_t(b)] = bestX;
          changed = true;
        }
      }
      if (!changed) break;
    }
    // Apply kernel by kernel (free space is re-checked as neighbours change), then keep the
    // result only if the weighted cost did not get worse.
    std::vector<int> all;
    for (int i = 0; i < n_; ++i)
      if (!skip_[size_t(i)]) all.push_back(i);
    const std::vector<int> edges = edgesOf(all);
    Cost before = edgesCost(edges);
    std::vector<PlacedKernel> saved = l_.kernels;
    std::vector<Box> savedBoxes = boxes_;
    for (int i : all) {
      if (fixed_[size_t(i)]) continue;
      ExecArgs a = l_.kernels[size_t(i)].args;
      for (bool out : {false, true}) a.c[size_t(convOf(i, out))] = val[size_t(varOf(i, out))];
      if (a == l_.kernels[size_t(i)].args) continue;
      reshape(i, a);
    }
    Cost after = edgesCost(edges);
    if (after.weighted > before.weighted + 1e-9 ||
        (after.weighted >= before.weighted - 1e-9 && after.ac >= before.ac)) {
      l_.kernels = saved;
      boxes_ = savedBoxes;
    }
  }

 private:
  const KernelGraph& g_;
  Layout& l_;
  int n_;
  const std::function<bool()>& stop_;
  std::vector<Box> boxes_;
  std::vector<bool> skip_;
  std::vector<bool> fixed_;     ///< pinned: arguments and place never change
  std::vector<Box> obstacles_;  ///< the pinned kernels' boxes
  std::vector<std::vector<int>> incident_;
  std::vector<int> specClass_;  ///< kernels with equal formal arguments share a class
  std::map<std::tuple<int, int, int, int>, Ks> ksCache_;
  std::vector<Row> rows_;
  std::vector<int> rowOf_;
  double mtLimit_ = 0;
};

}  // namespace

AdapterRefineStats refineAdapterCost(const KernelGraph& graph, Layout& layout, const AdapterRefineConfig& config,
                                     const std::function<bool()>& stop) {
  AdapterRefineStats st;
  Layout before = layout;
  st.acBefore = layoutAdapterCost(graph, layout);
  st.wlBefore = layoutWirelength(graph, layout);
  Refiner r(graph, layout, stop);
  if (config.unifyHW) r.unifyHW(config.localSearchPasses);
  if (config.alignC && !r.stopped()) r.alignC(config.maxLabelRounds);
  st.acAfter = layoutAdapterCost(graph, layout);
  st.wlAfter = layoutWirelength(graph, layout);
  for (int i = 0; i < graph.kernelCount(); ++i)
    if (!(layout.kernels[size_t(i)].args == before.kernels[size_t(i)].args)) ++st.changedKernels;
  return st;
}

}  // namespace ts::wse
