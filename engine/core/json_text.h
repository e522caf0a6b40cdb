#pragma once
// Parsing JSON files the way every reader should: any text the parser refuses (syntax, a number
// too large for a double, a key given twice) becomes one core::InputError naming file, line and
// column, never an nlohmann exception that users would see as an internal error.
#include <nlohmann/json.hpp>

#include <string>

namespace ts::core {

/// Parses `text` read from `file`; throws InputError on anything the JSON grammar or a double
/// cannot hold, and on a key that repeats within one object (parsers keep one silently).
nlohmann::json parseJsonText(const std::string& text, const std::string& file);

/// readFile(path) then parseJsonText.
nlohmann::json readJsonFile(const std::string& path);

}  // namespace ts::core
