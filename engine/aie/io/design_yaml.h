#pragma once
// TileStudio's YAML design format (see README "Design files"): cores, nets, links, cascades
// and, optionally, a placement stored with the design.
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct DesignFile {
  Design design;
  std::optional<Placement> placement;  ///< the file's `placement:` section, if any
  /// Where things were written, for the checks that need the device (design_loader).
  struct Lines {
    int device = 0;           ///< the `device:` value
    std::vector<int> pin;     ///< per core: line of its pin, 0 = none
    std::vector<int> placed;  ///< per core: line of its `placement:` entry, 0 = none
  } lines;
};

/// Parses and validates a design; any problem is an InputError naming file, line and column.
DesignFile parseDesignYaml(const std::string& text, const std::string& file);
DesignFile loadDesignYaml(const std::string& path);
/// Emits the design (and the placement, when given) in the same format.
std::string designToYaml(const Design& design, const Placement* placement = nullptr);
void saveDesignYaml(const std::string& path, const Design& design, const Placement* placement = nullptr);

}  // namespace ts::aie
