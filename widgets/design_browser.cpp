#include "widgets/design_browser.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/pin_icon.h"
#include "widgets/qt_text.h"

namespace ts::ui {

namespace {

/// Core entries carry the canvas's MIME type so they can be dropped on a tile.
class CoreTree : public QTreeWidget {
 public:
  using QTreeWidget::QTreeWidget;

 protected:
  QStringList mimeTypes() const override { return {QString::fromLatin1(AieCanvas::kCoreMimeType)}; }
  QMimeData* mimeData(const QList<QTreeWidgetItem*> items) const override {
    for (QTreeWidgetItem* it : items) {
      if (it->data(0, DesignBrowser::kKindRole).toInt() != DesignBrowser::CoreItem) continue;
      auto* mime = new QMimeData();
      mime->setData(AieCanvas::kCoreMimeType, QByteArray::number(it->data(0, DesignBrowser::kIdRole).toInt()));
      mime->setText(it->text(0));
      return mime;
    }
    return nullptr;
  }
  Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
};

}  // namespace

DesignBrowser::DesignBrowser(AieDocument* document, QWidget* parent) : QWidget(parent), doc_(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  search_ = new QLineEdit(this);
  search_->setPlaceholderText(tr("Search cores, nets, tiles…"));
  search_->setClearButtonEnabled(true);
  layout->addWidget(search_);
  tree_ = new CoreTree(this);
  tree_->setColumnCount(2);
  tree_->setHeaderLabels({tr("Name"), tr("Where")});
  tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  tree_->header()->setStretchLastSection(false);
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->setDragEnabled(true);
  tree_->setDragDropMode(QAbstractItemView::DragOnly);
  tree_->setUniformRowHeights(true);
  layout->addWidget(tree_);
  connect(search_, &QLineEdit::textChanged, this, &DesignBrowser::applyFilter);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, &DesignBrowser::onSelection);
  connect(doc_, &AieDocument::changed, this, &DesignBrowser::rebuild);
  connect(doc_, &AieDocument::opened, this, [this] {
    preview_.reset();
    rebuild();
  });
  rebuild();
}

void DesignBrowser::setFilter(const QString& text) {
  search_->setText(text);
}

void DesignBrowser::rebuild() {
  // Keep which groups are open across rebuilds.
  bool open[4] = {true, false, false, false};
  QTreeWidgetItem* groups[4] = {unplaced_, cores_, nets_, tiles_};
  for (int i = 0; i < 4; ++i)
    if (groups[i]) open[i] = groups[i]->isExpanded();
  syncing_ = true;
  tree_->clear();
  unplaced_ = cores_ = nets_ = tiles_ = nullptr;
  syncing_ = false;
  if (!doc_->isOpen()) return;
  const aie::Design& d = doc_->design();
  const aie::Device& dev = doc_->device();
  const aie::Placement& p = preview_ && preview_->size() == d.coreCount() ? *preview_ : doc_->placement();
  auto group = [&](const QString& title) {
    auto* g = new QTreeWidgetItem(tree_, {title});
    g->setFlags(Qt::ItemIsEnabled);
    QFont f = g->font(0);
    f.setBold(true);
    g->setFont(0, f);
    return g;
  };
  unplaced_ = group(tr("Unplaced"));
  cores_ = group(preview_ ? tr("Cores (%1) — run result, not kept").arg(d.coreCount())
                          : tr("Cores (%1)").arg(d.coreCount()));
  nets_ = group(tr("Nets (%1)").arg(d.netCount()));
  tiles_ = group(tr("Tiles (%1)").arg(dev.tileCount()));
  int unplaced = 0;
  for (aie::CoreId c = 0; c < d.coreCount(); ++c) {
    const auto& core = d.cores[c];
    QString where = p.placed(c) ? q(core::toString(p.tile(c))) : tr("unplaced");
    QString kind = aie::toString(core.kind);
    const bool moved = preview_ && !(p.tile(c) == doc_->placement().tile(c));
    auto make = [&](QTreeWidgetItem* parent) {
      auto* it = new QTreeWidgetItem(parent, {q(core.name), where});
      it->setData(0, kKindRole, CoreItem);
      it->setData(0, kIdRole, c);
      if (p.pinned(c)) {
        it->setIcon(1, pinIcon());
        it->setToolTip(1, tr("pinned: no algorithm moves it"));
      }
      if (moved) {
        QFont f = it->font(1);
        f.setItalic(true);
        f.setBold(true);
        it->setFont(1, f);
        it->setToolTip(
            1, tr("run result (not kept): was %1")
                   .arg(doc_->placement().placed(c) ? q(core::toString(doc_->placement().tile(c))) : tr("unplaced")));
      }
      it->setToolTip(0,
                     tr("%1 core%2").arg(kind, core.group.empty() ? QString() : tr(", group %1").arg(q(core.group))));
      it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
      return it;
    };
    make(cores_);
    if (!p.placed(c)) {
      make(unplaced_);
      ++unplaced;
    }
  }
  unplaced_->setText(0, tr("Unplaced (%1)").arg(unplaced));
  unplaced_->setToolTip(0, tr("Drag a core onto a tile of the array to place it"));
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    const auto& net = d.nets[n];
    auto* it = new QTreeWidgetItem(
        nets_, {q(net.name), tr("%1 → %2 target(s)").arg(q(d.cores[net.source].name)).arg(net.targets.size())});
    it->setData(0, kKindRole, NetItem);
    it->setData(0, kIdRole, n);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  }
  for (int i = 0; i < dev.tileCount(); ++i) {
    aie::TileCoord t = dev.coord(i);
    int cores = 0;
    for (aie::CoreId c : p.coresAt(t)) cores += c >= 0;
    auto* it = new QTreeWidgetItem(tiles_,
                                   {q(core::toString(t)), QStringLiteral("%1%2")
                                                              .arg(aie::toString(dev.kind(t)))
                                                              .arg(cores ? tr(", %1 core(s)").arg(cores) : QString())});
    it->setData(0, kKindRole, TileItem);
    it->setData(0, kIdRole, i);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  }
  QTreeWidgetItem* now[4] = {unplaced_, cores_, nets_, tiles_};
  for (int i = 0; i < 4; ++i) now[i]->setExpanded(open[i]);
  applyFilter();
}

void DesignBrowser::applyFilter() {
  QString text = search_->text().trimmed();
  for (QTreeWidgetItem* g : {unplaced_, cores_, nets_, tiles_}) {
    if (!g) continue;
    int shown = 0;
    for (int i = 0; i < g->childCount(); ++i) {
      QTreeWidgetItem* it = g->child(i);
      bool match = text.isEmpty() || it->text(0).contains(text, Qt::CaseInsensitive) ||
                   it->text(1).contains(text, Qt::CaseInsensitive);
      it->setHidden(!match);
      shown += match;
    }
    if (!text.isEmpty()) g->setExpanded(shown > 0 && shown <= 200);
  }
}

void DesignBrowser::onSelection() {
  if (syncing_) return;
  std::vector<aie::CoreId> cores;
  for (QTreeWidgetItem* it : tree_->selectedItems()) {
    int kind = it->data(0, kKindRole).toInt();
    int id = it->data(0, kIdRole).toInt();
    if (kind == CoreItem) {
      cores.push_back(id);
    } else if (kind == NetItem) {
      emit netActivated(id);
      return;
    } else if (kind == TileItem) {
      emit tileActivated(doc_->device().coord(id));
      return;
    }
  }
  if (!cores.empty()) emit coresActivated(cores);
}

void DesignBrowser::showSelectedCores(const std::vector<aie::CoreId>& cores) {
  if (!cores_) return;
  syncing_ = true;
  tree_->clearSelection();
  QTreeWidgetItem* first = nullptr;
  for (int i = 0; i < cores_->childCount(); ++i) {
    QTreeWidgetItem* it = cores_->child(i);
    int id = it->data(0, kIdRole).toInt();
    if (std::find(cores.begin(), cores.end(), id) != cores.end()) {
      it->setSelected(true);
      if (!first) first = it;
    }
  }
  if (first) tree_->scrollToItem(first);
  syncing_ = false;
}

void DesignBrowser::setPreviewPlacement(const aie::Placement* placement) {
  if (!placement && !preview_) return;
  preview_ = placement ? std::make_unique<aie::Placement>(*placement) : nullptr;
  rebuild();
}

QTreeWidgetItem* DesignBrowser::coreItem(aie::CoreId core) const {
  if (!cores_) return nullptr;
  for (int i = 0; i < cores_->childCount(); ++i)
    if (cores_->child(i)->data(0, kIdRole).toInt() == core) return cores_->child(i);
  return nullptr;
}

QTreeWidgetItem* DesignBrowser::unplacedItem(aie::CoreId core) const {
  if (!unplaced_) return nullptr;
  for (int i = 0; i < unplaced_->childCount(); ++i)
    if (unplaced_->child(i)->data(0, kIdRole).toInt() == core) return unplaced_->child(i);
  return nullptr;
}

}  // namespace ts::ui
