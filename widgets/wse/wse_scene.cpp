#include "widgets/wse/wse_scene.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace ts::ui {

bool parseWseHeat(const std::string& text, WseHeat* heat) {
  static const std::map<std::string, WseHeat> names{
      {"none", WseHeat::None}, {"time", WseHeat::Time}, {"memory", WseHeat::Memory}};
  auto it = names.find(text);
  if (it == names.end()) return false;
  *heat = it->second;
  return true;
}

const std::vector<std::pair<std::string, std::string>>& WseLayers::all() {
  static const std::vector<std::pair<std::string, std::string>> keys{{"grid", "Tile grid and coordinates"},
                                                                     {"rows", "Rows and dead space"},
                                                                     {"kernels", "Kernels"},
                                                                     {"names", "Kernel names"},
                                                                     {"edges", "Data-path connections"},
                                                                     {"adapters", "Adapter mismatches"},
                                                                     {"critical", "Critical (max-time) kernel"},
                                                                     {"problems", "Problems"},
                                                                     {"legend", "Legend"}};
  return keys;
}

bool* WseLayers::byName(const std::string& key) {
  if (key == "grid") return &grid;
  if (key == "rows") return &rows;
  if (key == "kernels") return &kernels;
  if (key == "names") return &names;
  if (key == "edges") return &edges;
  if (key == "adapters") return &adapters;
  if (key == "critical") return &critical;
  if (key == "problems") return &problems;
  if (key == "legend") return &legend;
  return nullptr;
}

void WseScene::set(const wse::KernelGraph* graph, const wse::Layout* layout, const wse::Evaluation* evaluation) {
  graph_ = graph;
  layout_ = layout;
  evaluation_ = evaluation;
  if (graph_) selected.resize(size_t(graph_->kernelCount()), 0);
  rebuild();
}

void WseScene::clear() {
  graph_ = nullptr;
  layout_ = nullptr;
  evaluation_ = nullptr;
  selected.clear();
  hover = -1;
  rebuild();
}

void WseScene::rebuild() {
  kernels_.clear();
  rows_.clear();
  edgeAdapter_.clear();
  owner_.clear();
  maxTime_ = maxMemory_ = 0;
  if (!valid()) return;
  const wse::KernelGraph& g = *graph_;
  const int n = g.kernelCount();
  kernels_.resize(size_t(n));
  for (int k = 0; k < n && size_t(k) < layout_->kernels.size(); ++k) {
    const wse::PlacedKernel& p = layout_->kernels[size_t(k)];
    const wse::KernelSpec& spec = g.kernels[size_t(k)].spec;
    KernelView& v = kernels_[size_t(k)];
    v.pinned = p.pinned;
    v.drawn = p.placed && p.args.h >= 1 && p.args.w >= 1 && p.args.c.size() == size_t(spec.convCount()) &&
              p.args.k.size() == p.args.c.size();
    if (!v.drawn) continue;
    wse::Perf perf = wse::kernelPerf(spec, p.args);
    v.box = wse::kernelBox(spec, p);
    v.time = perf.time;
    v.memory = perf.memory;
    maxTime_ = std::max(maxTime_, v.time);
    maxMemory_ = std::max(maxMemory_, v.memory);
  }
  for (const wse::Violation& v : evaluation_->violations)
    for (int k : v.kernels)
      if (k >= 0 && k < n) kernels_[size_t(k)].problem = true;
  for (const wse::KernelEdge& e : g.kernelEdges) {
    const bool both = kernels_[size_t(e.src)].drawn && kernels_[size_t(e.dst)].drawn;
    edgeAdapter_.push_back(
        both ? wse::adapterCost(layout_->kernels[size_t(e.src)].args, layout_->kernels[size_t(e.dst)].args) : -1);
  }

  // Rows as the layout shows them: kernels whose vertical extents overlap, transitively.
  std::vector<int> byY;
  for (int k = 0; k < n; ++k)
    if (kernels_[size_t(k)].drawn) byY.push_back(k);
  std::sort(byY.begin(), byY.end(),
            [&](int a, int b) { return kernels_[size_t(a)].box.y < kernels_[size_t(b)].box.y; });
  for (int k : byY) {
    const wse::Box& b = kernels_[size_t(k)].box;
    if (rows_.empty() || b.y >= rows_.back().top) rows_.push_back({b.y, b.top(), {}, 0, 0});
    Row& r = rows_.back();
    r.top = std::max(r.top, b.top());
    r.kernels.push_back(k);
  }
  for (Row& r : rows_) {
    int64_t covered = 0;
    for (int k : r.kernels) {
      const wse::Box& b = kernels_[size_t(k)].box;
      int64_t w = std::max(0, std::min(b.right(), g.width) - std::max(b.x, 0));
      covered += w * b.height;
    }
    int64_t area = int64_t(g.width) * (r.top - r.floor);
    r.deadTiles = std::max<int64_t>(0, area - covered);
    r.deadFraction = area > 0 ? double(r.deadTiles) / double(area) : 0;
  }

  owner_.assign(size_t(g.width) * size_t(g.height), -1);
  for (int k = 0; k < n; ++k) {
    if (!kernels_[size_t(k)].drawn) continue;
    const wse::Box& b = kernels_[size_t(k)].box;
    const int x0 = std::max(0, b.x), x1 = std::min(g.width, b.right());
    const int y0 = std::max(0, b.y), y1 = std::min(g.height, b.top());
    for (int y = y0; y < y1; ++y)
      std::fill(owner_.begin() + long(y) * g.width + x0, owner_.begin() + long(y) * g.width + x1, k);
  }
}

QRectF WseScene::worldRect(const wse::Box& b) const {
  const int h = graph_ ? graph_->height : 0;
  return QRectF(b.x, h - b.top(), b.width, b.height);
}

QRectF WseScene::kernelWorldRect(int k) const {
  if (k < 0 || size_t(k) >= kernels_.size() || !kernels_[size_t(k)].drawn) return {};
  return worldRect(kernels_[size_t(k)].box);
}

bool WseScene::tileAtWorld(const QPointF& world, int* x, int* y) const {
  if (!graph_) return false;
  int tx = int(std::floor(world.x())), ty = graph_->height - 1 - int(std::floor(world.y()));
  if (tx < 0 || ty < 0 || tx >= graph_->width || ty >= graph_->height) return false;
  *x = tx;
  *y = ty;
  return true;
}

int WseScene::kernelAtWorld(const QPointF& world) const {
  int x = 0, y = 0;
  if (owner_.empty() || !tileAtWorld(world, &x, &y)) return -1;
  return owner_[size_t(y) * size_t(graph_->width) + size_t(x)];
}

}  // namespace ts::ui
