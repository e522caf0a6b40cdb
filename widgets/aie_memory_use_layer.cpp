#include "widgets/aie_memory_use_layer.h"

#include "widgets/aie_painter.h"

namespace ts::ui {

void paintMemoryUses(QPainter& p, const AieScene& scene, const ViewTransform& view) {
  if (!scene.valid() || scene.design->memoryUses.empty()) return;
  const double cell = view.scale;
  const QColor ok = AiePalette::memoryUse(), broken = AiePalette::violation();
  p.save();
  for (const aie::MemoryUse& u : scene.design->memoryUses) {
    const QRectF a = scene.coreWorldRect(u.user), b = scene.coreWorldRect(u.owner);
    if (a.isEmpty() || b.isEmpty()) continue;
    const bool legal = scene.device->reachesMemory(scene.placement->tile(u.user), scene.placement->tile(u.owner));
    const QLineF line(view.toScreen(a.center()), view.toScreen(b.center()));
    if (line.length() < 1) continue;
    // Between the glyph edges, like the cascade arrows, with a dot at the owner's end.
    const double inset = std::min(line.length() * 0.3, cell * 0.3);
    const QLineF shaft(line.pointAt(inset / line.length()), line.pointAt(1 - inset / line.length()));
    const QColor colour = legal ? ok : broken;
    p.setPen(QPen(colour, std::max(1.2, cell * 0.05), legal ? Qt::DotLine : Qt::DashLine, Qt::RoundCap));
    p.drawLine(shaft);
    const double r = std::max(2.5, cell * 0.07);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawEllipse(shaft.p2(), r, r);
    if (!legal) {  // a cross marks the use out of reach
      const QPointF m = shaft.center();
      p.setPen(QPen(broken, std::max(1.5, cell * 0.05)));
      p.drawLine(m + QPointF(-r, -r), m + QPointF(r, r));
      p.drawLine(m + QPointF(-r, r), m + QPointF(r, -r));
    }
  }
  p.restore();
}

}  // namespace ts::ui
