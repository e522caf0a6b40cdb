#include "widgets/aie_render.h"

namespace ts::ui {

AieRender::AieRender(const aie::LoadedDesign& loaded, std::shared_ptr<const aie::Routing> routing)
    : routing_(std::move(routing)) {
  if (routing_) graph_ = std::make_unique<aie::RrGraph>(loaded.device);
  usage_ = computeAieUsage(loaded.design, loaded.device, loaded.placement, routing_.get(), graph_.get());
  scene_.setDesign(&loaded.design, &loaded.device);
  scene_.placement = &loaded.placement;
  scene_.routing = routing_.get();
  scene_.graph = graph_.get();
  scene_.usage = &usage_;
  scene_.selectedCores.assign(size_t(loaded.design.coreCount()), 0);
  scene_.indexPlacement();
  painter_.setScene(&scene_);
}

WholeSceneLayout AieRender::layout(double pixelsPerTile) const {
  return wholeSceneLayout(painter_, pixelsPerTile, kExportMargin);
}

QImage AieRender::image(double pixelsPerTile) const {
  return renderWholeScene(painter_, pixelsPerTile);
}

void AieRender::save(const QString& path, double pixelsPerTile) const {
  saveWholeScene(painter_, path, pixelsPerTile);
}

}  // namespace ts::ui
