// tilestudio-cli bench: the parent of the benchmark subcommands. Each engine adds its own
// child (bench wse, bench aie, ...) from its own file through benchCommand().
#include "app/cli/cli_common.h"

namespace ts::cli {

CLI::App* benchCommand(CLI::App& app) {
  auto found = app.get_subcommands([](CLI::App* a) { return a->get_name() == "bench"; });
  if (!found.empty()) return found.front();
  auto* bench = app.add_subcommand("bench", "Run a benchmark suite and report QoR and runtimes");
  bench->require_subcommand(1);
  bench->footer(
      "Run 'tilestudio-cli bench SUITE --help' for a suite's options.\nExample:\n"
      "  tilestudio-cli bench wse --dir ../shared/data/ispd20/benchmarks --algo cupoker --json wse.json");
  return bench;
}

}  // namespace ts::cli
