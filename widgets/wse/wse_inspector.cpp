#include "widgets/wse/wse_inspector.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"

namespace ts::ui {

WseInspector::WseInspector(WseDocument* document, WseCanvas* canvas, QWidget* parent)
    : QWidget(parent), doc_(document), canvas_(canvas) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(2, 2, 2, 2);
  auto* split = new QSplitter(Qt::Vertical, this);
  text_ = new QTextBrowser(split);
  text_->setOpenLinks(false);
  connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) { follow(url.toString()); });

  auto* shapes = new QWidget(split);
  auto* shapesColumn = new QVBoxLayout(shapes);
  shapesColumn->setContentsMargins(0, 0, 0, 0);
  auto* targetRow = new QHBoxLayout();
  shapesTitle_ = new QLabel(tr("Candidate shapes at target time"), shapes);
  target_ = new QDoubleSpinBox(shapes);
  target_->setRange(0, 1e15);
  target_->setDecimals(0);
  target_->setSpecialValueText(tr("current MT"));
  target_->setToolTip(
      tr("Pareto-optimal shapes whose time is at most this (0 = the layout's MT, so that a shape "
         "never raises it)"));
  targetRow->addWidget(shapesTitle_, 1);
  targetRow->addWidget(target_);
  shapesColumn->addLayout(targetRow);
  table_ = new QTableWidget(0, 6, shapes);
  table_->setHorizontalHeaderLabels({tr("h × w"), tr("Time"), tr("Memory"), tr("R"), tr("Arguments"), tr("")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  shapesColumn->addWidget(table_);
  apply_ = new QPushButton(tr("Apply Shape"), shapes);
  apply_->setToolTip(tr("Give the kernel the selected shape and arguments (double-click a row does the same)"));
  shapesColumn->addWidget(apply_, 0, Qt::AlignRight);
  column->addWidget(split, 1);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 2);

  auto* buttons = new QHBoxLayout();
  pinned_ = new QCheckBox(tr("Pinned"), this);
  pinned_->setToolTip(tr("Pinned kernels keep their place and shape in every run"));
  rotate_ = new QPushButton(tr("Rotate"), this);
  rotate_->setToolTip(tr("Switch between R0 and R90 (moves to the nearest free place if needed)"));
  zoom_ = new QPushButton(tr("Zoom to"), this);
  buttons->addWidget(pinned_);
  buttons->addStretch();
  buttons->addWidget(rotate_);
  buttons->addWidget(zoom_);
  column->addLayout(buttons);

  connect(pinned_, &QCheckBox::toggled, this, [this](bool on) {
    if (!updating_) doc_->setPinned(canvas_->selectedKernels(), on);
  });
  connect(rotate_, &QPushButton::clicked, this, [this] {
    QString why;
    if (int k = selectedKernel(); k >= 0 && !doc_->rotate(k, &why)) emit message(tr("Rotate refused: %1").arg(why));
  });
  connect(zoom_, &QPushButton::clicked, canvas_, &WseCanvas::zoomToSelection);
  connect(apply_, &QPushButton::clicked, this, [this] { applyCandidate(table_->currentRow()); });
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { applyCandidate(row); });
  connect(target_, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &WseInspector::refreshCandidates);
  connect(canvas_, &WseCanvas::selectionChanged, this, &WseInspector::refresh);
  connect(doc_, &WseDocument::changed, this, &WseInspector::refresh);
  connect(doc_, &WseDocument::opened, this, [this] { target_->setValue(0); });
  refresh();
}

QString WseInspector::html() const {
  return text_->toHtml();
}

int WseInspector::selectedKernel() const {
  std::vector<int> sel = doc_->isOpen() ? canvas_->selectedKernels() : std::vector<int>{};
  return sel.size() == 1 ? sel.front() : -1;
}

void WseInspector::follow(const QString& link) {
  if (!doc_->isOpen() || !link.startsWith("kernel:")) return;
  int k = link.mid(7).toInt();
  if (k < 0 || k >= doc_->graph().kernelCount()) return;
  canvas_->setSelectedKernels({k});
  canvas_->zoomToSelection();
}

void WseInspector::setTarget(double target) {
  target_->setValue(target);
}

void WseInspector::refresh() {
  updating_ = true;
  const std::vector<int> sel = doc_->isOpen() ? canvas_->selectedKernels() : std::vector<int>{};
  if (!doc_->isOpen()) {
    text_->setHtml(tr("<i>No kernel graph open.</i>"));
  } else if (sel.size() == 1) {
    text_->setHtml(wseKernelHtml(doc_->graph(), doc_->layout(), sel.front(), true));
  } else if (!sel.empty()) {
    QStringList names;
    for (int k : sel)
      names << QStringLiteral("<a href=\"kernel:%1\">%2</a>")
                   .arg(k)
                   .arg(QString::fromStdString(doc_->graph().kernels[size_t(k)].name).toHtmlEscaped());
    text_->setHtml(tr("<b>%1 kernels selected</b><br>%2").arg(sel.size()).arg(names.join(", ")));
  } else {
    const wse::KernelGraph& g = doc_->graph();
    text_->setHtml(
        tr("<b>%1</b> (%2)<br>%3 kernels, %4 kernel edges, fabric %5 × %6, memory limit %7<br>"
           "weights: MT %8 · WL %9 · AC %10<br>layout from %11<br>%12")
            .arg(QFileInfo(doc_->filePath()).fileName().toHtmlEscaped(), QString::fromStdString(g.test).toHtmlEscaped())
            .arg(g.kernelCount())
            .arg(g.kernelEdges.size())
            .arg(g.width)
            .arg(g.height)
            .arg(wseNumber(g.memlimit), wseNumber(g.wdeltat), wseNumber(g.wlength), wseNumber(g.wadapter),
                 doc_->layoutSource().toHtmlEscaped(), wseQorSummary(doc_->evaluation()).toHtmlEscaped()));
  }
  int pinned = 0, placed = 0;
  for (int k : sel) {
    const wse::PlacedKernel& p = doc_->layout().kernels[size_t(k)];
    placed += p.placed;
    pinned += p.placed && p.pinned;
  }
  pinned_->setEnabled(placed > 0);
  pinned_->setTristate(pinned > 0 && pinned < placed);
  pinned_->setCheckState(pinned == 0 ? Qt::Unchecked : pinned == placed ? Qt::Checked : Qt::PartiallyChecked);
  const int one = selectedKernel();
  rotate_->setEnabled(one >= 0 && doc_->layout().kernels[size_t(one)].placed);
  zoom_->setEnabled(!sel.empty());
  updating_ = false;
  refreshCandidates();
}

void WseInspector::refreshCandidates() {
  const int k = selectedKernel();
  const bool usable = k >= 0 && doc_->layout().kernels[size_t(k)].placed;
  const double target = target_->value() > 0 ? target_->value() : doc_->evaluation().mt;
  candidates_ = usable ? doc_->candidates(k, target) : std::vector<wse::Candidate>{};
  shownKernel_ = usable ? k : -1;
  shapesTitle_->setText(usable
                            ? tr("Shapes of %1 with time ≤ %2")
                                  .arg(QString::fromStdString(doc_->graph().kernels[size_t(k)].name), wseNumber(target))
                            : tr("Select one kernel to see its candidate shapes"));
  table_->setRowCount(int(candidates_.size()));
  const wse::PlacedKernel* current = usable ? &doc_->layout().kernels[size_t(k)] : nullptr;
  for (int row = 0; row < int(candidates_.size()); ++row) {
    const wse::Candidate& c = candidates_[size_t(row)];
    const bool isCurrent = current && current->args == c.args && current->rotated == c.rotated;
    const QString cells[] = {QStringLiteral("%1 × %2").arg(c.height).arg(c.width),
                             wseNumber(c.time),
                             wseNumber(c.memory),
                             c.rotated ? QStringLiteral("R90") : QStringLiteral("R0"),
                             wseExecArgs(c.args),
                             isCurrent ? tr("current") : QString()};
    for (int col = 0; col < 6; ++col) {
      auto* item = new QTableWidgetItem(cells[col]);
      if (isCurrent) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
      table_->setItem(row, col, item);
    }
  }
  apply_->setEnabled(!candidates_.empty() && !(current && current->pinned));
}

bool WseInspector::applyCandidate(int row) {
  if (row < 0 || row >= int(candidates_.size()) || shownKernel_ < 0) return false;
  const wse::Candidate c = candidates_[size_t(row)];
  QString why;
  WseEdit e = doc_->checkShape(shownKernel_, c.args, c.rotated);
  if (!doc_->setShape(shownKernel_, c.args, c.rotated, &why)) {
    emit message(tr("Shape refused: %1").arg(why));
    return false;
  }
  emit message(e.reason.isEmpty() ? e.summary() : e.reason + QStringLiteral(" · ") + e.summary());
  return true;
}

}  // namespace ts::ui
