#pragma once
// The compare window's table: a row per run (in its colour) and a column per metric of the
// kind plus the run's wall time; the best value of each column is marked (bold on green), and
// the table exports as CSV.
#include <QColor>
#include <QTableWidget>
#include <vector>

#include "widgets/history/run_record.h"

namespace ts::ui {

class MetricsTable : public QTableWidget {
  Q_OBJECT
 public:
  struct Row {
    int runId = 0;
    QString title;
    QColor colour;
    QString state;                      ///< "finished", "stopped", "running 3.2 s", ...
    const RunRecord* record = nullptr;  ///< null while the run is going
  };

  explicit MetricsTable(QWidget* parent = nullptr);

  /// The kind's columns; wall time is added after them.
  void setMetricColumns(const std::vector<MetricColumn>& columns);
  void setRows(const std::vector<Row>& rows);

  /// Value shown in `row` for a column key (NaN when empty); "seconds" is the wall time.
  double value(int row, const QString& key) const;
  /// Rows holding the best value of a column (several on a tie; none when it has no "better"),
  /// among the runs that succeeded when any did.
  std::vector<int> bestRows(const QString& key) const;
  /// Whether the run of `row` says yes in every yes/no column (success, legal).
  bool succeeded(int row) const;
  QString csv() const;
  /// Background of a best value: green, readable with the palette's text on light and dark themes.
  static QColor bestBackground(const QPalette& palette);
  /// Writes csv() to `path` atomically; throws core::Error.
  void exportCsv(const QString& path) const;

 signals:
  void runActivated(int runId);

 private:
  void fill();

  std::vector<MetricColumn> columns_;
  std::vector<Row> rows_;
};

}  // namespace ts::ui
