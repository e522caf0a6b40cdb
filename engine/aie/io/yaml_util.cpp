#include "engine/aie/io/yaml_util.h"

#include <charconv>

namespace ts::aie::yamlio {

YAML::Node parse(const std::string& text, const std::string& file) {
  try {
    YAML::Node root = YAML::Load(text);
    if (!root || root.IsNull()) throw core::InputError(file, 1, 0, "the file is empty");
    return root;
  } catch (const YAML::ParserException& e) {
    throw core::InputError(file, e.mark.line + 1, e.mark.column + 1, "YAML syntax error: " + e.msg);
  }
}

void Reader::fail(const YAML::Node& at, const std::string& message) const {
  YAML::Mark mark = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();
  int line = mark.is_null() ? 0 : mark.line + 1;
  int column = mark.is_null() ? 0 : mark.column + 1;
  throw core::InputError(file_, line, column, message);
}

void Reader::expectMap(const YAML::Node& node, const std::string& what) const {
  if (!node.IsMap()) fail(node, what + ": expected a mapping of key: value");
}

void Reader::expectSequence(const YAML::Node& node, const std::string& what) const {
  if (!node.IsSequence()) fail(node, what + ": expected a list");
}

void Reader::allowKeys(const YAML::Node& map, std::initializer_list<const char*> allowed,
                       const std::string& what) const {
  for (const auto& kv : map) {
    std::string key = kv.first.Scalar();
    bool ok = false;
    for (const char* a : allowed) ok = ok || key == a;
    if (!ok) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      fail(kv.first, what + ": unknown key '" + key + "' (expected one of: " + list + ")");
    }
  }
}

YAML::Node Reader::require(const YAML::Node& map, const char* key, const std::string& what) const {
  YAML::Node value = map[key];
  if (!value.IsDefined() || value.IsNull()) fail(map, what + ": missing required key '" + key + "'");
  return value;
}

std::string Reader::str(const YAML::Node& node, const std::string& what) const {
  if (!node.IsScalar()) fail(node, what + ": expected a text value");
  return node.Scalar();
}

int64_t Reader::integer(const YAML::Node& node, const std::string& what, int64_t min, int64_t max) const {
  if (!node.IsScalar()) fail(node, what + ": expected an integer");
  const std::string& s = node.Scalar();
  int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size()) fail(node, what + ": expected an integer, got '" + s + "'");
  if (value < min || value > max)
    fail(node, what + ": " + s + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
  return value;
}

double Reader::real(const YAML::Node& node, const std::string& what) const {
  if (!node.IsScalar()) fail(node, what + ": expected a number");
  try {
    size_t used = 0;
    double value = std::stod(node.Scalar(), &used);
    if (used != node.Scalar().size()) throw std::invalid_argument("trailing");
    return value;
  } catch (const std::exception&) {
    fail(node, what + ": expected a number, got '" + node.Scalar() + "'");
  }
}

bool Reader::boolean(const YAML::Node& node, const std::string& what) const {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
  }
  fail(node, what + ": expected true or false");
}

core::TileCoord Reader::tile(const YAML::Node& node, const std::string& what) const {
  if (!node.IsSequence() || node.size() != 2) fail(node, what + ": expected a tile as [col, row]");
  return {int(integer(node[0], what + " column", 0, 1 << 20)), int(integer(node[1], what + " row", 0, 1 << 20))};
}

}  // namespace ts::aie::yamlio
