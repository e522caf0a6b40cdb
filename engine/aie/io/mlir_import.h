#pragma once
// Importing MLIR-AIE designs (see README "MLIR-AIE files" and ../shared/docs/aie-devices.md).
//
// What becomes part of the design: every tile op (aie.tile is a pinned core, aie.logical_tile a
// movable one, pinned in full or in its column / row when it gives them), aie.objectfifo (with
// any data-layout clauses and attributes) and aie.objectfifo.link, aie.flow, aie.packet_flow,
// aie.pnr_flow (its hop_tile_ids kept as a given route) and aie.cascade_flow. Ops that do not
// change placement (switchboxes, DMA programs, buffers, locks, runtime sequences, ...) are
// skipped and listed once per kind in the warnings. Anything else that carries data between
// tiles is refused with file:line:column and the op's name: nothing is dropped silently.
//
// Groups (subgraphs): MLIR-AIE has no construct that groups tiles into subgraphs (ADF's
// subgraphs have no equivalent in the aie dialect), so imported cores have no group; a
// `// group:` comment written by our exporter is a comment like any other and is not read.
//
// A file may hold several modules (`// -----` separated, as run with --split-input-file, or
// several aie.device ops); each aie.device is one design.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/aie/design.h"
#include "engine/aie/device.h"
#include "engine/aie/placement.h"
#include "engine/core/error.h"

namespace ts::aie {

/// The stack MLIR-AIE reserves in a core's tile memory unless its aie.core says `stack_size`.
inline constexpr int64_t kMlirDefaultStackBytes = 1024;

/// The text of one core's tile op (`aie.logical_tile<CoreTile>(?, ?)` or `aie.tile(1, 2)`, without
/// its result and attributes), so that export can rewrite exactly that text.
struct MlirTileOp {
  size_t begin = 0;
  size_t end = 0;
  std::string dialect;  ///< "aie", or "AIE" in files using the legacy upper-case prefix
};

/// Where a design came from in its file, for writing it back placed.
struct MlirSource {
  std::shared_ptr<const std::string> text;  ///< the whole file
  size_t begin = 0;                         ///< the `// -----` section holding the module
  size_t end = 0;
  std::vector<MlirTileOp> tileOps;  ///< one per core
};

/// A route the file gives (hop_tile_ids of aie.pnr_flow, aie.pnr_pktflow, aie.objectfifo): the
/// tiles from the net's source to one of its targets, both ends included.
struct GivenPath {
  NetId net = -1;
  CoreId target = -1;
  std::vector<TileCoord> hops;
};

struct MlirImport {
  Design design;
  Placement placement;                ///< pinned cores placed (and pinned); the rest unplaced
  std::vector<std::string> warnings;  ///< skipped op kinds, assumptions made
  std::vector<GivenPath> givenPaths;
  MlirSource source;
};

/// One aie.device of a file: its design, or the error that stopped its import.
struct MlirModule {
  std::string title;  ///< "@name" of its module or device (with " #N" when repeated), else "unnamed"
  std::string device;
  int line = 0;  ///< where its aie.device op is
  std::optional<MlirImport> imported;
  std::optional<core::InputError> error;
};

/// Every module of a file. A malformed file (bad token, unbalanced brackets, a file cut short)
/// throws core::InputError; a module whose content is wrong gets its own `error`.
/// `device`, when given, replaces every module's own (e.g. the `NPUDEVICE` placeholder of
/// MLIR-AIE's tests); a warning says so where they differ.
std::vector<MlirModule> parseMlirModules(const std::string& text, const std::string& file,
                                         const Device* device = nullptr);
std::vector<MlirModule> loadMlirModules(const std::string& path, const Device* device = nullptr);

/// The device preset an `aie.device(name)` opens on (MLIR-AIE's older `npu` and `ipu` are npu1),
/// and whether TileStudio knows it (MLIR-AIE's tests write the `NPUDEVICE` placeholder, and
/// newer devices may be missing): a module whose device is unknown imports only with a device
/// given instead.
std::string mlirDevicePreset(const std::string& name);
bool knownMlirDevice(const std::string& name);

/// One design: module `module` (1-based), or with 0 the file's only module (a file with
/// several is an InputError that lists them). Throws core::InputError naming file:line:column.
/// This is the importer's stable entry point (also used by the fuzz harness).
MlirImport parseMlirDesign(const std::string& text, const std::string& file, int module = 0,
                           const Device* device = nullptr);
MlirImport loadMlirDesign(const std::string& path, int module = 0, const Device* device = nullptr);

/// "1 @name (line 18), 2 @other (line 31)" for messages.
std::string describeMlirModules(const std::vector<MlirModule>& modules);

}  // namespace ts::aie
