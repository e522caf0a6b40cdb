#pragma once
// A compact, read-only YAML document built from yaml-cpp's event parser. YAML::Load keeps about
// 500 bytes per node (65x the file for a large design); this tree keeps about 30 plus the
// scalar text, so memory stays a small multiple of the file. It also refuses what YAML::Load
// accepts silently: duplicate keys in a map, a second document after the first, and aliases
// that expand the document far beyond its text ("billion laughs").
//
// Node mimics the part of YAML::Node the readers use (IsMap, operator[], Scalar, Mark,
// iteration with kv.first / kv.second), so reader code reads the same.
#include <yaml-cpp/mark.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::aie::yamlio {

class Tree;

class Node {
 public:
  Node() = default;
  Node(const Tree* tree, uint32_t index) : tree_(tree), index_(index) {}

  bool IsDefined() const { return tree_ != nullptr; }
  bool IsNull() const;
  bool IsScalar() const;
  bool IsSequence() const;
  bool IsMap() const;
  explicit operator bool() const { return IsDefined(); }
  /// Elements of a sequence, entries of a map, 0 otherwise.
  size_t size() const;
  /// The text of a scalar ("" otherwise); valid while the Tree lives.
  std::string_view Scalar() const;
  YAML::Mark Mark() const;
  /// The value of `key` in a map (undefined when absent or not a map).
  Node operator[](std::string_view key) const;
  /// Element i of a sequence (undefined when out of range or not a sequence).
  Node operator[](size_t i) const;

  class Iterator;
  Iterator begin() const;
  Iterator end() const;

 private:
  friend class Tree;
  const Tree* tree_ = nullptr;
  uint32_t index_ = 0;
};

/// What iteration yields: the element itself for sequences, first/second for maps.
struct NodeEntry : Node {
  Node first, second;
};

class Node::Iterator {
 public:
  Iterator(const Node& owner, size_t i) : owner_(owner), i_(i) {}
  NodeEntry operator*() const;
  Iterator& operator++() {
    ++i_;
    return *this;
  }
  bool operator!=(const Iterator& o) const { return i_ != o.i_; }

 private:
  Node owner_;
  size_t i_;
};

inline Node::Iterator Node::begin() const {
  return {*this, 0};
}
inline Node::Iterator Node::end() const {
  return {*this, size()};
}

/// One parsed YAML document. Nodes point into it: keep the Tree alive while using them.
class Tree {
 public:
  /// Parses the single document in `text`. Syntax errors, duplicate keys, further documents
  /// and alias bombs throw core::InputError naming `file`, line and column.
  Tree(const std::string& text, const std::string& file);
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  /// The document's root; undefined for an empty document.
  Node root() const { return items_.empty() ? Node() : Node(this, 0); }

  enum class Kind : uint8_t { Null, Scalar, Sequence, Map };
  struct Item {
    Kind kind = Kind::Null;
    uint32_t line = 0, column = 0;  // 0-based, as yaml-cpp marks
    uint32_t first = 0;             // scalar: offset in text_; collection: index into children_
    uint32_t count = 0;             // scalar: length; collection: children (maps: 2 per entry)
  };
  const Item& item(uint32_t i) const { return items_[i]; }
  uint32_t child(const Item& it, size_t k) const { return children_[it.first + k]; }
  std::string_view scalar(const Item& it) const { return std::string_view(text_).substr(it.first, it.count); }

 private:
  friend class TreeBuilder;
  std::vector<Item> items_;
  std::vector<uint32_t> children_;
  std::string text_;  // every scalar's text, one after the other
};

}  // namespace ts::aie::yamlio
