#pragma once
// Writing placements as MLIR-AIE. A design imported from MLIR is written back as the same
// module with each core's tile op at its placed tile: `aie.logical_tile<...>(...)` becomes
// `aie.tile(c, r)` (and a moved `aie.tile` gets its new coordinates); SSA names and every other
// byte stay as they were, so layout clauses, attributes, core bodies and runtime sequences
// survive. A design from any other format gets a fresh module of object FIFOs.
#include <string>

#include "engine/aie/design.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/placement.h"

namespace ts::aie {

/// The module text of `source` placed by `placement`. Every core must be placed (an
/// aie.logical_tile may not remain); throws core::Error naming the first one that is not.
std::string placedMlir(const MlirSource& source, const Design& design, const Placement& placement);

/// A new MLIR-AIE module: one tile op per core (aie.tile where placed, aie.logical_tile with
/// its pins where not), an aie.objectfifo per net (bytes as i8 elements), links with offsets,
/// cascades and an empty aie.core per compute core. A core's buffer_bytes become its stack
/// (`stack_size` when not 1024) and, past 1024 bytes, an aie.buffer on its tile; its locks become
/// aie.lock ops of its tile, and a memory use the user's core taking the owner's lock. A core's group
/// becomes a `// group: name` comment on its tile op line (MLIR-AIE has no subgraph construct),
/// and each group of nets that take turns (Design::turns) a `// turns:` comment (turns come from
/// runtime sequences, host code that a fresh module has none of).
std::string designToMlir(const Design& design, const Placement& placement);

}  // namespace ts::aie
