#include "engine/aie/io/mlir_import.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "engine/aie/device_library.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::aie {

namespace {

// Flows carry no object size in MLIR; buffers are declared separately. This is what a flow
// is assumed to hold at each end (documented in the README).
constexpr int64_t kFlowBytes = 1024;
constexpr int kFlowDepth = 2;

struct Statement {
  std::string text;
  int line = 0;  // 1-based line where it starts
};

// Removes a trailing // comment that is not inside a string.
std::string stripComment(const std::string& line) {
  bool quoted = false;
  for (size_t i = 0; i + 1 < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (!quoted && line[i] == '/' && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

// Joins physical lines into statements: a statement continues while ( or [ are open.
std::vector<Statement> splitStatements(const std::string& text) {
  std::vector<Statement> out;
  std::istringstream in(text);
  std::string raw;
  int lineNo = 0, open = 0;
  Statement current;
  while (std::getline(in, raw)) {
    ++lineNo;
    std::string line = stripComment(raw);
    if (line.find_first_not_of(" \t\r") == std::string::npos && open == 0) continue;
    if (open == 0) current = {"", lineNo};
    current.text += (current.text.empty() ? "" : " ") + line;
    for (char c : line) open += (c == '(' || c == '[') - (c == ')' || c == ']');
    if (open <= 0) {
      open = 0;
      out.push_back(current);
    }
  }
  if (open > 0) out.push_back(current);
  return out;
}

int braceBalance(const std::string& s) {
  int depth = 0;
  for (char c : s) depth += (c == '{') - (c == '}');
  return depth;
}

std::string trim(const std::string& s) {
  auto a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  auto b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::string lowerDialect(std::string op) {
  if (op.rfind("AIE.", 0) == 0) op = "aie." + op.substr(4);
  if (op.rfind("AIEX.", 0) == 0) op = "aiex." + op.substr(5);
  return op;
}

class Importer {
 public:
  Importer(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {}

  MlirImport run();

 private:
  [[noreturn]] void fail(int line, const std::string& message) const {
    throw core::InputError(file_, line, 0, message);
  }
  void handle(const Statement& st, const std::string& result, const std::string& op, const std::string& rest);
  void defineTile(const Statement& st, const std::string& result, CoreKind kind, TileCoord tile, bool placed,
                  bool pinned);
  CoreId use(const Statement& st, const std::string& ssa);
  void addObjectFifo(const Statement& st, const std::string& rest);
  void addLink(const Statement& st, const std::string& rest);
  void addFlow(const Statement& st, const std::string& rest);
  void addPacketFlow(const Statement& st, const std::vector<Statement>& body);
  int64_t memrefBytes(const Statement& st, const std::string& memref) const;
  const Device& device(const Statement& st) const {
    if (!deviceLoaded_) fail(st.line, "a tile is used before aie.device(...) names the device");
    return device_;
  }
  void warnOnce(const std::string& message) {
    if (std::find(warnings_.begin(), warnings_.end(), message) == warnings_.end()) warnings_.push_back(message);
  }

  struct TileValue {
    CoreKind kind;
    TileCoord tile;
    bool placed, pinned;
    int line;
    CoreId core = -1;  // created on first use
  };

  const std::string& text_;
  std::string file_;
  Design design_;
  std::vector<TileCoord> coreTiles_;
  std::vector<char> corePlaced_, corePinned_;
  std::map<std::string, TileValue> tiles_;
  std::map<std::string, NetId> fifoNets_;
  std::map<std::string, NetId> flowNets_;  // "src|bundle|channel" -> net
  std::vector<std::string> warnings_;
  Device device_;
  bool deviceLoaded_ = false;
  std::string moduleName_;
};

MlirImport Importer::run() {
  std::vector<Statement> statements = splitStatements(text_);
  static const std::regex head(R"(^\s*(?:(%[\w.$-]+)\s*=\s*)?([A-Za-z_][\w.]*)(.*)$)");
  int skipDepth = 0;  // > 0 while inside a region we ignore
  for (size_t i = 0; i < statements.size(); ++i) {
    const Statement& st = statements[i];
    int balance = braceBalance(st.text);
    if (skipDepth > 0) {
      skipDepth += balance;
      continue;
    }
    std::string s = trim(st.text);
    if (s.empty() || s[0] == '}') continue;  // closing a region we entered
    std::smatch m;
    if (!std::regex_match(s, m, head)) continue;
    std::string result = m[1], op = lowerDialect(m[2]), rest = m[3];
    if (balance > 0) {
      if (op == "module" || op == "aie.device") {
        if (op == "module") {
          std::smatch name;
          if (std::regex_search(rest, name, std::regex(R"(@([\w.$-]+))"))) moduleName_ = name[1];
        } else {
          handle(st, result, op, rest);
        }
        continue;  // enter the region
      }
      if (op == "aie.packet_flow") {
        std::vector<Statement> body;
        int depth = balance;
        while (depth > 0 && ++i < statements.size()) {
          body.push_back(statements[i]);
          depth += braceBalance(statements[i].text);
        }
        addPacketFlow(st, body);
        continue;
      }
      if (op == "aie.core") handle(st, result, op, rest);
      skipDepth = balance;  // aie.core bodies, aie.mem, func.func, runtime sequences, ...
      continue;
    }
    handle(st, result, op, rest);
  }
  if (!deviceLoaded_) fail(1, "no aie.device(...) found: not an MLIR-AIE design");

  MlirImport out;
  design_.name = moduleName_.empty() ? std::filesystem::path(file_).stem().string() : moduleName_;
  design_.device = device_.name();
  auto problems = design_.problems();
  if (!problems.empty()) throw core::InputError(file_, 0, 0, problems.front());
  out.placement = Placement(design_.coreCount());
  for (CoreId c = 0; c < design_.coreCount(); ++c) {
    if (corePlaced_[c]) out.placement.place(c, coreTiles_[c]);
    out.placement.setPinned(c, corePinned_[c]);
  }
  out.design = std::move(design_);
  out.warnings = warnings_;
  return out;
}

void Importer::handle(const Statement& st, const std::string& result, const std::string& op, const std::string& rest) {
  std::smatch m;
  if (op == "aie.device") {
    if (!std::regex_search(rest, m, std::regex(R"(^\s*\(\s*([\w.-]+)\s*\))")))
      fail(st.line, "aie.device: expected aie.device(name)");
    try {
      device_ = loadDevice(m[1]);
    } catch (const core::Error& e) {
      fail(st.line, e.what());
    }
    deviceLoaded_ = true;
  } else if (op == "aie.tile") {
    if (!std::regex_search(rest, m, std::regex(R"(^\s*\(\s*(\d+)\s*,\s*(\d+)\s*\))")))
      fail(st.line, "aie.tile: expected aie.tile(col, row)");
    TileCoord t{std::stoi(m[1]), std::stoi(m[2])};
    const Device& dev = device(st);
    if (!dev.contains(t)) fail(st.line, "aie.tile" + core::toString(t) + " is outside the " + dev.name() + " array");
    CoreKind kind = dev.kind(t) == TileKind::Compute ? CoreKind::Compute
                    : dev.kind(t) == TileKind::Mem   ? CoreKind::MemTile
                                                     : CoreKind::Shim;
    defineTile(st, result, kind, t, true, false);
  } else if (op == "aie.logical_tile") {
    if (!std::regex_search(rest, m, std::regex(R"(^\s*<\s*(\w+)\s*>\s*\(\s*(\?|\d+)\s*,\s*(\?|\d+)\s*\))")))
      fail(st.line, "aie.logical_tile: expected aie.logical_tile<Kind>(col|?, row|?)");
    std::string k = m[1];
    CoreKind kind;
    if (k == "CoreTile")
      kind = CoreKind::Compute;
    else if (k == "MemTile")
      kind = CoreKind::MemTile;
    else if (k.rfind("Shim", 0) == 0)
      kind = CoreKind::Shim;
    else
      fail(st.line, "aie.logical_tile: unknown tile kind '" + k + "' (CoreTile, MemTile, ShimNOCTile)");
    bool colSet = m[2] != "?", rowSet = m[3] != "?";
    TileCoord t = Placement::kUnplaced;
    if (colSet && rowSet) {
      t = {std::stoi(m[2]), std::stoi(m[3])};
      if (!device(st).contains(t)) fail(st.line, "aie.logical_tile at " + core::toString(t) + " is outside the array");
    } else if (colSet || rowSet) {
      warnOnce("line " + std::to_string(st.line) +
               ": a logical tile fixed in only one coordinate is imported as unplaced");
    }
    defineTile(st, result, kind, t, colSet && rowSet, colSet && rowSet);
  } else if (op == "aie.objectfifo") {
    addObjectFifo(st, rest);
  } else if (op == "aie.objectfifo.link") {
    addLink(st, rest);
  } else if (op == "aie.flow") {
    addFlow(st, rest);
  } else if (op == "aie.cascade_flow") {
    if (!std::regex_search(rest, m, std::regex(R"(^\s*\(\s*(%[\w.$-]+)\s*,\s*(%[\w.$-]+)\s*\))")))
      fail(st.line, "aie.cascade_flow: expected aie.cascade_flow(%from, %to)");
    design_.cascades.push_back({use(st, m[1]), use(st, m[2])});
  } else if (op == "aie.core") {
    if (std::regex_search(rest, m, std::regex(R"(^\s*\(\s*(%[\w.$-]+)\s*\))"))) use(st, m[1]);
  }
}

void Importer::defineTile(const Statement& st, const std::string& result, CoreKind kind, TileCoord tile, bool placed,
                          bool pinned) {
  if (result.empty()) fail(st.line, "a tile op must define a value (%name = ...)");
  if (tiles_.count(result))
    fail(st.line, result + " is defined twice (first on line " + std::to_string(tiles_[result].line) + ")");
  tiles_[result] = {kind, tile, placed, pinned, st.line};
}

CoreId Importer::use(const Statement& st, const std::string& ssa) {
  auto it = tiles_.find(ssa);
  if (it == tiles_.end()) fail(st.line, "unknown tile value " + ssa);
  TileValue& v = it->second;
  if (v.core < 0) {
    v.core = design_.coreCount();
    design_.cores.push_back({ssa.substr(1), v.kind, 0, 0, std::nullopt, ""});
    coreTiles_.push_back(v.tile);
    corePlaced_.push_back(v.placed);
    corePinned_.push_back(v.pinned);
  }
  return v.core;
}

int64_t Importer::memrefBytes(const Statement& st, const std::string& memref) const {
  static const std::map<std::string, int64_t> sizes = {{"i1", 1},   {"i8", 1},   {"ui8", 1},  {"si8", 1}, {"i16", 2},
                                                       {"ui16", 2}, {"bf16", 2}, {"f16", 2},  {"i32", 4}, {"ui32", 4},
                                                       {"f32", 4},  {"i64", 8},  {"ui64", 8}, {"f64", 8}};
  std::string shape = trim(memref.substr(0, memref.find(',')));  // drop layouts/memory spaces
  int64_t count = 1;
  size_t start = 0;
  while (true) {
    size_t x = shape.find('x', start);
    std::string part = shape.substr(start, x == std::string::npos ? std::string::npos : x - start);
    bool digits = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || x == std::string::npos) {
      auto size = sizes.find(part);
      if (x != std::string::npos || size == sizes.end())
        fail(st.line, "memref<" + memref + ">: unsupported shape or element type '" + part + "'");
      return count * size->second;
    }
    count *= std::stoll(part);
    start = x + 1;
  }
}

void Importer::addObjectFifo(const Statement& st, const std::string& rest) {
  static const std::regex fifo(R"(^\s*@([\w.$-]+)\s*\(\s*(%[\w.$-]+)\s*,\s*\{([^}]*)\}\s*,\s*([^)]*)\))");
  std::smatch m;
  if (!std::regex_search(rest, m, fifo))
    fail(st.line, "aie.objectfifo: expected @name(%producer, {%consumer, ...}, depth)");
  std::string name = m[1];
  if (fifoNets_.count(name)) fail(st.line, "object FIFO @" + name + " is defined twice");
  Net net;
  net.name = name;
  net.source = use(st, m[2]);
  std::string consumers = m[3];
  static const std::regex value(R"(%[\w.$-]+)");
  static const std::regex depthItem(R"((\d+)(\s*:\s*i\d+)?)");
  std::sregex_iterator it(consumers.begin(), consumers.end(), value), end;
  for (; it != end; ++it) net.targets.push_back(use(st, it->str()));
  if (net.targets.empty()) fail(st.line, "object FIFO @" + name + " has no consumers");
  std::vector<int> depths;
  std::string depthText = m[4];
  for (std::sregex_iterator d(depthText.begin(), depthText.end(), depthItem); d != end; ++d)
    depths.push_back(std::stoi((*d)[1]));
  if (depths.size() == 1) depths.assign(net.targets.size() + 1, depths[0]);
  if (depths.size() != net.targets.size() + 1)
    fail(st.line, "object FIFO @" + name + ": expected one depth or " + std::to_string(net.targets.size() + 1) +
                      " (producer first)");
  net.sourceDepth = depths[0];
  net.targetDepths.assign(depths.begin() + 1, depths.end());
  std::smatch type;
  if (!std::regex_search(rest, type, std::regex(R"(memref<([^>]*)>)")))
    fail(st.line, "object FIFO @" + name + ": expected a type !aie.objectfifo<memref<...>>");
  net.bytesPerObject = memrefBytes(st, type[1]);
  fifoNets_[name] = design_.netCount();
  design_.nets.push_back(net);
}

void Importer::addLink(const Statement& st, const std::string& rest) {
  std::smatch m;
  if (!std::regex_search(rest, m, std::regex(R"(^\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\])")))
    fail(st.line, "aie.objectfifo.link: expected [@in, ...] -> [@out, ...]");
  Link link;
  auto names = [&](const std::string& list, std::vector<NetId>& into) {
    static const std::regex fifoName(R"(@([\w.$-]+))");
    std::sregex_iterator it(list.begin(), list.end(), fifoName), end;
    for (; it != end; ++it) {
      auto f = fifoNets_.find((*it)[1]);
      if (f == fifoNets_.end()) fail(st.line, "aie.objectfifo.link: unknown object FIFO @" + (*it)[1].str());
      into.push_back(f->second);
    }
  };
  names(m[1], link.inputs);
  names(m[2], link.outputs);
  design_.links.push_back(link);
  Design probe;
  probe.cores = design_.cores;
  probe.nets = design_.nets;
  probe.links = {link};
  auto problems = probe.problems();
  if (!problems.empty()) fail(st.line, "aie.objectfifo.link: " + problems.front());
}

void Importer::addFlow(const Statement& st, const std::string& rest) {
  static const std::regex flow(
      R"(^\s*\(\s*(%[\w.$-]+)\s*,\s*(\w+)\s*:\s*(\d+)\s*,\s*(%[\w.$-]+)\s*,\s*(\w+)\s*:\s*(\d+)\s*\))");
  std::smatch m;
  if (!std::regex_search(rest, m, flow))
    fail(st.line, "aie.flow: expected aie.flow(%src, Bundle : channel, %dst, Bundle : channel)");
  CoreId src = use(st, m[1]), dst = use(st, m[4]);
  std::string key = m[1].str() + "|" + m[2].str() + "|" + m[3].str();
  auto it = flowNets_.find(key);
  if (it == flowNets_.end()) {
    Net net;
    net.name = "flow_" + m[1].str().substr(1) + "_" + m[2].str() + m[3].str();
    net.source = src;
    net.bytesPerObject = kFlowBytes;
    net.sourceDepth = kFlowDepth;
    it = flowNets_.emplace(key, design_.netCount()).first;
    design_.nets.push_back(net);
    warnOnce("aie.flow carries no object size: each flow endpoint is assumed to hold " + std::to_string(kFlowDepth) +
             " x " + std::to_string(kFlowBytes) + " bytes");
  }
  Net& net = design_.nets[it->second];
  if (dst == src) fail(st.line, "aie.flow from a tile to itself is not supported");
  if (std::find(net.targets.begin(), net.targets.end(), dst) == net.targets.end()) {
    net.targets.push_back(dst);
    net.targetDepths.push_back(kFlowDepth);
  }
}

void Importer::addPacketFlow(const Statement& st, const std::vector<Statement>& body) {
  std::smatch m;
  std::string id = std::regex_search(st.text, m, std::regex(R"(packet_flow\s*\(\s*(\w+)\s*\))")) ? m[1].str() : "?";
  Net net;
  net.name = "packet_" + id;
  net.bytesPerObject = kFlowBytes;
  net.sourceDepth = kFlowDepth;
  static const std::regex endpoint(R"((packet_source|packet_dest)\s*<\s*(%[\w.$-]+))");
  for (const Statement& b : body) {
    for (std::sregex_iterator it(b.text.begin(), b.text.end(), endpoint), end; it != end; ++it) {
      CoreId c = use(b, (*it)[2]);
      if ((*it)[1] == "packet_source") {
        if (net.source >= 0 && net.source != c)
          fail(b.line, "aie.packet_flow(" + id + "): more than one source tile is not supported");
        net.source = c;
      } else if (std::find(net.targets.begin(), net.targets.end(), c) == net.targets.end()) {
        net.targets.push_back(c);
        net.targetDepths.push_back(kFlowDepth);
      }
    }
  }
  if (net.source < 0 || net.targets.empty())
    fail(st.line, "aie.packet_flow(" + id + "): needs a packet_source and at least one packet_dest");
  while (design_.findNet(net.name) >= 0) net.name += "_";
  design_.nets.push_back(net);
}

}  // namespace

MlirImport parseMlirDesign(const std::string& text, const std::string& file) {
  return Importer(text, file).run();
}

MlirImport loadMlirDesign(const std::string& path) {
  return parseMlirDesign(core::readFile(path), path);
}

}  // namespace ts::aie
