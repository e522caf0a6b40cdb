#include "app/cli/bench_per_design_csv.h"

#include <iomanip>
#include <map>
#include <sstream>

#include "app/cli/bench_table2.h"

namespace ts::cli {

namespace {

using nlohmann::json;

std::string quoted(const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

/// `v` with up to `digits` significant digits and no trailing zeros (600, 0.5).
std::string significant(double v, int digits) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

/// A number field with `precision` decimals, empty when absent or not a number.
std::string numberField(const json& d, const char* key, int precision) {
  return d.contains(key) && d[key].is_number() ? fixedDecimals(d[key].get<double>(), precision) : std::string();
}

/// A number field with up to 12 significant digits (scores of 1e5..1e9 stay whole), empty when
/// absent or not a number.
std::string significantField(const json& d, const char* key) {
  return d.contains(key) && d[key].is_number() ? significant(d[key].get<double>(), 12) : std::string();
}

// The column names of each run: its label ("placer+router"), with its time limit when two runs
// share a label, and "#k" when they share that too.
std::vector<std::string> runNames(const std::vector<json>& runs) {
  std::vector<std::string> names;
  std::map<std::string, int> uses;
  for (const json& run : runs) uses[runLabel(run)]++;
  for (const json& run : runs) {
    std::string name = runLabel(run);
    if (uses[name] > 1 && run.contains("time_limit") && run["time_limit"].is_number())
      name += " @" + significant(run["time_limit"].get<double>(), 6) + "s";
    names.push_back(name);
  }
  std::map<std::string, int> count, seen;
  for (const auto& n : names) count[n]++;
  for (auto& n : names)
    if (count[n] > 1) n += " #" + std::to_string(++seen[n]);
  return names;
}

}  // namespace

void writePerDesignCsv(const std::vector<json>& runs, std::ostream& out) {
  const std::vector<std::string> names = runNames(runs);
  // Per design, in order of first appearance: its first record (for its category) and, per
  // run, its record.
  struct Row {
    const json* head;
    std::vector<const json*> cells;
  };
  std::vector<std::string> order;
  std::map<std::string, Row> rows;
  for (size_t r = 0; r < runs.size(); ++r)
    for (const json& d : runs[r]["per_design"]) {
      const std::string name = d.value("name", std::string());
      auto [it, added] = rows.try_emplace(name, Row{&d, std::vector<const json*>(runs.size(), nullptr)});
      if (added) order.push_back(name);
      if (!it->second.cells[r]) it->second.cells[r] = &d;
    }
  out << "design,topology,flow,size";
  for (const auto& n : names)
    out << ',' << quoted(n + " status") << ',' << quoted(n + " route_length") << ',' << quoted(n + " seconds");
  out << "\n";
  for (const auto& name : order) {
    const Row& row = rows.at(name);
    out << quoted(name);
    for (const char* key : {"topology", "flow", "size"}) out << ',' << quoted(row.head->value(key, std::string()));
    for (const json* d : row.cells) {
      if (!d) {
        out << ",,,";
        continue;
      }
      const bool ok = d->value("success", false);
      const std::string status = d->value("status", std::string());
      out << ',' << quoted(!status.empty() ? status : ok ? "routed" : "failed");
      out << ',' << (ok ? numberField(*d, "route_length", 0) : std::string());
      out << ',' << numberField(*d, "seconds", 3);
    }
    out << "\n";
  }
}

void writeWseCasesCsv(const json& cases, std::ostream& out) {
  out << "case,test,kernels,status,stopped,mt,wl,ac,score,seconds,published_score,ratio_to_published\n";
  for (const json& c : cases) {
    const bool found = c.value("found", false);
    const std::string status = !found ? "none" : c.value("legal", false) ? "legal" : "illegal";
    out << quoted(c.value("case", std::string())) << ',' << quoted(c.value("test", std::string())) << ','
        << significantField(c, "kernels") << ',' << status << ',' << (c.value("stopped", false) ? "yes" : "no");
    for (const char* key : {"mt", "wl", "ac", "score"}) out << ',' << significantField(c, key);
    out << ',' << numberField(c, "seconds", 3) << ',';
    if (c.contains("published_cupoker") && c["published_cupoker"].is_object())
      out << significantField(c["published_cupoker"], "score");
    out << ',' << numberField(c, "ratio_to_cupoker", 6) << "\n";
  }
}

}  // namespace ts::cli
