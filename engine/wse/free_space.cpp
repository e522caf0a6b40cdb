#include "engine/wse/free_space.h"

#include <algorithm>
#include <cstdlib>

namespace ts::wse {

FreeSpace::FreeSpace(int width, int height)
    : width_(std::max(0, width)), height_(std::max(0, height)), cells_(size_t(width_) * size_t(height_), 0) {}

void FreeSpace::occupy(const Box& b) {
  const int x0 = std::max(0, b.x), y0 = std::max(0, b.y);
  const int x1 = std::min(width_, b.right()), y1 = std::min(height_, b.top());
  for (int y = y0; y < y1; ++y)
    std::fill(cells_.begin() + long(y) * width_ + x0, cells_.begin() + long(y) * width_ + x1, 1);
  dirty_ = true;
}

void FreeSpace::refresh() const {
  if (!dirty_) return;
  const size_t w = size_t(width_) + 1;
  sums_.assign(w * (size_t(height_) + 1), 0);
  for (int y = 0; y < height_; ++y) {
    int row = 0;
    for (int x = 0; x < width_; ++x) {
      row += cells_[size_t(y) * size_t(width_) + size_t(x)];
      sums_[(size_t(y) + 1) * w + size_t(x) + 1] = sums_[size_t(y) * w + size_t(x) + 1] + row;
    }
  }
  dirty_ = false;
}

int FreeSpace::occupied(int x0, int y0, int x1, int y1) const {
  const size_t w = size_t(width_) + 1;
  return sums_[size_t(y1) * w + size_t(x1)] - sums_[size_t(y0) * w + size_t(x1)] - sums_[size_t(y1) * w + size_t(x0)] +
         sums_[size_t(y0) * w + size_t(x0)];
}

bool FreeSpace::isFree(const Box& b) const {
  if (b.x < 0 || b.y < 0 || b.width <= 0 || b.height <= 0 || b.right() > width_ || b.top() > height_) return false;
  refresh();
  return occupied(b.x, b.y, b.right(), b.top()) == 0;
}

bool FreeSpace::nearestFree(int width, int height, int x, int y, int& outX, int& outY) const {
  const int maxX = width_ - width, maxY = height_ - height;
  if (width <= 0 || height <= 0 || maxX < 0 || maxY < 0) return false;
  refresh();
  x = std::clamp(x, 0, maxX);
  y = std::clamp(y, 0, maxY);
  const int rings = maxX + maxY;
  for (int d = 0; d <= rings; ++d) {
    // Ring d: |dx| + |dy| = d, visited by increasing y so that ties prefer the lower corner.
    for (int dy = -d; dy <= d; ++dy) {
      const int cy = y + dy;
      if (cy < 0 || cy > maxY) continue;
      const int rest = d - std::abs(dy);
      for (int cx : {x - rest, x + rest}) {
        if (cx < 0 || cx > maxX) continue;
        if (occupied(cx, cy, cx + width, cy + height) == 0) {
          outX = cx;
          outY = cy;
          return true;
        }
        if (rest == 0) break;
      }
    }
  }
  return false;
}

namespace {

/// Nearest free place for kernel k in its orientation or, when `turn`, either (the current one
/// wins ties).
bool placeNearest(const KernelGraph& graph, const FreeSpace& space, PlacedKernel& k, int index, bool turn) {
  const KernelSpec& spec = graph.kernels[size_t(index)].spec;
  bool found = false;
  long bestDist = 0;
  PlacedKernel best = k;
  for (bool rotated : {k.rotated, !k.rotated}) {
    if (rotated != k.rotated && !turn) break;
    PlacedKernel trial = k;
    trial.rotated = rotated;
    Box b = kernelBox(spec, trial);
    int nx = 0, ny = 0;
    if (!space.nearestFree(b.width, b.height, k.x, k.y, nx, ny)) continue;
    long dist = std::labs(long(nx) - k.x) + std::labs(long(ny) - k.y);
    if (!found || dist < bestDist) {
      found = true;
      bestDist = dist;
      best = trial;
      best.x = nx;
      best.y = ny;
    }
  }
  if (found) k = best;
  return found;
}

}  // namespace

int arrangeAroundPins(const KernelGraph& graph, Layout& layout) {
  const int n = graph.kernelCount();
  FreeSpace space(graph.width, graph.height);
  for (int i = 0; i < n; ++i)
    if (layout.kernels[size_t(i)].placed && layout.kernels[size_t(i)].pinned)
      space.occupy(kernelBox(graph.kernels[size_t(i)].spec, layout.kernels[size_t(i)]));
  std::vector<int> displaced;
  for (int i = 0; i < n; ++i) {
    const PlacedKernel& k = layout.kernels[size_t(i)];
    if (!k.placed || k.pinned) continue;
    Box b = kernelBox(graph.kernels[size_t(i)].spec, k);
    if (space.isFree(b))
      space.occupy(b);
    else
      displaced.push_back(i);
  }
  auto area = [&](int i) {
    Box b = kernelBox(graph.kernels[size_t(i)].spec, layout.kernels[size_t(i)]);
    return int64_t(b.width) * b.height;
  };
  std::stable_sort(displaced.begin(), displaced.end(), [&](int a, int b) { return area(a) > area(b); });
  int homeless = 0;
  for (int i : displaced) {
    PlacedKernel& k = layout.kernels[size_t(i)];
    if (placeNearest(graph, space, k, i, true))
      space.occupy(kernelBox(graph.kernels[size_t(i)].spec, k));
    else
      ++homeless;
  }
  return homeless;
}

bool moveToNearestFree(const KernelGraph& graph, Layout& layout, int k) {
  FreeSpace space(graph.width, graph.height);
  for (int i = 0; i < graph.kernelCount(); ++i)
    if (i != k && layout.kernels[size_t(i)].placed)
      space.occupy(kernelBox(graph.kernels[size_t(i)].spec, layout.kernels[size_t(i)]));
  return placeNearest(graph, space, layout.kernels[size_t(k)], k, false);
}

}  // namespace ts::wse
