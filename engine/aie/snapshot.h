#pragma once
// What AIE placers and routers publish while they run: an immutable placement, and the
// routing once there is one. Viewers receive it as core::Snapshot and cast.
#include <memory>

#include "engine/aie/placement.h"
#include "engine/aie/routing.h"
#include "engine/core/run_context.h"

namespace ts::aie {

struct PlacementSnapshot : core::Snapshot {
  PlacementSnapshot(Placement p, std::shared_ptr<const Routing> r = nullptr)
      : placement(std::move(p)), routing(std::move(r)) {}
  const Placement placement;
  const std::shared_ptr<const Routing> routing;
};

}  // namespace ts::aie
