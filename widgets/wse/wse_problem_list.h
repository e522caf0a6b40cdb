#pragma once
// The evaluator's problems with the current WSE layout (overlaps, kernels outside the fabric,
// memory over the limit), then one line for all unplaced kernels; clicking one selects its
// kernels and zooms to them.
#include <QListWidget>

namespace ts::ui {

class WseCanvas;
class WseDocument;

class WseProblemList : public QListWidget {
  Q_OBJECT
 public:
  WseProblemList(WseDocument* document, WseCanvas* canvas, QWidget* parent = nullptr);

 signals:
  void countChanged(int problems);

 private:
  void refresh();

  WseDocument* doc_;
  WseCanvas* canvas_;
};

}  // namespace ts::ui
