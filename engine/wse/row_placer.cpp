#include "engine/wse/row_placer.h"

#include <algorithm>
#include <unordered_map>

#include "engine/core/hash_mix.h"

namespace ts::wse {

namespace {

int64_t absDiff(int64_t a, int64_t b) {
  return a > b ? a - b : b - a;
}

}  // namespace

RowPlacer::RowPlacer(const KernelGraph& graph, std::vector<int> order,
                     const std::vector<std::vector<Candidate>>& candidates)
    : graph_(graph), order_(std::move(order)) {
  n_ = int(order_.size());
  fabricW_ = graph.width;
  fabricH_ = graph.height;
  posOf_.assign(size_t(graph.kernelCount()), -1);
  for (int p = 0; p < n_; ++p) posOf_[size_t(order_[size_t(p)])] = p;
  stairs_.resize(size_t(n_));
  for (int p = 0; p < n_; ++p) {
    const auto& cands = candidates[size_t(order_[size_t(p)])];
    std::vector<int> idx(cands.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = int(i);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      return cands[a].height != cands[b].height ? cands[a].height < cands[b].height : cands[a].width < cands[b].width;
    });
    int bestWidth = 1 << 30;
    for (int i : idx) {
      if (cands[i].width >= bestWidth || cands[i].height > fabricH_ || cands[i].width > fabricW_) continue;
      bestWidth = cands[i].width;
      stairs_[size_t(p)].push_back({cands[i].height, cands[i].width, i});
      heights_.push_back(cands[i].height);
    }
  }
  std::sort(heights_.begin(), heights_.end());
  heights_.erase(std::unique(heights_.begin(), heights_.end()), heights_.end());
  buildStepEvents();
  buildRowTables();
  options_.assign(size_t(n_), {});
  optionsBuilt_.assign(size_t(n_), false);
}

const RowPlacer::Step* RowPlacer::stepAt(int pos, int bound) const {
  const auto& st = stairs_[size_t(pos)];
  auto it = std::upper_bound(st.begin(), st.end(), bound, [](int b, const Step& s) { return b < s.height; });
  if (it == st.begin()) return nullptr;
  return &*(it - 1);
}

void RowPlacer::buildStepEvents() {
  const size_t nh = heights_.size();
  std::vector<size_t> count(nh + 1, 0);
  auto heightIndex = [&](int h) {
    return size_t(std::lower_bound(heights_.begin(), heights_.end(), h) - heights_.begin());
  };
  for (const auto& st : stairs_)
    for (const Step& s : st) ++count[heightIndex(s.height) + 1];
  for (size_t h = 0; h < nh; ++h) count[h + 1] += count[h];
  eventStart_ = count;
  events_.resize(count[nh]);
  for (int p = 0; p < n_; ++p)
    for (const Step& s : stairs_[size_t(p)]) events_[count[heightIndex(s.height)]++] = {p, s.width};
}

void RowPlacer::buildRowTables() {
  rowHeight_.assign(size_t(n_), {});
  const int nh = int(heights_.size());
  // Width of each position of the current row at the current bound (kInf: no candidate yet).
  std::vector<int64_t> width(static_cast<size_t>(n_), kInf);
  for (int i = 0; i < n_; ++i) {
    int hIdx = 0, missing = 0;
    int64_t sum = 0;
    for (int j = i + 1; j <= n_ && hIdx < nh; ++j) {
      const Step* s = stepAt(j - 1, heights_[size_t(hIdx)]);
      width[size_t(j) - 1] = s ? s->width : kInf;
      if (s)
        sum += s->width;
      else
        ++missing;
      // A taller bound only makes kernels narrower, so the least fitting bound never decreases
      // with j; raising it changes only the kernels with a stair step at the new height.
      while ((missing > 0 || sum > fabricW_) && ++hIdx < nh)
        for (size_t e = eventStart_[size_t(hIdx)]; e < eventStart_[size_t(hIdx) + 1]; ++e) {
          const Event& ev = events_[e];
          if (ev.pos < i || ev.pos >= j) continue;
          int64_t& w = width[size_t(ev.pos)];
          if (w == kInf)
            --missing;
          else
            sum -= w;
          sum += ev.width;
          w = ev.width;
        }
      if (hIdx >= nh || heights_[size_t(hIdx)] > fabricH_) break;
      rowHeight_[size_t(i)].push_back(heights_[size_t(hIdx)]);
    }
  }
  bestAny_.assign(size_t(n_) + 1, kInf);
  bestAny_[size_t(n_)] = 0;
  for (int i = n_ - 1; i >= 0; --i) {
    const auto& rh = rowHeight_[size_t(i)];
    for (size_t e = 0; e < rh.size(); ++e)
      bestAny_[size_t(i)] = std::min(bestAny_[size_t(i)], rh[e] + bestAny_[size_t(i) + e + 1]);
  }
  feasible_ = n_ > 0 && bestAny_[0] <= fabricH_;
}

void RowPlacer::nextRowLayer(const std::vector<int64_t>& prev, std::vector<int64_t>& cur) const {
  // cur[i]: least height of positions [i, n) in one more row than prev allows.
  cur.assign(size_t(n_) + 1, kInf);
  cur[size_t(n_)] = 0;
  for (int i = n_ - 1; i >= 0; --i) {
    int64_t best = prev[size_t(i)];
    const auto& rh = rowHeight_[size_t(i)];
    for (size_t e = 0; e < rh.size(); ++e) best = std::min(best, rh[e] + prev[size_t(i) + e + 1]);
    cur[size_t(i)] = best;
  }
}

void RowPlacer::buildRowBudgetTable(int maxRows) {
  bestRows_.assign(size_t(maxRows) + 1, std::vector<int64_t>(size_t(n_) + 1, kInf));
  bestRows_[0][size_t(n_)] = 0;
  for (int r = 1; r <= maxRows; ++r) nextRowLayer(bestRows_[size_t(r) - 1], bestRows_[size_t(r)]);
}

const std::vector<RowPlacer::Option>& RowPlacer::optionsFrom(int start) {
  if (optionsBuilt_[size_t(start)]) return options_[size_t(start)];
  auto& opts = options_[size_t(start)];
  const auto& rh = rowHeight_[size_t(start)];
  for (size_t e = 0; e < rh.size(); ++e) {
    int end = start + int(e) + 1;
    int tight = rh[e];
    int next = e + 1 < rh.size() ? rh[e + 1] : fabricH_ + 1;
    opts.push_back({end, tight, tight});
    if (next <= tight) continue;  // a longer row fits the same bound: this run is not maximal
    // Algorithm 2's maximal run for every bound in (tight, next): only bounds where some kernel
    // of the run changes its candidate give a different row (redundant heights are skipped).
    // The intervals (tight, next) of successive ends do not overlap, so each height is looked
    // at once per start.
    size_t h = size_t(std::upper_bound(heights_.begin(), heights_.end(), tight) - heights_.begin());
    for (; h < heights_.size() && heights_[h] < next; ++h)
      for (size_t e = eventStart_[h]; e < eventStart_[h + 1]; ++e)
        if (events_[e].pos >= start && events_[e].pos < end) {
          opts.push_back({end, heights_[h], heights_[h]});
          break;
        }
  }
  optionsBuilt_[size_t(start)] = true;
  return opts;
}

void RowPlacer::setFixed(std::vector<Box> fixedByKernel) {
  fixed_ = std::move(fixedByKernel);
  obstacles_.clear();
  for (const Box& b : fixed_)
    if (b.width > 0 && b.height > 0) obstacles_.push_back(b);
}

bool RowPlacer::search(const RowSearchConfig& config, RowLayout& out, const std::function<bool()>& stop) {
  if (!feasible_) return false;
  // Least row count that admits a layout (t_row), then the budget table for t_row rows.
  int minRows = 0;
  {
    std::vector<int64_t> prev(size_t(n_) + 1, kInf), cur;
    prev[size_t(n_)] = 0;
    for (int r = 1; r <= n_ && minRows == 0; ++r) {
      nextRowLayer(prev, cur);
      if (cur[0] <= fabricH_) minRows = r;
      prev.swap(cur);
    }
  }
  if (minRows == 0) return false;
  // Obstacles take width from the rows they cross: allow a row more per obstacle.
  const int firstRows = std::min(n_, minRows + int(obstacles_.size()));
  const int maxRows = std::min(n_, firstRows + std::max(0, config.extraRows));
  buildRowBudgetTable(maxRows);
  int tRow = firstRows;

  // Wirelength in doubled units (centres are half-integers) so that everything stays integral.
  std::vector<int> minSide(static_cast<size_t>(n_));
  for (int p = 0; p < n_; ++p) {
    int m = 1 << 30;
    for (const Step& s : stairs_[size_t(p)]) m = std::min(m, std::min(s.height, s.width));
    minSide[size_t(p)] = m;
  }
  std::vector<std::vector<int>> predPos(static_cast<size_t>(n_));
  std::vector<int> lastSucc(static_cast<size_t>(n_), -1);
  std::vector<int64_t> lowerBound(static_cast<size_t>(n_) + 1, 0);
  // Doubled centres of the fixed kernels each position has an edge to.
  std::vector<std::vector<std::pair<int64_t, int64_t>>> fixedNbr(static_cast<size_t>(n_));
  auto fixedCentre = [&](int k) {
    const Box& b = fixed_[size_t(k)];
    return std::make_pair(2 * int64_t(b.x) + b.width, 2 * int64_t(b.y) + b.height);
  };
  for (const auto& e : graph_.kernelEdges) {
    int a = posOf_[size_t(e.src)], b = posOf_[size_t(e.dst)];
    if (a < 0 || b < 0) {
      bool aFixed = a < 0 && size_t(e.src) < fixed_.size() && fixed_[size_t(e.src)].width > 0;
      bool bFixed = b < 0 && size_t(e.dst) < fixed_.size() && fixed_[size_t(e.dst)].width > 0;
      if (a >= 0 && bFixed) fixedNbr[size_t(a)].push_back(fixedCentre(e.dst));
      if (b >= 0 && aFixed) fixedNbr[size_t(b)].push_back(fixedCentre(e.src));
      continue;
    }
    predPos[size_t(b)].push_back(a);
    lastSucc[size_t(a)] = std::max(lastSucc[size_t(a)], b);
    // Two disjoint rectangles have centres at least half the sum of their short sides apart.
    lowerBound[size_t(b)] += minSide[size_t(a)] + minSide[size_t(b)];
  }
  for (int p = n_ - 1; p >= 0; --p) lowerBound[size_t(p)] += lowerBound[size_t(p) + 1];
  // Kernels placed before position j that still have an edge to a later kernel: the only
  // geometry that can influence how the rest of the layout scores.
  std::vector<std::vector<int>> frontier(static_cast<size_t>(n_) + 1);
  for (int j = 1; j <= n_; ++j)
    for (int q = 0; q < j; ++q)
      if (lastSucc[size_t(q)] >= j) frontier[size_t(j)].push_back(q);

  // Geometry of the partial layout by order position (rows below the current one are final).
  const size_t n = static_cast<size_t>(n_);
  std::vector<int> px(n), py(n), pw(n), ph(n), pc(n), prow(n);
  std::vector<int> bestX, bestY, bestC, bestRow;
  int64_t bestWL = kInf;
  int64_t nodes = 0, stageNodes = 0;
  bool aborted = false, budgetHit = false, stopped = false;
  std::unordered_map<uint64_t, int64_t> memo;

  // Even rows run left to right from x = 0, odd rows right to left from the right edge; a
  // kernel that would overlap an obstacle moves on past it. Returns -1 when the row does not fit.
  auto placeRow = [&](int start, const Option& o, int row, int floor) -> int64_t {
    const bool rightward = row % 2 == 0;
    int cursor = rightward ? 0 : fabricW_;
    for (int p = start; p < o.end; ++p) {
      const Step* s = stepAt(p, o.bound);
      Box b{rightward ? cursor : cursor - s->width, floor + (o.height - s->height) / 2, s->width, s->height};
      for (bool moved = true; moved;) {
        moved = false;
        for (const Box& ob : obstacles_)
          if (ob.overlaps(b)) {
            b.x = rightward ? ob.right() : ob.x - b.width;
            moved = true;
          }
      }
      if (b.x < 0 || b.right() > fabricW_) return -1;
      pw[size_t(p)] = s->width;
      ph[size_t(p)] = s->height;
      pc[size_t(p)] = s->candidate;
      px[size_t(p)] = b.x;
      py[size_t(p)] = b.y;
      prow[size_t(p)] = row;
      cursor = rightward ? b.right() : b.x;
    }
    int64_t add = 0;
    for (int p = start; p < o.end; ++p) {
      const int64_t cx = 2 * int64_t(px[size_t(p)]) + pw[size_t(p)], cy = 2 * int64_t(py[size_t(p)]) + ph[size_t(p)];
      for (int q : predPos[size_t(p)])
        add += absDiff(cx, 2 * int64_t(px[size_t(q)]) + pw[size_t(q)]) +
               absDiff(cy, 2 * int64_t(py[size_t(q)]) + ph[size_t(q)]);
      for (const auto& [fx, fy] : fixedNbr[size_t(p)]) add += absDiff(cx, fx) + absDiff(cy, fy);
    }
    return add;
  };
  auto stateKey = [&](int next, int rows, int floor) {
    uint64_t h = core::hashMix(0, uint64_t(next), uint64_t(rows), uint64_t(floor));
    for (int q : frontier[size_t(next)])
      h = core::hashMix(h, uint64_t(px[size_t(q)]), uint64_t(py[size_t(q)]), uint64_t(pw[size_t(q)]),
                        uint64_t(ph[size_t(q)]));
    return h;
  };

  struct Child {
    int option;
    int64_t partial;
  };
  std::function<void(int, int, int, int64_t)> dfs = [&](int start, int row, int floor, int64_t partial) {
    if (start == n_) {
      if (partial < bestWL) {
        bestWL = partial;
        bestX = px;
        bestY = py;
        bestC = pc;
        bestRow = prow;
      }
      return;
    }
    if (aborted) return;
    // Without obstacles the first layout comes within t_row expansions; with them there may be
    // none, so the budget also ends a search that has found nothing.
    ++nodes;
    if (++stageNodes > config.maxNodes && (bestWL < kInf || !obstacles_.empty())) {
      budgetHit = true;
      aborted = true;
      return;
    }
    if ((nodes & 63) == 0 && stop && stop()) {
      aborted = stopped = true;
      return;
    }
    const int rowsLeft = tRow - row;
    const auto& opts = optionsFrom(start);
    std::vector<Child> children;
    for (size_t k = 0; k < opts.size(); ++k) {
      const Option& o = opts[k];
      int64_t top = int64_t(floor) + o.height;
      if (top > fabricH_) continue;
      if (o.end < n_ && (rowsLeft < 2 || top + bestRows_[size_t(rowsLeft) - 1][size_t(o.end)] > fabricH_)) continue;
      int64_t add = placeRow(start, o, row, floor);
      if (add < 0) continue;
      int64_t childPartial = partial + add;
      if (childPartial + lowerBound[size_t(o.end)] >= bestWL) continue;
      children.push_back({int(k), childPartial});
    }
    std::stable_sort(children.begin(), children.end(), [&](const Child& a, const Child& b) {
      return a.partial + lowerBound[size_t(opts[size_t(a.option)].end)] <
             b.partial + lowerBound[size_t(opts[size_t(b.option)].end)];
    });
    for (const Child& c : children) {
      if (aborted) return;
      const Option& o = opts[size_t(c.option)];
      if (c.partial + lowerBound[size_t(o.end)] >= bestWL) continue;
      placeRow(start, o, row, floor);
      int nextFloor = floor + o.height;
      if (o.end < n_) {
        uint64_t key = stateKey(o.end, row + 1, nextFloor);
        auto it = memo.find(key);
        if (it != memo.end() && it->second <= c.partial) continue;
        memo[key] = c.partial;
      }
      dfs(o.end, row + 1, nextFloor, c.partial);
    }
  };
  // t_row = the least row count first, then each extra row with the layout found so far as
  // the bound: fewer rows usually give shorter wires but not always (a chain of wide kernels
  // can fold into more, shorter rows), and a stage can only improve on the one before.
  for (; tRow <= maxRows && !stopped; ++tRow) {
    memo.clear();
    stageNodes = 0;
    aborted = false;
    dfs(0, 0, 0, 0);
  }
  if (bestWL >= kInf) return false;

  const int nk = graph_.kernelCount();
  out.candidate.assign(size_t(nk), -1);
  out.x.assign(size_t(nk), 0);
  out.y.assign(size_t(nk), 0);
  out.row.assign(size_t(nk), -1);
  out.rows = 0;
  for (int p = 0; p < n_; ++p) {
    int k = order_[size_t(p)];
    out.candidate[size_t(k)] = bestC[size_t(p)];
    out.x[size_t(k)] = bestX[size_t(p)];
    out.y[size_t(k)] = bestY[size_t(p)];
    out.row[size_t(k)] = bestRow[size_t(p)];
    out.rows = std::max(out.rows, bestRow[size_t(p)] + 1);
  }
  out.wirelength = double(bestWL) / 2;
  out.nodes = nodes;
  out.complete = !stopped && !budgetHit;
  return true;
}

}  // namespace ts::wse
