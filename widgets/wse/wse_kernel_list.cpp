#include "widgets/wse/wse_kernel_list.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/pin_icon.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"

namespace ts::ui {

namespace {
constexpr int kKernelRole = Qt::UserRole + 1;
constexpr int kSearchRole = Qt::UserRole + 2;
}  // namespace

WseKernelList::WseKernelList(WseDocument* document, WseCanvas* canvas, QWidget* parent)
    : QWidget(parent), doc_(document), canvas_(canvas) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(2, 2, 2, 2);
  search_ = new QLineEdit(this);
  search_->setPlaceholderText(tr("Search kernels (name, type, arguments)…"));
  search_->setClearButtonEnabled(true);
  column->addWidget(search_);
  tree_ = new QTreeWidget(this);
  tree_->setHeaderLabels({tr("Kernel"), tr("Where"), tr("Time"), tr("h × w"), tr("Type")});
  tree_->setRootIsDecorated(false);
  tree_->setUniformRowHeights(true);
  tree_->setSortingEnabled(true);
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Times as the inspector writes them (1704960, not 1,704,960): the dock is narrow.
  QLocale plain = tree_->locale();
  plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
  tree_->setLocale(plain);
  column->addWidget(tree_);
  connect(search_, &QLineEdit::textChanged, this, &WseKernelList::applyFilter);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, &WseKernelList::toCanvas);
  connect(tree_, &QTreeWidget::itemDoubleClicked, canvas_, [this] { canvas_->zoomToSelection(); });
  connect(doc_, &WseDocument::changed, this, &WseKernelList::rebuild);
  connect(doc_, &WseDocument::opened, this, [this] {
    search_->clear();
    rebuild();
  });
  connect(canvas_, &WseCanvas::selectionChanged, this, &WseKernelList::fromCanvas);
  rebuild();
}

void WseKernelList::setFilter(const QString& text) {
  search_->setText(text);
}

void WseKernelList::rebuild() {
  syncing_ = true;
  tree_->setSortingEnabled(false);
  tree_->clear();
  if (doc_->isOpen()) {
    const wse::KernelGraph& g = doc_->graph();
    for (int k = 0; k < g.kernelCount(); ++k) {
      const wse::Kernel& kernel = g.kernels[size_t(k)];
      const wse::PlacedKernel& p = doc_->layout().kernels[size_t(k)];
      auto* item = new QTreeWidgetItem(tree_);
      item->setText(NameColumn, QString::fromStdString(kernel.name));
      item->setText(TypeColumn, QString::fromStdString(wse::toString(kernel.spec.type)));
      QString search = item->text(NameColumn) + ' ' + item->text(TypeColumn) + ' ' + wseFormalArgs(kernel.spec);
      if (p.placed && p.args.c.size() == size_t(kernel.spec.convCount()) && p.args.k.size() == p.args.c.size()) {
        item->setText(ShapeColumn, wseShape(wse::kernelBox(kernel.spec, p)));
        // Whole cycles as integers (1548200, not 1.5482e+06 cut off at the dock's edge), still
        // numbers so that the column sorts by value.
        const double time = wse::kernelPerf(kernel.spec, p.args).time;
        const bool whole = std::abs(time - std::round(time)) < 1e-9 && std::abs(time) < 1e15;
        item->setData(TimeColumn, Qt::DisplayRole, whole ? QVariant(qlonglong(std::llround(time))) : QVariant(time));
        item->setText(WhereColumn, QStringLiteral("(%1, %2) %3").arg(p.x).arg(p.y).arg(p.rotated ? "R90" : "R0"));
        search += ' ' + wseExecArgs(p.args);
      } else {
        item->setText(WhereColumn, tr("not placed"));
      }
      if (p.pinned) {
        item->setIcon(WhereColumn, pinIcon());
        item->setToolTip(WhereColumn, tr("pinned: no algorithm moves it"));
        search += QStringLiteral(" pinned");
      }
      item->setData(0, kKernelRole, k);
      item->setData(0, kSearchRole, search.toLower());
    }
  }
  tree_->setSortingEnabled(true);
  syncing_ = false;
  applyFilter();
  fromCanvas();
}

void WseKernelList::applyFilter() {
  const QStringList words = search_->text().toLower().split(' ', Qt::SkipEmptyParts);
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = tree_->topLevelItem(i);
    const QString text = item->data(0, kSearchRole).toString();
    bool match = true;
    for (const QString& w : words) match = match && text.contains(w);
    item->setHidden(!match);
  }
}

int WseKernelList::visibleCount() const {
  int n = 0;
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) n += !tree_->topLevelItem(i)->isHidden();
  return n;
}

void WseKernelList::fromCanvas() {
  if (syncing_) return;
  syncing_ = true;
  const std::vector<int> sel = canvas_->selectedKernels();
  QTreeWidgetItem* first = nullptr;
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = tree_->topLevelItem(i);
    bool on = std::find(sel.begin(), sel.end(), item->data(0, kKernelRole).toInt()) != sel.end();
    item->setSelected(on);
    if (on && !first) first = item;
  }
  if (first) tree_->scrollToItem(first);
  syncing_ = false;
}

void WseKernelList::toCanvas() {
  if (syncing_) return;
  syncing_ = true;
  std::vector<int> sel;
  for (QTreeWidgetItem* item : tree_->selectedItems()) sel.push_back(item->data(0, kKernelRole).toInt());
  canvas_->setSelectedKernels(sel);
  syncing_ = false;
}

}  // namespace ts::ui
