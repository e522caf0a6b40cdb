#include "engine/aie/design_fit.h"

namespace ts::aie {

namespace {
const char* tileWord(TileKind kind) {
  return kind == TileKind::Compute ? "compute tiles" : kind == TileKind::Mem ? "memory tiles" : "shim tiles with DMA";
}
}  // namespace

std::vector<std::string> designFitProblems(const Design& design, const Device& device) {
  std::vector<std::string> out;
  for (CoreKind kind : {CoreKind::Compute, CoreKind::MemTile, CoreKind::Shim}) {
    const int cores = design.countCores(kind);
    if (cores == 0) continue;
    const TileKind tk = tileKindFor(kind);
    int hosts = 0;
    for (TileCoord t : device.tilesOf(tk)) hosts += device.canHost(tk, t);
    // A compute tile runs one kernel; memory and shim tiles hold several endpoints each.
    if (hosts == 0 || (kind == CoreKind::Compute && cores > hosts))
      out.push_back("the design has " + std::to_string(cores) + " " + toString(kind) + " core" +
                    (cores == 1 ? "" : "s") + " but " + device.name() + " has " +
                    (hosts == 0 ? std::string("no ") : "only " + std::to_string(hosts) + " ") + tileWord(tk));
  }
  return out;
}

}  // namespace ts::aie
