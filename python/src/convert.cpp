#include "convert.h"

#include <pybind11/stl.h>

#include <cmath>
#include <limits>

namespace ts::py {

namespace pyb = pybind11;

pyb::object toPython(const nlohmann::json& value) {
  return pyb::module_::import("json").attr("loads")(value.dump());
}

pyb::dict statsDict(const std::vector<std::pair<std::string, double>>& stats) {
  pyb::dict d;
  for (const auto& [k, v] : stats) d[pyb::str(k)] = v;
  return d;
}

core::ParamValues settingsFrom(const pyb::dict& kwargs, const std::vector<core::ParamSpec>& specs,
                               const std::string& what) {
  core::ParamValues values;
  for (const auto& [k, v] : kwargs) {
    const std::string key = pyb::str(k);
    bool known = false;
    std::string names;
    for (const core::ParamSpec& s : specs) {
      known = known || s.key == key;
      names += (names.empty() ? "" : ", ") + s.key;
    }
    if (!known) throw pyb::value_error(what + ": unknown setting '" + key + "' (known: " + names + ")");
    if (pyb::isinstance<pyb::bool_>(v))
      values[key] = v.cast<bool>() ? "true" : "false";
    else if (pyb::isinstance<pyb::int_>(v) || pyb::isinstance<pyb::float_>(v) || pyb::isinstance<pyb::str>(v))
      values[key] = pyb::str(v);  // Python's shortest round-trip text for floats
    else
      throw pyb::type_error(what + ": setting '" + key + "' must be a bool, number or str, not " +
                            std::string(pyb::str(v.get_type().attr("__name__"))));
  }
  return values;
}

pyb::dict specsDict(const std::vector<core::ParamSpec>& specs) {
  static const char* kTypes[] = {"int", "float", "bool", "choice", "str"};
  pyb::dict out;
  for (const core::ParamSpec& s : specs) {
    pyb::dict d;
    d["type"] = kTypes[int(s.type)];
    d["default"] = s.defaultValue;
    d["help"] = s.help;
    if (!s.choices.empty()) d["choices"] = pyb::cast(s.choices);
    // Unbounded sides are infinite or the type's extremes: only real limits are shown.
    if (std::isfinite(s.min) && s.min > std::numeric_limits<double>::lowest()) d["min"] = s.min;
    if (std::isfinite(s.max) && s.max < std::numeric_limits<double>::max()) d["max"] = s.max;
    out[pyb::str(s.key)] = d;
  }
  return out;
}

std::string jsonText(const pyb::handle& dictOrText) {
  if (pyb::isinstance<pyb::str>(dictOrText)) return dictOrText.cast<std::string>();
  return pyb::module_::import("json").attr("dumps")(dictOrText).cast<std::string>();
}

}  // namespace ts::py
