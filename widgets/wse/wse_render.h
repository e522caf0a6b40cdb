#pragma once
// Pictures of a WSE layout without a window (`tilestudio-cli render X.kgraph -p X.paint`):
// the scene and painter the canvas uses, over a graph and layout read from files, with the
// same title line, so that the CLI's picture and the studio's whole-fabric export agree.
#include <QString>

#include "widgets/wse/wse_painter.h"

namespace ts::ui {

class WseRender {
 public:
  /// `graph` and `layout` must outlive this object. `title` as the canvas writes it
  /// ("G.kgraph · layout from G.paint").
  WseRender(const wse::KernelGraph& graph, const wse::Layout& layout, const QString& title);

  WseScene& scene() { return scene_; }
  const WsePainter& painter() const { return painter_; }
  const wse::Evaluation& evaluation() const { return evaluation_; }

 private:
  wse::Evaluation evaluation_;
  WseScene scene_;
  WsePainter painter_;
};

}  // namespace ts::ui
