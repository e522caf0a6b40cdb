#include "widgets/compare/metrics_table.h"

#include <QHeaderView>
#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/core/atomic_file.h"
#include "widgets/theme.h"

namespace ts::ui {

namespace {
constexpr int kFixedColumns = 2;  // run, state
constexpr int kStateColumn = 1;
// A failed run's state is its reason, which can be a sentence: wider than this it is cut with an
// ellipsis (the whole reason in the tooltip), so the metrics stay in view.
constexpr int kMaxStateWidth = 220;
const QString kSecondsKey = QStringLiteral("seconds");
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString csvField(QString s) {
  if (s.contains(',') || s.contains('"') || s.contains('\n')) s = '"' + s.replace('"', "\"\"") + '"';
  return s;
}
}  // namespace

QColor MetricsTable::bestBackground(const QPalette& palette) {
  // A pale green under the light palette's dark text, a deep one under the dark palette's light text.
  return isDarkPalette(palette) ? QColor(0x2e, 0x5a, 0x37) : QColor(0xd7, 0xef, 0xd9);
}

MetricsTable::MetricsTable(QWidget* parent) : QTableWidget(parent) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  verticalHeader()->setVisible(false);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
  setTextElideMode(Qt::ElideRight);
  connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (row >= 0 && row < int(rows_.size())) emit runActivated(rows_[size_t(row)].runId);
  });
}

void MetricsTable::setMetricColumns(const std::vector<MetricColumn>& columns) {
  columns_ = columns;
  columns_.push_back({kSecondsKey, tr("wall s"),
                      tr("wall time of the run in seconds, pauses excluded; lower is better"),
                      MetricColumn::Better::Lower, 2});
  fill();
}

void MetricsTable::setRows(const std::vector<Row>& rows) {
  rows_ = rows;
  fill();
}

double MetricsTable::value(int row, const QString& key) const {
  if (row < 0 || row >= int(rows_.size()) || !rows_[size_t(row)].record) return kNaN;
  const RunRecord& r = *rows_[size_t(row)].record;
  if (key == kSecondsKey) return r.seconds;
  return r.payload ? r.payload->metric(key) : kNaN;
}

bool MetricsTable::succeeded(int row) const {
  for (const MetricColumn& c : columns_)
    if (c.yesNo && !(value(row, c.key) > 0)) return false;
  return true;
}

std::vector<int> MetricsTable::bestRows(const QString& key) const {
  const MetricColumn* column = nullptr;
  for (const MetricColumn& c : columns_)
    if (c.key == key) column = &c;
  std::vector<int> out;
  if (!column || column->better == MetricColumn::Better::None) return out;
  // Figures of a failed run (a partial placement's few DMA channels, a quick failure's wall
  // time) do not win a column while some run succeeded.
  std::vector<int> candidates;
  for (int row = 0; row < int(rows_.size()); ++row)
    if (column->yesNo || succeeded(row)) candidates.push_back(row);
  if (candidates.empty())
    for (int row = 0; row < int(rows_.size()); ++row) candidates.push_back(row);
  double best = kNaN;
  for (int row : candidates) {
    double v = value(row, key);
    if (std::isnan(v)) continue;
    if (std::isnan(best) || (column->better == MetricColumn::Better::Lower ? v < best : v > best)) best = v;
  }
  if (std::isnan(best)) return out;
  // Equal as shown: values that print the same are a tie.
  const double tolerance = 0.5 * std::pow(10.0, -column->decimals) + 1e-12;
  for (int row : candidates)
    if (std::abs(value(row, key) - best) <= tolerance) out.push_back(row);
  // A column where every run has the same value marks nothing.
  int withValue = 0;
  for (int row : candidates) withValue += !std::isnan(value(row, key));
  if (int(out.size()) == withValue && withValue > 1) out.clear();
  return out;
}

void MetricsTable::fill() {
  clear();
  setColumnCount(kFixedColumns + int(columns_.size()));
  setRowCount(int(rows_.size()));
  QStringList headers{tr("run"), tr("state")};
  for (const MetricColumn& c : columns_) headers << c.title;
  setHorizontalHeaderLabels(headers);
  for (int i = 0; i < int(columns_.size()); ++i)
    horizontalHeaderItem(kFixedColumns + i)->setToolTip(columns_[size_t(i)].tip);
  for (int row = 0; row < int(rows_.size()); ++row) {
    const Row& r = rows_[size_t(row)];
    auto* name = new QTableWidgetItem(r.title);
    QPixmap swatch(12, 12);
    swatch.fill(r.colour);
    name->setIcon(QIcon(swatch));
    setItem(row, 0, name);
    auto* state = new QTableWidgetItem(r.state);
    state->setToolTip(r.state);
    setItem(row, kStateColumn, state);
    for (int i = 0; i < int(columns_.size()); ++i) {
      const MetricColumn& c = columns_[size_t(i)];
      double v = value(row, c.key);
      QString text;
      if (!std::isnan(v))
        text = c.yesNo ? (v > 0 ? tr("yes") : tr("no")) : QString::number(v, 'f', c.decimals);
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      setItem(row, kFixedColumns + i, item);
    }
  }
  for (int i = 0; i < int(columns_.size()); ++i) {
    for (int row : bestRows(columns_[size_t(i)].key)) {
      QTableWidgetItem* item = this->item(row, kFixedColumns + i);
      QFont f = item->font();
      f.setBold(true);
      item->setFont(f);
      item->setBackground(bestBackground(palette()));
      item->setText(QStringLiteral("★ ") + item->text());
      item->setToolTip(tr("best %1").arg(columns_[size_t(i)].title));
    }
  }
  QHeaderView* header = horizontalHeader();
  const int wanted = std::max(sizeHintForColumn(kStateColumn), header->sectionSizeHint(kStateColumn));
  const bool cut = wanted > kMaxStateWidth;
  header->setSectionResizeMode(kStateColumn, cut ? QHeaderView::Interactive : QHeaderView::ResizeToContents);
  if (cut) header->resizeSection(kStateColumn, kMaxStateWidth);
}

QString MetricsTable::csv() const {
  QStringList header{"run", "algorithm", "seed", "settings", "state"};
  for (const MetricColumn& c : columns_) header << c.key;
  QStringList lines{header.join(',')};
  for (int row = 0; row < int(rows_.size()); ++row) {
    const Row& r = rows_[size_t(row)];
    QStringList settings;
    QStringList fields{csvField(r.title)};
    if (r.record) {
      for (const auto& [k, v] : r.record->settings) settings << QString::fromStdString(k + "=" + v);
      fields << csvField(r.record->algorithm) << QString::number(r.record->seed);
    } else {
      fields << QString() << QString();
    }
    fields << csvField(settings.join(';')) << csvField(r.state);
    for (const MetricColumn& c : columns_) {
      double v = value(row, c.key);
      fields << (std::isnan(v) ? QString() : QString::number(v, 'g', 10));
    }
    lines << fields.join(',');
  }
  return lines.join('\n') + '\n';
}

void MetricsTable::exportCsv(const QString& path) const {
  core::writeFileAtomically(path.toStdString(), csv().toStdString());
}

}  // namespace ts::ui
