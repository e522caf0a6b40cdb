// tilestudio-cli bench merge: joins the --json outputs of `bench aie --shard K/N` (or
// `bench wse --shard K/N`) runs into the output one unsharded run would have written, designs in
// the same order, and prints the same tables.
#include <algorithm>
#include <iostream>
#include <numeric>
#include <sstream>

#include "app/cli/bench_per_design_csv.h"
#include "app/cli/bench_shard.h"
#include "app/cli/cli_common.h"
#include "app/cli/cmd_wse_common.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"
#include "engine/core/json_text.h"

namespace ts::cli {

namespace {

using nlohmann::json;

struct ShardFile {
  std::string path;
  json content;
  Shard shard;
  size_t total = 0;
};

ShardFile readShardFile(const std::string& path) {
  ShardFile f{path, {}, {}, 0};
  const std::string text = core::readFile(path);
  f.content = core::parseJsonText(text, path);
  const json& s = f.content.is_object() ? f.content.value("shard", json()) : json();
  if (!s.is_object() || !s.contains("index") || !s.contains("count") || !s.contains("designs_total"))
    throw core::InputError(path, 1, 1,
                           "not the output of a sharded bench run (no \"shard\" field): run bench aie or bench wse "
                           "with --shard K/N --json FILE");
  if (!s["index"].is_number_integer() || !s["count"].is_number_integer() || !s["designs_total"].is_number_unsigned())
    throw core::InputError(path, core::locateJsonPointer(text, "/shard").first, 1,
                           "shard: index, count and designs_total must be whole numbers");
  f.shard = {s["index"].get<int>(), s["count"].get<int>()};
  f.total = s["designs_total"].get<size_t>();
  return f;
}

/// Every file of the same split (N shards of the same number of designs).
void checkSameSplit(const std::vector<ShardFile>& files) {
  const int n = files.front().shard.count;
  for (const auto& f : files) {
    if (f.shard.count != n || f.total != files.front().total)
      throw core::Error(f.path + " is shard " + std::to_string(f.shard.index) + "/" + std::to_string(f.shard.count) +
                        " of " + std::to_string(f.total) + " designs, " + files.front().path + " is of " +
                        std::to_string(n) + " shards of " + std::to_string(files.front().total));
    if (f.shard.index < 1 || f.shard.index > n)
      throw core::Error(f.path + ": shard " + std::to_string(f.shard.index) + "/" + std::to_string(n) +
                        " is out of range");
  }
}

/// Each shard at most once among `files` (a run's files, or all of them); with `complete`, every
/// shard 1..N too.
void checkShards(const std::vector<const ShardFile*>& files, bool complete, const std::string& what) {
  const int n = files.front()->shard.count;
  std::vector<std::string> seen(size_t(n) + 1);
  for (const ShardFile* f : files) {
    std::string& other = seen[size_t(f->shard.index)];
    if (!other.empty())
      throw core::Error(f->path + ": shard " + std::to_string(f->shard.index) + "/" + std::to_string(n) + what +
                        " is also in " + other);
    other = f->path;
  }
  if (complete)
    for (int k = 1; k <= n; ++k)
      if (seen[size_t(k)].empty())
        throw core::Error("shard " + std::to_string(k) + "/" + std::to_string(n) + " is missing" +
                          " (bench merge --partial joins the shards there are)");
}

/// The designs of the given shards in the order of the full list (designs of shards not given
/// are left out). `listOf(k)` picks the list of files[k].
template <class ListOf>
json interleave(const std::vector<const ShardFile*>& files, ListOf listOf) {
  const size_t total = files.front()->total;
  std::vector<json> all(total);
  std::vector<bool> filled(total, false);
  for (size_t k = 0; k < files.size(); ++k) {
    const ShardFile* f = files[k];
    const json& list = listOf(k);
    if (!list.is_array() || list.size() != shardSize(f->shard, total))
      throw core::Error(f->path + ": shard " + std::to_string(f->shard.index) + "/" + std::to_string(f->shard.count) +
                        " should hold " + std::to_string(shardSize(f->shard, total)) + " designs");
    for (size_t j = 0; j < list.size(); ++j) {
      all[fullListIndex(f->shard, j)] = list[j];
      filled[fullListIndex(f->shard, j)] = true;
    }
  }
  json out = json::array();
  for (size_t i = 0; i < total; ++i)
    if (filled[i]) out.push_back(std::move(all[i]));
  return out;
}

std::vector<const ShardFile*> pointers(const std::vector<ShardFile>& files) {
  std::vector<const ShardFile*> out;
  for (const auto& f : files) out.push_back(&f);
  return out;
}

/// The shards' indices, in order, each once.
std::vector<int> shardIndices(const std::vector<const ShardFile*>& files) {
  std::vector<int> k;
  for (const ShardFile* f : files) k.push_back(f->shard.index);
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

/// "1, 2, 5" for {1, 2, 5}.
std::string joinedIndices(const std::vector<int>& indices) {
  std::string text;
  for (int k : indices) text += (text.empty() ? "" : ", ") + std::to_string(k);
  return text;
}

/// Fields that must agree between the shards of one sweep (what was run, not how it went).
void requireSame(const std::vector<ShardFile>& files, const std::vector<json>& values, const char* what) {
  for (size_t i = 1; i < values.size(); ++i)
    if (values[i] != values.front())
      throw core::Error(files[i].path + " and " + files.front().path + " ran different " + what + ": " +
                        values[i].dump() + " vs " + values.front().dump());
}

/// A bench aie output's runs, not copied (a single run's output is the run itself).
std::vector<const json*> aieRuns(const json& content) {
  std::vector<const json*> runs;
  if (content.contains("runs"))
    for (const json& run : content["runs"]) runs.push_back(&run);
  else
    runs.push_back(&content);
  return runs;
}

/// j[key], or null when j has no such member.
const json& member(const json& j, const char* key) {
  static const json none;
  const auto it = j.find(key);
  return it == j.end() ? none : *it;
}

/// What identifies an aie run within a sweep (what was run, not how it went).
json aiePlan(const json& run) {
  return json::array({run.value("placer", json()), run.value("label", json()), run.value("settings", json()),
                      run.value("start", json()), run.value("time_limit", json()), run.value("router", json())});
}

/// One aie run joined over its shards' files; its per-design counts recomputed.
struct JoinedRun {
  json plan, run;
  std::vector<const ShardFile*> files;
  std::vector<const json*> parts;  // per file, the run in it
};

bool finishAieRun(JoinedRun& r, std::ostream& table) {
  r.run["per_design"] = interleave(r.files, [&](size_t k) -> const json& { return member(*r.parts[k], "per_design"); });
  int ok = 0;
  std::vector<double> times;
  for (const json& d : r.run["per_design"]) {
    ok += d.value("success", false);
    times.push_back(d.value("seconds", 0.0));
  }
  std::sort(times.begin(), times.end());
  r.run["designs"] = r.run["per_design"].size();
  r.run["succeeded"] = ok;
  r.run["median_seconds"] = times.empty() ? 0.0 : times[times.size() / 2];
  r.run["total_seconds"] = std::accumulate(times.begin(), times.end(), 0.0);
  table << r.run.value("label", std::string("?")) << " + " << r.run.value("router", std::string("?")) << ": " << ok
        << "/" << times.size() << " succeeded\n";
  return ok == int(times.size());
}

// Each merge fills `out`, prints the tables on `table` and, when `csv` is given, writes the
// joined runs to it (bench aie --csv / bench wse --csv form).

/// A complete sweep: every shard ran the same runs.
bool mergeAie(const std::vector<ShardFile>& files, json& out, std::ostream& table, std::ostream* csv) {
  std::vector<std::vector<const json*>> fileRuns;  // per file, its runs
  std::vector<json> plans;
  for (const auto& f : files) {
    fileRuns.push_back(aieRuns(f.content));
    json plan = json::array();
    for (const json* run : fileRuns.back()) plan.push_back(aiePlan(*run));
    plans.push_back(plan);
  }
  requireSame(files, plans, "placer/router runs");
  std::vector<json> runs;
  bool allOk = true;
  for (size_t r = 0; r < plans.front().size(); ++r) {
    JoinedRun joined{plans.front()[r], *fileRuns.front()[r], pointers(files), {}};
    for (const auto& inFile : fileRuns) joined.parts.push_back(inFile[r]);
    allOk = finishAieRun(joined, table) && allOk;
    runs.push_back(joined.run);
  }
  printAieBenchTables(runs, table);
  if (csv) writePerDesignCsv(runs, *csv);
  out = runs.size() == 1 ? runs.front() : json{{"runs", runs}};
  out.erase("shard");  // a single run's output carries the run's fields at the top
  out["jobs"] = files.front().content.value("jobs", 1);
  return allOk;
}

/// Some shards of a sweep, whose files may hold different runs (a run repeated with other
/// settings, or runs split over several files): each run is joined over the files that hold it,
/// each shard at most once per run. The tables compare runs on the designs they have in common.
bool mergeAiePartial(const std::vector<ShardFile>& files, json& out, std::ostream& table, std::ostream* csv) {
  std::vector<JoinedRun> joined;
  for (const auto& f : files) {
    std::vector<json> seen;  // a run given twice in one file (--placer sa,sa) pairs by its order
    for (const json* part : aieRuns(f.content)) {
      const json run = aiePlan(*part);
      const json plan = {run, std::count(seen.begin(), seen.end(), run)};
      seen.push_back(run);
      auto it = std::find_if(joined.begin(), joined.end(), [&](const JoinedRun& j) { return j.plan == plan; });
      if (it == joined.end()) it = joined.insert(joined.end(), JoinedRun{plan, *part, {}, {}});
      it->files.push_back(&f);
      it->parts.push_back(part);
    }
  }
  std::vector<json> runs;
  bool allOk = true;
  for (JoinedRun& r : joined) {
    checkShards(r.files, false,
                " of " + r.run.value("label", std::string("?")) + " + " + r.run.value("router", std::string("?")));
    allOk = finishAieRun(r, table) && allOk;
    for (const char* fileField : {"shard", "jobs", "version", "wall_seconds"}) r.run.erase(fileField);
    r.run["shards"] = shardIndices(r.files);
    runs.push_back(r.run);
  }
  printAieBenchTables(runs, table);
  if (csv) writePerDesignCsv(runs, *csv);
  out = json{{"runs", runs}};
  out["jobs"] = files.front().content.value("jobs", 1);
  if (files.front().content.contains("version")) out["version"] = files.front().content["version"];
  return allOk;
}

bool mergeWse(const std::vector<ShardFile>& files, json& out, std::ostream& table, std::ostream* csv) {
  std::vector<json> plans;
  for (const auto& f : files) {
    const json& c = f.content;
    plans.push_back({c.value("algorithm", json()), c.value("threads", json()), c.value("time_limit", json()),
                     c.value("effort", json())});
  }
  requireSame(files, plans, "placers or settings");
  out = files.front().content;
  out.erase("shard");
  out["cases"] =
      interleave(pointers(files), [&](size_t k) -> const json& { return member(files[k].content, "cases"); });
  bool allLegal = true;
  printWseBenchHeader(table);
  for (const json& c : out["cases"]) {
    allLegal = allLegal && c.value("legal", false);
    printWseBenchRow(c, table);
  }
  out["all_legal"] = allLegal;
  int ratioCount = 0;
  const double averageRatio = averageRatioToCuPoker(out["cases"], ratioCount);
  out.erase("average_ratio_to_cupoker");
  if (ratioCount > 0) out["average_ratio_to_cupoker"] = averageRatio;
  printWseBenchSummary(out["cases"], table);
  if (csv) writeWseCasesCsv(out["cases"], *csv);
  return allLegal;
}

}  // namespace

void addBenchMergeCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = benchCommand(app)->add_subcommand(
      "merge", "Join the --json outputs of sharded bench aie / bench wse runs and print the tables of the whole sweep");
  struct Options {
    std::vector<std::string> inputs;
    std::string json, csv;
    bool partial = false;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("inputs", o->inputs, "The shards' --json outputs (every shard K/N of one sweep, any order)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--json", o->json,
                  "Write the joined output (the same form as one unsharded run's --json; - = standard output, the "
                  "tables then go to standard error)");
  cmd->add_option("--csv", o->csv,
                  "Also write the joined runs design by design (bench aie: a status, route length and seconds "
                  "column per run; bench wse: a row per case; - = standard output, as for --json)");
  cmd->add_flag("--partial", o->partial,
                "Join the shards there are (a sample of the sweep, e.g. while tasks still run or after some hit a "
                "time limit); bench aie files may hold different runs, each joined over the files that hold it");
  cmd->footer(
      "Exit code 0 when every design succeeded, 1 when some failed, 2 for bad input (a shard missing without\n"
      "--partial, a shard twice, or shards from another sweep).\nExample:\n"
      "  for k in 1 2 3 4; do tilestudio-cli bench aie --suite suite --placer sa --shard $k/4 --json s$k.json; done\n"
      "  tilestudio-cli bench merge s1.json s2.json s3.json s4.json --json all.json\n"
      "  tilestudio-cli bench merge --partial s1.json s3.json lsmo_s1.json --json sample.json");
  cmd->callback([o, &global] {
    std::ostream& table = tableStream({{"--json", o->json}, {"--csv", o->csv}});
    std::vector<ShardFile> files;
    for (const auto& path : o->inputs) files.push_back(readShardFile(path));
    checkSameSplit(files);
    std::stable_sort(files.begin(), files.end(),
                     [](const ShardFile& a, const ShardFile& b) { return a.shard.index < b.shard.index; });
    const bool wse = files.front().content.contains("cases");
    for (const auto& f : files)
      if (f.content.contains("cases") != wse)
        throw core::Error(f.path + " and " + files.front().path + " are not from the same bench (aie vs wse)");
    // A partial aie merge checks each run's shards once they are grouped.
    if (!o->partial || wse) checkShards(pointers(files), !o->partial, "");
    json out;
    bool allOk = false;
    double wall = 0;
    std::ostringstream csv;  // rendered inside the type check below, written with the JSON
    std::ostream* csvOut = o->csv.empty() ? nullptr : &csv;
    try {
      allOk = wse          ? mergeWse(files, out, table, csvOut)
              : o->partial ? mergeAiePartial(files, out, table, csvOut)
                           : mergeAie(files, out, table, csvOut);
      for (const auto& f : files) wall = std::max(wall, f.content.value("wall_seconds", 0.0));
    } catch (const json::exception& e) {
      // Hand-edited or foreign files: a field of the wrong type is bad input, not a crash.
      throw core::Error("bench merge: a shard file has a field of an unexpected type (" + std::string(e.what()) +
                        "); merge only bench --shard --json outputs");
    }
    if (!wse) out["wall_seconds"] = wall;  // the shards ran side by side: the longest one
    const std::string total = std::to_string(files.front().total);
    if (o->partial) {
      const std::vector<int> shards = shardIndices(pointers(files));
      out["partial"] = {
          {"shards", shards}, {"count", files.front().shard.count}, {"designs_total", files.front().total}};
      if (int(shards.size()) == files.front().shard.count)
        table << "merged all " << shards.size() << " shards of " << total << " designs\n";
      else
        table << "merged shards " << joinedIndices(shards) << " of " << files.front().shard.count << " (a part of "
              << total << " designs: the tables cover only the designs of these shards)\n";
    } else {
      out["merged_shards"] = files.size();
      table << "merged " << files.size() << " shards of " << total << " designs\n";
    }
    if (!o->json.empty()) writeJson(o->json, out);
    if (csvOut) writeOutput(o->csv, [&](std::ostream& file) { file << csv.str(); });
    global.exitCode = allOk ? kOk : kFailed;
  });
}

}  // namespace ts::cli
