#pragma once
// Reading YAML with errors that point at the file, line and column of the offending node
// and say what was expected. Shared by the device, design and placement readers.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/aie/io/yaml_tree.h"
#include "engine/core/error.h"
#include "engine/core/geometry.h"

namespace ts::aie::yamlio {

/// The root of a parsed document; an empty document is an InputError.
Node rootOf(const Tree& tree, const std::string& file);

/// A parsed document plus the file name, so each accessor can report locations.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const Node& at, const std::string& message) const;
  /// 1-based line of a node (0 when unknown), for messages and later checks.
  static int line(const Node& node);

  void expectMap(const Node& node, const std::string& what) const;
  void expectSequence(const Node& node, const std::string& what) const;
  /// Rejects keys other than `allowed` (catches typos such as "taregts").
  void allowKeys(const Node& map, std::initializer_list<const char*> allowed, const std::string& what) const;
  void allowKeys(const Node& map, const std::vector<std::string>& allowed, const std::string& what) const;
  Node require(const Node& map, const char* key, const std::string& what) const;

  std::string str(const Node& node, const std::string& what) const;
  /// Non-empty text without control characters (names of designs, cores, nets, devices).
  std::string name(const Node& node, const std::string& what) const;
  /// An integer in [min, max]; anything else (text, fractions, overflow) names the range.
  int64_t integer(const Node& node, const std::string& what, int64_t min, int64_t max) const;
  /// A finite number in [min, max] (nan and inf are refused).
  double real(const Node& node, const std::string& what, double min, double max) const;
  bool boolean(const Node& node, const std::string& what) const;
  /// A tile written as [col, row], inside the largest array the hardware model allows
  /// (Device::kMaxColumns x Device::kMaxRows); the device itself is checked later.
  core::TileCoord tile(const Node& node, const std::string& what) const;

 private:
  std::string file_;
};

}  // namespace ts::aie::yamlio
