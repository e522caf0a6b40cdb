#include "engine/milp/glpsol_check.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace ts::milp {

GlpsolResult solveWithGlpsol(const std::string& path, int timeLimitSeconds) {
  GlpsolResult out;
  out.available = std::system("command -v glpsol >/dev/null 2>&1") == 0;
  if (!out.available) return out;
  bool mps = path.size() > 4 && path.substr(path.size() - 4) == ".mps";
  std::string report = path + ".glpsol.txt";
  std::string cmd = "glpsol " + std::string(mps ? "--freemps '" : "--lp '") + path + "' --tmlim " +
                    std::to_string(timeLimitSeconds) + " -o '" + report + "' >/dev/null 2>&1";
  int rc = std::system(cmd.c_str());
  std::ifstream in(report);
  std::ostringstream text;
  text << in.rdbuf();
  out.output = text.str();
  std::filesystem::remove(report);
  if (rc != 0 && out.output.empty()) {
    out.output = "glpsol failed (exit status " + std::to_string(rc) + ")";
    return out;
  }
  std::smatch m;
  if (std::regex_search(out.output, m, std::regex("Status:\\s+([A-Z ]+)"))) out.status = m[1];
  while (!out.status.empty() && out.status.back() == ' ') out.status.pop_back();
  if (std::regex_search(out.output, m, std::regex("Objective:\\s+\\S+\\s*=\\s*([-+0-9.eE]+)")))
    out.objective = std::stod(m[1]);
  out.solved = out.status == "INTEGER OPTIMAL" || out.status == "OPTIMAL";
  out.infeasible = out.status.find("EMPTY") != std::string::npos || out.status.find("INFEASIBLE") != std::string::npos;
  return out;
}

}  // namespace ts::milp
