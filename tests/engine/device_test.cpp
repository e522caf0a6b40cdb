#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "engine/aie/device_library.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "test_util.h"

using namespace ts::aie;
using ts::core::TileCoord;

namespace {

bool contains(const std::vector<TileCoord>& v, TileCoord t) {
  return std::find(v.begin(), v.end(), t) != v.end();
}

}  // namespace

TEST(Device, PresetsAreAllAvailable) {
  auto names = availableDevices();
  for (const char* n : {"npu1", "npu2", "xcvc1902", "xcve2302", "xcve2802"})
    EXPECT_TRUE(std::find(names.begin(), names.end(), n) != names.end()) << n;
}

struct PresetFacts {
  const char* name;
  int columns, rows, compute, mem, shim, shimDma;
  Generation gen;
  int64_t computeKiB;
};

class PresetTest : public ::testing::TestWithParam<PresetFacts> {};

TEST_P(PresetTest, CountsAndResourcesMatchTheTargetModel) {
  const PresetFacts f = GetParam();
  Device d = loadDevice(f.name);
  EXPECT_EQ(d.name(), f.name);
  EXPECT_EQ(d.columns(), f.columns);
  EXPECT_EQ(d.rows(), f.rows);
  EXPECT_EQ(d.countTiles(TileKind::Compute), f.compute);
  EXPECT_EQ(d.countTiles(TileKind::Mem), f.mem);
  EXPECT_EQ(d.countTiles(TileKind::Shim), f.shim);
  EXPECT_EQ(int(d.shimDmaColumns().size()), f.shimDma);
  EXPECT_EQ(d.generation(), f.gen);
  EXPECT_EQ(d.kind({0, 0}), TileKind::Shim);
  const auto& c = d.resourcesOf(TileKind::Compute);
  EXPECT_EQ(c.memoryBytes, f.computeKiB * 1024);
  EXPECT_EQ(c.locks, 16);
  EXPECT_EQ(c.bufferDescriptors, 16);
  EXPECT_EQ(c.dmaIn, 2);
  EXPECT_EQ(c.dmaOut, 2);
  const auto& s = d.resourcesOf(TileKind::Shim);
  EXPECT_EQ(s.locks, 16);
  EXPECT_EQ(s.dmaIn, 2);
  EXPECT_EQ(s.dmaOut, 2);
  if (f.mem > 0) {
    const auto& m = d.resourcesOf(TileKind::Mem);
    EXPECT_EQ(m.memoryBytes, 512 * 1024);
    EXPECT_EQ(m.locks, 64);
    EXPECT_EQ(m.bufferDescriptors, 48);
    EXPECT_EQ(m.dmaIn, 6);
    EXPECT_EQ(m.dmaOut, 6);
  }
  EXPECT_EQ(d.streamLinks().north, 6);
  EXPECT_EQ(d.streamLinks().south, 4);
  EXPECT_EQ(d.streamLinks().east, 4);
  EXPECT_EQ(d.streamLinks().west, 4);
}

INSTANTIATE_TEST_SUITE_P(Presets, PresetTest,
                         ::testing::Values(PresetFacts{"npu1", 4, 6, 16, 4, 4, 4, Generation::Aie2, 64},
                                           PresetFacts{"npu2", 8, 6, 32, 8, 8, 8, Generation::Aie2, 64},
                                           PresetFacts{"xcvc1902", 50, 9, 400, 0, 50, 16, Generation::Aie1, 32},
                                           PresetFacts{"xcve2802", 38, 11, 304, 76, 38, 12, Generation::Aie2, 64},
                                           PresetFacts{"xcve2302", 17, 4, 34, 17, 17, 6, Generation::Aie2, 64}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Device, RowRolesOfTheNpuAndVersalParts) {
  Device npu = loadDevice("npu2");
  EXPECT_EQ(npu.kind({3, 0}), TileKind::Shim);
  EXPECT_EQ(npu.kind({3, 1}), TileKind::Mem);
  for (int r = 2; r < 6; ++r) EXPECT_EQ(npu.kind({3, r}), TileKind::Compute);
  Device vek = loadDevice("xcve2802");
  EXPECT_EQ(vek.kind({0, 1}), TileKind::Mem);
  EXPECT_EQ(vek.kind({0, 2}), TileKind::Mem);
  EXPECT_EQ(vek.kind({0, 3}), TileKind::Compute);
  EXPECT_EQ(vek.kind({37, 10}), TileKind::Compute);
  Device vck = loadDevice("xcvc1902");
  EXPECT_EQ(vck.kind({0, 1}), TileKind::Compute);
}

TEST(Device, ShimDmaOnlyInNocColumns) {
  Device vck = loadDevice("xcvc1902");
  EXPECT_TRUE(vck.shimHasDma(2));
  EXPECT_TRUE(vck.shimHasDma(47));
  EXPECT_FALSE(vck.shimHasDma(0));
  EXPECT_FALSE(vck.shimHasDma(20));
  EXPECT_EQ(vck.resources({0, 0}).dmaOut, 0);
  EXPECT_EQ(vck.resources({2, 0}).dmaOut, 2);
  EXPECT_FALSE(vck.canHost(TileKind::Shim, {0, 0}));
  EXPECT_TRUE(vck.canHost(TileKind::Shim, {3, 0}));
  Device vek = loadDevice("xcve2802");
  std::vector<int> expected{2, 3, 6, 7, 14, 15, 22, 23, 30, 31, 34, 35};
  EXPECT_EQ(vek.shimDmaColumns(), expected);
}

TEST(Device, MemoryTilesHaveNoEastWestLinks) {
  Device npu = loadDevice("npu2");
  EXPECT_EQ(npu.linkCapacity({2, 1}, Direction::East), 0);
  EXPECT_EQ(npu.linkCapacity({2, 1}, Direction::West), 0);
  EXPECT_EQ(npu.linkCapacity({2, 1}, Direction::North), 6);
  EXPECT_EQ(npu.linkCapacity({2, 1}, Direction::South), 4);
  EXPECT_EQ(npu.linkCapacity({2, 0}, Direction::East), 4);
  EXPECT_EQ(npu.linkCapacity({2, 3}, Direction::West), 4);
  // Array edges have no links.
  EXPECT_EQ(npu.linkCapacity({7, 3}, Direction::East), 0);
  EXPECT_EQ(npu.linkCapacity({0, 3}, Direction::West), 0);
  EXPECT_EQ(npu.linkCapacity({3, 5}, Direction::North), 0);
  EXPECT_EQ(npu.linkCapacity({3, 0}, Direction::South), 0);
}

TEST(Device, Aie2SharedMemoryNeighbours) {
  Device npu = loadDevice("npu2");
  // Core (3,3) reaches its own, west, north and south memories.
  auto reach = npu.memoriesReachableFrom({3, 3});
  EXPECT_EQ(reach.size(), 4u);
  for (TileCoord t : {TileCoord{3, 3}, TileCoord{2, 3}, TileCoord{3, 4}, TileCoord{3, 2}})
    EXPECT_TRUE(contains(reach, t)) << toString(t);
  EXPECT_FALSE(contains(reach, {4, 3}));
  // The bottom compute row does not reach the memory tile below it.
  auto bottom = npu.memoriesReachableFrom({3, 2});
  EXPECT_FALSE(contains(bottom, {3, 1}));
  EXPECT_EQ(bottom.size(), 3u);
  // Column 0 has no west memory.
  EXPECT_EQ(npu.memoriesReachableFrom({0, 4}).size(), 3u);
  // A buffer in M(3,3) is reachable by cores (3,3), (4,3), (3,4), (3,2).
  auto cores = npu.coresReaching({3, 3});
  EXPECT_EQ(cores.size(), 4u);
  for (TileCoord t : {TileCoord{3, 3}, TileCoord{4, 3}, TileCoord{3, 4}, TileCoord{3, 2}})
    EXPECT_TRUE(contains(cores, t)) << toString(t);
  EXPECT_TRUE(npu.memoriesReachableFrom({3, 1}).empty());
  EXPECT_TRUE(npu.shareMemory({{3, 3}, {4, 3}}));
  EXPECT_TRUE(npu.shareMemory({{3, 3}, {3, 4}, {3, 2}, {4, 3}}));
  EXPECT_FALSE(npu.shareMemory({{3, 3}, {5, 3}}));
  EXPECT_FALSE(npu.shareMemory({{3, 2}, {4, 3}}) && !npu.shareMemory({{4, 3}, {3, 2}}));
}

TEST(Device, Aie1CheckerboardNeighbours) {
  Device vck = loadDevice("xcvc1902");
  // Even row: east memory; odd row: west memory.
  auto even = vck.memoriesReachableFrom({10, 2});
  EXPECT_TRUE(contains(even, {11, 2}));
  EXPECT_FALSE(contains(even, {9, 2}));
  auto odd = vck.memoriesReachableFrom({10, 3});
  EXPECT_TRUE(contains(odd, {9, 3}));
  EXPECT_FALSE(contains(odd, {11, 3}));
  for (auto reach : {even, odd}) EXPECT_EQ(reach.size(), 4u);
  // The shim row is never a shared-memory neighbour.
  EXPECT_FALSE(contains(vck.memoriesReachableFrom({10, 1}), {10, 0}));
  // coresReaching is the inverse relation.
  for (TileCoord m : {TileCoord{10, 2}, TileCoord{10, 3}, TileCoord{0, 1}})
    for (TileCoord c : vck.coresReaching(m)) EXPECT_TRUE(contains(vck.memoriesReachableFrom(c), m));
}

TEST(Device, CascadeDirections) {
  Device npu = loadDevice("npu2");
  EXPECT_TRUE(npu.canCascade({2, 4}, {2, 3}));
  EXPECT_TRUE(npu.canCascade({2, 4}, {3, 4}));
  EXPECT_FALSE(npu.canCascade({2, 4}, {2, 5}));
  EXPECT_FALSE(npu.canCascade({2, 2}, {2, 1}));
}

TEST(Device, UserDeviceFileNeedsNoCode) {
  std::string text = R"(name: tiny
generation: aie2
columns: 2
rows: [shim, mem, compute]
resources:
  compute: {memory_kib: 64, locks: 16, buffer_descriptors: 16, dma_in: 2, dma_out: 2}
  mem: {memory_kib: 512, locks: 64, buffer_descriptors: 48, dma_in: 6, dma_out: 6}
  shim: {memory_kib: 0, locks: 16, buffer_descriptors: 16, dma_in: 2, dma_out: 2}
)";
  Device d = parseDeviceYaml(text, "tiny.yaml");
  EXPECT_EQ(d.tileCount(), 6);
  EXPECT_EQ(d.countTiles(TileKind::Compute), 2);
  EXPECT_EQ(d.shimDmaColumns().size(), 2u);
}

// The user device folder is $XDG_CONFIG_HOME/tilestudio/devices, else ~/.config/tilestudio/devices
// (a relative XDG_CONFIG_HOME is ignored, as the XDG spec and QSettings say).
TEST(Device, UserDeviceFolderFollowsXdgConfigHome) {
  namespace fs = std::filesystem;
  const std::string root = ts::test::outputDir("xdg_devices");
  const std::string preset = ts::core::readFile(TS_SOURCE_DIR "/resources/devices/npu2.yaml");
  auto writeDevice = [&](const fs::path& dir, const std::string& name) {
    fs::create_directories(dir / "tilestudio" / "devices");
    ts::core::writeFileAtomically((dir / "tilestudio" / "devices" / (name + ".yaml")).string(), preset);
  };
  writeDevice(fs::path(root) / "xdg", "from_xdg");
  writeDevice(fs::path(root) / "home" / ".config", "from_home");
  const char* oldHome = std::getenv("HOME");
  const std::string savedHome = oldHome ? oldHome : "";
  setenv("HOME", (root + "/home").c_str(), 1);
  unsetenv("TILESTUDIO_DEVICE_PATH");

  setenv("XDG_CONFIG_HOME", (root + "/xdg").c_str(), 1);
  EXPECT_EQ(loadDevice("from_xdg").columns(), 8);
  auto names = availableDevices();
  EXPECT_NE(std::find(names.begin(), names.end(), "from_xdg"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "from_home"), names.end());
  EXPECT_THROW(loadDevice("from_home"), ts::core::Error);

  for (const char* ignored : {"", "relative/config"}) {
    setenv("XDG_CONFIG_HOME", ignored, 1);
    EXPECT_EQ(loadDevice("from_home").columns(), 8) << "XDG_CONFIG_HOME='" << ignored << "'";
    EXPECT_THROW(loadDevice("from_xdg"), ts::core::Error);
  }
  unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(loadDevice("from_home").columns(), 8);
  setenv("HOME", savedHome.c_str(), 1);
}

TEST(Device, UnknownNameListsTheKnownOnes) {
  try {
    loadDevice("npu9");
    FAIL() << "expected an error";
  } catch (const ts::core::Error& e) {
    EXPECT_NE(std::string(e.what()).find("npu2"), std::string::npos);
  }
}
