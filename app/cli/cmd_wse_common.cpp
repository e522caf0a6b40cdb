#include "app/cli/cmd_wse_common.h"

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

}  // namespace ts::cli
