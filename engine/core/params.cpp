#include "engine/core/params.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/core/error.h"

namespace ts::core {

namespace {

std::string formatReal(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

double parseNumber(const std::string& key, const std::string& text, bool integer) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used != text.size()) throw std::invalid_argument("trailing");
    if (integer && v != std::floor(v)) throw std::invalid_argument("fraction");
    return v;
  } catch (const std::exception&) {
    throw Error("setting '" + key + "': expected " + (integer ? "an integer" : "a number") + ", got '" + text + "'");
  }
}

void checkRange(const ParamSpec& spec, double v, const std::string& text) {
  if (v < spec.min || v > spec.max)
    throw Error("setting '" + spec.key + "': " + text + " is outside [" + formatReal(spec.min) + ", " +
                formatReal(spec.max) + "]");
}

}  // namespace

void parseParamAssignment(const std::string& assignment, ParamValues& values) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) throw Error("setting '" + assignment + "': expected key=value");
  values[assignment.substr(0, eq)] = assignment.substr(eq + 1);
}

template <typename Integer>
void ParamBinder::bindInteger(const std::string& key, Integer& field, const std::string& help, double min, double max) {
  ParamSpec spec{key, ParamType::Int, std::to_string(field), help, {}, min, max};
  entries_.push_back({spec, [&field] { return std::to_string(field); },
                      [&field, spec](const std::string& text) {
                        double v = parseNumber(spec.key, text, true);
                        checkRange(spec, v, text);
                        field = Integer(v);
                      }});
}

void ParamBinder::bind(const std::string& key, int& field, const std::string& help, double min, double max) {
  bindInteger(key, field, help, min, max);
}

void ParamBinder::bind(const std::string& key, int64_t& field, const std::string& help, double min, double max) {
  bindInteger(key, field, help, min, max);
}

void ParamBinder::bind(const std::string& key, double& field, const std::string& help, double min, double max) {
  ParamSpec spec{key, ParamType::Real, formatReal(field), help, {}, min, max};
  entries_.push_back({spec, [&field] { return formatReal(field); },
                      [&field, spec](const std::string& text) {
                        double v = parseNumber(spec.key, text, false);
                        checkRange(spec, v, text);
                        field = v;
                      }});
}

void ParamBinder::bind(const std::string& key, bool& field, const std::string& help) {
  ParamSpec spec{key, ParamType::Bool, field ? "true" : "false", help, {"true", "false"}};
  entries_.push_back({spec, [&field] { return std::string(field ? "true" : "false"); },
                      [&field, key](const std::string& text) {
                        if (text == "true" || text == "1" || text == "yes")
                          field = true;
                        else if (text == "false" || text == "0" || text == "no")
                          field = false;
                        else
                          throw Error("setting '" + key + "': expected true or false, got '" + text + "'");
                      }});
}

void ParamBinder::bindChoice(const std::string& key, std::string& field, std::vector<std::string> choices,
                             const std::string& help) {
  ParamSpec spec{key, ParamType::Choice, field, help, choices};
  entries_.push_back({spec, [&field] { return field; },
                      [&field, spec](const std::string& text) {
                        if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end()) {
                          std::string list;
                          for (const auto& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
                          throw Error("setting '" + spec.key + "': expected one of " + list + ", got '" + text + "'");
                        }
                        field = text;
                      }});
}

std::vector<ParamSpec> ParamBinder::specs() const {
  std::vector<ParamSpec> out;
  for (const auto& e : entries_) {
    ParamSpec s = e.spec;
    s.defaultValue = e.get();
    out.push_back(s);
  }
  return out;
}

void ParamBinder::apply(const ParamValues& values) const {
  for (const auto& [key, text] : values) {
    auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.spec.key == key; });
    if (it == entries_.end()) {
      std::string list;
      for (const auto& e : entries_) list += (list.empty() ? "" : ", ") + e.spec.key;
      throw Error("unknown setting '" + key + "'" + (list.empty() ? "" : " (known: " + list + ")"));
    }
    it->set(text);
  }
}

}  // namespace ts::core
