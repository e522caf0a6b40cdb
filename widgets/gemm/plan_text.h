#pragma once
// How the GEMM planner's figures read in the studio (table cells, chart legend, tooltips), in
// one place so that the table and the chart say the same thing.
#include <QString>
#include <optional>

#include "engine/aie/gemm/planner.h"

namespace ts::ui {

/// "128×72×112"
QString kernelText(const aie::gemm::KernelShape& kernel);
/// "4096×4320×4480"
QString sizeText(const aie::gemm::GemmSize& size);
/// "npu2 (XDNA2), int8-int8, 4096×4096×4096, B column-major"
QString requestText(const aie::gemm::PlanRequest& request);
/// "61.8 KB", "2.00 MB", "48.0 GB" (1 KB = 1024 bytes, as the paper's tables)
QString bytesText(double bytes);
/// "4096x4320x4480" (or ×), or one number for a cube; nullopt unless three positive whole numbers.
std::optional<aie::gemm::GemmSize> parseGemmSize(const QString& text);
/// Every figure of a candidate, one per line, saying they are model figures.
QString candidateTooltip(const aie::gemm::Candidate& c);

}  // namespace ts::ui
