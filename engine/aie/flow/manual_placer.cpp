#include "engine/aie/flow/manual_placer.h"

#include "engine/aie/legality.h"

namespace ts::aie {

PlaceOutcome runManualPlacement(const Design& design, const Device& device, const Placement& start) {
  PlaceOutcome out;
  out.placement = start;
  for (const auto& v : checkPlacement(design, device, start)) out.reasons.push_back(v.message);
  out.success = out.reasons.empty();
  out.status = out.success ? "placed" : "failed";
  return out;
}

}  // namespace ts::aie
