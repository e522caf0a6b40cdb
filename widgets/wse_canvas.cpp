#include "widgets/wse_canvas.h"

#include <QPainter>

#include "widgets/aie_painter.h"
#include "widgets/wse_solution.h"

namespace ts::ui {

WseCanvas::WseCanvas(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(320, 240);
}

WseCanvas::~WseCanvas() = default;

void WseCanvas::setSolution(std::shared_ptr<const WseSolution> solution) {
  solution_ = std::move(solution);
  update();
}

void WseCanvas::setShowEdges(bool show) {
  options_.edges = show;
  update();
}

QRectF WseCanvas::fabricRect() const {
  if (!solution_) return {};
  return WseFrame(rect(), solution_->graph.width, solution_->graph.height).fabric();
}

QRectF WseCanvas::kernelRect(int k) const {
  if (!solution_) return {};
  return wseKernelRect(WseFrame(rect(), solution_->graph.width, solution_->graph.height), *solution_, k);
}

void WseCanvas::paintEvent(QPaintEvent*) {
  QPainter p(this);
  if (solution_) {
    paintWse(p, rect(), *solution_, options_);
    return;
  }
  p.fillRect(rect(), WsePalette::background());
  p.setFont(AiePainter::font(13));
  p.setPen(WsePalette::mutedText());
  p.drawText(rect(), Qt::AlignCenter, tr("No WSE kernel graph open"));
}

}  // namespace ts::ui
