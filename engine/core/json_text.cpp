#include "engine/core/json_text.h"

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_locate.h"

namespace ts::core {

namespace {

// nlohmann's messages start "[json.exception.<kind>.<id>] "; users need only the rest.
std::string withoutExceptionTag(const std::string& what) {
  size_t close = what.rfind("] ", 40);
  return close == std::string::npos ? what : what.substr(close + 2);
}

}  // namespace

nlohmann::json parseJsonText(const std::string& text, const std::string& file) {
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    auto [line, col] = lineColumnOf(text, e.byte > 0 ? e.byte - 1 : 0);
    // "parse error at line 2, column 17: <why>": the position is in our own prefix already.
    std::string what = e.what();
    size_t colon = what.find(": ", what.find("parse error"));
    throw InputError(file, line, col,
                     "JSON syntax error: " + (colon == std::string::npos ? what : what.substr(colon + 2)));
  } catch (const nlohmann::json::exception& e) {
    // E.g. out_of_range.406 "number overflow parsing '1e+310'": no byte offset is given, so the
    // quoted token is looked up in the text.
    std::string what = withoutExceptionTag(e.what());
    size_t open = what.find('\''), close = what.rfind('\'');
    size_t at = 0;
    if (open != std::string::npos && close > open + 1) {
      size_t found = text.find(what.substr(open + 1, close - open - 1));
      if (found != std::string::npos) at = found;
    }
    auto [line, col] = lineColumnOf(text, at);
    throw InputError(file, line, col, "JSON value refused: " + what);
  }
  std::string key;
  if (auto at = findDuplicateJsonKey(text, &key)) {
    auto [line, col] = lineColumnOf(text, *at);
    throw InputError(file, line, col, "key '" + key + "' appears twice in this object");
  }
  return root;
}

nlohmann::json readJsonFile(const std::string& path) {
  return parseJsonText(readFile(path), path);
}

}  // namespace ts::core
