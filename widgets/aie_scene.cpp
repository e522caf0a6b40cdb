#include "widgets/aie_scene.h"

#include <algorithm>
#include <cmath>

#include "engine/aie/place/cost/expected_channel_use.h"
#include "widgets/aie_painter.h"
#include "widgets/core_labels.h"

namespace ts::ui {

const char* toString(HeatMap heat) {
  switch (heat) {
    case HeatMap::None:
      return "none";
    case HeatMap::Dma:
      return "dma";
    case HeatMap::Memory:
      return "memory";
    case HeatMap::Links:
      return "links";
    case HeatMap::Bds:
      return "bds";
  }
  return "?";
}

bool parseHeatMap(const std::string& text, HeatMap* heat) {
  for (HeatMap h : {HeatMap::None, HeatMap::Dma, HeatMap::Memory, HeatMap::Links, HeatMap::Bds})
    if (text == toString(h)) {
      *heat = h;
      return true;
    }
  return false;
}

const std::vector<std::pair<std::string, std::string>>& AieLayers::all() {
  // In the order of the fields in byName().
  static const std::vector<std::pair<std::string, std::string>> list = {{"tiles", "Tiles"},
                                                                        {"grid", "Tile borders"},
                                                                        {"coordinates", "Coordinates"},
                                                                        {"cores", "Cores"},
                                                                        {"names", "Core names"},
                                                                        {"nets", "Nets (flylines)"},
                                                                        {"routes", "Routes"},
                                                                        {"badges", "DMA, memory and BD badges"},
                                                                        {"violations", "Violations"},
                                                                        {"legend", "Legend"},
                                                                        {"cascades", "Cascades"},
                                                                        {"memory_uses", "Memory uses"},
                                                                        {"groups", "Colour cores by group"}};
  return list;
}

const std::vector<std::string>& AieLayers::layerNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& entry : all()) out.push_back(entry.first);
    return out;
  }();
  return names;
}

bool* AieLayers::byName(const std::string& name) {
  bool* fields[] = {&tiles,  &grid,       &coordinates, &cores,    &names,      &nets,  &routes,
                    &badges, &violations, &legend,      &cascades, &memoryUses, &groups};
  const auto& all = layerNames();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i] == name) return fields[i];
  return nullptr;
}

void AieScene::setDesign(const aie::Design* d, const aie::Device* dev) {
  design = d;
  device = dev;
  coreLabels.clear();
  if (!d) return;
  std::vector<std::string> names;
  names.reserve(d->cores.size());
  for (const auto& c : d->cores) names.push_back(c.name);
  coreLabels = distinctLabels(names);
  coreGroup.assign(d->cores.size(), -1);
  groupNames.clear();
  for (size_t c = 0; c < d->cores.size(); ++c) {
    const std::string& g = d->cores[c].group;
    if (g.empty()) continue;
    auto it = std::find(groupNames.begin(), groupNames.end(), g);
    coreGroup[c] = int(it - groupNames.begin());
    if (it == groupNames.end()) groupNames.push_back(g);
  }
}

QColor AieScene::coreColour(aie::CoreId c) const {
  const aie::CoreKind kind = design->cores[size_t(c)].kind;
  if (layers.groups && kind == aie::CoreKind::Compute && size_t(c) < coreGroup.size() && coreGroup[size_t(c)] >= 0)
    return AiePalette::group(coreGroup[size_t(c)]);
  return AiePalette::core(kind);
}

void AieScene::indexPlacement() {
  tileCores.assign(device ? size_t(device->tileCount()) : 0, {});
  if (!valid()) return;
  for (aie::CoreId c = 0; c < placement->size(); ++c) {
    if (!placement->placed(c) || !device->contains(placement->tile(c))) continue;
    tileCores[size_t(device->index(placement->tile(c)))].push_back(c);
  }
}

void AieScene::updateExpectedLinks() {
  const bool routed = usage && usage->routed;
  if (heat != HeatMap::Links || routed || !valid()) {
    expectedLinks.clear();
    return;
  }
  expectedLinks = aie::expectedChannelUse(*design, *device, *placement);
}

void AieScene::setHeatMap(HeatMap h) {
  heat = h;
  updateExpectedLinks();
}

QRectF AieScene::tileWorldRect(aie::TileCoord t) const {
  return QRectF(t.col, displayRow(t.row), 1, 1);
}

QRectF AieScene::coreWorldRect(aie::TileCoord t, int slot, int slotCount) const {
  QRectF cell = tileWorldRect(t);
  if (slotCount <= 1) return cell.adjusted(0.17, 0.17, -0.17, -0.17);
  // Several endpoints on one memory/shim tile: a small grid of chips.
  int cols = int(std::ceil(std::sqrt(double(slotCount))));
  int rows = (slotCount + cols - 1) / cols;
  QRectF inner = cell.adjusted(0.1, 0.14, -0.1, -0.14);
  double w = inner.width() / cols, h = inner.height() / rows;
  int c = slot % cols, r = slot / cols;
  return QRectF(inner.left() + c * w, inner.top() + r * h, w, h).adjusted(0.02, 0.02, -0.02, -0.02);
}

QRectF AieScene::coreWorldRect(aie::CoreId c) const {
  if (!valid() || c < 0 || c >= placement->size() || !placement->placed(c)) return {};
  aie::TileCoord t = placement->tile(c);
  if (!device->contains(t)) return {};
  const auto& list = tileCores[size_t(device->index(t))];
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i] == c) return coreWorldRect(t, int(i), int(list.size()));
  return {};
}

bool AieScene::tileAtWorld(const QPointF& world, aie::TileCoord* tile) const {
  if (!device) return false;
  int col = int(std::floor(world.x()));
  int drow = int(std::floor(world.y()));
  aie::TileCoord t{col, device->rows() - 1 - drow};
  if (!device->contains(t)) return false;
  if (tile) *tile = t;
  return true;
}

aie::CoreId AieScene::coreAtWorld(const QPointF& world) const {
  aie::TileCoord t;
  if (!valid() || !tileAtWorld(world, &t)) return -1;
  const auto& list = tileCores[size_t(device->index(t))];
  for (size_t i = 0; i < list.size(); ++i)
    if (coreWorldRect(t, int(i), int(list.size())).contains(world)) return list[i];
  return -1;
}

}  // namespace ts::ui
