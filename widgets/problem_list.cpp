#include "widgets/problem_list.h"

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/theme.h"

namespace ts::ui {

ProblemList::ProblemList(AieDocument* document, AieCanvas* canvas, QWidget* parent)
    : QListWidget(parent), doc_(document), canvas_(canvas) {
  setWordWrap(true);
  setAlternatingRowColors(true);
  connect(doc_, &AieDocument::changed, this, &ProblemList::refresh);
  connect(this, &QListWidget::itemClicked, this, &ProblemList::activate);
  connect(this, &QListWidget::itemActivated, this, &ProblemList::activate);
  refresh();
}

void ProblemList::refresh() {
  clear();
  if (!doc_->isOpen()) return;
  const AieUsage& u = doc_->usage();
  int i = 0;
  for (const auto* list : {&u.violations, &u.warnings}) {
    bool warning = list == &u.warnings;
    for (const aie::Violation& v : *list) {
      auto* item = new QListWidgetItem(QString::fromStdString(v.message), this);
      item->setData(Qt::UserRole, i++);
      item->setForeground(toneColour(warning ? Tone::Warning : Tone::Error, palette()));
      item->setToolTip(warning ? tr("Warning: an estimate from the placement; the router may still fit it")
                               : tr("Problem: must be fixed for a legal design"));
    }
  }
  if (i == 0) {
    auto* item = new QListWidgetItem(tr("No problems found"), this);
    item->setFlags(Qt::ItemIsEnabled);
    item->setForeground(toneColour(Tone::Ok, palette()));
  }
  emit countChanged(i);
}

void ProblemList::activate(QListWidgetItem* item) {
  bool ok = false;
  int i = item->data(Qt::UserRole).toInt(&ok);
  const AieUsage& u = doc_->usage();
  if (!ok || i < 0 || i >= u.problemCount()) return;
  const aie::Violation& v =
      i < int(u.violations.size()) ? u.violations[size_t(i)] : u.warnings[size_t(i) - u.violations.size()];
  if (!v.cores.empty())
    canvas_->setSelectedCores(v.cores);
  else if (v.tile)
    canvas_->selectTile(*v.tile);
  canvas_->zoomToSelection();
}

}  // namespace ts::ui
