#pragma once
// QoR of a WSE layout as JSON, shared by `wse place --report`, `wse eval --json` and the
// studio's QoR report: the evaluator's figures and problems, and (for reports) every kernel
// with its arguments, place, time, memory and pin.
#include <nlohmann/json.hpp>

#include "engine/wse/evaluator.h"

namespace ts::wse {

/// MT, WL, AC, score, weights, legality and the problems.
nlohmann::json evaluationJson(const KernelGraph& graph, const Evaluation& ev);

/// evaluationJson plus "kernels": name, type, formal and execution arguments, x, y, rotation,
/// width, height, time, memory, pinned (placed kernels; unplaced ones with "placed": false).
nlohmann::json layoutQorJson(const KernelGraph& graph, const Layout& layout, const Evaluation& ev);

}  // namespace ts::wse
