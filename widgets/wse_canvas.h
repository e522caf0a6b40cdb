#pragma once
// Read-only view of a WSE layout: the whole fabric scaled to fit the widget (no zoom or
// selection yet), drawn by paintWse().
#include <QWidget>
#include <memory>

#include "widgets/wse_painter.h"

namespace ts::ui {

struct WseSolution;

class WseCanvas : public QWidget {
  Q_OBJECT
 public:
  explicit WseCanvas(QWidget* parent = nullptr);
  ~WseCanvas() override;

  void setSolution(std::shared_ptr<const WseSolution> solution);
  /// Null when nothing is shown.
  const WseSolution* solution() const { return solution_.get(); }

  void setShowEdges(bool show);
  bool showEdges() const { return options_.edges; }

  /// Where the fabric and kernel `k` are drawn, in widget pixels (empty when not drawn).
  QRectF fabricRect() const;
  QRectF kernelRect(int k) const;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::shared_ptr<const WseSolution> solution_;
  WseDrawOptions options_;
};

}  // namespace ts::ui
