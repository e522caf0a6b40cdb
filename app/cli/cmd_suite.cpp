// tilestudio-cli suite: benchmark designs with their manual placements (the AIE PnR paper's
// Table I suite, the AIE-ML designs, single designs and the bundled samples).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "app/cli/cli_common.h"
#include "engine/aie/bench/cronet.h"
#include "engine/aie/bench/edge_detect.h"
#include "engine/aie/bench/gemm.h"
#include "engine/aie/bench/mlp.h"
#include "engine/aie/bench/resnet.h"
#include "engine/aie/bench/suite.h"
#include "engine/aie/device_library.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_text.h"

namespace ts::cli {

namespace {

namespace fs = std::filesystem;

std::string resolveSet(const std::string& set, const aie::Device& device) {
  if (set != "auto") return set;
  std::string why;
  if (aie::table1Supported(device, &why)) return "table1";
  // The ML designs stream through memory tiles; say so rather than fail inside a generator.
  if (device.countTiles(aie::TileKind::Mem) == 0)
    throw core::Error("no benchmark suite fits " + device.name() + ": the Table I suite: " + why +
                      "; the ML suite (MLP, CRONet) needs memory tiles (e.g. --device xcve2802)");
  return "ml";
}

void printSummary(const std::vector<aie::SuiteEntry>& entries, const aie::Device& device, const std::string& dir,
                  const std::string& set) {
  std::map<std::string, int> byCategory;
  int mixed = 0;
  for (const auto& e : entries) {
    ++byCategory[e.topology + " " + aie::toString(e.flow) + " " + aie::toString(e.size)];
    mixed += e.feasibility.needsMixedModes();
  }
  std::cout << "wrote " << entries.size() << " designs (" << set << ") for " << device.name() << " to " << dir
            << " with index.json\n";
  for (const auto& [cat, n] : byCategory) std::cout << "  " << cat << ": " << n << "\n";
  std::cout << "  need mixed stream modes: " << mixed << "\n";
}

/// Writes one design with its manual placement embedded, or a separate placement file.
void writeOne(const aie::GeneratedDesign& gen, const std::string& out, const std::string& placementOut, bool embed) {
  if (!placementOut.empty()) {
    aie::saveDesignYaml(out, gen.design);
    aie::savePlacementFile(placementOut, gen.design, gen.placement);
  } else {
    aie::saveDesignYaml(out, gen.design, embed ? &gen.placement : nullptr);
  }
}

void checkDesign(aie::SuiteEntry& e, const aie::Device& device) {
  auto problems = aie::analyseEntry(e, device);
  if (!problems.empty()) throw core::Error(e.name + ": " + problems.front());
}

/// The bundled samples (samples/*.yaml): small, good-looking designs with a placement.
std::vector<std::pair<std::string, aie::GeneratedDesign>> sampleDesigns() {
  std::vector<std::pair<std::string, aie::GeneratedDesign>> out;
  const aie::Device npu1 = aie::loadDevice("npu1"), npu2 = aie::loadDevice("npu2");
  const aie::Device ve = aie::loadDevice("xcve2802");
  aie::EdgeDetectSpec edge;
  out.push_back({"edge_detect.yaml", aie::generateEdgeDetect(npu2, edge)});
  aie::GemmSpec g1;
  g1.name = "gemm_npu1";
  g1.precision = aie::GemmPrecision::Bf16;
  out.push_back({"gemm_npu1.yaml", aie::generateGemm(npu1, g1)});
  aie::GemmSpec g2;
  g2.name = "gemm_npu2";
  g2.cols = 8;
  g2.precision = aie::GemmPrecision::I8I8;
  out.push_back({"gemm_npu2.yaml", aie::generateGemm(npu2, g2)});
  aie::ResnetSpec rn;
  rn.name = "resnet_bottleneck";
  out.push_back({"resnet_npu2.yaml", aie::generateResnet(npu2, rn)});
  aie::MlpSpec mlp;
  mlp.name = "mlp7";
  out.push_back({"mlp_xcve2802.yaml", aie::generateMlp(ve, mlp)});
  out.push_back({"cronet_xcve2802.yaml", aie::generateCronet(ve, "cronet")});
  return out;
}

}  // namespace

void addSuiteCommand(CLI::App& app, GlobalOptions& global) {
  auto* suite = app.add_subcommand("suite", "Generate benchmark designs with their manual placements");
  suite->require_subcommand(1);
  suite->footer(
      "Subcommands: generate (a whole suite + index.json), mlp, cronet (one AIE-ML design), "
      "samples,\n"
      "check (verify a written suite).\n"
      "Examples:\n"
      "  tilestudio-cli suite generate --device npu2 --out suite\n"
      "  tilestudio-cli suite generate --device xcve2802 --out ml\n"
      "  tilestudio-cli suite cronet --out cronet.yaml");

  // ---- generate ----
  struct GenOptions {
    std::string device = "npu2", out, set = "auto";
    uint64_t seed = 1;
    double stressScale = 1.0;
  };
  auto g = std::make_shared<GenOptions>();
  auto* gen = suite->add_subcommand("generate", "Write a benchmark suite: designs, manual placements, index.json");
  gen->add_option("-d,--device", g->device, "Target device (preset name or device YAML)")->capture_default_str();
  gen->add_option("-o,--out", g->out, "Output folder (created if missing)")->required();
  gen->add_option("-s,--seed", g->seed, "Random seed: the same seed writes the same files")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  gen->add_option("--stress-scale", g->stressScale,
                  "table1: scale (0..1) of every synthetic design's drawn stress level (parameter multicasts, "
                  "result taps, memory headroom); 0 keeps the stress patterns at their least")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  gen->add_option("--set", g->set,
                  "table1: the AIE PnR paper's 202 designs (NPU arrays); ml: the AIE4ML MLP and CRONet "
                  "(xcve2802); auto: table1 when the device supports it, else ml")
      ->check(CLI::IsMember({"auto", "table1", "ml"}))
      ->capture_default_str();
  gen->footer(
      "Writes DIR/NAME.yaml (design, unplaced), DIR/NAME.manual.yaml (the placement an expert "
      "would\n"
      "write) and DIR/index.json (name, file, manual_placement, topology, flow, size, cores, "
      "nets,\n"
      "needs_mixed_modes, ...). Every manual placement is checked before it is written.\n"
      "Examples:\n"
      "  tilestudio-cli suite generate --device npu2 --out suite\n"
      "  tilestudio-cli suite generate --device npu1 --seed 7 --out suite-npu1\n"
      "  tilestudio-cli suite generate --device xcve2802 --out ml      # MLP + CRONet");
  gen->callback([g, &global] {
    const aie::Device device = aie::loadDevice(g->device);
    const std::string set = resolveSet(g->set, device);
    ConsoleProgress progress("generate", global.quiet);
    auto report = [&](int done, int total, const std::string& name) { progress.batch(done, total, name); };
    std::vector<aie::SuiteEntry> entries = set == "table1"
                                               ? aie::generateTable1Suite(device, g->seed, report, g->stressScale)
                                               : aie::generateMlSuite(device, g->seed, report);
    ConsoleProgress writing("write", global.quiet);
    aie::writeSuite(g->out, entries, device, g->seed, set,
                    [&](int done, int total, const std::string& name) { writing.batch(done, total, name); });
    progress.finish();
    writing.finish();
    printSummary(entries, device, g->out, set);
  });

  // ---- mlp / cronet ----
  struct OneOptions {
    std::string device = "xcve2802", out, placement, layers;
    int batch = 8;
    bool noPlacement = false;
  };
  auto m = std::make_shared<OneOptions>();
  auto* mlp = suite->add_subcommand("mlp", "Write an AIE4ML multi-layer perceptron (cascade blocks per layer)");
  mlp->add_option("-o,--out", m->out, "Design file to write (.yaml)")->required();
  mlp->add_option("-d,--device", m->device, "Target device")->capture_default_str();
  mlp->add_option("--layers", m->layers,
                  "Cascade length x cascade count per layer, e.g. 4x4,8x2,4x2 (default: 7 layers of 4x4, the "
                  "AIE4ML paper's 7-layer MLP with hidden size 512)");
  mlp->add_option("--batch", m->batch, "Samples per object")->check(CLI::Range(1, 256))->capture_default_str();
  mlp->add_option("-p,--placement", m->placement, "Write the manual placement to this file instead of embedding it");
  mlp->add_flag("--no-placement", m->noPlacement, "Write the design without a placement");
  mlp->footer(
      "Examples:\n"
      "  tilestudio-cli suite mlp --out mlp7.yaml\n"
      "  tilestudio-cli suite mlp --layers 8x4,4x8,4x4,2x2 --out mlp.yaml --placement "
      "mlp.manual.yaml");
  mlp->callback([m] {
    core::requireWritableOutput(m->out);
    if (!m->placement.empty()) core::requireWritableOutput(m->placement);
    const aie::Device device = aie::loadDevice(m->device);
    aie::MlpSpec spec;
    spec.name = fs::path(m->out).stem().string();
    if (!m->layers.empty()) spec.layers = aie::parseMlpLayers(m->layers);
    spec.batch = m->batch;
    aie::SuiteEntry e;
    e.name = spec.name;
    e.gen = aie::generateMlp(device, spec);
    checkDesign(e, device);
    writeOne(e.gen, m->out, m->placement, !m->noPlacement);
    std::cout << "wrote " << m->out << ": " << e.gen.design.coreCount() << " cores ("
              << aie::computeCoreCount(e.gen.design) << " compute), " << e.gen.design.netCount() << " nets, "
              << e.gen.design.cascades.size() << " cascades on " << device.name() << "\n";
  });

  auto c = std::make_shared<OneOptions>();
  auto* cronet = suite->add_subcommand("cronet", "Write the CRONet layer graph (223 cores) for xcve2802");
  cronet->add_option("-o,--out", c->out, "Design file to write (.yaml)")->required();
  cronet->add_option("-d,--device", c->device, "Target device")->capture_default_str();
  cronet->add_option("-p,--placement", c->placement, "Write the manual placement to this file instead of embedding it");
  cronet->add_flag("--no-placement", c->noPlacement, "Write the design without a placement");
  cronet->footer("Example:\n  tilestudio-cli suite cronet --out cronet.yaml");
  cronet->callback([c] {
    core::requireWritableOutput(c->out);
    if (!c->placement.empty()) core::requireWritableOutput(c->placement);
    const aie::Device device = aie::loadDevice(c->device);
    aie::SuiteEntry e;
    e.name = fs::path(c->out).stem().string();
    e.gen = aie::generateCronet(device, e.name);
    checkDesign(e, device);
    writeOne(e.gen, c->out, c->placement, !c->noPlacement);
    std::cout << "wrote " << c->out << ": " << e.gen.design.coreCount() << " cores ("
              << aie::computeCoreCount(e.gen.design) << " compute), " << e.gen.design.netCount() << " nets on "
              << device.name() << (e.feasibility.needsMixedModes() ? "; routing needs mixed stream modes" : "") << "\n";
  });

  // ---- samples ----
  auto samplesDir = std::make_shared<std::string>();
  auto* samples = suite->add_subcommand("samples", "Write the bundled sample designs (with placements)");
  samples->add_option("-o,--out", *samplesDir, "Output folder (the repository's samples/ holds these)")->required();
  samples->footer("Example:\n  tilestudio-cli suite samples --out samples");
  samples->callback([samplesDir] {
    std::error_code ec;
    fs::create_directories(*samplesDir, ec);
    if (ec || !fs::is_directory(*samplesDir)) throw core::Error("cannot create the folder '" + *samplesDir + "'");
    for (auto& [file, gen] : sampleDesigns()) {
      aie::SuiteEntry e;
      e.name = gen.design.name;
      e.gen = gen;
      checkDesign(e, aie::loadDevice(gen.design.device));
      const std::string path = (fs::path(*samplesDir) / file).string();
      aie::saveDesignYaml(path, gen.design, &gen.placement);
      std::cout << "wrote " << path << " (" << gen.design.device << ", " << gen.design.coreCount() << " cores)\n";
    }
  });

  // ---- check ----
  auto checkDir = std::make_shared<std::string>();
  auto* check =
      suite->add_subcommand("check", "Verify a written suite: every design, manual placement and index entry");
  check->add_option("dir", *checkDir, "Suite folder (with index.json)")->required();
  check->footer(
      "Loads every design and manual placement listed in DIR/index.json and checks the "
      "placement's\n"
      "legality, the routing lower bound and the endpoint plan, and the index counts.\n"
      "Exit code 0 when all pass, 1 when a design has problems, 2 for unreadable input.\n"
      "Example:\n  tilestudio-cli suite check suite");
  check->callback([checkDir, &global] {
    const std::string indexPath = (fs::path(*checkDir) / "index.json").string();
    const nlohmann::json index = core::readJsonFile(indexPath);
    if (!index.contains("designs") || !index["designs"].is_array() || !index.contains("device"))
      throw core::InputError(indexPath, 0, 0, "expected an object with 'device' and a 'designs' array");
    const aie::Device device = aie::loadDevice(index["device"].get<std::string>());
    int bad = 0, mixed = 0, n = 0;
    ConsoleProgress progress("check", global.quiet);
    for (const auto& d : index["designs"]) {
      ++n;
      aie::SuiteEntry e;
      e.name = d.value("name", "?");
      aie::DesignFile file = aie::loadDesignYaml((fs::path(*checkDir) / d.value("file", "")).string());
      e.gen.design = file.design;
      e.gen.placement =
          aie::loadPlacementYaml((fs::path(*checkDir) / d.value("manual_placement", "")).string(), file.design);
      std::vector<std::string> problems = aie::analyseEntry(e, device);
      if (d.value("cores", -1) != e.gen.design.coreCount() || d.value("nets", -1) != e.gen.design.netCount())
        problems.push_back("core or net count differs from index.json");
      if (d.value("needs_mixed_modes", false) != e.feasibility.needsMixedModes())
        problems.push_back("needs_mixed_modes differs from index.json");
      mixed += e.feasibility.needsMixedModes();
      for (const auto& p : problems) std::cout << e.name << ": " << p << "\n";
      bad += !problems.empty();
      progress.batch(n, int(index["designs"].size()), e.name);
    }
    progress.finish();
    std::cout << n << " designs checked on " << device.name() << ": " << (n - bad) << " sound, " << bad
              << " with problems; " << mixed << " need mixed stream modes\n";
    global.exitCode = bad == 0 ? kOk : kFailed;
  });
}

}  // namespace ts::cli
