#pragma once
// Cascade streams on the AIE canvas: a short gold arrow from each cascade's source core to its
// destination; one whose ends are not cascade neighbours on the device (AIE2: one row south or
// one column east) is drawn red and dashed with a cross at its middle.
#include <QPainter>

#include "widgets/aie_scene.h"
#include "widgets/view_transform.h"

namespace ts::ui {

void paintCascades(QPainter& p, const AieScene& scene, const ViewTransform& view);

}  // namespace ts::ui
