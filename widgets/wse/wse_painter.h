#pragma once
// Drawing of a WSE scene, shared by the studio's canvas, its PNG/SVG export and
// `tilestudio-cli render`: the fabric, row bands with their dead space hatched, kernels
// coloured by type (or by time / memory relative to the maximum), pins, data-path connections
// with adapter mismatches marked, the critical kernel, problems, the selection, and a legend
// with the QoR. Level of detail follows the tile size on screen: a coarse grid and no borders
// when the whole 633 x 633 fabric is in view, tile lines, names and adapter labels as one
// zooms in; only what intersects the view is drawn.
#include <QColor>
#include <QRectF>
#include <QString>
#include <vector>

#include "widgets/scene_painter.h"
#include "widgets/wse/wse_scene.h"

namespace ts::ui {

struct WsePalette {
  static QColor background() { return QColor(0xf4, 0xf5, 0xf7); }
  static QColor fabric() { return QColor(0xff, 0xff, 0xff); }
  static QColor fabricBorder() { return QColor(0x8a, 0x94, 0xa6); }
  static QColor gridLine() { return QColor(0xe4, 0xe7, 0xec); }
  static QColor coarseGridLine() { return QColor(0xcf, 0xd4, 0xdc); }
  static QColor kernel(wse::KernelType type);
  static QColor edge() { return QColor(0x1f, 0x27, 0x33, 200); }
  static QColor adapterMismatch() { return QColor(0xef, 0x6c, 0x00); }
  static QColor critical() { return QColor(0x11, 0x14, 0x18); }
  static QColor violation() { return QColor(0xd6, 0x27, 0x28); }
  static QColor selection() { return QColor(0x1e, 0x63, 0xd6); }
  static QColor deadSpace() { return QColor(0xb8, 0xbf, 0xca); }
  static QColor rowLine() { return QColor(0x7a, 0x86, 0x99); }
  static QColor legal() { return QColor(0x2e, 0xa0, 0x43); }
  static QColor text() { return QColor(0x2b, 0x33, 0x40); }
  static QColor mutedText() { return QColor(0x6b, 0x75, 0x85); }
};

class WsePainter : public ScenePainter {
 public:
  explicit WsePainter(const WseScene* scene = nullptr) : scene_(scene) {}
  void setScene(const WseScene* scene) { scene_ = scene; }
  /// First legend line, e.g. "G.kgraph · layout from G.paint" (the QoR follows it).
  void setTitle(const QString& title) { title_ = title; }
  /// Shown in the middle of the fabric (e.g. "Placing with CU.POKer…"); empty = none.
  void setMessage(const QString& message) { message_ = message; }
  const QString& message() const { return message_; }

  QSizeF worldSize() const override;
  void paint(QPainter& painter, const ViewTransform& view, const QRectF& pixelRect) const override;
  double footerHeight() const override;

 private:
  struct Frame;
  void paintRows(QPainter& p, const Frame& f) const;
  void paintRowLabels(QPainter& p, const Frame& f) const;
  /// Tile and coarse grid lines (under the kernels), or the coordinates (over them).
  void paintGrid(QPainter& p, const Frame& f, bool labels) const;
  void paintKernels(QPainter& p, const Frame& f) const;
  void paintEdges(QPainter& p, const Frame& f) const;
  void paintOutlines(QPainter& p, const Frame& f) const;
  void paintLegend(QPainter& p, const Frame& f) const;
  QColor fill(int k) const;

  const WseScene* scene_;
  QString title_, message_;
};

/// Adds `box` to `placed` unless it overlaps one of them (labels kept apart); true if added.
bool placeApart(std::vector<QRectF>& placed, const QRectF& box);

}  // namespace ts::ui
