#pragma once
// Reader and writer of ISPD 2020 kernel graphs (.kgraph). The reader accepts every irregularity
// of the contest files (tabs, "[ 0]" and "[0]", missing final newline, repeated name=, nodes not
// in data-flow order) and reports anything else as core::InputError with line and column.
#include <string>

#include "engine/wse/kernel_graph.h"

namespace ts::wse {

/// Parses .kgraph text; `file` only names the source in error messages.
KernelGraph parseKgraph(const std::string& text, const std::string& file = "");
/// Reads and parses a .kgraph file.
KernelGraph readKgraph(const std::string& path);

/// .kgraph text of a graph (header comment, node definitions, connectivity).
std::string formatKgraph(const KernelGraph& graph);
/// Writes atomically.
void writeKgraph(const std::string& path, const KernelGraph& graph);

}  // namespace ts::wse
