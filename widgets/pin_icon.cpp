#include "widgets/pin_icon.h"

#include <QPainter>
#include <QPixmap>

#include "widgets/aie_painter.h"

namespace ts::ui {

QIcon pinIcon() {
  static const QIcon icon = [] {
    QIcon i;
    for (int side : {16, 32}) {
      QPixmap pm(side, side);
      pm.fill(Qt::transparent);
      QPainter p(&pm);
      p.setRenderHint(QPainter::Antialiasing, true);
      AiePainter::drawPadlock(p, QRectF(side * 0.2, side * 0.1, side * 0.6, side * 0.8), QColor(0x44, 0x4c, 0x5a));
      p.end();
      i.addPixmap(pm);
    }
    return i;
  }();
  return icon;
}

}  // namespace ts::ui
