#pragma once
// Small conversions shared by the binding files: JSON values and algorithm settings between
// the engine and Python.
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/params.h"

namespace ts::py {

/// A JSON value as Python objects (dict, list, str, float, int, bool, None).
pybind11::object toPython(const nlohmann::json& value);

/// Stats of a run as {name: value}.
pybind11::dict statsDict(const std::vector<std::pair<std::string, double>>& stats);

/// Keyword arguments as algorithm settings (True -> "true", 0.5 -> "0.5"), each key checked
/// against `specs`: an unknown key is a ValueError naming `what` and the known keys.
core::ParamValues settingsFrom(const pybind11::dict& kwargs, const std::vector<core::ParamSpec>& specs,
                               const std::string& what);

/// The settings an algorithm accepts: {key: {type, default, help, choices, min, max}}.
pybind11::dict specsDict(const std::vector<core::ParamSpec>& specs);

/// The text of a file for an API that takes "a dict or JSON text".
std::string jsonText(const pybind11::handle& dictOrText);

}  // namespace ts::py
