#include "app/cli/design_warnings.h"

#include <iostream>

namespace ts::cli {

void printDesignWarnings(const aie::LoadedDesign& loaded, bool quiet) {
  if (quiet) return;
  for (const auto& w : loaded.warnings) std::cerr << "warning: " << loaded.path << ": " << w << "\n";
}

}  // namespace ts::cli
