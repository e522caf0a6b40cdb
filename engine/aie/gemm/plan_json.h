#pragma once
// JSON form of a plan (the `gemm plan --json` report; also usable by the studio). No Qt.
#include <nlohmann/json.hpp>

#include "engine/aie/gemm/planner.h"

namespace ts::aie::gemm {

nlohmann::json candidateToJson(const Candidate& c);
/// {"request": {...}, "params": {...}, "roofline": {...}, "model": "...", "candidates": [...]}
nlohmann::json planToJson(const PlanResult& result);

}  // namespace ts::aie::gemm
