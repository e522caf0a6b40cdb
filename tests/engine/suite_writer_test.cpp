// Writing a suite: files, index.json fields, and that everything reads back unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/aie/bench/suite.h"
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/atomic_file.h"
#include "test_util.h"

using namespace ts::aie;
namespace fs = std::filesystem;

TEST(SuiteWriter, WritesDesignsPlacementsAndAnIndex) {
  const Device npu2 = loadDevice("npu2");
  const auto suite = generateTable1Suite(npu2, 5);
  const std::string dir = ts::test::outputDir("suite_npu2");
  writeSuite(dir, suite, npu2, 5, "table1");

  auto index = nlohmann::json::parse(ts::core::readFile(dir + "/index.json"));
  EXPECT_EQ(index["device"], "npu2");
  EXPECT_EQ(index["seed"], 5);
  EXPECT_EQ(index["suite"], "table1");
  ASSERT_EQ(index["designs"].size(), 202u);
  EXPECT_EQ(index["count"], 202);
  int mixed = 0;
  std::map<std::string, int> topologies;
  for (size_t i = 0; i < suite.size(); ++i) {
    const auto& j = index["designs"][i];
    const SuiteEntry& e = suite[i];
    for (const char* key : {"name", "file", "manual_placement", "topology", "flow", "size", "cores", "compute_cores",
                            "nets", "needs_mixed_modes", "features", "lower_bound", "manual_plan"})
      ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["name"], e.name);
    EXPECT_EQ(j["topology"], e.topology);
    EXPECT_EQ(j["flow"], toString(e.flow));
    EXPECT_EQ(j["size"], toString(e.size));
    EXPECT_EQ(j["cores"], e.gen.design.coreCount());
    EXPECT_EQ(j["nets"], e.gen.design.netCount());
    mixed += j["needs_mixed_modes"].get<bool>();
    EXPECT_EQ(j.contains("mixed_modes_reason"), j["needs_mixed_modes"].get<bool>());
    ++topologies[j["topology"]];

    DesignFile back = loadDesignYaml(dir + "/" + j["file"].get<std::string>());
    EXPECT_FALSE(back.placement.has_value()) << "designs are written unplaced";
    EXPECT_EQ(designToYaml(back.design), designToYaml(e.gen.design)) << e.name;
    Placement p = loadPlacementYaml(dir + "/" + j["manual_placement"].get<std::string>(), back.design);
    EXPECT_EQ(p, e.gen.placement) << e.name;
  }
  EXPECT_EQ(mixed, index["needs_mixed_modes"].get<int>());
  EXPECT_EQ(topologies.size(), 6u);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}), 2 * 202 + 1);

  // Writing again leaves byte-identical files (determinism down to the bytes).
  const std::string again = ts::test::outputDir("suite_npu2_again");
  writeSuite(again, generateTable1Suite(npu2, 5), npu2, 5, "table1");
  for (const auto& f : fs::directory_iterator(dir))
    EXPECT_EQ(ts::core::readFile(f.path().string()), ts::core::readFile(again + "/" + f.path().filename().string()))
        << f.path().filename();
}
