#pragma once
// The document's problems (placement-check violations and resource over-use); clicking one
// selects the cores/tile involved and zooms to them.
#include <QListWidget>

namespace ts::ui {

class AieCanvas;
class AieDocument;

class ProblemList : public QListWidget {
  Q_OBJECT
 public:
  ProblemList(AieDocument* document, AieCanvas* canvas, QWidget* parent = nullptr);

 signals:
  void countChanged(int problems);

 private:
  void refresh();
  void activate(QListWidgetItem* item);

  AieDocument* doc_;
  AieCanvas* canvas_;
};

}  // namespace ts::ui
