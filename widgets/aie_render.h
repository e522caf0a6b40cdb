#pragma once
// Pictures of an AIE design without a window: owns what the painter needs (resource use, RR
// graph) for a loaded design. `tilestudio-cli render` uses it; the canvas's whole-array export
// goes through the same AiePainter, wholeSceneLayout() and saveScene(), so both agree.
#include <QImage>
#include <memory>

#include "engine/aie/io/design_loader.h"
#include "widgets/aie_painter.h"
#include "widgets/image_export.h"

namespace ts::ui {

class AieRender {
 public:
  /// Keeps a reference to `loaded`, which must outlive this object.
  explicit AieRender(const aie::LoadedDesign& loaded, std::shared_ptr<const aie::Routing> routing = nullptr);

  AieScene& scene() { return scene_; }
  const ScenePainter& painter() const { return painter_; }

  /// Whole array at `pixelsPerTile` (with kExportMargin around it).
  WholeSceneLayout layout(double pixelsPerTile) const;
  QImage image(double pixelsPerTile) const;
  /// .png or .svg by extension; throws core::Error.
  void save(const QString& path, double pixelsPerTile) const;

 private:
  std::shared_ptr<const aie::Routing> routing_;
  std::unique_ptr<aie::RrGraph> graph_;
  AieUsage usage_;
  AieScene scene_;
  AiePainter painter_;
};

}  // namespace ts::ui
