#pragma once
// A WSE kernel graph (.kgraph): the fabric and scoring header, the kernels to place with their
// formal arguments, and the data-flow edges. Input/output nodes are kept for round trips but are
// never placed and their edges never count towards WL or AC.
#include <string>
#include <vector>

#include "engine/wse/kernel_library.h"

namespace ts::wse {

struct GraphNode {
  enum class Kind { Input, Output, Kernel };
  Kind kind = Kind::Kernel;
  int fileIndex = 0;      ///< the index written in brackets, e.g. conv[12]
  std::string name;       ///< name='..' (last one wins), or "k<fileIndex>" when absent
  int kernel = -1;        ///< index into KernelGraph::kernels for Kind::Kernel
  std::vector<int> dims;  ///< n=[H W C] of input/output nodes
  int line = 0;           ///< 1-based line in the file it came from (0 when generated)
};

struct GraphEdge {
  int srcNode = -1, dstNode = -1;  ///< indices into KernelGraph::nodes
  std::vector<int> shape;          ///< informational tensor shape [H][W][C]
  int line = 0;
};

struct Kernel {
  std::string name;
  KernelSpec spec;
  int node = -1;  ///< index into KernelGraph::nodes
};

/// Edge between two placed kernels (the ones that count for WL and AC).
struct KernelEdge {
  int src = -1, dst = -1;
};

struct KernelGraph {
  std::string test;  ///< header "test=" name
  int width = 633, height = 633;
  double wdeltat = 1, wlength = 1, wadapter = 0;
  double memlimit = 24576;

  std::vector<GraphNode> nodes;  ///< in file order
  std::vector<GraphEdge> edges;  ///< in file order
  std::vector<Kernel> kernels;   ///< the nodes of Kind::Kernel, in file order
  std::vector<KernelEdge> kernelEdges;
  std::vector<std::vector<int>> succ, pred;  ///< kernel adjacency (by kernel index)

  int kernelCount() const { return int(kernels.size()); }
  /// Kernel by name; accepts zero-padded names ("k07" finds "k7"). -1 when unknown.
  int findKernel(const std::string& name) const;
  /// True when some kernel has more than one kernel successor or predecessor.
  bool hasForks() const;

  // Builder used by the reader and the generator. finalize() derives kernels' adjacency.
  int addInput(std::vector<int> dims, std::string name = "");
  int addOutput(std::vector<int> dims, std::string name = "");
  int addKernel(const KernelSpec& spec, std::string name = "");
  void connect(int srcNode, int dstNode, std::vector<int> shape = {}, int line = 0);
  void finalize();
};

/// Canonical kernel name form: "k007" -> "k7" (only for names "k" followed by digits).
std::string normalizeKernelName(const std::string& name);

/// Topological orders of the kernels built depth first (a stack-based Kahn traversal, so a
/// chain stays contiguous and fork siblings sit next to each other). `variant` 0 prefers the
/// successor listed first in the file, 1 the one listed last. Returns kernel indices.
std::vector<int> depthFirstTopologicalOrder(const KernelGraph& g, int variant = 0);

}  // namespace ts::wse
