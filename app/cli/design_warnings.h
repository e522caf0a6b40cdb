#pragma once
// What a design file held that was not imported (skipped MLIR ops, assumed flow sizes), said on
// stderr by every command that reads a design, so that nothing is dropped silently.
#include "engine/aie/io/design_loader.h"

namespace ts::cli {

/// One "warning: FILE: ..." line per warning of the loaded design; nothing when quiet.
void printDesignWarnings(const aie::LoadedDesign& loaded, bool quiet);

}  // namespace ts::cli
