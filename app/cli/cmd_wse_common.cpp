#include "app/cli/cmd_wse_common.h"

#include <cstdio>
#include <ostream>
#include <string>

namespace ts::cli {

bool publishedCuPokerResult(const wse::KernelGraph& graph, PublishedWseResult& out) {
  // CU.POKer, TCAD 2021, Table II (cases A..H; the hidden cases I..T have no files).
  static const struct {
    const char* test;
    const char* name;
    double mt, wl, ac, score;
  } table[] = {
      {"compact-balanced-router", "A", 34496, 1314, 15, 35810},
      {"2x-compact-balanced-router", "B", 63504, 2639.5, 18, 66143.5},
      {"2x-full-balanced-router", "C", 64512, 2407.5, 150, 66919.5},
      {"full-balanced-router", "D", 33712, 2726, 118, 36438},
      {"compact-adapter-router-limited", "E", 39312, 562, 11, 46032},
      {"2x-compact-adapter-router-limited", "F", 65170, 1488.5, 12, 81255},
      {"2x-full-adapter-router-limited", "G", 64512, 2506, 59, 95472},
      {"full-adapter-router-limited", "H", 39520, 1101.5, 28, 53335},
  };
  for (const auto& t : table)
    if (graph.test == t.test) {
      out = {t.name, t.mt, t.wl, t.ac, t.score};
      return true;
    }
  return false;
}

void printWseBenchHeader(std::ostream& out) {
  char line[160];
  std::snprintf(line, sizeof line, "%-36s %6s %10s %9s %5s %12s %8s %6s %s\n", "case", "kernels", "MT", "WL", "AC",
                "score", "seconds", "ratio", "legal");
  out << line;
}

void printWseBenchRow(const nlohmann::json& c, std::ostream& out) {
  const std::string label = c.value("case", std::string()) + " " + c.value("test", std::string());
  const double ratio = c.value("ratio_to_cupoker", 0.0);
  char line[240];
  std::snprintf(line, sizeof line, "%-36s %6d %10.6g %9.6g %5lld %12.8g %8.1f %6s %s\n", label.substr(0, 36).c_str(),
                c.value("kernels", 0), c.value("mt", 0.0), c.value("wl", 0.0), c.value("ac", 0LL),
                c.value("score", 0.0), c.value("seconds", 0.0),
                ratio > 0 ? std::to_string(ratio).substr(0, 5).c_str() : "-", c.value("legal", false) ? "yes" : "NO");
  out << line << std::flush;  // a row as each case ends: cases can take minutes
}

double averageRatioToCuPoker(const nlohmann::json& cases, int& count) {
  double sum = 0;
  count = 0;
  for (const auto& c : cases)
    if (c.contains("ratio_to_cupoker")) {
      sum += c["ratio_to_cupoker"].get<double>();
      ++count;
    }
  return count > 0 ? sum / count : 0;
}

void printWseBenchSummary(const nlohmann::json& cases, std::ostream& out) {
  int count = 0;
  const double average = averageRatioToCuPoker(cases, count);
  if (count == 0) return;
  char line[120];
  std::snprintf(line, sizeof line, "average ratio to published CU.POKer over %d contest cases: %.4f\n", count, average);
  out << line;
}

}  // namespace ts::cli
