#include "engine/core/geometry.h"

namespace ts::core {

std::string toString(const TileCoord& t) {
  return "(" + std::to_string(t.col) + "," + std::to_string(t.row) + ")";
}

}  // namespace ts::core
