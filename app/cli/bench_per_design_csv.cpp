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

std::string number(double v, int precision) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(precision) << v;
  return s.str();
}

std::string shortNumber(double v) {
  std::ostringstream s;
  s << v;  // shortest form: 600, 0.5
  return s.str();
}

/// A number field with `precision` decimals, empty when absent or not a number.
std::string numberField(const json& d, const char* key, int precision) {
  return d.contains(key) && d[key].is_number() ? number(d[key].get<double>(), precision) : std::string();
}

std::string text(const json& d, const char* key) {
  return d.contains(key) && d[key].is_string() ? d[key].get<std::string>() : std::string();
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
      name += " @" + shortNumber(run["time_limit"].get<double>()) + "s";
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
  // Per design (in order of first appearance) its categories and, per run, its record.
  std::vector<std::string> order;
  std::map<std::string, std::vector<const json*>> byDesign;
  std::map<std::string, const json*> first;
  for (size_t r = 0; r < runs.size(); ++r)
    for (const json& d : runs[r]["per_design"]) {
      const std::string name = text(d, "name");
      auto& cells = byDesign[name];
      if (cells.empty()) {
        order.push_back(name);
        cells.assign(runs.size(), nullptr);
        first[name] = &d;
      }
      if (!cells[r]) cells[r] = &d;
    }
  out << "design,topology,flow,size";
  for (const auto& n : names)
    out << ',' << quoted(n + " status") << ',' << quoted(n + " route_length") << ',' << quoted(n + " seconds");
  out << "\n";
  for (const auto& name : order) {
    const json& head = *first[name];
    out << quoted(name) << ',' << quoted(text(head, "topology")) << ',' << quoted(text(head, "flow")) << ','
        << quoted(text(head, "size"));
    for (const json* d : byDesign[name]) {
      if (!d) {
        out << ",,,";
        continue;
      }
      const bool ok = d->value("success", false);
      const std::string status = text(*d, "status");
      out << ',' << quoted(!status.empty() ? status : ok ? "routed" : "failed");
      out << ',' << (ok ? numberField(*d, "route_length", 0) : std::string());
      out << ',' << numberField(*d, "seconds", 3);
    }
    out << "\n";
  }
}

}  // namespace ts::cli
