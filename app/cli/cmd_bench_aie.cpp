// tilestudio-cli bench aie: place and route every design of an AIE suite with one or more
// placer x router combinations, write per-design figures and print the paper's Table II
// (over the designs every compared run succeeds on) and success per category.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <thread>

#include "app/cli/bench_per_design_csv.h"
#include "app/cli/bench_shard.h"
#include "app/cli/bench_table2.h"
#include "app/cli/cli_common.h"
#include "app/cli/pnr_options.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"
#include "engine/core/json_text.h"

namespace ts::cli {

namespace {

using nlohmann::json;

struct SuiteItem {
  std::string name, file, manual, topology, flow, size;
  bool needsMixedModes = false;  // index.json: its manual placement needs packet flows sharing a DMA channel
};

std::vector<SuiteItem> readSuiteIndex(const std::string& dir) {
  std::string path = (std::filesystem::path(dir) / "index.json").string();
  std::string text = core::readFile(path);
  json root = core::parseJsonText(text, path);
  const json* list =
      root.is_array() ? &root : (root.is_object() && root.contains("designs") ? &root["designs"] : nullptr);
  if (!list || !list->is_array())
    throw core::InputError(path, 1, 1, "expected a list of designs (or {\"designs\": [...]})");
  std::vector<SuiteItem> out;
  for (size_t i = 0; i < list->size(); ++i) {
    const json& e = (*list)[i];
    auto str = [&](const char* key, bool required) {
      if (e.is_object() && e.contains(key) && e[key].is_string()) return e[key].get<std::string>();
      if (required)
        throw core::InputError(path, 0, 0, "design " + std::to_string(i) + ": missing string field '" + key + "'");
      return std::string();
    };
    const bool mixed = e.is_object() && e.contains("needs_mixed_modes") && e["needs_mixed_modes"].is_boolean() &&
                       e["needs_mixed_modes"].get<bool>();
    out.push_back({str("name", true), str("file", true), str("manual_placement", false), str("topology", false),
                   str("flow", false), str("size", false), mixed});
  }
  return out;
}

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// Placers start from the design's pins, as in the paper; `manual` (and any placer when
// fromManual is set) from the suite's manual placement, or the design file's own placement.
json runDesign(const std::string& dir, const SuiteItem& item, const aie::PnrFlowConfig& cfg, double timeLimit,
               bool fromManual, uint64_t seed, const std::shared_ptr<core::CancelToken>& cancel) {
  json rec{{"name", item.name},
           {"topology", item.topology},
           {"flow", item.flow},
           {"size", item.size},
           {"needs_mixed_modes", item.needsMixedModes}};
  auto t0 = std::chrono::steady_clock::now();
  try {
    aie::LoadedDesign loaded = aie::loadDesignFile((std::filesystem::path(dir) / item.file).string());
    aie::Placement start = aie::Placement::fromDesignPins(loaded.design);
    if (fromManual || cfg.placer == "manual") {
      if (!item.manual.empty()) aie::applyPlacementFile(loaded, (std::filesystem::path(dir) / item.manual).string());
      start = loaded.placement;  // the manual file's, else the design file's own placement
    }
    core::RunContext ctx(seed, timeLimit, cancel);
    aie::PnrResult r = aie::runPnr(loaded.design, loaded.device, start, cfg, ctx);
    rec["success"] = r.success;
    rec["status"] = r.status;
    rec["stage"] = r.stage;
    rec["place_seconds"] = r.placeSeconds;
    rec["route_seconds"] = r.routeSeconds;
    json q = qorJson(r.qor);
    for (const char* k : {"route_length", "buffer_kb", "shared_nets", "circuit_nets", "packet_nets", "dma_channels",
                          "intra_tile_nets", "max_link_utilisation"})
      rec[k] = q[k];
    if (!r.reasons.empty()) rec["reason"] = r.reasons.front();
    for (const auto& [k, v] : r.placerStats)
      if (k == "moves" || k == "moves_per_s") rec[k] = v;
    // Everything the algorithms report (cost terms, a MILP's objective, bound and gap), so that
    // a result can be explained from the file alone.
    rec["placer_stats"] = statsJson(r.placerStats);
    rec["router_stats"] = statsJson(r.routerStats);
    if (r.success)
      rec["estimated_runtime_us"] =
          aie::estimateRuntime(loaded.design, loaded.device, r.placement, &r.routing).microseconds;
  } catch (const core::InputError& e) {
    rec["success"] = false;
    rec["status"] = "bad-input";
    rec["reason"] = e.what();
  } catch (const core::Error& e) {
    rec["success"] = false;
    rec["status"] = "error";
    rec["reason"] = e.what();
  }
  rec["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rec;
}

// "sa:cost=bb:inner_num=5" -> placer "sa" with its own settings.
std::pair<std::string, core::ParamValues> parsePlacerSpec(const std::string& spec) {
  std::vector<std::string> parts;
  std::stringstream in(spec);
  for (std::string item; std::getline(in, item, ':');) parts.push_back(item);
  core::ParamValues values;
  for (size_t i = 1; i < parts.size(); ++i) core::parseParamAssignment(parts[i], values);
  return {parts.empty() ? spec : parts.front(), values};
}

// Table II over the designs all runs route, then success per topology x flow x size.
void printTables(const std::vector<json>& runs, std::ostream& out) {
  if (runs.empty()) return;
  std::map<std::string, int> okCount;
  std::set<std::string> names;
  for (const json& run : runs)
    for (const json& d : run["per_design"]) {
      names.insert(d["name"].get<std::string>());
      if (d.value("success", false)) okCount[d["name"].get<std::string>()]++;
    }
  std::set<std::string> common;
  for (const auto& [name, k] : okCount)
    if (k == int(runs.size())) common.insert(name);
  out << std::fixed << std::setprecision(2);
  out << "\nTable II: QoR of placers and routers (means over the " << common.size()
      << " designs every run succeeds on; time = geometric mean)\n";
  out << std::left << std::setw(26) << "placer+router" << std::right << std::setw(10) << "success" << std::setw(10)
      << "time[s]" << std::setw(10) << "route len" << std::setw(11) << "buffer KB" << std::setw(10) << "shared"
      << std::setw(10) << "stream" << std::setw(10) << "circuit" << std::setw(10) << "packet" << std::setw(8) << "DMA"
      << std::setw(11) << "est.us" << std::setw(11) << "len/1st"
      << "\n";
  double firstLength = -1;
  for (const json& run : runs) {
    int ok = 0, n = 0;
    double logTime = 0, len = 0, kb = 0, shared = 0, circuit = 0, packet = 0, dma = 0, logUs = 0;
    int m = 0, withUs = 0;
    for (const json& d : run["per_design"]) {
      ++n;
      ok += d.value("success", false);
      if (!common.count(d["name"].get<std::string>())) continue;
      ++m;
      logTime += std::log(std::max(1e-3, d.value("seconds", 0.0)));
      len += d.value("route_length", 0.0);
      kb += d.value("buffer_kb", 0.0);
      shared += d.value("shared_nets", 0.0);
      circuit += d.value("circuit_nets", 0.0);
      packet += d.value("packet_nets", 0.0);
      dma += d.value("dma_channels", 0.0);
      if (d.contains("estimated_runtime_us") && d["estimated_runtime_us"].get<double>() > 0) {
        logUs += std::log(d["estimated_runtime_us"].get<double>());
        ++withUs;
      }
    }
    if (firstLength < 0) firstLength = len;
    double k = std::max(1, m);
    out << std::left << std::setw(26) << runLabel(run) << std::right << std::setw(10)
        << (std::to_string(ok) + "/" + std::to_string(n)) << std::setw(10) << (m ? std::exp(logTime / m) : 0.0)
        << std::setw(10) << len / k << std::setw(11) << kb / k << std::setw(10) << shared / k << std::setw(10)
        << (circuit + packet) / k << std::setw(10) << circuit / k << std::setw(10) << packet / k << std::setw(8)
        << dma / k << std::setw(11) << (withUs ? std::exp(logUs / withUs) : 0.0) << std::setw(11)
        << (firstLength > 0 ? len / firstLength : 0.0) << "\n";
  }
  out << "(time: place + route seconds; est.us: geometric mean of the estimated runtime, a model, not a "
         "measurement; len/1st: total route length relative to the first run)\n";
  // Success per category.
  std::map<std::string, std::vector<std::pair<int, int>>> cat;
  for (size_t r = 0; r < runs.size(); ++r)
    for (const json& d : runs[r]["per_design"]) {
      std::string key = d.value("topology", std::string("?")) + " " + d.value("flow", std::string("?")) + " " +
                        d.value("size", std::string("?"));
      auto& v = cat[key];
      v.resize(runs.size());
      v[r].second++;
      v[r].first += d.value("success", false);
    }
  out << "\nSuccess per category (topology flow size)\n" << std::left << std::setw(30) << "category";
  for (const json& run : runs) out << std::right << std::setw(22) << runLabel(run);
  out << "\n";
  for (const auto& [key, v] : cat) {
    out << std::left << std::setw(30) << key;
    for (const auto& [ok, n] : v) out << std::right << std::setw(22) << (std::to_string(ok) + "/" + std::to_string(n));
    out << "\n";
  }
  std::vector<std::string> failed;
  for (const json& run : runs)
    for (const json& d : run["per_design"])
      if (!d.value("success", false))
        failed.push_back(runLabel(run) + " " + d["name"].get<std::string>() + ": " + d.value("status", std::string()) +
                         (d.contains("reason") ? " - " + d["reason"].get<std::string>() : ""));
  if (!failed.empty()) {
    out << "\nFailures (" << failed.size() << ")\n";
    for (const auto& f : failed) out << "  " << f << "\n";
  }
}

// What the tables and the CSV read of a run: an object whose per_design is a list of objects
// with a string name, each design once. Checked when a file is read, so that a wrong file is named at its line.
void checkRunShape(const json& run, const std::string& pointer, const std::string& text, const std::string& path) {
  auto fail = [&](const std::string& at, const std::string& what) {
    throw core::InputError(path, core::locateJsonPointer(text, at).first, 0, what);
  };
  if (!run.is_object() || !run.contains("per_design") || !run["per_design"].is_array())
    fail(pointer, "expected a bench aie run (an object with a per_design list)");
  const json& designs = run["per_design"];
  std::set<std::string> seen;
  for (size_t i = 0; i < designs.size(); ++i) {
    const std::string at = pointer + "/per_design/" + std::to_string(i);
    if (!designs[i].is_object() || !designs[i].contains("name") || !designs[i]["name"].is_string())
      fail(at, "per_design " + std::to_string(i) + ": expected an object with a string name");
    if (!seen.insert(designs[i]["name"].get<std::string>()).second)
      fail(at, "per_design " + std::to_string(i) + ": design '" + designs[i]["name"].get<std::string>() +
                   "' is listed twice in one run");
  }
}

struct BenchOptions {
  std::string suite, placers = "manual", routers = "milp", mode, json, csv;
  std::vector<std::string> routerSets, placerSets, compare;
  int jobs = 1;
  double timeLimit = 600;
  std::string filter, start = "pins";
  int limit = 0;
  double routeTimeLimit = 0;
  uint64_t seed = 1;
  Shard shard;
  bool table2 = false;
};

}  // namespace

void addBenchAieCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd =
      benchCommand(app)->add_subcommand("aie", "Place and route an AIE suite; Table II and success per category");
  auto o = std::make_shared<BenchOptions>();
  cmd->add_option("--suite", o->suite, "Suite folder with index.json (tilestudio-cli suite generate)");
  cmd->add_option("--placer", o->placers,
                  "Placer(s), comma-separated (default manual); settings per placer after colons, "
                  "e.g. sa:cost=bb,sa:cost=bbcg,lsmo:radius=2");
  cmd->add_option("--router", o->routers, "Router(s), comma-separated: milp, pathfinder (default milp)");
  cmd->add_option("--mode", o->mode, "Stream mode for pathfinder (and a restriction for milp)")
      ->check(CLI::IsMember({"circuit", "packet"}));
  cmd->add_option("--set", o->routerSets, "Router setting key=value (repeatable)");
  cmd->add_option("--placer-set", o->placerSets, "Placer setting key=value (repeatable)");
  cmd->add_option("-j,--jobs", o->jobs, "Designs run in parallel (default 1)")->check(CLI::Range(1, 256));
  cmd->add_option("-t,--time-limit", o->timeLimit, "Seconds per design and run for the placer (default 600)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--route-time-limit", o->routeTimeLimit,
                  "Seconds for the router after the placer (default: the same as --time-limit)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--start", o->start,
                  "Start placement of the placers other than manual: pins (the design's pins only, default) or "
                  "manual (the suite's manual placement: a warm start)")
      ->check(CLI::IsMember({"pins", "manual"}));
  cmd->add_option("--seed", o->seed, "Random seed of every run (default 1)");
  cmd->add_option("--filter", o->filter, "Only designs whose name contains this text");
  cmd->add_option("--limit", o->limit, "Only the first N designs")->check(CLI::NonNegativeNumber);
  addShardOption(cmd, o->shard);
  cmd->add_option("--json", o->json,
                  "Write {placer, router, designs, succeeded, per_design} (several runs: {runs: [...]}; - = "
                  "standard output, the tables then go to standard error)");
  auto* compareOpt =
      cmd->add_option("--compare", o->compare,
                      "Print the tables for earlier --json outputs instead of running (with --table2 and --csv only)")
          ->expected(1, -1);
  auto* placerOpt = cmd->get_option("--placer");
  auto* routerOpt = cmd->get_option("--router");
  cmd->add_flag("--table2", o->table2,
                "Run the paper's Table II pairings (manual+pathfinder, manual+milp, sequential+pathfinder, "
                "sa:cost=milp, sa:cost=bb, sa:cost=bbcg, lsmo and milp with the MILP router) and print Table II "
                "and Fig. 6 in the paper's layout beside the published figures (with --compare: print them)")
      ->excludes(placerOpt)
      ->excludes(routerOpt);
  cmd->footer(
      "Exit code 0 when every run succeeded on every design, 1 when some failed, 2 for bad input.\n"
      "Examples:\n"
      "  tilestudio-cli bench aie --suite suite --placer manual --router milp --jobs 2 --json milp.json\n"
      "  tilestudio-cli bench aie --suite suite --placer manual --router milp,pathfinder --json routers.json\n"
      "  tilestudio-cli bench aie --suite suite --placer manual,sequential,sa:cost=bb,sa:cost=bbcg,lsmo,milp \\\n"
      "      --time-limit 300 --jobs 2 --json placers.json\n"
      "  tilestudio-cli bench aie --compare milp.json sa.json --csv per_design.csv\n"
      "  tilestudio-cli bench aie --suite suite --placer sa --shard 3/8 --json shard3.json   (then: bench merge)\n"
      "  tilestudio-cli bench aie --suite suite --table2 --time-limit 60 --jobs 1 --json table2.json");
  cmd->add_option("--csv", o->csv,
                  "Also write the runs design by design: per run its status, route length and seconds (CSV, one "
                  "row per design; with --compare too; - = standard output, as for --json)");
  // --compare prints earlier runs: an option that shapes a run would be silently ignored.
  for (const char* runOnly :
       {"--suite", "--placer", "--router", "--mode", "--set", "--placer-set", "--jobs", "--time-limit",
        "--route-time-limit", "--start", "--seed", "--filter", "--limit", "--shard", "--json"})
    compareOpt->excludes(cmd->get_option(runOnly));
  cmd->callback([o, &global] {
    std::ostream& table = tableStream({{"--json", o->json}, {"--csv", o->csv}});  // checked before hours of work
    auto writeCsv = [&](const std::vector<json>& runs) {
      if (!o->csv.empty()) writeOutput(o->csv, [&](std::ostream& out) { writePerDesignCsv(runs, out); });
    };
    std::vector<json> runs;
    if (!o->compare.empty()) {
      std::vector<std::pair<std::string, json>> partial;  // outputs of bench merge --partial: samples
      for (const auto& path : o->compare) {
        const std::string text = core::readFile(path);
        json j = core::parseJsonText(text, path);
        if (j.is_object() && j.contains("runs") && j["runs"].is_array()) {
          for (size_t k = 0; k < j["runs"].size(); ++k) {
            checkRunShape(j["runs"][k], "/runs/" + std::to_string(k), text, path);
            runs.push_back(j["runs"][k]);
          }
        } else if (j.is_object() && j.contains("per_design")) {
          checkRunShape(j, "", text, path);
          runs.push_back(j);
        } else {
          throw core::InputError(path, 1, 1, "expected a bench aie --json output");
        }
        if (j.contains("partial")) partial.emplace_back(path, j["partial"]);
      }
      try {
        for (const auto& [path, p] : partial)
          if (p.at("shards").size() < p.at("count").get<size_t>())
            table << path << ": a part of a sweep, shards " << p.at("shards").dump() << " of "
                  << p.at("count").get<int>() << " (" << p.at("designs_total").get<int>()
                  << " designs in all): the tables cover only their designs\n";
        printTables(runs, table);
        if (o->table2) printTable2(runs, table);
        writeCsv(runs);
      } catch (const json::exception& e) {
        throw core::Error("bench aie --compare: a report has a field of an unexpected type (" + std::string(e.what()) +
                          "); compare only bench aie --json outputs");
      }
      global.exitCode = kOk;
      return;
    }
    if (o->suite.empty()) throw core::Error("bench aie: --suite DIR (or --compare FILES) is required");
    std::vector<SuiteItem> items = readSuiteIndex(o->suite);
    if (!o->filter.empty())
      items.erase(std::remove_if(items.begin(), items.end(),
                                 [&](const SuiteItem& i) { return i.name.find(o->filter) == std::string::npos; }),
                  items.end());
    if (o->limit > 0 && int(items.size()) > o->limit) items.resize(size_t(o->limit));
    const size_t designsTotal = items.size();
    items = selectShard(items, o->shard);
    std::vector<aie::PnrFlowConfig> combos;
    core::ParamValues placerValues, routerValues;
    for (const auto& s : o->placerSets) core::parseParamAssignment(s, placerValues);
    for (const auto& s : o->routerSets) core::parseParamAssignment(s, routerValues);
    std::vector<std::string> labels;
    std::vector<std::pair<std::string, std::string>> pairs;  // placer spec, router
    if (o->table2) {
      for (const Table2Pairing& p : table2Pairings()) pairs.push_back({p.placerSpec, p.router});
    } else {
      for (const auto& spec : splitList(o->placers))
        for (const auto& router : splitList(o->routers)) pairs.push_back({spec, router});
    }
    for (const auto& [spec, router] : pairs) {
      auto [placer, own] = parsePlacerSpec(spec);
      if (!aie::findPlacer(placer))
        throw core::Error("unknown placer '" + placer + "' (known: " + aie::placerNames() + ")");
      core::ParamValues values = placerValues;
      for (const auto& [k, v] : own) values[k] = v;
      requireKnownSettings(aie::findPlacer(placer)->params(), values, "placer '" + spec + "'");
      if (!aie::findRouter(router))
        throw core::Error("unknown router '" + router + "' (known: " + aie::routerNames() + ")");
      // --set applies to the routers that know the setting (with --table2 both routers run).
      core::ParamValues routerOwn;
      auto specs = aie::findRouter(router)->params();
      for (const auto& setting : routerValues) {
        const std::string& key = setting.first;  // a named copy: lambdas cannot capture bindings
        if (!o->table2 ||
            std::any_of(specs.begin(), specs.end(), [&](const core::ParamSpec& s) { return s.key == key; }))
          routerOwn[key] = setting.second;
      }
      aie::PnrFlowConfig c{placer, values, router, routerOwn};
      c.routeTimeLimitSeconds = o->routeTimeLimit > 0 ? o->routeTimeLimit : o->timeLimit;
      labels.push_back(spec);
      if (!o->mode.empty()) {
        if (router == "pathfinder") c.routerParams["mode"] = o->mode;
        if (router == "milp") c.routerParams[o->mode == "circuit" ? "packet" : "circuit"] = "false";
      }
      combos.push_back(c);
    }
    // Settings are validated once up front so that a typo fails before hours of work.
    for (const auto& c : combos) {
      auto specs = aie::findRouter(c.router)->params();
      for (const auto& setting : c.routerParams) {
        const std::string& key = setting.first;
        bool known = std::any_of(specs.begin(), specs.end(), [&](const core::ParamSpec& s) { return s.key == key; });
        if (!known) throw core::Error("router '" + c.router + "': unknown setting '" + key + "'");
      }
    }
    const int total = int(items.size() * combos.size());
    std::vector<json> results(static_cast<size_t>(total));
    std::atomic<int> next{0}, done{0};
    ConsoleProgress progress("bench aie", global.quiet);
    auto start = std::chrono::steady_clock::now();
    bool interrupted = false;
    {
      // Ctrl-C cancels the runs in progress and starts no more; what finished is reported.
      InterruptStop interrupt;
      const auto& cancel = interrupt.token();
      progress.onLog(core::LogLevel::Info,
                     "bench aie: " + std::to_string(total) + " runs (Ctrl-C stops them and reports what finished)");
      auto worker = [&] {
        for (int k = next++; k < total && !cancel->stopRequested(); k = next++) {
          const auto& item = items[size_t(k) % items.size()];
          const auto& combo = combos[size_t(k) / items.size()];
          results[size_t(k)] = runDesign(o->suite, item, combo, o->timeLimit, o->start == "manual", o->seed, cancel);
          progress.batch(++done, total, labels[size_t(k) / items.size()] + "+" + combo.router + " " + item.name);
        }
      };
      std::vector<std::thread> threads;
      for (int j = 0; j < std::min(o->jobs, std::max(1, total)); ++j) threads.emplace_back(worker);
      for (auto& t : threads) t.join();
      interrupted = cancel->stopRequested();
    }
    progress.finish();
    if (interrupted) {
      table << "interrupted (Ctrl-C): " << done << " of " << total
            << " runs finished or cancelled; the others are listed as not run\n";
      for (int k = 0; k < total; ++k)
        if (results[size_t(k)].is_null()) {
          const auto& item = items[size_t(k) % items.size()];
          results[size_t(k)] = {{"name", item.name}, {"topology", item.topology}, {"flow", item.flow},
                                {"size", item.size}, {"success", false},          {"status", "not run"}};
        }
    }
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bool allOk = true;
    for (size_t c = 0; c < combos.size(); ++c) {
      json per = json::array();
      int ok = 0;
      std::vector<double> times;
      for (size_t i = 0; i < items.size(); ++i) {
        const json& r = results[c * items.size() + i];
        per.push_back(r);
        ok += r.value("success", false);
        if (r.contains("seconds")) times.push_back(r["seconds"].get<double>());
      }
      std::sort(times.begin(), times.end());
      allOk = allOk && ok == int(items.size());
      runs.push_back({{"placer", combos[c].placer},
                      {"label", labels[c]},
                      {"settings", combos[c].placerParams},
                      {"start", combos[c].placer == "manual" ? "manual" : o->start},
                      {"time_limit", o->timeLimit},
                      {"router", combos[c].router},
                      {"designs", items.size()},
                      {"succeeded", ok},
                      {"median_seconds", times.empty() ? 0.0 : times[times.size() / 2]},
                      {"total_seconds", std::accumulate(times.begin(), times.end(), 0.0)},
                      {"per_design", per}});
      table << labels[c] << " + " << combos[c].router << ": " << ok << "/" << items.size() << " succeeded, median "
            << std::fixed << std::setprecision(3) << runs.back()["median_seconds"].get<double>() << " s per design, "
            << runs.back()["total_seconds"].get<double>() << " s summed\n";
    }
    table << "wall time " << std::fixed << std::setprecision(1) << wall << " s with " << o->jobs << " job(s)\n";
    printTables(runs, table);
    if (o->table2) printTable2(runs, table);
    writeCsv(runs);
    if (!o->json.empty()) {
      json out = runs.size() == 1 ? runs.front() : json{{"runs", runs}};
      out["wall_seconds"] = wall;
      out["jobs"] = o->jobs;
      if (interrupted) out["interrupted"] = true;
      if (o->shard.active()) out["shard"] = shardJson(o->shard, designsTotal);
      writeJson(o->json, out);
    }
    global.exitCode = allOk && !interrupted ? kOk : kFailed;
  });
}

void printAieBenchTables(const std::vector<nlohmann::json>& runs, std::ostream& out) {
  printTables(runs, out);
}

}  // namespace ts::cli
