#pragma once
// Reader and writer of contest solutions (.paint):
//   k3 = conv( H W C K R S T U h w c k )
//   k1 = dblock( H W F h w c1 c2 c3 k1 k2 k3 )
//   k2 = cblock( H W F h w c1 c2 c3 c4 k1 k2 k3 k4 )
//   k1 : place(x y R0)
// The reader also accepts what contest tools wrote around these lines: include "...",
// kN : name('kN), kmap = union( ... ) spanning lines, and zero-padded kernel names (k07 = k7).
#include <string>
#include <vector>

#include "engine/wse/evaluator.h"
#include "engine/wse/layout.h"

namespace ts::wse {

struct PaintKernel {
  std::string name;  ///< as written in the file
  KernelType type = KernelType::Conv;
  std::vector<int> formal;  ///< formal arguments as written
  ExecArgs args;
  bool defined = false, placed = false;
  int x = 0, y = 0;
  bool rotated = false;
  int defineLine = 0, placeLine = 0;
};

/// A parsed solution, one entry per graph kernel (same index); entries the file does not
/// mention stay !defined / !placed.
struct PaintSolution {
  std::vector<PaintKernel> kernels;
};

/// Parses .paint text against `graph` (names resolve to its kernels). Syntax errors, unknown
/// kernel names, wrong argument counts and repeated statements are InputErrors with line/column.
PaintSolution parsePaint(const std::string& text, const KernelGraph& graph, const std::string& file = "");
PaintSolution readPaint(const std::string& path, const KernelGraph& graph);

/// The layout a parsed solution describes. Kernels whose type or formal arguments differ from
/// the graph are left unplaced and reported in `mismatches` (codes "type" and "formal_args").
Layout layoutFromPaint(const KernelGraph& graph, const PaintSolution& paint, std::vector<Violation>* mismatches);

/// The kernels a .paint file (or a part of one, e.g. a list of pins) defines and places, the
/// others unplaced. A kernel defined but not placed (or placed but not defined) or whose type
/// or formal arguments differ from the graph is an InputError naming the file and line.
Layout readPartialLayout(const std::string& path, const KernelGraph& graph);

/// evaluate() of the layout plus the mismatches found while converting it.
Evaluation evaluatePaint(const KernelGraph& graph, const PaintSolution& paint);

std::string formatPaint(const KernelGraph& graph, const Layout& layout);
/// Writes atomically.
void writePaint(const std::string& path, const KernelGraph& graph, const Layout& layout);

}  // namespace ts::wse
