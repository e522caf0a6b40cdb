#pragma once
// Drawing of a WSE layout: the fabric with a coordinate grid, every placed kernel as a
// rectangle coloured by type, kernel-to-kernel data edges between centres, a title line with
// the evaluator's QoR and a legend. Fabric y grows upwards (placers pack rows from the bottom).
#include <QColor>
#include <QRectF>

#include "engine/wse/kernel_library.h"
#include "engine/wse/layout.h"

class QPainter;

namespace ts::ui {

struct WseSolution;

struct WsePalette {
  static QColor background() { return QColor(0xf4, 0xf5, 0xf7); }
  static QColor fabric() { return QColor(0xff, 0xff, 0xff); }
  static QColor fabricBorder() { return QColor(0x8a, 0x94, 0xa6); }
  static QColor gridLine() { return QColor(0xe4, 0xe7, 0xec); }
  static QColor kernel(wse::KernelType type);
  static QColor edge() { return QColor(0x1f, 0x27, 0x33, 200); }
  static QColor critical() { return QColor(0x11, 0x14, 0x18); }
  static QColor violation() { return QColor(0xd6, 0x27, 0x28); }
  static QColor text() { return QColor(0x2b, 0x33, 0x40); }
  static QColor mutedText() { return QColor(0x6b, 0x75, 0x85); }
};

/// Where the fabric goes in a picture of `size`: scaled to fit between the title line, the
/// axis labels and the legend, centred horizontally; rectangles are snapped to whole pixels.
class WseFrame {
 public:
  WseFrame(const QRectF& picture, int fabricWidth, int fabricHeight);
  double scale() const { return scale_; }
  const QRectF& fabric() const { return fabric_; }
  /// A rectangle in fabric tiles as pixels.
  QRectF box(const wse::Box& b) const;
  QPointF point(double x, double y) const;

 private:
  QRectF fabric_;
  double scale_ = 1;
};

struct WseDrawOptions {
  bool edges = true;
  bool names = true;
};

/// Kernel `k`'s rectangle in pixels; empty when it is unplaced or its arguments give no shape.
QRectF wseKernelRect(const WseFrame& frame, const WseSolution& solution, int k);

/// Paints `solution` into `picture` (background included).
void paintWse(QPainter& p, const QRectF& picture, const WseSolution& solution, const WseDrawOptions& options);

}  // namespace ts::ui
