#pragma once
// Helpers shared by the WSE engine tests.
#include <string>

#include "engine/wse/io/kgraph_io.h"
#include "test_util.h"

namespace ts::test {

/// ISPD 2020 contest case NAME ("A".."H") from the shared data.
inline wse::KernelGraph caseGraph(const std::string& name) {
  return wse::readKgraph(sharedData("ispd20/benchmarks/" + name + ".kgraph"));
}

}  // namespace ts::test
