#include "widgets/wse/wse_render.h"

namespace ts::ui {

WseRender::WseRender(const wse::KernelGraph& graph, const wse::Layout& layout, const QString& title)
    : evaluation_(wse::evaluate(graph, layout)) {
  scene_.set(&graph, &layout, &evaluation_);
  painter_.setScene(&scene_);
  painter_.setTitle(title);
}

}  // namespace ts::ui
