#pragma once
// Small MLIR-AIE modules for the importer tests.
#include <string>
#include <utility>

#include "engine/aie/io/mlir_import.h"
#include "engine/core/error.h"

namespace ts::test {

/// Imports `body` (the ops of one aie.device) as a module for `device`.
inline aie::MlirImport importMlirBody(const std::string& body, const std::string& device = "npu2") {
  return aie::parseMlirDesign("module {\n  aie.device(" + device + ") {\n" + body + "  }\n}\n", "t.mlir");
}

/// The line and message of the error importing `body` gives ({0, "accepted"} when it imports).
inline std::pair<int, std::string> mlirBodyRefusal(const std::string& body) {
  try {
    importMlirBody(body);
  } catch (const core::InputError& e) {
    return {e.line(), e.what()};
  }
  return {0, "accepted"};
}

/// Whether one of the import's warnings contains `text`.
inline bool warnedOf(const aie::MlirImport& m, const std::string& text) {
  for (const std::string& w : m.warnings)
    if (w.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace ts::test
