#include "widgets/gemm/candidate_table.h"

#include <QHeaderView>
#include <QSignalBlocker>

#include "widgets/gemm/plan_text.h"

namespace ts::ui {

namespace {
QTableWidgetItem* cell(const QString& text, bool number, const QString& tooltip) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(int(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
  item->setToolTip(tooltip);
  return item;
}
}  // namespace

CandidateTable::CandidateTable(QWidget* parent) : QTableWidget(0, ColumnCount, parent) {
  const QStringList headers = {tr("Rank"),         tr("Kernel m×k×n"),      tr("MACs/cycle"),
                               tr("L1"),           tr("L2 (memory tiles)"), tr("Peak TOPS"),
                               tr("Padded M×K×N"), tr("Predicted TOPS"),    tr("Bound")};
  const QStringList tips = {
      tr("Rank by predicted TOPS (model)"),
      tr("Single-core kernel m_ct × k_ct × n_ct (Sec. 4.5.1: multiples of the vector intrinsic, fits L1)"),
      tr("Model: MACs per cycle one core sustains with this kernel"),
      tr("Eq. 5: double-buffered A and B, single C, as a share of the core's 64 KB"),
      tr("Model: double-buffered A and B tiles and the C join, all memory tiles together"),
      tr("Model: every core at this kernel's MACs/cycle"),
      tr("M, K, N rounded up to multiples of the native GEMM size of this kernel"),
      tr("Model: 2MKN over the larger of compute time and DRAM time (Eqs. 6-10)"),
      tr("Model: which of compute time and DRAM time is larger")};
  setHorizontalHeaderLabels(headers);
  for (int c = 0; c < ColumnCount; ++c) horizontalHeaderItem(c)->setToolTip(tips[c]);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setAlternatingRowColors(true);
  verticalHeader()->setVisible(false);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  connect(this, &QTableWidget::itemSelectionChanged, this, [this] { emit selectedChanged(selectedCandidate()); });
  connect(this, &QAbstractItemView::activated, this, [this](const QModelIndex& i) { emit openRequested(i.row()); });
}

void CandidateTable::setCandidates(const std::vector<aie::gemm::Candidate>& ranked) {
  QSignalBlocker block(this);
  clearContents();
  setRowCount(int(ranked.size()));
  for (int r = 0; r < int(ranked.size()); ++r) {
    const aie::gemm::Candidate& c = ranked[size_t(r)];
    const QString tip = candidateTooltip(c);
    setItem(r, Rank, cell(QString::number(c.rank), true, tip));
    setItem(r, Kernel, cell(kernelText(c.kernel), false, tip));
    setItem(r, MacsPerCycle, cell(QString::number(c.macsPerCycle, 'f', 1), true, tip));
    setItem(r, L1, cell(tr("%1 (%2 %)").arg(bytesText(c.l1Bytes)).arg(c.l1Fraction * 100, 0, 'f', 0), true, tip));
    setItem(r, L2, cell(tr("%1 (%2 %)").arg(bytesText(c.l2Bytes)).arg(c.l2Fraction * 100, 0, 'f', 0), true, tip));
    setItem(r, PeakTops, cell(QString::number(c.peakComputeTops, 'f', 2), true, tip));
    setItem(r, Padded, cell(sizeText(c.padded), false, tip));
    setItem(r, PredictedTops, cell(QString::number(c.predictedTops, 'f', 2), true, tip));
    setItem(r, Bound, cell(c.computeBound ? tr("compute") : tr("memory"), false, tip));
  }
  resizeColumnsToContents();  // once, not per cell (ResizeToContents mode would measure on every change)
  clearSelection();
}

void CandidateTable::selectCandidate(int index) {
  QSignalBlocker block(this);
  if (index < 0 || index >= rowCount()) {
    clearSelection();
    return;
  }
  selectRow(index);
  scrollToItem(item(index, Rank));
}

int CandidateTable::selectedCandidate() const {
  const QList<QTableWidgetSelectionRange> ranges = selectedRanges();
  return ranges.isEmpty() ? -1 : ranges.first().topRow();
}

}  // namespace ts::ui
