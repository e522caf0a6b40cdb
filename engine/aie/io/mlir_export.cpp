#include "engine/aie/io/mlir_export.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/aie/device_library.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace {

std::string tileOp(const std::string& dialect, TileCoord t) {
  return dialect + ".tile(" + std::to_string(t.col) + ", " + std::to_string(t.row) + ")";
}

/// MLIR value and symbol names allow letters, digits and `$._-`; anything else becomes `_`,
/// and a clash gets a numeric suffix.
class Names {
 public:
  std::string operator()(const std::string& raw) {
    std::string s;
    for (char c : raw) {
      bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' || c == '-';
      s += ok ? c : '_';
    }
    if (s.empty()) s = "_";
    std::string name = s;
    for (int k = 2; !used_.insert(name).second; ++k) name = s + "_" + std::to_string(k);
    return name;
  }

 private:
  std::set<std::string> used_;
};

const char* logicalKind(CoreKind kind) {
  switch (kind) {
    case CoreKind::Compute:
      return "CoreTile";
    case CoreKind::MemTile:
      return "MemTile";
    case CoreKind::Shim:
      return "ShimNOCTile";
  }
  return "CoreTile";
}

}  // namespace

std::string placedMlir(const MlirSource& source, const Design& design, const Placement& placement) {
  if (!source.text) throw core::Error("design '" + design.name + "' did not come from an MLIR file");
  if (int(source.tileOps.size()) != design.coreCount() || placement.size() != design.coreCount())
    throw core::Error("the MLIR source and placement do not belong to design '" + design.name + "'");
  const std::string& text = *source.text;
  std::string out;
  out.reserve(source.end - source.begin + 64);
  size_t at = source.begin;
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    if (!placement.placed(c))
      throw core::Error("core '" + design.cores[c].name +
                        "' is not placed: every logical tile needs a tile before the design is written as MLIR");
    const MlirTileOp& op = source.tileOps[size_t(c)];
    std::string placed = tileOp(op.dialect, placement.tile(c));
    out.append(text, at, op.begin - at);
    out += placed == text.substr(op.begin, op.end - op.begin) ? text.substr(op.begin, op.end - op.begin) : placed;
    at = op.end;
  }
  out.append(text, at, source.end - at);
  return out;
}

std::string designToMlir(const Design& design, const Placement& placement) {
  Names names;
  std::vector<std::string> core(size_t(design.coreCount())), net(size_t(design.netCount()));
  for (CoreId c = 0; c < design.coreCount(); ++c) core[size_t(c)] = "%" + names(design.cores[c].name);
  for (NetId n = 0; n < design.netCount(); ++n) net[size_t(n)] = "@" + names(design.nets[n].name);
  std::ostringstream s;
  s << "// Written by TileStudio from design '" << design.name << "'. Object sizes are in bytes (i8 elements).\n";
  s << "module @" << Names()(design.name) << " {\n  aie.device(" << design.device << ") {\n";
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    const LogicalCore& lc = design.cores[c];
    s << "    " << core[size_t(c)] << " = ";
    if (placement.size() == design.coreCount() && placement.placed(c)) {
      s << tileOp("aie", placement.tile(c));
    } else {
      auto coord = [](int v) { return v >= 0 ? std::to_string(v) : std::string("?"); };
      int col = lc.pin ? lc.pin->col : lc.pinColumn, row = lc.pin ? lc.pin->row : lc.pinRow;
      s << "aie.logical_tile<" << logicalKind(lc.kind) << ">(" << coord(col) << ", " << coord(row) << ")";
    }
    // MLIR-AIE has no subgraphs: the group travels as a comment only (a reader ignores it).
    if (!lc.group.empty()) {
      std::string group = lc.group;
      for (char& ch : group)
        if (std::iscntrl(static_cast<unsigned char>(ch))) ch = ' ';
      s << "  // group: " << group;
    }
    s << "\n";
  }
  // Channels handed out to flow ends, per core and port bundle, outputs and inputs apart.
  std::map<std::tuple<CoreId, PortKind, bool>, int> channels;
  // Stream ports into a core (what the importer accepts).
  int corePorts = 1;
  try {
    corePorts = loadDevice(design.device).coreStreamPorts(false);
  } catch (const core::Error&) {  // an unknown device: the file will not load anyway
  }
  // A stream end is the core's own port on a compute tile, a switch port elsewhere (the model
  // does not say which stream port; any reads back as one).
  auto end = [&](CoreId c, PortKind port, bool out) {
    const bool onCore = port == PortKind::Stream && design.cores[c].kind == CoreKind::Compute;
    const char* bundle = port == PortKind::Dma ? ", DMA : " : onCore ? ", Core : " : ", North : ";
    const int channel = channels[{c, port, out}]++;
    if (onCore && !out && channel >= corePorts)
      throw core::Error("core '" + design.cores[c].name + "' receives more stream-port nets than its " +
                        std::to_string(corePorts) + " core stream port(s): it cannot be written as MLIR flows");
    return core[size_t(c)] + bundle + std::to_string(channel);
  };
  for (NetId n = 0; n < design.netCount(); ++n) {
    const Net& nt = design.nets[n];
    if (nt.hasStreamPort()) {
      // Object FIFOs have no stream ports: one flow per target, which read back as this net.
      s << "    // " << net[size_t(n)].substr(1) << ": " << nt.bytesPerObject << "-byte objects\n";
      const std::string from = end(nt.source, nt.sourcePort, true);
      for (size_t i = 0; i < nt.targets.size(); ++i)
        s << "    aie.flow(" << from << ", " << end(nt.targets[i], nt.port(int(i) + 1), false) << ")\n";
      continue;
    }
    if (nt.sharedDepth > 0)  // MLIR spells it only through acquires in core bodies, which this module has none of
      s << "    // " << net[size_t(n)].substr(1) << ": a shared-memory buffer holds " << nt.sharedDepth
        << " objects (shared_depth), its DMA ends the depths below\n";
    s << "    aie.objectfifo " << net[size_t(n)] << "(" << core[size_t(nt.source)] << ", {";
    for (size_t i = 0; i < nt.targets.size(); ++i) s << (i ? ", " : "") << core[size_t(nt.targets[i])];
    s << "}, ";
    bool uniform = true;
    for (int d : nt.targetDepths) uniform = uniform && d == nt.sourceDepth;
    if (uniform) {
      s << nt.sourceDepth << " : i32";
    } else {
      s << "[" << nt.sourceDepth << " : i32";
      for (int d : nt.targetDepths) s << ", " << d << " : i32";
      s << "]";
    }
    s << ")" << (nt.streamed ? " {via_DMA = true}" : "") << " : !aie.objectfifo<memref<" << nt.bytesPerObject
      << "xi8>>\n";
  }
  for (const Link& l : design.links) {
    for (const auto* side : {&l.inputs, &l.outputs})
      for (NetId n : *side)
        if (design.nets[n].hasStreamPort())
          throw core::Error("net '" + design.nets[n].name +
                            "' has an end on a stream port and is linked: MLIR links join object FIFOs only");
    auto list = [&](const std::vector<NetId>& ids) {
      std::string out = "[";
      for (size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + net[size_t(ids[i])];
      return out + "]";
    };
    // Offsets (in bytes) of each part on the side that has several object FIFOs.
    auto offsets = [&](const std::vector<NetId>& ids) {
      if (ids.size() < 2) return std::string("[]");
      std::string out = "[";
      int64_t at = 0;
      for (size_t i = 0; i < ids.size(); ++i) {
        out += (i ? ", " : "") + std::to_string(at);
        at += design.nets[ids[i]].bytesPerObject;
      }
      return out + "]";
    };
    s << "    aie.objectfifo.link " << list(l.inputs) << " -> " << list(l.outputs) << " (" << offsets(l.inputs) << " "
      << offsets(l.outputs) << ")\n";
  }
  for (const Cascade& c : design.cascades)
    s << "    aie.cascade_flow(" << core[size_t(c.from)] << ", " << core[size_t(c.to)] << ")\n";
  // A core's own locks read back as aie.lock ops of its tile. A memory use reads back as the
  // user's core taking a lock of the owner's tile (a lock holds no bytes, so memory stays as it
  // is): the owner's first lock, or one written for its uses (which then reads back as its lock).
  std::vector<std::string> firstLock(design.cores.size());
  std::vector<char> owns(design.cores.size(), 0);
  for (const MemoryUse& u : design.memoryUses) owns[size_t(u.owner)] = 1;
  for (CoreId c = 0; c < design.coreCount(); ++c)
    for (int k = 0; k < std::max(design.cores[size_t(c)].locks, int(owns[size_t(c)])); ++k) {
      const std::string lock = names(design.cores[size_t(c)].name + "_lock");
      if (k == 0) firstLock[size_t(c)] = lock;
      s << "    %" << lock << " = aie.lock(" << core[size_t(c)] << ")\n";
    }
  std::vector<std::vector<std::string>> locksUsedBy(design.cores.size());
  for (const MemoryUse& u : design.memoryUses) locksUsedBy[size_t(u.user)].push_back(firstLock[size_t(u.owner)]);
  // A core's local data (buffer_bytes) reads back as its stack (MLIR-AIE reserves 1024 bytes
  // unless stack_size says otherwise) and, past that, one aie.buffer on its tile.
  for (CoreId c = 0; c < design.coreCount(); ++c) {
    const LogicalCore& lc = design.cores[c];
    const bool compute = lc.kind == CoreKind::Compute;
    const int64_t stack = compute ? std::min<int64_t>(lc.bufferBytes, kMlirDefaultStackBytes) : 0;
    if (lc.bufferBytes > stack)
      s << "    %" << names(lc.name + "_data") << " = aie.buffer(" << core[size_t(c)] << ") : memref<"
        << lc.bufferBytes - stack << "xi8>\n";
    if (!compute) continue;
    s << "    aie.core(" << core[size_t(c)] << ") {\n";
    for (const std::string& lock : locksUsedBy[size_t(c)])
      s << "      aie.use_lock(%" << lock << ", AcquireGreaterEqual, 1)\n";
    s << "      aie.end\n    }";
    if (stack != kMlirDefaultStackBytes) s << " {stack_size = " << stack << " : i32}";
    s << "\n";
  }
  // Turns come from host code, which a fresh module does not have: a comment keeps them in view.
  for (const Turns& t : design.turns) {
    s << "    // turns:";
    for (size_t i = 0; i < t.nets.size(); ++i) s << (i ? ", " : " ") << net[size_t(t.nets[i])];
    s << " (their host transfers never run together: runtime sequences that keep them apart make them "
         "take turns on a DMA channel)\n";
  }
  s << "  }\n}\n";
  return s.str();
}

}  // namespace ts::aie
