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
    auto add = [&](const QString& text, const std::vector<int>& kernels, Tone tone, const QString& tip) {
      auto* item = new QListWidgetItem(text, this);
      QVariantList list;
      for (int k : kernels) list << k;
      item->setData(kKernelsRole, list);
      item->setForeground(toneColour(tone, palette()));
      item->setToolTip(tip);
      ++n;
    };
    // Unplaced kernels make one line: a graph opened without a layout has all of them unplaced
    // while it is being placed, and a hundred red lines would bury the real problems.
    std::vector<int> unplaced;
    QStringList names;
    for (const wse::Violation& v : doc_->evaluation().violations) {
      if (v.code == "unplaced" && v.kernels.size() == 1) {
        unplaced.push_back(v.kernels.front());
        names << QString::fromStdString(doc_->graph().kernels[size_t(v.kernels.front())].name);
        continue;
      }
      add(QString::fromStdString(v.message), v.kernels, Tone::Error,
          tr("%1: click to select and zoom").arg(QString::fromStdString(v.code)));
    }
    if (unplaced.size() == 1) {
      add(tr("kernel %1 is not placed").arg(names.front()), unplaced, Tone::Warning,
          tr("unplaced: Run > Start places it; click to select it"));
    } else if (!unplaced.empty()) {
      const int shown = 6;
      const QString list = names.mid(0, shown).join(", ") + (names.size() > shown ? QStringLiteral(", …") : QString());
      add(tr("%1 of %2 kernels are not placed (%3)").arg(unplaced.size()).arg(doc_->graph().kernelCount()).arg(list),
          unplaced, Tone::Warning, tr("unplaced: Run > Start places them; click to select them"));
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
