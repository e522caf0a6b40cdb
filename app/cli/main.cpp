// tilestudio-cli: batch runs, checks and benchmarks without a display.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/cli_common.h"
#include "engine/core/error.h"
#include "engine/core/version.h"

int main(int argc, char** argv) {
  using namespace ts::cli;
  CLI::App app{
      "TileStudio command line: place, route, check and benchmark designs for AMD AIE "
      "arrays and the Cerebras WSE."};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tilestudio-cli ") + ts::core::version(),
                       "Print the version (the same for the studio, reports and the package) and exit");
  app.footer("Run 'tilestudio-cli COMMAND --help' for a command's options and an example.");
  GlobalOptions global;
  app.add_flag("-q,--quiet", global.quiet, "No progress output on stderr (before or after the command)");
  app.fallthrough();  // inherited by every subcommand: `place ... --quiet` reaches the flag above
  addInfoCommand(app, global);
  addCheckCommand(app, global);
  addWseCommand(app, global);
  addBenchWseCommand(app, global);
  addPlaceCommand(app, global);
  addPnrCommand(app, global);
  addRouteCommand(app, global);
  addBenchAieCommand(app, global);
  addBenchMergeCommand(app, global);
  addSuiteCommand(app, global);
  addNpflowCommand(app, global);
  addGemmCommand(app, global);
  addBenchGemmCommand(app, global);
#ifdef TS_WITH_RENDER
  addRenderCommand(app, global);  // only in Qt builds (TS_BUILD_GUI)
#endif
  // Started as `placer` (the link in build/bin): the np-flow drop-in, whose arguments carry no
  // subcommand.
  std::vector<std::string> args(argv + 1, argv + argc);
  if (std::filesystem::path(argv[0]).filename() == "placer") args.insert(args.begin(), "npflow");
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);  // prints help or the usage error
    return code == 0 ? kOk : kBadInput;
  } catch (const ts::core::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  } catch (const ts::core::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
    return kFailed;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return kFailed;
  }
  return global.exitCode;
}
