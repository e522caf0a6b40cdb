#pragma once
// Words for WSE objects, in one place: the canvas tooltip, the inspector, the kernel list,
// the status bar and the run panel all describe kernels, arguments, adapters and QoR the same
// way.
#include <QString>

#include "engine/wse/evaluator.h"

namespace ts::ui {

/// Integers without decimals (MT and WL are often whole), anything else with one.
QString wseNumber(double v);
/// "36437 → 36980 (+543)", or just "36437" when unchanged.
QString wseChange(double before, double after);
/// "MT 1234 · WL 567.5 · AC 3 · score 1801.5 · legal" (or "illegal (2 problems): <first>").
QString wseQorSummary(const wse::Evaluation& e);
/// "H 14 · W 14 · R 3 · S 3 · C 512 · K 512 · T 1" for a conv, "H 56 · W 56 · F 256" for a block.
QString wseFormalArgs(const wse::KernelSpec& spec);
/// "h 1 · w 7 · c 24 · k 11"; blocks list c and k per conv ("c 3/3/3 · k 8/8/32").
QString wseExecArgs(const wse::ExecArgs& args);
/// What differs across edge u -> v ("h 1≠2 · c 24≠11"), empty when the protocols match.
QString wseAdapterMismatch(const wse::ExecArgs& u, const wse::ExecArgs& v);
/// Shape as placed: "24 × 7" (height × width in tiles).
QString wseShape(const wse::Box& box);

/// Rich text about kernel k in `layout`: type, formal and execution arguments, shape, place,
/// time, memory against the limit, pin, and the adapter match with every neighbour. With
/// `links`, neighbours are "kernel:N" links (the inspector follows them).
QString wseKernelHtml(const wse::KernelGraph& graph, const wse::Layout& layout, int k, bool links);

}  // namespace ts::ui
