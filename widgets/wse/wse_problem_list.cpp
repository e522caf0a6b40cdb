#include "widgets/wse/wse_problem_list.h"

#include "widgets/theme.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_document.h"

namespace ts::ui {

namespace {
constexpr int kKernelsRole = Qt::UserRole + 1;
}

WseProblemList::WseProblemList(WseDocument* document, WseCanvas* canvas, QWidget* parent)
    : QListWidget(parent), doc_(document), canvas_(canvas) {
  setWordWrap(true);
  connect(doc_, &WseDocument::changed, this, &WseProblemList::refresh);
  connect(doc_, &WseDocument::opened, this, &WseProblemList::refresh);
  connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (!item->data(kKernelsRole).isValid()) return;  // "No problems found"
    std::vector<int> kernels;
    for (const QVariant& v : item->data(kKernelsRole).toList()) kernels.push_back(v.toInt());
    canvas_->setSelectedKernels(kernels);
    canvas_->zoomToSelection();
  });
  refresh();
}

void WseProblemList::refresh() {
  clear();
  int n = 0;
  if (doc_->isOpen()) {
    for (const wse::Violation& v : doc_->evaluation().violations) {
      auto* item = new QListWidgetItem(QString::fromStdString(v.message), this);
      QVariantList kernels;
      for (int k : v.kernels) kernels << k;
      item->setData(kKernelsRole, kernels);
      item->setForeground(toneColour(Tone::Error, palette()));
      item->setToolTip(tr("%1: click to select and zoom").arg(QString::fromStdString(v.code)));
      ++n;
    }
    if (n == 0) {  // as the AIE list: an empty dock could also mean nothing was checked
      auto* item = new QListWidgetItem(tr("No problems found"), this);
      item->setFlags(Qt::ItemIsEnabled);
      item->setForeground(toneColour(Tone::Ok, palette()));
    }
  }
  emit countChanged(n);
}

}  // namespace ts::ui
