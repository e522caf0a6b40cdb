// tilestudio-cli bench wse: place every .kgraph of a folder and report MT, WL, AC, score,
// runtime and the ratio to the published CU.POKer score for the contest cases.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "app/cli/bench_per_design_csv.h"
#include "app/cli/bench_shard.h"
#include "app/cli/cli_common.h"
#include "app/cli/cmd_wse_common.h"
#include "engine/core/error.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/placers.h"

namespace ts::cli {

void addBenchWseCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = benchCommand(app)->add_subcommand("wse", "Place every .kgraph in a folder with a WSE placer");
  struct Options {
    std::string dir, json, csv, algo = "cupoker", outDir;
    int threads = 0;
    double timeLimit = 0, effort = 1;
    uint64_t seed = 1;
    Shard shard;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("--dir", o->dir, "Folder with .kgraph files")->required()->check(CLI::ExistingDirectory);
  cmd->add_option("--algo", o->algo, "cupoker (default), tbs-sa or dnc")->check(CLI::IsMember(wse::wseAlgorithms()));
  cmd->add_option("--threads", o->threads, "Threads (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--time-limit", o->timeLimit, "Seconds per case (0 = none)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--effort", o->effort, "Search effort scale (1 = default)")->check(CLI::PositiveNumber);
  cmd->add_option("--seed", o->seed, "Random seed");
  cmd->add_option("--out-dir", o->outDir, "Also write each case's solution (.paint) here");
  cmd->add_option("--json", o->json,
                  "Write the per-case results as JSON (- = standard output; the table then goes to "
                  "standard error)");
  cmd->add_option("--csv", o->csv,
                  "Also write one row per case: MT, WL, AC, score, seconds, published score, ratio (- = standard "
                  "output, as for --json)");
  addShardOption(cmd, o->shard);
  cmd->footer(
      "Exit code 0 when every case got a legal solution, 1 otherwise.\nExample:\n"
      "  tilestudio-cli bench wse --dir ../shared/data/ispd20/benchmarks --algo cupoker --threads 2 --json "
      "cupoker.json --csv cupoker.csv");
  cmd->callback([o, &global] {
    std::ostream& table = tableStream({{"--json", o->json}, {"--csv", o->csv}});  // checked before any work
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(o->dir))
      if (e.is_regular_file() && e.path().extension() == ".kgraph") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    if (files.empty()) throw core::Error("no .kgraph files in " + o->dir);
    const size_t casesTotal = files.size();
    files = selectShard(files, o->shard);
    if (!o->outDir.empty()) std::filesystem::create_directories(o->outDir);
    nlohmann::json cases = nlohmann::json::array();
    bool allLegal = true;
    printWseBenchHeader(table);
    // Ctrl-C stops the case in progress (its best legal layout counts) and runs no more.
    InterruptStop interrupt;
    for (const auto& file : files) {
      if (interrupt.token()->stopRequested()) break;
      wse::KernelGraph g = wse::readKgraph(file);
      wse::WsePlacerOptions opts;
      opts.algorithm = o->algo;
      opts.threads = o->threads;
      opts.effort = o->effort;
      ConsoleProgress progress(std::filesystem::path(file).stem().string(), global.quiet);
      core::RunContext ctx(o->seed, o->timeLimit, interrupt.token(), &progress);
      wse::WsePlaceResult r = wse::runWsePlacer(g, opts, ctx);
      progress.finish();
      std::string name = std::filesystem::path(file).stem().string();
      nlohmann::json c = {{"file", file},         {"case", name},
                          {"test", g.test},       {"kernels", g.kernelCount()},
                          {"found", r.found},     {"legal", r.found && r.evaluation.legal},
                          {"seconds", r.seconds}, {"stopped", r.stopped}};
      allLegal = allLegal && r.found && r.evaluation.legal;
      if (r.found) {
        c["mt"] = r.evaluation.mt;
        c["wl"] = r.evaluation.wl;
        c["ac"] = r.evaluation.ac;
        c["score"] = r.evaluation.score;
        PublishedWseResult pub;
        if (publishedCuPokerResult(g, pub)) {
          c["published_cupoker"] = {
              {"case", pub.caseName}, {"mt", pub.mt}, {"wl", pub.wl}, {"ac", pub.ac}, {"score", pub.score}};
          c["ratio_to_cupoker"] = r.evaluation.score / pub.score;
        }
        if (!o->outDir.empty())
          wse::writePaint((std::filesystem::path(o->outDir) / (name + ".paint")).string(), g, r.layout);
      } else {
        c["message"] = r.message;
      }
      cases.push_back(c);
      printWseBenchRow(c, table);
    }
    nlohmann::json out = {{"algorithm", o->algo},       {"dir", o->dir},       {"threads", o->threads},
                          {"time_limit", o->timeLimit}, {"effort", o->effort}, {"cases", cases},
                          {"all_legal", allLegal}};
    int ratioCount = 0;
    const double averageRatio = averageRatioToCuPoker(cases, ratioCount);
    if (ratioCount > 0) out["average_ratio_to_cupoker"] = averageRatio;
    if (o->shard.active()) out["shard"] = shardJson(o->shard, casesTotal);
    const bool interrupted = interrupt.token()->stopRequested();
    if (interrupted) {
      out["interrupted"] = true;
      table << "interrupted (Ctrl-C): " << cases.size() << " of " << files.size() << " cases run\n";
    }
    printWseBenchSummary(cases, table);
    if (!o->json.empty()) writeJson(o->json, out);
    if (!o->csv.empty()) writeOutput(o->csv, [&](std::ostream& csv) { writeWseCasesCsv(cases, csv); });
    global.exitCode = allLegal && !interrupted ? kOk : kFailed;
  });
}

}  // namespace ts::cli
