#pragma once
// Searchable list of a design's cores (unplaced ones first, as drag sources for the canvas),
// nets and tiles. Activating an entry selects it on the canvas.
#include <QWidget>

#include "engine/aie/design.h"

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
};

}  // namespace ts::ui
