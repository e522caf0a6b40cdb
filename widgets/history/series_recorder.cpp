#include "widgets/history/series_recorder.h"

#include <cmath>

#include "widgets/chart_style.h"

namespace ts::ui {

void SeriesRecorder::add(const core::QorSample& sample) {
  for (const auto& [name, value] : sample.terms)
    if (std::isfinite(value)) series_[QString::fromStdString(name)].append(QPointF(sample.elapsedSeconds, value));
}

QMap<QString, QVector<QPointF>> SeriesRecorder::decimated() const {
  QMap<QString, QVector<QPointF>> out;
  for (auto it = series_.begin(); it != series_.end(); ++it)
    out.insert(it.key(), decimatePoints(it.value(), kKeptPoints));
  return out;
}

}  // namespace ts::ui
