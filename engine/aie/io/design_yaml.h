#pragma once
// TileStudio's YAML design format (see README "Design files"): cores, nets, links, cascades
// and, optionally, a placement stored with the design.
#include <optional>
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/placement.h"

namespace ts::aie {

struct DesignFile {
  Design design;
  std::optional<Placement> placement;  ///< the file's `placement:` section, if any
};

/// Parses and validates a design; any problem is an InputError naming file, line and column.
DesignFile parseDesignYaml(const std::string& text, const std::string& file);
DesignFile loadDesignYaml(const std::string& path);
/// Emits the design (and the placement, when given) in the same format.
std::string designToYaml(const Design& design, const Placement* placement = nullptr);
void saveDesignYaml(const std::string& path, const Design& design, const Placement* placement = nullptr);

}  // namespace ts::aie
