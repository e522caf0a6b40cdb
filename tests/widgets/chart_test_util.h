#pragma once
// What the chart tests share: the texts a chart view draws (titles, axis labels), to check
// that none is cut short with "…".
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QStringList>
#include <QtCharts/QChartView>

namespace ts::test {

inline QStringList chartTexts(QtCharts::QChartView* view) {
  QStringList out;
  for (QGraphicsItem* item : view->scene()->items()) {
    if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) out << t->toPlainText();
    if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item)) out << t->text();
  }
  return out;
}

/// True when no text of the view is elided.
inline bool noElidedText(QtCharts::QChartView* view, QString* elided) {
  for (const QString& t : chartTexts(view))
    if (t.contains(QChar(0x2026)) || t.contains("...")) {
      *elided = t;
      return false;
    }
  return true;
}

}  // namespace ts::test
