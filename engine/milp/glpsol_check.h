#pragma once
// Runs GLPK's glpsol on a written .lp/.mps model, as an independent second opinion on a CBC
// result (tests and `route --lp` users). Needs the glpsol executable (Debian glpk-utils).
#include <string>

namespace ts::milp {

struct GlpsolResult {
  bool available = false;  ///< glpsol was found on PATH
  bool solved = false;     ///< glpsol reported an optimal (integer) solution
  bool infeasible = false;
  double objective = 0;
  std::string status;  ///< glpsol's "Status:" line, e.g. "INTEGER OPTIMAL"
  std::string output;  ///< the report, for failure messages
};

/// Solves `path` (.lp in CPLEX LP format, or .mps in free MPS) with at most `timeLimitSeconds`.
GlpsolResult solveWithGlpsol(const std::string& path, int timeLimitSeconds = 60);

}  // namespace ts::milp
