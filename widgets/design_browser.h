#pragma once
// Searchable list of a design's cores (unplaced ones first, as drag sources for the canvas),
// nets and tiles. Activating an entry selects it on the canvas.
#include <QWidget>
#include <memory>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace ts::ui {

class AieDocument;

class DesignBrowser : public QWidget {
  Q_OBJECT
 public:
  enum ItemKind { CoreItem = 1, NetItem = 2, TileItem = 3 };
  static constexpr int kKindRole = Qt::UserRole + 1;
  static constexpr int kIdRole = Qt::UserRole + 2;

  explicit DesignBrowser(AieDocument* document, QWidget* parent = nullptr);

  void setFilter(const QString& text);
  /// Highlights these cores in the list (from the canvas selection).
  void showSelectedCores(const std::vector<aie::CoreId>& cores);
  QTreeWidget* tree() const { return tree_; }
  /// Item of a core in the "Unplaced" group, or nullptr.
  QTreeWidgetItem* unplacedItem(aie::CoreId core) const;
  /// Item of a core in the "Cores" group, or nullptr.
  QTreeWidgetItem* coreItem(aie::CoreId core) const;
  /// Shows where `placement` (a run's result not applied yet) puts the cores, in italics, until
  /// called with nullptr. The browser keeps its own copy.
  void setPreviewPlacement(const aie::Placement* placement);
  bool previewing() const { return bool(preview_); }

 signals:
  void coresActivated(const std::vector<aie::CoreId>& cores);
  void netActivated(aie::NetId net);
  void tileActivated(aie::TileCoord tile);

 private:
  void rebuild();
  void applyFilter();
  void onSelection();

  AieDocument* doc_;
  QLineEdit* search_;
  QTreeWidget* tree_;
  QTreeWidgetItem *unplaced_ = nullptr, *cores_ = nullptr, *nets_ = nullptr, *tiles_ = nullptr;
  bool syncing_ = false;
  std::unique_ptr<aie::Placement> preview_;
};

}  // namespace ts::ui
