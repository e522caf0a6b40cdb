#pragma once
// The planner's ranking as a table, one row per kernel in rank order: m_ct×k_ct×n_ct, MACs/cycle,
// L1 and L2 use, peak compute TOPS, padded GEMM size, predicted TOPS and what bounds it (all
// model figures). One row is selected at a time.
#include <QTableWidget>
#include <vector>

#include "engine/aie/gemm/planner.h"

namespace ts::ui {

class CandidateTable : public QTableWidget {
  Q_OBJECT
 public:
  enum Column { Rank, Kernel, MacsPerCycle, L1, L2, PeakTops, Padded, PredictedTops, Bound, ColumnCount };

  explicit CandidateTable(QWidget* parent = nullptr);

  /// Shows `ranked` (best first); no row selected.
  void setCandidates(const std::vector<aie::gemm::Candidate>& ranked);
  /// Selects row `index` (-1: none) and scrolls to it, without emitting selectedChanged.
  void selectCandidate(int index);
  /// The selected row (= index in the ranking), -1 when none.
  int selectedCandidate() const;

 signals:
  void selectedChanged(int index);
  /// Enter or a double click on a row: the user wants its design.
  void openRequested(int index);
};

}  // namespace ts::ui
