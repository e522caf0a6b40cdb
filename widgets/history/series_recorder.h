#pragma once
// Collects a run's QoR samples as chart series (term -> points) for its history record, and
// decimates them to what the record keeps.
#include <QMap>
#include <QPointF>
#include <QString>
#include <QVector>

#include "engine/core/run_context.h"

namespace ts::ui {

class SeriesRecorder {
 public:
  /// Points kept per term in a record (min/max per bucket keeps the shape).
  static constexpr int kKeptPoints = 600;

  void add(const core::QorSample& sample);
  void clear() { series_.clear(); }
  /// The series, each decimated to kKeptPoints.
  QMap<QString, QVector<QPointF>> decimated() const;
  int points(const QString& term) const { return series_.value(term).size(); }
  /// Every point received so far.
  const QMap<QString, QVector<QPointF>>& all() const { return series_; }

 private:
  QMap<QString, QVector<QPointF>> series_;
};

}  // namespace ts::ui
