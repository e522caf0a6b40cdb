// The np-flow drop-in (`build/bin/placer`, as IRON's SAPlacer runs it) on the np-flow netlist of
// every shared MLIR-AIE module: the placed netlist it writes passes the legality checker (for the
// netlist's own design: np-flow JSON has no cascades or partial pins).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "engine/aie/device_library.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/legality.h"
#include "engine/core/atomic_file.h"

using namespace ts::test;
using namespace ts::aie;
namespace fs = std::filesystem;

TEST(CliNpflow, PlacerLinkPlacesTheNetlistOfEverySharedMlirModule) {
  const std::string dir = cliOutputDir("npflow");
  const std::string placer = (fs::path(TS_CLI_PATH).parent_path() / "placer").string();
  ASSERT_TRUE(fs::exists(placer)) << "build/bin/placer is missing";
  int legal = 0, failed = 0;
  std::string linkDevice;  // of the last netlist placed legally, kept for the run through the link
  for (const auto& e : fs::recursive_directory_iterator(sharedData("mlir-aie"))) {
    if (e.path().extension() != ".mlir") continue;
    auto modules = loadMlirModules(e.path().string());
    for (size_t i = 0; i < modules.size(); ++i) {
      if (!modules[i].imported) continue;
      const MlirImport& m = *modules[i].imported;
      SCOPED_TRACE(e.path().string() + " module " + std::to_string(i + 1));
      const std::string netlist = dir + "/netlist.json", placed = dir + "/placed.json";
      ts::core::writeFileAtomically(netlist, npflowNetlistJson(m.design, &m.placement));
      fs::remove(placed);
      CliResult r = runCli("npflow '" + netlist + "' --output=" + placed + " --route-summary=" + dir +
                           "/summary.json --routing-viz=" + dir + "/routing.dot --device " + m.design.device +
                           " --time-limit 10 --route-time-limit 30 -q");
      ASSERT_NE(r.exitCode, 2) << r.err;
      ASSERT_TRUE(fs::exists(placed)) << r.err;
      auto out = nlohmann::json::parse(slurp(placed));
      if (r.exitCode != 0) {  // no legal result: IRON must read a failure
        EXPECT_GE(out["routing"]["routing_cost"].get<double>(), 1e9);
        ++failed;
        continue;
      }
      // np-flow JSON carries no cascades or partial pins: the check is of the netlist's design.
      NpflowNetlist in = loadNpflowNetlist(netlist, m.design.device);
      Placement p = readNpflowPlacement(slurp(placed), placed, in.design);
      EXPECT_TRUE(checkPlacement(in.design, loadDevice(m.design.device), p).empty());
      EXPECT_LT(out["routing"]["routing_cost"].get<double>(), 1e9);
      for (const auto& net : out["nets"]) EXPECT_TRUE(net.contains("routing_info"));
      EXPECT_EQ(slurp(dir + "/routing.dot").rfind("digraph", 0), 0u);
      fs::copy_file(netlist, dir + "/link_netlist.json", fs::copy_options::overwrite_existing);
      linkDevice = m.design.device;
      ++legal;
    }
  }
  EXPECT_GE(legal, 30);
  // The `placer` name itself runs the same command, as IRON calls it.
  ASSERT_FALSE(linkDevice.empty());
  const std::string viaLink = dir + "/via_link.json";
  fs::remove(viaLink);
  int code = std::system((placer + " '" + dir + "/link_netlist.json' --output=" + viaLink + " --device " + linkDevice +
                          " --time-limit 10 --route-time-limit 30 -q >/dev/null 2>&1")
                             .c_str());
  ASSERT_TRUE(WIFEXITED(code) && WEXITSTATUS(code) == 0) << code;
  NpflowNetlist in = loadNpflowNetlist(dir + "/link_netlist.json", linkDevice);
  Placement p = readNpflowPlacement(slurp(viaLink), viaLink, in.design);
  EXPECT_TRUE(p.complete());
  EXPECT_TRUE(checkPlacement(in.design, loadDevice(linkDevice), p).empty());
  EXPECT_LE(failed, 8);
}
