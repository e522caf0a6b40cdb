#include "app/cli/design_warnings.h"

#include <iostream>

namespace ts::cli {

void printDesignWarnings(const aie::LoadedDesign& loaded, const std::string& file, bool quiet) {
  if (quiet) return;
  for (const auto& w : loaded.warnings) std::cerr << "warning: " << file << ": " << w << "\n";
}

}  // namespace ts::cli
