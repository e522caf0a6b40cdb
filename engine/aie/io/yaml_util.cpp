#include "engine/aie/io/yaml_util.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "engine/aie/limits.h"

namespace ts::aie::yamlio {

Node rootOf(const Tree& tree, const std::string& file) {
  Node root = tree.root();
  if (!root || root.IsNull()) throw core::InputError(file, 1, 0, "the file is empty");
  return root;
}

int Reader::line(const Node& node) {
  return node.IsDefined() ? node.Mark().line + 1 : 0;
}

void Reader::fail(const Node& at, const std::string& message) const {
  YAML::Mark mark = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();
  int line = mark.is_null() ? 0 : mark.line + 1;
  int column = mark.is_null() ? 0 : mark.column + 1;
  throw core::InputError(file_, line, column, message);
}

void Reader::expectMap(const Node& node, const std::string& what) const {
  if (!node.IsMap()) fail(node, what + ": expected a mapping of key: value");
}

void Reader::expectSequence(const Node& node, const std::string& what) const {
  if (!node.IsSequence()) fail(node, what + ": expected a list");
}

void Reader::allowKeys(const Node& map, std::initializer_list<const char*> allowed, const std::string& what) const {
  allowKeys(map, std::vector<std::string>(allowed.begin(), allowed.end()), what);
}

void Reader::allowKeys(const Node& map, const std::vector<std::string>& allowed, const std::string& what) const {
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) fail(kv.first, what + ": a key must be plain text");
    std::string_view key = kv.first.Scalar();
    bool ok = false;
    for (const auto& a : allowed) ok = ok || key == a;
    if (!ok) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      fail(kv.first, what + ": unknown key '" + std::string(key) + "' (expected one of: " + list + ")");
    }
  }
}

Node Reader::require(const Node& map, const char* key, const std::string& what) const {
  Node value = map[key];
  if (!value.IsDefined() || value.IsNull()) fail(map, what + ": missing required key '" + key + "'");
  return value;
}

std::string Reader::str(const Node& node, const std::string& what) const {
  if (!node.IsScalar()) fail(node, what + ": expected a text value");
  return std::string(node.Scalar());
}

std::string Reader::name(const Node& node, const std::string& what) const {
  std::string s = str(node, what);
  if (s.empty()) fail(node, what + ": must not be empty");
  for (unsigned char ch : s)
    if (ch < 0x20 || ch == 0x7f) fail(node, what + ": must not contain control characters");
  return s;
}

int64_t Reader::integer(const Node& node, const std::string& what, int64_t min, int64_t max) const {
  auto range = [&] { return "[" + std::to_string(min) + ", " + std::to_string(max) + "]"; };
  if (!node.IsScalar()) fail(node, what + ": expected an integer in " + range());
  const std::string s(node.Scalar());
  int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range && end == s.data() + s.size())
    fail(node, what + ": " + s + " is out of range " + range());
  if (ec != std::errc() || end != s.data() + s.size())
    fail(node, what + ": expected an integer in " + range() + ", got '" + s + "'");
  if (value < min || value > max) fail(node, what + ": " + s + " is out of range " + range());
  return value;
}

double Reader::real(const Node& node, const std::string& what, double min, double max) const {
  auto range = [&] { return "[" + std::to_string(min) + ", " + std::to_string(max) + "]"; };
  if (!node.IsScalar()) fail(node, what + ": expected a number in " + range());
  const std::string s(node.Scalar());
  const char* begin = s.c_str();
  char* end = nullptr;
  double value = std::strtod(begin, &end);
  if (s.empty() || end != begin + s.size() || !std::isfinite(value))
    fail(node, what + ": expected a finite number in " + range() + ", got '" + s + "'");
  if (value < min || value > max) fail(node, what + ": " + s + " is out of range " + range());
  return value;
}

bool Reader::boolean(const Node& node, const std::string& what) const {
  if (node.IsScalar()) {
    std::string_view s = node.Scalar();
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
  }
  fail(node, what + ": expected true or false");
}

core::TileCoord Reader::tile(const Node& node, const std::string& what) const {
  if (!node.IsSequence() || node.size() != 2) fail(node, what + ": expected a tile as [col, row]");
  return {int(integer(node[0], what + " column", 0, limits::kMaxColumns - 1)),
          int(integer(node[1], what + " row", 0, limits::kMaxRows - 1))};
}

}  // namespace ts::aie::yamlio
