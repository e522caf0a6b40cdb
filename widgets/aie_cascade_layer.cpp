#include "widgets/aie_cascade_layer.h"

#include <QPainterPath>
#include <cmath>

namespace ts::ui {

void paintCascades(QPainter& p, const AieScene& scene, const ViewTransform& view) {
  if (!scene.valid() || scene.design->cascades.empty()) return;
  const double cell = view.scale;
  const QColor ok(0xd4, 0xa0, 0x17), broken(0xd3, 0x2f, 0x2f);
  p.save();
  for (const aie::Cascade& c : scene.design->cascades) {
    QRectF a = scene.coreWorldRect(c.from), b = scene.coreWorldRect(c.to);
    if (a.isEmpty() || b.isEmpty()) continue;
    const bool legal = scene.device->canCascade(scene.placement->tile(c.from), scene.placement->tile(c.to));
    QPointF from = view.toScreen(a.center()), to = view.toScreen(b.center());
    QLineF line(from, to);
    if (line.length() < 1) continue;
    // Start and end at the glyph edges so the arrow sits between the two cores.
    const double inset = std::min(line.length() * 0.3, cell * 0.3);
    QLineF shaft(line.pointAt(inset / line.length()), line.pointAt(1 - inset / line.length()));
    QPen pen(legal ? ok : broken, std::max(1.5, cell * 0.07), legal ? Qt::SolidLine : Qt::DashLine, Qt::RoundCap);
    p.setPen(pen);
    p.drawLine(shaft);
    // Arrowhead at the destination.
    const double head = std::max(4.0, cell * 0.14), angle = std::atan2(shaft.dy(), shaft.dx());
    QPainterPath arrow;
    arrow.moveTo(shaft.p2());
    arrow.lineTo(shaft.p2() - QPointF(std::cos(angle - 0.45) * head, std::sin(angle - 0.45) * head));
    arrow.lineTo(shaft.p2() - QPointF(std::cos(angle + 0.45) * head, std::sin(angle + 0.45) * head));
    arrow.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(legal ? ok : broken);
    p.drawPath(arrow);
    if (!legal) {  // a cross marks the broken cascade
      const QPointF m = shaft.center();
      const double r = std::max(3.0, cell * 0.09);
      p.setPen(QPen(broken, std::max(1.5, cell * 0.05)));
      p.drawLine(m + QPointF(-r, -r), m + QPointF(r, r));
      p.drawLine(m + QPointF(-r, r), m + QPointF(r, -r));
    }
  }
  p.restore();
}

}  // namespace ts::ui
