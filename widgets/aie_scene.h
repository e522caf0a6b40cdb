#pragma once
// What the AIE painter draws: the design, device, a placement (the document's or a running
// job's snapshot), optional routing, resource use, layer switches and, on screen only, the
// interactive state (selection, hover). Plain data; the owner keeps the pointees alive.
#include <QColor>
#include <QPoint>
#include <QRectF>
#include <QStringList>
#include <string>
#include <utility>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/aie/rr_graph.h"
#include "widgets/aie_usage.h"

namespace ts::ui {

struct AieLayers {
  bool tiles = true;
  bool grid = true;         ///< tile borders
  bool coordinates = true;  ///< "c,r" in each tile when there is room
  bool cores = true;
  bool names = true;       ///< core names when there is room
  bool nets = true;        ///< flylines (unrouted nets)
  bool routes = true;      ///< routed paths
  bool badges = true;      ///< DMA channels and memory use per tile
  bool violations = true;  ///< red marks on over-used tiles and cores
  bool cascades = true;    ///< cascade arrows (broken ones red)
  bool memoryUses = true;  ///< lines from cores to the memories they use (out of reach: red)
  bool legend = true;
  bool groups = false;  ///< compute cores coloured by design group (subgraph)

  /// The layer keys with their menu labels, in menu order ("grid", "Tile borders", ...).
  static const std::vector<std::pair<std::string, std::string>>& all();
  /// The keys of all(), as used by `render --hide`, the View menu and settings.
  static const std::vector<std::string>& layerNames();
  /// The switch of a named layer, or nullptr for an unknown name.
  bool* byName(const std::string& name);
};

enum class HeatMap { None, Dma, Memory, Links, Bds };
const char* toString(HeatMap heat);
/// "none", "dma", "memory", "links", "bds"; false for anything else.
bool parseHeatMap(const std::string& text, HeatMap* heat);

struct AieScene {
  const aie::Design* design = nullptr;
  const aie::Device* device = nullptr;
  const aie::Placement* placement = nullptr;
  const aie::Routing* routing = nullptr;  ///< needs `graph`
  const aie::RrGraph* graph = nullptr;
  const AieUsage* usage = nullptr;
  AieLayers layers;
  HeatMap heat = HeatMap::None;
  /// Per tile * 4 + direction: streams expected on the links of an unrouted placement (the bbcg
  /// cost's model, aie::expectedChannelUse), for its link heat map; see updateExpectedLinks().
  std::vector<double> expectedLinks;

  // Interactive state, empty in exports.
  std::vector<char> selectedCores;    ///< by core id
  std::vector<char> highlightedNets;  ///< nets of the selected cores
  std::vector<char> neighbourCores;   ///< other endpoints of those nets
  int hoverCore = -1;
  QPoint selectedTile{-1, -1};  ///< (col, row) in device coordinates

  /// "Differences only" (compare window): cores and nets that are the same in every compared run
  /// are drawn faint (cores) or left out (nets). Empty: nothing is dimmed.
  std::vector<char> dimCores, dimNets;
  bool coreDimmed(aie::CoreId c) const { return c >= 0 && c < int(dimCores.size()) && dimCores[size_t(c)]; }
  bool netDimmed(aie::NetId n) const { return n >= 0 && n < int(dimNets.size()) && dimNets[size_t(n)]; }

  /// Cores on each tile (Device::index), rebuilt by indexPlacement().
  std::vector<std::vector<aie::CoreId>> tileCores;
  /// Label candidates per core (distinctLabels), set by setDesign().
  std::vector<QStringList> coreLabels;
  /// Per core, the index of its design group in order of first appearance (-1: none), and
  /// the group names in that order (colour-by-group layer).
  std::vector<int> coreGroup;
  std::vector<std::string> groupNames;

  bool valid() const { return design && device && placement; }
  /// Points the scene at a design and device and builds the core labels.
  void setDesign(const aie::Design* design, const aie::Device* device);
  /// Fills tileCores from the placement; call after changing the placement pointer.
  void indexPlacement();
  /// Fills expectedLinks while the link heat map shows an unrouted placement, else empties it
  /// (it costs milliseconds on a large design): call after changing the placement or routing.
  void updateExpectedLinks();
  /// Sets the heat map and what its link picture of an unrouted placement needs.
  void setHeatMap(HeatMap h);
  bool selected(aie::CoreId c) const { return c >= 0 && c < int(selectedCores.size()) && selectedCores[c]; }

  // Geometry (world units; row 0 of the device is drawn at the bottom).
  int displayRow(int row) const { return device->rows() - 1 - row; }
  QRectF tileWorldRect(aie::TileCoord t) const;
  /// Rectangle of the core in slot `slot` of `slotCount` on tile t.
  QRectF coreWorldRect(aie::TileCoord t, int slot, int slotCount) const;
  /// Rectangle of a placed core (empty if unplaced or off the device).
  QRectF coreWorldRect(aie::CoreId c) const;
  /// The fill of core c: its kind's colour, or its group's with the groups layer on.
  QColor coreColour(aie::CoreId c) const;
  /// Tile of a world point, or false outside the array.
  bool tileAtWorld(const QPointF& world, aie::TileCoord* tile) const;
  /// Placed core whose glyph contains the world point, or -1.
  aie::CoreId coreAtWorld(const QPointF& world) const;
};

}  // namespace ts::ui
