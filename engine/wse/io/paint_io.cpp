#include "engine/wse/io/paint_io.h"

#include <sstream>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/wse/io/text_scanner.h"

namespace ts::wse {

namespace {

/// Number of integers in a definition: formal arguments, then h w, then c's and k's.
int formalCount(KernelType t) {
  return t == KernelType::Conv ? 8 : 3;
}
int argumentCount(KernelType t) {
  int convs = t == KernelType::Conv ? 1 : t == KernelType::DBlock ? 3 : 4;
  return formalCount(t) + 2 + 2 * convs;
}

void parseDefinition(io::TextScanner& sc, PaintKernel& pk, KernelType type, int line, int col) {
  std::vector<long long> v;
  for (;;) {
    sc.skipWhitespace();
    if (sc.accept(')')) break;
    if (sc.atEnd()) sc.failAt(line, col, "definition of " + pk.name + " is not closed with ')'");
    v.push_back(sc.integer("an argument of " + toString(type)));
  }
  int expected = argumentCount(type);
  if (int(v.size()) != expected)
    sc.failAt(line, col,
              toString(type) + " of " + pk.name + " needs " + std::to_string(expected) + " integers, found " +
                  std::to_string(v.size()));
  int f = formalCount(type), convs = (expected - f - 2) / 2;
  pk.type = type;
  pk.formal.assign(v.begin(), v.begin() + f);
  pk.args.h = int(v[f]);
  pk.args.w = int(v[f + 1]);
  pk.args.c.assign(v.begin() + f + 2, v.begin() + f + 2 + convs);
  pk.args.k.assign(v.begin() + f + 2 + convs, v.end());
}

}  // namespace

PaintSolution parsePaint(const std::string& text, const KernelGraph& graph, const std::string& file) {
  PaintSolution sol;
  sol.kernels.resize(graph.kernels.size());
  for (size_t i = 0; i < graph.kernels.size(); ++i) sol.kernels[i].name = graph.kernels[i].name;
  io::TextScanner sc(io::blankComments(text, file, nullptr), file);
  for (;;) {
    sc.skipWhitespace();
    if (sc.atEnd()) break;
    int line = sc.line(), col = sc.column();
    std::string name = sc.identifier("a kernel name");
    if (name == "include") {  // contest tools include a shared prelude; it carries no placement
      sc.skipRestOfLine();
      continue;
    }
    if (sc.accept('=')) {
      int fnCol = (sc.skipBlanks(), sc.column());
      std::string fn = sc.identifier("a kernel type after '='");
      sc.expect('(', "after '" + fn + "'");
      if (fn == "union") {  // a grouping statement of contest tools: no effect on placement
        sc.until(')', "union");
        sc.expect(')', "closing the union");
        continue;
      }
      KernelType type;
      if (!parseKernelType(fn, type))
        sc.failAt(line, fnCol, "unknown kernel type '" + fn + "' (expected conv, dblock or cblock)");
      int k = graph.findKernel(name);
      if (k < 0) sc.failAt(line, col, "kernel '" + name + "' is not in the graph");
      PaintKernel& pk = sol.kernels[size_t(k)];
      if (pk.defined)
        sc.failAt(line, col,
                  "kernel '" + name + "' is defined twice (first on line " + std::to_string(pk.defineLine) + ")");
      pk.name = name;
      parseDefinition(sc, pk, type, line, col);
      pk.defined = true;
      pk.defineLine = line;
    } else if (sc.accept(':')) {
      std::string fn = sc.identifier("'place' or 'name' after ':'");
      sc.expect('(', "after '" + fn + "'");
      if (fn == "name") {
        sc.until(')', "name");
        sc.expect(')', "closing name");
        continue;
      }
      if (fn != "place") sc.failAt(line, col, "unknown statement '" + name + " : " + fn + "' (expected place or name)");
      int k = graph.findKernel(name);
      if (k < 0) sc.failAt(line, col, "kernel '" + name + "' is not in the graph");
      PaintKernel& pk = sol.kernels[size_t(k)];
      if (pk.placed)
        sc.failAt(line, col,
                  "kernel '" + name + "' is placed twice (first on line " + std::to_string(pk.placeLine) + ")");
      pk.x = int(sc.integer("the x coordinate"));
      pk.y = int(sc.integer("the y coordinate"));
      sc.skipBlanks();
      int rotCol = sc.column();
      std::string rot = sc.identifier("the rotation R0 or R90");
      if (rot == "R0")
        pk.rotated = false;
      else if (rot == "R90")
        pk.rotated = true;
      else
        sc.failAt(line, rotCol, "rotation must be R0 or R90, found '" + rot + "'");
      sc.expect(')', "after the rotation");
      pk.placed = true;
      pk.placeLine = line;
    } else {
      sc.fail("expected '=' or ':' after '" + name + "', found " + sc.describeNext());
    }
    sc.accept(';');
    if (!sc.atLineEnd()) sc.fail("unexpected " + sc.describeNext() + " after the statement");
  }
  return sol;
}

PaintSolution readPaint(const std::string& path, const KernelGraph& graph) {
  return parsePaint(core::readFile(path), graph, path);
}

Layout layoutFromPaint(const KernelGraph& graph, const PaintSolution& paint, std::vector<Violation>* mismatches) {
  Layout layout(graph.kernelCount());
  for (int i = 0; i < graph.kernelCount(); ++i) {
    const PaintKernel& pk = paint.kernels[size_t(i)];
    const Kernel& kernel = graph.kernels[size_t(i)];
    if (!pk.defined || !pk.placed) continue;  // the evaluator reports unplaced kernels
    if (pk.type != kernel.spec.type) {
      if (mismatches)
        mismatches->push_back({"type",
                               "kernel " + kernel.name + " is a " + toString(kernel.spec.type) +
                                   " in the graph but a " + toString(pk.type) + " in the solution (line " +
                                   std::to_string(pk.defineLine) + ")",
                               {i}});
      continue;
    }
    if (pk.formal != kernel.spec.formalArgs()) {
      if (mismatches)
        mismatches->push_back({"formal_args",
                               "kernel " + kernel.name + ": formal arguments on line " + std::to_string(pk.defineLine) +
                                   " differ from the graph",
                               {i}});
      continue;
    }
    PlacedKernel& p = layout.kernels[size_t(i)];
    p.args = pk.args;
    p.x = pk.x;
    p.y = pk.y;
    p.rotated = pk.rotated;
    p.placed = true;
  }
  return layout;
}

Layout readPartialLayout(const std::string& path, const KernelGraph& graph) {
  PaintSolution paint = readPaint(path, graph);
  for (int i = 0; i < graph.kernelCount(); ++i) {
    const PaintKernel& pk = paint.kernels[size_t(i)];
    const std::string& name = graph.kernels[size_t(i)].name;
    if (pk.defined && !pk.placed)
      throw core::InputError(path, pk.defineLine, 0, "kernel " + name + " is defined but has no place(...) line");
    if (pk.placed && !pk.defined)
      throw core::InputError(path, pk.placeLine, 0, "kernel " + name + " is placed but never defined");
  }
  std::vector<Violation> mismatches;
  Layout layout = layoutFromPaint(graph, paint, &mismatches);
  if (!mismatches.empty()) {
    const PaintKernel& pk = paint.kernels[size_t(mismatches.front().kernels.front())];
    throw core::InputError(path, pk.defineLine, 0, mismatches.front().message);
  }
  return layout;
}

Evaluation evaluatePaint(const KernelGraph& graph, const PaintSolution& paint) {
  std::vector<Violation> mismatches;
  Layout layout = layoutFromPaint(graph, paint, &mismatches);
  Evaluation ev = evaluate(graph, layout);
  if (!mismatches.empty()) {
    // A mismatched kernel was left out of the layout, so drop its "unplaced" report.
    std::vector<Violation> merged = mismatches;
    for (auto& v : ev.violations) {
      bool dup = false;
      if (v.code == "unplaced")
        for (const auto& m : mismatches) dup = dup || m.kernels == v.kernels;
      if (!dup) merged.push_back(std::move(v));
    }
    ev.violations = std::move(merged);
    ev.legal = false;
  }
  return ev;
}

std::string formatPaint(const KernelGraph& graph, const Layout& layout) {
  std::ostringstream s;
  for (int i = 0; i < graph.kernelCount(); ++i) {
    const Kernel& k = graph.kernels[size_t(i)];
    const PlacedKernel& p = layout.kernels[size_t(i)];
    if (!p.placed) continue;
    s << k.name << " = " << toString(k.spec.type) << "(";
    for (int v : k.spec.formalArgs()) s << " " << v;
    s << " " << p.args.h << " " << p.args.w;
    for (int c : p.args.c) s << " " << c;
    for (int kk : p.args.k) s << " " << kk;
    s << " )\n" << k.name << " : place(" << p.x << " " << p.y << " " << (p.rotated ? "R90" : "R0") << ")\n";
  }
  return s.str();
}

void writePaint(const std::string& path, const KernelGraph& graph, const Layout& layout) {
  core::writeFileAtomically(path, formatPaint(graph, layout));
}

}  // namespace ts::wse
