#pragma once
// Memory uses on the AIE canvas: a dotted teal line from each core that uses another tile's
// memory to the owner of that memory; one whose owner is out of the user's reach (its own tile,
// north, south and west on AIE2) is drawn red and dashed with a cross at its middle, as the
// placement checker reports it.
#include <QPainter>

#include "widgets/aie_scene.h"
#include "widgets/view_transform.h"

namespace ts::ui {

void paintMemoryUses(QPainter& p, const AieScene& scene, const ViewTransform& view);

}  // namespace ts::ui
