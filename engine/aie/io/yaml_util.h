#pragma once
// Reading YAML with errors that point at the file, line and column of the offending node
// and say what was expected. Shared by the device, design and placement readers.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <string>

#include "engine/core/error.h"
#include "engine/core/geometry.h"

namespace ts::aie::yamlio {

/// Parses YAML text; syntax errors become InputError at the reported position.
YAML::Node parse(const std::string& text, const std::string& file);

/// A parsed document plus the file name, so each accessor can report locations.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const;

  void expectMap(const YAML::Node& node, const std::string& what) const;
  void expectSequence(const YAML::Node& node, const std::string& what) const;
  /// Rejects keys other than `allowed` (catches typos such as "taregts").
  void allowKeys(const YAML::Node& map, std::initializer_list<const char*> allowed, const std::string& what) const;
  YAML::Node require(const YAML::Node& map, const char* key, const std::string& what) const;

  std::string str(const YAML::Node& node, const std::string& what) const;
  int64_t integer(const YAML::Node& node, const std::string& what, int64_t min = INT64_MIN,
                  int64_t max = INT64_MAX) const;
  double real(const YAML::Node& node, const std::string& what) const;
  bool boolean(const YAML::Node& node, const std::string& what) const;
  /// A tile written as [col, row].
  core::TileCoord tile(const YAML::Node& node, const std::string& what) const;

 private:
  std::string file_;
};

}  // namespace ts::aie::yamlio
