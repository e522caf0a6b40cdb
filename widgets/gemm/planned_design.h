#pragma once
// The whole-array GEMM design of a planned kernel as a design the studio can open: the paper's
// mapping on the request's device preset, with the generator's placement, and no file behind it
// (a new, unsaved document).
#include <string>

#include "engine/aie/gemm/planner.h"
#include "engine/aie/io/design_loader.h"

namespace ts::ui {

/// "gemm_npu2_int8-int8_128x72x112": names the design (and suggests its file name on Save As).
std::string plannedDesignName(const aie::gemm::PlanRequest& request, const aie::gemm::Candidate& candidate);

/// The design of `candidate`, planned by `plan`, on the device preset of the plan's generation.
/// Its path is empty: it was never read from or written to a file. Throws core::Error when the
/// block does not fit the device.
aie::LoadedDesign plannedDesign(const aie::gemm::PlanResult& plan, const aie::gemm::Candidate& candidate);

}  // namespace ts::ui
