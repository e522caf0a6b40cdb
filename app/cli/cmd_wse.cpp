// tilestudio-cli wse: Cerebras WSE kernel placement (ISPD 2020 contest problem).
//   wse place     place a .kgraph with CU.POKer or a baseline, write a .paint solution
//   wse eval      check and score a .paint solution
//   wse generate  write a ResNet / U-Net / FC-net kernel graph
#include <iostream>
#include <sstream>
#include <thread>

#include "app/cli/cli_common.h"
#include "app/cli/cmd_wse_common.h"
#include "engine/core/error.h"
#include "engine/wse/graph_generator.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/io/qor_json.h"
#include "engine/wse/placers.h"

namespace ts::cli {

namespace {

void addPlace(CLI::App& wse, GlobalOptions& global) {
  auto* cmd = wse.add_subcommand("place", "Place a kernel graph and write the solution (.paint)");
  struct Options {
    std::string graph, out, report, initial, pins, algo = "cupoker";
    std::vector<std::string> settings;
    int threads = 0;
    double timeLimit = 0, effort = 1;
    uint64_t seed = 1;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("graph", o->graph, "Kernel graph (.kgraph)")->required();
  cmd->add_option("--algo", o->algo, "cupoker (default), tbs-sa (simulated annealing) or dnc (divide and conquer)")
      ->check(CLI::IsMember(wse::wseAlgorithms()));
  cmd->add_option("--threads", o->threads, "Threads of the CU.POKer neighbour search (default: all cores)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--time-limit", o->timeLimit,
                  "Stop after this many seconds and keep the best legal layout (0 = none)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", o->seed, "Random seed (tbs-sa)");
  cmd->add_option("--effort", o->effort, "Search effort scale (1 = default; smaller is faster)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--from,--initial", o->initial,
                  "Start from this solution (.paint): the first incumbent, never made worse");
  cmd->add_option("--pins", o->pins,
                  "Pinned kernels (.paint with some or all kernels): they keep their place, rotation and "
                  "execution arguments; the others are arranged around them");
  std::string keys;
  for (const std::string& a : wse::wseAlgorithms()) {
    keys += "\n    " + a + ":";
    for (const auto& spec : wse::wsePlacerParams(a)) keys += " " + spec.key + "=" + spec.defaultValue;
  }
  cmd->add_option("--set", o->settings, "Algorithm setting key=value (repeatable); keys and defaults:" + keys);
  cmd->add_option("-o,--out", o->out, "Solution file to write (.paint)")->required();
  cmd->add_option("--report", o->report, "Also write a JSON report (MT, WL, AC, score, runtime, search statistics)");
  cmd->footer(
      "Exit code 0 when a legal solution was written, 1 when none was found, 2 for bad input (including\n"
      "graphs that provably cannot fit the fabric).\n"
      "Examples:\n  tilestudio-cli wse place ../shared/data/ispd20/benchmarks/A.kgraph --algo cupoker "
      "--threads 2 --out A.paint --report A.json\n"
      "  tilestudio-cli wse place A.kgraph --from A.paint --pins A_pins.paint --algo tbs-sa --time-limit 60 "
      "--out A2.paint");
  cmd->callback([o, &global] {
    wse::KernelGraph g = wse::readKgraph(o->graph);
    wse::WsePlacerOptions opts;
    opts.algorithm = o->algo;
    opts.threads = o->threads;
    opts.effort = o->effort;
    for (const std::string& a : o->settings) core::parseParamAssignment(a, opts.settings);
    if (!o->initial.empty()) {
      std::vector<wse::Violation> mismatches;
      opts.initial = wse::layoutFromPaint(g, wse::readPaint(o->initial, g), &mismatches);
    }
    if (!o->pins.empty()) {
      opts.pins = wse::readPartialLayout(o->pins, g);
      if (std::string why = wse::checkPins(g, opts.pins); !why.empty()) throw core::InputError(o->pins, 0, 0, why);
    }
    ConsoleProgress progress("wse " + o->algo, global.quiet);
    core::RunContext ctx(o->seed, o->timeLimit, nullptr, &progress);
    wse::WsePlaceResult r = wse::runWsePlacer(g, opts, ctx);
    progress.finish();
    nlohmann::json report = {{"graph", o->graph},          {"test", g.test},   {"algorithm", o->algo},
                             {"kernels", g.kernelCount()}, {"found", r.found}, {"stopped", r.stopped},
                             {"seconds", r.seconds}};
    for (const auto& [name, value] : r.stats) report["stats"][name] = value;
    if (r.found) {
      wse::writePaint(o->out, g, r.layout);
      report["evaluation"] = wse::evaluationJson(g, r.evaluation);
      PublishedWseResult pub;
      if (publishedCuPokerResult(g, pub)) report["ratio_to_cupoker"] = r.evaluation.score / pub.score;
      std::cout << g.test << ": MT " << r.evaluation.mt << "  WL " << r.evaluation.wl << "  AC " << r.evaluation.ac
                << "  score " << r.evaluation.score << "  (" << r.seconds << " s)"
                << (r.stopped ? " [stopped early]" : "") << "\nwrote " << o->out << "\n";
    } else {
      report["message"] = r.message;
      std::cerr << "error: " << r.message << "\n";
    }
    if (!o->report.empty()) writeJson(o->report, report);
    global.exitCode = r.found ? kOk : r.impossible ? kBadInput : kFailed;
  });
}

void addEval(CLI::App& wse, GlobalOptions& global) {
  auto* cmd = wse.add_subcommand("eval", "Check and score a solution (.paint) against its kernel graph");
  struct Options {
    std::string graph, solution;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("graph", o->graph, "Kernel graph (.kgraph)")->required();
  cmd->add_option("solution", o->solution, "Solution (.paint)")->required();
  cmd->add_flag("--json", o->json, "Print the evaluation as JSON");
  cmd->footer(
      "Exit code 0 when the solution is legal, 1 when it is not, 2 for unreadable input.\n"
      "Example:\n  tilestudio-cli wse eval ../shared/data/ispd20/benchmarks/D.kgraph "
      "../shared/data/ispd20/solutions/D_searsm8_ex_placement.paint --json");
  cmd->callback([o, &global] {
    wse::KernelGraph g = wse::readKgraph(o->graph);
    wse::Evaluation ev = wse::evaluatePaint(g, wse::readPaint(o->solution, g));
    if (o->json) {
      nlohmann::json j = wse::evaluationJson(g, ev);
      j["graph"] = o->graph;
      j["solution"] = o->solution;
      j["test"] = g.test;
      PublishedWseResult pub;
      if (publishedCuPokerResult(g, pub) && ev.legal) j["ratio_to_cupoker"] = ev.score / pub.score;
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << g.test << ": " << g.kernelCount() << " kernels, " << ev.edges << " kernel edges\n"
                << "  MT " << ev.mt << "  WL " << ev.wl << "  AC " << ev.ac << "  score " << ev.score
                << "  (max memory " << ev.maxMemory << " of " << g.memlimit << ")\n";
      for (const auto& v : ev.violations) std::cout << "  problem: " << v.message << "\n";
      std::cout << (ev.legal ? "OK: legal\n" : std::to_string(ev.violations.size()) + " problem(s)\n");
    }
    global.exitCode = ev.legal ? kOk : kFailed;
  });
}

void addGenerate(CLI::App& wse, GlobalOptions& global) {
  auto* cmd = wse.add_subcommand("generate", "Write a kernel graph of a ResNet-50/75, U-Net or FC-net");
  struct Options {
    std::string network, out, weights = "1,1,0", test;
    bool coarse = false;
    int divisor = 1, image = 0, layers = 26;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("network", o->network, "resnet50, resnet75, unet or fcnet")
      ->required()
      ->check(CLI::IsMember({"resnet50", "resnet75", "unet", "fcnet"}));
  cmd->add_flag("--coarse", o->coarse, "ResNets: one cblock/dblock kernel per residual block (default: convs)");
  cmd->add_option("--feature-div", o->divisor, "Divide every feature count (a lean network; the contest used 16)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--image", o->image, "Input side (ResNet default 112 after the stem, U-Net 512)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--layers", o->layers, "FC-net depth (default 26)")->check(CLI::PositiveNumber);
  cmd->add_option("--weights", o->weights, "Score weights wdeltat,wlength,wadapter (default 1,1,0)");
  cmd->add_option("--test", o->test, "Header test name (default generated-<network>...)");
  cmd->add_option("-o,--out", o->out, "Kernel graph to write (.kgraph)")->required();
  cmd->footer("Example:\n  tilestudio-cli wse generate resnet75 --coarse --weights 1,4,0 --out resnet75_coarse.kgraph");
  cmd->callback([o, &global] {
    wse::GeneratorOptions g;
    wse::parseNetworkKind(o->network, g.kind);
    g.coarse = o->coarse;
    g.featureDivisor = o->divisor;
    g.image = o->image;
    g.layers = o->layers;
    g.test = o->test;
    std::stringstream ws(o->weights);
    std::string part;
    std::vector<double> w;
    while (std::getline(ws, part, ',')) {
      try {
        size_t used = 0;
        w.push_back(std::stod(part, &used));
        if (used != part.size() || w.back() < 0) throw std::invalid_argument(part);
      } catch (const std::exception&) {
        throw core::Error("--weights expects three non-negative numbers like 1,10,100, found '" + o->weights + "'");
      }
    }
    if (w.size() != 3)
      throw core::Error("--weights expects three numbers wdeltat,wlength,wadapter, found '" + o->weights + "'");
    g.wdeltat = w[0];
    g.wlength = w[1];
    g.wadapter = w[2];
    wse::KernelGraph graph = wse::generateNetwork(g);
    wse::writeKgraph(o->out, graph);
    if (!global.quiet)
      std::cout << graph.test << ": " << graph.kernelCount() << " kernels, " << graph.kernelEdges.size()
                << " kernel edges\nwrote " << o->out << "\n";
  });
}

}  // namespace

void addWseCommand(CLI::App& app, GlobalOptions& global) {
  auto* wse = app.add_subcommand("wse", "Cerebras WSE kernel placement (ISPD 2020): place, eval, generate");
  wse->require_subcommand(1);
  wse->footer(
      "Run 'tilestudio-cli wse COMMAND --help' for the options.\nExample:\n"
      "  tilestudio-cli wse place ../shared/data/ispd20/benchmarks/A.kgraph --out A.paint");
  addPlace(*wse, global);
  addEval(*wse, global);
  addGenerate(*wse, global);
}

}  // namespace ts::cli
