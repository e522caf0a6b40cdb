#include "engine/wse/io/kgraph_io.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/wse/io/text_scanner.h"
#include "engine/wse/limits.h"

namespace ts::wse {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

void parseHeader(const io::Comment& c, KernelGraph& g, const std::string& file) {
  std::istringstream in(c.text);
  std::string raw;
  int line = c.line;
  bool first = true;
  std::map<std::string, int> seen;  // key -> line
  while (std::getline(in, raw)) {
    if (!first) ++line;
    first = false;
    size_t eq = raw.find('=');
    if (eq == std::string::npos) continue;
    std::string key = trim(raw.substr(0, eq));
    std::string value = trim(raw.substr(eq + 1));
    int col = int(raw.find_first_not_of(" \t")) + 1;
    auto [it, fresh] = seen.emplace(key, line);
    if (!fresh)
      throw core::InputError(file, line, col,
                             "header '" + key + "' is given twice (first on line " + std::to_string(it->second) + ")");
    auto bad = [&](const std::string& expected) {
      throw core::InputError(file, line, col, "header '" + key + "' must be " + expected + ", found '" + value + "'");
    };
    // A finite number in [min, max] (nan and inf would switch checks off or make every score nan).
    auto num = [&](double min, double max, const std::string& expected) {
      char* end = nullptr;
      double v = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(v) || v < min || v > max) bad(expected);
      return v;
    };
    const std::string side = "an integer in [1, " + std::to_string(limits::kMaxFabricSide) + "]";
    if (key == "test") {
      g.test = value;
    } else if (key == "width" || key == "height") {
      double v = num(1, limits::kMaxFabricSide, side);
      if (v != std::floor(v)) bad(side);
      (key == "width" ? g.width : g.height) = int(v);
    } else if (key == "wdeltat" || key == "wlength" || key == "wadapter") {
      double v = num(0, limits::kMaxWeight, "a finite number in [0, 1e9]");
      (key == "wdeltat" ? g.wdeltat : key == "wlength" ? g.wlength : g.wadapter) = v;
    } else if (key == "memlimit") {
      double v = num(0, limits::kMaxMemlimit, "a finite positive number up to 1e15");
      if (v <= 0) bad("a finite positive number up to 1e15");
      g.memlimit = v;
    }
    // Unknown header keys are informational and ignored.
  }
}

struct RawNode {
  std::string type;
  int index = 0;
  int line = 0, col = 0;
  std::map<std::string, std::vector<long long>> ints;  // scalar attributes have one entry
  std::string name;
};

struct RawEnd {
  std::string type;
  int index = 0;
  int line = 0, col = 0;
};

struct RawEdge {
  RawEnd src, dst;
  std::vector<int> shape;
  int line = 0;
};

const std::set<std::string>& allowedAttributes(const std::string& type) {
  static const std::set<std::string> io{"n"}, conv{"W", "H", "R", "S", "C", "K", "T", "U"}, block{"f", "h", "w"};
  if (type == "input" || type == "output") return io;
  if (type == "conv") return conv;
  return block;
}

RawNode parseNodeAttributes(io::TextScanner& sc, RawNode node) {
  const auto& allowed = allowedAttributes(node.type);
  while (!sc.atLineEnd()) {
    int line = sc.line(), col = sc.column();
    std::string key = sc.identifier("an attribute name");
    sc.expect('=', "after attribute '" + key + "'");
    if (key == "name") {
      node.name = sc.quoted("the name");  // repeated name= on input/output nodes: last one wins
      continue;
    }
    if (!allowed.count(key)) sc.failAt(line, col, "unknown attribute '" + key + "' for a " + node.type + " node");
    if (node.ints.count(key)) sc.failAt(line, col, "attribute '" + key + "' given twice");
    std::vector<long long> values;
    if (sc.accept('[')) {
      while (!sc.accept(']')) {
        if (sc.atLineEnd()) sc.fail("expected ']' to close the list of '" + key + "'");
        values.push_back(sc.integer("a list value of '" + key + "'"));
      }
    } else {
      values.push_back(sc.integer("the value of '" + key + "'"));
    }
    node.ints[key] = values;
  }
  return node;
}

RawEnd parseEnd(io::TextScanner& sc, const std::string& what) {
  RawEnd e;
  e.line = sc.line();
  sc.skipBlanks();
  e.col = sc.column();
  e.type = sc.identifier("the " + what + " node type");
  sc.expect('[', "after the " + what + " node type");
  e.index = int(sc.integer("the " + what + " node index"));
  sc.expect(']', "after the " + what + " node index");
  sc.expect(':', "before the " + what + " port");
  sc.identifier("the " + what + " port name");
  return e;
}

RawEdge parseEdgeRest(io::TextScanner& sc, RawEnd src) {
  RawEdge e;
  e.line = src.line;
  e.src = std::move(src);
  sc.expect("->", "between the two ends of a connection");
  e.dst = parseEnd(sc, "destination");
  if (sc.accept(',')) {
    sc.expect("shape", "after ','");
    sc.expect(':', "after 'shape'");
    while (sc.accept('[')) {
      e.shape.push_back(int(sc.integer("a shape dimension")));
      sc.expect(']', "after a shape dimension");
    }
  }
  if (!sc.atLineEnd()) sc.fail("unexpected " + sc.describeNext() + " after the connection");
  return e;
}

int requireInt(const io::TextScanner& sc, const RawNode& n, const std::string& key, int max, int fallback = -1) {
  auto it = n.ints.find(key);
  if (it == n.ints.end()) {
    if (fallback >= 0) return fallback;
    sc.failAt(n.line, n.col, n.type + "[" + std::to_string(n.index) + "] is missing attribute '" + key + "'");
  }
  if (it->second.size() != 1)
    sc.failAt(n.line, n.col,
              "attribute '" + key + "' of " + n.type + "[" + std::to_string(n.index) + "] must be one integer");
  long long v = it->second[0];
  if (v < 1 || v > max)
    sc.failAt(n.line, n.col,
              "attribute '" + key + "' of " + n.type + "[" + std::to_string(n.index) + "] is " + std::to_string(v) +
                  ", out of range [1, " + std::to_string(max) + "]");
  return int(v);
}

void addNode(KernelGraph& g, const io::TextScanner& sc, const RawNode& n) {
  int id = -1;
  if (n.type == "input" || n.type == "output") {
    std::vector<int> dims;
    if (n.ints.count("n"))
      for (long long v : n.ints.at("n")) dims.push_back(int(v));
    id = n.type == "input" ? g.addInput(dims, n.name) : g.addOutput(dims, n.name);
  } else {
    KernelSpec spec;
    if (n.type == "conv") {
      ConvSpec c;
      c.W = requireInt(sc, n, "W", limits::kMaxFeatureSide);
      c.H = requireInt(sc, n, "H", limits::kMaxFeatureSide);
      c.R = requireInt(sc, n, "R", limits::kMaxFilterSide);
      c.S = requireInt(sc, n, "S", limits::kMaxFilterSide);
      c.C = requireInt(sc, n, "C", limits::kMaxChannels);
      c.K = requireInt(sc, n, "K", limits::kMaxChannels);
      c.T = requireInt(sc, n, "T", limits::kMaxStride);
      c.U = requireInt(sc, n, "U", limits::kMaxStride, c.T);
      spec = KernelSpec::makeConv(c);
    } else {
      KernelType t;
      parseKernelType(n.type, t);
      spec = KernelSpec::makeBlock(t, requireInt(sc, n, "h", limits::kMaxFeatureSide),
                                   requireInt(sc, n, "w", limits::kMaxFeatureSide),
                                   requireInt(sc, n, "f", limits::kMaxChannels));
    }
    std::string problem = spec.validate();
    if (!problem.empty()) sc.failAt(n.line, n.col, n.type + "[" + std::to_string(n.index) + "]: " + problem);
    id = g.addKernel(spec, n.name);
  }
  g.nodes[id].fileIndex = n.index;
  g.nodes[id].line = n.line;
  if (n.name.empty()) g.nodes[id].name = "k" + std::to_string(n.index);
  if (g.nodes[id].kernel >= 0) g.kernels[g.nodes[id].kernel].name = g.nodes[id].name;
}

void checkAcyclic(const KernelGraph& g, const io::TextScanner& sc, const std::vector<RawEdge>& raw) {
  const int n = g.kernelCount();
  std::vector<int> indeg(n, 0);
  for (const auto& e : g.kernelEdges) ++indeg[e.dst];
  std::vector<int> queue;
  for (int i = 0; i < n; ++i)
    if (indeg[i] == 0) queue.push_back(i);
  for (size_t q = 0; q < queue.size(); ++q)
    for (int v : g.succ[queue[q]])
      if (--indeg[v] == 0) queue.push_back(v);
  if (int(queue.size()) == n) return;
  for (size_t i = 0; i < g.edges.size(); ++i) {
    int u = g.nodes[g.edges[i].srcNode].kernel, v = g.nodes[g.edges[i].dstNode].kernel;
    if (u >= 0 && v >= 0 && indeg[u] > 0 && indeg[v] > 0)
      sc.failAt(raw[i].line, raw[i].src.col, "connection is part of a cycle; a kernel graph must be acyclic");
  }
}

}  // namespace

KernelGraph parseKgraph(const std::string& text, const std::string& file) {
  std::vector<io::Comment> comments;
  std::string body = io::blankComments(text, file, &comments);
  KernelGraph g;
  if (!comments.empty() && comments[0].text.find('=') != std::string::npos) parseHeader(comments[0], g, file);

  io::TextScanner sc(body, file);
  std::vector<RawNode> rawNodes;
  std::vector<RawEdge> rawEdges;
  std::map<int, size_t> byIndex;
  for (;;) {
    sc.skipWhitespace();
    if (sc.atEnd()) break;
    RawEnd head;
    head.line = sc.line();
    head.col = sc.column();
    head.type = sc.identifier("a node type (input, output, conv, dblock, cblock)");
    sc.expect('[', "after node type '" + head.type + "'");
    head.index = int(sc.integer("a node index"));
    sc.expect(']', "after the node index");
    if (sc.accept(':')) {  // connection line
      sc.identifier("the source port name");
      rawEdges.push_back(parseEdgeRest(sc, head));
      continue;
    }
    KernelType kt;
    if (head.type != "input" && head.type != "output" && !parseKernelType(head.type, kt))
      sc.failAt(head.line, head.col,
                "unknown node type '" + head.type + "' (expected input, output, conv, dblock or cblock)");
    if (head.index < 0) sc.failAt(head.line, head.col, "node index must not be negative");
    if (byIndex.count(head.index))
      sc.failAt(head.line, head.col,
                "node index " + std::to_string(head.index) + " is defined twice (first on line " +
                    std::to_string(rawNodes[byIndex[head.index]].line) + ")");
    RawNode node;
    node.type = head.type;
    node.index = head.index;
    node.line = head.line;
    node.col = head.col;
    if (rawNodes.size() >= size_t(limits::kMaxKernels))
      sc.failAt(head.line, head.col, "more than " + std::to_string(limits::kMaxKernels) + " nodes");
    byIndex[head.index] = rawNodes.size();
    rawNodes.push_back(parseNodeAttributes(sc, std::move(node)));
  }

  for (const auto& n : rawNodes) addNode(g, sc, n);
  if (g.kernelCount() == 0)
    throw core::InputError(file, sc.line(), 0, "the graph defines no conv, dblock or cblock kernel");
  std::map<std::string, int> names;
  for (const auto& k : g.kernels) {
    const auto& node = g.nodes[k.node];
    auto [it, fresh] = names.emplace(k.name, node.line);
    if (!fresh)
      throw core::InputError(
          file, node.line, 0,
          "kernel name '" + k.name + "' is used twice (first on line " + std::to_string(it->second) + ")");
  }

  auto resolve = [&](const RawEnd& end) {
    auto it = byIndex.find(end.index);
    if (it == byIndex.end())
      sc.failAt(end.line, end.col,
                "connection refers to " + end.type + "[" + std::to_string(end.index) + "], which is not defined");
    const RawNode& n = rawNodes[it->second];
    if (n.type != end.type)
      sc.failAt(end.line, end.col,
                "connection refers to " + end.type + "[" + std::to_string(end.index) + "] but node " +
                    std::to_string(end.index) + " is a " + n.type);
    return int(it->second);  // node ids follow rawNodes order
  };
  std::map<std::pair<int, int>, int> connected;  // (src, dst) -> line
  for (const auto& e : rawEdges) {
    int s = resolve(e.src), d = resolve(e.dst);
    auto [it, fresh] = connected.emplace(std::make_pair(s, d), e.line);
    if (!fresh)
      sc.failAt(e.line, e.src.col,
                "connection " + e.src.type + "[" + std::to_string(e.src.index) + "] -> " + e.dst.type + "[" +
                    std::to_string(e.dst.index) + "] is listed twice (first on line " + std::to_string(it->second) +
                    ")");
    if (g.nodes[s].kind == GraphNode::Kind::Output)
      sc.failAt(e.line, e.src.col, "an output node cannot be a connection source");
    if (g.nodes[d].kind == GraphNode::Kind::Input)
      sc.failAt(e.line, e.dst.col, "an input node cannot be a connection destination");
    if (s == d) sc.failAt(e.line, e.src.col, "a node cannot connect to itself");
    g.connect(s, d, e.shape, e.line);
  }
  g.finalize();
  checkAcyclic(g, sc, rawEdges);
  return g;
}

KernelGraph readKgraph(const std::string& path) {
  return parseKgraph(core::readFile(path), path);
}

std::string formatKgraph(const KernelGraph& g) {
  std::ostringstream s;
  s.precision(12);
  s << "(*\n"
    << "test=" << g.test << "\n"
    << "width=" << g.width << "\n"
    << "height=" << g.height << "\n"
    << "wdeltat=" << g.wdeltat << "\n"
    << "wlength=" << g.wlength << "\n"
    << "wadapter=" << g.wadapter << "\n"
    << "memlimit=" << g.memlimit << "\n"
    << "*)\n\n(* Node Definitions *)\n";
  auto ref = [&](const GraphNode& n) {
    std::string type = n.kind == GraphNode::Kind::Input    ? "input"
                       : n.kind == GraphNode::Kind::Output ? "output"
                                                           : toString(g.kernels[n.kernel].spec.type);
    return type + "[" + std::to_string(n.fileIndex) + "]";
  };
  for (const auto& n : g.nodes) {
    s << ref(n);
    if (n.kind != GraphNode::Kind::Kernel) {
      s << " n=[";
      for (size_t i = 0; i < n.dims.size(); ++i) s << (i ? " " : "") << n.dims[i];
      s << "]";
    } else {
      const KernelSpec& k = g.kernels[n.kernel].spec;
      if (k.type == KernelType::Conv)
        s << " W=" << k.conv.W << " H=" << k.conv.H << " R=" << k.conv.R << " S=" << k.conv.S << " C=" << k.conv.C
          << " K=" << k.conv.K << " T=" << k.conv.T << " U=" << k.conv.U;
      else
        s << " f=" << k.F << " h=" << k.H << " w=" << k.W;
    }
    s << " name='" << n.name << "'\n";
  }
  s << "\n(* Connectivity *)\n";
  for (const auto& e : g.edges) {
    const auto& a = g.nodes[e.srcNode];
    const auto& b = g.nodes[e.dstNode];
    s << ref(a) << ":" << (a.kind == GraphNode::Kind::Input ? "_" : "y") << " -> " << ref(b) << ":"
      << (b.kind == GraphNode::Kind::Output ? "_" : "x");
    if (!e.shape.empty()) {
      s << ", shape:";
      for (int d : e.shape) s << "[" << d << "]";
    }
    s << "\n";
  }
  return s.str();
}

void writeKgraph(const std::string& path, const KernelGraph& graph) {
  core::writeFileAtomically(path, formatKgraph(graph));
}

}  // namespace ts::wse
